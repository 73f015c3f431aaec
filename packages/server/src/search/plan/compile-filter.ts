import { getOwn, setOwn } from '@switchyard/runtime/internal';
import type { FilterNode, JsonValue } from '../query/filter-ast.js';
import { asciiPrefix } from './prefix-ranges.js';
import {
  STRING_KEY_CHARS,
  fullStringKey,
  jsonAt,
  jsonKey,
  lowerKey,
  nestAt,
  pathIsObjectKeys,
  stringKey,
  textAt,
  tsvectorOf,
} from './field-sql.js';
import type { FieldRef } from '../query/searchable-fields.js';
import type { SqlParams } from './sql-params.js';

/**
 * Compiles a validated filter tree to a SQL boolean over the document `doc`.
 *
 * Semantics (also in the README):
 * - every leaf is two-valued: a missing field makes a comparison false, never unknown, so
 *   `not` is plain negation (`neq` and `not` match records where the field is missing);
 * - comparisons are typed by the value: numbers compare numerically with numbers, strings by
 *   code point with strings; a stored value of another JSON type never matches;
 * - `eq` with an object or array means exact JSON equality; `eq` with null means missing or null.
 */
export class FilterCompiler {
  readonly #params: SqlParams;
  readonly #fuzzyFloor: number | null;
  readonly #dictionaryFields: ReadonlySet<string>;
  #substitute: { readonly node: FilterNode; readonly sql: string } | null = null;
  #aliases = 0;
  /**
   * `fuzzyFloor`: compile fuzzy as `similarity(…) >= floor` instead of pg_trgm's `%` (whose
   * threshold is a session setting), for the stricter passes of a ranked fuzzy search, where
   * `%` carries the stricter threshold and the filter must keep its own.
   *
   * `dictionaryFields`: top-level fields with a complete dictionary of distinct values (see
   * `field-dictionary.ts`); their indexed fuzzy conditions on the record (`r.data`) look for
   * similar values in the dictionary. The plan's parameters $1..$3 must be the search scope.
   */
  constructor(params: SqlParams, fuzzyFloor: number | null = null, dictionaryFields: ReadonlySet<string> = new Set()) {
    this.#params = params;
    this.#fuzzyFloor = fuzzyFloor;
    this.#dictionaryFields = dictionaryFields;
  }

  /** Compiles `node` with the condition `leaf` (a node of it) replaced by the SQL `sql`. */
  compileWith(node: FilterNode, doc: string, leaf: FilterNode, sql: string): string {
    this.#substitute = { node: leaf, sql };
    try {
      return this.compile(node, doc);
    } finally {
      this.#substitute = null;
    }
  }

