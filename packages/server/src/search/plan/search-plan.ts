import type { EntityScope } from '../../store/scope.js';
import { FilterCompiler } from './compile-filter.js';
import { compileScore, scoringLeaves } from './compile-score.js';
import type { CursorPosition } from '../query/cursor.js';
import { STRING_KEY_CHARS, lowerKey, tsvectorOf } from './field-sql.js';
import { asciiPrefix, caseInsensitivePrefixRanges } from './prefix-ranges.js';
import type { FilterNode } from '../query/filter-ast.js';
import { cursorValueExpr, orderByClause, seekCondition, sortOrderKey, type OrderKey } from './order-keys.js';
import type { ParsedSearch } from '../query/parse-search.js';
import { SCOPE, scopedParams, type SqlParams } from './sql-params.js';

/**
 * Without an explicit sort, scored queries rank at most this many matching records (the first
 * ones the store finds). Ranking every match of a common word costs seconds on a large copy;
 * finding candidates costs milliseconds.
 */
export const RANKING_CANDIDATE_CAP = 10_000;

/**
 * The cap when every scoring condition is a keyword: ranking recomputes each candidate's
 * tsvector (it is an index expression, not stored), about 10 µs a record, so 10,000 candidates
 * would cost a tenth of a second where 1,000 cost milliseconds.
 */
export const KEYWORD_RANKING_CAP = 1_000;

/**
 * A keyword search whose words are in at least this share of the entity's records (by the
 * statistics ANALYZE keeps for the tsvector index) finds its candidates by walking record ids
 * and testing each record: about cap ÷ share records, a few thousand. Through the index it would
 * first decode every match (half a million for a word in half the records) before taking any.
 */
export const COMMON_WORDS_SHARE = 0.2;

/**
 * The cap of that walk: ranking a common word (ts_rank over a tsvector computed per record) costs
 * about as much per candidate as finding it, and among the first 500 holders of a word that
 * half the records hold, the term-frequency rank has long since seen every distinct score.
 */
export const COMMON_WORDS_RANKING_CAP = 500;

/** The similarity a fuzzy condition asks for (pg_trgm's default threshold). */
export const FUZZY_THRESHOLD = 0.3;

/**
 * Stricter similarity thresholds a ranked fuzzy search tries first. A query made of common
 * trigrams (`jmaes smith`) is similar at 0.3 to a large share of the records, and the trigram
 * index hands every one of them over to be rechecked and scored (seconds on 1M records); at 0.6
 * the index itself rules out most of them. A stricter pass keeps the filter as it is and only
 * adds "some fuzzy condition reaches the stricter threshold", so when it fills the page
 * (limit + 1 rows) its rows are exactly the best ones: every record it left out scores below
 * that threshold. Otherwise the next pass runs, the last one at FUZZY_THRESHOLD.
 */
export const FUZZY_THRESHOLD_TIERS: readonly number[] = [0.6, 0.45];

/**
 * The thresholds to try for this search, strictest first, or none. Sound when every scoring
 * condition is a fuzzy one and no fuzzy condition hides under `not` or `any` (a record's score
 * is then the best similarity among the fuzzy conditions it satisfies).
 */
export function fuzzyThresholdTiers(parsed: ParsedSearch, mode: SearchMode): readonly number[] {
  if (mode !== 'ranked') return [];
  const leaves = scoringLeaves(parsed.filter);
  if (leaves.length === 0 || leaves.some((leaf) => leaf.kind !== 'fuzzy') || countFuzzy(parsed.filter) !== leaves.length) return [];
  return FUZZY_THRESHOLD_TIERS;
}

function countFuzzy(node: FilterNode): number {
  switch (node.kind) {
    case 'fuzzy':
      return 1;
    case 'and':
    case 'or':
      return node.children.reduce((n, child) => n + countFuzzy(child), 0);
    case 'not':
      return countFuzzy(node.child);
    case 'any':
      return countFuzzy(node.where);
    default:
      return 0;
  }
}

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
export interface PlanOptions {
  /** Ranked mode: take candidates in record id order (common keywords; see COMMON_WORDS_SHARE). */
  readonly candidatesInIdOrder?: boolean;
  /**
   * Ranked mode: a stricter fuzzy pass (see FUZZY_THRESHOLD_TIERS). The filter's fuzzy
   * conditions keep FUZZY_THRESHOLD; one of them must also pass `%`, whose threshold the caller
   * sets for the transaction.
   */
  readonly strictFuzzyPass?: boolean;
  /** Fields whose fuzzy conditions look for similar values in their dictionary (field-dictionary.ts). */
  readonly dictionaryFields?: ReadonlySet<string>;
}

