/**
 * One hosted-search contract. What every connector publishes as the parameters of its search
 * actions (`paramSchemas[entity].search`) is what the execution service accepts, and the SDK's
 * check before sending lets through exactly that too. For every connector and every searchable
 * entity (the service's own catalog, made from specs/, never a list here):
 *
 * - the published schema is the runtime's `searchParamsSchema`, and compiles in ajv's strict mode;
 * - drawn search parameters (search-values.ts: real fields, values at and around every bound) get
 *   the same verdict from ajv over the published schema, the SDK's check and the service's parser;
 * - the bounds JSON Schema cannot state (filter and value nesting, conditions, a sort key named
 *   twice) are named in the published schema and refused alike by the SDK and the service;
 * - what only the service knows (which fields exist, their types) is refused by the service alone;
 * - over the wire: the same boundary cases through the running service's execute endpoint, through
 *   the connector's hosted client and through the MCP `search` tool (@switchyard/mcp), which both
 *   refuse before sending exactly what the service would refuse; the MCP tool's input schema holds
 *   the published parameters and gives the service's verdict on drawn ones too.
 */
import { createServer } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError, createHostedAuth, type ConnectorPackage, type HostedOptions, type ValidationIssue } from '@switchyard/runtime';
import { buildToolset, hostedSource, type ToolDefinition, type Toolset } from '@switchyard/mcp';
import { SEARCH_LIMITS, SEARCH_PARAM_RULES, searchParamsIssues, searchParamsSchema } from '@switchyard/runtime/internal';
import { createCatalog, parseSearchParams, type ConnectorFamily, type EntitySchema } from '@switchyard/server';
import { connectors } from '../matrix/registry.js';
import { narrowedToOnly, specNames } from '../support/connectors.js';
import { replicationConfig, startHostedService, type HostedService, type JsonSchema } from '../hosted/service.js';
import { MALFORMED_NAMES, searchParamsFor, type EntityFields } from './search-values.js';

const L = SEARCH_LIMITS;
const RUNS_PER_ENTITY = 80;
const EXTERNAL_USER = 'search-contract-user';

const catalog = createCatalog();

interface SearchableEntity {
  family: ConnectorFamily;
  entity: string;
  schema: EntitySchema;
  published: Record<string, unknown>;
}

const searchable: SearchableEntity[] = catalog
  .families()
  .filter((family) => narrowedToOnly([family.name]).length > 0)
  .flatMap((family) =>
    Object.keys(family.searchableFields)
      .filter((entity) => family.metadata.actions[entity]?.['search']?.kind === 'search')
      .map((entity) => ({
        family,
        entity,
        schema: family.entitySchema(entity)!,
        published: family.paramSchemas[entity]!['search'] as Record<string, unknown>,
      })),
  );

const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new WeakMap<object, ValidateFunction>();
function publishedAccepts(published: object, params: unknown): boolean {
  let validate = validators.get(published);
  if (!validate) validators.set(published, (validate = ajv.compile(published)));
  return validate(params);
}

