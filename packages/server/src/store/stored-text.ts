/**
 * How vendor strings are kept in the synced copy, losslessly.
 *
 * JSON allows every UTF-16 string: `\u0000` and lone surrogates (`\ud800`, a code unit
 * D800–DFFF without its partner) included, and vendors do send them. PostgreSQL's text and jsonb
 * hold neither (jsonb refuses `\u0000` with "unsupported Unicode escape sequence"; a driver turns
 * a lone surrogate into U+FFFD on the way, so two different strings become one). The store
 * therefore writes those characters as short escapes, in record ids, string values and object
 * keys alike, and reads them back on the way out: a search hit holds the vendor's exact string.
 *
 * The escape alphabet is a handful of characters vendors practically never send, and which are
 * escaped themselves whenever they do appear, so every string has exactly one stored form:
 *
 * | character                         | stored as                                          |
 * | --------------------------------- | -------------------------------------------------- |
 * | U+0000, U+0001, U+0002, U+0003    | U+0001 + two digits (00, 01, 10, 11)               |
 * | U+D7FF and each lone surrogate u  | U+D7FF + twelve digits (u − 0xD7FF in binary)      |
 *
 * where a digit is U+0002 (0) or U+0003 (1). Every other character is stored as itself, so
 * ordinary text is untouched (and so are its indexes). Three properties keep search exact on the
 * stored form:
 *
 * - **order**: an escape sorts where its character does in code point order (U+0001 + digits
 *   lies below U+0004; U+D7FF + digits between U+D7FE and U+E000, as D7FF–DFFF do; lone
 *   surrogates sort by their code unit, like the code points D800–DFFF), and no escape is a
 *   prefix of another, so comparing stored forms by code point (`COLLATE "C"`) gives the order
 *   of the original strings: `gt`…`lte`, sort and keyset cursors need no change;
 * - **alignment**: U+0001 and U+D7FF only start an escape and U+0002/U+0003 only continue one,
 *   so the stored form of a piece of text occurs in a stored string exactly where the piece occurs
 *   in the original (`like` infixes), and equal strings have equal stored forms (`eq`, `in`,
 *   containment);
 * - **no letters**: none of these characters is a letter, digit or case-mapped, so `lower()`,
 *   trigrams (`fuzzy`) and words (`keyword`) see an escaped character as a separator, as they
 *   see U+0000.
 *
 * A lone surrogate is a code unit, not a code point: `\ud83d` matches only a lone `\ud83d`, never
 * the first half of the emoji U+1F600.
 */

const DIGITS = ['\u0002', '\u0003'] as const;
const LOW_MARK = '\u0001';
const HIGH_MARK = '\ud7ff';
const HIGH_DIGITS = 12;

/** Characters (code units) written as escapes: U+0000–U+0003, U+D7FF and lone surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /[\u0000-\u0003\ud7ff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The escapes of `NEEDS_ESCAPE`'s characters in a stored string. */
// eslint-disable-next-line no-control-regex -- the escape alphabet is control characters
const ESCAPE = /\u0001[\u0002\u0003]{2}|\ud7ff[\u0002\u0003]{12}/g;
/**
 * The same characters in JSON text written by JSON.stringify, which escapes U+0000–U+001F and
 * lone surrogates as `\uXXXX` (lower-case hex) and writes U+D7FF as itself. An escaped backslash
 * is matched (and kept) first, so `\\u0000` (a backslash, then "u0000") is left alone.
 */
const JSON_NEEDS_ESCAPE = /\\\\|\\u000[0-3]|\\ud[89a-f][0-9a-f]{2}|\ud7ff/g;

function digits(value: number, count: number): string {
  let out = '';
  for (let bit = count - 1; bit >= 0; bit--) out += DIGITS[(value >> bit) & 1];
  return out;
}

function escapeUnit(unit: string): string {
  const code = unit.charCodeAt(0);
  return code <= 3 ? LOW_MARK + digits(code, 2) : HIGH_MARK + digits(code - 0xd7ff, HIGH_DIGITS);
}

function unescapeRun(run: string): string {
  let value = 0;
  for (let i = 1; i < run.length; i++) value = value * 2 + (run.charCodeAt(i) - 2);
  return String.fromCharCode(run.charCodeAt(0) === 1 ? value : 0xd7ff + value);
}

/** The stored form of one string (a record id, a search value). */
export function toStoredText(text: string): string {
  return text.replace(NEEDS_ESCAPE, escapeUnit);
}

/** The original of a stored string. */
export function fromStoredText(stored: string): string {
  return stored.replace(ESCAPE, unescapeRun);
}

/**
 * JSON text of `value` in which every string and object key is in its stored form: what the
 * store sends to a `::jsonb` parameter. One pass over JSON.stringify's output.
 */
export function toStoredJsonText(value: unknown): string {
  return JSON.stringify(value).replace(JSON_NEEDS_ESCAPE, (match) =>
    match === '\\\\'
      ? match
      : JSON.stringify(escapeUnit(match.length === 1 ? match : String.fromCharCode(parseInt(match.slice(2), 16)))).slice(1, -1),
  );
}

/** A JSON value with every string and object key in its stored form (search values). */
export function toStoredValue<T>(value: T): T {
  if (typeof value === 'string') return toStoredText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  return JSON.parse(toStoredJsonText(value)) as T;
}

/** What every escape starts with (U+0001 or U+D7FF). */
// eslint-disable-next-line no-control-regex -- U+0001 starts an escape
const ESCAPE_START = /[\u0001\ud7ff]/;

/**
 * A value read from the store with every string and object key back in its original form. A
 * value without escapes (nearly every record) is returned as it is, after one walk that
 * allocates nothing; otherwise objects are rebuilt with own properties only (Object.fromEntries),
 * so a key such as `__proto__` stays a plain key.
 */
export function fromStoredValue<T>(value: T): T {
  return holdsEscape(value) ? (decodeValue(value) as T) : value;
}

function holdsEscape(value: unknown): boolean {
  if (typeof value === 'string') return ESCAPE_START.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsEscape(item)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (ESCAPE_START.test(key) || holdsEscape((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function decodeValue(value: unknown): unknown {
  if (typeof value === 'string') return fromStoredText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [fromStoredText(key), decodeValue(item)]));
}
