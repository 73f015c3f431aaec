/**
 * Conformance of the conversation-intelligence connector with Gong's OpenAPI document under
 * ../shared/vendor-specs/gong (or SWITCHYARD_VENDOR_SPECS); skipped with a message when absent.
 *
 * 1. Requests: every action that calls Gong, with every parameter it declares, sends a request
 *    whose method and path are an operation of the document, whose query names are that
 *    operation's query parameters (and its required ones are there), and whose JSON body names
 *    are properties of its request body schema, at every depth.
 * 2. Responses: a 200 body built from the operation's response schema, using the document's own
 *    example values where it has them, parses into records that validate against the package's
 *    `recordSchemas`; the only disagreements are the listed ones, each explained.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Ajv, type ValidateFunction } from 'ajv';
import { metadata, recordSchemas, type ConversationIntelligenceConnector } from '@switchyard/connector-conversation-intelligence';
import type { ActionMetadata } from '@switchyard/runtime';
import { startServer, type FakeServer, type RecordedRequest } from '../fakes/harness.js';
import fixture from '../matrix/connectors/conversation-intelligence.js';
import type { ConnectorFixture } from '../matrix/fixture.js';
import { fullParams } from '../matrix/values.js';
import type { GongFake } from '../fakes/gong.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { makeConnector, readAll, type Json } from './helpers.js';

type Schema = Json & { $ref?: string; properties?: Record<string, Schema>; items?: Schema; required?: string[]; example?: unknown };
interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: Schema } } }>;
}

const CALLABLE = Object.values(metadata.actions)
  .flatMap((actions) => Object.values(actions))
  .filter((a) => !a.hostedOnly) as ActionMetadata[];

/** Query parameters Gong accepts but its document does not declare (see the package README). */
const UNDECLARED_QUERY = ['settings_scorecards.list workspaceId', 'library_folder_content.list cursor'];
/** Parameters the document marks required although Gong defaults them (earliest call / now). */
const OPTIONAL_DESPITE_DOCUMENT = ['GET /v2/calls fromDateTime', 'GET /v2/calls toDateTime'];

/** Every parameter, with the whole contentSelector for extensive calls (the matrix would leave it empty). */
function maximalParams(fake: GongFake, action: ActionMetadata): Record<string, unknown> {
  const ref = { key: `${action.entity}.${action.action}`, entity: action.entity, action: action.action, meta: action };
  const params = fullParams(fixture as unknown as ConnectorFixture, ref, fake);
  if (ref.key === 'calls_extensive.list') {
    params['filter'] = {
      fromDateTime: '2024-01-01T00:00:00Z',
      toDateTime: '2024-06-03T00:00:00Z',
      workspaceId: '623457276584334',
      callIds: [fake.data.calls[0]!['id']],
    };
    params['contentSelector'] = {
      context: 'Extended',
      contextTiming: ['Now', 'TimeOfCall'],
      exposedFields: {
        parties: true,
        media: true,
        collaboration: { publicComments: true },
        content: Object.fromEntries(
          [
            'pointsOfInterest',
            'structure',
            'topics',
            'trackers',
            'trackerOccurrences',
            'brief',
            'outline',
            'highlights',
            'callOutcome',
            'keyPoints',
          ].map((k) => [k, true]),
        ),
        interaction: { personInteractionStats: true, questions: true, speakers: true, video: true },
      },
    };
  }
  if (ref.key === 'call_transcripts.list')
    params['filter'] = { fromDateTime: '2024-01-01T00:00:00Z', toDateTime: '2024-06-03T00:00:00Z', callIds: [fake.data.calls[0]!['id']] };
  if (ref.key.startsWith('stats_'))
    params['filter'] = { fromDate: '2024-02-01', toDate: '2024-06-01', userIds: [fake.data.users[4]!['id']] };
  delete params['cursor']; // a made-up cursor is refused by Gong; paging is covered by the matrix
  return params;
}

