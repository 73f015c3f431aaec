/**
 * fast-check arbitraries of parameter values: mostly values a rule accepts, plus the near misses
 * and plain wrong values that tell two validators apart. Only JSON values are produced (no NaN,
 * Infinity, undefined or functions): the published schemas describe JSON.
 */
import fc from 'fast-check';
import type { ParamRule } from '@switchyard/runtime';

/** Keys that Object.prototype answers for: a validator using `in` or `obj[key]` lets them through. */
export const PROTOTYPE_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/** A copy of `base` with `key` as an own enumerable property, even `__proto__` (as JSON.parse makes it). */
export function withOwnKey(base: object, key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const pad = (width: number) => (n: number) => String(n).padStart(width, '0');
/** Two digits from 0 to `max`, most often within [lo, hi]. */
const twoDigits = (lo: number, hi: number, max: number) =>
  fc.oneof(
    { arbitrary: fc.integer({ min: lo, max: hi }).map(pad(2)), weight: 5 },
    { arbitrary: fc.integer({ min: 0, max }).map(pad(2)), weight: 2 },
    { arbitrary: fc.constantFrom('1', '001', 'x1', ''), weight: 1 },
  );

const year = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 9999 }).map(pad(4)), weight: 4 },
  { arbitrary: fc.constantFrom('2000', '1900', '2100', '2024', '2023', '0000', '9999'), weight: 3 },
  { arbitrary: fc.constantFrom('202', '20245', '+2024', '２０２４'), weight: 1 },
);
const month = twoDigits(1, 12, 13);
const day = fc.oneof(twoDigits(1, 28, 32), fc.constantFrom('29', '30', '31'));

/** `YYYY-MM-DD`-like strings: real days, impossible days (02-30, 2023-02-29), bad shapes. */
export const dateLike: fc.Arbitrary<string> = fc
  .tuple(year, fc.constantFrom('-', '-', '-', '-', '/', ''), month, fc.constantFrom('-', '-', '-', '.'), day)
  .map((parts) => parts.join(''));

const separator = fc.oneof(
  { arbitrary: fc.constant('T'), weight: 6 },
  { arbitrary: fc.constantFrom('t', ' ', '_', '\n', '', 'TT', '\u00a0'), weight: 2 },
);
const offset = fc.oneof(
  { arbitrary: fc.constantFrom('Z', 'z'), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('+', '-'), twoDigits(0, 14, 25), fc.constantFrom(':', ':', ':', ''), twoDigits(0, 59, 61))
      .map((p) => p.join('')),
    weight: 4,
  },
  { arbitrary: fc.constantFrom('', '+02', '+00:00', '-00:00', 'Z+01:00', 'UTC', '+24:00'), weight: 2 },
);
const fraction = fc.oneof(
  { arbitrary: fc.constant(''), weight: 5 },
  { arbitrary: fc.constantFrom('.0', '.5', '.123', '.123456789', '.', ',5', '.x'), weight: 2 },
);
const time = fc
  .tuple(
    twoDigits(0, 23, 25),
    fc.constantFrom(':', ':', ':', ':', ''),
    twoDigits(0, 59, 61),
    fc.oneof({ arbitrary: fc.constant(':'), weight: 8 }, { arbitrary: fc.constant(''), weight: 1 }),
    fc.oneof({ arbitrary: twoDigits(0, 59, 61), weight: 6 }, { arbitrary: fc.constant('60'), weight: 2 }),
    fraction,
  )
  .map((parts) => (parts[3] === '' ? parts.slice(0, 3).join('') : parts.join('')));

/** A leap second at 23:59 UTC in some offset, or one minute off it. */
const leapSecond = fc
  .tuple(fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), fc.constantFrom(0, 0, 1, -1), fc.constantFrom('Z', 'offset'))
  .map(([offsetMinutes, miss, zone]) => {
    const local = (((23 * 60 + 59 + (zone === 'Z' ? 0 : offsetMinutes) + miss) % 1440) + 1440) % 1440;
    const abs = Math.abs(offsetMinutes);
    const tz = zone === 'Z' ? 'Z' : `${offsetMinutes < 0 ? '-' : '+'}${pad(2)(Math.floor(abs / 60))}:${pad(2)(abs % 60)}`;
    return `2016-12-31T${pad(2)(Math.floor(local / 60))}:${pad(2)(local % 60)}:60${tz}`;
  });

