/**
 * Each package publishes JSON Schemas of its parameters (for AI tool definitions and docs) and
 * validates with precompiled runtime rules. The two must agree: for every parameter of every
 * action of every generated connector (found from specs/*.yaml and packages/connector-*, not a
 * fixed list), fixed edge cases and fast-check values drawn from the rule, plus mutations of
 * them, are accepted by both or rejected by both. ajv with ajv-formats in its default (full) mode
 * plays the consumer of the schemas.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError, type ConnectorMetadata, type ParamRule, type ParamRules } from '@switchyard/runtime';
import { DATE_TIME_PATTERN, UTC_DATE_TIME_PATTERN, searchParamsIssues, validateParams } from '@switchyard/runtime/internal';
import { narrowedToOnly, specNames } from '../support/connectors.js';
import { PROTOTYPE_KEYS, acceptedValue, anyJson, dateLike, dateTimeLike, uriLike, valuesFor, withOwnKey } from './param-values.js';

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Random values per parameter; with about 200 parameters the file stays within a few seconds. */
const RUNS_PER_PARAM = 40;

type ObjectSchema = { properties: Record<string, object>; required?: string[] } & Record<string, unknown>;
interface GeneratedPackage {
  name: string;
  metadata: ConnectorMetadata;
  paramSchemas: Record<string, Record<string, ObjectSchema>>;
}

const specs = specNames();

const packages: GeneratedPackage[] = await Promise.all(
  readdirSync(join(ROOT, 'packages'))
    .filter((dir) => dir.startsWith('connector-'))
    .sort()
    .map(async (dir) => {
      const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as {
        name: string;
        exports: { '.': { default: string } };
      };
      const entry = pathToFileURL(join(ROOT, 'packages', dir, manifest.exports['.'].default)).href;
      return { name: manifest.name, ...((await import(entry)) as Omit<GeneratedPackage, 'name'>) };
    }),
);

/** Fixed values every parameter sees, including the ones that once slipped through. */
const CANDIDATES: unknown[] = [
  null,
  '',
  'a',
  '.',
  '..',
  'launch-plans_2',
  'Launch Plans',
  'x'.repeat(80),
  'x'.repeat(81),
  '🚀'.repeat(250),
  'x'.repeat(251),
  'ENG-123',
  ':thumbsup:',
  'public_channel,im',
  'public_channel,email',
  '1712345678.000200',
  '2024-02-30',
  '2024-01-31',
  '2024-01-31T10:00:00Z',
  '2024-01-31T10:00:00+02:00',
  '2024-01-31T10:00:00+0200',
  '2024-01-31 10:00:00Z',
  '2024-01-31t10:00:00z',
  '2024-01-31T24:00:00Z',
  '2024-01-31T12:00Z',
  '2016-12-31T23:59:60Z',
  '2024-02-30T10:00:00Z',
  'https://example.com/a?b=c',
  'resume',
  'active',
  'hired',
  -1,
  0,
  1,
  1.5,
  250,
  251,
  1000,
  2 ** 53 - 1,
  2 ** 53,
  1e21,
  -1e21,
  true,
  false,
  [],
  ['a'],
  [1],
  {},
  { filter: { eq: { id: 'x' } } },
  JSON.parse('{"__proto__": {"x": 1}}'),
  { constructor: 'x' },
];

function runtimeAccepts(rules: ParamRules, params: unknown): boolean {
  try {
    validateParams('agreement', rules, params);
    return true;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return false;
  }
}

const compiled = new WeakMap<object, Map<string, ValidateFunction>>();
/** ajv's validator of `schema`, compiled once per schema and key. */
function compileOnce(schema: object, key: string, make: () => object): ValidateFunction {
  let byKey = compiled.get(schema);
  if (!byKey) compiled.set(schema, (byKey = new Map()));
  let validate = byKey.get(key);
  if (!validate) byKey.set(key, (validate = ajv.compile(make())));
  return validate;
}

/**
 * Both verdicts on one parameter's value, the others left out. The runtime checks a search action
 * with the search language's reader (what the hosted executor runs), not with its parameter rules,
 * so its parameters are judged by that reader, next to the required `query`, against the whole
 * published schema (its filter is a definition the query refers to).
 */