/** The service's parser, as the execute endpoint runs it. */
function serviceIssues(params: unknown, schema: EntitySchema): ValidationIssue[] {
  try {
    parseSearchParams(params, schema);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
}

function verdicts(target: SearchableEntity, params: unknown) {
  return {
    published: publishedAccepts(target.published, params),
    sdk: searchParamsIssues(params).length === 0,
    service: serviceIssues(params, target.schema).length === 0,
  };
}

/** What a search reads without the service's knowledge: every name of a declared field. */
const fieldsOf = (target: SearchableEntity): EntityFields => ({ entity: target.entity, fields: target.schema.fields });

function fieldOfType(target: SearchableEntity, types: readonly string[]): string | undefined {
  return target.schema.fieldNames().find((name) => types.includes(target.schema.fields[name]!));
}

/** Boundary cases every layer must judge alike, with the verdict they must all give. */
function boundaryCases(target: SearchableEntity): { name: string; params: Record<string, unknown>; accepted: boolean }[] {
  const any = target.schema.fieldNames()[0]!;
  const text = fieldOfType(target, ['string']);
  const sortable = target.schema.fieldNames().filter((n) => ['string', 'integer', 'number', 'boolean'].includes(target.schema.fields[n]!));
  const q = (filter?: unknown, sort?: unknown) => ({ ...(filter ? { filter } : {}), ...(sort ? { sort } : {}) });
  const cases = [
    { name: 'no filter', params: { query: {} }, accepted: true },
    { name: 'an empty filter', params: { query: q({}) }, accepted: true },
    { name: 'limit 0', params: { query: {}, limit: 0 }, accepted: false },
    { name: 'limit 1', params: { query: {}, limit: 1 }, accepted: true },
    { name: `limit ${L.maxLimit}`, params: { query: {}, limit: L.maxLimit }, accepted: true },
    { name: `limit ${L.maxLimit + 1}`, params: { query: {}, limit: L.maxLimit + 1 }, accepted: false },
    { name: 'limit null', params: { query: {}, limit: null }, accepted: true },
    { name: `${L.maxFields} fields`, params: { query: {}, fields: Array.from({ length: L.maxFields }, () => any) }, accepted: true },
    {
      name: `${L.maxFields + 1} fields`,
      params: { query: {}, fields: Array.from({ length: L.maxFields + 1 }, () => any) },
      accepted: false,
    },
    { name: 'no fields listed', params: { query: {}, fields: [] }, accepted: false },
    { name: 'a path array', params: { query: {}, fields: [any.split('.')] }, accepted: true },
    { name: 'an unknown operator', params: { query: q({ regex: { [any]: '.*' } }) }, accepted: false },
    { name: 'a malformed field name', params: { query: q({ eq: { [MALFORMED_NAMES[1]]: 1 } }) }, accepted: false },
    { name: 'a cursor of the right shape', params: { query: {}, cursor: 'eyJ2IjoxfQ.c2lnbmF0dXJl' }, accepted: true },
    { name: 'a cursor of the wrong shape', params: { query: {}, cursor: 'not-a-cursor' }, accepted: false },
    {
      name: `in with ${L.maxListLength} values`,
      params: { query: q({ in: { [any]: Array(L.maxListLength).fill(null) } }) },
      accepted: true,
    },
    {
      name: `in with ${L.maxListLength + 1} values`,
      params: { query: q({ in: { [any]: Array(L.maxListLength + 1).fill(null) } }) },
      accepted: false,
    },
    {
      name: `sort by ${L.maxSortKeys + 1} keys`,
      params: { query: q(undefined, Array(L.maxSortKeys + 1).fill({ [sortable[0] ?? any]: 'asc' })) },
      accepted: false,
    },
  ];
  if (sortable.length > 0) {
    const keys = sortable.slice(0, L.maxSortKeys).map((name, i) => ({ [name]: i % 2 ? 'desc' : 'asc' }));
    cases.push({ name: `sort by ${keys.length} keys`, params: { query: q(undefined, keys) }, accepted: true });
  }
  if (text) {
    cases.push(
      { name: 'fuzzy words', params: { query: q({ fuzzy: { [text]: 'ada lovelace' } }) }, accepted: true },
      { name: 'fuzzy without a letter or digit', params: { query: q({ fuzzy: { [text]: '!!!' } }) }, accepted: false },
      { name: `like ${L.maxTextLength} emoji`, params: { query: q({ like: { [text]: '😀'.repeat(L.maxTextLength) } }) }, accepted: true },
      {
        name: `like ${L.maxTextLength + 1} characters`,
        params: { query: q({ like: { [text]: 'a'.repeat(L.maxTextLength + 1) } }) },
        accepted: false,
      },
    );
  }
  return cases;
}

it('every spec has its connector in the service catalog, and some entity is searchable', () => {
  expect(catalog.names()).toEqual(specNames());
  expect(searchable.length).toBeGreaterThan(0);
});

describe.each(searchable.map((target) => ({ ...target, name: `${target.family.name} ${target.entity}` })))('$name', (target) => {
  it('publishes the runtime’s search parameters: the schema, and the rules in its metadata', () => {
    expect(target.published).toEqual(searchParamsSchema);
    const rules = target.family.metadata.actions[target.entity]!['search']!.params;
    expect(Object.keys(rules)).toEqual(Object.keys(SEARCH_PARAM_RULES));
    // The metadata leaves descriptions out (the schema carries them).
    for (const [name, rule] of Object.entries(SEARCH_PARAM_RULES))
      expect(rules[name]).toEqual(withoutDescriptions({ ...rule, in: 'body' }));
    // A consumer using ajv as it comes (strict mode) compiles it without a warning.
    const warnings: unknown[] = [];
    const strict = new Ajv({
      logger: { log: () => {}, warn: (...args: unknown[]) => warnings.push(args), error: (...args: unknown[]) => warnings.push(args) },
    });
    strict.compile(target.published);
    expect(warnings).toEqual([]);
  });

  it('published schema ⇔ SDK check ⇔ service parser, on drawn search parameters', () => {
    const tally = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(searchParamsFor(fieldsOf(target)), (params) => {
        const verdict = verdicts(target, params);
        tally[verdict.service ? 'accepted' : 'refused']++;
        const all = verdict.service;
        expect(
          { verdict, issues: serviceIssues(params, target.schema), sdkIssues: searchParamsIssues(params) },
          JSON.stringify(params, null, 1).slice(0, 2000),
        ).toMatchObject({ verdict: { published: all, sdk: all, service: all } });
      }),
      { numRuns: RUNS_PER_ENTITY },
    );
    // Both verdicts occurred (each at least one draw in forty; about one in five is accepted), so agreement was tested on each side of the rules.
    expect(tally.accepted).toBeGreaterThanOrEqual(RUNS_PER_ENTITY / 40);
    expect(tally.refused).toBeGreaterThanOrEqual(RUNS_PER_ENTITY / 40);
  });

  it('boundary cases: every layer gives the same verdict', () => {
    for (const { name, params, accepted } of boundaryCases(target)) {
      expect({ name, ...verdicts(target, params) }).toEqual({ name, published: accepted, sdk: accepted, service: accepted });
    }
  });

  it('bounds JSON Schema cannot state are named in the schema and refused alike by the SDK and the service', () => {
    const field = target.schema.fieldNames()[0]!;
    const leaf = { eq: { [field]: null } };
    const nots = (n: number): unknown => (n === 0 ? leaf : { not: nots(n - 1) });
    const arrays = (n: number): unknown => (n === 0 ? null : [arrays(n - 1)]);
    const sortable = fieldOfType(target, ['string', 'integer', 'number', 'boolean']);
    const cases: [string, unknown, boolean][] = [
      [`filters nested ${L.maxDepth} levels`, { query: { filter: nots(L.maxDepth) } }, true],
      [`filters nested ${L.maxDepth + 1} levels`, { query: { filter: nots(L.maxDepth + 1) } }, false],
      [`${L.maxConditions} conditions`, { query: { filter: { and: Array(L.maxConditions - 1).fill(leaf) } } }, true],
      [`${L.maxConditions + 1} conditions`, { query: { filter: { and: Array(L.maxConditions).fill(leaf) } } }, false],
    ];
    // A field an array value fits: an array (or any) field, else a path below an object field.
    const objectField = fieldOfType(target, ['object']);
    const arrayField = fieldOfType(target, ['array', 'any']) ?? (objectField ? `${objectField}.value` : undefined);
    if (arrayField) {
      const nested = (n: number) => ({ query: { filter: { neq: { [arrayField]: arrays(n) } } } });
      cases.push([`a value nested ${L.maxValueDepth} levels`, nested(L.maxValueDepth), true]);
      cases.push([`a value nested ${L.maxValueDepth + 1} levels`, nested(L.maxValueDepth + 1), false]);
    }
    if (sortable) cases.push(['a sort key named twice', { query: { sort: [{ [sortable]: 'asc' }, { [sortable]: 'desc' }] } }, false]);
    for (const [name, params, accepted] of cases) {
      const { published, sdk, service } = verdicts(target, params);
      expect({ name, published, sdk, service }).toEqual({ name, published: true, sdk: accepted, service: accepted });
    }
    const description = JSON.stringify(searchParamsSchema);
    for (const bound of [L.maxDepth, L.maxConditions, L.maxValueDepth]) expect(description).toContain(`at most ${bound} `);
    expect(description).toContain('naming a declared scalar field once');
  });

  it('what only the service knows, which fields exist and their types, only the service refuses', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a field the entity does not have', { query: { filter: { eq: { no_such_field_anywhere: 1 } } } }, 'searchable-field'],
      ['fields naming one it does not have', { query: {}, fields: ['no_such_field_anywhere'] }, 'searchable-field'],
      ['a sort key it does not have', { query: { sort: [{ no_such_field_anywhere: 'asc' }] } }, 'sort-field'],
    ];
    const typed = fieldOfType(target, ['boolean', 'integer', 'number', 'string']);
    if (typed) {
      const wrong = target.schema.fields[typed] === 'string' ? 5 : 'text';
      cases.push([`${typed} given a value of another type`, { query: { filter: { eq: { [typed]: wrong } } } }, 'value-type']);
    }
    for (const [name, params, rule] of cases) {
      expect({ name, ...verdicts(target, params) }).toEqual({ name, published: true, sdk: true, service: false });
      expect(serviceIssues(params, target.schema).map((i) => i.rule)).toEqual([rule]);
    }
  });
});

