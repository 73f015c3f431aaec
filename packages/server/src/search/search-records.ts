import { performance } from 'node:perf_hooks';
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type EntityScope } from '../store/scope.js';
import { CursorCodec } from './cursor.js';
import { parseSearchParams } from './parse-search.js';
import { projectRecord } from './projection.js';
import type { EntitySchema } from './searchable-fields.js';
import { planSearch, searchMode } from './search-plan.js';

export interface SearchHit {
  /** The vendor's record id. */
  readonly id: string;
  readonly score: number;
  readonly data: Record<string, unknown>;
}

export interface SearchResponse {
  readonly hits: SearchHit[];
  readonly next_cursor: string | null;
  readonly took_ms: number;
}

export interface RecordSearchOptions {
  /** Signs cursors; at least 32 bytes, kept by the server, the same on every instance. */
  readonly cursorSecret: string | Uint8Array;
}

interface Row {
  record_id: string;
  data: Record<string, unknown>;
  score: number;
  [key: `k${number}`]: string | null;
}

/** The search over the synced copy: validation, SQL, keyset paging, projection. */
export class RecordSearch {
  readonly #engine: SqlEngine;
  readonly #cursors: CursorCodec;
  constructor(engine: SqlEngine, options: RecordSearchOptions) {
    this.#engine = engine;
    this.#cursors = new CursorCodec(options.cursorSecret);
  }

  /** Runs one search; `params` is the action's params object as the caller sent it. */
  async search(scope: EntityScope, schema: EntitySchema, params: unknown): Promise<SearchResponse> {
    const started = performance.now();
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    if (schema.entity !== scope.entity) throw new TypeError(`searching ${scope.entity} with the schema of ${schema.entity}`);
    const parsed = parseSearchParams(params, schema);
    const mode = searchMode(parsed);
    const binding = JSON.stringify([scope.tenantId, scope.connectorId, scope.entity, mode, parsed.queryText]);
    const keyCount = mode === 'sorted' ? parsed.sort.length : mode === 'ranked' ? 1 : 0;
    const position = parsed.cursor === undefined ? null : this.#cursors.decode(binding, parsed.cursor, keyCount);

    const plan = planSearch(scope, parsed, mode, position);
    const rows = await this.#engine.query<Row>(plan.sql, plan.params.values);

    const page = rows.slice(0, parsed.limit);
    const last = page[page.length - 1];
    const next_cursor =
      rows.length > parsed.limit && last
        ? this.#cursors.encode(binding, { keys: plan.keys.map((_, i) => last[`k${i}`] ?? null), id: last.record_id })
        : null;
    const hits = page.map((row) => ({ id: row.record_id, score: Number(row.score), data: projectRecord(row.data, schema, parsed.fields) }));
    return { hits, next_cursor, took_ms: Math.round((performance.now() - started) * 1000) / 1000 };
  }
}
