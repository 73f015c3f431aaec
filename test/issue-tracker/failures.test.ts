/**
 * Failure handling of the issue-tracker connector against the Linear fake: GraphQL `errors[]` in a
 * 200 (VendorError with Linear's extensions.code, never retried), RATELIMITED in any status
 * (RateLimitError, retried for queries and mutations alike: a throttled request was not
 * processed), X-RateLimit-Requests-Reset, 401s from real Linear answers, `success: false`
 * payloads, the refreshable OAuth kind, and that no credential reaches an error or a log line.
 * 5xx, dropped connections, timeouts and plain HTTP 429 on every action are in test/matrix.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  RateLimitError,
  ServerError,
  SwitchyardError,
  VendorError,
  type TokenSet,
} from '@switchyard/connector-issue-tracker';
import { startServer, type FakeServer, type Reply } from '../fakes/harness.js';
import type { LinearFake } from '../fakes/linear.js';
import {
  ACCESS_TOKEN,
  API_KEY,
  RATELIMITED,
  allIssues,
  capturingLogger,
  commentsWithBody,
  issuesTitled,
  linearErrors,
  makeConnector,
  rejection,
  teamAndStates,
  useLinearFake,
  variablesOf,
} from './helpers.js';

const teamId = (fake: LinearFake) => teamAndStates(fake).team.id;

describe('errors Linear reports in errors[] with HTTP 200', () => {
  const ctx = useLinearFake({ issuesPerTeam: 10, commentsPerIssue: 2 });

  async function expectVendorError(promise: PromiseLike<unknown>, code: string, words: string, operation: string): Promise<VendorError> {
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toBeInstanceOf(SwitchyardError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('VendorError');
    expect(error.code).toBe(code);
    expect(error.status).toBe(200);
    expect(error.body).toMatchObject({ data: null, errors: [{ message: words, extensions: { code } }] });
    expect(error.message).toBe(`issue-tracker ${operation} failed: the vendor reported "${code}" (${words})`);
    expect(ctx.fake.requests).toHaveLength(1); // never retried
    return error as VendorError;
  }

  it('issues.get with an unknown id: "Entity not found: Issue" with extensions.code, not retried', async () => {
    await expectVendorError(
      makeConnector(ctx.fake).issues.get({ id: '00000000-0000-4000-a000-000000000000' }),
      'INVALID_INPUT',
      'Entity not found: Issue',
      'issues.get',
    );
  });

  it.each([
    ['projects', 'Project'],
    ['teams', 'Team'],
    ['users', 'User'],
    ['comments', 'Comment'],
  ] as const)('%s.get with an unknown id', async (entity, type) => {
    await expectVendorError(
      makeConnector(ctx.fake)[entity].get({ id: 'nope' }),
      'INVALID_INPUT',
      `Entity not found: ${type}`,
      `${entity}.get`,
    );
  });

  it('comments.list of an unknown issue', async () => {
    await expectVendorError(
      makeConnector(ctx.fake).comments.list({ issueId: 'ENG-9999' }),
      'INVALID_INPUT',
      'Entity not found: Issue',
      'comments.list',
    );
  });

  it('issues.create in an unknown team: VendorError, nothing created, not retried', async () => {
    const before = ctx.fake.data.issues.size;
    await expectVendorError(
      makeConnector(ctx.fake).issues.create({ teamId: 'no-such-team', title: 'orphan' }),
      'INVALID_INPUT',
      'Entity not found: Team',
      'issues.create',
    );
    expect(ctx.fake.data.issues.size).toBe(before);
  });

  it('issues.update to a state of another team: Linear rejects the input', async () => {
    const issue = allIssues(ctx.fake).find((i) => i.teamId === teamId(ctx.fake))!;
    const error = await expectVendorError(
      makeConnector(ctx.fake).issues.update({ id: issue.id, stateId: teamAndStates(ctx.fake, 'OPS').inProgress }),
      'INVALID_INPUT',
      'Argument Validation Error',
      'issues.update',
    );
    expect(
      (error.body as { errors: Array<{ extensions: Record<string, unknown> }> }).errors[0]!.extensions['userPresentableMessage'],
    ).toContain('workflow state');
  });

  it('errors[] alongside partial data is still a VendorError', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', {
      kind: 'body',
      body: {
        data: { issues: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } },
        errors: [
          {
            message: 'Cannot return null for non-nullable field',
            path: ['issues', 'nodes', 0, 'team'],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ],
      },
    });
    const error = await rejection(c.issues.list({ first: 3 }));
    expect(error).toBeInstanceOf(VendorError);
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('an empty errors[] is not an error', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', {
      kind: 'body',
      body: { data: { issues: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } }, errors: [] },
    });
    const page = await c.issues.list({ first: 3 });
    expect(page.data).toEqual([]);
    expect(page.meta).toEqual({ endCursor: null, hasNextPage: false });
  });

  it.each([
    ['issues.create', 'issueCreate', 'issue'],
    ['comments.create', 'commentCreate', 'comment'],
  ] as const)('%s payload with success: false is a VendorError, not retried', async (operation, field, key) => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', { kind: 'body', body: { data: { [field]: { success: false, [key]: null } } } });
    const promise =
      operation === 'issues.create'
        ? c.issues.create({ teamId: teamId(ctx.fake), title: 'unsuccessful' })
        : c.comments.create({ issueId: 'ENG-1', body: 'unsuccessful' });
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(VendorError);
    expect(error.code).toBe('unsuccessful');
    expect(error.message).toContain(`issue-tracker ${operation} failed`);
    expect(error.message).toContain(`data.${field}.success is not true`);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('an update payload with success: false is a VendorError too', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', { kind: 'body', body: { data: { issueUpdate: { success: false, issue: { id: 'x' } } } } });
    const error = await rejection(c.issues.update({ id: 'ENG-1', title: 'x' }));
    expect(error).toBeInstanceOf(VendorError);
    expect(error.code).toBe('unsuccessful');
    expect(ctx.fake.requests).toHaveLength(1);
  });
});

describe('rate limiting (RATELIMITED)', () => {
  const ctx = useLinearFake({ issuesPerTeam: 10, commentsPerIssue: 2 });

  it('RATELIMITED in a 200 body on a query: RateLimitError retried, 2 requests, same body', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', { kind: 'body', body: RATELIMITED });
    const page = await c.issues.list({ first: 3 });
    expect(page.data.map((i) => i.id)).toEqual(
      allIssues(ctx.fake)
        .slice(0, 3)
        .map((i) => i.id),
    );
    expect(ctx.fake.requests).toHaveLength(2);
    expect(ctx.fake.requests[1]!.rawBody).toBe(ctx.fake.requests[0]!.rawBody);
  });

  it('RATELIMITED in a 200 body on a mutation is retried too (throttled = not processed): one issue created', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    ctx.fake.failNext('/graphql', { kind: 'body', body: RATELIMITED });
    const { data } = await c.issues.create({ teamId: teamId(ctx.fake), title: 'created after a soft limit' });
    expect(ctx.fake.requests).toHaveLength(2);
    expect(variablesOf(ctx.fake.requests[1]!)).toStrictEqual(variablesOf(ctx.fake.requests[0]!));
    expect(issuesTitled(ctx.fake, 'created after a soft limit')).toHaveLength(1);
    expect(issuesTitled(ctx.fake, 'created after a soft limit')[0]!.id).toBe(data.id);
    const retries = lines.filter((l) => l.includes('retrying'));
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain('"reason":"HTTP 200"');
  });

  it('RATELIMITED with HTTP 400 is retried as well (query and mutation)', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', { kind: 'status', status: 400, body: RATELIMITED });
    const { data } = await c.users.get({ id: ctx.fake.data.viewerId });
    expect(data.isMe).toBe(true);
    expect(ctx.fake.requests).toHaveLength(2);

    ctx.fake.reset();
    ctx.fake.failNext('/graphql', { kind: 'status', status: 400, body: RATELIMITED });
    await c.comments.create({ issueId: 'ENG-2', body: 'after a 400 throttle' });
    expect(ctx.fake.requests).toHaveLength(2);
    expect(commentsWithBody(ctx.fake, 'after a 400 throttle')).toHaveLength(1);
  });

  it('RATELIMITED on every attempt ends in RateLimitError with code RATELIMITED after 1 + maxRetries requests; nothing created', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', { kind: 'body', body: RATELIMITED }, 3);
    const error = await rejection(c.issues.create({ teamId: teamId(ctx.fake), title: 'never created' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.name).toBe('RateLimitError');
    expect(error.code).toBe('RATELIMITED');
    expect(error.status).toBe(200);
    expect(error.message).toContain('issue-tracker issues.create was rate limited by the vendor (RATELIMITED)');
    expect(ctx.fake.requests).toHaveLength(3);
    expect(issuesTitled(ctx.fake, 'never created')).toHaveLength(0);
  });

  it('HTTP 400 RATELIMITED waits until X-RateLimit-Requests-Reset (epoch ms) before retrying', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const started = Date.now();
    ctx.fake.failNext('/graphql', {
      kind: 'status',
      status: 400,
      headers: { 'x-ratelimit-requests-reset': String(started + 400) },
      body: RATELIMITED,
    });
    await c.teams.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(ctx.fake.requests).toHaveLength(2);
    const delay = Number(/"delayMs":(\d+)/.exec(lines.find((l) => l.includes('retrying'))!)![1]);
    expect(delay).toBeGreaterThan(300);
    expect(delay).toBeLessThanOrEqual(400);
  });

  it('a reset further away than maxRetryAfterMs is not waited for: RateLimitError at once with retryAfterMs', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', {
      kind: 'status',
      status: 400,
      headers: { 'x-ratelimit-requests-reset': String(Date.now() + 120_000) },
      body: RATELIMITED,
    });
    const error = await rejection(c.teams.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBeGreaterThan(100_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('200 RATELIMITED honours X-RateLimit-Requests-Reset', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const started = Date.now();
    ctx.fake.failNext('/graphql', {
      kind: 'status',
      status: 200,
      headers: { 'x-ratelimit-requests-reset': String(started + 400) },
      body: RATELIMITED,
    });
    await c.teams.list();
    expect(ctx.fake.requests).toHaveLength(2);
    // Today the retry waits the 5-20 ms backoff instead of ~400 ms.
    const delay = Number(/"delayMs":(\d+)/.exec(lines.find((l) => l.includes('retrying'))!)![1]);
    expect(delay).toBeGreaterThan(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });
});

describe('HTTP 4xx', () => {
  const ctx = useLinearFake({ issuesPerTeam: 5, commentsPerIssue: 1 });

  it('a bad API key: 401 AuthenticationError with Linear code, not retried, key not in the message', async () => {
    const bad = 'lin_api_wrongwrongwrongwrongwrong';
    const c = makeConnector(ctx.fake, { auth: { api_key: bad } });
    const error = await rejection(c.issues.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.name).toBe('AuthenticationError');
    expect(error.status).toBe(401);
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(error.message).toContain('Authentication required, not authenticated');
    expect(error.message).toContain('Check the credentials passed in `auth`');
    expect(error.message).not.toContain(bad);
    expect(ctx.fake.requests).toHaveLength(1);
    expect(ctx.fake.requests[0]!.headers['authorization']).toBe(bad);
  });

  it('a 401 on a mutation with an API key: AuthenticationError, nothing created, 1 request', async () => {
    const c = makeConnector(ctx.fake, { auth: { api_key: 'lin_api_revoked' } });
    await expect(c.issues.create({ teamId: teamId(ctx.fake), title: 'revoked' })).rejects.toBeInstanceOf(AuthenticationError);
    expect(ctx.fake.requests).toHaveLength(1);
    expect(issuesTitled(ctx.fake, 'revoked')).toHaveLength(0);
  });

  it('a GraphQL validation failure (HTTP 400) is an ApiError carrying the code, not retried', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', {
      kind: 'status',
      status: 400,
      body: linearErrors('GRAPHQL_VALIDATION_FAILED', 'Cannot query field "foo" on type "Issue".'),
    });
    const error = await rejection(c.issues.get({ id: 'ENG-1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(RateLimitError);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(400);
    expect(error.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(error.message).toContain('Cannot query field "foo" on type "Issue".');
    expect(ctx.fake.requests).toHaveLength(1);
  });
});

describe('credentials stay secret', () => {
  const ctx = useLinearFake({ issuesPerTeam: 5, commentsPerIssue: 1 });

  it('the API key never appears in errors (message, stack, body) or logger output, even when echoed', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const echo = `key ${API_KEY} is not valid here`;
    const errors: unknown[] = [];
    const collect = async (p: PromiseLike<unknown>) => errors.push(await rejection(p));

    ctx.fake.failNext('/graphql', { kind: 'status', status: 401, body: linearErrors('AUTHENTICATION_ERROR', echo) });
    await collect(c.issues.list());
    ctx.fake.failNext('/graphql', { kind: 'status', status: 503, body: linearErrors('INTERNAL_SERVER_ERROR', echo) }, 3);
    await collect(c.issues.list());
    ctx.fake.failNext('/graphql', { kind: 'status', status: 400, body: linearErrors('RATELIMITED', echo) }, 3);
    await collect(c.teams.list());
    ctx.fake.failNext('/graphql', { kind: 'drop' });
    await collect(c.issues.create({ teamId: teamId(ctx.fake), title: 'x' }));
    ctx.fake.failNext('/graphql', { kind: 'status', status: 500, body: `<html>${API_KEY}</html>` });
    await collect(c.comments.create({ issueId: 'ENG-1', body: 'leaky' }));
    ctx.fake.failNext('/graphql', { kind: 'body', body: linearErrors('FORBIDDEN', echo) });
    await collect(c.users.list());
    ctx.fake.failNext('/graphql', { kind: 'body', body: linearErrors('RATELIMITED', echo) }, 3);
    await collect(c.users.list());
    await collect(c.issues.get({ id: API_KEY }));
    await collect(makeConnector(ctx.fake, { logger, auth: { api_key: `${API_KEY}-old` } }).users.list());

    expect(errors.map((e) => (e as Error).name)).toEqual([
      'AuthenticationError',
      'ServerError',
      'RateLimitError',
      'ConnectionError',
      'ServerError',
      'VendorError',
      'RateLimitError',
      'VendorError',
      'AuthenticationError',
    ]);
    for (const error of errors as Array<Error & { body?: unknown }>) {
      expect(error.message).not.toContain(API_KEY);
      expect(String(error.stack)).not.toContain(API_KEY);
      expect(JSON.stringify(error.body ?? null)).not.toContain(API_KEY);
    }
    // The echoed key is replaced, not the whole message dropped.
    expect((errors[0] as Error).message).toContain('key [REDACTED] is not valid here');
    expect((errors[5] as Error).message).toContain('key [REDACTED] is not valid here');
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes('retrying'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(API_KEY);
    expect(ctx.fake.requests.every((r) => r.headers['authorization']?.startsWith(API_KEY))).toBe(true);
  });
});

// ---- OAuth (refreshable) ------------------------------------------------------------------------

const LINEAR_TOKEN_URL = 'https://api.linear.app/oauth/token';
const CLIENT_ID = 'a1b2c3d4e5f6client';
const CLIENT_SECRET = 'lin_oauth_client_SECRET_9f8e7d6c5b4a';
const OLD_ACCESS = 'lin_oauth_EXPIRED_access_token_0000';
const OLD_REFRESH = 'lin_refresh_ORIGINAL_1111111111';
const NEW_REFRESH = 'lin_refresh_ROTATED_2222222222';

interface TokenEndpoint {
  server: FakeServer;
  /** Replies served in order; the last one repeats. */
  replies: Reply[];
  /** URLs the connector's fetch was asked for, before routing. */
  fetched: string[];
  fetch: typeof fetch;
}

