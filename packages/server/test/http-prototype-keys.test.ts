/**
 * Vendor records whose JSON holds `__proto__`, `constructor` and `prototype` keys (top level,
 * under `profile`, in a map of custom fields, inside an array of objects), synced from the Slack
 * fake by the real service, then filtered, sorted, projected and fetched over HTTP and through the
 * hosted SDK: every answer holds those keys exactly as the vendor sent them, nothing reaches
 * Object.prototype (once it did: `fields: ["profile.__proto__.x"]` wrote `x` into it, and every
 * other application's requests failed with 422 "querystring.x is not a known field" until a
 * restart), and another tenant's ordinary requests keep working. On PGlite and on PostgreSQL.
 *
 * @module-tag connector/messaging
 */
import { ConnectorClient, ValidationError, type HostedOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake, type SlackUser } from '../../../test/fakes/slack.js';
import { openPostgresEngine } from '../src/index.js';
import { startHarness, type Harness, type Reply } from './http-harness.js';
import { createThrowawayDatabase, engineCases, type ThrowawayDatabase } from './support/engines.js';
import { prototypeSnapshot } from '../../../test/support/prototype-snapshot.js';
import { examplePackage } from './support/example-package.js';

const { metadata: messaging } = await examplePackage('messaging');
/** The hosted SDK client of the messaging connector, as `MessagingConnector.hosted(options)` builds it. */
const hostedMessaging = (options: HostedOptions) => new ConnectorClient(messaging, { executor: new HostedExecutor(messaging, options) });

const TOKEN = 'xoxb-test-token';
const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };
const before = prototypeSnapshot();

/** A user as Slack would send it, with the keys added as JSON text (own keys, as JSON.parse makes them). */
function withPrototypeKeys(user: SlackUser): SlackUser {
  const top = JSON.parse(
    '{"__proto__": {"polluted": "top"}, "constructor": {"prototype": {"polluted": "ctor"}}, "prototype": "top-level prototype"}',
  ) as object;
  const profile = JSON.parse(
    '{"__proto__": {"x": "yes"}, "constructor": "Bob the Builder", "prototype": {"__proto__": {"polluted": "deep"}}}',
  ) as object;
  const fields = JSON.parse(
    '{"__proto__": {"value": "proto field", "alt": ""}, "constructor": {"value": "ctor field", "alt": ""}, "Xf01ABCDEF": {"value": "ordinary", "alt": ""}}',
  ) as SlackUser['profile']['fields'];
  const display = JSON.parse(
    '[{"emoji_name": "palm_tree", "__proto__": {"x": "in array"}, "constructor": {"prototype": "in array"}}]',
  ) as unknown[];
  return { ...user, ...top, profile: { ...user.profile, ...profile, fields, status_emoji_display_info: display } };
}

/** JSON text with keys sorted at every level (PostgreSQL reorders jsonb keys); own keys only, `__proto__` included. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What the vendor sent for `user`, as JSON text. */
const vendorJson = (user: SlackUser): unknown => JSON.parse(JSON.stringify(user));

