/**
 * `switchyard mcp --service <url> --external-user-id <id>` as a user runs it: spawned over stdio
 * with SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET, in front of the real execution service
 * (started on the embedded store as the hosted suite starts it), whose every connector family
 * points at its vendor fake. One user has a connector of every type (synced, so search works),
 * another one of their own; the MCP server acts for the first.
 */
// @module-tag long
// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionMetadata } from '@switchyard/runtime';
import type { HostedExecutor } from '@switchyard/runtime/internal';
import { actionToolName } from '@switchyard/mcp';
import type { FakeServer } from '../../../test/fakes/harness.js';
import {
  hostedExecutor,
  replicationConfig,
  startHostedService,
  type HostedService,
  type JsonSchema,
} from '../../../test/hosted/service.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import type { ConnectorFixture } from '../../../test/matrix/fixture.js';
import { callTool, expectNoSecret, spawnMcp, type CallResult, type Spawned } from './support.js';

const USER = 'mcp-hosted-user';
const OTHER = 'mcp-hosted-other-user';
const fakes = new Map<string, FakeServer>();
const ids = new Map<string, string>();
const texts: string[] = [];
let service: HostedService;
let otherId: string;
let compact: Spawned;
let all: Spawned;

const actionsOf = (fixture: ConnectorFixture<FakeServer>): ActionMetadata[] =>
  Object.values(fixture.pkg.metadata.actions).flatMap((actions) => Object.values(actions));
const isWrite = (action: ActionMetadata) => ['create', 'update', 'delete'].includes(action.kind);
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

beforeAll(async () => {
  for (const { name, fixture } of connectors) fakes.set(name, await fixture.start());
  service = await startHostedService(Object.fromEntries(connectors.map(({ name, fixture }) => [name, fixture.baseUrl(fakes.get(name)!)])));
  for (const { name, fixture } of connectors) {
    const replication = replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema | undefined);
    const { id } = await service.createConnector(USER, name, fixture.credentials, replication, fixture.config);
    ids.set(name, id);
  }
  const messaging = connectors.find((c) => c.name === 'messaging')!.fixture;
  otherId = (
    await service.createConnector(
      OTHER,
      'messaging',
      messaging.credentials,
      replicationConfig(messaging.pkg['replicationSchema'] as JsonSchema),
      messaging.config,
    )
  ).id;
  // A type without search (code-hosting) keeps no synced copy, so only the others have a sync to wait for.
  const synced = connectors.filter(({ fixture }) => actionsOf(fixture).some((a) => a.kind === 'search')).map(({ name }) => ids.get(name)!);
  await Promise.all(synced.map((id) => service.waitForSync(id)));
  const env = { SWITCHYARD_CLIENT_ID: service.application.clientId, SWITCHYARD_CLIENT_SECRET: service.application.clientSecret };
  const args = ['--service', service.url, '--external-user-id', USER];
  [compact, all] = await Promise.all([spawnMcp(args, env), spawnMcp([...args, '--tools', 'all'], env)]);
}, 180_000);

afterAll(async () => {
  for (const spawned of [compact, all]) await spawned?.close();
  await service?.close();
  await Promise.all([...fakes.values()].map((f) => f.close()));
});

async function call(spawned: Spawned, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = await callTool(spawned.client, name, args);
  texts.push(result.text);
  return result;
}

