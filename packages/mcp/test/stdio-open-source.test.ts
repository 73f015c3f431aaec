/**
 * `switchyard mcp` in open-source mode as a desktop client runs it: spawned over stdio with every
 * connector (discovered from specs/ through the matrix registry), credentials in
 * SWITCHYARD_<TYPE>_<FIELD> variables, each type pointed at its vendor fake with --base-url, and
 * driven by the MCP SDK's own client (which also checks every structuredContent against the tool's
 * outputSchema). Three servers: the default compact toolset, every tool (--tools all), and a
 * read-only one with a small result budget.
 */
// @module-tag connector/messaging
// @module-tag connector/recruiting
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionMetadata } from '@switchyard/runtime';
import { actionToolName } from '@switchyard/mcp';
import type { FakeServer } from '../../../test/fakes/harness.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import type { ConnectorFixture } from '../../../test/matrix/fixture.js';
import { readAll } from '../../../test/support/streams.js';
import { callTool, envFor, expectNoSecret, spawnMcp, type CallResult, type Spawned } from './support.js';

const fakes = new Map<string, FakeServer>();
const texts: string[] = [];
const secrets = connectors.flatMap(({ fixture }) => Object.values(fixture.credentials));
let compact: Spawned;
let all: Spawned;
let readOnly: Spawned;

function launchArgs(): { args: string[]; env: Record<string, string> } {
  const args: string[] = [];
  let env: Record<string, string> = {};
  for (const { name, fixture } of connectors) {
    args.push('--connector', name, '--base-url', `${name}=${fixture.baseUrl(fakes.get(name)!)}`);
    env = { ...env, ...envFor(name, { ...fixture.credentials, ...fixture.config }) };
  }
  return { args, env };
}

beforeAll(async () => {
  for (const { name, fixture } of connectors) fakes.set(name, await fixture.start());
  const { args, env } = launchArgs();
  [compact, all, readOnly] = await Promise.all([
    spawnMcp(args, env),
    spawnMcp([...args, '--tools', 'all'], env),
    spawnMcp([...args, '--tools', 'all', '--read-only', '--max-result-chars', '2500'], env),
  ]);
}, 60_000);

afterAll(async () => {
  for (const spawned of [compact, all, readOnly]) {
    if (!spawned) continue;
    texts.push(spawned.stderr());
    await spawned.close();
  }
  await Promise.all([...fakes.values()].map((f) => f.close()));
});

/** A call whose text is kept for the credential check at the end. */
async function call(spawned: Spawned, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = await callTool(spawned.client, name, args);
  texts.push(result.text);
  return result;
}

const actionsOf = (fixture: ConnectorFixture<FakeServer>): ActionMetadata[] =>
  Object.values(fixture.pkg.metadata.actions).flatMap((actions) => Object.values(actions));
