/** The request body's nesting bound (src/http/json-depth.ts), against the parsed value's own depth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepthOver } from '../src/http/json-depth.js';

/** Arrays and objects nested at the deepest point of a parsed value (a scalar: 0). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('jsonDepthOver', () => {
  it('agrees with the parsed depth for any JSON text, brackets and escaped quotes inside strings included', () => {
    // Strings full of the characters the scan must skip: brackets, quotes, backslashes.
    const tricky = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        tricky,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 12 }), fc.boolean(), (v, max, spaced) => {
        const text = JSON.stringify(v, null, spaced ? 1 : undefined);
        expect(jsonDepthOver(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds a deep body at its bound, whatever follows it', () => {
    expect(jsonDepthOver(`${'['.repeat(512)}${']'.repeat(512)}`, 512)).toBe(false);
    expect(jsonDepthOver(`${'['.repeat(513)}${']'.repeat(513)}`, 512)).toBe(true);
    expect(jsonDepthOver(`{"a":${'['.repeat(600)}`, 512)).toBe(true);
  });
});
