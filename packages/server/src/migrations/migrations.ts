/**
 * The schema of the synced copy, as an append-only list: a released migration is never edited,
 * a change is a new entry. `migrate()` applies the ones a database has not seen yet.
 */
import { AUDIT_INDEXES_ASCENDING_SQL, AUDIT_SCHEMA_SQL, AUDIT_SEGMENTS_SQL } from '../audit/audit-schema.js';
import { RECORDS_ADDED_SQL, RECORD_PROBLEMS_SQL, SYNC_SCHEMA_SQL } from '../sync/sync-schema.js';
import { SYNC_WORKERS_SQL } from '../sync/worker-schema.js';
import { TENANCY_SCHEMA_SQL } from '../tenancy/tenancy-schema.js';
import { BOUNDED_STRING_KEYS_SQL } from './bounded-string-keys.js';
import { FIELD_VALUES_SQL } from './field-values.js';
import { RECORDS_BY_ENTITY_SQL } from './records-by-entity.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const syncedCopy = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per vendor record, for every tenant, connector and entity. The tenant comes first in
-- every key and every query: records of two tenants never meet in one statement.
-- record_id uses the "C" collation so the keyset order (and so paging) is byte order, identical
-- on PGlite and on any PostgreSQL whatever its default locale.
CREATE TABLE sy_records (
  tenant_id    text NOT NULL,
  connector_id text NOT NULL,
  entity       text NOT NULL,
  record_id    text COLLATE "C" NOT NULL,
  data         jsonb NOT NULL,
  -- last time the record's content changed in our copy (not touched by a re-sync of equal data)
  updated_at   timestamptz NOT NULL DEFAULT now(),
  -- last time a sync saw the record
  synced_at    timestamptz NOT NULL DEFAULT now(),
  -- the sync run that last saw the record; a full refresh deletes rows of older runs
  sync_run_id  text,
  PRIMARY KEY (tenant_id, connector_id, entity, record_id)
);

-- eq, in, contains, nested eq and "any" with equality compile to containment (data @> '{...}'),
-- which this one index serves for every field, declared or not.
CREATE INDEX sy_records_data_path_ops ON sy_records USING gin (data jsonb_path_ops);

-- Per (connector, entity) progress of the sync engine.
CREATE TABLE sy_sync_checkpoints (
  tenant_id        text NOT NULL,
  connector_id     text NOT NULL,
  entity           text NOT NULL,
  -- opaque high-water mark of the last successful run (a vendor cursor, a timestamp, ...)
  cursor           text,
  status           text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'running', 'succeeded', 'failed')),
  run_id           text,
  records_seen     bigint NOT NULL DEFAULT 0,
  records_upserted bigint NOT NULL DEFAULT 0,
  records_deleted  bigint NOT NULL DEFAULT 0,
  started_at       timestamptz,
  finished_at      timestamptz,
  last_error       text,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, connector_id, entity)
);

-- "keyword" means any of the words: the plain query's AND becomes OR. Lexemes never contain
-- spaces, so the textual replacement cannot split one.
CREATE FUNCTION sy_any_words(words text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $fn$ SELECT replace(plainto_tsquery('simple'::regconfig, words)::text, ' & ', ' | ')::tsquery $fn$;
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'synced copy: records, checkpoints', sql: syncedCopy },
  { version: 2, name: 'tenancy: applications, connectors, encrypted credentials', sql: TENANCY_SCHEMA_SQL },
  { version: 3, name: 'sync engine: resumable runs, schedules', sql: SYNC_SCHEMA_SQL },
  { version: 4, name: 'search: bounded string keys (drop whole-value key indexes)', sql: BOUNDED_STRING_KEYS_SQL },
  { version: 5, name: 'search: dictionaries of distinct field values for fuzzy', sql: FIELD_VALUES_SQL },
  {
    version: 6,
    name: 'sync engine: when the last full refresh completed',
    // Incremental runs cannot see records deleted at the vendor; a periodic full refresh does
    // (sync/entity-sync.ts). Rows from before this migration have none, so their next run is full.
    sql: 'ALTER TABLE sy_sync_checkpoints ADD COLUMN IF NOT EXISTS last_full_success_at timestamptz;',
  },
  { version: 7, name: 'sync engine: records a run could not store', sql: RECORD_PROBLEMS_SQL },
  { version: 8, name: 'sync engine: live workers and the runs they hold', sql: SYNC_WORKERS_SQL },
  { version: 9, name: "audit: every execute and search, with the caller's intent", sql: AUDIT_SCHEMA_SQL },
  { version: 10, name: 'synced copy: records partitioned by entity', sql: RECORDS_BY_ENTITY_SQL },
  { version: 11, name: 'audit: indexes in ascending order, without deduplication', sql: AUDIT_INDEXES_ASCENDING_SQL },
  { version: 12, name: 'audit: rows stored in segments, one per application per write', sql: AUDIT_SEGMENTS_SQL },
  { version: 13, name: 'sync engine: records a run added to the copy', sql: RECORDS_ADDED_SQL },
];