describe('over the wire: the running service, the hosted client and the MCP search tool judge alike', () => {
  let service: HostedService;
  const live = new Map<string, { connectorId: string; client: HostedClient; sent: () => number }>();
  let token: string;
  let tools: Toolset;
  let searchTool: ToolDefinition;
  let toolExecutes = 0;

  beforeAll(async () => {
    // Every vendor is a closed port: no sync finishes, so a search the service accepts answers
    // 409 search_not_ready, one it refuses 422 validation_failed, and nothing leaves 127.0.0.1.
    const vendor = `http://127.0.0.1:${await closedPort()}`;
    const families = [...new Set(searchable.map((t) => t.family.name))];
    // Thousands of calls from one token: above the default rate limit, which is not under test here.
    service = await startHostedService(Object.fromEntries(catalog.names().map((name) => [name, vendor])), { limits: { rateLimitMax: 100_000 } });
    for (const name of families) {
      const { fixture } = connectors.find((c) => c.name === name)!;
      const replication = replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema | undefined);
      const { id } = await service.createConnector(EXTERNAL_USER, name, fixture.credentials, replication, fixture.config);
      let executes = 0;
      const counting: typeof fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/execute')) executes++;
        return fetch(input, init);
      };
      const options: HostedOptions = {
        baseUrl: service.url,
        externalUserId: EXTERNAL_USER,
        clientId: service.application.clientId,
        clientSecret: service.application.clientSecret,
        connectorId: id,
        fetch: counting,
        maxRetries: 0,
      };
      live.set(name, { connectorId: id, client: hostedClient(fixture.pkg, options), sent: () => executes });
    }
    token = await scopedToken(service, EXTERNAL_USER);
    // The agent surface over the same connectors: the compact toolset, whose `search` tool is offered in hosted mode.
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/execute')) toolExecutes++;
      return fetch(input, init);
    };
    const packages = families.map((name) => connectors.find((c) => c.name === name)!.fixture.pkg as unknown as ConnectorPackage);
    const auth = createHostedAuth({
      baseUrl: service.url,
      externalUserId: EXTERNAL_USER,
      clientId: service.application.clientId,
      clientSecret: service.application.clientSecret,
    });
    tools = await buildToolset(hostedSource({ baseUrl: service.url, externalUserId: EXTERNAL_USER, auth, packages, fetch: counting }));
    searchTool = tools.tools.find((tool) => tool.name === 'search')!;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  it('the MCP search tool takes the published search parameters: the same schemas but for descriptions and its smaller default limit', () => {
    expect(searchTool).toBeDefined();
    const published = searchParamsSchema as { properties: Record<string, object>; definitions: object };
    const input = searchTool.inputSchema as { properties: Record<string, object>; definitions: object };
    const comparable = (schema: object | undefined) => {
      const { default: _default, ...rest } = withoutDescriptions(schema) as Record<string, unknown>;
      return rest;
    };
    for (const name of ['query', 'limit', 'cursor', 'fields']) {
      expect({ name, schema: comparable(input.properties[name]) }).toEqual({ name, schema: comparable(published.properties[name]) });
    }
    expect(input.definitions).toEqual(published.definitions);
    expect((input.properties['limit'] as { maximum: number }).maximum).toBe(L.maxLimit);
  });

  it.each(searchable.map((target) => ({ ...target, name: `${target.family.name} ${target.entity}` })))('$name', async (target) => {
    const { connectorId, client, sent } = live.get(target.family.name)!;
    // The MCP tool's input schema gives the service's verdict on drawn parameters (no call made).
    const toolArguments = (params: Record<string, unknown>) => ({ connector: connectorId, entity: target.entity, ...params });
    fc.assert(
      fc.property(searchParamsFor(fieldsOf(target)), (params) => {
        const service = serviceIssues(params, target.schema).length === 0;
        expect(
          { tool: publishedAccepts(searchTool.inputSchema, toolArguments(params)), service },
          JSON.stringify(params).slice(0, 2000),
        ).toEqual({
          tool: service,
          service,
        });
      }),
      { numRuns: RUNS_PER_ENTITY / 2 },
    );
    for (const { name, params, accepted } of boundaryCases(target)) {
      const toolBefore = toolExecutes;
      const result = await tools.call('search', toolArguments(params));
      const answered = (JSON.parse(result.text) as { error?: { class: string } }).error?.class;
      expect({ name, tool: answered, refusedBeforeSending: toolExecutes === toolBefore }).toEqual({
        name,
        tool: accepted ? 'SyncNotReadyError' : 'ValidationError',
        refusedBeforeSending: !accepted,
      });

      const response = await fetch(`${service.url}/api/v1/connectors/sources/${connectorId}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ entity: target.entity, action: 'search', params }),
      });
      await response.body?.cancel();
      expect({ name, status: response.status }).toEqual({ name, status: accepted ? 409 : 422 });
      const before = sent();
      const outcome = await client.execute(target.entity, 'search', params).catch((error: unknown) => error);
      const refusedBeforeSending = outcome instanceof ValidationError && sent() === before;
      expect({ name, refusedBeforeSending, answered: (outcome as Error).name }).toEqual({
        name,
        refusedBeforeSending: !accepted,
        answered: accepted ? 'SyncNotReadyError' : 'ValidationError',
      });
    }
  });
});

function withoutDescriptions(value: unknown): unknown {
  if (value instanceof RegExp || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'description')
      .map(([key, v]) => [key, withoutDescriptions(v)]),
  );
}

interface HostedClient {
  execute(entity: string, action: string, params: unknown): Promise<unknown>;
}

/** The generated connector class of a package (the export with a static `hosted`), in hosted mode. */
function hostedClient(pkg: Record<string, unknown>, options: HostedOptions): HostedClient {
  const found = Object.values(pkg).find(
    (value) => typeof value === 'function' && typeof (value as { hosted?: unknown }).hosted === 'function',
  );
  if (!found) throw new Error('the connector package has no class with a static hosted()');
  return (found as { hosted(o: HostedOptions): HostedClient }).hosted(options);
}

async function scopedToken(service: HostedService, externalUserId: string): Promise<string> {
  const post = async (path: string, body: unknown, bearer?: string): Promise<{ access_token: string }> => {
    const response = await fetch(service.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { access_token: string };
  };
  const application = await post('/api/v1/account/applications/token', {
    client_id: service.application.clientId,
    client_secret: service.application.clientSecret,
  });
  return (await post('/api/v1/embedded/scoped-token', { external_user_id: externalUserId }, application.access_token)).access_token;
}

/** A port on 127.0.0.1 nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
