import { setOwnPath } from '@switchyard/runtime/internal';
import { isSafeSegment, type FieldRef } from '../query/searchable-fields.js';

/**
 * SQL expressions over a JSON document for one field path. The search compiler and the index
 * builder both use these, so a query's expression is character for character the indexed one
 * (PostgreSQL only uses an expression index when the expressions match).
 *
 * `doc` is an alias chosen by this package (`r.data`, `e1.v`), never caller input. Path segments
 * were checked by `isSafeSegment` (letters, digits, _ and -); they are checked again here because
 * this is the one place where a name becomes SQL text.
 */
function segments(path: readonly string[]): readonly string[] {
  for (const segment of path) {
    if (!isSafeSegment(segment)) throw new Error(`unsafe field path segment reached the SQL builder: ${JSON.stringify(segment)}`);
  }
  return path;
}

/** The JSON value at the path (SQL NULL when missing). */
export function jsonAt(doc: string, path: readonly string[]): string {
  const [first, ...rest] = segments(path);
  return rest.length === 0 ? `(${doc} -> '${first}')` : `(${doc} #> '{${path.join(',')}}')`;
}

/** The value as text: a string's content, a number's digits, JSON text otherwise. */
export function textAt(doc: string, path: readonly string[]): string {
  const [first, ...rest] = segments(path);
  return rest.length === 0 ? `(${doc} ->> '${first}')` : `(${doc} #>> '{${path.join(',')}}')`;
}

/**
 * Characters of a string that its btree keys hold. A btree entry must fit in about a third of a
 * page (2,704 bytes): indexing whole values would make the upsert of any longer one (an issue
 * description, a comment body) fail, and with it the sync. 256 characters are at most 1 KiB.
 */
export const STRING_KEY_CHARS = 256;

/**
 * Sort and range key of strings: the first STRING_KEY_CHARS characters in byte (code point)
 * order, the same on every engine and locale. Longer values sort by that prefix (then record
 * id); range filters add an exact comparison of the whole value (see `fullStringKey`).
 */
export function stringKey(doc: string, path: readonly string[]): string {
  return `(left(${textAt(doc, path)}, ${STRING_KEY_CHARS}) COLLATE "C")`;
}

/** The whole value in code point order, for exact comparisons next to a `stringKey` bound. */
export function fullStringKey(doc: string, path: readonly string[]): string {
  return `(${textAt(doc, path)} COLLATE "C")`;
}

/**
 * Case-folded key: serves a prefix `like` of up to STRING_KEY_CHARS characters as a range.
 * Folded before cutting, so "lower(value) starts with p" and "the key starts with p" agree.
 */
export function lowerKey(doc: string, path: readonly string[]): string {
  return `(left(lower(${textAt(doc, path)}), ${STRING_KEY_CHARS}) COLLATE "C")`;
}

/**
 * Sort and range key of numbers and booleans: the jsonb value itself (numbers compare
 * numerically, false < true). JSON null becomes SQL NULL so it sorts like a missing value.
 */
export function jsonKey(doc: string, path: readonly string[]): string {
  return `NULLIF(${jsonAt(doc, path)}, 'null'::jsonb)`;
}

/** The words of a field for `keyword`; objects and arrays contribute their string values. */
export function tsvectorOf(doc: string, field: FieldRef): string {
  if (field.type === 'string') return `to_tsvector('simple'::regconfig, COALESCE(${textAt(doc, field.path)}, ''))`;
  return `jsonb_to_tsvector('simple'::regconfig, COALESCE(${jsonAt(doc, field.path)}, 'null'::jsonb), '["string"]'::jsonb)`;
}

/** Builds `{"a": {"b": value}}` for containment tests on a path; every segment an own key (`__proto__` too). */
export function nestAt(path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const out = {};
  setOwnPath(out, path, value);
  return out;
}

/** Containment treats every segment as an object key; a numeric one may mean an array index. */
export function pathIsObjectKeys(path: readonly string[]): boolean {
  return path.every((segment) => !/^\d+$/.test(segment));
}
