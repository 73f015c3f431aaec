import { jsonKey, stringKey } from './field-sql.js';
import type { SortKey } from '../query/filter-ast.js';
import type { SqlParams } from './sql-params.js';

/** One ORDER BY key as keyset paging needs it: its expression, direction and SQL type. */
export interface OrderKey {
  readonly expr: string;
  readonly direction: 'asc' | 'desc';
  /** How the cursor carries it: text as is, jsonb and float8 as their text form. */
  readonly kind: 'text' | 'jsonb' | 'float8';
  /** Whether the key can be NULL (a missing field); ids and scores never are. */
  readonly nullable: boolean;
}

/** Strings sort by code point; numbers numerically; false before true; missing values last ascending. */
export function sortOrderKey(doc: string, key: SortKey): OrderKey {
  return key.field.type === 'string'
    ? { expr: stringKey(doc, key.field.path), direction: key.direction, kind: 'text', nullable: true }
    : { expr: jsonKey(doc, key.field.path), direction: key.direction, kind: 'jsonb', nullable: true };
}

export function orderByClause(keys: readonly OrderKey[]): string {
  return keys.map((key) => `${key.expr} ${key.direction.toUpperCase()}`).join(', ');
}

/** The expression whose text form goes into the cursor. */
export function cursorValueExpr(key: OrderKey): string {
  return key.kind === 'text' ? key.expr : `(${key.expr})::text`;
}

/**
 * Rows strictly after the cursor position in the ORDER BY of `keys` (PostgreSQL's default null
 * placement: a missing value is larger than any present one). Written out as an OR of prefixes
 * because directions may differ per key; the first key also gets a plain range bound when one
 * exists, which turns the seek into an index range instead of a filter.
 */
export function seekCondition(keys: readonly OrderKey[], values: readonly (string | null)[], params: SqlParams): string {
  const bind = (key: OrderKey, value: string): string =>
    key.kind === 'text' ? params.text(value) : key.kind === 'jsonb' ? params.jsonText(value) : params.float(value);
  const same = (key: OrderKey, value: string | null): string =>
    value === null ? `${key.expr} IS NULL` : `${key.expr} = ${bind(key, value)}`;
  const after = (key: OrderKey, value: string | null): string => {
    if (key.direction === 'asc') {
      if (value === null) return 'FALSE';
      return key.nullable ? `(${key.expr} > ${bind(key, value)} OR ${key.expr} IS NULL)` : `${key.expr} > ${bind(key, value)}`;
    }
    return value === null ? `${key.expr} IS NOT NULL` : `${key.expr} < ${bind(key, value)}`;
  };
  const alternatives = keys.map((key, i) => {
    const prefix = keys.slice(0, i).map((k, j) => same(k, values[j] ?? null));
    return `(${[...prefix, after(key, values[i] ?? null)].join(' AND ')})`;
  });
  const first = keys[0]!;
  const firstValue = values[0] ?? null;
  let bound: string | null = null;
  if (first.direction === 'desc' && firstValue !== null) bound = `${first.expr} <= ${bind(first, firstValue)}`;
  else if (first.direction === 'asc' && firstValue === null) bound = `${first.expr} IS NULL`;
  else if (first.direction === 'asc' && !first.nullable && firstValue !== null) bound = `${first.expr} >= ${bind(first, firstValue)}`;
  const seek = `(${alternatives.join(' OR ')})`;
  return bound ? `(${bound} AND ${seek})` : seek;
}
