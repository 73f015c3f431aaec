/**
 * Credentials: Bearer OAuth tokens, and the refreshable kind, which after a 401 asks Gong's token
 * endpoint for new tokens the way Gong documents it: POST with the app's client credentials as
 * HTTP Basic and `grant_type` / `refresh_token` in the query string (no body). Gong refresh tokens
 * are single-use, so the rotated one is handed to onTokenRefresh and used for the next refresh.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthenticationError, type TokenSet } from '@switchyard/connector-conversation-intelligence';
import { startServer, type FakeServer, type Reply } from '../fakes/harness.js';
import { capturingLogger, makeConnector, rejection, useGongFake } from './helpers.js';

const GONG_TOKEN_URL = 'https://app.gong.io/oauth2/generate-customer-token';
const CLIENT_ID = 'gong-app-client-7f3a';
const CLIENT_SECRET = 'gong_client_SECRET+9f8e/7d6c=';
const OLD_ACCESS = 'gong_access_EXPIRED_0000000000';
const FIRST_REFRESH = 'gong_refresh_ORIGINAL_111111';

describe('Bearer (OAuth access token)', () => {
  const ctx = useGongFake({ users: 3, calls: 3, bearerTokens: ['gong_access_VALID_123456789'] });

  it('sends the token as Bearer; an expired one is an AuthenticationError (no refresh without a refresh token)', async () => {
    const { data } = await makeConnector(ctx.fake, { auth: { access_token: 'gong_access_VALID_123456789' } }).workspaces.list();
    expect(data).toHaveLength(2);
    expect(ctx.fake.requests[0]!.headers['authorization']).toBe('Bearer gong_access_VALID_123456789');
    const error = await rejection(makeConnector(ctx.fake, { auth: { access_token: OLD_ACCESS } }).workspaces.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('Access denied');
  });
});

describe('OAuth (refreshable): single-use refresh tokens at Gong’s token endpoint', () => {
  const ctx = useGongFake({ users: 3, calls: 3 });
  const token = {} as { server: FakeServer; replies: Reply[]; served: number; fetch: typeof fetch };

  beforeAll(async () => {
    token.replies = [];
    token.served = 0;
    token.server = await startServer((req) => {
      if (req.method !== 'POST' || req.path !== '/oauth2/generate-customer-token') return { status: 404, body: 'Not Found' };
      return (
        token.replies[token.served++] ?? { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token already used' } }
      );
    });
    // Routes Gong's token URL to the local stand-in; everything else goes out unchanged.
    token.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith(GONG_TOKEN_URL))
        return globalThis.fetch(`${token.server.url}/oauth2/generate-customer-token${url.slice(GONG_TOKEN_URL.length)}`, init);
      return globalThis.fetch(input, init);
    };
  });
  beforeEach(() => {
    token.server.reset();
    token.replies.length = 0;
    token.served = 0;
    ctx.fake.bearerTokens.clear();
  });
  afterAll(async () => {
    await token.server?.close();
  });

  const issue = (access: string, refresh: string): Reply => {
    ctx.fake.bearerTokens.add(access);
    return {
      body: {
        access_token: access,
        refresh_token: refresh,
        token_type: 'bearer',
        expires_in: 86_400,
        scope: 'api:calls:read:basic api:users:read',
        api_base_url_for_customer: 'https://company-17.api.gong.io',
      },
    };
  };

  it('a 401 triggers one refresh with the parameters in the query string and Basic client auth; the rotated tokens reach onTokenRefresh', async () => {
    token.replies.push(issue('gong_access_NEW_1', 'gong_refresh_ROTATED_2'));
    const refreshed: TokenSet[] = [];
    const c = makeConnector(ctx.fake, {
      auth: { access_token: OLD_ACCESS, refresh_token: FIRST_REFRESH, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      fetch: token.fetch,
      onTokenRefresh: (tokens) => void refreshed.push(tokens),
    });
    const { data } = await c.users.list();
    expect(data).toHaveLength(3);

    const [request] = token.server.requests;
    expect(token.server.requests).toHaveLength(1);
    expect(request!.method).toBe('POST');
    expect(request!.query).toEqual({ grant_type: 'refresh_token', refresh_token: FIRST_REFRESH });
    expect(request!.rawBody).toBe('');
    expect(request!.headers['content-type']).toBeUndefined();
    expect(request!.headers['authorization']).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(refreshed).toEqual([
      { accessToken: 'gong_access_NEW_1', refreshToken: 'gong_refresh_ROTATED_2', expiresAt: expect.any(Number) },
    ]);
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${OLD_ACCESS}`, 'Bearer gong_access_NEW_1']);
  });

  it('the next refresh spends the rotated refresh token, never the used one; a refused refresh names no token', async () => {
    token.replies.push(issue('gong_access_NEW_1', 'gong_refresh_ROTATED_2'));
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, {
      auth: { access_token: OLD_ACCESS, refresh_token: FIRST_REFRESH, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      fetch: token.fetch,
      logger,
    });
    await c.workspaces.list();
    // Gong revokes the new access token; the second refresh must use the rotated refresh token.
    ctx.fake.bearerTokens.delete('gong_access_NEW_1');
    token.replies.push(issue('gong_access_NEW_3', 'gong_refresh_ROTATED_4'));
    await c.workspaces.list();
    expect(token.server.requests.map((r) => r.query['refresh_token'])).toEqual([FIRST_REFRESH, 'gong_refresh_ROTATED_2']);

    // Third time Gong refuses (invalid_grant): an AuthenticationError without any token in it or in the logs.
    ctx.fake.bearerTokens.delete('gong_access_NEW_3');
    const error = await rejection(c.workspaces.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    const seen = `${error.message}\n${error.stack}\n${JSON.stringify(error)}\n${lines.join('\n')}`;
    for (const secret of [
      FIRST_REFRESH,
      'gong_refresh_ROTATED_2',
      'gong_refresh_ROTATED_4',
      CLIENT_SECRET,
      encodeURIComponent(CLIENT_SECRET),
    ]) {
      expect(seen).not.toContain(secret);
    }
  });
});
