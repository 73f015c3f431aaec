/**
 * The audit log over HTTP (the production wiring, `startHarness`, against the Slack fake): every
 * execute the execute endpoint runs is recorded with the caller's `x-switchyard-intent`, its
 * outcome and duration, never its params or result; GET /api/v1/audit reads one application's rows
 * (filters, signed cursor paging), refuses scoped tokens; a malformed intent is refused before
 * anything runs. Runs on PGlite and, with SWITCHYARD_TEST_DATABASE_URL, on PostgreSQL.
 *
 * @module-tag connector/messaging
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { startHarness, type Harness } from './http-harness.js';
import { engineCases } from './support/engines.js';

const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };
/** A params value that must never reach the audit table. */
const SECRET_PARAM = 'never-in-the-audit-log-7f3a';

describe.each(engineCases)('audit over HTTP ($name)', ({ open, skip }) => {
  let slack: SlackFake;
  let harness: Harness;
  let appA: Awaited<ReturnType<Harness['application']>>;
  let appB: Awaited<ReturnType<Harness['application']>>;
  let alice = '';
  let aliceConnector = '';
  let bobConnector = '';
  let otherAppConnector = '';

  const createConnector = async (token: string, user: string) => {
    const reply = await harness.request('POST', '/v1/integrations/connectors', {
      token,
      json: {
        external_user_id: user,
        connector_type: 'messaging',
        credentials: { api_token: 'xoxb-test-token' },
        replication_config: replication,
      },
    });
    expect(reply.status, reply.text).toBe(201);
    return reply.body.id as string;
  };
  const execute = (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
    harness.request('POST', `/api/v1/connectors/sources/${id}/execute`, { token, json: body, headers });
  /** The rows, read right after the calls: the read writes what is queued first (no flush, no wait). */
  const audit = (token: string, query = '') => harness.request('GET', `/api/v1/audit${query}`, { token });

  beforeAll(async () => {
    if (skip) return;
    slack = await startSlackFake({ users: 5, channels: 2, messagesPerChannel: 1 });
    harness = await startHarness({ vendorBaseUrls: { messaging: `${slack.url}/api` }, store: { open } });
    appA = await harness.application('audit app A');
    appB = await harness.application('audit app B');
    alice = await harness.scopedToken(appA.token, 'alice');
    aliceConnector = await createConnector(appA.token, 'alice');
    bobConnector = await createConnector(appA.token, 'bob');
    otherAppConnector = await createConnector(appB.token, 'alice');
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await slack?.close();
  });

  it.skipIf(skip)('records an execute with its intent, outcome and duration, and never its params', async () => {
    const intent = 'Find the user who asked about the “Q3 launch” — ünïcödé, 😀';
    const ok = await execute(
      alice,
      aliceConnector,
      { entity: 'users', action: 'list', params: { limit: 2, cursor: undefined } },
      { 'x-switchyard-intent': encodeURIComponent(intent) },
    );
    expect(ok.status, ok.text).toBe(200);
    const failed = await execute(alice, aliceConnector, { entity: 'users', action: 'get', params: { user: SECRET_PARAM, nope: 1 } });
    expect(failed.status).toBe(422);

    const page = await audit(appA.token, `?connector_id=${aliceConnector}`);
    expect(page.status, page.text).toBe(200);
    const [newest, older] = page.body.data;
    expect(older).toMatchObject({
      external_user_id: 'alice',
      connector_id: aliceConnector,
      connector_type: 'messaging',
      entity: 'users',
      action: 'list',
      intent,
      outcome: 'ok',
      error_class: null,
      channel: 'http',
      token_kind: 'scoped',
    });
    expect(older.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(older.occurred_at)).toBeLessThanOrEqual(Date.now());
    expect(newest).toMatchObject({ entity: 'users', action: 'get', intent: null, outcome: 'validation_failed' });
    // Nothing of the params or the result is kept, anywhere in the log's segments.
    const stored = JSON.stringify(await harness.parts.engine.query('SELECT * FROM sy_audit_segments'));
    expect(stored).toContain(older.intent);
    expect(stored).not.toContain(SECRET_PARAM);
    expect(stored).not.toContain(slack.data.users[0]!.name);
  });

  it.skipIf(skip)('a vendor failure is recorded with its runtime error class', async () => {
    slack.failNext('/api/users.info', { kind: 'body', body: { ok: false, error: 'user_not_found' } });
    const reply = await execute(appA.token, bobConnector, { entity: 'users', action: 'get', params: { user: 'U404' } });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    const page = await audit(appA.token, `?connector_id=${bobConnector}&limit=1`);
    expect(page.body.data[0]).toMatchObject({ outcome: 'connector_error', token_kind: 'application', external_user_id: 'bob' });
    expect(page.body.data[0].error_class).toMatch(/Error$/);
  });

  it.skipIf(skip)('a malformed intent is refused (422, naming the header) before anything runs or is recorded', async () => {
    const before = (await audit(appA.token, `?connector_id=${aliceConnector}&limit=500`)).body.data.length;
    const vendorCalls = slack.requests.length;
    for (const bad of [
      '%E0%A4%A',
      '%ED%A0%80',
      encodeURIComponent('line one\nline two'),
      encodeURIComponent('x'.repeat(1001)),
      'caf\u00e9',
    ]) {
      const reply = await execute(alice, aliceConnector, { entity: 'users', action: 'list' }, { 'x-switchyard-intent': bad });
      expect(reply.status, bad).toBe(422);
      expect(reply.body.code).toBe('validation_failed');
      expect(reply.body.errors[0].path).toBe('headers.x-switchyard-intent');
    }
    expect(slack.requests.length).toBe(vendorCalls);
    expect((await audit(appA.token, `?connector_id=${aliceConnector}&limit=500`)).body.data.length).toBe(before);
  });

  it.skipIf(skip)('an application reads only its own rows; a scoped token cannot read the log', async () => {
    const reply = await execute(appB.token, otherAppConnector, { entity: 'users', action: 'list', params: { limit: 1 } });
    expect(reply.status).toBe(200);
    const a = await audit(appA.token, '?limit=500');
    const b = await audit(appB.token, '?limit=500');
    expect(a.body.data.map((r: { connector_id: string }) => r.connector_id)).not.toContain(otherAppConnector);
    expect(b.body.data.map((r: { connector_id: string }) => r.connector_id)).toEqual([otherAppConnector]);
    // Filtering by another application's connector finds nothing, exactly as an unknown id.
    expect((await audit(appA.token, `?connector_id=${otherAppConnector}`)).body).toEqual({ data: [], next_cursor: null });
    const scoped = await audit(alice);
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe('forbidden');
    expect((await harness.request('GET', '/api/v1/audit')).status).toBe(401);
  });

  it.skipIf(skip)('filters by external user and time range, and pages with signed cursors bound to the filters', async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await execute(
        appA.token,
        bobConnector,
        { entity: 'users', action: 'list', params: { limit: 1 } },
        {
          'x-switchyard-intent': `page test ${i}`,
        },
      );
      expect(reply.status).toBe(200);
    }
    const all = (await audit(appA.token, '?external_user_id=bob&limit=500')).body.data as {
      id: string;
      occurred_at: string;
      external_user_id: string;
    }[];
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((r) => r.external_user_id))).toEqual(new Set(['bob']));
    // Newest first.
    const keys = all.map((r) => [Date.parse(r.occurred_at), Number(r.id)] as const);
    expect([...keys].sort((x, y) => y[0] - x[0] || y[1] - x[1])).toEqual(keys);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await audit(
        appA.token,
        `?external_user_id=bob&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.body.data.map((r) => r.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));

    const first = (await audit(appA.token, '?external_user_id=bob&limit=2')).body.next_cursor as string;
    for (const [query, why] of [
      [`?external_user_id=alice&limit=2&cursor=${encodeURIComponent(first)}`, 'other filters'],
      [`?external_user_id=bob&limit=2&cursor=${encodeURIComponent(first.slice(0, -2) + 'AA')}`, 'altered'],
    ] as const) {
      const refused = await audit(appA.token, query);
      expect(refused.status, why).toBe(422);
      expect(refused.body.errors[0].path).toBe('cursor');
    }
    const inOtherApp = await audit(appB.token, `?external_user_id=bob&limit=2&cursor=${encodeURIComponent(first)}`);
    expect(inOtherApp.status).toBe(422);

    const oldest = all[all.length - 1]!.occurred_at;
    const newest = all[0]!.occurred_at;
    const since = await audit(appA.token, `?external_user_id=bob&limit=500&since=${encodeURIComponent(newest)}`);
    expect(since.body.data.every((r: { occurred_at: string }) => r.occurred_at >= newest)).toBe(true);
    expect(since.body.data.length).toBeGreaterThanOrEqual(1);
    const until = await audit(appA.token, `?external_user_id=bob&limit=500&until=${encodeURIComponent(oldest)}`);
    expect(until.body.data).toEqual([]);
  });

  it.skipIf(skip)('refuses malformed queries with the field named', async () => {
    for (const [query, path] of [
      ['?since=2025-02-30T00:00:00Z', 'since'],
      ['?until=yesterday', 'until'],
      ['?since=2025-01-02T00:00:00Z&until=2025-01-01T00:00:00Z', 'until'],
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?external_user_id=%00', 'querystring'],
      ['?page=2', 'querystring'],
    ] as const) {
      const reply = await audit(appA.token, query);
      expect([400, 422], query).toContain(reply.status);
      expect(JSON.stringify(reply.body), query).toContain(path === 'querystring' ? '' : path);
    }
  });

  it.skipIf(skip)('a time filter is read by the store or refused naming its field, never a failure (property)', async () => {
    for (const [time, status] of [
      ['0000-01-01T00:00:00Z', 422], // RFC 3339 writes year 0000; PostgreSQL reads no year 0
      ['0001-01-01T00:30:00+01:00', 422], // an offset that carries the time into year 0
      ['0001-01-01T00:00:00Z', 200],
      ['9999-12-31T23:59:59.999Z', 200],
      ['9999-12-31T23:55:00Z', 200], // the read's own bounds around it stay in the calendar too
      ['9999-12-31T23:59:59-00:01', 422], // into year 10000
      ['0000-02-29T00:00:00Z', 422],
    ] as const) {
      for (const field of ['since', 'until'] as const) {
        const reply = await audit(appA.token, `?${field}=${encodeURIComponent(time)}`);
        expect(reply.status, `${field}=${time}: ${reply.text}`).toBe(status);
        if (status === 422) expect(reply.body.errors, time).toEqual([expect.objectContaining({ path: field, rule: 'date-time' })]);
      }
    }
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const time = fc
      .record({
        // The ends of the calendar are where the store and JavaScript part ways: drawn often.
        year: fc.oneof(fc.constantFrom(0, 1, 9999), fc.integer({ min: 0, max: 9999 })).map((n) => String(n).padStart(4, '0')),
        month: fc.integer({ min: 1, max: 12 }).map((n) => String(n).padStart(2, '0')),
        day: fc.integer({ min: 1, max: 31 }).map((n) => String(n).padStart(2, '0')),
        hour: two(23),
        minute: two(59),
        second: two(59),
        fraction: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
        offset: fc.oneof(
          fc.constant('Z'),
          fc.tuple(fc.constantFrom('+', '-'), two(23), two(59)).map(([sign, h, m]) => `${sign}${h}:${m}`),
        ),
      })
      .map((t) => `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}${t.fraction ? `.${t.fraction}` : ''}${t.offset}`);
    await fc.assert(
      fc.asyncProperty(time, fc.constantFrom('since', 'until'), async (value, field) => {
        const reply = await audit(appA.token, `?${field}=${encodeURIComponent(value)}`);
        expect([200, 422], `${field}=${value}: ${reply.text}`).toContain(reply.status);
        if (reply.status === 422) expect(reply.body.errors, value).toEqual([expect.objectContaining({ path: field, rule: 'date-time' })]);
      }),
      { numRuns: 150 },
    );
  });

  it.skipIf(skip)('the OpenAPI document describes the audit endpoint and the MCP endpoint', async () => {
    const doc = (await harness.request('GET', '/openapi.json')).body;
    expect(doc.paths['/api/v1/audit'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['connector_id', 'cursor', 'external_user_id', 'limit', 'since', 'until'].sort(),
    );
    expect(Object.keys(doc.paths['/mcp']).sort()).toEqual(['delete', 'get', 'post']);
    expect(doc.paths['/.well-known/oauth-protected-resource'].get).toBeDefined();
  });
});