const example = (fixture: ConnectorFixture<FakeServer>, action: ActionMetadata): Record<string, unknown> => ({
  ...(fixture.examples[`${action.entity}.${action.action}`]?.(fakes.get(fixture.pkg.metadata.name)!) ?? {}),
});
const isWrite = (action: ActionMetadata) => ['create', 'update', 'delete'].includes(action.kind);
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('tools/list', () => {
  it('is the compact set by default, in order, with the connector types to choose from and annotations asking before writes', async () => {
    const { tools } = await compact.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['list_connectors', 'describe_connector', 'execute']);
    const [list, describe, execute] = tools;
    expect(list!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(describe!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(execute!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    const connectorProperty = (execute!.inputSchema.properties as Record<string, { enum?: string[] }>)['connector']!;
    expect(connectorProperty.enum!.sort()).toEqual(connectors.map((c) => c.name).sort());
    for (const tool of tools) expect((tool.inputSchema.properties as Record<string, unknown>)['intent']).toBeDefined();
  });

  it('with --tools all: the compact tools, then one tool per entity.action of every connector, annotated from the spec', async () => {
    const { tools } = await all.client.listTools();
    const expected = [
      'list_connectors',
      'describe_connector',
      'execute',
      ...[...connectors]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap(({ name, fixture }) =>
          actionsOf(fixture)
            .filter((a) => !a.hostedOnly)
            .map((a) => actionToolName(name, a.entity, a.action)),
        ),
    ];
    expect(tools.map((t) => t.name)).toEqual(expected);
    for (const { name, fixture } of connectors) {
      for (const action of actionsOf(fixture).filter((a) => !a.hostedOnly)) {
        const tool = tools.find((t) => t.name === actionToolName(name, action.entity, action.action))!;
        expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
        const hints = tool.annotations!;
        if (isWrite(action)) {
          expect(hints.readOnlyHint).toBe(false);
          expect(hints.destructiveHint).toBe(action.kind !== 'create');
        } else {
          expect(hints.readOnlyHint).toBe(true);
        }
        expect(hints.openWorldHint).toBe(true);
        expect(tool.outputSchema?.type).toBe('object');
        // The input is the action's parameter schema, plus fields for record reads, skip for pages, intent for all.
        const properties = tool.inputSchema.properties as Record<string, unknown>;
        const published = (fixture.pkg.paramSchemas[action.entity]![action.action] as { properties: Record<string, unknown> }).properties;
        for (const [param, schema] of Object.entries(published)) expect(properties[param]).toEqual(schema);
        expect(Object.keys(properties)).toContain('intent');
        expect(Object.keys(properties).includes('fields')).toBe(
          ['list', 'get', 'api_search'].includes(action.kind) || Object.hasOwn(published, 'fields'),
        );
        expect(Object.keys(properties).includes('skip')).toBe(action.returnsList === true);
      }
    }
  });
});

describe.each(connectors)('$name', ({ name, fixture }) => {
  const callable = actionsOf(fixture).filter((a) => !a.hostedOnly);

  it.each(callable.map((a) => ({ key: `${a.entity}.${a.action}`, action: a })))(
    'per-action tool $key runs against the fake and answers {data, meta}',
    async ({ action }) => {
      const fake = fakes.get(name)!;
      const params = example(fixture, action);
      const result = await call(all, actionToolName(name, action.entity, action.action), params);
      expect(result.isError, result.text).toBe(false);
      expect(result.structuredContent).toBeDefined();
      expect(Object.keys(result.json)).toEqual(expect.arrayContaining(['data', 'meta']));
      if (action.kind === 'download') {
        const direct = await fixture
          .create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fake) })
          .execute(action.entity, action.action, params);
        const bytes = await readAll(direct.data as AsyncIterable<Uint8Array>);
        const file = result.json.data;
        expect(file.size_bytes).toBe(bytes.byteLength);
        if (file.encoding === 'base64') expect(Buffer.from(file.content, 'base64').equals(bytes)).toBe(true);
        else if (file.encoding === 'utf-8') expect(file.content).toBe(bytes.toString('utf8'));
        else expect(file.note).toMatch(/budget/);
      } else if (!isWrite(action)) {
        // A read answers exactly what the connector returns for the same call (a page over the
        // budget: its first records, whole, and a note of how many were left out).
        const direct = await fixture
          .create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fake) })
          .execute(action.entity, action.action, params);
        const truncated = result.json.truncated as { records_returned: number; records_left_out: number } | undefined;
        if (truncated) {
          expect(result.text.length).toBeLessThanOrEqual(100_000);
          expect(truncated.records_returned + truncated.records_left_out).toBe((direct.data as unknown[]).length);
          expect(result.json).toEqual(
            json({ data: (direct.data as unknown[]).slice(0, truncated.records_returned), meta: direct.meta, truncated }),
          );
        } else {
          expect(result.json).toEqual(json({ data: direct.data, meta: direct.meta }));
        }
      }
    },
  );

  it('compact tools: list_connectors, describe_connector (connector, entity, action) and execute with fields', async () => {
    const listed = await call(compact, 'list_connectors', { intent: 'see what is connected' });
    expect(listed.json.connectors.map((c: { connector: string }) => c.connector).sort()).toEqual(connectors.map((c) => c.name).sort());

    const described = await call(compact, 'describe_connector', { connector: name });
    expect(described.isError, described.text).toBe(false);
    expect(described.json.entities.map((e: { entity: string }) => e.entity)).toEqual(
      Object.keys(fixture.pkg.metadata.actions).filter((entity) =>
        Object.values(fixture.pkg.metadata.actions[entity]!).some((a) => !a.hostedOnly),
      ),
    );

    const read = callable.find((a) => a.kind === 'list' && a.recordType) ?? callable.find((a) => a.kind === 'get')!;
    const entity = await call(compact, 'describe_connector', { connector: name, entity: read.entity });
    expect(entity.isError, entity.text).toBe(false);
    expect(Object.keys(entity.json.record.fields).length).toBeGreaterThan(0);
    const described3 = await call(compact, 'describe_connector', { connector: name, entity: read.entity, action: read.action });
    expect(described3.json.params).toEqual(fixture.pkg.paramSchemas[read.entity]![read.action]);

    const params = example(fixture, read);
    const direct = await fixture
      .create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fakes.get(name)!) })
      .execute(read.entity, read.action, params);
    const records: Record<string, unknown>[] = Array.isArray(direct.data) ? direct.data : [direct.data];
    const key = Object.keys(records[0] ?? { id: 1 })[0]!;
    const executed = await call(compact, 'execute', { connector: name, entity: read.entity, action: read.action, params, fields: [key] });
    expect(executed.isError, executed.text).toBe(false);
    const expected = records.map((r) => (key in r ? { [key]: r[key] } : {}));
    if (Array.isArray(direct.data) && !Object.hasOwn(read.params, 'fields')) expect(executed.json.data).toEqual(json(expected));
  });
});

