/** Per-principal rate limits: a 429 problem with Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblemShape, startHarness, type Harness } from './http-harness.js';

/** A tight budget of 3 calls a minute per principal (and per address without a token). */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ limits: { rateLimitMax: 3, rateLimitWindowMs: 60_000 } });
}, 60_000);
afterAll(async () => h?.close());

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After once a token spends its budget; other principals are unaffected', async () => {
    const first = await h.application('first');
    const second = await h.application('second');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await h.request('GET', '/api/v1/connectors/sources', { token: first.token })).status);
    expect(statuses).toEqual([200, 200, 200]);

    const limited = await h.request('GET', '/api/v1/connectors/sources', { token: first.token });
    expect(limited.status).toBe(429);
    expectProblemShape(limited);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.retry_after_ms).toBeGreaterThan(0);

    // A scoped token of the same application is another principal, with its own budget.
    const scoped = await h.scopedToken(second.token, 'someone');
    expect((await h.request('GET', '/api/v1/connectors/sources', { token: scoped })).status).toBe(200);
    expect((await h.request('GET', '/api/v1/connectors/sources', { token: second.token })).status).toBe(200);
  });

  it('calls without a token are counted per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.request('GET', '/api/v1/connector-types')).status);
    expect(statuses).toContain(429);
  });

  it('health checks are never rate limited', async () => {
    for (let i = 0; i < 6; i++) expect((await h.request('GET', '/healthz')).status).toBe(200);
  });
});
