/**
 * GitHub's failure answers as the code-hosting connector sees them: errors inside HTTP 200
 * bodies, primary and secondary rate limits (waited for and retried within the runtime's
 * limits, raised at once beyond them), bad credentials.
 */
import { AuthenticationError, CodeHostingConnector, RateLimitError, VendorError } from '@switchyard/connector-code-hosting';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECONDARY_LIMIT_MESSAGE, startGitHubFake, type GitHubFake } from '../fakes/github.js';

const TOKEN = 'ghp_failures+test/=';
const REPO = { owner: 'northwind-labs', repo: 'switchyard' };
let fake: GitHubFake;
let github: CodeHostingConnector;

beforeAll(async () => {
  fake = await startGitHubFake({ token: TOKEN });
  github = new CodeHostingConnector({ auth: { token: TOKEN }, baseUrl: fake.url, maxRetries: 2 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('errors inside HTTP 200', () => {
  it('NOT_FOUND is a VendorError with GitHub’s type, message and request id', async () => {
    const error = (await github.repositories.get({ owner: 'northwind-labs', repo: 'nope' }).catch((e: unknown) => e)) as VendorError;
    expect(error).toBeInstanceOf(VendorError);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.status).toBe(200);
    expect(error.message).toContain("Could not resolve to a Repository with the name 'northwind-labs/nope'.");
    expect(error.requestId).toMatch(/^C0DE:/);
    expect(fake.requests).toHaveLength(1); // an answer, not a failure: never retried
  });

  it('a tag never answers for a branch of the same name: branch names are sent as refs/heads/…', async () => {
    const branch = await github.branches.get({ ...REPO, branch: 'v0.1.0' });
    expect(branch.data).toBeNull();
    expect((fake.requests[0]!.body as { variables: Record<string, unknown> }).variables['qualifiedName']).toBe('refs/heads/v0.1.0');
    const tag = await github.tags.get({ ...REPO, tag: 'v0.1.0', fields: ['name', 'prefix'] });
    expect(tag.data).toEqual({ name: 'v0.1.0', prefix: 'refs/tags/' });
  });
});

describe('rate limits', () => {
  it('primary: HTTP 200 + RATE_LIMITED is waited out until x-ratelimit-reset, then retried', async () => {
    fake.rateLimit.exhaust(1, 1);
    const { data } = await github.viewer.get({ fields: ['login'] });
    expect(data).toEqual({ login: fake.data.viewer['login'] });
    expect(fake.requests).toHaveLength(2);
  });

  it('primary: a reset too far away is not waited for: RateLimitError with retryAfterMs, sent once', async () => {
    fake.rateLimit.exhaust(1, 3_600);
    const error = (await github.viewer.get().catch((e: unknown) => e)) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['403 with retry-after', { status: 403, headers: { 'retry-after': '1' } }],
    ['429 with retry-after', { status: 429, headers: { 'retry-after': '1' } }],
    [
      '403 with x-ratelimit-remaining: 0 and a reset',
      { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'RESET' } },
    ],
  ])('secondary: %s is retried after the wait', async (_name, failure) => {
    const headers = Object.fromEntries(
      Object.entries(failure.headers).map(([k, v]) => [k, v === 'RESET' ? String(Math.ceil(Date.now() / 1000) + 1) : v]),
    );
    fake.failNext('/graphql', { kind: 'status', status: failure.status, headers, body: { message: SECONDARY_LIMIT_MESSAGE } });
    const page = await github.labels.list({ ...REPO, per_page: 2, fields: ['name'] });
    expect(page.data).toEqual([{ name: 'bug' }, { name: 'documentation' }]);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([403, 429])(
    'secondary: a %i whose message says so, with no header, is a RateLimitError asking for the minute GitHub documents',
    async (status) => {
      // Waits longer than 10 s are the caller's: the error comes at once, with the wait.
      const impatient = new CodeHostingConnector({ auth: { token: TOKEN }, baseUrl: fake.url, retry: { maxRetryAfterMs: 10_000 } });
      fake.failNext('/graphql', { kind: 'status', status, body: { message: SECONDARY_LIMIT_MESSAGE } });
      const error = (await impatient.viewer.get().catch((e: unknown) => e)) as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBe(60_000);
      expect(error.message).toContain('Rate limited');
      expect(error.message).not.toContain('permission');
      expect(fake.requests).toHaveLength(1);
    },
  );

  it('a 403 without a rate-limit signal is a permission error, not retried', async () => {
    fake.failNext('/graphql', { kind: 'status', status: 403, body: { message: 'Resource not accessible by integration' } });
    const error = (await github.viewer.get().catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('PermissionDeniedError');
    expect(error.message).toContain('Resource not accessible by integration');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('credentials', () => {
  it('a bad token is an AuthenticationError with GitHub’s message, and the token appears nowhere', async () => {
    const wrong = new CodeHostingConnector({ auth: { token: 'ghp_wrong+token/=' }, baseUrl: fake.url });
    const error = (await wrong.viewer.get().catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('Bad credentials');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain('ghp_wrong');
    expect(fake.requests[0]!.headers['authorization']).toBe('Bearer ghp_wrong+token/=');
    expect(fake.requests[0]!.headers['user-agent']).toBe('switchyard-connector-code-hosting');
  });
});
