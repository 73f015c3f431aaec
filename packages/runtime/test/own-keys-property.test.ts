/**
 * The own-keys helpers every walker of outside keys uses (core/own-keys.ts), over random JSON
 * values and random key paths that favour `__proto__`, `constructor`, `prototype` and other names
 * Object.prototype holds: reads see own properties only, writes build exactly the expected own
 * structure, and no prototype of the process ever changes. The oracle reads property descriptors
 * and models objects as Maps, so it shares no code or mechanism with the helpers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, type ActionMetadata } from '../src/index.js';
import { Redactor, getOwn, getOwnPath, redactError, setOwn, setOwnPath } from '../src/internal/index.js';
import { readMeta, readRecords } from '../src/internal/response-reader.js';
import { prototypeSnapshot } from '../../../test/support/prototype-snapshot.js';

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom('x', 'id', 'profile', '0', '1', 'length', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const path = fc.array(key, { minLength: 1, maxLength: 5 });

/** JSON values as JSON.parse makes them: every object key an own data property, `__proto__` included. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 5 })),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie('json')), { maxLength: 4 }).map((entries) => Object.fromEntries(entries)),
  ),
}));
const object = fc.array(fc.tuple(key, json), { maxLength: 5 }).map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** The oracle's read: an own data property, found through its descriptor. */
function ownByDescriptor(value: unknown, k: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, k);
  return descriptor && 'value' in descriptor ? descriptor.value : undefined;
}

type Model = null | boolean | number | string | Model[] | Map<string, Model>;

/** The value as the oracle sees it: arrays, and objects as Maps of their own string keys. */
function model(value: unknown): Model {
  if (Array.isArray(value)) return value.map(model);
  if (value !== null && typeof value === 'object') {
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    return new Map(Object.getOwnPropertyNames(value).map((k) => [k, model(ownByDescriptor(value, k))]));
  }
  return value as Model;
}

/** setOwnPath as specified, on the Map model: false when `keep` meets a value that is not an object. */
function modelSet(root: Map<string, Model>, keys: readonly string[], value: Model, keep: boolean): boolean {
  let node = root;
  for (const k of keys.slice(0, -1)) {
    const child = node.get(k);
    if (child instanceof Map) {
      node = child;
      continue;
    }
    if (child !== undefined && keep) return false;
    const created = new Map<string, Model>();
    node.set(k, created);
    node = created;
  }
  node.set(keys[keys.length - 1]!, value);
  return true;
}

describe('own-keys helpers over random key paths', () => {
  it('getOwn and getOwnPath read own properties only, at every step', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(json, path, (value, keys) => {
        let expected: unknown = value;
        for (const k of keys) expected = ownByDescriptor(expected, k);
        expect(getOwnPath(value, keys)).toBe(expected);
        expect(getOwn(value, keys[0]!)).toBe(ownByDescriptor(value, keys[0]!));
        // A plain object without own keys has nothing at any path, whatever Object.prototype holds.
        expect(getOwnPath({}, keys)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    expect(getOwnPath(JSON.parse('{"a": {"__proto__": {"x": 1}}}'), ['a', '__proto__', 'x'])).toBe(1);
    expect(getOwnPath({ a: [10, 20] }, ['a', '1'])).toBe(20);
    expect(getOwnPath('text', [])).toBe('text');
    expect(prototypeSnapshot()).toEqual(before);
  });

  it('setOwnPath writes exactly the expected own structure, through JSON and back, and never a prototype', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(object, path, json, fc.boolean(), (target, keys, value, keep) => {
        const expected = model(target) as Map<string, Model>;
        const expectedWritten = modelSet(expected, keys, model(value), keep);
        const written = setOwnPath(target, keys, value, { existing: keep ? 'keep' : 'replace' });
        expect(written).toBe(expectedWritten);
        expect(model(target)).toEqual(expected);
        expect(model(JSON.parse(JSON.stringify(target)))).toEqual(expected);
        if (written) expect(getOwnPath(target, keys)).toBe(value);
        expect(prototypeSnapshot()).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('setOwn stores any key as an own enumerable data property', () => {
    const before = prototypeSnapshot();
    fc.assert(
      fc.property(key, json, (k, value) => {
        const target: Record<string, unknown> = {};
        setOwn(target, k, value);
        expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
        expect(Object.getOwnPropertyDescriptor(target, k)).toEqual({ value, writable: true, enumerable: true, configurable: true });
        expect(Object.keys(target)).toEqual([k]);
      }),
    );
    expect(prototypeSnapshot()).toEqual(before);
  });

  it('the walk that once reached Object.prototype now builds the key', () => {
    const out: Record<string, unknown> = {};
    setOwnPath(out, ['profile', '__proto__', 'x'], 'yes');
    setOwnPath(out, ['constructor', 'prototype', 'y'], 'yes');
    expect(JSON.stringify(out)).toBe('{"profile":{"__proto__":{"x":"yes"}},"constructor":{"prototype":{"y":"yes"}}}');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(Object.prototype.constructor).toBe(Object);
    expect(() => setOwnPath(out, [], 1)).toThrow(TypeError);
  });
});

describe('the runtime walkers keep such keys of vendor bodies as data', () => {
  const action = (response: ActionMetadata['response'], meta?: ActionMetadata['meta']): ActionMetadata =>
    ({ entity: 'users', name: 'list', kind: 'list', returnsList: true, params: {}, response, meta }) as unknown as ActionMetadata;

  it('redaction copies every key of an error body as an own key, whatever the body holds', () => {
    const before = prototypeSnapshot();
    const redactor = new Redactor();
    redactor.add('s3cret-token');
    fc.assert(
      fc.property(json, (body) => {
        expect(model(redactor.value(body))).toEqual(model(body));
        const copy = redactError(new ApiError('failed', { status: 400, headers: new Headers(), body }), redactor);
        expect(model(copy.body)).toEqual(model(body));
        expect(prototypeSnapshot()).toEqual(before);
      }),
      { numRuns: 300 },
    );
    const body = JSON.parse('{"__proto__": {"token": "s3cret-token"}, "constructor": "s3cret-token"}') as unknown;
    expect(JSON.stringify(redactor.value(body))).toBe('{"__proto__":{"token":"[REDACTED]"},"constructor":"[REDACTED]"}');
  });

  it('records keep such keys; derived fields and meta members are own keys read from own keys', () => {
    const body = JSON.parse(
      '{"items": [{"id": "u1", "owner": {"__proto__": {"id": "o1"}}, "prototype": 1}, {"id": "u2", "constructor": "vendor"}], "page": {"__proto__": "next"}}',
    ) as unknown;
    const records = readRecords(
      action({ records: 'items', derive: { constructor: 'owner.__proto__.id', owner_id: 'owner.__proto__.id' } }),
      body,
    );
    expect(JSON.stringify(records)).toBe(
      '[{"id":"u1","owner":{"__proto__":{"id":"o1"}},"prototype":1,"constructor":"o1","owner_id":"o1"},' +
        '{"id":"u2","constructor":"vendor","owner_id":null}]',
    );
    const members = JSON.parse('{"__proto__": "page.__proto__", "constructor": "page.constructor"}') as Record<string, string>;
    const meta = readMeta(action({ records: 'items' }, members), body, new Headers(), null);
    expect(JSON.stringify(meta)).toBe('{"__proto__":"next","constructor":null}');
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
  });
});
