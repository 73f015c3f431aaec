/**
 * Zendesk Support records are kept as the JSON the API returns (snake_case, `null` for "no value").
 * Bookkeeping Zendesk does not return (file bytes, comment lists per ticket) lives beside the
 * records in `ZendeskData`, never inside them.
 */

export type Json = Record<string, unknown>;

/** A file behind an attachment: served by the storage host after the Zendesk host's redirect. */
export interface ZdFile {
  attachmentId: number;
  fileName: string;
  contentType: string;
  size: number;
  /** Token in the attachment's content_url (`/attachments/token/<token>/?name=…`). */
  token: string;
  /** Signature the storage URL carries; the storage host checks it. */
  signature: string;
}

export interface ZendeskData {
  users: Json[];
  organizations: Json[];
  groups: Json[];
  tickets: Json[];
  /** Comments by ticket id, oldest first. */
  comments: Map<number, Json[]>;
  /** Attachment records by id (also embedded in their comment). */
  attachments: Map<number, Json>;
  /** Files by content_url token. */
  files: Map<string, ZdFile>;
  ticketFields: Json[];
  brands: Json[];
  views: Json[];
  macros: Json[];
  satisfactionRatings: Json[];
}
