/**
 * A vendor's JSON is read as JSON.parse reads it, except that an integer JavaScript cannot hold
 * exactly (beyond ±(2^53−1)) is given as the string of its digits: properties over JSON texts of
 * any shape, and over texts with such integers placed anywhere; the cases where the exact parser
 * must still agree with JSON.parse (a repeated key, `__proto__`, invalid text); and the response
 * rule `integersAsStrings`, through the client.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExactly, parseVendorJson } from '../src/core/vendor-json.js';
import { routes, useServers, widgetsClient, widgetsMetadata } from './helpers.js';

const UNSAFE = 2n ** 53n;
/** Integers beyond the safe range, either sign, up to 30 digits. */
const unsafeInteger = fc.oneof(fc.bigInt({ min: UNSAFE, max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: -UNSAFE }));

/** `value` as JSON text, with each bigint written as a JSON number of its digits. */
function textOf(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `@@${v}@@` : v), space).replace(/"@@(-?\d+)@@"/g, '$1');
}

/** What the reader must give for `value`: bigints as their digits, everything else unchanged. */
function expectedOf(value: unknown): unknown {
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(expectedOf);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expectedOf(v)]));
  return value;
}

/** Whether JSON text of `value` holds an integer beyond 2^53 (a double such as 1e20 is written as one). */
function holdsUnsafeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(holdsUnsafeInteger);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsUnsafeInteger);
  return false;
}

describe('parseVendorJson', () => {
  it('reads any JSON text as JSON.parse does when no integer in it is beyond 2^53, on either path', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, space) => {
        fc.pre(!holdsUnsafeInteger(value));
        const text = JSON.stringify(value, null, space);
        const parsed = JSON.parse(text) as unknown;
        expect(parseVendorJson(text)).toEqual(parsed);
        expect(parseExactly(text)).toEqual(parsed);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each integer beyond 2^53 as its exact digits, wherever it is, and every other value as it was', () => {
    const double = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0) && !holdsUnsafeInteger(d));
    const leaf = fc.oneof(unsafeInteger, fc.integer(), double, fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null));
    const tree = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, fc.constantFrom(undefined, 1), (value, space) => {
        expect(parseVendorJson(textOf(value, space))).toEqual(expectedOf(value));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with JSON.parse on repeated keys (the last wins), __proto__ (an own key) and invalid text (a SyntaxError)', () => {
    const text = '{"a":1,"a":2,"__proto__":{"polluted":true},"id":12345678901234567890}';
    const parsed = parseVendorJson(text) as Record<string, unknown>;
    expect(parsed['a']).toBe(2);
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(parsed['id']).toBe('12345678901234567890');
    for (const bad of ['{"id":12345678901234567890', '[12345678901234567890,]', '12345678901234567890x']) {
      expect(() => parseVendorJson(bad)).toThrow(SyntaxError);
    }
  });

  it('leaves digits inside strings alone, and reads a 16-digit safe integer as a number', () => {
    expect(parseVendorJson('{"id":"12345678901234567890","n":1234567890123456,"s":": 12345678901234567890"}')).toEqual({
      id: '12345678901234567890',
      n: 1234567890123456,
      s: ': 12345678901234567890',
    });
  });
});

describe('integersAsStrings', () => {
  const serve = useServers();

  it('gives the declared integers as their digits, through [] too, and leaves other values and fields alone', async () => {
    const server = await serve(
      routes({
        'GET /widgets': (_req, _params, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            '{"widgets":[{"id":6843152929075440037,"ownerId":42,"parts":[{"partId":7782342274025937895},{"partId":"p-2"},{"partId":null}],"count":7},' +
              '{"id":"already-a-string","ownerId":null,"parts":"not a list","count":12345678901234567890}],"meta":{"next_cursor":""}}',
          );
        },
      }),
    );
    const metadata = widgetsMetadata(server.url);
    const list = metadata.actions['widgets']!['list']!;
    const withRule = {
      ...metadata,
      actions: {
        ...metadata.actions,
        widgets: {
          ...metadata.actions['widgets'],
          list: { ...list, response: { ...list.response!, integersAsStrings: ['id', 'ownerId', 'parts[].partId'] } },
        },
      },
    };
    const { data } = await widgetsClient(server, undefined, {}, withRule).execute('widgets', 'list', {});
    expect(data).toEqual([
      {
        id: '6843152929075440037',
        ownerId: '42',
        parts: [{ partId: '7782342274025937895' }, { partId: 'p-2' }, { partId: null }],
        count: 7,
        labelIds: null,
      },
      { id: 'already-a-string', ownerId: null, parts: 'not a list', count: '12345678901234567890', labelIds: null },
    ]);
  });
});
