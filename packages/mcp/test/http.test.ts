/**
 * MCP over Streamable HTTP: the handler the service mounts at `/mcp`, here on a node:http server
 * of the test's own, in front of the real execution service (started on the embedded store). The
 * bearer token is a scoped token the service issued, and the handler's connector source speaks to
 * the service with that very token, so what a token sees is decided by the service's tenancy:
 * exactly its external user's connectors. Driven by the MCP SDK's Streamable HTTP client.
 */
// @module-tag connector/crm
// @module-tag connector/messaging
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AuthenticationError } from '@switchyard/runtime';
import { StaticHeaderAuth } from '@switchyard/runtime';
import {
  bearerChallenge,
  createMcpHttpHandler,
  hostedSource,
  protectedResourceMetadata,
  toNodeHandler,
  type McpHttpHandler,
} from '@switchyard/mcp';
import type { FakeServer } from '../../../test/fakes/harness.js';
import { replicationConfig, startHostedService, type HostedService, type JsonSchema } from '../../../test/hosted/service.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { callTool } from './support.js';

const ALICE = 'http-alice';
const BOB = 'http-bob';
const fixtures = {
  messaging: connectors.find((c) => c.name === 'messaging')!.fixture,
  crm: connectors.find((c) => c.name === 'crm')!.fixture,
};
const fakes: FakeServer[] = [];
let service: HostedService;
let handler: McpHttpHandler;
let http: Server;
let base = '';
const alice: Record<string, string> = {};
let bobMessaging = '';
const authenticated: string[] = [];

async function scopedToken(externalUserId: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(service.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const app = await post('/api/v1/account/applications/token', {
    client_id: service.application.clientId,
    client_secret: service.application.clientSecret,
  });
  return post('/api/v1/embedded/scoped-token', { external_user_id: externalUserId }, app);
}

beforeAll(async () => {
  const messagingFake = await fixtures.messaging.start();
  const crmFake = await fixtures.crm.start();
  fakes.push(messagingFake, crmFake);
  service = await startHostedService({ messaging: fixtures.messaging.baseUrl(messagingFake), crm: fixtures.crm.baseUrl(crmFake) });
  const create = async (user: string, type: 'messaging' | 'crm') => {
    const fixture = fixtures[type];
    return (
      await service.createConnector(
        user,
        type,
        fixture.credentials,
        replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema),
        fixture.config,
      )
    ).id;
  };
  alice['messaging'] = await create(ALICE, 'messaging');
  alice['crm'] = await create(ALICE, 'crm');
  bobMessaging = await create(BOB, 'messaging');
  await service.waitForSync(alice['messaging']);

  const serve = (resourceMetadataUrl: string) =>
    createMcpHttpHandler({
      resourceMetadataUrl,
      authenticate: async (token) => {
        authenticated.push(token);
        const source = hostedSource({
          baseUrl: service.url,
          auth: new StaticHeaderAuth('authorization', `Bearer ${token}`, [token]),
          packages: [fixtures.messaging.pkg, fixtures.crm.pkg],
        });
        try {
          await source.list();
          return source;
        } catch (error) {
          if (error instanceof AuthenticationError) return null;
          throw error;
        }
      },
    });
  http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/.well-known/oauth-protected-resource') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(protectedResourceMetadata({ resource: `${base}/mcp` })));
    } else if (url.pathname === '/mcp') {
      void toNodeHandler(handler)(req, res);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // The challenge names an absolute URL, known once the port is.
  handler = serve(`${base}/.well-known/oauth-protected-resource`);
}, 120_000);

afterAll(async () => {
  await handler?.close();
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  await service?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'switchyard-http-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});
const post = (headers: Record<string, string>) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: initialize,
  });

describe('authentication', () => {
  it('no token: 401 with a Bearer challenge pointing at the protected-resource metadata (RFC 9728)', async () => {
    const response = await post({});
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource"`);
    expect(challenge).not.toContain('error=');
    const metadata = await fetch(`${base}/.well-known/oauth-protected-resource`);
    expect(await metadata.json()).toMatchObject({ resource: `${base}/mcp`, bearer_methods_supported: ['header'] });
  });

  it('a bad token: 401 invalid_token with the same pointer, and the SDK client cannot connect', async () => {
    const response = await post({ authorization: 'Bearer not-a-token' });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="invalid_token"');
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource"`);
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    await expect(connect('not-a-token')).rejects.toThrow();
  });
});

describe('the Bearer challenge', () => {
  it('quotes its parameters: a URL or description holding quotes or backslashes cannot add parameters', () => {
    const challenge = bearerChallenge('http://evil.example"x, error="y\\/.well-known/oauth-protected-resource', {
      error: 'invalid_token',
      description: 'a "quoted" word\\',
    });
    expect(challenge).toBe(
      'Bearer realm="switchyard", resource_metadata="http://evil.example\\"x, error=\\"y\\\\/.well-known/oauth-protected-resource", ' +
        `error="invalid_token", error_description="a 'quoted' word\\\\"`,
    );
    // Read back as RFC 9110 quoted-strings: one resource_metadata, one error, nothing else.
    const params = [...challenge.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name, value!.replace(/\\(.)/g, '$1')]);
    expect(params.map(([name]) => name)).toEqual(['realm', 'resource_metadata', 'error', 'error_description']);
    expect(params[1]![1]).toBe('http://evil.example"x, error="y\\/.well-known/oauth-protected-resource');
  });
});

describe('a scoped token sees exactly its external user’s connectors', () => {
  it('lists, describes, executes and searches them', async () => {
    const client = await connect(await scopedToken(ALICE));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute', 'search']);
      const listed = await callTool(client, 'list_connectors');
      expect(listed.json.connectors.map((c: { id: string }) => c.id).sort()).toEqual([alice['messaging'], alice['crm']].sort());
      const users = await callTool(client, 'execute', {
        connector: alice['messaging'],
        entity: 'users',
        action: 'list',
        params: { limit: 3 },
        fields: ['id'],
      });
      expect(users.isError, users.text).toBe(false);
      expect(users.json.data).toHaveLength(3);
      const hits = await callTool(client, 'search', {
        connector: alice['messaging'],
        entity: 'users',
        query: { filter: { eq: { is_bot: false } } },
        limit: 2,
      });
      expect(hits.isError, hits.text).toBe(false);
      expect(hits.json.data).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it("another user's connector id answers exactly as a missing one, on every tool that takes one", async () => {
    const client = await connect(await scopedToken(ALICE));
    try {
      for (const [tool, args] of [
        ['execute', (id: string) => ({ connector: id, entity: 'users', action: 'list' })],
        ['describe_connector', (id: string) => ({ connector: id })],
        ['search', (id: string) => ({ connector: id, entity: 'users', query: {} })],
      ] as const) {
        const foreign = await callTool(client, tool, args(bobMessaging));
        const missing = await callTool(client, tool, args('conn_nosuchconnector0000'));
        expect(foreign.isError).toBe(true);
        expect(foreign.text.replaceAll(bobMessaging, 'ID')).toBe(missing.text.replaceAll('conn_nosuchconnector0000', 'ID'));
      }
    } finally {
      await client.close();
    }
    const bob = await connect(await scopedToken(BOB));
    try {
      const listed = await callTool(bob, 'list_connectors');
      expect(listed.json.connectors.map((c: { id: string }) => c.id)).toEqual([bobMessaging]);
    } finally {
      await bob.close();
    }
  });

  it('a token for a user with no connectors sees none and no search tool', async () => {
    const client = await connect(await scopedToken('http-nobody'));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute']);
      expect((await callTool(client, 'list_connectors')).json.connectors).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
