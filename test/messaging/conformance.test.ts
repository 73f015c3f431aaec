/**
 * Conformance of the messaging connector with Slack's own material under ../shared/vendor-specs
 * (or SWITCHYARD_VENDOR_SPECS); each block is skipped with a message when the files are absent.
 *
 * 1. slack_web_openapi_v2.json: every request the connector sends (every action run once against
 *    the fake) names a Slack method with the same HTTP method, sends only declared parameters of
 *    the declared types, and sends every required one (the `token` parameter aside: we use the
 *    Authorization header). The spec models POST methods as form fields; we send the same names as
 *    a JSON body, which those methods also consume.
 * 2. response-samples: each sample, served with `ok: true`, parses into records that validate
 *    against the package's `recordSchemas`, keep the keys our schema does not know, and still
 *    validate with every nullable field set to null.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { metadata, recordSchemas, type ExecuteResult, type MessagingConnector } from '@switchyard/connector-messaging';
import { startServer, type FakeServer, type RecordedRequest } from '../fakes/harness.js';
import { describeWithVendorSpec } from '../support/vendor-specs.js';
import { TOKEN, makeConnector, memberChannel, plainMessage, threadOf, useSlackFake } from './helpers.js';

type LooseExecute = { execute(entity: string, action: string, params?: unknown): Promise<ExecuteResult<any, any>> };

interface SpecParameter {
  name: string;
  in: 'query' | 'formData' | 'header' | 'body' | 'path';
  required?: boolean;
  type?: string;
  enum?: unknown[];
}
interface SpecOperation {
  consumes?: string[];
  parameters?: SpecParameter[];
}
interface OpenApi {
  basePath: string;
  paths: Record<string, Record<string, SpecOperation>>;
}

/** Non-search actions, in an order that lets later calls use what earlier ones created. */
const ACTIONS = [
  'users.list',
  'users.get',
  'channels.list',
  'channels.get',
  'channels.create',
  'channels.update',
  'channel_messages.list',
  'threads.list',
  'messages.create',
  'messages.update',
  'channel_topics.create',
  'channel_purposes.create',
  'reactions.create',
] as const;

/** Checks a wire value against a Swagger 2 parameter type; returns a problem or undefined. */
function typeProblem(param: SpecParameter, value: unknown, fromQuery: boolean): string | undefined {
  const type = param.type ?? 'string';
  let ok: boolean;
  if (fromQuery) {
    const text = String(value);
    ok =
      type === 'integer'
        ? /^-?\d+$/.test(text)
        : type === 'number'
          ? text.trim() !== '' && Number.isFinite(Number(text))
          : type === 'boolean'
            ? text === 'true' || text === 'false'
            : typeof value === 'string';
  } else {
    ok =
      type === 'integer'
        ? Number.isInteger(value)
        : type === 'number'
          ? typeof value === 'number'
          : type === 'boolean'
            ? typeof value === 'boolean'
            : typeof value === 'string';
  }
  if (!ok) return `${param.name}: ${JSON.stringify(value)} is not of type ${type}`;
  if (param.enum && !param.enum.includes(value)) return `${param.name}: ${JSON.stringify(value)} is not one of ${param.enum.join(', ')}`;
  return undefined;
}

