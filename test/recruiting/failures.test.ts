/**
 * Greenhouse-specific failure handling of the recruiting connector: 429 with Retry-After and
 * X-RateLimit-Reset (Unix seconds), connections dropped on every attempt, and typed errors
 * carrying Harvest's `message` from real answers (401 with a wrong key, 404, 422). Retries,
 * statuses, timeouts and echoed credentials common to every connector are in test/matrix.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, ConnectionError, MalformedResponseError, NotFoundError } from '@switchyard/connector-recruiting';
import { basic, capturingLogger, makeConnector, rejection, useGreenhouseFake } from './helpers.js';

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

  it('connections dropped on every attempt end in ConnectionError', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/sources', { kind: 'drop' }, 3);
    const error = await rejection(c.sources.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('recruiting sources.list could not complete (GET ');
    expect(ctx.fake.requests).toHaveLength(3);
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

  it('a 2xx body that is not JSON is a MalformedResponseError naming the operation (after the read is retried)', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/v1/sources', { kind: 'body', body: '<html>maintenance</html>' }, 3);
    const error = await rejection(c.sources.list());
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain('recruiting sources.list: the vendor answered HTTP 200 with a body that is not JSON');
  });
});