/** Date-time-like strings built from pieces (each piece right most of the time). */
export const dateTimeLike: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.tuple(dateLike, separator, time, offset).map((parts) => parts.join('')), weight: 8 },
  { arbitrary: leapSecond, weight: 2 },
);

/** URI-like strings: schemes, authorities, IPv6 literals, non-ASCII and unencoded characters. */
export const uriLike: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('https', 'http', 'mailto', 'urn', 'a', 'x-y.z+1', '1http', 'ht tp', ''),
    fc.constantFrom(':', ':', ':', ''),
    fc.constantFrom('//', '//', '/', ''),
    fc.constantFrom('', '', 'user@', 'user:pass@', 'us er@', '@'),
    fc.constantFrom('example.com', 'example.com', 'ex ample.com', 'éxample.com', '[::1]', '[v1.x]', '[zz]', '127.0.0.1', ''),
    fc.constantFrom('', '', ':80', ':', ':8x'),
    fc.constantFrom('', '/a/b', '/a%20b', '/a b', '/ä', '/%zz', '/x:y', '/a/../b'),
    fc.constantFrom('', '', '?q=1', '?q=ä', '?a=b&c', '?%'),
    fc.constantFrom('', '', '#f', '#f#g', '#ä'),
  )
  .map((parts) => parts.join(''));

const FORMAT_VALUES: Record<NonNullable<ParamRule['format']>, fc.Arbitrary<string>> = {
  'date-time': dateTimeLike,
  'utc-date-time': dateTimeLike,
  date: dateLike,
  uri: uriLike,
};

/** Small JSON values of any type. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 3 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...PROTOTYPE_KEYS)), fc.integer(), { maxKeys: 2 }),
);

/** Inserts, replaces or deletes one character: the near misses of a valid string. */
function mutate(source: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      source,
      fc.nat(),
      fc.constantFrom('insert', 'replace', 'delete'),
      fc.constantFrom('', 'x', ' ', '-', '0', ':', 'é', '😀', '\n', 'T'),
    )
    .map(([text, at, how, ch]) => {
      const i = text.length === 0 ? 0 : at % (text.length + 1);
      if (how === 'insert') return text.slice(0, i) + ch + text.slice(i);
      if (how === 'replace') return text.slice(0, i) + ch + text.slice(i + 1);
      return text.slice(0, i) + text.slice(i + 1);
    });
}

/**
 * Strings drawn from a pattern. fast-check cannot draw from lookarounds (a Zendesk query refusing
 * `type:` terms but one), so for those: the literal words of the pattern (`type:`, `ticket`)
 * joined with spaces and a few other terms, which land on both sides of such a rule.
 */
