/**
 * Intercom's failures as the connector raises them: the `error.list` body's code and message on
 * typed errors with the request id, a wrong token, a refused cursor, and 429s timed by
 * `X-RateLimit-Reset` (Unix seconds; Intercom sends no Retry-After).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, NotFoundError, RateLimitError, ValidationError } from '@switchyard/connector-customer-messaging';
import { capturingLogger, makeConnector, rejection, TOKEN, useIntercomFake } from './helpers.js';

describe('Intercom errors', () => {
  const ctx = useIntercomFake({ contacts: 12 });

  it('a missing contact is NotFoundError with Intercom’s code, message and request id', async () => {
    const error = await rejection(makeConnector(ctx.fake).contacts.get({ id: '5f1d0000000000000000dead' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect((error as Error).message).toContain('User Not Found');
    const body = (error as ApiError).body as { type: string; request_id: string };
    expect(body.type).toBe('error.list');
    expect((error as ApiError).requestId).toBe(body.request_id);
    expect(ctx.fake.requests).toHaveLength(1); // a 404 is not retried
  });

  it('a wrong token is AuthenticationError (unauthorized), and the token appears nowhere in it', async () => {
    const { logger, lines } = capturingLogger();
    const wrong = `${TOKEN}-revoked`;
    const error = await rejection(makeConnector(ctx.fake, { auth: { access_token: wrong }, logger }).teams.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect((error as Error).message).toContain('Access Token Invalid');
    const seen = JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack, error, lines });
    expect(seen).not.toContain(wrong);
  });

  it('a cursor Intercom did not issue is a 400 parameter_invalid naming the field', async () => {
    const error = await rejection(makeConnector(ctx.fake).contacts.list({ starting_after: 'bm90LWEtY3Vyc29y' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'parameter_invalid' });
    expect((error as Error).message).toContain('Invalid starting_after value');
  });

  it('per_page above 150 is refused before any request', async () => {
    const error = await rejection(makeConnector(ctx.fake).conversations.list({ per_page: 151 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: 'per_page', rule: 'maximum' })]);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('a 429 is retried once X-RateLimit-Reset has passed, then succeeds', async () => {
    ctx.fake.throttleNext(1, 1);
    const page = await makeConnector(ctx.fake).contacts.list({ per_page: 5 });
    expect(page.data).toHaveLength(5);
    expect(ctx.fake.requests).toHaveLength(2);
    expect(ctx.fake.requests[0]!.query).toEqual(ctx.fake.requests[1]!.query);
  });

  it('retryAfterMs comes from X-RateLimit-Reset (no Retry-After), with Intercom’s code', async () => {
    ctx.fake.throttleNext(1, 30);
    const error = await rejection(makeConnector(ctx.fake, { maxRetries: 0 }).tags.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect((error as RateLimitError).headers.get('retry-after')).toBeNull();
    expect((error as RateLimitError).headers.get('x-ratelimit-remaining')).toBe('0');
    // Reset is 30 s ahead in whole seconds: between 29 and 30 s from when the answer was read.
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(28_000);
    expect((error as RateLimitError).retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('successful answers carry Intercom’s rate-limit headers (the 10-second share of the per-minute limit)', async () => {
    const response = await fetch(`${ctx.fake.url}/teams`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get('x-ratelimit-limit')).toBe('167');
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBeLessThan(167);
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    // Unauthenticated calls get no rate-limit headers, as at Intercom.
    const anonymous = await fetch(`${ctx.fake.url}/teams`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