function verdictsOf(
  kind: string,
  param: string,
  rule: ParamRule,
  schema: ObjectSchema,
  value: unknown,
): { byJson: boolean; byRuntime: boolean } {
  if (kind === 'search') {
    const params = param === 'query' ? { query: value } : { query: {}, [param]: value };
    const validateJson = compileOnce(schema, '', () => schema);
    return { byJson: validateJson(params), byRuntime: searchParamsIssues(params).length === 0 };
  }
  const validateJson = compileOnce(schema, param, () => ({
    type: 'object',
    properties: { [param]: schema.properties[param] },
    additionalProperties: false,
  }));
  return {
    byJson: validateJson({ [param]: value }),
    byRuntime: runtimeAccepts({ [param]: { ...rule, required: false } }, { [param]: value }),
  };
}

/** Every rule optional: other required parameters are out of the picture on both sides. */
function lenient(rules: ParamRules): ParamRules {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, { ...rule, required: false }]));
}

it('every spec has a generated package and every package a spec', () => {
  expect(packages.map((p) => p.metadata.name).sort()).toEqual(specs);
  expect(specs.length).toBeGreaterThan(0);
});

/** SWITCHYARD_MATRIX_ONLY narrows the per-package checks to those connectors (test/support/connectors.ts). */
const checked = packages.filter((p) => narrowedToOnly([p.metadata.name]).length > 0);

describe.each(checked)('$name: published parameter schemas agree with the runtime validator', ({ metadata, paramSchemas }) => {
  const actions = Object.entries(metadata.actions).flatMap(([entity, byName]) =>
    Object.keys(byName).map((action) => [entity, action] as const),
  );
  const params = actions.flatMap(([entity, action]) =>
    Object.keys(metadata.actions[entity]![action]!.params).map((param) => [entity, action, param] as const),
  );

  it.each(params)('%s.%s %s', (entity, action, param) => {
    const { kind, params: rules } = metadata.actions[entity]![action]!;
    const rule = rules[param]! as ParamRule;
    const schema = paramSchemas[entity]![action]!;
    const tally = { accepted: 0, rejected: 0 };
    const verdicts = (value: unknown) => {
      const { byJson, byRuntime } = verdictsOf(kind, param, rule, schema, value);
      tally[byRuntime ? 'accepted' : 'rejected']++;
      return { value, byJson, byRuntime };
    };

    // A compound value passes only when every part does, so the random draws below may all land on
    // its rule's refusing side: an object with several required properties (a period's fromDate and
    // toDate), an array whose every item must be one of an enum (GitHub's teams.list `fields`: none
    // of 40 draws accepted, once in a whole run). Such a rule also sees a few values it accepts,
    // drawn with a fixed seed, and both sides must accept them. (A search action's parameters are
    // judged by the search reader, whose rules are not the published ones: its own suites cover them.)
    const compound = (rule.type === 'object' || rule.type === 'array') && kind !== 'search';
    const accepted = compound ? fc.sample(acceptedValue(rule), { numRuns: 3, seed: 7 }) : [];
    expect(accepted.map(verdicts).filter((v) => !v.byJson || !v.byRuntime)).toEqual([]);
    const disagreements = CANDIDATES.map(verdicts).filter((v) => v.byJson !== v.byRuntime);
    expect(disagreements).toEqual([]);
    fc.assert(
      fc.property(valuesFor(rule), (value) => {
        const { byJson, byRuntime } = verdicts(value);
        expect({ value, verdict: byRuntime }).toEqual({ value, verdict: byJson });
      }),
      { numRuns: RUNS_PER_PARAM },
    );
    // Both verdicts occurred, so agreement was tested on each side of the rule.
    expect(tally.rejected).toBeGreaterThan(0);
    if (rule.type !== 'any') expect(tally.accepted).toBeGreaterThan(0);
  });

  it.each(actions)('%s.%s: undeclared and prototype-named keys are refused on both sides', (entity, action) => {
    const rules = lenient(metadata.actions[entity]![action]!.params);
    const { required: _required, ...schema } = paramSchemas[entity]![action]!;
    const validateJson: ValidateFunction = ajv.compile(schema);
    expect(validateJson({})).toBe(true);
    expect(runtimeAccepts(rules, {})).toBe(true);
    const key = fc
      .oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ minLength: 1, maxLength: 8 }))
      .filter((k) => !Object.hasOwn(rules, k));
    fc.assert(
      fc.property(key, anyJson, (name, value) => {
        const params = withOwnKey({}, name, value);
        expect({ name, byJson: validateJson(params), byRuntime: runtimeAccepts(rules, params) }).toEqual({
          name,
          byJson: false,
          byRuntime: false,
        });
      }),
      { numRuns: 20 },
    );
    for (const name of PROTOTYPE_KEYS) {
      // JSON.parse makes "__proto__" an own property, exactly as a request body would.
      const parsed: unknown = JSON.parse(`{${JSON.stringify(name)}: 1}`);
      expect({ name, byJson: validateJson(parsed), byRuntime: runtimeAccepts(rules, parsed) }).toEqual({
        name,
        byJson: false,
        byRuntime: false,
      });
    }
  });
});

