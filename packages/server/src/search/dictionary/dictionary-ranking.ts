import type { EntityScope } from '../../store/scope.js';
import type { SqlEngine } from '../../store/sql-engine.js';
import { FilterCompiler } from '../plan/compile-filter.js';
import type { CursorPosition } from '../query/cursor.js';
import { STRING_KEY_CHARS, stringKey, textAt } from '../plan/field-sql.js';
import type { FilterNode } from '../query/filter-ast.js';
import { SCOPE, scopedParams } from '../plan/sql-params.js';

/** A row as the search's other plans return it: k0 is the score as the cursor carries it. */
export type DictionaryRankedRow = {
  record_id: string;
  data: Record<string, unknown>;
  score: number;
  k0: string;
};

/** One distinct score among the similar values, best first. */
interface ScoreGroup {
  readonly k: string;
  readonly values: string[];
}

export interface DictionaryRankingQuery {
  readonly scope: EntityScope;
  /** The whole filter. */
  readonly filter: FilterNode;
  /** Its only scoring condition: a `fuzzy` on a top-level field with a dictionary, not under `not` or `any`. */
  readonly fuzzy: Extract<FilterNode, { kind: 'fuzzy' }>;
  readonly dictionaryFields: ReadonlySet<string>;
  readonly limit: number;
  readonly position: CursorPosition | null;
}

/**
 * A ranked search whose only scoring condition is one `fuzzy` on a field with a dictionary
 * (field-dictionary.ts). A record's score is then the similarity of its value when the fuzzy
 * condition holds, else 0, so the ranking follows the distinct values: rank them (a trigram
 * search over a few thousand narrow rows), fetch records of the best values first in (score
 * desc, record id) order, keeping those that satisfy the rest of the filter, and stop once the
 * page is full; then come the records the filter matches without the fuzzy condition (score 0),
 * in record id order. Exact, with no candidate cap: the record-level plan ranks at most
 * RANKING_CANDIDATE_CAP matches. Records are fetched for 1, 2, 4, … score groups at a time, so a
 * page of 20 usually costs one or two statements.
 */
export async function rankFuzzyByDictionary(engine: SqlEngine, query: DictionaryRankingQuery): Promise<DictionaryRankedRow[]> {
  const after = query.position?.keys[0] ?? null;
  const groups = await similarValues(engine, query, after);
  const want = query.limit + 1;
  const rows: DictionaryRankedRow[] = [];
  let batch = 1;
  for (let start = 0; start < groups.length && rows.length < want; start += batch, batch *= 2) {
    rows.push(...(await recordsOf(engine, query, groups.slice(start, start + batch), want - rows.length)));
  }
  if (rows.length < want && query.filter !== query.fuzzy) rows.push(...(await unscored(engine, query, want - rows.length)));
  return rows;
}

async function similarValues(engine: SqlEngine, query: DictionaryRankingQuery, after: string | null): Promise<ScoreGroup[]> {
  const { scope, fuzzy } = query;
  const params = [scope.tenantId, scope.connectorId, scope.entity, fuzzy.field.path[0]!, fuzzy.text];
  if (after !== null) params.push(after);
  const rows = await engine.transaction(async (tx) => {
    // The planner underrates the dictionary's trigram index for queries made of common trigrams
    // and scans every value of the table instead (a tenth of a second on PGlite at 40,000 values).
    await tx.exec('SET LOCAL enable_seqscan = off');
    return tx.query<{ value: string; k: string }>(
      `SELECT v.value, s.score::text AS k
         FROM sy_field_values v
         CROSS JOIN LATERAL (SELECT similarity(v.value, $5::text)::float8 AS score) s
        WHERE v.tenant_id = $1::text AND v.connector_id = $2::text AND v.entity = $3::text AND v.field = $4::text
          AND v.value % $5::text${after !== null ? ' AND s.score <= $6::float8' : ''}
        ORDER BY s.score DESC`,
      params,
    );
  });
  const groups: ScoreGroup[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.k === row.k) last.values.push(row.value);
    else groups.push({ k: row.k, values: [row.value] });
  }
  return groups;
}

async function recordsOf(
  engine: SqlEngine,
  query: DictionaryRankingQuery,
  groups: readonly ScoreGroup[],
  take: number,
): Promise<DictionaryRankedRow[]> {
  const params = scopedParams(query.scope);
  const path = query.fuzzy.field.path;
  // Records holding a similar value satisfy the fuzzy condition; the rest of the filter decides.
  const rest =
    query.filter === query.fuzzy
      ? 'TRUE'
      : new FilterCompiler(params, null, query.dictionaryFields).compileWith(query.filter, 'r.data', query.fuzzy, 'TRUE');
  const pairs = params.json(groups.flatMap((group) => group.values.map((value) => ({ value, k: group.k }))));
  const limit = params.integer(take);
  const position = query.position;
  const seek = position ? ` AND (g.k::float8 < ${params.float(position.keys[0] ?? '0')} OR r.record_id > ${params.text(position.id)})` : '';
  // Per value, the string key btree (tenant, connector, key, record id) yields its records in
  // record id order, so each value costs at most `take` rows however many records hold it (a
  // common name is held by thousands); the whole value then decides, since keys are prefixes.
  const rows = await engine.query<{ record_id: string; data: Record<string, unknown>; k: string }>(
    `SELECT h.record_id, h.data, g.k
       FROM jsonb_to_recordset(${pairs}) AS g(value text, k text)
       CROSS JOIN LATERAL (
         SELECT r.record_id, r.data FROM sy_records r
          WHERE ${SCOPE}
            AND ${stringKey('r.data', path)} = left(g.value, ${STRING_KEY_CHARS}) COLLATE "C"
            AND ${textAt('r.data', path)} = g.value${seek} AND ${rest}
          ORDER BY r.record_id
          LIMIT ${limit}
       ) h
      ORDER BY g.k::float8 DESC, h.record_id ASC
      LIMIT ${limit}`,
    params.values,
  );
  return rows.map((row) => ({ record_id: row.record_id, data: row.data, score: Number(row.k), k0: row.k }));
}

/** Matches without the fuzzy condition (score 0), after every scored one, in record id order. */
async function unscored(engine: SqlEngine, query: DictionaryRankingQuery, take: number): Promise<DictionaryRankedRow[]> {
  const params = scopedParams(query.scope);
  const compiler = new FilterCompiler(params, null, query.dictionaryFields);
  // The fuzzy condition is not under `not`, so "the filter holds with it false" is "the filter
  // holds and no score comes from it" once records where it holds are left out.
  const without = compiler.compileWith(query.filter, 'r.data', query.fuzzy, 'FALSE');
  const holds = compiler.fuzzyIndexed('r.data', query.fuzzy.field, query.fuzzy.text);
  const position = query.position;
  const seek = position && Number(position.keys[0]) === 0 ? ` AND r.record_id > ${params.text(position.id)}` : '';
  const rows = await engine.query<{ record_id: string; data: Record<string, unknown> }>(
    `SELECT r.record_id, r.data FROM sy_records r
      WHERE ${SCOPE} AND ${without} AND ((${holds}) IS NOT TRUE)${seek}
      ORDER BY r.record_id
      LIMIT ${params.integer(take)}`,
    params.values,
  );
  return rows.map((row) => ({ record_id: row.record_id, data: row.data, score: 0, k0: '0' }));
}
