/**
 * How vendor failures answer through the execute endpoint: RFC 9457 problems with code
 * `connector_error`, the runtime class in `error_class` and the vendor's status, code, request id
 * and retry delay, so the SDK's hosted executor can raise the same error class as open-source mode.
 * 429 keeps its status (with Retry-After), a timeout is 504, every other vendor failure 502.
 * The detail is said in the service's terms: it never names the vendor base URL the operator
 * configured (the fakes' addresses here), shows the key or gives SDK advice.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError, SyncNotReadyError } from '@switchyard/runtime';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { problemFromError } from '../src/execution/problem-from-error.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';
import { leaksIn } from './support/failing-vendor.js';

const GH_KEY = 'gh_errors_9d7e1c4b2a6f8e0d3c5b7a9f1e2d4c6bSECRET';
let greenhouse: GreenhouseFake;
let slack: SlackFake;
let h: Harness;
let recruiting: ConnectorRecord;
let messaging: ConnectorRecord;

beforeAll(async () => {
  [greenhouse, slack] = await Promise.all([startGreenhouseFake({ apiKey: GH_KEY, candidates: 10 }), startSlackFake()]);
  h = await startHarness({ vendorBaseUrls: { recruiting: `${greenhouse.url}/v1`, messaging: `${slack.url}/api` } });
  recruiting = await createConnector(h.repo, 'recruiting', { api_key: GH_KEY });
  messaging = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-test-token' });
});

afterAll(async () => {
  await h?.close();
  await Promise.all([greenhouse?.close(), slack?.close()]);
});

beforeEach(() => {
  greenhouse.reset();
  slack.reset();
});

async function call(record: ConnectorRecord, body: unknown): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await h.execute('token-a-alice', record.id, body);
  const problem = (await response.json()) as Record<string, unknown>;
  expectServiceTerms(problem, record.connectorType === 'recruiting' ? `${greenhouse.url}/v1` : `${slack.url}/api`);
  return { status: response.status, headers: response.headers, body: problem };
}

/** No operator setting (the family's vendor base URL, its host), credential or SDK wording in what the client reads. */
function expectServiceTerms(problem: Record<string, unknown>, baseUrl: string): void {
  for (const secret of [GH_KEY, 'xoxb-test-token']) {
    const shown = [problem['title'], problem['detail'], problem['vendor_message']].filter((t) => typeof t === 'string').join('\n');
    expect(leaksIn(shown, { baseUrl, secret }), shown).toEqual([]);
  }
}

describe('vendor failures as problems', () => {
  it('vendor 404 → 502 connector_error, error_class NotFoundError, vendor_status 404', async () => {
    const r = await call(recruiting, { entity: 'applications', action: 'get', params: { id: 999_999_999 } });
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body).toMatchObject({ code: 'connector_error', status: 502, error_class: 'NotFoundError', vendor_status: 404 });
    // What happened at the vendor, in the service's words (the runtime's message named the fake's URL).
    expect(r.body['detail']).toMatch(/^the vendor has no such record \(HTTP 404\b.*; check the identifiers in params$/);
  });

  it('vendor 429 asking for longer than the service waits → 429 with Retry-After and retry_after_ms', async () => {
    greenhouse.failNext(/^\/v1\/jobs$/, { kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const r = await call(recruiting, { entity: 'jobs', action: 'list' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('30');
    expect(r.body).toMatchObject({ code: 'connector_error', error_class: 'RateLimitError', vendor_status: 429, retry_after_ms: 30_000 });
    // Not waited for, not retried: one request.
    expect(greenhouse.requests.filter((q) => q.path === '/v1/jobs')).toHaveLength(1);
  });

  it('a short vendor 429 is retried inside the call, as in open-source mode', async () => {
    greenhouse.failNext(/^\/v1\/jobs$/, { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const r = await call(recruiting, { entity: 'jobs', action: 'list', params: { per_page: 1 } });
    expect(r.status).toBe(200);
    expect(greenhouse.requests.filter((q) => q.path === '/v1/jobs')).toHaveLength(2);
  });

  it('vendor 5xx on every attempt → 502 ServerError with vendor_status', async () => {
    greenhouse.failNext(/^\/v1\/jobs$/, { kind: 'status', status: 503 }, 10);
    const r = await call(recruiting, { entity: 'jobs', action: 'list' });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 'connector_error', error_class: 'ServerError', vendor_status: 503 });
  });

  it("an error reported inside a 2xx body → 502 VendorError with the vendor's code", async () => {
    const r = await call(messaging, { entity: 'channels', action: 'get', params: { channel: 'C0NOSUCH' } });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({
      code: 'connector_error',
      error_class: 'VendorError',
      vendor_code: 'channel_not_found',
      vendor_status: 200,
    });
  });

  it('refused credentials → 502 AuthenticationError; the key appears nowhere in the problem', async () => {
    const wrong = await createConnector(h.repo, 'recruiting', { api_key: `${GH_KEY}x` });
    const response = await h.execute('token-a-alice', wrong.id, { entity: 'jobs', action: 'list' });
    const text = await response.text();
    expect(response.status).toBe(502);
    expect(JSON.parse(text)).toMatchObject({ error_class: 'AuthenticationError', vendor_status: 401 });
    expectServiceTerms(JSON.parse(text) as Record<string, unknown>, `${greenhouse.url}/v1`);
    // Said for an API client: what to do with the connector, not with an SDK constructor.
    expect(JSON.parse(text).detail).toMatch(
      /refused the connector's credentials \(HTTP 401\b.*PATCH \/api\/v1\/connectors\/sources\/\{id\}/,
    );
    expect(text).not.toContain(GH_KEY);
    expect(text).not.toContain(Buffer.from(`${GH_KEY}x:`).toString('base64'));
  });
});

describe('timeouts on vendor calls', () => {
  it('a vendor slower than the timeout → 504 TimeoutError, and the call does not hang', async () => {
    const slow = await startHarness({
      vendorBaseUrls: { recruiting: `${greenhouse.url}/v1` },
      timeoutMs: 150,
      transport: { maxRetries: 0 },
    });
    try {
      const record = await createConnector(slow.repo, 'recruiting', { api_key: GH_KEY });
      greenhouse.failNext(/^\/v1\/jobs$/, { kind: 'delay', ms: 3_000 });
      const response = await slow.execute('token-a-alice', record.id, { entity: 'jobs', action: 'list' });
      expect(response.status).toBe(504);
      const problem = (await response.json()) as Record<string, unknown>;
      expect(problem).toMatchObject({ code: 'connector_error', error_class: 'TimeoutError' });
      expectServiceTerms(problem, `${greenhouse.url}/v1`);
    } finally {
      await slow.close();
    }
  });
});

describe('problemFromError', () => {
  it('search_not_ready carries the progress; non-runtime errors are left to the caller', () => {
    const progress = { sync_status: 'syncing' as const, last_synced_at: null, next_sync_at: null, entities: [] };
    expect(problemFromError(new SyncNotReadyError('not yet', { progress }))).toMatchObject({
      status: 409,
      code: 'search_not_ready',
      progress,
    });
    expect(problemFromError(new Error('boom'))).toBeUndefined();
    expect(problemFromError(new ConfigurationError('bad'))).toMatchObject({
      status: 502,
      code: 'connector_error',
      error_class: 'ConfigurationError',
    });
  });
});
