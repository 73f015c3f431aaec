/**
 * Migration 8: live sync workers and the runs they hold, so a dead worker's runs are taken over
 * within seconds (sync/worker-registry.ts) and the status shows a rate only for a run a live worker
 * is doing. Kept next to the engine that reads it; listed in migrations/migrations.ts.
 */
export const SYNC_WORKERS_SQL = `
-- Every started sync service (a serve or worker process) renews its row every few seconds; a row
-- whose expires_at has passed belongs to a dead process. The identity columns let a process on the
-- same machine tell at once that another one has exited, without waiting for its lease to lapse.
CREATE TABLE sy_sync_workers (
  worker_id   text PRIMARY KEY,
  -- the kernel's boot id and the pid namespace (Linux; NULL elsewhere): equal means pids compare
  boot_id     text,
  pid_ns      text,
  pid         integer NOT NULL,
  -- random per process: tells a restarted process that reuses a pid from the one before it
  incarnation text NOT NULL,
  slots       integer NOT NULL CHECK (slots >= 0),
  started_at  timestamptz NOT NULL DEFAULT now(),
  beat_at     timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sy_sync_workers_expiry ON sy_sync_workers (expires_at);

-- The run of a connector entity that a worker is doing now: at most one per entity, whatever the
-- queue says. No foreign key to the worker on purpose: a dead worker's leases must outlive its
-- row, so whoever removes the row can still find and resume its runs.
CREATE TABLE sy_sync_leases (
  tenant_id        text NOT NULL,
  connector_id     text NOT NULL,
  entity           text NOT NULL,
  external_user_id text NOT NULL,
  worker_id        text NOT NULL,
  -- the queue's job for the run (pg-boss), cancelled when the run is taken over
  job_id           text,
  leased_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, connector_id, entity)
);
CREATE INDEX sy_sync_leases_worker ON sy_sync_leases (worker_id);

-- Open runs, looked for at every start and every lease by each process (runs nobody holds resume).
CREATE INDEX sy_sync_checkpoints_open ON sy_sync_checkpoints (tenant_id, connector_id, entity) WHERE run_open;
`;
