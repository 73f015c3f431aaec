import { performance } from 'node:perf_hooks';
import type { SqlEngine } from '../store/sql-engine.js';
import { checkScope, type EntityScope } from '../store/scope.js';
import { fromStoredText, fromStoredValue } from '../store/stored-text.js';
import { ANY_CANDIDATE_CAP, candidateIdsQuery, isAnyLed, pageOfIdsQuery } from './any-candidates.js';
import { CursorCodec, type CursorPosition } from './cursor.js';
import { parseSearchParams } from './parse-search.js';
import { projectRecord } from './projection.js';
import type { EntitySchema } from './searchable-fields.js';
import {
  COMMON_WORDS_SHARE,
  FUZZY_THRESHOLD,
  fuzzyThresholdTiers,
  planSearch,
  searchMode,
  soleKeyword,
  type SearchMode,
  type SearchPlan,
} from './search-plan.js';
import { estimatedWordShare } from './word-share.js';
import { dictionaryFields } from './field-dictionary.js';
import { hasFuzzy, scoringLeaves } from './compile-score.js';
import type { FilterNode } from './filter-ast.js';
import type { ParsedSearch } from './parse-search.js';
import { rankFuzzyByDictionary } from './dictionary-ranking.js';

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

    const keyword = mode === 'ranked' ? soleKeyword(parsed) : null;
    const commonWords =
      keyword !== null && (await estimatedWordShare(this.#engine, schema.entity, keyword.field, keyword.text)) >= COMMON_WORDS_SHARE;
    // Only fuzzy conditions use the dictionaries; other searches skip the lookup.
    const dictionary = hasFuzzy(parsed.filter) ? await dictionaryFields(this.#engine, schema.entity) : new Set<string>();
    const plan = planSearch(scope, parsed, mode, position, { candidatesInIdOrder: commonWords, dictionaryFields: dictionary });
    const tiers = commonWords ? [] : fuzzyThresholdTiers(parsed, mode);
    const strictPlan =
      tiers.length > 0 ? planSearch(scope, parsed, mode, position, { strictFuzzyPass: true, dictionaryFields: dictionary }) : null;
    const fuzzy = dictionaryFuzzy(parsed, mode, dictionary);
    const rows: Row[] = fuzzy
      ? await rankFuzzyByDictionary(this.#engine, {
          scope,
          filter: parsed.filter,
          fuzzy,
          dictionaryFields: dictionary,
          limit: parsed.limit,
          position,
        })
      : mode === 'id' && isAnyLed(parsed.filter)
        ? await this.#anyLed(scope, parsed, position, plan, dictionary)
        : await this.#run(plan, parsed.limit, strictPlan, tiers, commonWords);

    const page = rows.slice(0, parsed.limit);
    const last = page[page.length - 1];
    const next_cursor =
      rows.length > parsed.limit && last
        ? this.#cursors.encode(binding, { keys: plan.keys.map((_, i) => last[`k${i}`] ?? null), id: last.record_id })
        : null;
    // Cursors keep the stored form (what the SQL compares); hits give back the vendor's exact text.
    const hits = page.map((row) => ({
      id: fromStoredText(row.record_id),
      score: Number(row.score),
      data: fromStoredValue(projectRecord(row.data, schema, parsed.fields)),
    }));
    return { hits, next_cursor, took_ms: Math.round((performance.now() - started) * 1000) / 1000 };
  }

  /** Matching ids through the index first (any-candidates.ts), else the ordinary plan. */
  async #anyLed(
    scope: EntityScope,
    parsed: ParsedSearch,
    position: CursorPosition | null,
    plan: SearchPlan,
    dictionary: ReadonlySet<string>,
  ): Promise<Row[]> {
    const candidates = candidateIdsQuery(scope, parsed, position, dictionary);
    const ids = await this.#engine.query<{ record_id: string }>(candidates.sql, candidates.params.values);
    if (ids.length > ANY_CANDIDATE_CAP) return this.#engine.query<Row>(plan.sql, plan.params.values);
    if (ids.length === 0) return [];
    const page = pageOfIdsQuery(
      scope,
      ids.map((row) => row.record_id),
      parsed.limit,
    );
    return this.#engine.query<Row>(page.sql, page.params.values);
  }

  /**
   * One statement, or a short transaction when the plan needs session settings: stricter fuzzy
   * passes first (see FUZZY_THRESHOLD_TIERS), or bitmap scans off so that common words are found
   * by walking record ids (see COMMON_WORDS_SHARE). SET LOCAL ends with the transaction.
   */
  async #run(plan: SearchPlan, limit: number, strictPlan: SearchPlan | null, tiers: readonly number[], walkIds: boolean): Promise<Row[]> {
    if (strictPlan === null && !walkIds) return this.#engine.query<Row>(plan.sql, plan.params.values);
    return this.#engine.transaction(async (tx) => {
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
}