function patternValues(pattern: RegExp, maxLength: number): fc.Arbitrary<string> {
  if (!/\(\?<?[=!]/.test(pattern.source)) return fc.stringMatching(pattern, { maxLength });
  const words = [...new Set(pattern.source.match(/[A-Za-z][A-Za-z_:-]*/g) ?? [])].filter((w) => w.length > 1);
  const token = fc.constantFrom(...words, 'status:open', 'x', '"a b"', '-');
  return fc
    .array(
      fc.array(token, { minLength: 1, maxLength: 2 }).map((parts) => parts.join('')),
      { minLength: 0, maxLength: 4 },
    )
    .map((terms) => terms.join(' '));
}

function stringValues(rule: ParamRule): fc.Arbitrary<string> {
  if (rule.enum) return fc.constantFrom(...(rule.enum.filter((v) => typeof v === 'string') as string[]));
  if (rule.format) return FORMAT_VALUES[rule.format];
  if (rule.pattern) return patternValues(rule.pattern, (rule.maxLength ?? 30) + 2);
  const min = Math.max(0, (rule.minLength ?? 0) - 1);
  const max = (rule.maxLength ?? Math.max(min, 12)) + 1;
  // Graphemes, so length limits (counted in code points) are hit on both sides.
  return fc.string({
    minLength: min,
    maxLength: max,
    unit: fc.oneof(fc.constantFrom('a', 'Z', ' ', '😀', 'é'), fc.string({ minLength: 1, maxLength: 1 })),
  });
}

function integerValues(rule: ParamRule): fc.Arbitrary<number> {
  const lo = Math.max(rule.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const hi = Math.min(rule.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const edges = [lo - 1, lo, hi, hi + 1, 0, -1, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e21, -1e21, 1.5];
  return fc.oneof({ arbitrary: fc.integer({ min: lo, max: hi }), weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: 2 });
}

function numberValues(rule: ParamRule): fc.Arbitrary<number> {
  const edges = [rule.minimum, rule.maximum].filter((v): v is number => v !== undefined).flatMap((v) => [v - 0.001, v, v + 0.001]);
  return fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: rule.minimum ?? -1e6, max: rule.maximum ?? 1e6 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    ...(edges.length ? [fc.constantFrom(...edges)] : []),
  );
}

/** Values for one parameter rule: mostly plausible, some mutated, some of the wrong type. */
export function valuesFor(rule: ParamRule): fc.Arbitrary<unknown> {
  let plausible: fc.Arbitrary<unknown>;
  switch (rule.type) {
    case 'string': {
      const strings = stringValues(rule);
      plausible = fc.oneof({ arbitrary: strings, weight: 3 }, { arbitrary: mutate(strings), weight: 2 });
      break;
    }
    case 'integer':
      plausible = integerValues(rule);
      break;
    case 'number':
      plausible = numberValues(rule);
      break;
    case 'boolean':
      plausible = fc.boolean();
      break;
    case 'array':
      plausible = fc.array(rule.items ? valuesFor(rule.items) : anyJson, {
        minLength: Math.max(0, (rule.minItems ?? 0) - 1),
        maxLength: (rule.maxItems ?? 3) + 1,
      });
      break;
    case 'object':
      plausible = rule.properties ? objectValues(rule.properties) : fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 3 });
      break;
    case 'any':
      plausible = anyJson;
      break;
  }
  return fc.oneof({ arbitrary: plausible, weight: 6 }, { arbitrary: anyJson, weight: 1 });
}

/** Objects of the declared properties (required ones mostly present), sometimes with one undeclared key. */
function objectValues(properties: Readonly<Record<string, ParamRule>>): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(Object.entries(properties).map(([k, r]) => [k, valuesFor(r)]));
  const required = Object.entries(properties)
    .filter(([, r]) => r.required)
    .map(([k]) => k);
  const complete = fc.record(model, { requiredKeys: required });
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ minLength: 1, maxLength: 6 }));
  // Only the required properties, each with a value its rule accepts: with several required
  // properties (a period's fromDate and toDate) random values would almost never all pass, and the
  // accepting side of the rule would go untested.
  const minimal = fc.record(Object.fromEntries(required.map((k) => [k, acceptedValue(properties[k]!)])));
  return fc.oneof(
    { arbitrary: complete, weight: 4 },
    { arbitrary: minimal, weight: 1 },
    { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
    { arbitrary: fc.tuple(complete, extraKey, anyJson).map(([base, key, value]) => withOwnKey(base, key, value)), weight: 1 },
  );
}

const ACCEPTED_FORMAT_VALUES: Record<NonNullable<ParamRule['format']>, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  'utc-date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  uri: 'https://example.com/a',
};

/** Values a rule accepts (enum members, format samples, strings of its pattern, limits respected). */
export function acceptedValue(rule: ParamRule): fc.Arbitrary<unknown> {
  if (rule.enum) return fc.constantFrom(...rule.enum);
  switch (rule.type) {
    case 'string':
      if (rule.format) return fc.constant(ACCEPTED_FORMAT_VALUES[rule.format]);
      if (rule.pattern) {
        const pattern = rule.pattern;
        const min = rule.minLength ?? 0;
        const max = rule.maxLength ?? Infinity;
        return fc.stringMatching(pattern, { maxLength: 30 }).filter((v) => [...v].length >= min && [...v].length <= max);
      }
      return fc.constant('m'.repeat(Math.max(rule.minLength ?? 0, 1)));
    case 'integer':
    case 'number':
      return fc.constant(rule.minimum ?? Math.min(0, rule.maximum ?? 0));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(rule.items ? acceptedValue(rule.items) : fc.constant(null), {
        minLength: rule.minItems ?? 0,
        maxLength: Math.max(rule.minItems ?? 0, Math.min(rule.maxItems ?? 1, 1)),
      });
    case 'object': {
      const required = Object.entries(rule.properties ?? {}).filter(([, r]) => r.required);
      return fc.record(Object.fromEntries(required.map(([k, r]) => [k, acceptedValue(r)])));
    }
    default:
      return fc.constant(null);
  }
}
