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
