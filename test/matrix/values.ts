/**
 * Parameter values the matrix makes up from a parameter's rule: a valid value for any declared
 * parameter, and the values just inside and just outside each limit of a published schema.
 */
import type { ParamRule } from '@switchyard/runtime';
import type { ConnectorFixture, Params } from './fixture.js';
import type { ActionRef } from './setup.js';
import { exampleParams } from './setup.js';
import type { FakeServer } from '../fakes/harness.js';

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  'utc-date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  uri: 'https://example.com/matrix',
};

/**
 * A value the parameter accepts: the action's example, else the fixture's `values`, else one
 * made from the rule. Throws when only the fixture can know (a pattern), saying what to add.
 */
export function validValue(fixture: ConnectorFixture, ref: ActionRef, name: string, rule: ParamRule, example: Params): unknown {
  if (example[name] !== undefined) return example[name];
  const given = fixture.values[`${ref.key}.${name}`] ?? fixture.values[name];
  if (given !== undefined) return given;
  return madeUp(rule, `${fixture.pkg.metadata.name} ${ref.key}.${name}`);
}

function madeUp(rule: ParamRule, where: string): unknown {
  if (rule.enum) return rule.enum[0];
  switch (rule.type) {
    case 'integer':
    case 'number':
      return rule.minimum ?? Math.min(1, rule.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (rule.pattern) throw new Error(`${where} must match ${rule.pattern}: give a matching value in the fixture's \`values\``);
      if (rule.format) return FORMAT_SAMPLES[rule.format];
      return 'm'.repeat(Math.max(rule.minLength ?? 1, 1));
    case 'array':
      return rule.items ? [madeUp(rule.items, `${where}[]`)] : [];
    case 'object':
      return {};
    default:
      return 'm';
  }
}

/** The action's example with a valid value for every other declared parameter too. */
export function fullParams(fixture: ConnectorFixture, ref: ActionRef, fake: FakeServer): Params {
  const example = exampleParams(fixture, ref, fake);
  const out: Params = {};
  for (const [name, rule] of Object.entries(ref.meta.params)) out[name] = validValue(fixture, ref, name, rule, example);
  return out;
}

/** One limit of a published parameter schema, with a value on each side of it. */
export interface Boundary {
  param: string;
  /** The JSON Schema keyword. */
  keyword: 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'enum' | 'pattern';
  /**
   * The `rule` a ValidationError issue may name: the keyword, or `format` for a pattern that only
   * spells out the parameter's format for JSON Schema readers (ISO 8601 date-times).
   */
  rules: string[];
  limit: unknown;
  inside: unknown[];
  outside: unknown;
}

type Schema = Readonly<Record<string, unknown>>;

/**
 * The boundaries of every top-level parameter of a published schema. `sample(param)` is a valid
 * value of the parameter, used where a value must also satisfy a pattern.
 */
export function boundaries(properties: Readonly<Record<string, Schema>>, sample: (param: string) => unknown): Boundary[] {
  const out: Boundary[] = [];
  for (const [param, schema] of Object.entries(properties)) {
    // A nullable integer is published as type ['integer', 'null']: still stepped by whole numbers.
    const integer = [schema['type']].flat().includes('integer');
    const step = integer ? 1 : 0.5;
    const pattern = typeof schema['pattern'] === 'string' ? new RegExp(schema['pattern'], 'u') : undefined;
    /** A string of `length` characters that also satisfies the parameter's pattern. */
    const ofLength = (length: number): string => {
      const base = pattern ? String(sample(param)) : 'm';
      const candidates = [base[0]!.repeat(length), base.slice(0, length).padEnd(length, base.at(-1)!)];
      const fit = candidates.find((c) => [...c].length === length && (!pattern || pattern.test(c)));
      if (fit === undefined) throw new Error(`no ${length}-character value of ${param} matches ${pattern}`);
      return fit;
    };
    if (typeof schema['minimum'] === 'number') {
      const min = schema['minimum'];
      out.push({ param, keyword: 'minimum', rules: ['minimum'], limit: min, inside: [min], outside: min - step });
    }
    if (typeof schema['maximum'] === 'number') {
      const max = schema['maximum'];
      out.push({ param, keyword: 'maximum', rules: ['maximum'], limit: max, inside: [max], outside: max + step });
    }
    if (typeof schema['minLength'] === 'number' && schema['minLength'] > 0) {
      const min = schema['minLength'];
      // "" in a path parameter is refused as a `path-segment` (it would change the URL's meaning) before its length is looked at.
      const rules = min === 1 ? ['minLength', 'path-segment'] : ['minLength'];
      out.push({ param, keyword: 'minLength', rules, limit: min, inside: [ofLength(min)], outside: 'm'.repeat(min - 1) });
    }
    if (typeof schema['maxLength'] === 'number') {
      const max = schema['maxLength'];
      out.push({ param, keyword: 'maxLength', rules: ['maxLength'], limit: max, inside: [ofLength(max)], outside: 'm'.repeat(max + 1) });
    }
    if (Array.isArray(schema['enum'])) {
      const values = schema['enum'] as (string | number | boolean)[];
      const outside = typeof values[0] === 'string' ? `${values[0]}_not_listed` : Math.max(...values.map(Number)) + 1;
      out.push({ param, keyword: 'enum', rules: ['enum'], limit: values, inside: values, outside });
    }
    if (pattern) {
      const valid = String(sample(param));
      if (!pattern.test(valid)) throw new Error(`the sample value ${JSON.stringify(valid)} of ${param} does not match ${pattern}`);
      // One character away from a valid value: a trailing space, or a character the pattern refuses;
      // for a pattern that takes all of those (a search query's), the empty value.
      const outside = [`${valid} `, `${valid}!`, ` ${valid}`, `${valid}:`, ''].find((v) => !pattern.test(v));
      if (outside === undefined) throw new Error(`cannot make a value of ${param} that ${pattern} refuses`);
      out.push({
        param,
        keyword: 'pattern',
        rules: schema['format'] ? ['pattern', 'format'] : ['pattern'],
        limit: schema['pattern'],
        inside: [valid],
        outside,
      });
    }
  }
  return out;
}
