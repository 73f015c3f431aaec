import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type ConnectorScope, type EntityScope } from '../store/scope.js';
import { addFieldValues, deleteFieldValues, lockFieldDictionaries } from '../search/dictionary/field-dictionary.js';
import { fromStoredText, fromStoredValue, toStoredJsonText, toStoredText } from '../store/stored-text.js';

/** A vendor record as the sync engine hands it over: the vendor's id and the whole record. */
export interface SyncedRecord {
  readonly id: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export interface UpsertOptions {
  /** The sync run writing these records; a full refresh later deletes rows of other runs. */
  readonly runId?: string;
}

/** A record the store did not write, and why (see `upsertEach`). */
export interface RecordProblem {
  /** The vendor's record id; null when the record has none. */
  readonly recordId: string | null;
  /** Where in the record the problem is, when one place is to blame (the id field). */
  readonly path?: string;
  /** Stable: `not-an-object`, `missing-id`, `record-id` (over 512 characters), `refused-by-store`. */
  readonly problem: string;
  readonly message: string;
}

export interface UpsertReport {
  /** Rows written. */
  readonly written: number;
  /** Of those, rows new to the copy (the rest replaced a record it had). */
  readonly added: number;
  /** Records the store refused; the rest of the batch is written. */
  readonly refused: readonly RecordProblem[];
}

interface Written {
  readonly written: number;
  readonly added: number;
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

/**
 * Writes and deletes the synced copy. Every method is confined to one tenant's scope.
 *
 * It lives with the sync engine, its one writer, not in store/: besides `sy_records` it keeps
 * the search's dictionaries of distinct field values (search/dictionary/field-dictionary.ts) in
 * the same transactions as the records, and `deleteConnector` drops the sync's checkpoints too.
 * store/ (engines, scopes, the stored text form) knows neither search nor sync.
 *
 * Record ids, string values and object keys are stored in the escaped form of stored-text.ts
 * (PostgreSQL holds neither U+0000 nor lone surrogates) and read back in their original form, so
 * whatever JSON a vendor sent is what `get` and search return.
 */
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
    return (await this.#write(scope, unique, options.runId)).written;
  }

