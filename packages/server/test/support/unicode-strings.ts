/**
 * Strings with the characters PostgreSQL cannot store and their neighbours, for property tests:
 * U+0000, lone surrogates of both halves (at the ends of their ranges), the store's own escape
 * characters (U+0001–U+0003, U+D7FF), U+FFFD, a combining mark, a precomposed letter, an astral
 * character (a valid surrogate pair), a private-use character and ASCII letters. Only caseless
 * or lower-case letters, so `like` (lower() of both sides) has the same answer in JS.
 */
import fc from 'fast-check';

export const UNITS = [
  'a',
  'b',
  ' ',
  '\u0000',
  '\u0001',
  '\u0002',
  '\u0003',
  '\u001f',
  '\ud7fe',
  '\ud7ff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\ud83d\ude00',
  '\ue000',
  '\ufffd',
  '\u0301',
  '\u00e9',
] as const;

/** Up to `max` units; adjacent lone halves may pair up, as they would in vendor data. */
export function unicodeString(max = 8): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...UNITS), { maxLength: max }).map((units) => units.join(''));
}

/** Generalized code points: a surrogate pair is one element, a lone surrogate one element too. */
export function codePoints(text: string): number[] {
  return [...text].map((c) => c.codePointAt(0)!);
}

/** Code point order, lone surrogates at their code unit value (D800–DFFF): what PostgreSQL's "C" order is on the stored form. */
export function compareCodePoints(a: string, b: string): number {
  const x = codePoints(a);
  const y = codePoints(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** `needle` is a run of `haystack`'s code points (so a lone `\ud83d` is not found inside an emoji). */
export function includesCodePoints(haystack: string, needle: string): boolean {
  const h = codePoints(haystack);
  const n = codePoints(needle);
  outer: for (let i = 0; i + n.length <= h.length; i++) {
    for (let j = 0; j < n.length; j++) if (h[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** `like` with `%` as the only wildcard, over code points; the alphabet is caseless or lower-case. */
export function likeMatches(value: string, pattern: string): boolean {
  const pieces = pattern.split('%');
  const v = codePoints(value);
  const parts = pieces.map(codePoints);
  const startsAt = (i: number, part: number[]) => part.every((c, j) => v[i + j] === c);
  if (parts.length === 1) return v.length === parts[0]!.length && startsAt(0, parts[0]!);
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!startsAt(0, first)) return false;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    let found = -1;
    for (let i = at; i + part.length <= v.length; i++) {
      if (startsAt(i, part)) {
        found = i;
        break;
      }
    }
    if (found === -1) return false;
    at = found + part.length;
  }
  return v.length - last.length >= at && startsAt(v.length - last.length, last);
}
