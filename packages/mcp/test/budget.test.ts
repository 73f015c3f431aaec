/**
 * The result budget as a pure function, over random records and budgets: the text is always valid
 * JSON within the budget and equal to the value returned; a page keeps a prefix of whole records,
 * as many as fit (one more would not), and says how many it left out and the skip that reads them;
 * a result that cannot fit at all is refused rather than cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBudget } from '@switchyard/mcp';

const record = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }),
  ),
  { maxKeys: 12 },
);
const meta = fc.record({ next_cursor: fc.option(fc.string({ maxLength: 40 }), { nil: null }) });
const hint = (skip: number) => `Call again with "skip": ${skip}.`;
/** The text of a page keeping its first `kept` records, exactly as the budget writes it. */
const pageText = (records: unknown[], m: unknown, kept: number, skipped: number, budget: number): string =>
  JSON.stringify({
    data: records.slice(0, kept),
    meta: m,
    truncated: {
      records_returned: kept,
      records_left_out: records.length - kept,
      next_skip: skipped + kept,
      budget_chars: budget,
      how_to_get_the_rest: hint(skipped + kept),
    },
  });

describe('applyBudget', () => {
  it('keeps a page within the budget with as many whole records as fit, and says how to get the rest', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 40 }),
        meta,
        fc.integer({ min: 50, max: 6000 }),
        fc.nat(30),
        (records, m, budget, skipped) => {
          const outcome = applyBudget({ value: { data: records, meta: m }, listKey: 'data', budget, skipped, howToGetTheRest: hint });
          const whole = JSON.stringify({ data: records, meta: m });
          if (!outcome.ok) {
            // Refused only when not even the first record fits (or there is none and the rest does not).
            expect(whole.length).toBeGreaterThan(budget);
            expect(pageText(records, m, Math.min(1, records.length), skipped, budget).length).toBeGreaterThan(budget);
            return;
          }
          expect(outcome.text.length).toBeLessThanOrEqual(budget);
          expect(JSON.parse(outcome.text)).toEqual(outcome.value);
          const kept = outcome.value['data'] as unknown[];
          expect(kept).toEqual(JSON.parse(JSON.stringify(records.slice(0, kept.length))));
          expect(outcome.value['meta']).toEqual(m);
          if (whole.length <= budget) {
            expect(outcome.truncation).toBeUndefined();
            expect(kept).toHaveLength(records.length);
            return;
          }
          const note = outcome.truncation!;
          expect(note.records_returned).toBe(kept.length);
          expect(note.records_left_out).toBe(records.length - kept.length);
          expect(note.records_left_out).toBeGreaterThan(0);
          expect(note.next_skip).toBe(skipped + kept.length);
          expect(note.budget_chars).toBe(budget);
          expect(note.how_to_get_the_rest).toBe(hint(skipped + kept.length));
          expect(outcome.text).toBe(pageText(records, m, kept.length, skipped, budget));
          // As many as fit: one more record would not.
          expect(pageText(records, m, kept.length + 1, skipped, budget).length).toBeGreaterThan(budget);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('returns a single record whole or refuses it, never cut', () => {
    fc.assert(
      fc.property(record, fc.integer({ min: 10, max: 3000 }), (r, budget) => {
        const outcome = applyBudget({ value: { data: r, meta: {} }, budget, howToGetTheRest: hint });
        const text = JSON.stringify({ data: r, meta: {} });
        if (text.length <= budget) {
          expect(outcome).toMatchObject({ ok: true, text });
        } else {
          expect(outcome).toEqual({ ok: false, size: text.length, firstRecordOnly: false });
        }
      }),
    );
  });

  it('names the first record when it alone is over the budget', () => {
    const big = { id: 1, text: 'x'.repeat(500) };
    const outcome = applyBudget({ value: { data: [big, { id: 2 }], meta: {} }, listKey: 'data', budget: 400, howToGetTheRest: hint });
    expect(outcome).toEqual({ ok: false, size: JSON.stringify(big).length, firstRecordOnly: true });
  });

  it('measures characters as JSON text, escapes included', () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ id: i, text: '"\\\n\u0001é😀'.repeat(20) }));
    const outcome = applyBudget({ value: { data: records, meta: {} }, listKey: 'data', budget: 1500, howToGetTheRest: hint });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.text.length).toBeLessThanOrEqual(1500);
      expect(JSON.parse(outcome.text).data.length).toBe(outcome.truncation!.records_returned);
    }
  });
});
