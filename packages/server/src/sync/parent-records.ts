/**
 * Parent records for entities listed per parent (`sync.forEach`: the comments of each issue): read
 * from the parent's synced copy in record id order, a page at a time, so a run can checkpoint
 * "every parent up to this id is done" and resume after it.
 */
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type EntityScope } from '../store/scope.js';
import { fromStoredValue } from '../store/stored-text.js';

export interface ParentRecord {
  /** The parent's record id as the store keeps it (escaped, stored-text.ts): positions compare it with record_id. */
  readonly id: string;
  /** The parent's field the child list is called with, as the vendor sent it; null when the record lacks it. */
  readonly value: string | number | boolean | null;
}

export class ParentRecords {
  readonly #engine: SqlEngine;
  constructor(engine: SqlEngine) {
    this.#engine = engine;
  }

  async page(parent: EntityScope, field: string, after: string | null, limit: number): Promise<ParentRecord[]> {
    checkScope(parent, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<{ record_id: string; value: unknown }>(
      `SELECT record_id, data #> string_to_array($4, '.') AS value FROM sy_records
        WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND ($5::text IS NULL OR record_id > $5::text)
        ORDER BY record_id LIMIT $6::integer`,
      [parent.tenantId, parent.connectorId, parent.entity, field, after, String(limit)],
    );
    return rows.map((row) => ({ id: row.record_id, value: scalar(fromStoredValue(row.value)) }));
  }
}

function scalar(value: unknown): ParentRecord['value'] {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}
