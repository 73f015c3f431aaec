import type { SqlParam } from './sql-engine.js';

/**
 * A bound parameter PostgreSQL would not store as given: a lone surrogate (the drivers encode
 * text as UTF-8 and write U+FFFD in its place, so two different strings become one) or U+0000
 * (which the server refuses). Entry points refuse such identifiers with a 422
 * (tenancy/input-rules.ts) and the store writes vendor text in an escaped form
 * (store/stored-text.ts), so reaching this is a bug: it fails the statement loudly instead of
 * letting it compare or write a different string.
 */
export class UnstorableTextError extends TypeError {
  override readonly name = 'UnstorableTextError';
}

/** Checks every string parameter of a statement before either driver sees it. */
export function checkSqlParams(params: readonly SqlParam[]): void {
  params.forEach((param, i) => {
    if (typeof param !== 'string') return;
    if (!param.isWellFormed()) throw new UnstorableTextError(`SQL parameter $${i + 1} holds a lone surrogate (not well-formed Unicode)`);
    if (param.includes('\u0000')) throw new UnstorableTextError(`SQL parameter $${i + 1} holds U+0000, which PostgreSQL text cannot store`);
  });
}

/**
 * A PostgreSQL array literal of text values (`{"a","b \"c\"",NULL}`), to bind as one string
 * parameter and cast in SQL (`$1::text[]`, `$1::timestamptz[]`): the form both drivers pass
 * through unchanged, where a JS array would be serialized differently by each (see SqlParam).
 * Every element is quoted, so commas, braces, spaces and the word NULL stay data.
 */
export function sqlArrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * The first and last instants a time bound as `Date.toISOString()` text reads back as itself in
 * PostgreSQL: JavaScript writes years past 9999 as `+010000-…` and before 0001 as `0000-…` or
 * `-000001-…`, which PostgreSQL refuses (an error, not a comparison) or reads as another year
 * (its calendar has no year 0). A time computed from one a caller gave (a bound plus a margin)
 * is checked against these before it becomes a parameter.
 */
export const FIRST_STORABLE_TIME = Date.parse('0001-01-01T00:00:00.000Z');
export const LAST_STORABLE_TIME = Date.parse('9999-12-31T23:59:59.999Z');
