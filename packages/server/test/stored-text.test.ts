/**
 * The store's escape of text PostgreSQL cannot hold (src/store/stored-text.ts), as properties over
 * strings full of U+0000, lone surrogates and the escape's own characters: lossless, storable,
 * order-preserving and aligned (what makes eq, ranges, sort and like exact on the stored form).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromStoredText, fromStoredValue, toStoredJsonText, toStoredText, toStoredValue } from '../src/store/stored-text.js';
import { compareCodePoints, includesCodePoints, unicodeString } from './support/unicode-strings.js';

const storable = (text: string) => text.isWellFormed() && !text.includes('\u0000');
const sign = (n: number) => Math.sign(n);

/** JSON values whose strings and keys come from the same alphabet. */
const jsonValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3 },
    unicodeString(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(unicodeString(4), tie('value')), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)),
  ),
})).value;

describe('stored text', () => {
  it('round-trips every string, and its stored form is text PostgreSQL holds', () => {
    fc.assert(
      fc.property(unicodeString(24), (text) => {
        const stored = toStoredText(text);
        expect(storable(stored)).toBe(true);
        expect(fromStoredText(stored)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without the reserved characters exactly as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        // eslint-disable-next-line no-control-regex -- the reserved characters are control characters
        fc.pre(!/[\u0000-\u0003\ud7ff]/.test(text));
        expect(toStoredText(text)).toBe(text);
        expect(fromStoredText(text)).toBe(text);
      }),
    );
  });

  it('keeps code point order: stored forms compare as their originals do', () => {
    fc.assert(
      fc.property(unicodeString(), unicodeString(), (a, b) => {
        expect(sign(compareCodePoints(toStoredText(a), toStoredText(b)))).toBe(sign(compareCodePoints(a, b)));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps alignment: a stored piece occurs in a stored string exactly where the piece occurs', () => {
    fc.assert(
      fc.property(unicodeString(10), unicodeString(3), (text, piece) => {
        expect(toStoredText(text).includes(toStoredText(piece))).toBe(includesCodePoints(text, piece));
      }),
      { numRuns: 3000 },
    );
  });

  it('escapes values and keys at every depth in JSON text, and reads them back', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const text = toStoredJsonText(value);
        expect(storable(text)).toBe(true);
        // The JSON text is what PostgreSQL parses: no \u0000 escape, no lone surrogate escape.
        expect(text).not.toMatch(/(?<!\\)(\\\\)*\\u0000|\\ud[89a-f]/);
        expect(JSON.parse(text)).toEqual(toStoredValue(value));
        expect(fromStoredValue(JSON.parse(text))).toEqual(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves escaped backslashes in JSON text alone', () => {
    const value = { '\\u0000': '\\ud800', 'a\\\u0000': '\\\ud800' };
    expect(fromStoredValue(JSON.parse(toStoredJsonText(value)))).toEqual(value);
    expect(JSON.parse(toStoredJsonText(value))['\\u0000']).toBe('\\ud800');
  });

  it('reads back objects keyed __proto__ as plain keys', () => {
    const stored = JSON.parse(toStoredJsonText({ __proto__x: 1, ['__proto__']: { 'k\u0000': 'v\ud800' } })) as object;
    const read = fromStoredValue(stored) as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(read['__proto__']).toEqual({ 'k\u0000': 'v\ud800' });
  });

  it('returns parts without escapes without copying them', () => {
    const clean = { a: ['x', { b: 'y' }] };
    expect(fromStoredValue(clean)).toBe(clean);
  });
});
