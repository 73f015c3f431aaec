/**
 * Each package publishes JSON Schemas of its parameters (for AI tool definitions and docs) and
 * validates with precompiled runtime rules. The two must agree: for every parameter of every
 * action, a battery of values is accepted by both or rejected by both.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import * as issueTracker from '@switchyard/connector-issue-tracker';
import * as messaging from '@switchyard/connector-messaging';
import * as recruiting from '@switchyard/connector-recruiting';
import { ValidationError, validateParams, type ParamRule } from '@switchyard/runtime';

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);

const CANDIDATES: unknown[] = [
  null,
  '',
  'a',
  'launch-plans_2',
  'Launch Plans',
  'x'.repeat(80),
  'x'.repeat(81),
  '🚀'.repeat(250),
  'x'.repeat(251),
  'ENG-123',
  'thumbsup',
  ':thumbsup:',
  'public_channel,im',
  'public_channel,email',
  '1712345678.000200',
  '2024-02-30',
  '2024-01-31',
  '2024-01-31T10:00:00Z',
  '2024-01-31T10:00:00+02:00',
  '2024-02-30T10:00:00Z',
  'resume',
  'photo',
  'active',
  'hired',
  'closed',
  -1,
  0,
  1,
  1.5,
  4,
  5,
  250,
  251,
  500,
  501,
  999,
  1000,
  true,
  false,
  [],
  ['a'],
  [1],
  {},
  { filter: { eq: { id: 'x' } } },
];

const packages = { messaging, 'issue-tracker': issueTracker, recruiting };

describe.each(Object.entries(packages))('%s: published parameter schemas agree with the runtime validator', (_name, pkg) => {
  const cases = Object.entries(pkg.metadata.actions).flatMap(([entity, actions]) =>
    Object.entries(actions).flatMap(([action, meta]) => Object.keys(meta.params).map((param) => [entity, action, param] as const)),
  );

  it.each(cases)('%s.%s %s', (entity, action, param) => {
    const rule = pkg.metadata.actions[entity]![action]!.params[param]! as ParamRule;
    const schema = (pkg.paramSchemas as Record<string, Record<string, { properties: Record<string, object> }>>)[entity]![action]!;
    // One parameter at a time: other required parameters are out of the picture on both sides.
    const validateJson = ajv.compile({ type: 'object', properties: { [param]: schema.properties[param] }, additionalProperties: false });
    const single = { [param]: { ...rule, required: false } };
    const disagreements: string[] = [];
    for (const value of CANDIDATES) {
      const byJson = validateJson({ [param]: value });
      let byRuntime = true;
      try {
        validateParams('agreement', single, { [param]: value });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        byRuntime = false;
      }
      if (byJson !== byRuntime) disagreements.push(`${JSON.stringify(value)?.slice(0, 40)}: schema ${byJson}, runtime ${byRuntime}`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('messaging replication settings (hosted connector records)', () => {
  const validate = ajv.compile(messaging.replicationSchema);
  const good = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: true };

  it('accepts the seed example shape', () => {
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, lookback_window: 0 })).toBe(true);
    expect(validate({ ...good, lookback_window: 365 })).toBe(true);
  });

  it.each([
    ['start_date without Z', { ...good, start_date: '2024-01-01T00:00:00' }],
    ['start_date with an offset', { ...good, start_date: '2024-01-01T00:00:00+02:00' }],
    ['start_date with milliseconds', { ...good, start_date: '2024-01-01T00:00:00.000Z' }],
    ['lookback_window -1', { ...good, lookback_window: -1 }],
    ['lookback_window 366', { ...good, lookback_window: 366 }],
    ['join_channels as a string', { ...good, join_channels: 'yes' }],
    ['a missing field', { start_date: good.start_date, lookback_window: 7 }],
    ['an unknown field', { ...good, channels: ['C1'] }],
  ])('rejects %s', (_why, value) => {
    expect(validate(value)).toBe(false);
  });
});
