/**
 * Which plans answer a parsed search, and running their statements: the plan for its mode
 * (plan/search-plan.ts), the stricter fuzzy passes first, common keywords found by walking record
 * ids, a lone fuzzy condition ranked through its field's dictionary (dictionary/), an `any` in
 * record-id order through its candidates (plan/any-candidates.ts). RecordSearch
 * (search-records.ts) runs this inside the search's turns and time budget.
 */
import type { EntityScope } from '../store/scope.js';
import type { SqlEngine } from '../store/sql-engine.js';
import { dictionaryFields } from './dictionary/field-dictionary.js';
import { rankFuzzyByDictionary } from './dictionary/dictionary-ranking.js';
import { estimatedWordShare } from './indexes/word-share.js';
import { ANY_CANDIDATE_CAP, candidateIdsQuery, isAnyLed, pageOfIdsQuery } from './plan/any-candidates.js';
import { hasFuzzy, scoringLeaves } from './plan/compile-score.js';
import {
  COMMON_WORDS_SHARE,
  FUZZY_THRESHOLD,
  fuzzyThresholdTiers,
  planSearch,
  soleKeyword,
  type SearchMode,
  type SearchPlan,
} from './plan/search-plan.js';
import type { CursorPosition } from './query/cursor.js';
import type { FilterNode } from './query/filter-ast.js';
import type { ParsedSearch } from './query/parse-search.js';

/** A row of a page as every plan returns it: k0, k1, … are the cursor keys in their text form. */
export interface SearchRow {
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
 * Every statement of one search, on `engine` (the store as its turns and time budget let it see
 * it): the page's rows (limit + 1 when there is a next page) and the plan's cursor keys.
 */
export async function searchRows(
  engine: SqlEngine,
  scope: EntityScope,
  parsed: ParsedSearch,
  mode: SearchMode,
  position: CursorPosition | null,
): Promise<{ rows: SearchRow[]; keys: SearchPlan['keys'] }> {
  const { schema } = parsed;
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
  const rows: SearchRow[] = fuzzy
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

/** Matching ids through the index first (any-candidates.ts), else the ordinary plan. */
async function anyLed(
  engine: SqlEngine,
  scope: EntityScope,
  parsed: ParsedSearch,
  position: CursorPosition | null,
  plan: SearchPlan,
  dictionary: ReadonlySet<string>,
): Promise<SearchRow[]> {
  const candidates = candidateIdsQuery(scope, parsed, position, dictionary);
  const ids = await engine.query<{ record_id: string }>(candidates.sql, candidates.params.values);
  if (ids.length > ANY_CANDIDATE_CAP) return engine.query<SearchRow>(plan.sql, plan.params.values);
  if (ids.length === 0) return [];
  const page = pageOfIdsQuery(
    scope,
    ids.map((row) => row.record_id),
    parsed.limit,
  );
  return engine.query<SearchRow>(page.sql, page.params.values);
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
): Promise<SearchRow[]> {
  if (strictPlan === null && !walkIds) return engine.query<SearchRow>(plan.sql, plan.params.values);
  return engine.transaction(async (tx) => {
    if (walkIds) {
      // The walk must stop after the cap: no bitmap (it would collect every match first) and
      // no parallel workers (starting them costs more than the walk).
      await tx.exec('SET LOCAL enable_bitmapscan = off; SET LOCAL max_parallel_workers_per_gather = 0');
      return tx.query<SearchRow>(plan.sql, plan.params.values);
    }
    const setThreshold = (t: number) => tx.query("SELECT set_config('pg_trgm.similarity_threshold', $1, true)", [String(t)]);
    for (const threshold of tiers) {
      await setThreshold(threshold);
      const strict = await tx.query<SearchRow>(strictPlan!.sql, strictPlan!.params.values);
      if (strict.length > limit) return strict;
    }
    await setThreshold(FUZZY_THRESHOLD);
    return tx.query<SearchRow>(plan.sql, plan.params.values);
  });
}
