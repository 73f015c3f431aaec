/**
 * Hosted mode's tokens: client id + secret → application token → token scoped to the external
 * user; cached, renewed single-flight before expiry, renewed once after a 401, never logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, ConfigurationError } from '@switchyard/runtime';
import { StaticHeaderAuth, createHostedAuth } from '@switchyard/runtime';
import { captureLogger, rejection, useServers } from './helpers.js';
import {
  APP_TOKEN_PATH,
  EXTERNAL_USER,
  SCOPED_TOKEN_PATH,
  SERVICE_SECRETS,
  SOURCES_PATH,
  expectNoSecrets,
  fakeService,
  hostedMetadata,
  hostedClient,
  hostedOptions,
  requestsTo,
} from './hosted-service-fake.js';

const serve = useServers();
const EXECUTE = /\/execute$/;

async function setUp(extra: Parameters<typeof hostedOptions>[1] = {}) {
  const { state, handler } = fakeService();
  state.execute = ({ entity, action, params }) => ({ status: 200, body: { data: { entity, action, params }, meta: {} } });
  const server = await serve(handler);
  const client = hostedClient(hostedMetadata(server.url), hostedOptions(server, { connectorId: 'conn-1', ...extra }));
  return { state, server, client };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('hosted tokens', () => {
  it('obtain an application token with the client id and secret, then a scoped token for the external user', async () => {
    const { server, client } = await setUp();
    await client.execute('widgets', 'get', { id: 'w1' });
    const [app] = requestsTo(server, APP_TOKEN_PATH);
    const [scoped] = requestsTo(server, SCOPED_TOKEN_PATH);
    const [call] = requestsTo(server, EXECUTE);
    expect(app!.body).toEqual({ client_id: 'app-client-id-3f2a', client_secret: 'app-client-secret-9c8b7a6f5e4d3c2b' });
    expect(app!.headers['authorization']).toBeUndefined();
    expect(scoped!.body).toEqual({ external_user_id: EXTERNAL_USER });
    expect(scoped!.headers['authorization']).toMatch(/^Bearer application-token-/);
    expect(call!.headers['authorization']).toMatch(/^Bearer scoped-token-/);
  });

  it('are requested once for N concurrent calls (single flight), and reused by later calls', async () => {
    const { server, client } = await setUp();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => client.execute('widgets', 'get', { id: `w${i}` })));
    expect(results.map((r) => (r.data as { params: { id: string } }).params.id)).toEqual(Array.from({ length: 25 }, (_, i) => `w${i}`));
    await client.execute('widgets', 'get', { id: 'again' });
    expect(requestsTo(server, APP_TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo(server, SCOPED_TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo(server, EXECUTE)).toHaveLength(26);
  });

  it('are renewed before they expire: a call after the lifetime gets a fresh scoped token without a 401', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { server, client } = await setUp();
    await client.execute('widgets', 'get', { id: 'w1' });
    vi.setSystemTime(Date.now() + 15 * 60_000); // both 15-minute tokens are now expired at the service
    await Promise.all([client.execute('widgets', 'get', { id: 'w2' }), client.execute('widgets', 'get', { id: 'w3' })]);
    expect(requestsTo(server, APP_TOKEN_PATH)).toHaveLength(2);
    expect(requestsTo(server, SCOPED_TOKEN_PATH)).toHaveLength(2);
    // No execute was refused: the renewal happened ahead of the calls, once for both.
    expect(requestsTo(server, EXECUTE)).toHaveLength(3);
  });

  it('expiring mid-run (revoked at the service) cost one renewal and one replay, shared by concurrent calls', async () => {
    const { state, server, client } = await setUp();
    await client.execute('widgets', 'get', { id: 'w1' });
    state.revokeAll();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => client.execute('widgets', 'get', { id: `after-${i}` })));
    expect(results).toHaveLength(5);
    // The scoped-token request itself met a 401 (the application token was revoked too) and renewed that once.
    expect(requestsTo(server, APP_TOKEN_PATH)).toHaveLength(2);
    expect(requestsTo(server, SCOPED_TOKEN_PATH).filter((r) => r.headers['authorization'])).toHaveLength(3);
    expect(requestsTo(server, EXECUTE)).toHaveLength(1 + 5 + 5);
  });

  it('refused client credentials are an AuthenticationError that names what to check and holds no secret', async () => {
    const { server, client } = await setUp({ clientSecret: 'wrong-secret-value-0000' });
    const error = await rejection(client.execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('widgets widgets.get');
    expect(error.message).toContain('clientSecret');
    expect(error.message).not.toContain('wrong-secret-value-0000');
    expect(requestsTo(server, EXECUTE)).toHaveLength(0);
  });

  it('never appear in logs or errors', async () => {
    const { logger, lines } = captureLogger();
    const { state, client } = await setUp({ logger });
    state.execute = ({ params }) => ({ status: 200, body: { data: params, meta: {} } });
    await client.execute('widgets', 'get', { id: 'w1' });
    state.execute = (_call, req) => ({
      status: 502,
      headers: { 'content-type': 'application/problem+json' },
      body: { code: 'connector_error', error_class: 'ServerError', detail: `echo ${req.headers['authorization']}`, vendor_status: 500 },
    });
    const error = await rejection(client.execute('widgets', 'get', { id: 'w2' }));
    expect(lines.length).toBeGreaterThan(0);
    expectNoSecrets(JSON.stringify(lines));
    expectNoSecrets(`${error.message} ${JSON.stringify(error.body)}`);
  });

  it('look up the connector with the scoped token when no connectorId is given', async () => {
    const { state, handler } = fakeService();
    state.execute = ({ id }) => ({ status: 200, body: { data: { id }, meta: {} } });
    const server = await serve(handler);
    const client = hostedClient(hostedMetadata(server.url), hostedOptions(server));
    const result = await client.execute('widgets', 'get', { id: 'w1' });
    expect(result.data).toEqual({ id: 'conn-1' });
    const [lookup] = requestsTo(server, SOURCES_PATH);
    expect(lookup!.query).toEqual({ external_user_id: EXTERNAL_USER });
    expect(lookup!.headers['authorization']).toMatch(/^Bearer scoped-token-/);
  });

  it('are shared by executors given one createHostedAuth: one application and one scoped token for all of them', async () => {
    const { state, handler } = fakeService();
    state.execute = ({ id }) => ({ status: 200, body: { data: { id }, meta: {} } });
    for (const id of ['conn-2', 'conn-3'])
      state.connectors.push({ id, external_user_id: EXTERNAL_USER, connector_type: 'widgets', name: id });
    const server = await serve(handler);
    const auth = createHostedAuth({ baseUrl: server.url, externalUserId: EXTERNAL_USER, ...SERVICE_SECRETS });
    const metadata = hostedMetadata(server.url);
    const clients = ['conn-1', 'conn-2', 'conn-3'].map((connectorId) =>
      hostedClient(metadata, { baseUrl: server.url, externalUserId: EXTERNAL_USER, auth, connectorId }),
    );
    const results = await Promise.all(clients.map((client) => client.execute('widgets', 'get', { id: 'w1' })));
    expect(results.map((r) => r.data)).toEqual([{ id: 'conn-1' }, { id: 'conn-2' }, { id: 'conn-3' }]);
    expect(requestsTo(server, APP_TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo(server, SCOPED_TOKEN_PATH)).toHaveLength(1);
    const tokens = new Set(requestsTo(server, EXECUTE).map((r) => r.headers['authorization']));
    expect(tokens.size).toBe(1);
  });

  it('are not requested when the executor is given a scoped token to send', async () => {
    const { state, handler } = fakeService();
    state.execute = ({ id }) => ({ status: 200, body: { data: { id }, meta: {} } });
    const server = await serve(handler);
    // A scoped token obtained elsewhere (the way an end user's client or an MCP session holds one).
    const issued = await fetch(`${server.url}${APP_TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: SERVICE_SECRETS.clientId, client_secret: SERVICE_SECRETS.clientSecret }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const scoped = await fetch(`${server.url}${SCOPED_TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${issued.access_token}` },
      body: JSON.stringify({ external_user_id: EXTERNAL_USER }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const before = server.requests.length;
    const auth = new StaticHeaderAuth('authorization', `Bearer ${scoped.access_token}`, [scoped.access_token]);
    const client = hostedClient(hostedMetadata(server.url), { baseUrl: server.url, externalUserId: EXTERNAL_USER, auth });
    expect((await client.execute('widgets', 'get', { id: 'w1' })).data).toEqual({ id: 'conn-1' });
    const after = server.requests.slice(before);
    expect(after.map((r) => r.path)).toEqual([SOURCES_PATH, '/api/v1/connectors/sources/conn-1/execute']);
    expect(after.every((r) => r.headers['authorization'] === `Bearer ${scoped.access_token}`)).toBe(true);
  });

  it('are required as client id and secret, or as auth, at construction', () => {
    const metadata = hostedMetadata('http://127.0.0.1:9');
    expect(() => hostedClient(metadata, { baseUrl: 'http://127.0.0.1:9', externalUserId: EXTERNAL_USER })).toThrow(ConfigurationError);
    expect(() => hostedClient(metadata, { baseUrl: 'http://127.0.0.1:9', externalUserId: EXTERNAL_USER })).toThrow(/clientId/);
    expect(() =>
      hostedClient(metadata, { baseUrl: 'http://127.0.0.1:9', externalUserId: EXTERNAL_USER, auth: {} as unknown as StaticHeaderAuth }),
    ).toThrow(/AuthProvider/);
    expect(() => createHostedAuth({ baseUrl: 'ftp://x', externalUserId: EXTERNAL_USER, ...SERVICE_SECRETS })).toThrow(
      /`baseUrl`: only http and https URLs are allowed/,
    );
  });
});
