import { performance } from 'node:perf_hooks';
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type EntityScope } from '../store/scope.js';
import { ANY_CANDIDATE_CAP, candidateIdsQuery, isAnyLed, pageOfIdsQuery } from './plan/any-candidates.js';
import { CursorCodec, type CursorPosition } from './query/cursor.js';
import { projectRecord } from './query/projection.js';
import type { EntitySchema } from './query/searchable-fields.js';
import {
  COMMON_WORDS_SHARE,
  FUZZY_THRESHOLD,
  fuzzyThresholdTiers,
  planSearch,
  searchMode,
  soleKeyword,
  type SearchMode,
  type SearchPlan,
} from './plan/search-plan.js';
import { estimatedWordShare } from './indexes/word-share.js';
import { dictionaryFields } from './dictionary/field-dictionary.js';
import { hasFuzzy, scoringLeaves } from './plan/compile-score.js';
import type { FilterNode } from './query/filter-ast.js';
import type { ParsedSearch } from './query/parse-search.js';
import { rankFuzzyByDictionary } from './dictionary/dictionary-ranking.js';
import { FairQueue, TenantQueueFullError, type FairQueueLimits, type FairTurns } from './limits/fair-queue.js';
import { searchTimeBudget } from './limits/search-deadline.js';
import { engineView } from '../store/engine-view.js';
import { fromStoredText, fromStoredValue } from '../store/stored-text.js';
import { ServiceError } from '../service-error.js';

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

/**
 * How searches share the store (fair-queue.ts, search-deadline.ts). `concurrency` should not
 * exceed the connections the engine has for searches.
 */
export interface SearchLimits extends FairQueueLimits {
  /** How long one search may keep the store busy, in milliseconds. */
  readonly timeoutMs: number;
}

/**
 * PGlite runs one statement at a time, so searches take one turn at a time: more in flight would
 * only queue inside PGlite, first come first served. On PostgreSQL four run at once (the service
 * opens that many connections for searches), one per tenant, so other tenants' searches find a
 * connection, and a busy tenant's statements share the database server's cores with theirs rather
 * than crowd them out (bench/search-fairness.ts on 2 cores: with two per tenant, another tenant's
 * eq search took 5.1× its idle p50 beside a busy tenant; with one, 2.2×). Either way a tenant may
 * have 32 searches waiting beyond those running, and one search may run its statements for 5 s.
 */
export function defaultSearchLimits(kind: SqlEngine['kind']): SearchLimits {
  return kind === 'pglite'
    ? { concurrency: 1, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 }
    : { concurrency: 4, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 };
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

interface Row {
  record_id: string;
  data: Record<string, unknown>;
  score: number;
  [key: `k${number}`]: string | null;
}

/**
 * The fuzzy condition a ranked search can be ranked by through its field's dictionary: the only
 * scoring condition, on a top-level field with a dictionary, with no fuzzy condition under `not`
 * or `any` (the same soundness condition as the stricter passes).
 */
function dictionaryFuzzy(
  parsed: ParsedSearch,
  mode: SearchMode,
  dictionary: ReadonlySet<string>,
): Extract<FilterNode, { kind: 'fuzzy' }> | null {
  if (fuzzyThresholdTiers(parsed, mode).length === 0) return null;
  const leaves = scoringLeaves(parsed.filter);
  const leaf = leaves[0];
  if (leaves.length !== 1 || leaf?.kind !== 'fuzzy' || leaf.field.path.length !== 1 || !dictionary.has(leaf.field.path[0]!)) return null;
  return leaf;
}

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
      this.#rows(engine, scope, schema, parsed, mode, position),
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

  /**
   * Every statement of one search, on `engine` (the store as its turns and time budget let it see it): the
   * page's rows (limit + 1 when there is a next page) and the plan's cursor keys.
   */
  async #rows(
    engine: SqlEngine,
    scope: EntityScope,
    schema: EntitySchema,
    parsed: ParsedSearch,
    mode: SearchMode,
    position: CursorPosition | null,
  ): Promise<{ rows: Row[]; keys: SearchPlan['keys'] }> {
    const keyword = mode === 'ranked' ? soleKeyword(parsed) : null;
    const commonWords =
      keyword !== null && (await estimatedWordShare(engine, schema.entity, keyword.field, keyword.text)) >= COMMON_WORDS_SHARE;
    // Only fuzzy conditions use the dictionaries; other searches skip the lookup.
    const dictionary = hasFuzzy(parsed.filter) ? await dictionaryFields(engine, schema.entity) : new Set<string>();
    const plan = planSearch(scope, parsed, mode, position, { candidatesInIdOrder: commonWords, dictionaryFields: dictionary });
    const tiers = commonWords ? [] : fuzzyThresholdTiers(parsed, mode);
    const strictPlan =
      tiers.length > 0 ? planSearch(scope, parsed, mode, position, { strictFuzzyPass: true, dictionaryFields: dictionary }) : null;
    const fuzzy = dictionaryFuzzy(parsed, mode, dictionary);
    const rows: Row[] = fuzzy
      ? await rankFuzzyByDictionary(engine, {
          scope,
          filter: parsed.filter,
          fuzzy,
          dictionaryFields: dictionary,
          limit: parsed.limit,
          position,
        })
      : mode === 'id' && isAnyLed(parsed.filter)
        ? await anyLed(engine, scope, parsed, position, plan, dictionary)
        : await run(engine, plan, parsed.limit, strictPlan, tiers, commonWords);
    return { rows, keys: plan.keys };
  }
}

