/** Per-principal and per-address rate limits: a 429 problem with Retry-After. */
import fc from 'fast-check';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, loadConfig } from '../src/config.js';
import { ADMIN_TOKEN, expectProblemShape, startHarness, type Harness } from './http-harness.js';

/** The problem in a raw HTTP answer: its content type must say so. */
function problemOf(answer: string): Record<string, unknown> {
  const [head, body] = answer.split('\r\n\r\n', 2) as [string, string];
  expect(head.toLowerCase()).toContain('content-type: application/problem+json');
  return JSON.parse(body) as Record<string, unknown>;
}

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

/**
 * Failed authentication is charged to the client address, and an address whose budget is spent is
 * turned away before its token is verified. Each case sends from its own loopback address, so the
 * budgets of the cases (and of the tests above, from 127.0.0.1) never mix.
 */
describe('failed authentication is rate limited per client address', () => {
  let nextHost = 10;
  const freshAddress = (): string => `127.0.0.${nextHost++}`;

  /** Counts the verification work the auth hook asks the tenancy for. */
  function countVerifications(): { readonly calls: () => number; restore(): void } {
    const tenancy = h.parts.tenancy;
    const original = tenancy.verify;
    let calls = 0;
    tenancy.verify = (token) => {
      calls++;
      return original.call(tenancy, token);
    };
    return { calls: () => calls, restore: () => void (tenancy.verify = original) };
  }

  it('garbage bearer tokens answer 401 until the budget is spent, then 429 with Retry-After and no verification', async () => {
    const from = freshAddress();
    const verifications = countVerifications();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await h.request('GET', '/api/v1/connectors/sources', { token: `garbage-${i}`, from })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      expect(verifications.calls()).toBe(3);
      const limited = await h.request('GET', '/api/v1/connectors/sources', { token: 'garbage', from });
      expect(limited.status).toBe(429);
      expectProblemShape(limited);
      expect(limited.body.code).toBe('rate_limited');
      expect(limited.body.detail).toMatch(/client address \(refused authentications/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    } finally {
      verifications.restore();
    }
  });

  it('a valid token from another address is unaffected; from the spent address it waits too (it cannot be told from a guess unverified)', async () => {
    // Minted through the tenancy: the token endpoint's budget of 127.0.0.1 is spent by the tests above.
    const created = await h.parts.tenancy.createApplication('neighbour');
    const app = { token: (await h.parts.tenancy.issueApplicationToken(created.client_id, created.client_secret)).access_token };
    const attacker = freshAddress();
    for (let i = 0; i < 3; i++) await h.request('GET', '/api/v1/connectors/sources', { token: 'not-a-token', from: attacker });
    expect((await h.request('GET', '/api/v1/connectors/sources', { token: 'not-a-token', from: attacker })).status).toBe(429);

    expect((await h.request('GET', '/api/v1/connectors/sources', { token: app.token, from: freshAddress() })).status).toBe(200);
    expect((await h.request('GET', '/api/v1/connectors/sources', { token: app.token, from: attacker })).status).toBe(429);
  });

  it("an address's public calls spend their own budget, not its authenticated one", async () => {
    const created = await h.parts.tenancy.createApplication('busy app server');
    const token = (await h.parts.tenancy.issueApplicationToken(created.client_id, created.client_secret)).access_token;
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect((await h.request('GET', '/api/v1/connector-types', { from })).status).toBe(200);
    expect((await h.request('GET', '/api/v1/connector-types', { from })).status).toBe(429);
    expect((await h.request('GET', '/api/v1/connectors/sources', { token, from })).status).toBe(200);
  });

  it('every way of failing authentication counts: no header, a malformed header, a wrong admin token, a forged token', async () => {
    const withAdmin = await startHarness({ adminToken: ADMIN_TOKEN, limits: { rateLimitMax: 4, rateLimitWindowMs: 60_000 } });
    try {
      const from = freshAddress();
      const valid = await withAdmin.application('real');
      const [header, payload] = valid.token.split('.');
      const failures = [
        withAdmin.request('GET', '/api/v1/connectors/sources', { from }),
        withAdmin.request('GET', '/api/v1/connectors/sources', { from, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
        withAdmin.request('POST', '/api/v1/admin/applications', { from, token: 'wrong-admin-token-0123456789', json: { name: 'x' } }),
        withAdmin.request('GET', '/api/v1/connectors/sources', { from, token: `${header}.${payload}.forged-signature` }),
      ];
      const statuses: number[] = [];
      for (const failure of failures) statuses.push((await failure).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await withAdmin.request('GET', '/api/v1/connectors/sources', { from, token: valid.token })).status).toBe(429);
    } finally {
      await withAdmin.close();
    }
  });

  it("a valid token refused on an endpoint it may not use is charged to its principal's budget", async () => {
    const created = await h.parts.tenancy.createApplication('scoped caller');
    const appToken = (await h.parts.tenancy.issueApplicationToken(created.client_id, created.client_secret)).access_token;
    const scoped = (
      await h.request('POST', '/api/v1/embedded/scoped-token', { token: appToken, json: { external_user_id: 'u' }, from: freshAddress() })
    ).body.access_token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await h.request('POST', '/api/v1/embedded/scoped-token', { token: scoped, json: { external_user_id: 'v' }, from: freshAddress() }))
          .status,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('any garbage in the Authorization header is charged (property)', async () => {
    const tokenChars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/='.split(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: tokenChars, minLength: 1, maxLength: 200 }), { minLength: 4, maxLength: 8 }),
        async (tokens) => {
          const from = freshAddress();
          const statuses: number[] = [];
          for (const token of tokens) statuses.push((await h.request('GET', '/api/v1/connectors/sources', { token, from })).status);
          expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
          expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('failed authentication at the default budget', () => {
  it('700 garbage tokens from one address: 600 × 401, then 429', async () => {
    const defaults = await startHarness();
    try {
      const counts = new Map<number, number>();
      for (let i = 0; i < 700; i++) {
        const status = (await defaults.request('GET', '/api/v1/connectors/sources', { token: `garbage-${i}`, from: '127.0.0.200' })).status;
        counts.set(status, (counts.get(status) ?? 0) + 1);
      }
      expect(Object.fromEntries(counts)).toEqual({ 401: DEFAULT_LIMITS.rateLimitMax, 429: 700 - DEFAULT_LIMITS.rateLimitMax });
    } finally {
      await defaults.close();
    }
  }, 60_000);
});

describe('a request must arrive whole within the request timeout', () => {
  let slow: Harness;
  const TIMEOUT_MS = 400;

  beforeAll(async () => {
    slow = await startHarness({ limits: { requestTimeoutMs: TIMEOUT_MS } });
  }, 60_000);
  afterAll(async () => slow?.close());

  /** Sends `parts` over one raw connection, `gapMs` apart, and resolves to everything the service answered once it closed. */
  const converse = (parts: readonly string[], gapMs: number) =>
    new Promise<{ answer: string; closedAfterMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(Number(new URL(slow.url).port), '127.0.0.1');
      let answer = '';
      const timers: NodeJS.Timeout[] = [];
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      socket.on('error', reject);
      // Without a request timeout the service would wait for the rest for ever: give up well after it.
      socket.setTimeout(TIMEOUT_MS * 20, () => socket.destroy());
      socket.on('close', () => {
        timers.forEach(clearTimeout);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      parts.forEach((part, i) => timers.push(setTimeout(() => socket.write(part), i * gapMs)));
      // A well-behaved client ends its side once it has its answer; a stalled one never does.
      socket.on('data', () => {
        if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
      });
    });
  const head = (length: number) =>
    `POST /api/v1/account/applications/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('a body that stops arriving gets 408 and a closed connection', async () => {
    const body = JSON.stringify({ client_id: 'someone', client_secret: 'something' });
    const { answer, closedAfterMs } = await converse([head(body.length) + body.slice(0, 10)], 0);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(problemOf(answer)).toMatchObject({ status: 408, code: 'invalid_request' });
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  // Refused by Node's HTTP parser before Fastify sees them; answered as problems all the same.
  it('headers larger than Node accepts: 431 as a problem, and the connection closed', async () => {
    const { answer } = await converse(
      [`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`],
      0,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(problemOf(answer)).toMatchObject({ status: 431, code: 'invalid_request', title: 'Invalid request' });
  });

  it('bytes that are not HTTP: 400 as a problem, and the connection closed', async () => {
    const { answer } = await converse(['GARBAGE \u0001 not http\r\n\r\n'], 0);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(problemOf(answer)).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('a request sent in pieces within the timeout is answered as usual', async () => {
    const body = JSON.stringify({ client_id: 'someone', client_secret: 'something' });
    const { answer } = await converse([head(body.length), body.slice(0, 10), body.slice(10)], 50);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('application/problem+json');
  });
});

describe('the HTTP limits from the environment', () => {
  it('are read from their variables; unset ones keep the defaults; one that cannot work is refused, naming it', () => {
    expect(loadConfig({}, { SWITCHYARD_REQUEST_TIMEOUT_MS: '5000', SWITCHYARD_BODY_LIMIT_BYTES: '2048' }).limits).toEqual({
      ...DEFAULT_LIMITS,
      requestTimeoutMs: 5000,
      bodyLimitBytes: 2048,
    });
    expect(loadConfig({}, {}).limits).toEqual(DEFAULT_LIMITS);
    expect(() => loadConfig({}, { SWITCHYARD_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /SWITCHYARD_REQUEST_TIMEOUT_MS must be a positive integer/,
    );
  });
});