export function planSearch(
  scope: EntityScope,
  parsed: ParsedSearch,
  mode: SearchMode,
  position: CursorPosition | null,
  options: PlanOptions = {},
): SearchPlan {
  if (mode === 'sorted') return sortedPlan(scope, parsed, position, options);
  return mode === 'ranked' ? rankedPlan(scope, parsed, position, options) : idPlan(scope, parsed, position, options);
}

/** The keyword condition a ranked search consists of, when the whole filter is one; else null. */
export function soleKeyword(parsed: ParsedSearch): Extract<FilterNode, { kind: 'keyword' }> | null {
  return parsed.filter.kind === 'keyword' ? parsed.filter : null;
}

export const ID_ASC: OrderKey = { expr: 'r.record_id', direction: 'asc', kind: 'text', nullable: false };

/** No sort, no scoring: record id order, straight off the primary key. */
function idPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null, options: PlanOptions): SearchPlan {
  const params = scopedParams(scope);
  const where = new FilterCompiler(params, null, options.dictionaryFields).compile(parsed.filter, 'r.data');
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
function sortedPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null, options: PlanOptions): SearchPlan {
  const params = scopedParams(scope);
  const compiler = new FilterCompiler(params, null, options.dictionaryFields);
  const prefix = prefixOfFirstKey(parsed);
  const ranges = prefix ? caseInsensitivePrefixRanges(prefix.prefix) : [];
  const spelled = prefix !== null && ranges.length > 1;
  // Spelled out, the prefix condition becomes a plain filter, so the planner cannot pick the
  // lower() index, whose order is not the sort's.
  const where = spelled
    ? compiler.compileWith(
        parsed.filter,
        'r.data',
        prefix.condition,
        `starts_with(${lowerKey('r.data', prefix.condition.field.path)}, ${params.text(prefix.prefix.toLowerCase())})`,
      )
    : compiler.compile(parsed.filter, 'r.data');
  const keys = parsed.sort.map((key) => sortOrderKey('r.data', key));
  const lastDirection = keys[keys.length - 1]!.direction;
  const idKey: OrderKey = { ...ID_ASC, direction: lastDirection };
  const seek = position ? seekCondition([...keys, idKey], [...position.keys, position.id], params) : 'TRUE';
  const columns = `r.record_id, r.data, ${keys.map((key, i) => `${key.expr} AS o${i}, ${cursorValueExpr(key)} AS k${i}`).join(', ')}`;
  const order = orderByClause([...keys, idKey]);
  const limit = params.integer(parsed.limit + 1);
  let inner: string;
  if (spelled) {
    // One ordered scan of the sort key's index per spelling of the prefix, each stopping after a
    // page, then the best page of their union (prefix-ranges.ts).
    const key = keys[0]!.expr;
    const spellings = params.json(ranges.map((range) => ({ f: range.from, t: range.to })));
    const spelledKeys = keys.map((k, i) => ({ ...k, expr: `x.o${i}` }));
    inner = `SELECT x.* FROM jsonb_to_recordset(${spellings}) AS s(f text, t text)
    CROSS JOIN LATERAL (SELECT ${columns}
      FROM sy_records r
      WHERE ${SCOPE} AND ${where} AND ${seek} AND ${key} >= s.f AND ${key} < s.t
      ORDER BY ${order}
      LIMIT ${limit}) x
    ORDER BY ${orderByClause([...spelledKeys, { ...idKey, expr: 'x.record_id' }])}
    LIMIT ${limit}`;
  } else {
    inner = `SELECT ${columns}
    FROM sy_records r
    WHERE ${SCOPE} AND ${where} AND ${seek}
    ORDER BY ${order}
    LIMIT ${limit}`;
  }
  const score = compileScore(parsed.filter, 'p.data', compiler) ?? '1::float8';
  const outerKeys = keys.map((key, i) => ({ ...key, expr: `p.o${i}` }));
  const sql = `SELECT p.record_id, p.data, ${score} AS score, ${keys.map((_, i) => `p.k${i}`).join(', ')}
    FROM (${inner}) p
    ORDER BY ${orderByClause([...outerKeys, { ...idKey, expr: 'p.record_id' }])}`;
  return { sql, params, keys };
}

