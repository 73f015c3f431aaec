/**
 * A case-insensitive prefix, as ranges of the case-sensitive sort key.
 *
 * `like 'james.s%'` sorted by the same field is the slow shape on a large copy: the lower()
 * index finds the matches, but in lower() order, so every match (23,000 for a common first name
 * in 1M records) is read from the table and sorted to return the first 100. In the sort key's
 * own order (code points, C collation) the matches sit in a few contiguous ranges, one per
 * spelling of the prefix's letters ("JAMES.S", "James.s", "james.s", …). A UNION ALL of one
 * scan per range, each already in sort order, lets PostgreSQL merge them (Merge Append) and stop
 * after the page: about a page of rows read instead of every match.
 *
 * The ranges must cover every record the lower() condition accepts, which stays in the query as
 * the filter: each character whose lower() is the prefix's letter is a spelling, including the
 * two outside ASCII (U+212A KELVIN SIGN lowers to "k", U+0130 LATIN CAPITAL LETTER I WITH DOT
 * ABOVE to "i").
 */

/** More spellings than this and only a shorter head of the prefix is spelled out (the rest is filtered). */
export const MAX_PREFIX_SPELLINGS = 64;

const EXTRA_SPELLINGS: Readonly<Record<string, readonly string[]>> = { k: ['\u212a'], i: ['\u0130'] };

function spellingsOf(char: string): string[] {
  const lower = char.toLowerCase();
  const upper = char.toUpperCase();
  if (lower === upper) return [char];
  return [...new Set([upper, lower, ...(EXTRA_SPELLINGS[lower] ?? [])])].sort();
}

export interface KeyRange {
  /** Inclusive lower bound. */
  readonly from: string;
  /** Exclusive upper bound: `from` with its last character's code point plus one. */
  readonly to: string;
}

/**
 * The key ranges holding every value whose lower() starts with lower(`prefix`) (an ASCII
 * prefix), in ascending order. Spells out the longest head of the prefix with at most
 * MAX_PREFIX_SPELLINGS spellings.
 */
export function caseInsensitivePrefixRanges(prefix: string): KeyRange[] {
  let heads = [''];
  for (const char of prefix) {
    const next = heads.flatMap((head) => spellingsOf(char).map((spelling) => head + spelling));
    if (next.length > MAX_PREFIX_SPELLINGS) break;
    heads = next;
  }
  if (heads.length === 1 && heads[0] === '') return [];
  return heads.sort(compareCodePoints).map((from) => ({ from, to: successor(from) }));
}

function successor(value: string): string {
  const chars = [...value];
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** The literal head of a `like` pattern that is `<printable ASCII>%`, or null for any other pattern. */
export function asciiPrefix(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.endsWith('%')) return null;
  const prefix = pattern.slice(0, -1);
  return /^[\x20-\x7e]+$/.test(prefix) && !prefix.includes('%') ? prefix : null;
}
