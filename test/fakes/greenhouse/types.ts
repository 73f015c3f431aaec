/**
 * Greenhouse Harvest v1 records are kept as the JSON the API returns (snake_case, `null` for
 * "no value" — Harvest never omits a documented key). Bookkeeping that Harvest does not return
 * lives beside the records in `GreenhouseData`, never inside them.
 */

export type Json = Record<string, unknown>;

/** A downloadable attachment behind a pre-signed URL on the fake's file server. */
export interface GhFile {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  /** Deterministic `X-Amz-Signature` the URL carries; the file server checks it. */
  signature: string;
  lastModifiedMs: number;
}

export interface GreenhouseData {
  users: Json[];
  departments: Json[];
  offices: Json[];
  sources: Json[];
  jobs: Json[];
  jobPosts: Json[];
  candidates: Json[];
  applications: Json[];
  offers: Json[];
  scheduledInterviews: Json[];
  /** Attachment files by id. */
  files: Map<string, GhFile>;
  /** Board intro/conclusion and pay ranges that `full_content=true` adds to a job post's content. */
  fullContent: Map<number, { content: string | null; internal_content: string | null }>;
  /** Scheduled interviews created through Harvest (only those can be `actionable`). */
  harvestCreatedInterviews: Set<number>;
}
