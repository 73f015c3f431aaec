/**
 * The hosted connector source against a stand-in for the service's HTTP API (the real service
 * ignores the header today; the audit log of a later step records it): a call's `intent` reaches
 * the execute request as the x-switchyard-intent header, percent-encoded, and nowhere else; a
 * connector created after the tools were listed is found; one of a type this process has no
 * package for is listed and explained.
 */
// @module-tag connector/messaging
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticHeaderAuth } from '@switchyard/runtime';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { buildToolset, hostedSource, INTENT_HEADER, type Toolset } from '@switchyard/mcp';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
const views: Record<string, unknown>[] = [
  {
    id: 'conn_1',
    connector_type: 'messaging',
    name: 'Slack',
    sync_status: 'ready',
    last_synced_at: '2026-11-01T00:00:00.000Z',
    entities: [{ entity: 'users', state: 'ready', records: 3, last_synced_at: '2026-11-01T00:00:00.000Z', mode: 'full', error: null }],
  },
  { id: 'conn_9', connector_type: 'plugin-only', name: 'Plug-in', sync_status: 'pending', entities: [] },
];
let server: Server;
let url = '';
let toolset: Toolset;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== 'Bearer scoped-token-abcdef')
        return void res.writeHead(401).end('{"code":"unauthorized","detail":"no"}');
      if (req.method === 'GET' && req.url === '/api/v1/connectors/sources') return void res.end(JSON.stringify({ data: views }));
      const execute = /^\/api\/v1\/connectors\/sources\/([^/]+)\/execute$/.exec(req.url!);
      if (req.method === 'POST' && execute && views.some((v) => v['id'] === execute[1])) {
        return void res.end(JSON.stringify({ data: [{ id: 'U1', name: 'ada' }], meta: { next_cursor: null } }));
      }
      res.writeHead(404).end('{"code":"not_found","detail":"no connector with this id"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = new StaticHeaderAuth('authorization', 'Bearer scoped-token-abcdef', ['scoped-token-abcdef']);
  toolset = await buildToolset(
    hostedSource({ baseUrl: url, auth, packages: [connectors.find((c) => c.name === 'messaging')!.fixture.pkg] }),
    { tools: 'all' },
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const executes = () => seen.filter((s) => s.method === 'POST');

describe('intent', () => {
  it('travels as the x-switchyard-intent header, percent-encoded UTF-8, and not in the body', async () => {
    const intent = 'Find who owns the Q3 launch — für Jörg, "urgent"';
    const result = await toolset.call('execute', { connector: 'conn_1', entity: 'users', action: 'list', intent });
    expect(result.isError, result.text).toBe(false);
    const request = executes().at(-1)!;
    expect(request.headers[INTENT_HEADER]).toBe(encodeURIComponent(intent));
    expect(decodeURIComponent(request.headers[INTENT_HEADER] as string)).toBe(intent);
    expect(JSON.parse(request.body)).toEqual({ entity: 'users', action: 'list', params: {} });
  });

  it('is sent by per-action tools too, and not at all when not given', async () => {
    await toolset.call('messaging_users_list', { intent: 'count users' });
    expect(executes().at(-1)!.headers[INTENT_HEADER]).toBe('count%20users');
    await toolset.call('messaging_users_list', {});
    expect(executes().at(-1)!.headers[INTENT_HEADER]).toBeUndefined();
  });

  it('longer than 1000 characters is refused before any request', async () => {
    const before = seen.length;
    const result = await toolset.call('execute', { connector: 'conn_1', entity: 'users', action: 'list', intent: 'x'.repeat(1001) });
    expect(JSON.parse(result.text).error).toMatchObject({ class: 'ValidationError', issues: [{ path: 'intent', rule: 'maxLength' }] });
    expect(seen.length).toBe(before);
  });
});

describe('the listing', () => {
  it('shows sync status per entity, and a type without a package with a note', async () => {
    const listed = JSON.parse((await toolset.call('list_connectors', {})).text);
    expect(listed.connectors[0]).toEqual({
      id: 'conn_1',
      connector_type: 'messaging',
      name: 'Slack',
      sync_status: 'ready',
      last_synced_at: '2026-11-01T00:00:00.000Z',
      entities: [{ entity: 'users', state: 'ready', records: 3, last_synced_at: '2026-11-01T00:00:00.000Z' }],
    });
    expect(listed.connectors[1].note).toContain('no package for connector type plugin-only');
    const refused = JSON.parse((await toolset.call('describe_connector', { connector: 'conn_9' })).text);
    expect(refused.error.issues[0].message).toContain('a type this server has no package for');
  });

  it('finds a connector created after the tools were built', async () => {
    views.push({ id: 'conn_2', connector_type: 'messaging', name: 'Second Slack', entities: [] });
    const result = await toolset.call('execute', { connector: 'conn_2', entity: 'users', action: 'list' });
    expect(result.isError, result.text).toBe(false);
    expect(executes().at(-1)!.url).toBe('/api/v1/connectors/sources/conn_2/execute');
    // Two messaging connectors now: a per-action tool needs to be told which.
    const ambiguous = JSON.parse((await toolset.call('messaging_users_list', {})).text);
    expect(ambiguous.error.issues[0]).toMatchObject({ path: 'connector' });
    expect(ambiguous.error.issues[0].message).toContain('conn_1, conn_2');
    expect((await toolset.call('messaging_users_list', { connector: 'conn_2' })).isError).toBe(false);
  });

  it('an id the service does not list is never sent anywhere', async () => {
    const before = executes().length;
    const result = JSON.parse((await toolset.call('execute', { connector: '../../admin', entity: 'users', action: 'list' })).text);
    expect(result.error.issues[0]).toMatchObject({ path: 'connector', rule: 'enum' });
    expect(executes().length).toBe(before);
  });
});
