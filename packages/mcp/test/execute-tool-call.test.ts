/**
 * executeToolCall: a model's call of any definition, run against the vendor fakes. Every action of
 * every connector (discovered from specs/) is called through its per-action tool with the
 * arguments a model sends under each provider's definitions (OpenAI strict: every field present,
 * nulls and "$omit" for absent ones, JSON text for free-form objects; Gemini: JSON text; Anthropic
 * and MCP: canonical), and reads answer exactly what the connector returns. The decoding itself is
 * a property over random argument shapes.
 */
// @module-tag connector/support-desk
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionMetadata } from '@switchyard/runtime';
import {
  actionToolName,
  executeToolCall,
  openSourceConnector,
  toolDefinitions,
  OMIT,
  type AgentConnector,
  type ConnectorPackage,
  type McpToolDefinition,
} from '@switchyard/mcp';
import type { FakeServer } from '../../../test/fakes/harness.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { encodeForProvider } from './strict-encoding.js';

/** A package without credentials, config, replication or search: what the contract lets such a connector publish. */
const NO_EXTRAS = { credentialKinds: {}, configSchema: {}, replicationSchema: {}, searchableFields: {} };

const fakes = new Map<string, FakeServer>();

beforeAll(async () => {
  for (const { name, fixture } of connectors) fakes.set(name, await fixture.start());
});

/**
 * A new connector instance of one family, against its fake. Each call below takes its own: client-side
 * rate spacing (the spec's `rateLimit.spacing` and `groups`) belongs to one instance, so a shared one
 * made every call to a spaced vendor wait its turn behind the others (Gong's 3 per second cost 22 s
 * here). This file is about decoding tool calls; the spacing has its own tests in the runtime.
 */
const newAgent = (name: string): AgentConnector => {
  const { fixture } = connectors.find((c) => c.name === name)!;
  return openSourceConnector(fixture.pkg as unknown as ConnectorPackage, {
    auth: fixture.credentials,
    baseUrl: fixture.baseUrl(fakes.get(name)!),
  });
};
afterAll(async () => {
  await Promise.all([...fakes.values()].map((f) => f.close()));
});

const providers = ['openai', 'gemini', 'anthropic'] as const;
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe.each(connectors)('$name', ({ name, fixture }) => {
  const actions = Object.values(fixture.pkg.metadata.actions)
    .flatMap((a) => Object.values(a))
    .filter((a: ActionMetadata) => !a.hostedOnly);
  it.each(actions.map((a) => ({ key: `${a.entity}.${a.action}`, action: a })))(
    '$key round-trips through executeToolCall for every provider',
    async ({ action }) => {
      const agent = newAgent(name);
      const tool = actionToolName(name, action.entity, action.action);
      const canonical = (toolDefinitions([agent], { provider: 'mcp', tools: 'actions' }) as McpToolDefinition[]).find(
        (t) => t.name === tool,
      )!;
      const isWrite = ['create', 'update', 'delete'].includes(action.kind);
      const compare = !isWrite && action.kind !== 'download';
      const exampleParams = () => ({ ...(fixture.examples[`${action.entity}.${action.action}`]?.(fakes.get(name)!) ?? {}) });
      const direct = compare
        ? json(await agent.execute({ entity: action.entity, action: action.action, params: exampleParams() }))
        : undefined;
      // A write runs once (it changes the vendor's data); reads run for every provider's way of sending arguments.
      for (const provider of isWrite ? (['openai'] as const) : providers) {
        const params = exampleParams();
        const args = provider === 'anthropic' ? params : encodeForProvider(provider, canonical.inputSchema, params);
        // OpenAI hands arguments over as JSON text; the others as objects.
        const result = await executeToolCall([newAgent(name)], tool, provider === 'openai' ? JSON.stringify(args) : args, { provider });
        expect(result.isError, `${provider}: ${result.text}`).toBe(false);
        expect(result.structuredContent).toEqual(JSON.parse(result.text));
        if (direct) {
          const { data, meta } = direct as { data: unknown; meta: unknown };
          const body = JSON.parse(result.text);
          const kept = body.truncated ? (data as unknown[]).slice(0, body.truncated.records_returned) : data;
          expect({ data: body.data, meta: body.meta }).toEqual({ data: kept, meta });
        }
      }
    },
  );

  it('the compact execute tool round-trips with params as JSON text (OpenAI, Gemini) or an object', async () => {
    const read = actions.find((a) => a.kind === 'list' && !fixture.examples[`${a.entity}.list`]) ?? actions.find((a) => a.kind === 'list')!;
    const params = { ...(fixture.examples[`${read.entity}.${read.action}`]?.(fakes.get(name)!) ?? {}) };
    const agent = newAgent(name);
    const expected = json(await agent.execute({ entity: read.entity, action: read.action, params }));
    const base = { connector: name, entity: read.entity, action: read.action };
    for (const args of [
      JSON.stringify({ ...base, params: JSON.stringify(params), fields: null, skip: null, intent: null }),
      { ...base, params: JSON.stringify(params) },
      { ...base, params },
    ]) {
      const result = await executeToolCall([newAgent(name)], 'execute', args);
      expect(result.isError, result.text).toBe(false);
      const body = JSON.parse(result.text);
      if (!body.truncated) expect({ data: body.data, meta: body.meta }).toEqual(expected);
    }
  });
});