async function waitForReady(h: Harness, token: string, id: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reply = await h.request('GET', `/api/v1/connectors/sources/${id}`, { token });
    if (reply.body?.sync_status === 'ready') return;
    if (reply.body?.sync_status === 'failed') throw new Error(`sync failed: ${reply.text}`);
    if (Date.now() > deadline) throw new Error(`sync not ready after 60 s: ${reply.text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(engineCases)('records holding prototype-named keys on $name', ({ name, skip }) => {
  let slack: SlackFake;
  let h: Harness;
  let database: ThrowawayDatabase | undefined;
  let app: { clientId: string; clientSecret: string; token: string };
  let aliceToken: string;
  let aliceConnector: string;
  let bobToken: string;
  let bobConnector: string;
  let poisoned: SlackUser;
  let other: SlackUser;

  const execute = (token: string, connector: string, body: unknown): Promise<Reply> =>
    h.request('POST', `/api/v1/connectors/sources/${connector}/execute`, { token, json: body });
  const search = (params: Record<string, unknown>): Promise<Reply> =>
    execute(aliceToken, aliceConnector, { entity: 'users', action: 'search', params });

  beforeAll(async () => {
    if (skip) return;
    slack = await startSlackFake({ users: 8, channels: 2, messagesPerChannel: 1 });
    poisoned = slack.data.users[4] = withPrototypeKeys(slack.data.users[4]!);
    // A second record with a `__proto__` key whose values differ, so filters must tell them apart.
    other = slack.data.users[5] = {
      ...slack.data.users[5]!,
      profile: { ...slack.data.users[5]!.profile, ...(JSON.parse('{"__proto__": {"x": "no"}}') as object) },
    };
    if (name === 'postgres') database = await createThrowawayDatabase('proto_keys');
    const store = database
      ? { open: async () => openPostgresEngine({ connectionString: database!.url, maxConnections: 4 }), databaseUrl: database.url }
      : undefined;
    h = await startHarness({ vendorBaseUrls: { messaging: `${slack.url}/api` }, startSync: true, ...(store ? { store } : {}) });
    app = await h.application('acme');
    const otherApp = await h.application('globex');
    aliceToken = await h.scopedToken(app.token, 'alice');
    bobToken = await h.scopedToken(otherApp.token, 'bob');
    const create = async (token: string, externalUserId: string): Promise<string> => {
      const reply = await h.request('POST', '/v1/integrations/connectors', {
        token,
        json: {
          external_user_id: externalUserId,
          connector_type: 'messaging',
          credentials: { api_token: TOKEN },
          replication_config: replication,
        },
      });
      if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
      return reply.body.id as string;
    };
    aliceConnector = await create(app.token, 'alice');
    bobConnector = await create(otherApp.token, 'bob');
    await waitForReady(h, app.token, aliceConnector);
    await waitForReady(h, otherApp.token, bobConnector);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
    await slack?.close();
    await database?.drop();
  });

  it.skipIf(skip)('projects `profile.__proto__.x` as the record own key, and writes nothing into Object.prototype', async () => {
    const reply = await search({ query: { filter: { eq: { 'profile.__proto__.x': 'yes' } } }, fields: ['id', 'profile.__proto__.x'] });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.hits.map((hit: { id: string }) => hit.id)).toEqual([poisoned.id]);
    expect(canonical(reply.body.hits[0].data)).toBe(
      canonical(JSON.parse(`{"id": "${poisoned.id}", "profile": {"__proto__": {"x": "yes"}}}`)),
    );
    expect(reply.text).toContain('"__proto__":{"x":"yes"}');
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)('filters on paths through those keys at several depths, inside arrays too', async () => {
    const ids = async (filter: unknown): Promise<string[]> => {
      const reply = await search({ query: { filter, sort: [{ id: 'asc' }] }, fields: ['id'] });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.hits.map((hit: { id: string }) => hit.id);
    };
    expect(await ids({ eq: { 'profile.__proto__.x': 'no' } })).toEqual([other.id]);
    expect(await ids({ in: { 'profile.__proto__.x': ['yes', 'no'] } })).toEqual([poisoned.id, other.id].sort());
    expect(await ids({ eq: { 'profile.constructor': 'Bob the Builder' } })).toEqual([poisoned.id]);
    expect(await ids({ like: { 'profile.constructor': 'bob%' } })).toEqual([poisoned.id]);
    expect(await ids({ eq: { 'profile.prototype.__proto__.polluted': 'deep' } })).toEqual([poisoned.id]);
    expect(await ids({ eq: { 'profile.fields.__proto__.value': 'proto field' } })).toEqual([poisoned.id]);
    expect(await ids({ eq: { 'profile.fields.constructor.value': 'ctor field', 'profile.fields.Xf01ABCDEF.value': 'ordinary' } })).toEqual([
      poisoned.id,
    ]);
    expect(
      await ids({ any: { 'profile.status_emoji_display_info': { eq: { '__proto__.x': 'in array', emoji_name: 'palm_tree' } } } }),
    ).toEqual([poisoned.id]);
    expect(await ids({ any: { 'profile.status_emoji_display_info': { eq: { 'constructor.prototype': 'in array' } } } })).toEqual([
      poisoned.id,
    ]);
    // A missing key is missing, not Object.prototype's member: `constructor` of an ordinary profile is absent.
    const everyone = await ids({ like: { name: '%' } });
    expect(await ids({ not: { eq: { 'profile.constructor': null } } })).toEqual([poisoned.id]);
    expect(await ids({ eq: { 'profile.constructor': null } })).toEqual(everyone.filter((id) => id !== poisoned.id));
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)('hits hold the keys exactly: whole searchable fields, and projected paths through them', async () => {
    const whole = await search({ query: { filter: { eq: { id: poisoned.id } } } });
    expect(whole.status, whole.text).toBe(200);
    const vendor = vendorJson(poisoned) as Record<string, unknown>;
    expect(canonical(whole.body.hits[0].data.profile)).toBe(canonical(vendor['profile']));

    const projected = await search({
      query: { filter: { eq: { id: poisoned.id } } },
      fields: ['id', 'profile.constructor', 'profile.prototype.__proto__.polluted', 'profile.fields', 'profile.status_emoji_display_info'],
    });
    expect(projected.status, projected.text).toBe(200);
    const profile = vendor['profile'] as Record<string, unknown>;
    const expected = JSON.parse(
      `{"id": ${JSON.stringify(poisoned.id)}, "profile": {"constructor": "Bob the Builder", "prototype": {"__proto__": {"polluted": "deep"}}, ` +
        `"fields": ${JSON.stringify(profile['fields'])}, "status_emoji_display_info": ${JSON.stringify(profile['status_emoji_display_info'])}}}`,
    ) as unknown;
    expect(canonical(projected.body.hits[0].data)).toBe(canonical(expected));
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)('sorts and pages across records holding them; a path through them is not a sort key (422 naming it)', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const reply = await search({
        query: { filter: { like: { name: '%' } }, sort: [{ real_name: 'desc' }] },
        limit: 3,
        fields: ['id', 'profile.__proto__'],
        ...(cursor ? { cursor } : {}),
      });
      expect(reply.status, reply.text).toBe(200);
      seen.push(...reply.body.hits.map((hit: { id: string }) => hit.id));
      cursor = reply.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    expect([...seen].sort()).toEqual(slack.data.users.map((u) => u.id).sort());

    const refused = await search({ query: { sort: [{ 'profile.__proto__.x': 'asc' }] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'query.sort[0].profile.__proto__.x', rule: 'sort-field' })]);
    // A top-level key that is not a declared field is refused like any unknown field.
    const unknown = await search({ query: { filter: { eq: { 'constructor.prototype.polluted': 'ctor' } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ path: 'query.filter.eq.constructor.prototype.polluted', rule: 'searchable-field' }),
    ]);
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)('execute get and list return the vendor record exactly, over HTTP and through the hosted SDK', async () => {
    const got = await execute(aliceToken, aliceConnector, { entity: 'users', action: 'get', params: { user: poisoned.id } });
    expect(got.status, got.text).toBe(200);
    expect(canonical(got.body.data)).toBe(canonical(vendorJson(poisoned)));
    const listed = await execute(aliceToken, aliceConnector, { entity: 'users', action: 'list', params: { limit: 100 } });
    expect(listed.status, listed.text).toBe(200);
    const fromList = listed.body.data.find((user: { id: string }) => user.id === poisoned.id);
    expect(canonical(fromList)).toBe(canonical(vendorJson(poisoned)));

    const sdk = hostedMessaging({
      baseUrl: h.url,
      externalUserId: 'alice',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      connectorId: aliceConnector,
    });
    const page = (await sdk.execute('users', 'get', { user: poisoned.id })) as { data: unknown };
    expect(canonical(page.data)).toBe(canonical(vendorJson(poisoned)));
    // The generated search types name declared fields only; a path below `profile` is the service's to check.
    const nested = { eq: { 'profile.__proto__.x': 'yes' } } as never;
    const hits = (await sdk.execute('users', 'search', { query: { filter: nested }, fields: ['profile'] })) as {
      data: { data: Record<string, unknown> }[];
    };
    expect(hits.data.map((hit) => canonical(hit.data))).toEqual([canonical({ profile: (vendorJson(poisoned) as SlackUser).profile })]);
    expect(Object.hasOwn((hits.data[0]!.data as { profile: object }).profile, '__proto__')).toBe(true);
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)('request bodies holding them are data: an unknown parameter answers 422 naming it, as in open-source mode', async () => {
    const raw = (text: string): Promise<Reply> =>
      h.request('POST', `/api/v1/connectors/sources/${aliceConnector}/execute`, {
        token: aliceToken,
        raw: text,
        headers: { 'content-type': 'application/json' },
      });
    const param = await raw(
      `{"entity": "users", "action": "get", "params": {"user": ${JSON.stringify(poisoned.id)}, "__proto__": {"x": "yes"}}}`,
    );
    expect(param.status, param.text).toBe(422);
    expect(param.body).toMatchObject({ code: 'validation_failed', errors: [{ path: '__proto__', rule: 'unknown' }] });
    const member = await raw('{"entity": "users", "action": "list", "constructor": {"prototype": {"x": "yes"}}}');
    expect(member.status, member.text).toBe(422);
    expect(member.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'constructor', rule: 'unknown-field' }] });
    const operator = await raw('{"entity": "users", "action": "search", "params": {"query": {"filter": {"__proto__": {"x": "yes"}}}}}');
    expect(operator.status, operator.text).toBe(422);
    expect(operator.body).toMatchObject({ errors: [{ path: 'query.filter.__proto__', rule: 'operator' }] });

    const sdk = hostedMessaging({
      baseUrl: h.url,
      externalUserId: 'alice',
      clientId: app.clientId,
      clientSecret: app.clientSecret,
    });
    const params = JSON.parse(`{"user": ${JSON.stringify(poisoned.id)}, "__proto__": {"x": "yes"}}`) as { user: string };
    const refused = await sdk.execute('users', 'get', params).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues).toEqual([expect.objectContaining({ path: '__proto__', rule: 'unknown' })]);
    expect(prototypeSnapshot()).toEqual(before);
  });

  it.skipIf(skip)("afterwards the process is unchanged and another tenant's ordinary requests succeed", async () => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const list = await h.request('GET', '/api/v1/connectors/sources?external_user_id=bob', { token: bobToken });
    expect(list.status, list.text).toBe(200);
    const found = await execute(bobToken, bobConnector, {
      entity: 'users',
      action: 'search',
      params: { query: { filter: { eq: { is_bot: false } }, sort: [{ name: 'asc' }] }, limit: 100 },
    });
    expect(found.status, found.text).toBe(200);
    expect(found.body.hits.length).toBeGreaterThan(0);
    const listed = await execute(bobToken, bobConnector, { entity: 'channels', action: 'list', params: { limit: 10 } });
    expect(listed.status, listed.text).toBe(200);
  });
});
