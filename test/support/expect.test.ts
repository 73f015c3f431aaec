/** expectDeepEqual passes what toEqual passes and fails what toEqual fails, with toEqual's report. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDeepEqual } from './expect.js';

const outcome = (check: () => void): string | undefined => {
  try {
    check();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('expectDeepEqual', () => {
  it('agrees with toEqual on JSON values and their near copies', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.boolean(), (a, b, same) => {
        const other = same ? (JSON.parse(JSON.stringify(a)) as unknown) : b;
        expect(outcome(() => expectDeepEqual(a, other))).toBe(outcome(() => expect(a).toEqual(other)));
      }),
    );
  });

  it('passes values toEqual takes as equal although they differ strictly', () => {
    expect(() => expectDeepEqual({ a: 1, b: undefined }, { a: 1 })).not.toThrow();
  });

  it('fails with the difference', () => {
    expect(() => expectDeepEqual({ data: [{ id: 1 }] }, { data: [{ id: 2 }] })).toThrow(/expected .* to deeply equal/);
  });
});
