/**
 * The service's own MCP endpoint, `/mcp` over Streamable HTTP, driven by the MCP SDK's client
 * against the real service started as users start it (startService, the function `switchyard serve`
 * runs; embedded store, or PostgreSQL when SWITCHYARD_TEST_DATABASE_URL is set), every connector
 * family pointed at its vendor fake. One external user has a connector of every type (synced, so
 * search works); another user has one of their own. Covers authentication (401/403 challenges,
 * RFC 9728 metadata), tools/list order and annotations, every tool against the fakes, read-only
 * refusals, the result budget, errors, tenant isolation, the intent in the audit log, the rate
 * budget shared with the HTTP API, and no credential in any tool result or log line.
 */
// @module-tag connector/messaging
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ActionMetadata } from '@switchyard/runtime';
import type { HostedExecutor } from '@switchyard/runtime/internal';
import { actionAnnotations, actionToolName } from '@switchyard/mcp';
import type { FakeServer } from '../../../test/fakes/harness.js';
import {
  hostedExecutor,
  replicationConfig,
  startHostedService,
  type HostedService,
  type JsonSchema,
} from '../../../test/hosted/service.js';
import type { ConnectorFixture } from '../../../test/matrix/fixture.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { callTool, expectNoSecret, type CallResult } from '../../../test/support/mcp-tool-calls.js';
import { MAX_JSON_DEPTH } from '../src/http/json-depth.js';
import { createThrowawayDatabase, postgresUrl, type ThrowawayDatabase } from './support/engines.js';

const USER = 'mcp-http-user';
const OTHER = 'mcp-http-other';
const MISSING = 'conn_doesnotexist000000';
const fakes = new Map<string, FakeServer>();
const ids = new Map<string, string>();
const texts: string[] = [];
const logLines: string[] = [];
const tokens: string[] = [];
let database: ThrowawayDatabase | undefined;
let service: HostedService;
let otherId = '';
let userToken = '';
let otherToken = '';
let appToken = '';
const clients: Client[] = [];

const actionsOf = (fixture: ConnectorFixture<FakeServer>): ActionMetadata[] =>
  Object.values(fixture.pkg.metadata.actions).flatMap((actions) => Object.values(actions));
const isWrite = (action: ActionMetadata) => ['create', 'update', 'delete'].includes(action.kind);
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
const messaging = () => connectors.find((c) => c.name === 'messaging')!.fixture;

