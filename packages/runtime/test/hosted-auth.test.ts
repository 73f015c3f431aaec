/**
 * Hosted mode's tokens: client id + secret → application token → token scoped to the external
 * user; cached, renewed single-flight before expiry, renewed once after a 401, never logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError } from '@switchyard/runtime';
import { captureLogger, rejection, useServers } from './helpers.js';
import {
  APP_TOKEN_PATH,
  EXTERNAL_USER,
  SCOPED_TOKEN_PATH,
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
});
