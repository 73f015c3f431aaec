import type { SqlEngine } from './sql-engine.js';
import { checkScope, type ConnectorScope, type EntityScope } from './scope.js';

export type SyncStatus = 'idle' | 'running' | 'succeeded' | 'failed';

export interface SyncCheckpoint {
  readonly entity: string;
  /** High-water mark of the last successful run; the next incremental run starts after it. */
  readonly cursor: string | null;
  readonly status: SyncStatus;
  readonly runId: string | null;
  readonly recordsSeen: number;
  readonly recordsUpserted: number;
  readonly recordsDeleted: number;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly lastError: string | null;
  readonly updatedAt: Date;
}

export interface RunCounts {
  readonly recordsSeen: number;
  readonly recordsUpserted: number;
  readonly recordsDeleted: number;
}

interface CheckpointRow {
  entity: string;
  cursor: string | null;
  status: SyncStatus;
  run_id: string | null;
  records_seen: string;
  records_upserted: string;
  records_deleted: string;
  started_at: Date | null;
  finished_at: Date | null;
  last_error: string | null;
  updated_at: Date;
}

const COLUMNS = `entity, cursor, status, run_id, records_seen::text, records_upserted::text, records_deleted::text,
  started_at, finished_at, last_error, updated_at`;

/**
 * Per (connector, entity) sync progress. A run is identified by its run id: finishing or failing
 * a run that is no longer the current one (a newer run started meanwhile) changes nothing, so a
 * slow, superseded worker cannot move the cursor backwards.
 */
export class CheckpointStore {
  readonly #engine: SqlEngine;
  constructor(engine: SqlEngine) {
    this.#engine = engine;
  }

  async get(scope: EntityScope): Promise<SyncCheckpoint | null> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<CheckpointRow>(
      `SELECT ${COLUMNS} FROM sy_sync_checkpoints WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3`,
      [scope.tenantId, scope.connectorId, scope.entity],
    );
    return rows[0] ? toCheckpoint(rows[0]) : null;
  }

  async list(scope: ConnectorScope): Promise<SyncCheckpoint[]> {
    checkScope(scope, ['tenantId', 'connectorId']);
    const rows = await this.#engine.query<CheckpointRow>(
      `SELECT ${COLUMNS} FROM sy_sync_checkpoints WHERE tenant_id = $1 AND connector_id = $2 ORDER BY entity`,
      [scope.tenantId, scope.connectorId],
    );
    return rows.map(toCheckpoint);
  }

  /** Marks a run as started; counts and error reset, the previous cursor is kept. */
  async start(scope: EntityScope, runId: string): Promise<SyncCheckpoint> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<CheckpointRow>(
      `INSERT INTO sy_sync_checkpoints AS c (tenant_id, connector_id, entity, status, run_id, started_at)
       VALUES ($1, $2, $3, 'running', $4, now())
       ON CONFLICT (tenant_id, connector_id, entity) DO UPDATE SET
         status = 'running', run_id = $4, started_at = now(), finished_at = NULL, last_error = NULL,
         records_seen = 0, records_upserted = 0, records_deleted = 0, updated_at = now()
       RETURNING ${COLUMNS}`,
      [scope.tenantId, scope.connectorId, scope.entity, runId],
    );
    return toCheckpoint(rows[0]!);
  }

  /** Records success and the new high-water mark. False when `runId` is not the current run. */
  async succeed(scope: EntityScope, runId: string, cursor: string | null, counts: RunCounts): Promise<boolean> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'succeeded', cursor = $5, finished_at = now(), updated_at = now(),
         records_seen = $6::bigint, records_upserted = $7::bigint, records_deleted = $8::bigint
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4
       RETURNING 1`,
      [
        scope.tenantId,
        scope.connectorId,
        scope.entity,
        runId,
        cursor,
        String(counts.recordsSeen),
        String(counts.recordsUpserted),
        String(counts.recordsDeleted),
      ],
    );
    return rows.length === 1;
  }

  /** Records a failure; the cursor stays where the last success left it. */
  async fail(scope: EntityScope, runId: string, message: string): Promise<boolean> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'failed', last_error = $5, finished_at = now(), updated_at = now()
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4
       RETURNING 1`,
      [scope.tenantId, scope.connectorId, scope.entity, runId, message],
    );
    return rows.length === 1;
  }
}

function toCheckpoint(row: CheckpointRow): SyncCheckpoint {
  return {
    entity: row.entity,
    cursor: row.cursor,
    status: row.status,
    runId: row.run_id,
    recordsSeen: Number(row.records_seen),
    recordsUpserted: Number(row.records_upserted),
    recordsDeleted: Number(row.records_deleted),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
    updatedAt: row.updated_at,
  };
}