/**
 * A local stand-in for Linear's token endpoint, and a `fetch` that routes requests for
 * https://api.linear.app/oauth/token to it while everything else (the fake's /graphql) goes out
 * unchanged.
 */
function useTokenEndpoint(): { token: TokenEndpoint } {
  const ctx = {} as { token: TokenEndpoint };
  const defaultReply: Reply = {
    body: { access_token: ACCESS_TOKEN, refresh_token: NEW_REFRESH, token_type: 'Bearer', expires_in: 86_399, scope: 'read write' },
  };
  let served = 0;
  beforeAll(async () => {
    const replies: Reply[] = [];
    const fetched: string[] = [];
    const server = await startServer((req) => {
      if (req.method !== 'POST' || req.path !== '/oauth/token') return { status: 404, body: 'Not Found' };
      const reply = replies[Math.min(served, replies.length - 1)] ?? defaultReply;
      served++;
      return reply;
    });
    ctx.token = {
      server,
      replies,
      fetched,
      fetch: (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        fetched.push(url);
        if (url.startsWith(LINEAR_TOKEN_URL))
          return globalThis.fetch(`${server.url}/oauth/token${url.slice(LINEAR_TOKEN_URL.length)}`, init);
        return globalThis.fetch(input, init);
      },
    };
  });
  beforeEach(() => {
    served = 0;
    ctx.token.server.reset();
    ctx.token.replies.length = 0;
    ctx.token.fetched.length = 0;
  });
  afterAll(async () => {
    await ctx.token?.server.close();
  });
  return ctx;
}

