import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import type { SqlEngine } from './sql-engine.js';
import { checkScope, type ConnectorScope, type EntityScope } from './scope.js';
import { addFieldValues, deleteFieldValues, lockFieldDictionaries } from '../search/field-dictionary.js';

/** A vendor record as the sync engine hands it over: the vendor's id and the whole record. */
export interface SyncedRecord {
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface UpsertOptions {
  /** The sync run writing these records; a full refresh later deletes rows of other runs. */
  readonly runId?: string;
}

export interface StoredRecord {
  readonly id: string;
  readonly data: Record<string, unknown>;
  readonly updatedAt: Date;
  readonly syncedAt: Date;
  readonly syncRunId: string | null;
}

/** Rows per INSERT: bounds one statement's parameter size while keeping round trips few. */
const CHUNK = 1000;
const MAX_ID_LENGTH = 512;

/** Writes and deletes the synced copy. Every method is confined to one tenant's scope. */
export class RecordStore {
  readonly #engine: SqlEngine;
  constructor(engine: SqlEngine) {
    this.#engine = engine;
  }

  /**
   * Inserts or replaces records (by vendor id) in one transaction and returns how many rows were
   * written. When a batch names an id twice, the last one wins. `updated_at` only moves when the
   * content changed, so a re-sync of equal data does not look like an edit.
   */
  async upsert(scope: EntityScope, records: readonly SyncedRecord[], options: UpsertOptions = {}): Promise<number> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const unique = [...checkRecords(records).values()];
    if (unique.length === 0) return 0;
    return this.#engine.transaction(async (tx) => {
      // Fields with a dictionary of distinct values (fuzzy search) get this batch's values too.
      const dictionaryFields = await lockFieldDictionaries(tx, scope.entity);
      let written = 0;
      for (let start = 0; start < unique.length; start += CHUNK) {
        const chunk = unique.slice(start, start + CHUNK);
        const json = JSON.stringify(chunk);
        if (dictionaryFields.length > 0) await addFieldValues(tx, scope, dictionaryFields, json);
        const rows = await tx.query(
          `INSERT INTO sy_records AS r (tenant_id, connector_id, entity, record_id, data, sync_run_id)
           SELECT $1, $2, $3, x.id, x.data, $5
             FROM jsonb_to_recordset($4::jsonb) AS x(id text, data jsonb)
           ON CONFLICT (tenant_id, connector_id, entity, record_id) DO UPDATE SET
             data = EXCLUDED.data,
             updated_at = CASE WHEN r.data = EXCLUDED.data THEN r.updated_at ELSE now() END,
             synced_at = now(),
             sync_run_id = EXCLUDED.sync_run_id
           RETURNING 1`,
          [scope.tenantId, scope.connectorId, scope.entity, json, options.runId ?? null],
        );
        written += rows.length;
      }
      return written;
    });
  }

  /** Full refresh: deletes the scope's records that run `runId` did not write. Returns the count. */
  async deleteMissing(scope: EntityScope, runId: string): Promise<number> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    if (typeof runId !== 'string' || runId.length === 0) {
      throw new ValidationError('deleteMissing', [{ path: 'runId', rule: 'required', message: 'must be a non-empty string' }]);
    }
    const rows = await this.#engine.query(
      `DELETE FROM sy_records
        WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND sync_run_id IS DISTINCT FROM $4
       RETURNING 1`,
      [scope.tenantId, scope.connectorId, scope.entity, runId],
    );
    return rows.length;
  }

  /** Deletes records by vendor id (incremental syncs that learn about deletions). */
  async deleteByIds(scope: EntityScope, ids: readonly string[]): Promise<number> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    if (ids.length === 0) return 0;
    const rows = await this.#engine.query(
      `DELETE FROM sy_records
        WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3
          AND record_id IN (SELECT jsonb_array_elements_text($4::jsonb))
       RETURNING 1`,
      [scope.tenantId, scope.connectorId, scope.entity, JSON.stringify(ids)],
    );
    return rows.length;
  }

  /** Deletes everything a connector synced (records and checkpoints), e.g. when it is deleted. */
  async deleteConnector(scope: ConnectorScope): Promise<number> {
    checkScope(scope, ['tenantId', 'connectorId']);
    return this.#engine.transaction(async (tx) => {
      const params = [scope.tenantId, scope.connectorId];
      await tx.query('DELETE FROM sy_sync_checkpoints WHERE tenant_id = $1 AND connector_id = $2', params);
      await deleteFieldValues(tx, scope.tenantId, scope.connectorId);
      const rows = await tx.query('DELETE FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 RETURNING 1', params);
      return rows.length;
    });
  }

  async get(scope: EntityScope, id: string): Promise<StoredRecord | null> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<{
      record_id: string;
      data: Record<string, unknown>;
      updated_at: Date;
      synced_at: Date;
      sync_run_id: string | null;
    }>(
      `SELECT record_id, data, updated_at, synced_at, sync_run_id FROM sy_records
        WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND record_id = $4`,
      [scope.tenantId, scope.connectorId, scope.entity, id],
    );
    const row = rows[0];
    if (!row) return null;
    return { id: row.record_id, data: row.data, updatedAt: row.updated_at, syncedAt: row.synced_at, syncRunId: row.sync_run_id };
  }

  async count(scope: EntityScope): Promise<number> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3',
      [scope.tenantId, scope.connectorId, scope.entity],
    );
    return Number(rows[0]?.n ?? 0);
  }
}

function checkRecords(records: readonly SyncedRecord[]): Map<string, SyncedRecord> {
  const issues: ValidationIssue[] = [];
  const byId = new Map<string, SyncedRecord>();
  records.forEach((record, i) => {
    if (typeof record?.id !== 'string' || record.id.length === 0 || record.id.length > MAX_ID_LENGTH) {
      issues.push({
        path: `records[${i}].id`,
        rule: 'record-id',
        message: `must be a non-empty string of at most ${MAX_ID_LENGTH} characters`,
      });
      return;
    }
    if (record.data === null || typeof record.data !== 'object' || Array.isArray(record.data)) {
      issues.push({ path: `records[${i}].data`, rule: 'record-data', message: 'must be a JSON object' });
      return;
    }
    byId.set(record.id, { id: record.id, data: record.data });
  });
  if (issues.length > 0) throw new ValidationError('upsert records', issues);
  return byId;
}
