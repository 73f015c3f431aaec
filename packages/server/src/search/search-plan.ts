import type { EntityScope } from '../store/scope.js';
import { FilterCompiler } from './compile-filter.js';
import { compileScore, scoringLeaves } from './compile-score.js';
import type { CursorPosition } from './cursor.js';
import { cursorValueExpr, orderByClause, seekCondition, sortOrderKey, type OrderKey } from './order-keys.js';
import type { ParsedSearch } from './parse-search.js';
import { SqlParams } from './sql-params.js';

/**
 * Without an explicit sort, scored queries rank at most this many matching records (the first
 * ones the store finds). Ranking every match of a common word costs seconds on a large copy;
 * finding candidates costs milliseconds.
 */
export const RANKING_CANDIDATE_CAP = 10_000;

/**
 * - sorted: the caller's sort keys, then record id;
 * - ranked: no sort, a fuzzy or keyword condition: best score first, then record id;
 * - id: neither: record id order.
 */
export type SearchMode = 'sorted' | 'ranked' | 'id';

export function searchMode(parsed: ParsedSearch): SearchMode {
  if (parsed.sort.length > 0) return 'sorted';
  return scoringLeaves(parsed.filter).length > 0 ? 'ranked' : 'id';
}

export interface SearchPlan {
  readonly sql: string;
  readonly params: SqlParams;
  /** Cursor keys, in order, excluding the record id (always last). Rows carry them as k0, k1, … */
  readonly keys: readonly OrderKey[];
}

/** The one SQL statement that answers a page of a search. */
export function planSearch(scope: EntityScope, parsed: ParsedSearch, mode: SearchMode, position: CursorPosition | null): SearchPlan {
  if (mode === 'sorted') return sortedPlan(scope, parsed, position);
  return mode === 'ranked' ? rankedPlan(scope, parsed, position) : idPlan(scope, parsed, position);
}

/** Scope parameters are always $1..$3. */
function newParams(scope: EntityScope): SqlParams {
  const params = new SqlParams();
  params.values.push(scope.tenantId, scope.connectorId, scope.entity);
  return params;
}

const SCOPE = 'r.tenant_id = $1::text AND r.connector_id = $2::text AND r.entity = $3::text';
const ID_ASC: OrderKey = { expr: 'r.record_id', direction: 'asc', kind: 'text', nullable: false };

/** No sort, no scoring: record id order, straight off the primary key. */
function idPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null): SearchPlan {
  const params = newParams(scope);
  const where = new FilterCompiler(params).compile(parsed.filter, 'r.data');
  const seek = position ? seekCondition([ID_ASC], [position.id], params) : 'TRUE';
  const sql = `SELECT r.record_id, r.data, 1::float8 AS score
    FROM sy_records r
    WHERE ${SCOPE} AND ${where} AND ${seek}
    ORDER BY r.record_id ASC
    LIMIT ${params.integer(parsed.limit + 1)}`;
  return { sql, params, keys: [] };
}

/**
 * Explicit sort: keyset over (sort keys…, record id). The inner query pages; scores are
 * computed in the outer one, for the page's rows only.
 */
function sortedPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null): SearchPlan {
  const params = newParams(scope);
  const compiler = new FilterCompiler(params);
  const where = compiler.compile(parsed.filter, 'r.data');
  const keys = parsed.sort.map((key) => sortOrderKey('r.data', key));
  const lastDirection = keys[keys.length - 1]!.direction;
  const idKey: OrderKey = { ...ID_ASC, direction: lastDirection };
  const seek = position ? seekCondition([...keys, idKey], [...position.keys, position.id], params) : 'TRUE';
  const inner = `SELECT r.record_id, r.data, ${keys.map((key, i) => `${key.expr} AS o${i}, ${cursorValueExpr(key)} AS k${i}`).join(', ')}
    FROM sy_records r
    WHERE ${SCOPE} AND ${where} AND ${seek}
    ORDER BY ${orderByClause([...keys, idKey])}
    LIMIT ${params.integer(parsed.limit + 1)}`;
  const score = compileScore(parsed.filter, 'p.data', compiler) ?? '1::float8';
  const outerKeys = keys.map((key, i) => ({ ...key, expr: `p.o${i}` }));
  const sql = `SELECT p.record_id, p.data, ${score} AS score, ${keys.map((_, i) => `p.k${i}`).join(', ')}
    FROM (${inner}) p
    ORDER BY ${orderByClause([...outerKeys, { ...idKey, expr: 'p.record_id' }])}`;
  return { sql, params, keys };
}

/**
 * No sort, fuzzy or keyword present: best score first, ties by record id. Candidates are found
 * with the indexes (bounded by RANKING_CANDIDATE_CAP), then ranked.
 */
function rankedPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null): SearchPlan {
  const params = newParams(scope);
  const compiler = new FilterCompiler(params);
  const where = compiler.compile(parsed.filter, 'r.data');
  const score = compileScore(parsed.filter, 'c.data', compiler)!;
  const scoreKey: OrderKey = { expr: 'ranked.score', direction: 'desc', kind: 'float8', nullable: false };
  const idKey: OrderKey = { expr: 'ranked.record_id', direction: 'asc', kind: 'text', nullable: false };
  const seek = position ? seekCondition([scoreKey, idKey], [position.keys[0] ?? null, position.id], params) : 'TRUE';
  const sql = `WITH candidates AS MATERIALIZED (
      SELECT r.record_id, r.data FROM sy_records r
      WHERE ${SCOPE} AND ${where}
      LIMIT ${params.integer(RANKING_CANDIDATE_CAP)}
    ), ranked AS (
      SELECT c.record_id, c.data, ${score} AS score FROM candidates c
    )
    SELECT ranked.record_id, ranked.data, ranked.score, (ranked.score)::text AS k0
    FROM ranked
    WHERE ${seek}
    ORDER BY ranked.score DESC, ranked.record_id ASC
    LIMIT ${params.integer(parsed.limit + 1)}`;
  return { sql, params, keys: [scoreKey] };
}