/**
 * The case-insensitive prefix a search requires of its first sort key (a `like 'abc%'` on it
 * that is the whole filter or one condition of a top-level `and`, on a declared string field,
 * where `like` is a lower() range), with that condition; else null.
 */
function prefixOfFirstKey(parsed: ParsedSearch): { prefix: string; condition: Extract<FilterNode, { kind: 'like' }> } | null {
  const first = parsed.sort[0];
  if (!first || first.field.type !== 'string') return null;
  const conjuncts = parsed.filter.kind === 'and' ? parsed.filter.children : [parsed.filter];
  for (const condition of conjuncts) {
    if (condition.kind !== 'like' || condition.field.name !== first.field.name || condition.field.type !== 'string') continue;
    const prefix = asciiPrefix(condition.pattern);
    if (prefix !== null && prefix.length <= STRING_KEY_CHARS) return { prefix, condition };
  }
  return null;
}

/**
 * No sort, fuzzy or keyword present: best score first, ties by record id. Candidates are found
 * with the indexes (bounded by RANKING_CANDIDATE_CAP, or KEYWORD_RANKING_CAP when only keywords
 * score), or in record id order when asked, then ranked.
 */
function rankedPlan(scope: EntityScope, parsed: ParsedSearch, position: CursorPosition | null, options: PlanOptions): SearchPlan {
  const params = scopedParams(scope);
  const compiler = new FilterCompiler(params, null, options.dictionaryFields);
  const cap = scoringLeaves(parsed.filter).every((leaf) => leaf.kind === 'keyword') ? KEYWORD_RANKING_CAP : RANKING_CANDIDATE_CAP;
  const scoreKey: OrderKey = { expr: 'ranked.score', direction: 'desc', kind: 'float8', nullable: false };
  const idKey: OrderKey = { expr: 'ranked.record_id', direction: 'asc', kind: 'text', nullable: false };
  const sole = options.candidatesInIdOrder ? soleKeyword(parsed) : null;
  let candidates: string;
  let score: string;
  if (sole) {
    // Walking ids, no index is involved: the tsvector is computed once per record (OFFSET 0
    // keeps the planner from inlining it twice) and reused by the ranking.
    const words = `sy_any_words(${params.text(sole.text)})`;
    candidates = `SELECT r.record_id, r.data, t.v FROM sy_records r
      CROSS JOIN LATERAL (SELECT ${tsvectorOf('r.data', sole.field)} AS v OFFSET 0) t
      WHERE ${SCOPE} AND t.v @@ ${words}
      ORDER BY r.record_id
      LIMIT ${params.integer(COMMON_WORDS_RANKING_CAP)}`;
    score = `(ts_rank(c.v, ${words}, 32))::float8`;
  } else if (options.strictFuzzyPass) {
    const strict = new FilterCompiler(params, FUZZY_THRESHOLD, options.dictionaryFields);
    const where = strict.compile(parsed.filter, 'r.data');
    const reachesThreshold = scoringLeaves(parsed.filter).map((leaf) => strict.fuzzyIndexed('r.data', leaf.field, leaf.text));
    candidates = `SELECT r.record_id, r.data FROM sy_records r
      WHERE ${SCOPE} AND ${where} AND (${reachesThreshold.join(' OR ')})
      LIMIT ${params.integer(cap)}`;
    score = compileScore(parsed.filter, 'c.data', strict)!;
  } else {
    const where = compiler.compile(parsed.filter, 'r.data');
    candidates = `SELECT r.record_id, r.data FROM sy_records r
      WHERE ${SCOPE} AND ${where}${options.candidatesInIdOrder ? '\n      ORDER BY r.record_id' : ''}
      LIMIT ${params.integer(cap)}`;
    score = compileScore(parsed.filter, 'c.data', compiler)!;
  }
  const seek = position ? seekCondition([scoreKey, idKey], [position.keys[0] ?? null, position.id], params) : 'TRUE';
  const sql = `WITH candidates AS MATERIALIZED (
      ${candidates}
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
