/**
 * Migration 3: what the sync engine keeps beyond migration 1's checkpoints. Kept next to the engine
 * that reads it; listed in migrations/migrations.ts like every migration.
 */
export const SYNC_SCHEMA_SQL = `
-- A run that has not completed stays "open": the next run of the entity resumes it (same run id,
-- same filter, from the page after the last one fully upserted) instead of starting over.
ALTER TABLE sy_sync_checkpoints
  ADD COLUMN run_open        boolean NOT NULL DEFAULT false,
  ADD COLUMN run_mode        text CHECK (run_mode IN ('full', 'incremental')),
  -- JSON of the vendor cursor of the next page to fetch; NULL means the first page
  ADD COLUMN page_cursor     text,
  -- incremental lower bound (epoch ms) the open run filters with, kept so a resumed run asks the same question
  ADD COLUMN run_since       bigint,
  -- newest update time (epoch ms) seen by the open run; becomes the high-water mark on success
  ADD COLUMN run_high_water  bigint,
  ADD COLUMN error_name      text,
  ADD COLUMN last_success_at timestamptz,
  -- records in the copy when the last run completed, so the status view never counts a large copy
  ADD COLUMN copy_records    bigint NOT NULL DEFAULT 0,
  -- records/s is measured from here (the run's start or its last resume)
  ADD COLUMN rate_since      timestamptz,
  ADD COLUMN rate_base       bigint NOT NULL DEFAULT 0;

-- When each connector syncs next. Schedulers in any number of processes claim due rows with one
-- UPDATE, so a due connector is queued once.
CREATE TABLE sy_sync_schedules (
  tenant_id        text NOT NULL,
  connector_id     text NOT NULL,
  interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
  next_sync_at     timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, connector_id)
);
CREATE INDEX sy_sync_schedules_due ON sy_sync_schedules (next_sync_at);
`;

/**
 * Migration 7: the records a run could not store (sync/entity-sync.ts), so one bad record is
 * counted and named in the status instead of failing the run. Reset when a run opens.
 */
/**
 * Records a run added to the copy (inserted, not updated): with the copy's size at the last
 * completed run, the copy's size while a run is open, however often its pages were fetched again
 * (a resumed run, a vendor repeating pages).
 */
export const RECORDS_ADDED_SQL = `
ALTER TABLE sy_sync_checkpoints ADD COLUMN IF NOT EXISTS records_added bigint NOT NULL DEFAULT 0;
`;

export const RECORD_PROBLEMS_SQL = `
ALTER TABLE sy_sync_checkpoints
  ADD COLUMN IF NOT EXISTS problem_count        bigint NOT NULL DEFAULT 0,
  -- of those, records without an id: a full refresh with any cannot tell what vanished, and deletes nothing
  ADD COLUMN IF NOT EXISTS problem_unidentified bigint NOT NULL DEFAULT 0,
  -- the run's first few: [{record_id, path?, problem, message}], record ids escaped like sy_records (store/stored-text.ts)
  ADD COLUMN IF NOT EXISTS problem_examples     jsonb NOT NULL DEFAULT '[]'::jsonb;
`;
