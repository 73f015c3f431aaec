/**
 * Conformance of the customer-messaging connector with Intercom's own OpenAPI document for the
 * version it pins (api.intercom.io.v2.11.yaml under ../shared/vendor-specs/intercom, or
 * SWITCHYARD_VENDOR_SPECS); the vendor blocks skip with a message when the file is absent.
 *
 * 1. Requests: every action's method and path exist in the document, every query parameter the
 *    connector can send is a declared query parameter of that operation, the pinned
 *    Intercom-Version is a value the document allows, and the base URL choices are its servers.
 * 2. Responses: every 200 example of those operations, served through a loopback server, parses
 *    into `data` equal to the example's records, which validate against `recordSchemas`, also with
 *    every nullable field set to null.
 * 3. The records the Intercom fake serves validate against `recordSchemas` too.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { metadata, recordSchemas, type CustomerMessagingConnector } from '@switchyard/connector-customer-messaging';
import { startServer, type FakeServer } from '../fakes/harness.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { loose, makeConnector, useIntercomFake, type Json } from './helpers.js';

type Definition = keyof (typeof recordSchemas)['definitions'];

interface Read {
  name: string;
  entity: string;
  action: string;
  kind: 'list' | 'get';
  path: string;
  definition: Definition;
  records: string;
  /** Wire names of the query parameters the action can send. */
  query: string[];
}

const READS: Read[] = Object.values(metadata.actions).flatMap((actions) =>
  Object.values(actions)
    .filter((a) => !a.hostedOnly)
    .map((a) => ({
      name: `${a.entity}.${a.action}`,
      entity: a.entity,
      action: a.action,
      kind: a.kind as 'list' | 'get',
      path: a.request!.path,
      definition: a.recordType as Definition,
      records: a.response!.records,
      query: Object.entries(a.params)
        .filter(([, rule]) => rule.in === 'query')
        .map(([name, rule]) => rule.as ?? name),
    })),
);