describe('tools/list', () => {
  it('is list_connectors, describe_connector, execute and search, search reading the synced copy (a closed world)', async () => {
    const { tools } = await compact.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute', 'search']);
    expect(tools[3]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('with --tools all: per-action tools include search (closed world) and take an optional connector id', async () => {
    const { tools } = await all.client.listTools();
    const search = tools.find((t) => t.name === 'messaging_users_search')!;
    expect(search.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools.find((t) => t.name === 'messaging_users_list')!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect((search.inputSchema.properties as Record<string, unknown>)['connector']).toBeDefined();
    expect((search.inputSchema.required as string[]) ?? []).not.toContain('connector');
  });
});

describe('list_connectors', () => {
  it("shows exactly the user's connectors: id, type, name, and sync status per entity with its last sync time", async () => {
    const listed = await call(compact, 'list_connectors', { intent: 'find the CRM' });
    const views = listed.json.connectors as {
      id: string;
      connector_type: string;
      name: string;
      sync_status: string;
      entities: { entity: string; state: string; last_synced_at: string | null }[];
    }[];
    expect(views.map((v) => v.id).sort()).toEqual([...ids.values()].sort());
    expect(views.map((v) => v.id)).not.toContain(otherId);
    for (const view of views) {
      expect(view.connector_type).toBe([...ids].find(([, id]) => id === view.id)![0]);
      expect(view.name).toBe(`${view.connector_type} of ${USER}`);
      expect(view.sync_status).toBe(view.entities.length > 0 ? 'ready' : 'pending');
      for (const entity of view.entities) {
        expect(entity.state).toBe('ready');
        expect(Date.parse(entity.last_synced_at!)).not.toBeNaN();
      }
    }
  });
});

describe.each(connectors)('$name', ({ name, fixture }) => {
  const actions = actionsOf(fixture);
  const example = (action: ActionMetadata): Record<string, unknown> =>
    action.kind === 'search'
      ? { query: {}, limit: 5 }
      : { ...(fixture.examples[`${action.entity}.${action.action}`]?.(fakes.get(name)!) ?? {}) };
  // One hosted executor for the connector's tests (test/hosted/service.ts says why).
  let executor: HostedExecutor;
  beforeAll(() => {
    executor = hostedExecutor(service, fixture.pkg.metadata, USER, ids.get(name)!);
  });

  it.each(actions.map((a) => ({ key: `${a.entity}.${a.action}`, action: a })))(
    'per-action tool $key runs through the service',
    async ({ action }) => {
      const params = example(action);
      const result = await call(all, actionToolName(name, action.entity, action.action), {
        ...params,
        intent: `test ${action.entity}.${action.action}`,
      });
      expect(result.isError, result.text).toBe(false);
      expect(result.structuredContent).toBeDefined();
      if (!isWrite(action) && action.kind !== 'download') {
        const direct = await executor.execute({ entity: action.entity, action: action.action, params });
        const data = result.json.truncated ? (direct.data as unknown[]).slice(0, result.json.truncated.records_returned) : direct.data;
        const meta = action.kind === 'search' ? { ...direct.meta, took_ms: result.json.meta.took_ms } : direct.meta;
        expect({ data: result.json.data, meta: result.json.meta }).toEqual(json({ data, meta }));
      }
    },
  );

  it('compact tools by connector id: describe, execute a read, search with a filter and fields', async () => {
    const id = ids.get(name)!;
    const described = await call(compact, 'describe_connector', { connector: id });
    expect(described.json).toMatchObject({ connector: id, connector_type: name, mode: 'hosted' });
    const read = actions.find((a) => a.kind === 'list' && !fixture.examples[`${a.entity}.list`]) ?? actions.find((a) => a.kind === 'list')!;
    const executed = await call(compact, 'execute', { connector: id, entity: read.entity, action: read.action, params: example(read) });
    expect(executed.isError, executed.text).toBe(false);
    const search = actions.find((a) => a.kind === 'search');
    if (!search) return;
    const fields = Object.keys((fixture.pkg['searchableFields'] as Record<string, Record<string, string>>)[search.entity]!).slice(0, 2);
    const found = await call(compact, 'search', { connector: id, entity: search.entity, query: {}, limit: 3, fields });
    expect(found.isError, found.text).toBe(false);
    expect(found.json.data.length).toBeGreaterThan(0);
    expect(found.json.data.length).toBeLessThanOrEqual(3);
    for (const hit of found.json.data) for (const key of Object.keys(hit.data)) expect(fields).toContain(key);
    const entity = await call(compact, 'describe_connector', { connector: id, entity: search.entity });
    expect(Object.keys(entity.json.searchable_fields).sort()).toEqual(
      Object.keys((fixture.pkg['searchableFields'] as Record<string, Record<string, string>>)[search.entity]!).sort(),
    );
  });
});

describe("another user's connector answers exactly as a missing one", () => {
  it('through execute, describe_connector, search and a per-action tool', async () => {
    const missing = 'conn_doesnotexist000000';
    const pairs: [string, (id: string) => Record<string, unknown>, Spawned][] = [
      ['execute', (id) => ({ connector: id, entity: 'users', action: 'list' }), compact],
      ['describe_connector', (id) => ({ connector: id }), compact],
      ['search', (id) => ({ connector: id, entity: 'users', query: {} }), compact],
      ['messaging_users_list', (id) => ({ connector: id }), all],
    ];
    for (const [tool, args, spawned] of pairs) {
      const foreign = await call(spawned, tool, args(otherId));
      const absent = await call(spawned, tool, args(missing));
      expect(foreign.isError).toBe(true);
      expect(foreign.json.error.class).toBe('ValidationError');
      expect(foreign.text.replaceAll(otherId, 'ID')).toBe(absent.text.replaceAll(missing, 'ID'));
    }
  });
});

describe('credentials', () => {
  it('appear in no tool result and no line on stderr', () => {
    const secrets = [service.application.clientSecret, ...connectors.flatMap(({ fixture }) => Object.values(fixture.credentials))];
    const seen = [...texts, compact.stderr(), all.stderr()];
    expect(seen.length).toBeGreaterThan(30);
    expectNoSecret(seen, secrets);
  });
});
