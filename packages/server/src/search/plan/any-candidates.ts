/**
 * Record-id order with an `any` condition (a condition on the elements of an array of objects).
 * Given `ORDER BY record_id LIMIT n`, PostgreSQL may walk the primary key and test each record,
 * betting on its estimate of how many match; the element test is an EXISTS over the array whose
 * selectivity it cannot know, so when the matches are rarer than it guessed the walk reads most
 * of the table (245 ms p99 on 1M records in bench/search.ts, one channel's admins), where the
 * jsonb GIN index finds the few hundred matches in milliseconds. Such searches first collect the
 * matching ids through the index, without order and capped; when all fit under the cap, the page
 * is the first of those ids, and only their records are read. Past the cap the matches are dense
 * enough for the walk to stop early, and the ordinary plan runs. (Plain `eq` and `contains` were
 * measured too: there the walk's bet holds and the extra query only cost time, so they keep the
 * ordinary plan.)
 */
import type { EntityScope } from '../../store/scope.js';
import { FilterCompiler } from './compile-filter.js';
import type { CursorPosition } from '../query/cursor.js';
import type { FilterNode } from '../query/filter-ast.js';
import { seekCondition } from './order-keys.js';
import type { ParsedSearch } from '../query/parse-search.js';
import { ID_ASC } from './search-plan.js';
import { SCOPE, scopedParams, type SqlParams } from './sql-params.js';

/**
 * Matching ids collected at most. Collecting costs a heap read per match, so past this many the
 * probe stops and the primary-key walk, which then meets a match at least every 2,000 records of
 * a 1M copy, is the better plan.
 */
export const ANY_CANDIDATE_CAP = 500;

/** Whether the filter requires an `any` condition (the whole filter, or one of a top-level `and`). */
export function isAnyLed(filter: FilterNode): boolean {
  const conjuncts = filter.kind === 'and' ? filter.children : [filter];
  return conjuncts.some((node) => node.kind === 'any');
}

/** The matching ids after the cursor, in no order, at most ANY_CANDIDATE_CAP + 1 of them. */
export function candidateIdsQuery(
  scope: EntityScope,
  parsed: ParsedSearch,
  position: CursorPosition | null,
  dictionaryFields?: ReadonlySet<string>,
): { sql: string; params: SqlParams } {
  const params = scopedParams(scope);
  const where = new FilterCompiler(params, null, dictionaryFields).compile(parsed.filter, 'r.data');
  const seek = position ? seekCondition([ID_ASC], [position.id], params) : 'TRUE';
  const sql = `SELECT r.record_id FROM sy_records r
    WHERE ${SCOPE} AND ${where} AND ${seek}
    LIMIT ${params.integer(ANY_CANDIDATE_CAP + 1)}`;
  return { sql, params };
}

/** The page: the first `limit + 1` of the given ids in record-id order, with their records. */
export function pageOfIdsQuery(scope: EntityScope, ids: readonly string[], limit: number): { sql: string; params: SqlParams } {
  const params = scopedParams(scope);
  const sql = `SELECT r.record_id, r.data, 1::float8 AS score
    FROM sy_records r
    WHERE ${SCOPE} AND r.record_id IN (SELECT jsonb_array_elements_text(${params.json(ids)}))
    ORDER BY r.record_id ASC
    LIMIT ${params.integer(limit + 1)}`;
  return { sql, params };
}