const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();
const problems = (definition: string, record: unknown): string[] => {
  if (!validators.has(definition)) validators.set(definition, ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` }));
  const validate = validators.get(definition)!;
  return validate(record) ? [] : [ajv.errorsText(validate.errors)];
};
const nullableFields = (definition: Definition) =>
  Object.entries(recordSchemas.definitions[definition].properties as unknown as Record<string, { anyOf?: { type?: string }[] }>)
    .filter(([, schema]) => schema.anyOf?.some((member) => member.type === 'null'))
    .map(([name]) => name);

it('the spec has the 14 reads (7 lists, 7 gets) and 4 hosted searches of the contract', () => {
  expect(READS.map((r) => r.name).sort()).toEqual(
    ['contacts', 'conversations', 'companies', 'teams', 'admins', 'tags', 'segments'].flatMap((e) => [`${e}.get`, `${e}.list`]).sort(),
  );
  const searches = Object.values(metadata.actions).flatMap((actions) => Object.values(actions).filter((a) => a.hostedOnly));
  expect(searches.map((a) => `${a.entity}.${a.action}`).sort()).toEqual([
    'companies.search',
    'contacts.search',
    'conversations.search',
    'teams.search',
  ]);
});

interface Operation {
  parameters?: { name: string; in: string; $ref?: string; schema?: { $ref?: string } }[];
  responses: Record<string, { content?: { 'application/json'?: { examples?: Record<string, { value: unknown }> } } }>;
}
interface OpenApi {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { enum?: string[] }> };
}

/** `/contacts/{contact_id}` and `/contacts/{id}` are the same route. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describeWithVendorSpec('requests match Intercom’s OpenAPI document (2.11)', ['intercom', 'api.intercom.io.v2.11.yaml'], (file) => {
  let doc: OpenApi;
  beforeAll(() => {
    doc = parse(readFileSync(file, 'utf8')) as OpenApi;
  });
  const operationOf = (read: Read): Operation => {
    const paths = Object.keys(doc.paths).filter((p) => shape(p) === shape(read.path));
    expect(paths, `a path shaped like ${read.path}`).toHaveLength(1);
    const operation = doc.paths[paths[0]!]![read.kind === 'list' || read.kind === 'get' ? 'get' : 'post'];
    expect(operation, `GET ${paths[0]}`).toBeDefined();
    return operation!;
  };

  it.each(READS.map((r) => [r.name, r] as const))('%s: method, path and query names are the document’s', (_name, read) => {
    const operation = operationOf(read);
    const declared = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(
      read.query.filter((name) => !declared.includes(name)),
      `declared: ${declared.join(', ')}`,
    ).toEqual([]);
    const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
    expect(pathParams).toHaveLength(read.path.includes('{') ? 1 : 0);
    // The pinned version header is a declared parameter of the operation.
    expect((operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Intercom-Version')).toBe(true);
  });

  it('the lists page with the parameters the document gives them', () => {
    const queryOf = (name: string) => READS.find((r) => r.name === name)!.query.sort();
    expect(queryOf('contacts.list')).toEqual(['per_page', 'starting_after']);
    expect(queryOf('conversations.list')).toEqual(['per_page', 'starting_after']);
    expect(queryOf('companies.list')).toEqual(['page', 'per_page']);
    expect(queryOf('segments.list')).toEqual(['include_count']);
  });

  it('the pinned Intercom-Version is one the document allows, and is this document’s version', () => {
    const versions = doc.components.schemas['intercom_version']!.enum!;
    expect(versions).toContain(metadata.headers!['Intercom-Version']);
    expect(metadata.headers!['Intercom-Version']).toBe((doc as unknown as { info: { version: string } }).info.version);
  });

  it('each region’s host is one of the document’s servers', () => {
    const hosts = Object.values(metadata.config['region']!.substitutes!).map((host) => metadata.baseUrl.replace('{region}', host));
    expect(hosts.sort()).toEqual(doc.servers.map((s) => s.url).sort());
  });

  describe('200 examples parse into records that match recordSchemas', () => {
    let server: FakeServer;
    let serving: unknown;
    let connector: CustomerMessagingConnector;
    beforeAll(async () => {
      server = await startServer(() => ({ body: serving }));
      connector = makeConnector(server);
    });
    afterAll(async () => {
      await server?.close();
    });

    const examplesOf = (read: Read): unknown[] => {
      const content = operationOf(read).responses['200']?.content?.['application/json'];
      return Object.values(content?.examples ?? {}).map((e) => e.value);
    };
    const recordsIn = (read: Read, body: unknown): Json[] => {
      if (read.kind === 'get') return [body as Json];
      return ((body as Json)[read.records] as Json[]) ?? [];
    };
    const fetchData = async (read: Read, body: unknown) => {
      serving = body;
      server.reset();
      const result = await loose(connector).execute(read.entity, read.action, read.kind === 'get' ? { id: '4242' } : {});
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.path).toBe(read.path.replace('{id}', '4242'));
      return result;
    };

    it.each(READS.map((r) => [r.name, r] as const))('%s: every example is kept whole and validates', async (_name, read) => {
      const examples = examplesOf(read);
      expect(examples.length).toBeGreaterThan(0);
      let checked = 0;
      for (const body of examples) {
        const { data, meta } = await fetchData(read, structuredClone(body));
        const expected = recordsIn(read, body);
        expect(read.kind === 'get' ? [data] : data).toEqual(expected);
        expect(meta).toEqual(read.kind === 'list' ? { next_page: null } : {});
        for (const record of expected) {
          expect(problems(read.definition, record), `${read.name} ${String(record['id'])}`).toEqual([]);
          checked += 1;
        }
      }
      // The document's only examples of these two lists are empty; their gets cover the records.
      if (read.name === 'teams.list' || read.name === 'contacts.list') expect(checked).toBe(0);
      else expect(checked).toBeGreaterThan(0);
    });

    it.each(READS.filter((r) => r.kind === 'get').map((r) => [r.name, r] as const))(
      '%s: with every nullable field set to null it still validates',
      async (_name, read) => {
        const example = structuredClone(examplesOf(read)[0]) as Json;
        const nullable = nullableFields(read.definition);
        expect(nullable.length).toBeGreaterThan(0);
        for (const name of nullable) example[name] = null;
        const { data } = await fetchData(read, example);
        expect(problems(read.definition, data)).toEqual([]);
        // A null where the schema does not allow one is caught (the check is not vacuous).
        expect(problems(read.definition, { ...(data as Json), id: null })).not.toEqual([]);
      },
    );
  });
});

describe('records the Intercom fake serves validate against recordSchemas', () => {
  const ctx = useIntercomFake({ contacts: 30 });
  it.each([
    ['contacts', 'Contact'],
    ['conversations', 'Conversation'],
    ['companies', 'Company'],
    ['teams', 'Team'],
    ['admins', 'Admin'],
    ['tags', 'Tag'],
    ['segments', 'Segment'],
  ] as const)('%s validate as %s', async (entity, definition) => {
    const records: Json[] = [];
    const c = makeConnector(ctx.fake) as unknown as Record<string, { list(p?: object): AsyncIterable<Json> }>;
    for await (const record of c[entity]!.list()) records.push(record);
    expect(records.length).toBeGreaterThan(0);
    expect(records.flatMap((r) => problems(definition, r).map((p) => `${String(r['id'])}: ${p}`))).toEqual([]);
  });

  it('conversations.get (with parts) validates as Conversation', async () => {
    const { data } = await makeConnector(ctx.fake).conversations.get({ id: ctx.fake.data.conversations[0]!['id'] as string });
    expect(problems('Conversation', data)).toEqual([]);
  });
});
