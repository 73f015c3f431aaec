/**
 * The hosted search language (core/search/) is defined once: its three readings, the published
 * JSON Schema (`searchParamsSchema`), the parameter rules of search actions (`SEARCH_PARAM_RULES`)
 * and the reader the hosted executor and the service run (`searchParamsIssues`/`readSearchParams`),
 * give one verdict at and around every bound, and the reader builds the tree the service compiles.
 * test/conformance/search-contract.test.ts holds every connector and the running service to it.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import {
  SEARCH_LIMITS,
  SEARCH_OPERATOR_NAMES,
  SEARCH_PARAM_RULES,
  readSearchParams,
  searchParamsIssues,
  searchParamsSchema,
  validateParams,
} from '@switchyard/runtime/internal';

const L = SEARCH_LIMITS;
const validate = new Ajv({ allErrors: true }).compile(searchParamsSchema);

function verdicts(params: Record<string, unknown>) {
  let rules = true;
  try {
    validateParams('search', SEARCH_PARAM_RULES, params);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    rules = false;
  }
  return { schema: validate(params), rules, reader: searchParamsIssues(params).length === 0 };
}

const all = (accepted: boolean) => ({ schema: accepted, rules: accepted, reader: accepted });

describe('one verdict from the schema, the parameter rules and the reader', () => {
  it('limit: an integer from 1 to maxLimit; null means the default', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -5, max: L.maxLimit + 5 }),
          fc.constantFrom(0, 1, L.maxLimit, L.maxLimit + 1, 2 ** 53 - 1, 0.5, L.maxLimit + 0.5),
        ),
        (limit) => {
          expect(verdicts({ query: {}, limit })).toEqual(all(Number.isInteger(limit) && limit >= 1 && limit <= L.maxLimit));
        },
      ),
    );
    expect(verdicts({ query: {}, limit: null })).toEqual(all(true));
  });

  it('fields: 1 to maxFields paths; sort: at most maxSortKeys keys', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: L.maxFields + 3 }), fc.constantFrom(0, 1, L.maxFields, L.maxFields + 1)), (n) => {
        expect(verdicts({ query: {}, fields: Array.from({ length: n }, (_, i) => `f${i}`) })).toEqual(all(n >= 1 && n <= L.maxFields));
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: L.maxSortKeys + 3 }), fc.constantFrom(L.maxSortKeys, L.maxSortKeys + 1)), (n) => {
        const sort = Array.from({ length: n }, (_, i) => ({ [`f${i}`]: i % 2 ? 'desc' : 'asc' }));
        expect(verdicts({ query: { sort } })).toEqual(all(n <= L.maxSortKeys));
      }),
    );
  });

  it('cursor: a next_cursor of the service’s shape, at most maxCursorLength characters', () => {
    const long = (n: number) => `${'a'.repeat(n - 2)}.b`;
    for (const [cursor, accepted] of [
      ['abc.DEF-_', true],
      [long(L.maxCursorLength), true],
      [long(L.maxCursorLength + 1), false],
      ['no-dot', false],
      ['a b.c', false],
      ['', false],
    ] as const) {
      expect({ cursor: cursor.slice(0, 12), ...verdicts({ query: {}, cursor }) }).toEqual({
        cursor: cursor.slice(0, 12),
        ...all(accepted),
      });
    }
  });

  it('the filter operators are the language’s, in the schema and the reader alike', () => {
    const filter = (searchParamsSchema as { definitions: { filter: { properties: object } } }).definitions.filter;
    expect(Object.keys(filter.properties)).toEqual([...SEARCH_OPERATOR_NAMES]);
    for (const op of ['regex', 'EQ', '__proto__']) {
      const params = { query: { filter: JSON.parse(`{"${op}": {"a": 1}}`) as object } };
      expect({ op, schema: validate(params), reader: searchParamsIssues(params).length === 0 }).toEqual({
        op,
        schema: false,
        reader: false,
      });
    }
  });
});

describe('readSearchParams', () => {
  const asWritten = {
    filterField: (name: string) => ({ name }),
    sortField: (name: string) => ({ name }),
    projectedField: (name: string) => ({ name }),
    nameOf: (field: { name: string }) => field.name,
  };

  it('reads a search into the tree the service compiles, with the contract’s default limit', () => {
    const issues: ValidationIssue[] = [];
    const read = readSearchParams(
      { query: { filter: { eq: { a: 1, b: null }, not: { like: { c: 'x%' } } }, sort: [{ a: 'desc' }] }, fields: [['p', 'q']] },
      asWritten,
      issues,
    );
    expect(issues).toEqual([]);
    expect(read).toMatchObject({
      filter: {
        kind: 'and',
        children: [
          { kind: 'compare', op: 'eq', field: { name: 'a' }, value: 1 },
          { kind: 'compare', op: 'eq', field: { name: 'b' }, value: null },
          { kind: 'not', child: { kind: 'like', field: { name: 'c' }, pattern: 'x%' } },
        ],
      },
      sort: [{ field: { name: 'a' }, direction: 'desc' }],
      limit: L.defaultLimit,
      cursor: undefined,
      fields: [{ name: 'p.q' }],
    });
  });

  it('reports every problem at once, each with its path and rule', () => {
    const issues: ValidationIssue[] = [];
    const read = readSearchParams(
      { query: { filter: { in: { a: 'x' }, fuzzy: { b: '!!' } }, sort: [{ a: 'up' }] }, limit: L.maxLimit + 1, page: 2 },
      asWritten,
      issues,
    );
    expect(read).toBeNull();
    expect(issues.map((i) => `${i.path} ${i.rule}`)).toEqual([
      'page unknown-parameter',
      'query.filter.in.a value-type',
      'query.filter.fuzzy.b value-type',
      'query.sort[0] sort',
      'limit limit',
    ]);
  });
});
