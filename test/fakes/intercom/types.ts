/**
 * Intercom records are kept as the JSON the API returns (snake_case, Unix-second timestamps,
 * string ids even when numeric, `null` for "no value"). Bookkeeping Intercom does not return
 * lives beside the records in `IntercomData`, never inside them.
 */

export type Json = Record<string, unknown>;

export interface IntercomData {
  admins: Json[];
  teams: Json[];
  tags: Json[];
  segments: Json[];
  /** Every company, with or without contacts (the list leaves out those without). */
  companies: Json[];
  /** Contacts in list order (by creation, oldest first). */
  contacts: Json[];
  /** Conversations as `GET /conversations` lists them, without their parts. */
  conversations: Json[];
  /** Parts of each conversation by id, served by `GET /conversations/{id}` only. */
  conversationParts: Map<string, Json[]>;
  /** Contact count of each segment id, served with `include_count=true`. */
  segmentCounts: Map<string, number>;
}
