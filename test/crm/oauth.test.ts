/**
 * The `{ client_id, client_secret, refresh_token }` credential kind: tokens come from HubSpot's
 * token endpoint, which follows a `baseUrl` override (the spec's tokenUrl is relative), with the
 * refresh grant form-encoded; each new token reaches `onTokenRefresh`, a rejected token is
 * refreshed once, and no secret appears in errors.
 */
import { describe, expect, it } from 'vitest';
import { CrmConnector, type CrmConnectorOptions } from '@switchyard/connector-crm';
import type { TokenSet } from '@switchyard/runtime';
import { FAST_RETRY, OAUTH, apiRequests, useHubspotFake } from './helpers.js';

const oauthAuth = { client_id: OAUTH.clientId, client_secret: OAUTH.clientSecret, refresh_token: OAUTH.refreshToken };

describe('crm OAuth refresh', () => {
  const start = useHubspotFake();

  it('gets a token at <base origin>/oauth/v1/token (form-encoded refresh grant), then calls with it', async () => {
    const fake = await start();
    const refreshed: TokenSet[] = [];
    const crm = new CrmConnector({
      auth: oauthAuth,
      baseUrl: `${fake.url}/crm/v3`,
      retry: FAST_RETRY,
      onTokenRefresh: (tokens) => void refreshed.push(tokens),
    } as CrmConnectorOptions);
    await crm.contacts.list({ limit: 1 });
    await crm.companies.list({ limit: 1 });
    const token = fake.requests.filter((r) => r.path === '/oauth/v1/token');
    expect(token).toHaveLength(1);
    expect(token[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token[0]!.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: OAUTH.refreshToken,
      client_id: OAUTH.clientId,
      client_secret: OAUTH.clientSecret,
    });
    expect(apiRequests(fake).map((r) => r.headers['authorization'])).toEqual([
      `Bearer ${fake.issuedTokens[0]}`,
      `Bearer ${fake.issuedTokens[0]}`,
    ]);
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).toMatchObject({ accessToken: fake.issuedTokens[0], refreshToken: OAUTH.refreshToken });
    expect(refreshed[0]!.expiresAt! - Date.now()).toBeGreaterThan(1700_000);
  });

  it('a token HubSpot no longer accepts is refreshed once and the call repeated', async () => {
    const fake = await start();
    const crm = new CrmConnector({ auth: oauthAuth, baseUrl: `${fake.url}/crm/v3`, retry: FAST_RETRY } as CrmConnectorOptions);
    await crm.deals.list({ limit: 1 });
    fake.revokeToken(fake.issuedTokens[0]!);
    const page = await crm.deals.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(fake.issuedTokens).toHaveLength(2);
    expect(apiRequests(fake).map((r) => r.headers['authorization'])).toEqual([
      `Bearer ${fake.issuedTokens[0]}`,
      `Bearer ${fake.issuedTokens[0]}`,
      `Bearer ${fake.issuedTokens[1]}`,
    ]);
  });

  it('a refused refresh token fails with the credentials named, and no secret in the error', async () => {
    const fake = await start();
    const crm = new CrmConnector({
      auth: { ...oauthAuth, refresh_token: 'na1-revoked-0000+/=' },
      baseUrl: `${fake.url}/crm/v3`,
      retry: FAST_RETRY,
    } as CrmConnectorOptions);
    const error = await crm.contacts.list().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeDefined();
    expect(error!.name).toBe('AuthenticationError');
    expect(apiRequests(fake)).toHaveLength(0);
    const shown = `${error!.message}\n${error!.stack}\n${JSON.stringify(error)}`;
    for (const secret of [OAUTH.clientSecret, 'na1-revoked-0000+/=', encodeURIComponent(OAUTH.clientSecret)])
      expect(shown).not.toContain(secret);
  });
});