describeWithVendorSpec("Gong's OpenAPI document", ['gong', 'gong-openapi.json'], (file) => {
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  let fake: GongFake;
  beforeAll(async () => {
    doc = JSON.parse(readFileSync(file, 'utf8')) as typeof doc;
    fake = (await fixture.start()) as GongFake;
  });
  afterAll(async () => {
    await fake?.close();
  });

  const resolveRef = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolveRef(doc.components.schemas[schema.$ref.split('/').pop()!]) : schema;
  /** The document's operation for a path as sent (`/v2/calls/123` → `/v2/calls/{id}`). */
  const operationOf = (method: string, path: string): [string, Operation] | undefined => {
    for (const [template, ops] of Object.entries(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const op = ops[method.toLowerCase()];
      if (op && pattern.test(path)) return [template, op];
    }
    return undefined;
  };
  /** Dot paths of body keys the document does not know. */
  const unknownKeys = (value: unknown, schema: Schema | undefined, at: string): string[] => {
    const s = resolveRef(schema);
    if (!s || value === null || typeof value !== 'object') return [];
    if (Array.isArray(value)) return value.flatMap((item, i) => unknownKeys(item, s.items, `${at}[${i}]`));
    return Object.entries(value).flatMap(([key, v]) =>
      s.properties?.[key] ? unknownKeys(v, s.properties[key], at ? `${at}.${key}` : key) : [at ? `${at}.${key}` : key],
    );
  };

  it.each(CALLABLE.map((a) => [`${a.entity}.${a.action}`, a] as const))(
    '%s: method, path, query and body names are the document’s',
    async (key, action) => {
      fake.reset();
      const c = fixture.create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(fake) });
      const result = await c.execute(action.entity as never, action.action as never, maximalParams(fake, action) as never);
      if (action.kind === 'download') await readAll(result.data as AsyncIterable<Uint8Array>);
      expect(fake.requests).toHaveLength(1);
      const sent: RecordedRequest = fake.requests[0]!;
      const found = operationOf(sent.method, sent.path);
      expect(found, `${sent.method} ${sent.path} is an operation of the document`).toBeDefined();
      const [template, op] = found!;
      const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
      const undeclared = Object.keys(sent.query).filter((name) => !declared.some((p) => p.name === name));
      expect(undeclared.filter((name) => !UNDECLARED_QUERY.includes(`${key} ${name}`))).toEqual([]);
      const missing = declared.filter((p) => p.required && !(p.name in sent.query)).map((p) => p.name);
      expect(missing.filter((name) => !OPTIONAL_DESPITE_DOCUMENT.includes(`${sent.method} ${template} ${name}`))).toEqual([]);
      if (sent.method === 'POST') {
        const schema = resolveRef(op.requestBody!.content['application/json'].schema)!;
        expect(unknownKeys(sent.body, schema, '')).toEqual([]);
        for (const required of schema.required ?? []) expect(sent.body).toHaveProperty(required);
      } else {
        expect(sent.rawBody).toBe('');
      }
    },
  );

  it('the document does not declare the two query parameters Gong accepts beyond it, and marks the calls period required', () => {
    expect(doc.paths['/v2/settings/scorecards']!['get']!.parameters ?? []).toEqual([]);
    expect((doc.paths['/v2/library/folder-content']!['get']!.parameters ?? []).map((p) => p.name)).toEqual(['folderId']);
    const calls = doc.paths['/v2/calls']!['get']!.parameters!;
    expect(
      calls
        .filter((p) => p.required)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['fromDateTime', 'toDateTime']);
  });

  // ---- responses --------------------------------------------------------------------------

  /** A value for a schema: the document's example where it has one, else one of the declared type. */
  const sample = (schema: Schema | undefined, depth = 0): unknown => {
    const s = resolveRef(schema);
    if (!s || depth > 8) return null;
    if (s.example !== undefined) return s.example;
    if (s['enum']) return (s['enum'] as unknown[])[0];
    switch (s['type']) {
      case 'object':
        if (!s.properties && s['additionalProperties']) return { metric: sample(s['additionalProperties'] as Schema, depth + 1) };
        return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
      case 'array':
        return [sample(s.items, depth + 1)];
      case 'integer':
        return 42;
      case 'number':
        return 0.5;
      case 'boolean':
        return true;
      default:
        return s['format'] === 'date-time' ? '2024-05-01T10:00:00Z' : s['format'] === 'url' ? 'https://example.gong.io/media' : 'text';
    }
  };

  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>();
  const problems = (definition: string, record: unknown): string[] => {
    if (!validators.has(definition)) validators.set(definition, ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` }));
    const validate = validators.get(definition)!;
    return validate(record) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  /**
   * Where the document's examples and types disagree with the contract's record types:
   *  - date-time examples given as epoch seconds although the schema says date-time strings
   *    (CallBasicData scheduled/started, LibraryFolder updated, LibraryCall created, Scorecard
   *    created/updated); real payloads send ISO 8601 strings;
   *  - call ids given as JSON numbers in the examples of arrays the document types as strings
   *    (the day-by-day activity). An integer beyond 2^53 is read as its exact digits, a string
   *    (runtime core/vendor-json.ts), so only the examples in the safe range disagree: the
   *    document's own numbers show why ids are strings (348056639626337000 has already lost its
   *    last digits to double precision). Scorecard's int64 ids (and its questions') are declared
   *    `integersAsStrings` in the spec and validate.
   */
  // The day-by-day arrays whose example is a safe integer (14 digits or fewer); callsAsHost,
  // callsGaveFeedback, ownCallsListenedTo, othersCallsListenedTo and callsSharedInternally have
  // examples beyond 2^53, read as strings.
  const dayByDay = [
    'callsAttended',
    'callsCommentsGiven',
    'callsCommentsReceived',
    'callsMarkedAsFeedbackGiven',
    'callsMarkedAsFeedbackReceived',
    'callsReceivedFeedback',
    'callsRequestedFeedback',
    'callsScorecardsFilled',
    'callsScorecardsReceived',
    'callsSharedExternally',
  ].map((name) => `/userDailyActivityStats/0/${name}/0 must be string`);
  const nullable = (field: string, type = 'string') => [
    `/${field} must be null`,
    `/${field} must be ${type}`,
    `/${field} must match a schema in anyOf`,
  ];
  const KNOWN: Record<string, string[]> = {
    'calls.list': ['/scheduled must be string', '/started must be string'],
    'calls.get': ['/scheduled must be string', '/started must be string'],
    'calls_extensive.list': ['/metaData/scheduled must be string', '/metaData/started must be string', '/startdatetime must be string'],
    'library_folders.list': ['/updated must be string'],
    'library_folder_content.list': nullable('created'),
    'settings_scorecards.list': ['/created must be string', '/updated must be string'],
    'stats_activity_day_by_day.list': dayByDay,
  };

  let server: FakeServer;
  let serving: unknown;
  let connector: ConversationIntelligenceConnector;
  beforeAll(async () => {
    server = await startServer(() => ({ body: serving }));
    connector = makeConnector(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const READS = CALLABLE.filter((a) => a.kind === 'list' || a.kind === 'get');

  it.each(READS.map((a) => [`${a.entity}.${a.action}`, a] as const))(
    '%s: the documented 200 body parses into records that validate',
    async (key, action) => {
      const path = `/v2${action.request!.path.replace('{id}', '1234')}`;
      const [, op] = operationOf(action.request!.method, path)!;
      serving = sample(op.responses['200']!.content!['application/json']!.schema);
      server.reset();
      const { data } = await connector.execute(action.entity as never, action.action as never, maximalParams(fake, action) as never);
      const records = (Array.isArray(data) ? data : [data]) as unknown[];
      expect(records.length).toBeGreaterThan(0);
      const found = [...new Set(records.flatMap((record) => problems(action.recordType!, record)))].sort();
      expect(found).toEqual([...(KNOWN[key] ?? [])].sort());
    },
  );

  it('with the disagreements corrected to the documented types, every known one validates', () => {
    const call = resolveRef(doc.components.schemas['CallBasicData']) as Schema;
    const fixed = Object.fromEntries(Object.entries(call.properties!).map(([k, v]) => [k, sample(v)]));
    fixed['scheduled'] = new Date((fixed['scheduled'] as number) * 1000).toISOString();
    fixed['started'] = new Date((fixed['started'] as number) * 1000).toISOString();
    expect(problems('Call', fixed)).toEqual([]);
  });
});