/** Every problem of one recorded request against the spec (empty when it conforms). */
function conformance(spec: OpenApi, request: RecordedRequest): string[] {
  const problems: string[] = [];
  if (!request.path.startsWith(`${spec.basePath}/`)) return [`${request.path} is outside the base path ${spec.basePath}`];
  const path = request.path.slice(spec.basePath.length);
  const operation = spec.paths[path]?.[request.method.toLowerCase()];
  if (!operation) return [`${request.method} ${path} is not in the spec`];
  const params = (operation.parameters ?? []).filter((p) => p.name !== 'token');
  const isGet = request.method === 'GET';
  const sent: Record<string, unknown> = isGet ? request.query : ((request.body ?? {}) as Record<string, unknown>);
  if (isGet && request.body !== undefined) problems.push('a GET carries a body');
  if (!isGet && Object.keys(request.query).length > 0) problems.push(`a POST carries a query string: ${Object.keys(request.query).join()}`);
  if (!isGet) {
    const type = request.headers['content-type']?.split(';')[0];
    if (!type || !operation.consumes?.includes(type)) problems.push(`content type ${type} is not consumed (${operation.consumes?.join()})`);
  }
  for (const [name, value] of Object.entries(sent)) {
    const param = params.find((p) => p.name === name);
    if (!param) {
      problems.push(`${name} is not a declared parameter of ${path} (declared: ${params.map((p) => p.name).join(', ')})`);
      continue;
    }
    const where = isGet ? 'query' : 'formData';
    if (param.in !== where) problems.push(`${name} is declared in ${param.in}, sent as ${isGet ? 'query' : 'body'}`);
    const problem = typeProblem(param, value, isGet);
    if (problem) problems.push(problem);
  }
  for (const param of params) if (param.required && !(param.name in sent)) problems.push(`required ${param.name} is not sent`);
  return problems;
}

