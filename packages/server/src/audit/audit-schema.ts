/**
 * Migration 9: the audit log (audit/audit-log.ts). One row per execute or search the service ran,
 * whoever asked (the HTTP API, which the SDK and the CLI use, or the service's own /mcp): who, what,
 * why (the caller's intent), how it ended and how long it took. Never the params or the result.
 * Kept next to the code that writes it; listed in migrations/migrations.ts.
 */
export const AUDIT_SCHEMA_SQL = `
CREATE TABLE sy_audit (
  -- Insertion order; with occurred_at the keyset of GET /api/v1/audit (newest first).
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- When the call started (millisecond precision, the service's clock).
  occurred_at      timestamptz NOT NULL,
  application_id   text NOT NULL,
  -- The connector's owner: the external user the call acted for.
  external_user_id text NOT NULL,
  connector_id     text NOT NULL,
  connector_type   text NOT NULL,
  entity           text NOT NULL,
  action           text NOT NULL,
  -- The caller's own words (x-switchyard-intent, an MCP tool call's intent); NULL when none was given.
  intent           text,
  -- 'ok', or the problem code the call answered (validation_failed, connector_error, …).
  outcome          text NOT NULL,
  -- connector_error: the runtime error class (RateLimitError, AbortError, …); NULL otherwise.
  error_class      text,
  duration_ms      integer NOT NULL CHECK (duration_ms >= 0),
  -- Which door the call came through: 'http' (the execute endpoint: SDK, CLI, any client) or 'mcp'.
  channel          text NOT NULL CHECK (channel IN ('http', 'mcp')),
  -- The kind of token that asked: 'application' or 'scoped'.
  token_kind       text NOT NULL CHECK (token_kind IN ('application', 'scoped'))
);

-- Every read is one application's, newest first, optionally narrowed to one external user or one
-- connector and a time range: one index per filter, each ending in the keyset.
CREATE INDEX sy_audit_application ON sy_audit (application_id, occurred_at DESC, id DESC);
CREATE INDEX sy_audit_external_user ON sy_audit (application_id, external_user_id, occurred_at DESC, id DESC);
CREATE INDEX sy_audit_connector ON sy_audit (application_id, connector_id, occurred_at DESC, id DESC);
-- The retention purge deletes by age across all applications.
CREATE INDEX sy_audit_age ON sy_audit (occurred_at);
`;

/**
 * Migration 11: the same indexes, cheaper to write. Every call adds a row to each of them, while
 * reads are rare. Ascending keys put a new row (the latest occurred_at) at the right end of its
 * application's range instead of the left; in the last range, which is the whole index of a
 * service with one application, that is the index's rightmost page, where PostgreSQL's B-tree
 * appends on its fast path without descending from the root. Reads walk them backwards for the
 * same newest-first order. Their keys end in the unique id, so deduplication (merging equal keys
 * when a page fills) could never merge anything and is switched off. Measured on PGlite with the
 * audit insert (one application): about a sixth less CPU per row (the server README, "The audit
 * row, cheaper to write").
 */
export const AUDIT_INDEXES_ASCENDING_SQL = `
DROP INDEX sy_audit_application;
DROP INDEX sy_audit_external_user;
DROP INDEX sy_audit_connector;
CREATE INDEX sy_audit_application ON sy_audit (application_id, occurred_at, id) WITH (deduplicate_items = off);
CREATE INDEX sy_audit_external_user ON sy_audit (application_id, external_user_id, occurred_at, id) WITH (deduplicate_items = off);
CREATE INDEX sy_audit_connector ON sy_audit (application_id, connector_id, occurred_at, id) WITH (deduplicate_items = off);
`;
