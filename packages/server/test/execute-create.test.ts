/**
 * Creation-time checks of a connector (`validateNewConnector`) and the optional live check
 * (`check`): every problem at once with its path, before anything is stored or sent; credentials
 * must be the fields of exactly one credential kind; config and replication_config follow the
 * published schemas; a live check turns the vendor's refusal into a ValidationError on `credentials`.
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError, VendorError, type ValidationIssue } from '@switchyard/runtime';
import { UTC_DATE_TIME_PATTERN } from '@switchyard/runtime/internal';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startLinearFake, type LinearFake } from '../../../test/fakes/linear.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { createCatalog } from '../src/catalog/catalog.js';
import { createExecution, type Execution } from '../src/execution/create-execution.js';
import { rulesFromObjectSchema } from '../src/catalog/schema-rules.js';

const unused = {
  connectors: { credentials: async () => ({}) },
  search: { search: async () => ({ hits: [], next_cursor: null, took_ms: 0 }) },
  sync: {
    firstSyncFinished: async () => false,
    status: async () => ({ sync_status: 'pending' as const, last_synced_at: null, next_sync_at: null, entities: [] }),
  },
};

const REPLICATION = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: true };

function issuesOf(run: () => unknown): ValidationIssue[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return [...(error as ValidationError).issues];
  }
  return expect.unreachable('expected a ValidationError');
}

describe('validateNewConnector', () => {
  const execution = createExecution({ catalog: createCatalog(), ...unused });
  const validate = (input: Parameters<Execution['validateNewConnector']>[0]) => issuesOf(() => execution.validateNewConnector(input));

  it('messaging replication_config: UTC start_date, lookback_window 0..365, every field required, no unknown field', () => {
    const issues = validate({
      connectorType: 'messaging',
      credentials: { api_token: 'xoxb-1' },
      replicationConfig: { start_date: '2024-01-01T00:00:00+02:00', lookback_window: 366, join_channels: 'yes', window: 1 },
    });
    expect(issues.map((i) => [i.path, i.rule])).toEqual([
      ['replication_config.window', 'unknown'],
      ['replication_config.start_date', 'format'],
      ['replication_config.lookback_window', 'maximum'],
      ['replication_config.join_channels', 'type'],
    ]);
    expect(issues[1]!.message).toContain('YYYY-MM-DDTHH:mm:ssZ');
    expect(validate({ connectorType: 'messaging', credentials: { api_token: 'xoxb-1' } }).map((i) => i.path)).toEqual([
      'replication_config.start_date',
      'replication_config.lookback_window',
      'replication_config.join_channels',
    ]);
    expect(
      validate({ connectorType: 'messaging', credentials: { api_token: 'x' }, replicationConfig: { ...REPLICATION, lookback_window: -1 } }),
    ).toEqual([expect.objectContaining({ path: 'replication_config.lookback_window', rule: 'minimum' })]);
  });

  it('valid input comes back with the credentials and settings to store', () => {
    const valid = execution.validateNewConnector({
      connectorType: 'messaging',
      credentials: { api_token: 'xoxb-1' },
      replicationConfig: REPLICATION,
    });
    expect(valid.family.name).toBe('messaging');
    expect(valid).toMatchObject({ credentials: { api_token: 'xoxb-1' }, config: {}, replicationConfig: REPLICATION });
    expect(execution.validateNewConnector({ connectorType: 'recruiting', credentials: { api_key: 'k' } }).replicationConfig).toEqual({});
  });

  it('credentials of no kind list the kinds and never echo a value', () => {
    const issues = validate({ connectorType: 'issue-tracker', credentials: { token: 'lin_api_SECRET', api_key: 'lin_api_SECRET' } });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'credentials', rule: 'credential-kind' });
    expect(issues[0]!.message).toContain('(token, api_key)');
    expect(issues[0]!.message).toContain('OAuth (refreshable) { access_token, refresh_token, client_id, client_secret }');
    expect(JSON.stringify(issues)).not.toContain('SECRET');
    expect(validate({ connectorType: 'recruiting', credentials: 'gh_key' as unknown as object })).toEqual([
      expect.objectContaining({ path: 'credentials', rule: 'type' }),
    ]);
  });

  it('credential values: strings, not empty, fit for an HTTP header (named by field, value never shown)', () => {
    expect(validate({ connectorType: 'recruiting', credentials: { api_key: '' } })).toEqual([
      { path: 'credentials.api_key', rule: 'minLength', message: 'must not be empty' },
    ]);
    expect(validate({ connectorType: 'recruiting', credentials: { api_key: 42 } })).toEqual([
      { path: 'credentials.api_key', rule: 'type', message: 'must be a string, got number' },
    ]);
    const header = validate({ connectorType: 'messaging', credentials: { api_token: 'xoxb-SECRET\n' }, replicationConfig: REPLICATION });
    expect(header).toEqual([expect.objectContaining({ path: 'credentials', rule: 'header-value' })]);
    expect(header[0]!.message).toContain('auth.api_token');
    expect(header[0]!.message).not.toContain('SECRET');
  });

  it('every problem at once: config, replication_config and credentials', () => {
    const issues = validate({
      connectorType: 'messaging',
      credentials: {},
      config: { region: 'eu' },
      replicationConfig: { ...REPLICATION, lookback_window: 1.5 },
    });
    expect(issues.map((i) => i.path)).toEqual(['config.region', 'replication_config.lookback_window', 'credentials']);
  });
});

describe('check: one cheap live read', () => {
  let slack: SlackFake;
  let linear: LinearFake;
  let greenhouse: GreenhouseFake;
  let execution: Execution;

  beforeAll(async () => {
    [slack, linear, greenhouse] = await Promise.all([startSlackFake(), startLinearFake(), startGreenhouseFake({ candidates: 5 })]);
    execution = createExecution({
      catalog: createCatalog(),
      ...unused,
      vendorBaseUrls: { messaging: `${slack.url}/api`, 'issue-tracker': linear.url, recruiting: `${greenhouse.url}/v1` },
      transport: { retry: { initialDelayMs: 5, maxDelayMs: 20 } },
    });
  });
  afterAll(async () => {
    await Promise.all([slack?.close(), linear?.close(), greenhouse?.close()]);
  });
  beforeEach(() => {
    for (const fake of [slack, linear, greenhouse]) fake.reset();
  });

  it('good credentials pass after exactly one request', async () => {
    await execution.check('recruiting', { api_key: 'gh_test_key' }, {});
    expect(greenhouse.requests.map((r) => [r.path, r.query])).toEqual([['/v1/applications', { per_page: '1' }]]);
    await execution.check('messaging', { api_token: 'xoxb-test-token' }, {});
    expect(slack.requests).toHaveLength(1);
    await execution.check('issue-tracker', { api_key: 'lin_api_test' }, {});
    expect(linear.requests).toHaveLength(1);
  });

  it('a 401 from the vendor is a ValidationError on credentials', async () => {
    for (const [type, credentials] of [
      ['recruiting', { api_key: 'gh_wrong' }],
      ['issue-tracker', { api_key: 'lin_api_wrong' }],
    ] as const) {
      const error = await execution.check(type, credentials, {}).then(
        () => expect.unreachable(),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: 'credentials', rule: 'rejected' })]);
      expect(JSON.stringify((error as ValidationError).issues)).not.toContain('wrong');
      // No vendor URL (an operator setting) and no SDK wording in what an API client reads.
      expect((error as ValidationError).message).not.toMatch(/https?:\/\/|127\.0\.0\.1|auth`/);
    }
  });

  it("a refusal the vendor reports in a 2xx body stays the runtime's VendorError (a connector_error problem)", async () => {
    const error = await execution.check('messaging', { api_token: 'xoxb-wrong' }, {}).then(
      () => expect.unreachable(),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VendorError);
    expect((error as VendorError).code).toBe('invalid_auth');
  });
});

describe('published JSON Schemas read as runtime rules', () => {
  it('maps the generator keywords (UTC date-time pattern → the named format) and refuses unknown ones at startup', () => {
    const rules = rulesFromObjectSchema('r', {
      type: 'object',
      additionalProperties: false,
      required: ['at'],
      properties: {
        at: { type: 'string', format: 'date-time', pattern: UTC_DATE_TIME_PATTERN },
        mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
      },
    });
    expect(rules['at']).toEqual({ type: 'string', format: 'utc-date-time', required: true });
    expect(rules['mode']).toEqual({ type: 'string', enum: ['a', 'b'], default: 'a' });
    expect(rules['tags']).toEqual({ type: 'array', maxItems: 2, items: { type: 'string', minLength: 1 } });
    expect(() =>
      rulesFromObjectSchema('r', { type: 'object', additionalProperties: false, properties: { a: { type: 'string', oneOf: [] } } }),
    ).toThrow(/keyword "oneOf" is not supported/);
    expect(() => rulesFromObjectSchema('r', { type: 'object', properties: {} })).toThrow(/additionalProperties: false/);
  });

  it('a property named like a prototype member is a rule of its own name (the schema parsed from JSON)', () => {
    const schema = JSON.parse(
      '{"type": "object", "additionalProperties": false, "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "integer"}}}',
    ) as Parameters<typeof rulesFromObjectSchema>[1];
    const rules = rulesFromObjectSchema('r', schema);
    expect(Object.getPrototypeOf(rules)).toBe(Object.prototype);
    expect(Object.keys(rules)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(rules, '__proto__')?.value).toEqual({ type: 'string' });
  });
});