describeWithVendorSpec('Slack OpenAPI conformance', ['slack', 'slack_web_openapi_v2.json'], (specPath) => {
  // Read in beforeAll, not at collection: a skipped block (no specs) still runs this callback.
  let spec: OpenApi;
  const ctx = useSlackFake();
  const recorded = new Map<string, RecordedRequest[]>();

  beforeAll(async () => {
    spec = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApi;
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const channel = memberChannel(fake);
    const { parent } = threadOf(fake, channel);
    const run = async (name: (typeof ACTIONS)[number], call: () => PromiseLike<unknown>) => {
      const before = fake.requests.length;
      await call();
      recorded.set(name, fake.requests.slice(before));
    };
    await run('users.list', async () => {
      const first = await c.users.list({ limit: 10 });
      await first.getNextPage();
    });
    await run('users.get', () => c.users.get({ user: fake.data.users[3]!.id }));
    await run('channels.list', () => c.channels.list({ limit: 4, types: 'public_channel,private_channel,im', exclude_archived: true }));
    await run('channels.get', () => c.channels.get({ channel: channel.id }));
    let createdId = '';
    await run('channels.create', async () => {
      createdId = (await c.channels.create({ name: 'conformance', is_private: false })).data.id;
    });
    await run('channels.update', () => c.channels.update({ channel: createdId, name: 'conformance-renamed' }));
    await run('channel_messages.list', () =>
      c.channel_messages.list({ channel: channel.id, limit: 3, oldest: '1000000000.000000', latest: '1999999999.999999', inclusive: true }),
    );
    await run('threads.list', () => c.threads.list({ channel: channel.id, ts: parent.ts, limit: 2, oldest: '0', inclusive: false }));
    let postedTs = '';
    await run('messages.create', async () => {
      const posted = await c.messages.create({
        channel: channel.id,
        text: 'conformance reply',
        thread_ts: parent.ts,
        reply_broadcast: false,
        unfurl_links: true,
        unfurl_media: false,
      });
      postedTs = posted.data.ts;
    });
    await run('messages.update', () => c.messages.update({ channel: channel.id, ts: postedTs, text: 'conformance reply, edited' }));
    await run('channel_topics.create', () => c.channel_topics.create({ channel: channel.id, topic: 'conformance topic' }));
    await run('channel_purposes.create', () => c.channel_purposes.create({ channel: channel.id, purpose: 'conformance purpose' }));
    await run('reactions.create', () =>
      c.reactions.create({ channel: channel.id, timestamp: plainMessage(fake, channel).ts, name: 'eyes' }),
    );
  });

  it('the checker flags what it should', () => {
    const base = { headers: {}, rawBody: '' } as const;
    const get = (path: string, query: Record<string, string>) =>
      conformance(spec, { ...base, method: 'GET', path, query, body: undefined });
    const post = (path: string, body: Record<string, unknown>, type = 'application/json; charset=utf-8') =>
      conformance(spec, { ...base, headers: { 'content-type': type }, method: 'POST', path, query: {}, body });
    expect(get('/api/users.list', { limit: '10' })).toEqual([]);
    expect(get('/api/users.list', { count: '10' }).join()).toContain('count is not a declared parameter');
    expect(get('/api/users.list', { limit: 'ten' }).join()).toContain('is not of type integer');
    expect(get('/api/users.lists', {}).join()).toContain('is not in the spec');
    expect(get('/users.list', {}).join()).toContain('outside the base path');
    expect(post('/api/users.list', {}).join()).toContain('is not in the spec');
    expect(post('/api/chat.postMessage', { text: 'x' }).join()).toContain('required channel is not sent');
    expect(post('/api/chat.postMessage', { channel: 'C1', text: 'x', unfurl_links: 'yes' }).join()).toContain('not of type boolean');
    expect(post('/api/reactions.add', { channel: 'C1', timestamp: '1.2', name: 'x' }, 'text/plain').join()).toContain('content type');
  });

  it('every action ran and was recorded', () => {
    expect([...recorded.keys()]).toEqual([...ACTIONS]);
    expect(recorded.get('users.list')).toHaveLength(2);
    for (const name of ACTIONS.filter((n) => n !== 'users.list')) expect(recorded.get(name), name).toHaveLength(1);
  });

  it.each(ACTIONS)('%s: the requests conform to the Slack method', (name) => {
    const requests = recorded.get(name)!;
    for (const request of requests) {
      expect(conformance(spec, request), `${request.method} ${request.path}`).toEqual([]);
      expect(request.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      expect('token' in request.query).toBe(false);
    }
    const [entity, action] = name.split('.') as [string, string];
    const declared = metadata.actions[entity]![action]!;
    expect(requests[0]!.method).toBe(declared.request!.method);
    expect(requests[0]!.path).toBe(`/api${declared.request!.path}`);
  });

  it('every parameter the connector declares is a parameter of its Slack method, in the right place', () => {
    const problems: string[] = [];
    for (const actions of Object.values(metadata.actions)) {
      for (const action of Object.values(actions)) {
        if (action.hostedOnly) continue;
        const operation = spec.paths[action.request!.path]?.[action.request!.method.toLowerCase()];
        if (!operation) {
          problems.push(`${action.entity}.${action.action}: ${action.request!.method} ${action.request!.path} not in the spec`);
          continue;
        }
        const params = (operation.parameters ?? []).filter((p) => p.name !== 'token');
        for (const [name, rule] of Object.entries(action.params)) {
          const param = params.find((p) => p.name === name);
          const expectedIn = action.request!.method === 'GET' ? 'query' : 'formData';
          if (!param) problems.push(`${action.entity}.${action.action}: ${name} not declared`);
          else if (param.in !== expectedIn || rule.in !== (expectedIn === 'query' ? 'query' : 'body'))
            problems.push(`${action.entity}.${action.action}: ${name} is ${rule.in} here, ${param.in} in the spec`);
        }
        for (const param of params) {
          if (param.required && !action.params[param.name]?.required)
            problems.push(`${action.entity}.${action.action}: ${param.name} is required by Slack but optional here`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

interface Sample {
  file: string;
  entity: string;
  action: string;
  params: Record<string, unknown>;
  /** Where the records sit in the sample. */
  key: string;
  definition: keyof (typeof recordSchemas)['definitions'];
  list: boolean;
  meta: Record<string, unknown>;
}

const SAMPLES: Sample[] = [
  {
    file: 'users.list.json',
    entity: 'users',
    action: 'list',
    params: {},
    key: 'members',
    definition: 'User',
    list: true,
    meta: { next_cursor: null },
  },
  {
    file: 'users.info.json',
    entity: 'users',
    action: 'get',
    params: { user: 'U00000000' },
    key: 'user',
    definition: 'User',
    list: false,
    meta: {},
  },
  {
    file: 'conversations.list.json',
    entity: 'channels',
    action: 'list',
    params: {},
    key: 'channels',
    definition: 'Channel',
    list: true,
    meta: { next_cursor: null },
  },
  {
    file: 'conversations.info.json',
    entity: 'channels',
    action: 'get',
    params: { channel: 'C00000000' },
    key: 'channel',
    definition: 'Channel',
    list: false,
    meta: {},
  },
  {
    file: 'conversations.history.json',
    entity: 'channel_messages',
    action: 'list',
    params: { channel: 'C00000000' },
    key: 'messages',
    definition: 'Message',
    list: true,
    meta: { next_cursor: null, has_more: false },
  },
  {
    file: 'conversations.replies.json',
    entity: 'threads',
    action: 'list',
    params: { channel: 'C00000000', ts: '0000000000.000000' },
    key: 'messages',
    definition: 'ThreadMessage',
    list: true,
    meta: { next_cursor: null, has_more: false },
  },
  {
    file: 'chat.postMessage.json',
    entity: 'messages',
    action: 'create',
    params: { channel: 'C00000000', text: 'hello' },
    key: 'message',
    definition: 'PostedMessage',
    list: false,
    meta: {},
  },
];

type Json = Record<string, unknown>;
type PropertySchema = { anyOf?: { type?: string }[] };

describeWithVendorSpec('Slack response samples parse into records that match recordSchemas', ['slack', 'response-samples'], (dir) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  let server: FakeServer;
  let serving: unknown;
  let connector: MessagingConnector;

  beforeAll(async () => {
    server = await startServer(() => ({ body: serving }));
    connector = makeConnector(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cache = new Map<string, Json>();
  const load = (file: string): Json => {
    if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json);
    return structuredClone(cache.get(file)!);
  };
  const served = (sample: Json): Json => {
    const body = structuredClone(sample);
    body['ok'] = true;
    const metaObject = body['response_metadata'];
    if (metaObject && typeof metaObject === 'object') (metaObject as Json)['next_cursor'] = '';
    return body;
  };
  const fetchRecords = async (s: Sample, body: Json): Promise<{ records: Json[]; meta: unknown }> => {
    serving = body;
    server.reset();
    const result = await (connector as unknown as LooseExecute).execute(s.entity, s.action, s.params);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.path).toBe(`/api${metadata.actions[s.entity]![s.action]!.request!.path}`);
    return { records: s.list ? result.data : [result.data], meta: result.meta };
  };
  const validator = (definition: string) => ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` });
  const properties = (definition: Sample['definition']) =>
    recordSchemas.definitions[definition].properties as unknown as Record<string, PropertySchema>;

  it.each(SAMPLES)('$file ($entity $action) validates as $definition and keeps unknown keys', async (s) => {
    const raw = load(s.file);
    expect(raw['ok']).toBe(false); // the samples are anonymised and say ok:false
    const expected = (s.list ? raw[s.key] : [raw[s.key]]) as Json[];
    expect(expected.length).toBeGreaterThan(0);

    const { records, meta } = await fetchRecords(s, served(raw));
    expect(meta).toEqual(s.meta);
    expect(records).toEqual(expected);

    const validate = validator(s.definition);
    for (const record of records) expect(validate(record) ? [] : validate.errors, ajv.errorsText(validate.errors)).toEqual([]);

    const known = Object.keys(properties(s.definition));
    const unknown = Object.keys(expected[0]!).filter((k) => !known.includes(k));
    expect(unknown.length).toBeGreaterThan(0);
    for (const key of unknown) expect(records[0]![key], key).toEqual(expected[0]![key]);
  });

  it.each(SAMPLES)('$file with every nullable $definition field set to null still validates', async (s) => {
    const raw = load(s.file);
    const nullable = Object.entries(properties(s.definition))
      .filter(([, schema]) => schema.anyOf?.some((member) => member.type === 'null'))
      .map(([name]) => name);
    expect(nullable.length).toBeGreaterThan(3);

    const body = served(raw);
    const original = (s.list ? (body[s.key] as Json[])[0] : body[s.key]) as Json;
    const mutated: Json = { ...original };
    for (const name of nullable) mutated[name] = null;
    if (s.list) (body[s.key] as Json[])[0] = mutated;
    else body[s.key] = mutated;

    const { records } = await fetchRecords(s, body);
    const record = records[0]!;
    for (const name of nullable) expect(record[name], name).toBeNull();
    const validate = validator(s.definition);
    expect(validate(record) ? [] : validate.errors, ajv.errorsText(validate.errors)).toEqual([]);
  });

  // Fields typed `any` (Message.edited/bot_profile, Channel.topic/purpose, User.profile) may be absent.
  it('a message without `edited`/`bot_profile` and an IM without topic validate', () => {
    const message = validator('Message');
    expect(message({ type: 'message', ts: '1712345678.000200', text: 'hi', user: 'U1' })).toBe(true);
    const channel = validator('Channel');
    expect(channel({ id: 'D0123', is_im: true, user: 'U1', created: 1 })).toBe(true);
  });
});

describe('records the fake serves against recordSchemas', () => {
  const ctx = useSlackFake();
  const ajv = new Ajv({ strict: false });
  const validate = (definition: string, records: unknown[]) => {
    const fn = ajv.compile({ ...recordSchemas, $ref: `#/definitions/${definition}` });
    return records.filter((r) => !fn(r)).length;
  };

  it('users and public/private channels validate', async () => {
    const c = makeConnector(ctx.fake);
    const users = (await c.users.list()).data;
    expect(users).toHaveLength(25);
    expect(validate('User', users)).toBe(0);
    const channels = (await c.channels.list({ types: 'public_channel,private_channel' })).data;
    expect(channels.length).toBeGreaterThan(5);
    expect(validate('Channel', channels)).toBe(0);
  });
});

describeWithVendorSpec(
  "Slack's documented chat.update answer gives the posted message its ts",
  ['slack', 'slack_web_openapi_v2.json'],
  (specPath) => {
    let server: FakeServer;
    let example: Json;
    beforeAll(async () => {
      const spec = JSON.parse(readFileSync(specPath, 'utf8')) as {
        paths: Record<string, Record<string, { responses: Record<string, { examples: Record<string, Json> }> }>>;
      };
      example = spec.paths['/chat.update']!['post']!.responses['200']!.examples['application/json']!;
      server = await startServer(() => ({ body: example }));
    });
    afterAll(async () => {
      await server?.close();
    });

    it('the example carries ts at the top level only, as real answers do', () => {
      expect(typeof example['ts']).toBe('string');
      expect(example['message']).not.toHaveProperty('ts');
    });

    it('messages.update returns the message with the top-level ts (the contract: always present)', async () => {
      const { data } = await makeConnector(server).messages.update({ channel: 'C024BE91L', ts: '1401383885.000061', text: 'Updated' });
      expect(data.ts).toBe(example['ts']);
      expect(data.text).toBe((example['message'] as Json)['text']);
      expect(data.user).toBe((example['message'] as Json)['user']);
      const validate = new Ajv({ strict: false }).compile({ ...recordSchemas, $ref: '#/definitions/PostedMessage' });
      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    });

    it('a ts inside the message wins over the top-level one (fill never overrides)', async () => {
      const inner = { ...example, message: { ...(example['message'] as Json), ts: '1401383885.000099' } };
      const own = await startServer(() => ({ body: inner }));
      try {
        const { data } = await makeConnector(own).messages.update({ channel: 'C024BE91L', ts: '1401383885.000061', text: 'Updated' });
        expect(data.ts).toBe('1401383885.000099');
      } finally {
        await own.close();
      }
    });
  },
);