describe('errors are tool results with the class, the message and every issue with its path', () => {
  it('a bad parameter, through execute (path under params) and through its own tool (top-level path)', async () => {
    const viaExecute = await call(compact, 'execute', {
      connector: 'messaging',
      entity: 'channels',
      action: 'create',
      params: { name: 'Launch Plans', is_private: 'yes' },
    });
    expect(viaExecute.isError).toBe(true);
    expect(viaExecute.json.error.class).toBe('ValidationError');
    expect(viaExecute.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['params.is_private', 'params.name']);
    const viaTool = await call(all, 'messaging_channels_create', { name: 'Launch Plans', fields: 'id' });
    expect(viaTool.isError).toBe(true);
    expect(viaTool.json.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['fields', 'name']);
    expect(
      fakes
        .get('messaging')!
        .requests.filter((r) => r.path === '/api/conversations.create' && r.body && (r.body as any).name === 'Launch Plans'),
    ).toEqual([]);
    for (const r of [viaExecute, viaTool]) expect(r.text).not.toMatch(/\n\s+at /); // no stack
  });

  it('an unknown connector, entity or action names what exists; an unknown tool is a protocol error', async () => {
    const unknown = await call(compact, 'execute', { connector: 'nope', entity: 'users', action: 'list' });
    expect(unknown.json.error).toMatchObject({ class: 'ValidationError', issues: [{ path: 'connector' }] });
    const entity = await call(compact, 'execute', { connector: 'messaging', entity: 'people', action: 'list' });
    expect(entity.json.error.issues[0]).toMatchObject({ path: 'entity' });
    expect(entity.json.error.issues[0].message).toContain('users');
    await expect(compact.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it("a vendor's failure keeps its class and code; search is hosted-only", async () => {
    const slack = fakes.get('messaging')!;
    slack.failNext('/api/users.info', { kind: 'body', body: { ok: false, error: 'user_not_found' } });
    const missing = await call(all, 'messaging_users_get', { user: 'U0MISSING00' });
    expect(missing.json.error).toMatchObject({ class: 'VendorError', code: 'user_not_found' });
    const search = await call(compact, 'execute', { connector: 'messaging', entity: 'users', action: 'search', params: { query: {} } });
    expect(search.json.error.class).toBe('HostedOnlyError');
  });
});

describe('--read-only', () => {
  it('lists no write tool and marks execute read-only', async () => {
    const { tools } = await readOnly.client.listTools();
    const writes = connectors.flatMap(({ name, fixture }) =>
      actionsOf(fixture)
        .filter(isWrite)
        .map((a) => actionToolName(name, a.entity, a.action)),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(tools.map((t) => t.name)).not.toContain(write);
    expect(tools.find((t) => t.name === 'execute')!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it.each(
    connectors.flatMap(({ name, fixture }) =>
      actionsOf(fixture)
        .filter(isWrite)
        .map((action) => ({ key: `${name} ${action.entity}.${action.action}`, name, fixture, action })),
    ),
  )('execute refuses $key before any request', async ({ name, fixture, action }) => {
    const fake = fakes.get(name)!;
    const before = fake.requests.length;
    const refused = await call(readOnly, 'execute', {
      connector: name,
      entity: action.entity,
      action: action.action,
      params: example(fixture, action),
    });
    expect(refused.isError).toBe(true);
    expect(refused.json.error.class).toBe('ReadOnlyError');
    expect(refused.json.error.message).toMatch(/read-only/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('the result budget (--max-result-chars 2500)', () => {
  it('keeps whole records of a page, says how many it left out, and skip reads the rest of the same page', async () => {
    const slack = fakes.get('messaging')!;
    const fixture = connectors.find((c) => c.name === 'messaging')!.fixture;
    const page = await fixture
      .create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(slack) })
      .execute('users', 'list', { limit: 12 });
    const read: unknown[] = [];
    let skip = 0;
    for (let round = 0; round < 20; round++) {
      const result = await call(readOnly, 'messaging_users_list', { limit: 12, ...(skip ? { skip } : {}) });
      expect(result.isError, result.text).toBe(false);
      expect(result.text.length).toBeLessThanOrEqual(2500);
      read.push(...result.json.data);
      if (!result.json.truncated) break;
      expect(result.json.truncated.records_left_out).toBe((page.data as unknown[]).length - skip - result.json.data.length);
      expect(result.json.truncated.how_to_get_the_rest).toContain(`"skip": ${result.json.truncated.next_skip}`);
      expect(result.json.truncated.how_to_get_the_rest).toContain('fields');
      skip = result.json.truncated.next_skip;
    }
    expect(skip).toBeGreaterThan(0);
    expect(read).toEqual(json(page.data));
  });

  it('refuses one record over the budget, naming fields; with fields (through lists too) it fits', async () => {
    const recruiting = connectors.find((c) => c.name === 'recruiting')!.fixture;
    const params = recruiting.examples['candidates.get']!(fakes.get('recruiting')!);
    const whole = await call(readOnly, 'recruiting_candidates_get', params);
    expect(whole.isError).toBe(true);
    expect(whole.json.error.class).toBe('ResultTooLargeError');
    expect(whole.json.error.message).toContain('fields');
    const narrow = await call(readOnly, 'recruiting_candidates_get', { ...params, fields: ['id', 'first_name', 'email_addresses.value'] });
    expect(narrow.isError, narrow.text).toBe(false);
    expect(Object.keys(narrow.json.data).sort()).toEqual(['email_addresses', 'first_name', 'id']);
    expect(narrow.json.data.email_addresses.length).toBeGreaterThan(0);
    for (const address of narrow.json.data.email_addresses) expect(Object.keys(address)).toEqual(['value']);
  });
});

describe('credentials', () => {
  it('appear in no tool result and no line on stderr', async () => {
    // Every text seen by this file so far, and stderr of the three servers (afterAll adds the final stderr, checked again).
    const all_ = [...texts, compact.stderr(), all.stderr(), readOnly.stderr()];
    expect(all_.length).toBeGreaterThan(50);
    expectNoSecret(all_, secrets);
    expect(compact.stderr()).toMatch(/^switchyard mcp: 3 tools \(compact\) for /);
  });
});
