/**
 * A relative `tokenUrl` is resolved against the connector's base URL, the caller's `baseUrl`
 * override included: a connector pointed at a proxy or a local fake gets its OAuth tokens there
 * too, instead of from the production host named in the spec.
 */
import { describe, expect, it } from 'vitest';
import { ConnectorClient, type AuthKind, type ConnectorMetadata, type OpenSourceOptions } from '@switchyard/runtime';
import { AUTH, FAST_RETRY, SECRETS, routes, useServers, widgetsMetadata } from './helpers.js';

function withTokenUrl(tokenUrl: string): ConnectorMetadata {
  const metadata = widgetsMetadata();
  return {
    ...metadata,
    auth: metadata.auth.map((k) => (k.kind === 'oauth2' ? ({ ...k, tokenUrl } as AuthKind) : k)),
  };
}

describe('relative OAuth token URLs', () => {
  const serve = useServers();
  const vendor = (tokenPath: string) =>
    routes({
      [`POST ${tokenPath}`]: () => ({ body: { access_token: 'wdg-access-from-base-1', token_type: 'bearer', expires_in: 1800 } }),
      'GET /api/v9/widgets/:id': () => ({ body: { ok: true, widget: { id: 'w1' } } }),
    });
  const client = (metadata: ConnectorMetadata, baseUrl: string) =>
    new ConnectorClient(metadata, {
      auth: AUTH.clientCredentials,
      baseUrl,
      retry: FAST_RETRY,
    } as OpenSourceOptions<unknown, unknown>);

  it('"/oauth/token" goes to the origin of the overridden base URL', async () => {
    const server = await serve(vendor('/oauth/token'));
    await client(withTokenUrl('/oauth/token'), `${server.url}/api/v9`).execute('widgets', 'get', { id: 'w1' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth/token', 'GET /api/v9/widgets/w1']);
    expect(server.requests[0]!.body).toEqual({
      grant_type: 'client_credentials',
      client_id: SECRETS.clientId,
      client_secret: SECRETS.clientSecret,
    });
    expect(server.requests[1]!.headers['authorization']).toBe('Bearer wdg-access-from-base-1');
  });

  it('"oauth/token" (no leading slash) goes below the base URL path', async () => {
    const server = await serve(vendor('/api/v9/oauth/token'));
    await client(withTokenUrl('oauth/token'), `${server.url}/api/v9/`).execute('widgets', 'get', { id: 'w1' });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v9/oauth/token', '/api/v9/widgets/w1']);
  });

  it('an absolute token URL is used as is, whatever the base URL', async () => {
    const tokens = await serve(vendor('/elsewhere/token'));
    const api = await serve(vendor('/never'));
    await client(withTokenUrl(`${tokens.url}/elsewhere/token`), `${api.url}/api/v9`).execute('widgets', 'get', { id: 'w1' });
    expect(tokens.requests.map((r) => r.path)).toEqual(['/elsewhere/token']);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/v9/widgets/w1']);
  });
});
