/**
 * A vendor quota answer in hosted mode: the service reports it as a `connector_error` problem with
 * `error_class: QuotaExceededError`, HTTP 429 and Retry-After (packages/server/src/execution/problem-from-error.ts).
 * The hosted executor raises QuotaExceededError with `resetAt`, and does not send the call again
 * despite the 429 (the service would only ask the vendor again and burn quota).
 */
import { describe, expect, it } from 'vitest';
import { QuotaExceededError, RateLimitError } from '@switchyard/runtime';
import { rejection, useServers, type Reply } from './helpers.js';
import { fakeService, hostedClient, hostedMetadata, hostedOptions, problem, requestsTo } from './hosted-service-fake.js';

const serve = useServers();

async function executeAgainst(reply: Reply) {
  const { state, handler } = fakeService();
  state.execute = () => reply;
  const server = await serve(handler);
  const client = hostedClient(hostedMetadata(server.url), hostedOptions(server, { connectorId: 'conn-1', maxRetries: 2 }));
  const error = await rejection(client.execute('widgets', 'get', { id: 'w1' }));
  return { error, executes: requestsTo(server, /\/execute$/).length };
}

const quotaProblem = (extra: Record<string, unknown>): Reply => {
  const reply = problem(429, 'connector_error', 'crm contacts.get failed with HTTP 429: You have reached your daily limit.', {
    error_class: 'QuotaExceededError',
    vendor_status: 429,
    request_id: 'c0ffee00-1111',
    ...extra,
  });
  return { ...reply, headers: { ...reply.headers, 'retry-after': '1' } };
};

describe('hosted mode: a vendor quota answer', () => {
  it('is QuotaExceededError with resetAt and retryAfterMs, after one execute request', async () => {
    const { error, executes } = await executeAgainst(quotaProblem({ retry_after_ms: 3_600_000, reset_at: '2026-05-01T00:00:00.000Z' }));
    expect(executes).toBe(1);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.resetAt).toEqual(new Date('2026-05-01T00:00:00.000Z'));
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.requestId).toBe('c0ffee00-1111');
    expect(error.status).toBe(429);
  });

  it('has no resetAt when the service gives none (or an unreadable one)', async () => {
    const { error, executes } = await executeAgainst(quotaProblem({ reset_at: 'next tuesday' }));
    expect(executes).toBe(1);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error.resetAt).toBeUndefined();
  });

  it('leaves an ordinary vendor RateLimitError retried as before', async () => {
    const ordinary = quotaProblem({ error_class: 'RateLimitError' });
    const { error, executes } = await executeAgainst({ ...ordinary, headers: { ...ordinary.headers, 'retry-after': '0' } });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).not.toBeInstanceOf(QuotaExceededError);
    expect(executes).toBe(3);
  });
});