  /**
   * Like `upsert`, but one record never fails the batch: when the store refuses the batch for
   * something in its data (SQLSTATE class 22, data exception, or 54, a limit such as an index
   * entry or a tsvector over its maximum size), the batch is halved until the refused records
   * are alone, and those are reported instead of thrown; records with an unusable id are
   * reported without a try. A refused record keeps the version the store last accepted (its
   * row is marked as seen by `runId`, so a full refresh does not delete it). Failures that are
   * not about a record (a lost connection, a full disk) still throw.
   */
  async upsertEach(scope: EntityScope, records: readonly SyncedRecord[], options: UpsertOptions = {}): Promise<UpsertReport> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const refused: RecordProblem[] = [];
    const byId = new Map<string, SyncedRecord>();
    records.forEach((record, i) => {
      const issue = recordIssue(record, `records[${i}]`);
      if (issue) {
        const problem = issue.rule === 'record-data' ? 'not-an-object' : issue.rule;
        refused.push({ recordId: typeof record?.id === 'string' ? record.id : null, problem, message: issue.message });
      } else byId.set(record.id, { id: record.id, data: record.data });
    });
    // One transaction per chunk, not per page: the store (one connection when embedded) answers
    // others between chunks, however many records a vendor puts on one page. A page is checkpointed
    // after all of its chunks, so one cut short is fetched and written again whole.
    const batch = [...byId.values()];
    let written = 0;
    let added = 0;
    for (let start = 0; start < batch.length; start += CHUNK) {
      const wrote = await this.#writeIsolating(scope, batch.slice(start, start + CHUNK), options.runId, refused);
      written += wrote.written;
      added += wrote.added;
    }
    const kept = refused.filter((p) => p.problem === 'refused-by-store').map((p) => p.recordId!);
    if (kept.length > 0 && options.runId !== undefined) {
      await this.#engine.query(
        `UPDATE sy_records SET sync_run_id = $5
          WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3
            AND record_id IN (SELECT jsonb_array_elements_text($4::jsonb))`,
        [scope.tenantId, scope.connectorId, scope.entity, toStoredJsonText(kept), options.runId],
      );
    }
    return { written, added, refused };
  }

  async #writeIsolating(scope: EntityScope, batch: SyncedRecord[], runId: string | undefined, refused: RecordProblem[]): Promise<Written> {
    try {
      return await this.#write(scope, batch, runId);
    } catch (error) {
      if (!isRecordLevelError(error)) throw error;
      if (batch.length === 1) {
        refused.push({ recordId: batch[0]!.id, problem: 'refused-by-store', message: storeMessage(error) });
        return { written: 0, added: 0 };
      }
      const half = Math.ceil(batch.length / 2);
      const first = await this.#writeIsolating(scope, batch.slice(0, half), runId, refused);
      const second = await this.#writeIsolating(scope, batch.slice(half), runId, refused);
      return { written: first.written + second.written, added: first.added + second.added };
    }
  }

  async #write(scope: EntityScope, unique: readonly SyncedRecord[], runId: string | undefined): Promise<Written> {
    if (unique.length === 0) return { written: 0, added: 0 };
    return this.#engine.transaction(async (tx) => {
      // Fields with a dictionary of distinct values (fuzzy search) get this batch's values too.
      const dictionaryFields = await lockFieldDictionaries(tx, scope.entity);
      let written = 0;
      let added = 0;
      for (let start = 0; start < unique.length; start += CHUNK) {
        const chunk = unique.slice(start, start + CHUNK);
        // Escaped (stored-text.ts): ids, values and keys holding U+0000 or lone surrogates fit in jsonb.
        const json = toStoredJsonText(chunk);
        if (dictionaryFields.length > 0) await addFieldValues(tx, scope, dictionaryFields, json);
        // Which of the chunk the copy has already: the rest are new to it. (A partitioned table's
        // RETURNING cannot read xmax, which would say the same per row.)
        const [present] = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sy_records
            WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3
              AND record_id IN (SELECT x.id FROM jsonb_to_recordset($4::jsonb) AS x(id text))`,
          [scope.tenantId, scope.connectorId, scope.entity, json],
        );
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
          [scope.tenantId, scope.connectorId, scope.entity, json, runId ?? null],
        );
        written += rows.length;
        added += rows.length - (present?.n ?? 0);
      }
      return { written, added };
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
      [scope.tenantId, scope.connectorId, scope.entity, toStoredJsonText(ids)],
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
      [scope.tenantId, scope.connectorId, scope.entity, toStoredText(id)],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: fromStoredText(row.record_id),
      data: fromStoredValue(row.data),
      updatedAt: row.updated_at,
      syncedAt: row.synced_at,
      syncRunId: row.sync_run_id,
    };
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
    const issue = recordIssue(record, `records[${i}]`);
    if (issue) issues.push(issue);
    else byId.set(record.id, { id: record.id, data: record.data });
  });
  if (issues.length > 0) throw new ValidationError('upsert records', issues);
  return byId;
}

function recordIssue(record: SyncedRecord | undefined, path: string): ValidationIssue | null {
  if (typeof record?.id !== 'string' || record.id.length === 0 || record.id.length > MAX_ID_LENGTH) {
    return { path: `${path}.id`, rule: 'record-id', message: `must be a non-empty string of at most ${MAX_ID_LENGTH} characters` };
  }
  if (record.data === null || typeof record.data !== 'object' || Array.isArray(record.data)) {
    return { path: `${path}.data`, rule: 'record-data', message: 'must be a JSON object' };
  }
  return null;
}

/**
 * The store refused something in the data, not the statement or the connection: SQLSTATE class
 * 22 (data exception: an encoding, a number out of range, invalid JSON) or 54 (program limit
 * exceeded: an index entry over a btree page's third, a tsvector over 1 MB).
 */
function isRecordLevelError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

/** PostgreSQL's own message (never its detail, which may quote the data), bounded. */
function storeMessage(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const text = `${message.length > 300 ? `${message.slice(0, 300)}…` : message} (SQLSTATE ${String(code)})`;
  return text.toWellFormed();
}