describe('string formats: the runtime and ajv-formats (full) with the published patterns accept the same strings', () => {
  // The schemas the generator emits for each format (it imports the same pattern constants).
  const formats: [NonNullable<ParamRule['format']>, object, fc.Arbitrary<string>, string[]][] = [
    [
      'date-time',
      { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
      dateTimeLike,
      [
        '2024-01-01T24:00:00Z',
        '2024-01-01T12:00Z',
        '2016-12-31T23:59:60Z',
        '2016-12-31T23:59:60.5Z',
        '2016-12-31t23:59:60z',
        '2016-12-31T20:59:60-03:00',
        '2016-12-31T00:00:60+00:01',
        '2017-01-01T00:00:60-00:01',
        '2016-12-31T23:59:60+01:00',
        '2024-01-01T25:59:60+02:00',
        '2024-01-01 12:00:00Z',
        '2024-01-01T12:00:00+0200',
        '2024-01-01T12:00:00+02',
        '2024-02-29T00:00:00Z',
        '2023-02-29T00:00:00Z',
        '2100-02-29T00:00:00Z',
        '2000-02-29T00:00:00Z',
        '0000-02-29T00:00:00Z',
        '2024-01-01T12:00:00.123456789-11:30',
        '2024-01-01T12:00:00+24:00',
        '2024-01-01T12:00:00-23:59',
        '2024-01-01T12:00:00.Z',
      ],
    ],
    [
      'utc-date-time',
      { type: 'string', format: 'date-time', pattern: UTC_DATE_TIME_PATTERN },
      dateTimeLike,
      ['2024-01-01T00:00:00Z', '2016-12-31T23:59:60Z', '2024-01-01T12:59:60Z', '2024-01-01T00:00:00.0Z', '2024-01-01t00:00:00z'],
    ],
    [
      'date',
      { type: 'string', format: 'date' },
      dateLike,
      ['2024-02-29', '2023-02-29', '1900-02-29', '2024-04-31', '2024-00-10', '2024-1-01'],
    ],
    [
      'uri',
      { type: 'string', format: 'uri' },
      uriLike,
      [
        'https://example.com',
        'urn:isbn:0451450523',
        'mailto:a@example.com',
        'https://exa mple.com',
        'https://éxample.com',
        '//example.com',
        'a:b',
      ],
    ],
  ];

  it.each(formats)('%s', (format, schema, values, edges) => {
    const validateJson = ajv.compile(schema);
    const rules: ParamRules = { v: { type: 'string', format } };
    const tally = { accepted: 0, rejected: 0 };
    const check = (value: string) => {
      const byRuntime = runtimeAccepts(rules, { v: value });
      tally[byRuntime ? 'accepted' : 'rejected']++;
      expect({ value, verdict: byRuntime }).toEqual({ value, verdict: validateJson(value) });
    };
    edges.forEach(check);
    fc.assert(fc.property(fc.oneof({ arbitrary: values, weight: 9 }, { arbitrary: fc.string(), weight: 1 }), check), { numRuns: 3000 });
    expect(tally.accepted).toBeGreaterThan(100);
    expect(tally.rejected).toBeGreaterThan(100);
  });
});
