/**
 * Cross-field parameter rules (`when` on objects, `totalItems` on arrays of objects): a field
 * required or forbidden by the value of a sibling, and a bound on nested items summed over an
 * array. Checked before any I/O, reported with the full field path and the rule's name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, type ParamRules } from '@switchyard/runtime';
import { validateParams } from '@switchyard/runtime/internal';

const filter = {
  type: 'object',
  properties: {
    propertyName: { type: 'string', required: true },
    operator: { type: 'string', required: true, enum: ['EQ', 'BETWEEN', 'IN', 'HAS_PROPERTY'] },
    value: { type: 'string' },
    highValue: { type: 'string' },
    values: { type: 'array', items: { type: 'string' } },
  },
  when: [
    { field: 'operator', in: ['BETWEEN'], require: ['value', 'highValue'] },
    { field: 'operator', in: ['IN'], require: ['values'], forbid: ['value'] },
  ],
} as const;

const rules: ParamRules = {
  filterGroups: {
    type: 'array',
    maxItems: 5,
    items: { type: 'object', properties: { filters: { type: 'array', maxItems: 6, items: filter } } },
    totalItems: { field: 'filters', maximum: 18 },
  },
};

function issuesOf(params: unknown) {
  try {
    validateParams('crm contacts.api_search', rules, params);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  return [];
}

const group = (...filters: object[]) => ({ filters });

describe('conditional field rules (when)', () => {
  it('BETWEEN without highValue names the field path and the rule', () => {
    const issues = issuesOf({ filterGroups: [group({ propertyName: 'amount', operator: 'BETWEEN', value: '1' })] });
    expect(issues).toEqual([
      { path: 'filterGroups[0].filters[0].highValue', rule: 'required-when', message: 'is required when operator is "BETWEEN"' },
    ]);
  });

  it('IN needs values and refuses value; a null counts as absent', () => {
    const issues = issuesOf({
      filterGroups: [
        group({ propertyName: 'a', operator: 'EQ', value: 'x' }, { propertyName: 'b', operator: 'IN', value: 'y', values: null }),
      ],
    });
    expect(issues.map((i) => `${i.path} ${i.rule}`)).toEqual([
      'filterGroups[0].filters[1].values type',
      'filterGroups[0].filters[1].values required-when',
      'filterGroups[0].filters[1].value forbidden-when',
    ]);
  });

  it('a complete filter of each operator passes, and other operators need nothing extra', () => {
    expect(
      issuesOf({
        filterGroups: [
          group(
            { propertyName: 'amount', operator: 'BETWEEN', value: '1', highValue: '9' },
            { propertyName: 'stage', operator: 'IN', values: ['a', 'b'] },
            { propertyName: 'email', operator: 'HAS_PROPERTY' },
          ),
        ],
      }),
    ).toEqual([]);
  });
});

describe('totals over nested arrays (totalItems)', () => {
  const filters = (n: number) => Array.from({ length: n }, (_, i) => ({ propertyName: `p${i}`, operator: 'EQ', value: 'v' }));

  it('19 filters over 4 groups are refused on the array, 18 pass', () => {
    const over = issuesOf({ filterGroups: [group(...filters(6)), group(...filters(6)), group(...filters(6)), group(...filters(1))] });
    expect(over).toEqual([
      { path: 'filterGroups', rule: 'totalItems', message: 'must hold at most 18 filters across all its items; got 19' },
    ]);
    expect(issuesOf({ filterGroups: [group(...filters(6)), group(...filters(6)), group(...filters(6))] })).toEqual([]);
  });

  it('the rule agrees with a direct count for any layout of groups (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 5 }), (sizes) => {
        const issues = issuesOf({ filterGroups: sizes.map((n) => group(...filters(n))) });
        const total = sizes.reduce((a, b) => a + b, 0);
        expect(issues.some((i) => i.rule === 'totalItems')).toBe(total > 18);
      }),
      { numRuns: 200 },
    );
  });
});