describe('OAuth (refreshable): refresh after a 401', () => {
  const ctx = useLinearFake({ issuesPerTeam: 5, commentsPerIssue: 1 });
  const endpoint = useTokenEndpoint();

  function connector(extra: { onTokenRefresh?: (t: TokenSet) => void; logger?: ReturnType<typeof capturingLogger>['logger'] } = {}) {
    return makeConnector(ctx.fake, {
      auth: { access_token: OLD_ACCESS, refresh_token: OLD_REFRESH, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      fetch: endpoint.token.fetch,
      ...extra,
    });
  }

  it('a 401 triggers one form-encoded refresh_token request; the retried request carries the new Bearer token', async () => {
    const refreshed: TokenSet[] = [];
    const c = connector({ onTokenRefresh: (t) => void refreshed.push(t) });
    const started = Date.now();
    const { data } = await c.users.get({ id: ctx.fake.data.viewerId });
    expect(data.isMe).toBe(true);

    const tokenRequests = endpoint.token.server.requests;
    expect(tokenRequests).toHaveLength(1);
    const [tr] = tokenRequests;
    expect(tr!.method).toBe('POST');
    expect(tr!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tr!.headers['authorization']).toBeUndefined(); // client credentials go in the body (clientAuth: body)
    expect(tr!.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: OLD_REFRESH,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });

    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${OLD_ACCESS}`, `Bearer ${ACCESS_TOKEN}`]);
    expect(ctx.fake.requests[1]!.rawBody).toBe(ctx.fake.requests[0]!.rawBody);
    expect(endpoint.token.fetched.filter((u) => u === LINEAR_TOKEN_URL)).toHaveLength(1);
    expect(endpoint.token.fetched.filter((u) => u === `${ctx.fake.url}/graphql`)).toHaveLength(2);

    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).toEqual({ accessToken: ACCESS_TOKEN, refreshToken: NEW_REFRESH, expiresAt: expect.any(Number) });
    expect(refreshed[0]!.expiresAt! - started).toBeGreaterThan(86_000_000);
    expect(refreshed[0]!.expiresAt! - Date.now()).toBeLessThanOrEqual(86_399_000);

    // The next call uses the new token straight away: no 401, no token request.
    ctx.fake.reset();
    await c.teams.list();
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${ACCESS_TOKEN}`]);
    expect(endpoint.token.server.requests).toHaveLength(1);
  });

  it.each([
    ['HTTP 400', { kind: 'status', status: 400 } as const],
    ['inside a 200', { kind: 'body', status: 200 } as const],
  ])('AUTHENTICATION_ERROR %s refreshes and retries once, like a 401', async (_label, failure) => {
    const refused = {
      data: null,
      errors: [
        {
          message: 'Authentication required, not authenticated',
          extensions: { type: 'authentication error', code: 'AUTHENTICATION_ERROR' },
        },
      ],
    };
    ctx.fake.failNext('/graphql', { ...failure, body: refused });
    const { data } = await connector().users.get({ id: ctx.fake.data.viewerId });
    expect(data.isMe).toBe(true);
    expect(endpoint.token.server.requests).toHaveLength(1);
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${OLD_ACCESS}`, `Bearer ${ACCESS_TOKEN}`]);
  });

  it('AUTHENTICATION_ERROR with HTTP 400 for a key that cannot refresh is an AuthenticationError, sent once', async () => {
    const refused = { errors: [{ message: 'Authentication required, not authenticated', extensions: { code: 'AUTHENTICATION_ERROR' } }] };
    ctx.fake.failNext('/graphql', { kind: 'status', status: 400, body: refused });
    const error = await rejection(makeConnector(ctx.fake).users.get({ id: ctx.fake.data.viewerId }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('a 401 on a mutation refreshes and retries once: exactly one issue created', async () => {
    const c = connector();
    const { data } = await c.issues.create({ teamId: teamId(ctx.fake), title: 'created after refresh' });
    expect(issuesTitled(ctx.fake, 'created after refresh')).toHaveLength(1);
    expect(data.title).toBe('created after refresh');
    expect(ctx.fake.requests).toHaveLength(2);
    expect(endpoint.token.server.requests).toHaveLength(1);
  });

  it('concurrent 401s share one refresh (single flight)', async () => {
    const c = connector();
    const results = await Promise.all([c.issues.get({ id: 'ENG-1' }), c.issues.get({ id: 'ENG-2' }), c.users.list({ first: 2 })]);
    expect(results.map((r) => (Array.isArray(r.data) ? r.data.length : r.data.identifier))).toEqual(['ENG-1', 'ENG-2', 2]);
    expect(endpoint.token.server.requests).toHaveLength(1);
    const auths = ctx.fake.requests.map((r) => r.headers['authorization']);
    expect(auths.filter((a) => a === `Bearer ${ACCESS_TOKEN}`)).toHaveLength(3);
  });

  it('the rotated refresh token is used for the next refresh, which happens before expiry without a 401', async () => {
    endpoint.token.replies.push({
      body: { access_token: ACCESS_TOKEN, refresh_token: NEW_REFRESH, token_type: 'Bearer', expires_in: 0.3 },
    });
    endpoint.token.replies.push({
      body: { access_token: ACCESS_TOKEN, refresh_token: `${NEW_REFRESH}-2`, token_type: 'Bearer', expires_in: 3600 },
    });
    const refreshed: TokenSet[] = [];
    const c = connector({ onTokenRefresh: (t) => void refreshed.push(t) });
    await c.issues.get({ id: 'ENG-1' }); // 401 → refresh #1 (token valid for 300 ms)
    await new Promise((resolve) => setTimeout(resolve, 350));
    ctx.fake.reset();
    await c.issues.get({ id: 'ENG-2' }); // expired: refresh #2 before sending
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${ACCESS_TOKEN}`]); // no 401 this time
    expect(endpoint.token.server.requests.map((r) => (r.body as Record<string, string>)['refresh_token'])).toEqual([
      OLD_REFRESH,
      NEW_REFRESH,
    ]);
    expect(refreshed.map((t) => t.refreshToken)).toEqual([NEW_REFRESH, `${NEW_REFRESH}-2`]);
  });

  it('a second 401 after the refresh is an AuthenticationError: one refresh, two requests, no loop', async () => {
    endpoint.token.replies.push({ body: { access_token: 'lin_oauth_also_rejected', refresh_token: NEW_REFRESH, token_type: 'Bearer' } });
    const c = connector();
    const error = await rejection(c.issues.list({ first: 1 }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${OLD_ACCESS}`, 'Bearer lin_oauth_also_rejected']);
    expect(endpoint.token.server.requests).toHaveLength(1);
  });

  it('a refused refresh (invalid_grant) fails the call without retrying it; no secret in the error or logs', async () => {
    endpoint.token.replies.push({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired' },
    });
    const { logger, lines } = capturingLogger();
    const c = connector({ logger });
    const error = await rejection(c.issues.list({ first: 1 }));
    // Refused credentials are an authentication problem whatever status the token endpoint used.
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.name).toBe('AuthenticationError');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_grant');
    expect(error.message).toContain('re-authorize');
    expect(error.message).toContain('The refresh token is invalid or expired');
    expect(ctx.fake.requests).toHaveLength(1);
    expect(endpoint.token.server.requests).toHaveLength(1);
    for (const secret of [CLIENT_SECRET, OLD_REFRESH, OLD_ACCESS]) {
      expect(error.message).not.toContain(secret);
      expect(JSON.stringify(error.body ?? null)).not.toContain(secret);
      for (const line of lines) expect(line).not.toContain(secret);
    }
  });

  it('the plain OAuth kind ({access_token}) does not refresh: 401 is an AuthenticationError, no token request', async () => {
    const c = makeConnector(ctx.fake, { auth: { access_token: OLD_ACCESS }, fetch: endpoint.token.fetch });
    await expect(c.issues.list({ first: 1 })).rejects.toBeInstanceOf(AuthenticationError);
    expect(ctx.fake.requests).toHaveLength(1);
    expect(endpoint.token.server.requests).toHaveLength(0);
    expect(endpoint.token.fetched.some((u) => u.startsWith(LINEAR_TOKEN_URL))).toBe(false);
  });

  it('tokens, refresh tokens and the client secret never reach logs or errors across a refresh', async () => {
    const { logger, lines } = capturingLogger();
    const c = connector({ logger });
    await c.issues.get({ id: 'ENG-1' });
    ctx.fake.failNext('/graphql', { kind: 'status', status: 503, body: linearErrors('INTERNAL_SERVER_ERROR', `token ${ACCESS_TOKEN}`) }, 3);
    const error = await rejection(c.issues.get({ id: 'ENG-1' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(lines.some((l) => l.includes('credentials refreshed after 401'))).toBe(true);
    for (const secret of [ACCESS_TOKEN, OLD_ACCESS, OLD_REFRESH, NEW_REFRESH, CLIENT_SECRET]) {
      for (const line of lines) expect(line).not.toContain(secret);
      expect(error.message).not.toContain(secret);
      expect(JSON.stringify(error.body)).not.toContain(secret);
    }
  });
});
