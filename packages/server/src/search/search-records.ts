import { performance } from 'node:perf_hooks';
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type EntityScope } from '../store/scope.js';
import { engineView } from '../store/engine-view.js';
import { fromStoredText, fromStoredValue } from '../store/stored-text.js';
import { ServiceError } from '../service-error.js';
import { FairQueue, TenantQueueFullError, type FairTurns } from './limits/fair-queue.js';
import { searchTimeBudget } from './limits/search-deadline.js';
import { defaultSearchLimits, type SearchLimits } from './limits/search-limits.js';
import { searchMode } from './plan/search-plan.js';
import { CursorCodec } from './query/cursor.js';
import type { ParsedSearch } from './query/parse-search.js';
import { projectRecord } from './query/projection.js';
import { searchRows } from './run-plans.js';

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
  /** Defaults: defaultSearchLimits(engine.kind). */
  readonly limits?: Partial<SearchLimits>;
}

/** Who a search is for, and whether its caller still waits for it. */
export interface SearchCall {
  /**
   * The tenant whose share of the store the search uses (default: the scope's tenantId). The
   * service passes the connector's owner, application and external user.
   */
  readonly tenant?: string;
  /** Aborting it takes a waiting search out of the queue. */
  readonly signal?: AbortSignal;
}

/** How long a client refused for a full tenant queue is told to wait. */
const BUSY_RETRY_AFTER_MS = 1_000;

/**
 * The search over the synced copy: validation, SQL, keyset paging, projection. Searches take
 * turns at the store through a fair queue per tenant and are bounded in time (SearchLimits).
 */
export class RecordSearch {
  readonly #engine: SqlEngine;
  readonly #cursors: CursorCodec;
  readonly #queue: FairQueue;
  readonly #timeoutMs: number;
  constructor(engine: SqlEngine, options: RecordSearchOptions) {
    this.#engine = engine;
    this.#cursors = new CursorCodec(options.cursorSecret);
    const limits = { ...defaultSearchLimits(engine.kind), ...definedOnly(options.limits ?? {}) };
    if (!Number.isSafeInteger(limits.timeoutMs) || limits.timeoutMs < 1) throw new RangeError('timeoutMs must be a positive integer');
    this.#queue = new FairQueue(limits);
    this.#timeoutMs = limits.timeoutMs;
  }

  /** The limits in force (defaults filled in). */
  get limits(): SearchLimits {
    return { ...this.#queue.limits, timeoutMs: this.#timeoutMs };
  }

  /** Searches in progress, and their statements running and waiting for a turn now, over all tenants (monitoring). */
  get load(): { readonly searches: number; readonly running: number; readonly waiting: number } {
    return { searches: this.#queue.inProgress, running: this.#queue.running, waiting: this.#queue.waiting };
  }

  /**
   * Runs one search, read and checked beforehand by parseSearchParams (the execute path reads it
   * once, so bad params answer 422 before the sync status is looked at, and it is not read again
   * here). A tenant with a full queue gets a `rate_limited` ServiceError, a search past its time
   * SearchTimeoutError.
   */
  async search(scope: EntityScope, parsed: ParsedSearch, call: SearchCall = {}): Promise<SearchResponse> {
    const started = performance.now();
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const { schema } = parsed;
    if (schema.entity !== scope.entity) throw new TypeError(`searching ${scope.entity} with a search read for ${schema.entity}`);
    const mode = searchMode(parsed);
    const binding = JSON.stringify([scope.tenantId, scope.connectorId, scope.entity, mode, parsed.queryText]);
    const keyCount = mode === 'sorted' ? parsed.sort.length : mode === 'ranked' ? 1 : 0;
    const position = parsed.cursor === undefined ? null : this.#cursors.decode(binding, parsed.cursor, keyCount);

    const { rows, keys } = await this.#inTurns(call.tenant ?? scope.tenantId, call.signal, (engine) =>
      searchRows(engine, scope, parsed, mode, position),
    );
    const page = rows.slice(0, parsed.limit);
    const last = page[page.length - 1];
    const next_cursor =
      rows.length > parsed.limit && last
        ? this.#cursors.encode(binding, { keys: keys.map((_, i) => last[`k${i}`] ?? null), id: last.record_id })
        : null;
    // Cursors keep the stored form (what the SQL compares); hits give back the vendor's exact text.
    const hits = page.map((row) => ({
      id: fromStoredText(row.record_id),
      score: Number(row.score),
      data: fromStoredValue(projectRecord(row.data, schema, parsed.fields)),
    }));
    return { hits, next_cursor, took_ms: Math.round((performance.now() - started) * 1000) / 1000 };
  }

  /**
   * Runs `search` as one search of `tenant` in the fair queue: each of its statements (or
   * transactions) waits for the tenant's turn, and runs within the search's time budget.
   */
  async #inTurns<T>(tenant: string, signal: AbortSignal | undefined, search: (engine: SqlEngine) => Promise<T>): Promise<T> {
    let turns: FairTurns;
    try {
      turns = this.#queue.enter(tenant);
    } catch (error) {
      if (!(error instanceof TenantQueueFullError)) throw error;
      throw new ServiceError(
        'rate_limited',
        `too many searches at once for this tenant (${error.inProgress} in progress, the most allowed); retry in ${BUSY_RETRY_AFTER_MS / 1000} s`,
        { retry_after_ms: BUSY_RETRY_AFTER_MS },
      );
    }
    try {
      const inTurn = <R>(run: () => Promise<R>): Promise<R> => turns.run(run, signal);
      // A transaction is one turn; its statements run inside it.
      const engine = engineView(searchTimeBudget(this.#engine, this.#timeoutMs), { statement: inTurn, transaction: inTurn });
      return await search(engine);
    } finally {
      turns.leave();
    }
  }
}

/** Drops keys whose value is undefined, so they do not override defaults when spread. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