  compile(node: FilterNode, doc: string): string {
    if (this.#substitute?.node === node) return this.#substitute.sql;
    switch (node.kind) {
      case 'and':
        return node.children.length === 0 ? 'TRUE' : `(${node.children.map((c) => this.compile(c, doc)).join(' AND ')})`;
      case 'or':
        return node.children.length === 0 ? 'FALSE' : `(${node.children.map((c) => this.compile(c, doc)).join(' OR ')})`;
      case 'not':
        return negate(this.compile(node.child, doc));
      case 'compare':
        if (node.op === 'eq') return this.equals(doc, node.field, node.value);
        if (node.op === 'neq') return negate(this.equals(doc, node.field, node.value));
        return this.range(doc, node.field, node.op, node.value as string | number);
      case 'in':
        return node.values.length === 0 ? 'FALSE' : `(${node.values.map((v) => this.equals(doc, node.field, v)).join(' OR ')})`;
      case 'like':
        return this.like(doc, node.field, node.pattern);
      case 'fuzzy':
        return this.fuzzy(doc, node.field, node.text);
      case 'keyword':
        return this.keyword(doc, node.field, node.text);
      case 'contains':
        return this.contains(doc, node.field, node.value);
      case 'any':
        return this.any(doc, node.field, node.where);
    }
  }

  /** The `fuzzy` condition; also used by the scorer. */
  fuzzy(doc: string, field: FieldRef, text: string): string {
    if (this.#fuzzyFloor !== null) {
      return `${stringGuard(doc, field)}(similarity(${textAt(doc, field.path)}, ${this.#params.text(text)}) >= ${this.#fuzzyFloor})`;
    }
    return this.fuzzyIndexed(doc, field, text);
  }

  /**
   * pg_trgm's % : trigram similarity at or above pg_trgm.similarity_threshold (0.3 unless set);
   * served by the field's gin_trgm_ops index.
   */
  fuzzyIndexed(doc: string, field: FieldRef, text: string): string {
    if (doc === RECORD_DOC && field.type === 'string' && field.path.length === 1 && this.#dictionaryFields.has(field.path[0]!)) {
      return this.fuzzyByDictionary(doc, field, text);
    }
    return `${stringGuard(doc, field)}(${textAt(doc, field.path)} % ${this.#params.text(text)})`;
  }

  /**
   * "The record's value is one of the dictionary's values similar to the text", which is `%`
   * (the dictionary holds every value of the field), but the trigram search runs over distinct
   * values and the records come from the string key btree (= ANY of the matching keys). The
   * whole value is then rechecked as `%` computes it (float4 similarity against the float8
   * setting), since keys hold only the first STRING_KEY_CHARS characters; the recheck is a
   * function call, not the operator, so the planner cannot answer it with the records' trigram
   * index and recheck every record that shares trigrams with the text.
   */
  private fuzzyByDictionary(doc: string, field: FieldRef, text: string): string {
    const bound = this.#params.text(text);
    const keys = `ARRAY(SELECT left(v.value, ${STRING_KEY_CHARS}) COLLATE "C" FROM sy_field_values v
        WHERE v.tenant_id = $1::text AND v.connector_id = $2::text AND v.entity = $3::text
          AND v.field = ${this.#params.text(field.path[0]!)} AND v.value % ${bound})`;
    const recheck = `similarity(${textAt(doc, field.path)}, ${bound})::float8 >= current_setting('pg_trgm.similarity_threshold')::float8`;
    return `(${stringKey(doc, field.path)} = ANY (${keys}) AND ${recheck})`;
  }

  fuzzyScore(doc: string, field: FieldRef, text: string): string {
    return `similarity(${textAt(doc, field.path)}, ${this.#params.text(text)})`;
  }

  keyword(doc: string, field: FieldRef, text: string): string {
    return `(${tsvectorOf(doc, field)} @@ sy_any_words(${this.#params.text(text)}))`;
  }

  /**
   * ts_rank (term frequency; for an OR query it grows with every query word present, where
   * cover density would rate one word as high as all of them), normalised with flag 32
   * (rank / (rank + 1)) so it stays within [0, 1).
   */
  keywordScore(doc: string, field: FieldRef, text: string): string {
    return `ts_rank(${tsvectorOf(doc, field)}, sy_any_words(${this.#params.text(text)}), 32)`;
  }

  private equals(doc: string, field: FieldRef, value: JsonValue): string {
    const at = jsonAt(doc, field.path);
    if (value === null) return `(${at} IS NULL OR ${at} = 'null'::jsonb)`;
    const exact = typeof value === 'object';
    if (!pathIsObjectKeys(field.path)) return `(${at} = ${this.#params.json(value)})`;
    // Containment is what the data GIN index answers; for scalars it is exact equality
    // (jsonb compares numbers numerically), for objects and arrays it only says "contains",
    // so the exact comparison follows.
    const contained = `(${doc} @> ${this.#params.json(nestAt(field.path, value))})`;
    return exact ? `(${contained} AND ${at} = ${this.#params.json(value)})` : contained;
  }

  private range(doc: string, field: FieldRef, op: 'gt' | 'gte' | 'lt' | 'lte', value: string | number): string {
    const sqlOp = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
    const at = jsonAt(doc, field.path);
    if (typeof value === 'number') {
      return `(jsonb_typeof(${at}) = 'number' AND ${jsonKey(doc, field.path)} ${sqlOp} ${this.#params.json(value)})`;
    }
    // The indexed key holds a prefix; "value > x" implies "prefix(value) >= prefix(x)", so that
    // bound lets the btree find candidates and the whole value decides.
    const bound = op === 'gt' || op === 'gte' ? '>=' : '<=';
    const text = this.#params.text(value);
    return `(jsonb_typeof(${at}) = 'string' AND ${stringKey(doc, field.path)} ${bound} left(${text}, ${STRING_KEY_CHARS}) AND ${fullStringKey(doc, field.path)} ${sqlOp} ${text})`;
  }

  /**
   * `like`: case-insensitive, `%` matches any run of characters, every other character (`_` and
   * `\` included) is literal. A plain ASCII prefix (`abc%`) on a declared string field becomes a
   * range on lower(field), which a btree answers in order; that is exactly equivalent because
   * ILIKE in a UTF-8 database compares lower() of both sides.
   */
  private like(doc: string, field: FieldRef, pattern: string): string {
    const prefix = asciiPrefix(pattern);
    if (prefix !== null && prefix.length <= STRING_KEY_CHARS && field.type === 'string') {
      const key = lowerKey(doc, field.path);
      const low = prefix.toLowerCase();
      const high = low.slice(0, -1) + String.fromCharCode(low.charCodeAt(low.length - 1) + 1);
      return `(${key} >= ${this.#params.text(low)} AND ${key} < ${this.#params.text(high)})`;
    }
    const escaped = pattern.replace(/[\\_]/g, (c) => `\\${c}`);
    return `${stringGuard(doc, field)}(${textAt(doc, field.path)} ILIKE ${this.#params.text(escaped)})`;
  }

  private contains(doc: string, field: FieldRef, value: JsonValue): string {
    if (pathIsObjectKeys(field.path)) return `(${doc} @> ${this.#params.json(nestAt(field.path, [value]))})`;
    const at = jsonAt(doc, field.path);
    return `(jsonb_typeof(${at}) = 'array' AND ${at} @> ${this.#params.json([value])})`;
  }

  private any(doc: string, field: FieldRef, where: FilterNode): string {
    const alias = `e${++this.#aliases}`;
    const at = jsonAt(doc, field.path);
    const inner = this.compile(where, `${alias}.v`);
    const exists = `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${at}) = 'array' THEN ${at} END) AS ${alias}(v) WHERE ${inner})`;
    // When the element condition requires equalities, the same element must contain those
    // key/values: an implied containment test lets the data GIN index find candidates.
    const element = equalityObject(where);
    if (element && pathIsObjectKeys(field.path)) return `(${doc} @> ${this.#params.json(nestAt(field.path, [element]))} AND ${exists})`;
    return exists;
  }
}

/** The document alias of the searched records in every plan (dictionary lookups apply there only). */
const RECORD_DOC = 'r.data';

/** SQL's NOT would keep NULL as NULL; the filter language is two-valued. */
function negate(condition: string): string {
  return `((${condition}) IS NOT TRUE)`;
}

/** Below objects the type is only known from the data: text operators consider strings only. */
function stringGuard(doc: string, field: FieldRef): string {
  return field.type === 'string' ? '' : `jsonb_typeof(${jsonAt(doc, field.path)}) = 'string' AND `;
}

/**
 * What a matching element must contain: the scalar `eq` conditions of the element filter, when
 * it is one or a top-level `and` holding some (`{eq: {a: 1}, gte: {b: 2}}` → `{a: 1}`; the other
 * conditions are still checked by the EXISTS). Null when there is none.
 */
function equalityObject(node: FilterNode): Record<string, unknown> | null {
  const conjuncts = node.kind === 'and' ? node.children : [node];
  let merged: Record<string, unknown> | null = null;
  for (const leaf of conjuncts) {
    if (leaf.kind !== 'compare' || leaf.op !== 'eq' || leaf.value === null || typeof leaf.value === 'object') continue;
    if (!pathIsObjectKeys(leaf.field.path)) continue;
    merged = mergeDeep(merged ?? {}, nestAt(leaf.field.path, leaf.value) as Record<string, unknown>);
    if (merged === CONFLICT) return null;
  }
  return merged;
}

const CONFLICT: Record<string, unknown> = {};

/** Keys are the record's (`__proto__` included): read and written as own keys only. */
function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = getOwn(out, key);
    if (existing === undefined) setOwn(out, key, value);
    else if (isObject(existing) && isObject(value)) {
      const inner = mergeDeep(existing, value);
      if (inner === CONFLICT) return CONFLICT;
      setOwn(out, key, inner);
    } else return CONFLICT; // two values for one key (or a scalar and an object): leave it to EXISTS
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
