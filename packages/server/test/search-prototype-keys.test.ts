/**
 * Search paths through keys named like Object.prototype members (`profile.__proto__.x`,
 * `constructor.prototype`), over random records and random paths: the projection of a hit and the
 * containment documents the filter compiler builds hold exactly the record's own keys, the record
 * read is left as it was, and no prototype of the process changes. The oracle reads property
 * descriptors and models objects as Maps (no code shared with core/own-keys.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prototypeSnapshot } from '../../../test/support/prototype-snapshot.js';
import { FilterCompiler } from '../src/search/plan/compile-filter.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';
import { projectRecord } from '../src/search/query/projection.js';
import { EntitySchema } from '../src/search/query/searchable-fields.js';
import { SqlParams } from '../src/search/plan/sql-params.js';

const schema = new EntitySchema('users', { id: 'string', name: 'string', profile: 'object', items: 'array' });
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
/** Keys that are also valid search path segments (letters, digits, `_`, `-`). */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom('x', 'a', 'b-c', '_') },
);
const arrayIndex = fc.constantFrom('0', '1');

const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 5 })),
    fc.array(tie('json'), { maxLength: 2 }),
    fc.array(fc.tuple(segment, tie('json')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
  ),
}));
/** A record as the store's jsonb readers hand it over (own keys, `__proto__` included). */
const record = fc
  .tuple(fc.string({ maxLength: 4 }), json, fc.array(fc.tuple(segment, json), { maxLength: 3 }))
  .map(([id, profile, top]) => Object.fromEntries([...top, ['id', id], ['profile', profile]]) as Record<string, unknown>);
/** Requested fields: `id`, `name`, `profile` and paths below it, as dot text or as segment arrays. */
const fieldPath = fc.oneof(
  fc.constantFrom(['id'], ['name'], ['profile']),
  fc.array(fc.oneof(segment, arrayIndex), { minLength: 1, maxLength: 4 }).map((rest) => ['profile', ...rest]),
);
const fields = fc.array(
  fieldPath.chain((p) => fc.constantFrom<unknown>(p.join('.'), p)),
  { minLength: 1, maxLength: 6 },
);

function ownByDescriptor(value: unknown, k: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, k);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

type Model = null | boolean | number | string | Model[] | Map<string, Model>;

function model(value: unknown): Model {
  if (Array.isArray(value)) return value.map(model);
  if (value !== null && typeof value === 'object') {
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    return new Map(Object.getOwnPropertyNames(value).map((k) => [k, model(ownByDescriptor(value, k))]));
  }
  return value as Model;
}

/** The projection as specified: each present path in order; a value already on the way (not an object) holds the part. */
function expectedProjection(data: unknown, paths: readonly (readonly string[])[]): Map<string, Model> {
  const out = new Map<string, Model>();
  for (const p of paths) {
    let value: unknown = data;
    for (const k of p) value = ownByDescriptor(value, k);
    if (value === undefined) continue;
    let node = out;
    let blocked = false;
    for (const k of p.slice(0, -1)) {
      const child = node.get(k);
      if (child instanceof Map) node = child;
      else if (child === undefined) node.set(k, (node = new Map()));
      else {
        blocked = true;
        break;
      }
    }
    if (!blocked) node.set(p[p.length - 1]!, model(value));
  }
  return out;
}

describe('search projection over random records and key paths', () => {
  it('holds exactly the own keys at the requested paths, keeps the record as it was and never touches a prototype', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(record, fields, (data, requested) => {
        const parsed = parseSearchParams({ query: {}, fields: requested }, schema);
        const paths = parsed.fields!.map((f) => f.path);
        const recordBefore = model(data);
        const hit = projectRecord(data, schema, parsed.fields);
        const expected = expectedProjection(data, paths);
        expect(model(hit)).toEqual(expected);
        // What the HTTP answer carries: the same keys after JSON.stringify and JSON.parse.
        expect(model(JSON.parse(JSON.stringify(hit)))).toEqual(expected);
        expect(model(data)).toEqual(recordBefore);
        expect(prototypeSnapshot()).toEqual(before);
      }),
      { numRuns: 400 },
    );
  });

  it('without `fields`, holds the declared fields, a `__proto__` key inside them included', () => {
    const data = JSON.parse(
      '{"id": "U1", "name": "ada", "profile": {"__proto__": {"x": "yes"}}, "constructor": {"prototype": 1}}',
    ) as Record<string, unknown>;
    const hit = projectRecord(data, schema, null);
    expect(JSON.stringify(hit)).toBe('{"id":"U1","name":"ada","profile":{"__proto__":{"x":"yes"}}}');
  });
});

describe('containment documents of filters over random key paths', () => {
  const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean());
  const relativePath = fc.array(segment, { minLength: 1, maxLength: 3 }).map((p) => p.join('.'));

  /** The JSON documents bound as jsonb parameters, parsed (own keys, as PostgreSQL reads them). */
  function jsonParams(params: SqlParams): Model[] {
    return params.values.filter((v): v is string => typeof v === 'string' && v.startsWith('{')).map((v) => model(JSON.parse(v)));
  }

  it('`eq` on a path below an object field binds {path: value} with every segment an own key', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(relativePath, scalar, (rest, value) => {
        const parsed = parseSearchParams({ query: { filter: { eq: { [`profile.${rest}`]: value } } } }, schema);
        const params = new SqlParams();
        new FilterCompiler(params).compile(parsed.filter, 'r.data');
        let expected: Model = value;
        for (const k of ['profile', ...rest.split('.')].reverse()) expected = new Map([[k, expected]]);
        expect(jsonParams(params)).toEqual([expected]);
        expect(prototypeSnapshot()).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it("`any` binds the element's merged equalities (or none when two of them collide) with every segment an own key", () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(relativePath, scalar), { minLength: 1, maxLength: 4, selector: ([p]) => p }), (pairs) => {
        const where = { eq: Object.fromEntries(pairs) };
        const parsed = parseSearchParams({ query: { filter: { any: { items: where } } } }, schema);
        const params = new SqlParams();
        new FilterCompiler(params).compile(parsed.filter, 'r.data');
        // The oracle's merge: a key met twice (a value and a path below it) is a collision.
        let element: Map<string, Model> | null = new Map();
        for (const [p, value] of pairs) {
          const keys = p.split('.');
          let node: Map<string, Model> = element;
          for (const k of keys.slice(0, -1)) {
            const child = node.get(k);
            if (child === undefined) node.set(k, (node = new Map()));
            else if (child instanceof Map) node = child;
            else element = null;
            if (element === null) break;
          }
          if (element === null) break;
          if (node.has(keys[keys.length - 1]!)) {
            element = null;
            break;
          }
          node.set(keys[keys.length - 1]!, value);
        }
        // (toEqual, not toContainEqual: only toEqual compares the entries of Maps.)
        const documents = jsonParams(params).filter((d) => d instanceof Map && d.has('items'));
        expect(documents).toEqual(element ? [new Map([['items', [element]]])] : []);
        expect(prototypeSnapshot()).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
