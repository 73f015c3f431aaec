/**
 * Which worker is doing the run of a connector entity (`sy_sync_leases`, migration 8). A run starts
 * only once its worker holds the entity's lease, so exactly one run per connector entity goes on at
 * a time whatever the queue delivers; the leases of live workers are also the load the fairness
 * policy counts across processes (fair-share.ts).
 */
import type { SqlEngine, SqlRunner } from '../store/sql-engine.js';
import type { EntityScope } from '../store/scope.js';
import { RunningLoad } from './fair-share.js';

export interface LeaseHolder {
  readonly workerId: string;
  readonly externalUserId: string;
  /** The queue's job for the run (pg-boss), so whoever takes a dead worker's run over can cancel it. */
  readonly jobId: string | null;
}

/** The fairness policy's caps (fair-share.ts), enforced when a run takes its lease. */
export interface RunCaps {
  readonly perApplication?: number;
  readonly perExternalUser?: number;
}

export class RunLeases {
  readonly #engine: SqlEngine;
  constructor(engine: SqlEngine) {
    this.#engine = engine;
  }

  /**
   * Takes the entity's lease for the holder. False when another run holds it (live, or dead and
   * not yet swept), when the holder's worker is no longer registered (it was given up for dead), or
   * when the tenant already runs as many syncs as a cap allows.
   */
  async acquire(scope: EntityScope, holder: LeaseHolder, caps: RunCaps = {}): Promise<boolean> {
    const perApplication = caps.perApplication ?? Infinity;
    const perUser = caps.perExternalUser ?? Infinity;
    if (perApplication === Infinity && perUser === Infinity) return insertLease(this.#engine, scope, holder);
    return this.#engine.transaction(async (tx) => {
      // Starts of one application take turns on its lock, so the count stays true until the insert
      // commits: caps hold across processes, not just within one.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sy_sync_leases:${scope.tenantId}`]);
      const [counts] = await tx.query<{ application: string; user: string }>(
        `SELECT count(*)::text AS application, count(*) FILTER (WHERE l.external_user_id = $2)::text AS user
           FROM sy_sync_leases l JOIN sy_sync_workers w ON w.worker_id = l.worker_id
          WHERE l.tenant_id = $1 AND w.expires_at > now()`,
        [scope.tenantId, holder.externalUserId],
      );
      if (Number(counts!.application) >= perApplication || Number(counts!.user) >= perUser) return false;
      return insertLease(tx, scope, holder);
    });
  }

  async release(scope: EntityScope, workerId: string): Promise<void> {
    await this.#engine.query('DELETE FROM sy_sync_leases WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND worker_id = $4', [
      scope.tenantId,
      scope.connectorId,
      scope.entity,
      workerId,
    ]);
  }

  /** Runs held by live workers (but `exceptWorker`), per application and external user. */
  async load(exceptWorker = ''): Promise<RunningLoad> {
    const rows = await this.#engine.query<{ tenant_id: string; external_user_id: string; runs: string }>(
      `SELECT l.tenant_id, l.external_user_id, count(*)::text AS runs
         FROM sy_sync_leases l JOIN sy_sync_workers w ON w.worker_id = l.worker_id
        WHERE w.expires_at > now() AND l.worker_id <> $1
        GROUP BY l.tenant_id, l.external_user_id`,
      [exceptWorker],
    );
    const load = new RunningLoad();
    for (const row of rows) load.add({ applicationId: row.tenant_id, externalUserId: row.external_user_id }, Number(row.runs));
    return load;
  }
}

async function insertLease(sql: SqlRunner, scope: EntityScope, holder: LeaseHolder): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO sy_sync_leases (tenant_id, connector_id, entity, external_user_id, worker_id, job_id)
     SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM sy_sync_workers WHERE worker_id = $5)
     ON CONFLICT (tenant_id, connector_id, entity) DO NOTHING
     RETURNING 1`,
    [scope.tenantId, scope.connectorId, scope.entity, holder.externalUserId, holder.workerId, holder.jobId],
  );
  return rows.length === 1;
}
