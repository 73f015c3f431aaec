/**
 * Rate-limit signals declared in the spec: quota answers (`rateLimit.quota`) are raised at once as
 * QuotaExceededError and never retried; a reset header may be a window in milliseconds
 * (`resetFormat: delta-ms`); the request id may be read from the error body (`errors.requestId`).
 * Against a loopback vendor, counting the requests it received.
 */
import { describe, expect, it } from 'vitest';
import { QuotaExceededError, RateLimitError, ServerError, type ConnectorMetadata } from '@switchyard/runtime';
import { serverRequestedDelay } from '@switchyard/runtime/internal';
import { rejection, routes, useServers, widgetsClient, widgetsMetadata, type FakeServer, type Reply } from './helpers.js';

const WINDOW_HEADER = 'x-ratelimit-interval-milliseconds';

function metadata(server: FakeServer): ConnectorMetadata {
  return {
    ...widgetsMetadata(server.url),
    rateLimit: {
      resetHeader: WINDOW_HEADER,
      resetFormat: 'delta-ms',
      quota: [{ status: 429, bodyPath: 'policyName', equals: 'DAILY' }],
    },
    errorRequestId: ['correlationId'],
  };
}

/** The vendor answers each request with the next reply, then 200. */
function vendor(...replies: Reply[]) {
  return routes({
    'GET /widgets/:id': () => replies.shift() ?? { body: { ok: true, widget: { id: 'w1' } } },
    'POST /widgets': () => replies.shift() ?? { status: 201, body: { ok: true, widget: { id: 'w-new' } } },
  });
}

const DAILY_BODY = {
  status: 'error',
  message: 'You have reached your daily limit.',
  errorType: 'RATE_LIMIT',
  correlationId: 'c0ffee00-1111-2222-3333-444455556666',
  policyName: 'DAILY',
};

const dailyLimit = (windowMs?: number): Reply => ({
  status: 429,
  headers: { 'x-request-id': 'header-id', ...(windowMs !== undefined ? { [WINDOW_HEADER]: String(windowMs) } : {}) },
  body: DAILY_BODY,
});

describe('quota answers', () => {
  const serve = useServers();

  it('raise QuotaExceededError after one request, even for a read with retries left, with when the quota renews', async () => {
    const server = await serve(vendor(dailyLimit(3_600_000)));
    const before = Date.now();
    const error = await rejection(
      widgetsClient(server, undefined, { maxRetries: 3 }, metadata(server)).execute('widgets', 'get', { id: 'w1' }),
    );
    const after = Date.now();
    expect(server.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toBeInstanceOf(RateLimitError); // code that catches RateLimitError still sees it
    expect(error.name).toBe('QuotaExceededError');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(3_600_000);
    const resetAt = (error as QuotaExceededError).resetAt!;
    expect(resetAt.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(resetAt.getTime()).toBeLessThanOrEqual(after + 3_600_000);
    expect(error.message).toBe(
      'widgets widgets.get failed with HTTP 429: You have reached your daily limit. — GET ' +
        `${server.url}/widgets/w1. The vendor's quota is used up; not retried (it renews at ${resetAt.toISOString()}) ` +
        '[request id c0ffee00-1111-2222-3333-444455556666]',
    );
  });

  it('leave resetAt unset when the answer does not say when the quota renews', async () => {
    const server = await serve(vendor(dailyLimit()));
    const error = await rejection(widgetsClient(server, undefined, {}, metadata(server)).execute('widgets', 'create', { name: 'x' }));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).resetAt).toBeUndefined();
    expect(error.message).toContain("The vendor's quota is used up; not retried [request id");
    expect(server.requests).toHaveLength(1);
  });

  it('retry a 429 that is not a quota answer, waiting the window the reset header gives in milliseconds', async () => {
    const secondly = { ...dailyLimit(30), body: { ...DAILY_BODY, policyName: 'SECONDLY' } };
    const server = await serve(vendor(secondly));
    const result = await widgetsClient(server, undefined, {}, metadata(server)).execute('widgets', 'get', { id: 'w1' });
    expect(result.data).toEqual({ id: 'w1' });
    expect(server.requests).toHaveLength(2);
  });

  it('report the RateLimitError of a non-quota 429 with the millisecond window as retryAfterMs', async () => {
    const secondly = { ...dailyLimit(1500), body: { ...DAILY_BODY, policyName: 'SECONDLY' } };
    const server = await serve(vendor(secondly));
    const error = await rejection(
      widgetsClient(server, undefined, { maxRetries: 0 }, metadata(server)).execute('widgets', 'get', { id: 'w1' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).not.toBeInstanceOf(QuotaExceededError);
    expect(error.retryAfterMs).toBe(1500);
  });

  it('match only the declared status: the same body with another status is not a quota answer', async () => {
    const server = await serve(
      vendor({ ...dailyLimit(), status: 503 }, { ...dailyLimit(), status: 503 }, { ...dailyLimit(), status: 503 }),
    );
    const error = await rejection(widgetsClient(server, undefined, {}, metadata(server)).execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(3); // a read: retried twice
  });
});

describe('reset header as a window in milliseconds', () => {
  it('reads the value as milliseconds from now', () => {
    const headers = new Headers({ [WINDOW_HEADER]: '10000' });
    expect(serverRequestedDelay(headers, { header: WINDOW_HEADER, format: 'delta-ms' })).toBe(10_000);
    expect(serverRequestedDelay(headers, { header: WINDOW_HEADER, format: 'delta-seconds' })).toBe(10_000_000);
  });
});

describe('request id from the error body', () => {
  const serve = useServers();

  it('is preferred to the request-id header, which stays the fallback', async () => {
    const server = await serve(
      vendor({ status: 404, headers: { 'x-request-id': 'header-id' }, body: { message: 'gone', correlationId: 'body-id' } }),
    );
    const fromBody = await rejection(widgetsClient(server, undefined, {}, metadata(server)).execute('widgets', 'get', { id: 'w1' }));
    expect(fromBody.requestId).toBe('body-id');
    expect(fromBody.message).toMatch(/\[request id body-id\]$/);

    const other = await serve(vendor({ status: 404, headers: { 'x-request-id': 'header-id' }, body: { message: 'gone' } }));
    const fromHeader = await rejection(widgetsClient(other, undefined, {}, metadata(other)).execute('widgets', 'get', { id: 'w1' }));
    expect(fromHeader.requestId).toBe('header-id');
  });
});