/** Matching ids through the index first (any-candidates.ts), else the ordinary plan. */
async function anyLed(
  engine: SqlEngine,
  scope: EntityScope,
  parsed: ParsedSearch,
  position: CursorPosition | null,
  plan: SearchPlan,
  dictionary: ReadonlySet<string>,
): Promise<Row[]> {
  const candidates = candidateIdsQuery(scope, parsed, position, dictionary);
  const ids = await engine.query<{ record_id: string }>(candidates.sql, candidates.params.values);
  if (ids.length > ANY_CANDIDATE_CAP) return engine.query<Row>(plan.sql, plan.params.values);
  if (ids.length === 0) return [];
  const page = pageOfIdsQuery(
    scope,
    ids.map((row) => row.record_id),
    parsed.limit,
  );
  return engine.query<Row>(page.sql, page.params.values);
}

/**
 * One statement, or a short transaction when the plan needs session settings: stricter fuzzy
 * passes first (see FUZZY_THRESHOLD_TIERS), or bitmap scans off so that common words are found
 * by walking record ids (see COMMON_WORDS_SHARE). SET LOCAL ends with the transaction.
 */
async function run(
  engine: SqlEngine,
  plan: SearchPlan,
  limit: number,
  strictPlan: SearchPlan | null,
  tiers: readonly number[],
  walkIds: boolean,
): Promise<Row[]> {
  if (strictPlan === null && !walkIds) return engine.query<Row>(plan.sql, plan.params.values);
  return engine.transaction(async (tx) => {
    if (walkIds) {
      // The walk must stop after the cap: no bitmap (it would collect every match first) and
      // no parallel workers (starting them costs more than the walk).
      await tx.exec('SET LOCAL enable_bitmapscan = off; SET LOCAL max_parallel_workers_per_gather = 0');
      return tx.query<Row>(plan.sql, plan.params.values);
    }
    const setThreshold = (t: number) => tx.query("SELECT set_config('pg_trgm.similarity_threshold', $1, true)", [String(t)]);
    for (const threshold of tiers) {
      await setThreshold(threshold);
      const strict = await tx.query<Row>(strictPlan!.sql, strictPlan!.params.values);
      if (strict.length > limit) return strict;
    }
    await setThreshold(FUZZY_THRESHOLD);
    return tx.query<Row>(plan.sql, plan.params.values);
  });
}

/** Drops keys whose value is undefined, so they do not override defaults when spread. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