async function post(path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(service.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function scopedToken(externalUserId: string): Promise<string> {
  const token = (await post('/api/v1/embedded/scoped-token', { external_user_id: externalUserId }, appToken)).access_token as string;
  tokens.push(token);
  return token;
}

/** An SDK client on /mcp with `token`; `query` picks the toolset (`?tools=all`, `?read_only=true`, …). */
async function connect(token: string, query = ''): Promise<Client> {
  const client = new Client({ name: 'switchyard-mcp-http-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${service.url}/mcp${query}`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = await callTool(client, name, args);
  texts.push(result.text);
  return result;
}

async function auditRows(query: string): Promise<any[]> {
  const response = await fetch(`${service.url}/api/v1/audit${query}`, { headers: { authorization: `Bearer ${appToken}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: any[] }).data;
}

beforeAll(async () => {
  if (postgresUrl) database = await createThrowawayDatabase('mcp_http');
  for (const { name, fixture } of connectors) fakes.set(name, await fixture.start());
  service = await startHostedService(Object.fromEntries(connectors.map(({ name, fixture }) => [name, fixture.baseUrl(fakes.get(name)!)])), {
    logLines,
    databaseUrl: database?.url,
  });
  for (const { name, fixture } of connectors) {
    const replication = replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema | undefined);
    ids.set(name, (await service.createConnector(USER, name, fixture.credentials, replication, fixture.config)).id);
  }
  const m = messaging();
  otherId = (
    await service.createConnector(OTHER, 'messaging', m.credentials, replicationConfig(m.pkg['replicationSchema'] as JsonSchema), m.config)
  ).id;
  const synced = connectors.filter(({ fixture }) => actionsOf(fixture).some((a) => a.kind === 'search')).map(({ name }) => ids.get(name)!);
  await Promise.all(synced.map((id) => service.waitForSync(id)));
  appToken = (
    await post('/api/v1/account/applications/token', {
      client_id: service.application.clientId,
      client_secret: service.application.clientSecret,
    })
  ).access_token;
  tokens.push(appToken);
  userToken = await scopedToken(USER);
  otherToken = await scopedToken(OTHER);
}, 180_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await service?.close();
  await Promise.all([...fakes.values()].map((f) => f.close()));
  await database?.drop();
});

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});
const rawPost = (headers: Record<string, string>) =>
  fetch(`${service.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: initialize,
  });

describe('authentication', () => {
  it('no token: 401 with a Bearer challenge pointing at the protected-resource metadata, which names the endpoint', async () => {
    const response = await rawPost({});
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${service.url}/.well-known/oauth-protected-resource"`);
    expect(challenge).not.toContain('error=');
    expect((await response.json()).code).toBe('unauthorized');
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const metadata = await fetch(service.url + path);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toMatchObject({ resource: `${service.url}/mcp`, bearer_methods_supported: ['header'] });
    }
  });

  it('a Host header that is not a host never reaches the challenge or the metadata: they name the address the client reached', async () => {
    // Seen in a trial: `Host: evil.example"x, error="y` added its own parameters to the challenge.
    const { port } = new URL(service.url);
    const hostile = 'evil.example"x, error="y';
    const ask = (method: string, path: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, method, path, headers: { host: hostile, 'content-type': 'application/json' } },
          (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
          },
        );
        request.on('error', reject);
        request.end(method === 'POST' ? initialize : undefined);
      });
    const refused = await ask('POST', '/mcp');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(
      `Bearer realm="switchyard", resource_metadata="http://127.0.0.1:${port}/.well-known/oauth-protected-resource"`,
    );
    const metadata = await ask('GET', '/.well-known/oauth-protected-resource');
    expect(JSON.parse(metadata.body)).toMatchObject({ resource: `http://127.0.0.1:${port}/mcp` });
  });

  it('a token sent in the query string is refused (401) and kept out of the log', async () => {
    // Some MCP clients put the token in the URL; the request log line used to show it whole.
    const response = await fetch(`${service.url}/mcp?access_token=${userToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initialize,
    });
    expect(response.status).toBe(401);
    expect(logLines.some((line) => line.includes('/mcp?access_token=[REDACTED]'))).toBe(true);
    expect(logLines.filter((line) => line.includes(userToken))).toEqual([]);
  });

  it('a message nested deeper than the service reads is a 400 problem before the MCP SDK; one just under it is answered', async () => {
    const nested = (depth: number) =>
      `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`;
    const send = (body: string) =>
      fetch(`${service.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${userToken}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body,
      });
    // Seen in a trial: 5,000 levels overflowed the SDK's stack, a 500 with nothing in the log.
    for (const depth of [MAX_JSON_DEPTH + 1, 5_000]) {
      const refused = await send(nested(depth));
      expect(refused.status, String(depth)).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'invalid_request', detail: expect.stringContaining(String(MAX_JSON_DEPTH)) });
    }
    const answered = await send(nested(MAX_JSON_DEPTH));
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('"id":7');
  });

  it('a bad token: 401 invalid_token; an application token: 403 insufficient_scope; the SDK client cannot connect', async () => {
    const bad = await rawPost({ authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(bad.headers.get('www-authenticate')).toContain(`resource_metadata="${service.url}/.well-known/oauth-protected-resource"`);
    const application = await rawPost({ authorization: `Bearer ${appToken}` });
    expect(application.status).toBe(403);
    expect(application.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect((await application.json()).code).toBe('forbidden');
    await expect(connect('not-a-token')).rejects.toThrow();
  });

  it('each MCP request is charged to the token’s rate budget, the one its execute calls share', async () => {
    const remaining = async (response: Response) => Number(response.headers.get('x-ratelimit-remaining'));
    const first = await remaining(await rawPost({ authorization: `Bearer ${otherToken}` }));
    const execute = await fetch(`${service.url}/api/v1/connectors/sources/${otherId}`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    const second = await remaining(await rawPost({ authorization: `Bearer ${otherToken}` }));
    expect(first).toBeGreaterThan(0);
    expect(await remaining(execute)).toBe(first - 1);
    expect(second).toBe(first - 2);
  });
});

describe('tools/list', () => {
  it('compact: list_connectors, describe_connector, execute, search, annotated from the action kinds', async () => {
    const { tools } = await (await connect(userToken)).listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute', 'search']);
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools[1]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    expect(tools[3]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('?tools=actions: one tool per entity.action of every connector type, annotated from its kind', async () => {
    const { tools } = await (await connect(userToken, '?tools=actions')).listTools();
    const expected = connectors.flatMap(({ name, fixture }) =>
      actionsOf(fixture)
        .filter((a) => a.unsupported === undefined)
        .map((a) => [actionToolName(name, a.entity, a.action), a] as const),
    );
    expect(tools.map((t) => t.name).sort()).toEqual(expected.map(([n]) => n).sort());
    for (const [name, action] of expected) {
      const tool = tools.find((t) => t.name === name)!;
      expect(tool.annotations, name).toMatchObject(actionAnnotations(action));
    }
  });

  it('?read_only=true: no write tool, and execute is annotated read-only', async () => {
    const { tools } = await (await connect(userToken, '?tools=all&read_only=true')).listTools();
    const writes = connectors.flatMap(({ name, fixture }) =>
      actionsOf(fixture)
        .filter(isWrite)
        .map((a) => actionToolName(name, a.entity, a.action)),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const name of writes) expect(tools.map((t) => t.name)).not.toContain(name);
    expect(tools.find((t) => t.name === 'execute')!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('?only= naming no action of the service is a 422 naming only, before the MCP SDK; naming a type the user lacks is no error', async () => {
    const ask = (query: string) =>
      fetch(`${service.url}/mcp${query}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${userToken}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: initialize,
      });
    // Seen in trials: each of these answered 500 with "Internal server error", the reason only in the log.
    for (const only of ['x', 'nosuch.users.list', 'messaging.users.nosuch', 'messaging.nosuch.list']) {
      const response = await ask(`?only=${only}`);
      expect(response.status, only).toBe(422);
      const problem = (await response.json()) as { code: string; errors: { path: string; message: string }[] };
      expect(problem.code).toBe('validation_failed');
      expect(problem.errors.map((error) => error.path)).toEqual(['only']);
      expect(problem.errors[0]!.message).toContain(only);
    }
    // A write with read_only=true would give no tool either.
    const write = actionsOf(messaging()).find(isWrite)!;
    const hidden = (await (await ask(`?read_only=true&only=messaging.${write.entity}.${write.action}`)).json()) as {
      errors: { message: string }[];
    };
    expect(hidden.errors[0]!.message).toContain('read-only mode hides writes');
    const both = (await (await ask('?only=x&max_result_chars=5000')).json()) as { errors: { path: string }[] };
    expect(both.errors.map((error) => error.path)).toEqual(['only']);
    // Any action of a type the service runs is allowed: a user with no connector of it gets no tool for it.
    const elsewhere = connectors.find(({ name }) => name !== 'messaging')!;
    const action = actionsOf(elsewhere.fixture)[0]!;
    const client = await connect(otherToken, `?tools=actions&only=${elsewhere.name}.${action.entity}.${action.action}`);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain(
      actionToolName(elsewhere.name, action.entity, action.action),
    );
  });

  it('refuses an unknown toolset option with the field named', async () => {
    const response = await fetch(`${service.url}/mcp?tools=everything`, {
      method: 'POST',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: initialize,
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('tools');
  });
});

describe("the root README's desktop-client snippet", () => {
  it('connects as written (its host and token replaced) and gets the read-only tools', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const entries = [...readme.matchAll(/```json\n([\s\S]*?)```/g)]
      .flatMap((m) => Object.values((JSON.parse(m[1]!) as { mcpServers?: Record<string, any> }).mcpServers ?? {}))
      .filter((entry) => typeof entry.url === 'string');
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.type).toBe('http');
    const url = new URL(entry.url.replace(/^https:\/\/switchyard\.example\.com/, service.url));
    const headers = Object.fromEntries(
      Object.entries(entry.headers as Record<string, string>).map(([name, value]) => [name, value.replace('<scoped token>', userToken)]),
    );
    const client = new Client({ name: 'readme-snippet', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute', 'search']);
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('GET and DELETE on /mcp answer 405 (stateless: no session stream)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${service.url}/mcp`, {
        method,
        headers: { authorization: `Bearer ${userToken}`, accept: 'text/event-stream' },
      });
      expect(response.status, method).toBe(405);
    }
  });
});

describe('list_connectors', () => {
  it("shows exactly the token's user's connectors, with sync status per entity", async () => {
    const listed = await call(await connect(userToken), 'list_connectors');
    const views = listed.json.connectors as { id: string; connector_type: string; sync_status: string; entities: unknown[] }[];
    expect(views.map((v) => v.id).sort()).toEqual([...ids.values()].sort());
    for (const view of views) {
      expect(view.connector_type).toBe([...ids].find(([, id]) => id === view.id)![0]);
      expect(view.sync_status).toBe(view.entities.length > 0 ? 'ready' : 'pending');
    }
    const other = await call(await connect(otherToken), 'list_connectors');
    expect(other.json.connectors.map((c: { id: string }) => c.id)).toEqual([otherId]);
  });
});

describe.each(connectors)('$name over /mcp', ({ name, fixture }) => {
  const actions = actionsOf(fixture).filter((a) => a.unsupported === undefined);
  const example = (action: ActionMetadata): Record<string, unknown> =>
    action.kind === 'search'
      ? { query: {}, limit: 5 }
      : { ...(fixture.examples[`${action.entity}.${action.action}`]?.(fakes.get(name)!) ?? {}) };
  let all: Client;
  let compact: Client;
  // One hosted executor for the connector's tests (test/hosted/service.ts says why).
  let direct: HostedExecutor;
  beforeAll(async () => {
    [all, compact] = await Promise.all([connect(userToken, '?tools=all'), connect(userToken)]);
    direct = hostedExecutor(service, fixture.pkg.metadata, USER, ids.get(name)!);
  });

  it.each(actions.map((a) => ({ key: `${a.entity}.${a.action}`, action: a })))('per-action tool $key', async ({ action }) => {
    const params = example(action);
    const result = await call(all, actionToolName(name, action.entity, action.action), {
      ...params,
      intent: `test ${action.entity}.${action.action}`,
    });
    expect(result.isError, result.text).toBe(false);
    expect(result.structuredContent).toBeDefined();
    if (!isWrite(action) && action.kind !== 'download') {
      // The same records the execute endpoint answers (through the SDK's hosted executor).
      const answered = await direct.execute({ entity: action.entity, action: action.action, params });
      const data = result.json.truncated ? (answered.data as unknown[]).slice(0, result.json.truncated.records_returned) : answered.data;
      const meta = action.kind === 'search' ? { ...answered.meta, took_ms: result.json.meta.took_ms } : answered.meta;
      expect({ data: result.json.data, meta: result.json.meta }).toEqual(json({ data, meta }));
    }
  });

  it('compact tools by connector id: describe, execute a read, search', async () => {
    const id = ids.get(name)!;
    const described = await call(compact, 'describe_connector', { connector: id });
    expect(described.json).toMatchObject({ connector: id, connector_type: name, mode: 'hosted' });
    const read = actions.find((a) => a.kind === 'list')!;
    const executed = await call(compact, 'execute', { connector: id, entity: read.entity, action: read.action, params: example(read) });
    expect(executed.isError, executed.text).toBe(false);
    const search = actions.find((a) => a.kind === 'search');
    if (!search) return;
    const found = await call(compact, 'search', { connector: id, entity: search.entity, query: {}, limit: 3 });
    expect(found.isError, found.text).toBe(false);
    expect(found.json.data.length).toBeGreaterThan(0);
    expect(found.json.data.length).toBeLessThanOrEqual(3);
  });
});

describe('read-only', () => {
  it('execute refuses every write before any request reaches the vendor', async () => {
    const client = await connect(userToken, '?read_only=true');
    for (const { name, fixture } of connectors) {
      const write = actionsOf(fixture).find(isWrite);
      if (!write) continue;
      const fake = fakes.get(name)!;
      const before = fake.requests.length;
      const refused = await call(client, 'execute', { connector: ids.get(name), entity: write.entity, action: write.action, params: {} });
      expect(refused.isError).toBe(true);
      expect(refused.json.error.class).toBe('ReadOnlyError');
      expect(fake.requests.length, name).toBe(before);
    }
  });
});

describe('the result budget', () => {
  it('a list over ?max_result_chars keeps whole records and says how to get the rest; a record over it names fields', async () => {
    const client = await connect(userToken, '?max_result_chars=1000');
    const list = { connector: ids.get('messaging'), entity: 'users', action: 'list', params: { limit: 50 } };
    const tooLarge = await call(client, 'execute', list);
    expect(tooLarge.isError).toBe(true);
    expect(tooLarge.json.error.class).toBe('ResultTooLargeError');
    expect(tooLarge.json.error.message).toContain('fields');
    const result = await call(client, 'execute', { ...list, fields: ['id', 'name', 'real_name'] });
    expect(result.isError, result.text).toBe(false);
    expect(result.text.length).toBeLessThanOrEqual(1000);
    expect(result.json.truncated, result.text).toBeDefined();
    expect(result.json.truncated.records_left_out).toBeGreaterThan(0);
    expect(result.json.data.length).toBe(result.json.truncated.records_returned);
  });

  it('refuses a budget under 1000 characters', async () => {
    await expect(connect(userToken, '?max_result_chars=999')).rejects.toThrow();
  });
});

describe('errors', () => {
  it('are tool results with the runtime class, the message and every validation issue with its path', async () => {
    const client = await connect(userToken);
    const bad = await call(client, 'execute', {
      connector: ids.get('messaging'),
      entity: 'users',
      action: 'list',
      params: { limit: 'many' },
    });
    expect(bad.isError).toBe(true);
    expect(bad.json.error.class).toBe('ValidationError');
    expect(bad.json.error.issues.map((i: { path: string }) => i.path)).toContain('params.limit');
    const unknown = await call(client, 'execute', { connector: ids.get('messaging'), entity: 'nothing', action: 'list' });
    expect(unknown.json.error.class).toBe('ValidationError');
    const fake = fakes.get('messaging')!;
    fake.failNext(/users\.list/, { kind: 'status', status: 503 }, 10);
    const failed = await call(client, 'execute', { connector: ids.get('messaging'), entity: 'users', action: 'list' });
    fake.reset();
    expect(failed.isError).toBe(true);
    expect(failed.json.error.class).toBe('ServerError');
    // The service's wording: never the vendor base URL the operator configured.
    expect(failed.text).not.toContain(fake.url);
  });
});

describe('tenant isolation', () => {
  it("another user's connector id answers exactly as a missing one, byte for byte, on every tool that takes one", async () => {
    const compact = await connect(userToken);
    const all = await connect(userToken, '?tools=all');
    const pairs: [string, (id: string) => Record<string, unknown>, Client][] = [
      ['execute', (id) => ({ connector: id, entity: 'users', action: 'list' }), compact],
      ['describe_connector', (id) => ({ connector: id }), compact],
      ['search', (id) => ({ connector: id, entity: 'users', query: {} }), compact],
      ['messaging_users_list', (id) => ({ connector: id }), all],
    ];
    for (const [tool, args, client] of pairs) {
      const foreign = await call(client, tool, args(otherId));
      const absent = await call(client, tool, args(MISSING));
      expect(foreign.isError, tool).toBe(true);
      expect(foreign.text.replaceAll(otherId, 'ID'), tool).toBe(absent.text.replaceAll(MISSING, 'ID'));
    }
  });
});

describe('the audit log', () => {
  it("records each tool call's execute with its intent, channel mcp and the scoped token", async () => {
    const intent = `read the team roster before the “launch” — ${Date.now()}`;
    const client = await connect(userToken);
    const ok = await call(client, 'execute', {
      connector: ids.get('messaging'),
      entity: 'users',
      action: 'list',
      params: { limit: 1 },
      intent,
    });
    expect(ok.isError, ok.text).toBe(false);
    const rows = await auditRows(`?connector_id=${ids.get('messaging')}&limit=500`);
    const row = rows.find((r) => r.intent === intent);
    expect(row).toMatchObject({
      external_user_id: USER,
      connector_type: 'messaging',
      entity: 'users',
      action: 'list',
      outcome: 'ok',
      channel: 'mcp',
      token_kind: 'scoped',
    });
    // Search goes through the same door.
    await call(client, 'search', { connector: ids.get('messaging'), entity: 'users', query: {}, limit: 1, intent: `${intent} (search)` });
    expect(
      (await auditRows(`?connector_id=${ids.get('messaging')}&limit=500`)).find((r) => r.intent === `${intent} (search)`),
    ).toMatchObject({
      action: 'search',
      outcome: 'ok',
    });
  });

  it('an intent the service refuses fails the call before it runs, naming intent, and records nothing', async () => {
    const client = await connect(userToken);
    const before = (await auditRows(`?connector_id=${ids.get('messaging')}&limit=500`)).length;
    const refused = await call(client, 'execute', {
      connector: ids.get('messaging'),
      entity: 'users',
      action: 'list',
      intent: 'two\nlines',
    });
    expect(refused.isError).toBe(true);
    expect(refused.json.error.class).toBe('ValidationError');
    expect(refused.json.error.issues[0].path).toBe('intent');
    expect((await auditRows(`?connector_id=${ids.get('messaging')}&limit=500`)).length).toBe(before);
  });
});

describe('credentials', () => {
  it('appear in no tool result and no log line (tokens included)', () => {
    const secrets = [
      service.application.clientSecret,
      ...tokens,
      ...connectors.flatMap(({ fixture }) => Object.values(fixture.credentials)),
    ];
    expect(texts.length).toBeGreaterThan(30);
    expect(logLines.length).toBeGreaterThan(30);
    expect(logLines.some((line) => line.includes('"url":"/mcp'))).toBe(true);
    expectNoSecret([...texts, ...logLines], secrets);
  });
});