describe('nulls a model sends', () => {
  const supportDesk = () => [newAgent('support-desk')];

  it('for an optional field that does not accept null are absent; for one that does, they are null; "$omit" is absent', async () => {
    const fake = fakes.get('support-desk')! as FakeServer & { data: { tickets: Record<string, unknown>[] } };
    const ticket = fake.data.tickets.find((t) => t['status'] === 'open')!;
    fake.requests.length = 0;
    const result = await executeToolCall(
      supportDesk(),
      'support_desk_tickets_update',
      JSON.stringify({ ticket_id: ticket['id'], status: 'pending', subject: null, assignee_id: null, group_id: OMIT, intent: null }),
    );
    expect(result.isError, result.text).toBe(false);
    const sent = fake.requests.find((r) => r.method === 'PUT')!;
    const body = (sent.body as { ticket: Record<string, unknown> }).ticket;
    expect(body).toMatchObject({ status: 'pending', assignee_id: null });
    expect(Object.hasOwn(body, 'subject')).toBe(false);
    expect(Object.hasOwn(body, 'group_id')).toBe(false);
  });

  it('for a required field stay null and fail validation, naming the field', async () => {
    const result = await executeToolCall(supportDesk(), 'support_desk_tickets_get', { ticket_id: null });
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text).error).toMatchObject({ class: 'ValidationError', issues: [{ path: 'ticket_id' }] });
  });

  it('arguments that are not JSON text are a validation error, not an exception', async () => {
    const result = await executeToolCall(supportDesk(), 'support_desk_tickets_get', '{"ticket_id": ');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.text).error.class).toBe('ValidationError');
  });
});

describe('decoding, as a property', () => {
  // A schema with every shape the conversions treat specially.
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      note: { type: ['string', 'null'] },
      count: { type: 'integer' },
      filter: { type: 'object' },
      anything: {},
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: ['integer', 'null'] }, extra: { type: 'object' } },
          required: ['a'],
        },
      },
    },
    required: ['id'],
    additionalProperties: false,
  };
  const jsonValue = fc.jsonValue({ maxDepth: 2 }).filter((v) => v !== null);
  const item = fc.record(
    {
      a: fc.string(),
      b: fc.option(fc.integer(), { nil: null }),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 1 })),
    },
    { requiredKeys: ['a'] },
  );
  const args = fc.record(
    {
      id: fc.string(),
      name: fc.string(),
      note: fc.option(fc.string(), { nil: null }),
      count: fc.integer(),
      filter: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
      anything: jsonValue,
      items: fc.array(item, { maxLength: 3 }),
    },
    { requiredKeys: ['id'] },
  );
  const connector = (): AgentConnector => ({
    ref: 'echo',
    type: 'echo',
    name: 'Echo',
    mode: 'open-source',
    package: { metadata: echoMetadata, paramSchemas: { things: { get: schema } }, ...NO_EXTRAS },
    metadata: echoMetadata,
    execute: async (request) => ({ data: request.params ?? {}, meta: {} }),
  });

  it('gives back exactly the canonical arguments from OpenAI strict, Gemini and canonical calls', async () => {
    const echo = [connector()];
    await fc.assert(
      fc.asyncProperty(args, async (value) => {
        for (const provider of ['openai', 'gemini', 'anthropic'] as const) {
          const sent = provider === 'anthropic' ? value : encodeForProvider(provider, schema, value);
          const result = await executeToolCall(echo, 'echo_things_get', provider === 'openai' ? JSON.stringify(sent) : sent, { provider });
          expect(result.isError, result.text).toBe(false);
          expect(JSON.parse(result.text).data).toEqual(json(value));
        }
      }),
      { numRuns: 150 },
    );
  });
});

const echoMetadata = {
  name: 'echo',
  title: 'Echo',
  vendor: 'Echo',
  baseUrl: 'http://127.0.0.1:9',
  config: {},
  auth: [],
  bodyErrors: [],
  errorMessage: [],
  errorCode: [],
  actions: {
    things: {
      get: {
        entity: 'things',
        action: 'get',
        kind: 'get' as const,
        idempotent: true,
        params: {
          id: { type: 'string' as const, required: true },
          name: { type: 'string' as const },
          note: { type: 'string' as const, nullable: true },
          count: { type: 'integer' as const },
          filter: { type: 'object' as const },
          anything: { type: 'any' as const },
          items: {
            type: 'array' as const,
            items: {
              type: 'object' as const,
              properties: {
                a: { type: 'string' as const, required: true },
                b: { type: 'integer' as const, nullable: true },
                extra: { type: 'object' as const },
              },
            },
          },
        },
      },
    },
  },
};
