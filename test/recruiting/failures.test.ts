/**
 * Failure handling of the recruiting connector against the Greenhouse fake: what is retried (429
 * with Retry-After / X-RateLimit-Reset, 5xx, dropped connections — every call is a GET), what is
 * raised (typed errors carrying Harvest's `message`), and that the API key — raw or as the Basic
 * credential — never reaches an error message, an error body or a log line.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '@switchyard/connector-recruiting';
import { KEY, basic, capturingLogger, makeConnector, rejection, useGreenhouseFake } from './helpers.js';

const WRONG_KEY = 'gh_harvest_WRONG_9d8c7b6a5f4e3d2c1b0a99887766WrOnGkEy';
/** Everything that would reveal a key: the key, its Basic header value and the bare base64 credential. */
const leaksOf = (key: string) => [key, basic(key), basic(key).slice('Basic '.length)];

describe('retries', () => {
  const ctx = useGreenhouseFake({ candidates: 30 });

  it('429 with retry-after and x-ratelimit-reset: waits Retry-After, retries once (2 requests)', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    // X-RateLimit-Reset an hour away: were it preferred over Retry-After, the wait would exceed the
    // one-minute cap and the call would fail with RateLimitError instead of succeeding after 1 s.
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    ctx.fake.failNext('/v1/candidates', { kind: 'status', status: 429, headers: { 'retry-after': '1', 'x-ratelimit-reset': reset } });
    const started = Date.now();
    const page = await c.candidates.list({ per_page: 5 });
    const elapsed = Date.now() - started;

    expect(page.data.map((x) => x.id)).toEqual(ctx.fake.data.candidates.slice(0, 5).map((x) => x['id']));
    expect(ctx.fake.requests).toHaveLength(2);
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([{ per_page: '5' }, { per_page: '5' }]);
    expect(ctx.fake.requests[1]!.headers['authorization']).toBe(basic());
    expect(elapsed).toBeGreaterThanOrEqual(950);
    const retries = lines.filter((l) => l.includes('retrying'));
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain('"delayMs":1000');
    expect(retries[0]).toContain('HTTP 429');
  });

  it('429 with only x-ratelimit-reset: reads it as Unix seconds and waits until then', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const resetAt = Math.floor(Date.now() / 1000) + 2;
    ctx.fake.failNext('/v1/jobs', { kind: 'status', status: 429, headers: { 'x-ratelimit-reset': String(resetAt) } });
    await c.jobs.list();
    expect(ctx.fake.requests).toHaveLength(2);
    const delay = Number(/"delayMs":(\d+)/.exec(lines.find((l) => l.includes('retrying'))!)![1]);
    // Unix seconds: between 1 and 2 s away (read as milliseconds it would be 0; as a delta, decades).
    expect(delay).toBeGreaterThan(500);
    expect(delay).toBeLessThanOrEqual(2000);
  });

  it('429 asking for a wait beyond the cap is raised at once as RateLimitError', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/users', { kind: 'status', status: 429, headers: { 'retry-after': '120' } });
    const error = await rejection(c.users.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.message).toContain('recruiting users.list failed with HTTP 429: Rate limit exceeded');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('503 then success on a list: 2 requests, same query', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/applications', { kind: 'status', status: 503 });
    const page = await c.applications.list({ status: 'active', per_page: 3 });
    expect(page.data).toHaveLength(3);
    expect(ctx.fake.requests).toHaveLength(2);
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([
      { status: 'active', per_page: '3' },
      { status: 'active', per_page: '3' },
    ]);
  });

  it('a 5xx on every attempt ends in ServerError after maxRetries (3 requests)', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/offices', { kind: 'status', status: 502 }, 3);
    const error = await rejection(c.offices.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(502);
    expect(error.message).toContain('recruiting offices.list failed with HTTP 502: Internal server error');
    expect(ctx.fake.requests).toHaveLength(3);

    ctx.fake.reset();
    ctx.fake.failNext('/v1/offices', { kind: 'status', status: 500 });
    await expect(c.offices.list(undefined, { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('a dropped connection on a read is retried', async () => {
    const c = makeConnector(ctx.fake);
    const candidate = ctx.fake.data.candidates[4]!;
    ctx.fake.failNext(`/v1/candidates/${candidate['id']}`, { kind: 'drop' });
    const { data } = await c.candidates.get({ id: candidate['id'] as number });
    expect(data.id).toBe(candidate['id']);
    expect(ctx.fake.requests).toHaveLength(2);
  });

  it('a body cut mid-way on a read is retried', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/scheduled_interviews', { kind: 'drop-mid-body' });
    const page = await c.scheduled_interviews.list({ per_page: 20 });
    expect(page.data).toHaveLength(20);
    expect(ctx.fake.requests).toHaveLength(2);
  });

  it('connections dropped on every attempt end in ConnectionError', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/sources', { kind: 'drop' }, 3);
    const error = await rejection(c.sources.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('recruiting sources.list could not complete (GET ');
    expect(ctx.fake.requests).toHaveLength(3);
  });

  it('a slow answer times out and is retried', async () => {
    const c = makeConnector(ctx.fake, { timeout: 150 });
    ctx.fake.failNext('/v1/departments', { kind: 'delay', ms: 1000 });
    const page = await c.departments.list();
    expect(page.data).toHaveLength(ctx.fake.data.departments.length);
    expect(ctx.fake.requests).toHaveLength(2);

    ctx.fake.reset();
    ctx.fake.failNext('/v1/departments', { kind: 'delay', ms: 1000 }, 3);
    await expect(c.departments.list(undefined, { maxRetries: 1 })).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('errors', () => {
  const ctx = useGreenhouseFake({ candidates: 10 });

  it('401 with a wrong key → AuthenticationError with the vendor message and no key anywhere', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { auth: { api_key: WRONG_KEY }, logger });
    const error = await rejection(c.candidates.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.name).toBe('AuthenticationError');
    expect(error.status).toBe(401);
    expect(error.message).toContain('recruiting candidates.list failed with HTTP 401: Invalid Basic Auth credentials');
    expect(error.message).toContain('Check the credentials passed in `auth`');
    expect(error.body).toEqual({ message: 'Invalid Basic Auth credentials' });
    // Sent as Basic "wrong key:", refused, not retried.
    expect(ctx.fake.requests).toHaveLength(1);
    expect(ctx.fake.requests[0]!.headers['authorization']).toBe(basic(WRONG_KEY));
    expect(lines.length).toBeGreaterThan(0);
    const surfaces = [error.message, String(error.stack), JSON.stringify(error.body), ...lines];
    for (const secret of leaksOf(WRONG_KEY)) for (const text of surfaces) expect(text).not.toContain(secret);
  });

  it('a 401 body that echoes the key and its Basic header is redacted in message, body and logs', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    ctx.fake.failNext('/v1/users', {
      kind: 'status',
      status: 401,
      body: { message: `API key ${KEY} is not valid (Authorization: ${basic()})` },
    });
    const error = await rejection(c.users.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('API key [REDACTED] is not valid');
    const surfaces = [error.message, JSON.stringify(error.body), ...lines];
    for (const secret of [KEY, basic()]) for (const text of surfaces) expect(text).not.toContain(secret);
  });

  it('an echoed bare Basic credential (base64 of "key:") is redacted', async () => {
    const c = makeConnector(ctx.fake);
    const credential = basic().slice('Basic '.length);
    ctx.fake.failNext('/v1/users', { kind: 'status', status: 401, body: { message: `credential ${credential} rejected` } });
    const error = await rejection(c.users.list());
    expect(error.message).not.toContain(credential);
    expect(JSON.stringify(error.body)).not.toContain(credential);
  });

  it('403 (key without permission for the endpoint) → PermissionDeniedError, not retried', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/offers', { kind: 'status', status: 403, body: { message: 'Access to this endpoint is not allowed' } });
    const error = await rejection(c.offers.list());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.message).toContain('HTTP 403: Access to this endpoint is not allowed');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('404 → NotFoundError with Harvest’s message, not retried', async () => {
    const c = makeConnector(ctx.fake);
    const error = await rejection(c.candidates.get({ id: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.name).toBe('NotFoundError');
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ message: 'Resource not found' });
    expect(error.message).toContain('recruiting candidates.get failed with HTTP 404: Resource not found');
    expect(error.message).toContain('/v1/candidates/1');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('422 validation error body → ApiError carrying the message and the errors', async () => {
    const c = makeConnector(ctx.fake);
    const body = { message: 'Validation error', errors: [{ message: 'Must be a valid ISO-8601 timestamp', field: 'created_after' }] };
    ctx.fake.failNext('/v1/applications', { kind: 'status', status: 422, body });
    const error = await rejection(c.applications.list({ created_after: '2024-01-01T00:00:00Z' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.constructor).toBe(ApiError);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(422);
    // The first validation message says what was wrong; it comes before the generic "Validation error".
    expect(error.message).toContain('recruiting applications.list failed with HTTP 422: Must be a valid ISO-8601 timestamp');
    expect(error.body).toEqual(body);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('a 422 without a top-level message falls back to errors[0].message', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/jobs', {
      kind: 'status',
      status: 422,
      body: { errors: [{ message: 'per_page must be between 1 and 500', field: 'per_page' }] },
    });
    const error = await rejection(c.jobs.list());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('HTTP 422: per_page must be between 1 and 500');
  });

  it('a 2xx body that is not JSON is an ApiError naming the operation', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/sources', { kind: 'body', body: '<html>maintenance</html>' });
    const error = await rejection(c.sources.list());
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('recruiting sources.list: the vendor answered HTTP 200 with a body that is not JSON');
  });

  it('an aborted signal stops the call as AbortError, without retrying', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/departments', { kind: 'delay', ms: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(c.departments.list(undefined, { signal: controller.signal }));
    expect(error.name).toBe('AbortError');
    expect(ctx.fake.requests).toHaveLength(1);
  });
});
