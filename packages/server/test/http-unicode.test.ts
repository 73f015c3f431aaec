/**
 * Text PostgreSQL cannot store (U+0000, lone surrogates), end to end through the real service on
 * PGlite and PostgreSQL:
 *
 * - identifiers: every entry (token issuance, bodies, query strings, path ids, token claims)
 *   refuses ill-formed ones with a 422 naming the field and the rule, and accepted ones are
 *   stored and compared exactly, so distinct ids never reach each other's connectors;
 * - vendor records: a Slack user holding such text in values and keys at several depths syncs,
 *   round-trips exactly and is found by every search operator; a record the store refuses (and
 *   one without an id) is counted and named in the status while the rest of the sync completes.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake, type SlackUser } from '../../../test/fakes/slack.js';
import { openPostgresEngine } from '../src/index.js';
import { TokenSigner } from '../src/tenancy/tokens.js';
import { ADMIN_TOKEN, expectProblemShape, startHarness, type Harness, type Reply } from './http-harness.js';
import { createThrowawayDatabase, postgresUrl, type ThrowawayDatabase } from './support/engines.js';
import { waitFor } from './support/sync-harness.js';
import { examplePackage } from './support/example-package.js';

const { searchableFields } = await examplePackage('messaging');
import { unicodeString } from './support/unicode-strings.js';

const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };
const createBody = (externalUserId: string, extra: Record<string, unknown> = {}) => ({
  external_user_id: externalUserId,
  connector_type: 'messaging',
  credentials: { api_token: 'xoxb-test-token' },
  replication_config: replication,
  ...extra,
});
// eslint-disable-next-line no-control-regex -- the identifier rule refuses control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function expect422(reply: Reply, path: string, rule: string): void {
  expect(reply.status, reply.text).toBe(422);
  expectProblemShape(reply);
  expect(reply.body.code).toBe('validation_failed');
  expect(reply.body.errors).toContainEqual(expect.objectContaining({ path, rule }));
}

interface Variant {
  readonly name: string;
  readonly skip: boolean;
}
const variants: Variant[] = [
  { name: 'pglite', skip: false },
  { name: 'postgres', skip: !postgresUrl },
];

describe.each(variants)('text PostgreSQL cannot store, over HTTP on $name', ({ name, skip }) => {
  const databases: ThrowawayDatabase[] = [];
  /** A service on its own store: PGlite in memory, or a throwaway PostgreSQL database (a service adopts every connector it finds). */
  async function service(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
    // The suites poll the sync status and run many searches: no request budget in the way.
    options = { adminToken: ADMIN_TOKEN, limits: { rateLimitMax: 100_000 }, ...options };
    if (name === 'pglite') return startHarness(options);
    const database = await createThrowawayDatabase('unicode');
    databases.push(database);
    return startHarness({
      ...options,
      store: { open: async () => openPostgresEngine({ connectionString: database.url, maxConnections: 4 }) },
    });
  }
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  describe('identifiers', () => {
    let h: Harness;
    let appToken: string;
    let aliceToken: string;
    let aliceConnector: string;

    beforeAll(async () => {
      if (skip) return;
      h = await service();
      appToken = (await h.application('unicode')).token;
      aliceToken = await h.scopedToken(appToken, 'alice');
      const created = await h.request('POST', '/v1/integrations/connectors', { token: appToken, json: createBody('alice') });
      aliceConnector = created.body.id;
    }, 60_000);
    afterAll(async () => {
      if (!skip) await h?.close();
    });

    it.skipIf(skip)('token issuance refuses lone surrogates and control characters with 422, and accepts U+FFFD', async () => {
      const issue = (id: string) => h.request('POST', '/api/v1/embedded/scoped-token', { token: appToken, json: { external_user_id: id } });
      expect422(await issue('eve\ud800'), 'external_user_id', 'well-formed-unicode');
      expect422(await issue('eve\udc00'), 'external_user_id', 'well-formed-unicode');
      expect422(await issue('eve\u0000'), 'external_user_id', 'no-control-characters');
      expect422(await issue('eve\u0085'), 'external_user_id', 'no-control-characters');
      expect((await issue('eve\ufffd')).status).toBe(200);
      // The library method applies the same rule.
      await expect(h.parts.tenancy.issueScopedToken({ kind: 'application', applicationId: 'app_x' }, 'eve\ud800')).rejects.toMatchObject({
        code: 'validation_failed',
      });
    });

    it.skipIf(skip)('every other entry refuses them too, before any store access, naming the field and the rule', async () => {
      const list = (query: string) => h.request('GET', `/api/v1/connectors/sources?${query}`, { token: appToken });
      expect422(await list('external_user_id=%00'), 'querystring.external_user_id', 'no-control-characters');
      expect422(await list('external_user_id=eve%ED%A0%80'), 'querystring.external_user_id', 'well-formed-unicode');
      expect422(await list('external_user_id=eve%FF'), 'querystring.external_user_id', 'well-formed-unicode');

      for (const [method, suffix, json] of [
        ['GET', '', undefined],
        ['PATCH', '', { name: 'x' }],
        ['DELETE', '', undefined],
        ['POST', '/sync', undefined],
        ['POST', '/execute', { entity: 'users', action: 'list' }],
      ] as const) {
        const reply = await h.request(method, `/api/v1/connectors/sources/conn%00x${suffix}`, {
          token: appToken,
          ...(json ? { json } : {}),
        });
        expect422(reply, 'params.id', 'no-control-characters');
      }

      const create = (body: object) => h.request('POST', '/v1/integrations/connectors', { token: appToken, json: body });
      expect422(await create(createBody('eve\udc00')), 'external_user_id', 'well-formed-unicode');
      expect422(await create(createBody('eve', { name: 'n\u0000' })), 'name', 'no-control-characters');
      expect422(await create({ ...createBody('eve'), connector_type: 'messaging\ud800' }), 'connector_type', 'well-formed-unicode');
      expect422(
        await create(createBody('eve', { replication_config: { ...replication, start_date: '2024-01-01T00:00:00Z\u0000' } })),
        'replication_config.start_date',
        'no-nul-character',
      );
      expect422(await create(createBody('eve', { config: { 'k\ud800': 'v' } })), 'config.k\ud800', 'well-formed-unicode');

      const patch = await h.request('PATCH', `/api/v1/connectors/sources/${aliceConnector}`, {
        token: appToken,
        json: { name: 'x\udfff' },
      });
      expect422(patch, 'name', 'well-formed-unicode');
      const execute = await h.request('POST', `/api/v1/connectors/sources/${aliceConnector}/execute`, {
        token: appToken,
        json: { entity: 'users\u0000', action: 'search' },
      });
      expect422(execute, 'entity', 'no-control-characters');
      expect422(
        await h.request('POST', '/api/v1/admin/applications', { token: ADMIN_TOKEN, json: { name: 'app\u0000' } }),
        'name',
        'no-control-characters',
      );
      expect422(
        await h.request('POST', '/api/v1/account/applications/token', { json: { client_id: 'sy_app_\u0000', client_secret: 'x' } }),
        'client_id',
        'no-control-characters',
      );
      expect(h.logs.some((line) => line.includes('"level":50'))).toBe(false);
    });

    it.skipIf(skip)('a body that is not UTF-8 is refused, not decoded with replacement characters', async () => {
      const bytes = Buffer.concat([Buffer.from('{"external_user_id":"eve'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
      const response = await fetch(`${h.url}/api/v1/embedded/scoped-token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
        body: bytes,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request', detail: 'the request body is not valid UTF-8' });
    });

    it.skipIf(skip)('eve\\ud800, eve\\udc00 and eve\\ufffd never reach each other: tokens carrying the first two are refused', async () => {
      const fffdToken = await h.scopedToken(appToken, 'eve\ufffd');
      const own = await h.request('POST', '/v1/integrations/connectors', { token: fffdToken, json: createBody('eve\ufffd') });
      expect(own.status).toBe(201);
      expect(own.body.external_user_id).toBe('eve\ufffd');
      // Tokens minted with such ids before the rules existed (or by anyone holding a signing key).
      const signer = new TokenSigner(h.parts.keys, () => new Date());
      for (const id of ['eve\ud800', 'eve\udc00', 'eve\u0000']) {
        const legacy = (
          await signer.sign({ kind: 'scoped', applicationId: (await h.application('legacy')).applicationId, externalUserId: id })
        ).access_token;
        for (const path of ['/api/v1/connectors/sources', `/api/v1/connectors/sources/${own.body.id}`]) {
          const reply = await h.request('GET', path, { token: legacy });
          expect(reply.status).toBe(401);
          expect(reply.body.code).toBe('unauthorized');
        }
      }
      const mine = await h.request('GET', '/api/v1/connectors/sources', { token: fffdToken });
      expect(mine.body.data.map((c: { id: string }) => c.id)).toEqual([own.body.id]);
      const byQuery = await h.request('GET', '/api/v1/connectors/sources?external_user_id=eve%EF%BF%BD', { token: appToken });
      expect(byQuery.body.data.map((c: { id: string }) => c.id)).toEqual([own.body.id]);
      expect((await h.request('GET', `/api/v1/connectors/sources/${own.body.id}`, { token: aliceToken })).status).toBe(404);
    });

    it.skipIf(skip)(
      'any two distinct ids: each is refused with 422 or stored exactly, and never sees the other one',
      async () => {
        const rejected = (id: string) => !id.isWellFormed() || CONTROL.test(id) || id.trim() === '';
        const identifier = fc.tuple(fc.constantFrom('u', 'U', ' ', ''), unicodeString(5)).map(([a, b]) => a + b);
        await fc.assert(
          fc.asyncProperty(identifier, identifier, async (first, second) => {
            fc.pre(first !== second);
            const views: Record<string, string> = {};
            const tokens: Record<string, string> = {};
            for (const id of [first, second]) {
              const reply = await h.request('POST', '/api/v1/embedded/scoped-token', { token: appToken, json: { external_user_id: id } });
              if (rejected(id)) {
                expect(reply.status, JSON.stringify(id)).toBe(422);
                continue;
              }
              expect(reply.status, JSON.stringify(id)).toBe(200);
              tokens[id] = reply.body.access_token;
              const created = await h.request('POST', '/v1/integrations/connectors', { token: tokens[id], json: createBody(id) });
              expect(created.status).toBe(201);
              expect(created.body.external_user_id).toBe(id);
              views[id] = created.body.id;
            }
            for (const [id, token] of Object.entries(tokens)) {
              const listed = await h.request('GET', '/api/v1/connectors/sources', { token });
              const external = listed.body.data.map((c: { external_user_id: string }) => c.external_user_id);
              expect(new Set(external)).toEqual(new Set([id]));
              expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(views[id]);
              for (const [other, connector] of Object.entries(views)) {
                if (other === id) continue;
                expect((await h.request('GET', `/api/v1/connectors/sources/${connector}`, { token })).status).toBe(404);
              }
            }
          }),
          {
            numRuns: 25,
            // Precomposed and decomposed é, U+FFFD beside the lone halves it once stood for.
            examples: [
              ['u\u00e9', 'ue\u0301'],
              ['eve\ufffd', 'eve\ud800'],
              ['eve\udc00', 'eve\ufffd'],
            ],
          },
        );
      },
      120_000,
    );
  });

  describe('vendor records', () => {
    let slack: SlackFake;
    let h: Harness;
    let appToken: string;
    let connector: string;
    let zero: SlackUser;
    let lone: SlackUser;
    let huge: SlackUser;

    const view = async () => (await h.request('GET', `/api/v1/connectors/sources/${connector}`, { token: appToken })).body;
    const users = async (): Promise<any> => (await view()).entities.find((e: { entity: string }) => e.entity === 'users');
    const searchUsers = async (filter: unknown) => {
      const reply = await h.request('POST', `/api/v1/connectors/sources/${connector}/execute`, {
        token: appToken,
        json: { entity: 'users', action: 'search', params: { query: { filter } } },
      });
      expect(reply.status, reply.text).toBe(200);
      return reply.body.hits as { id: string; data: Record<string, unknown> }[];
    };
    const ids = async (filter: unknown) => (await searchUsers(filter)).map((hit) => hit.id).sort();
    const syncedAfter = async (since: string | null) =>
      waitFor(
        'the users sync to complete',
        async () => {
          const entity = await users();
          return entity.state === 'ready' && entity.last_synced_at !== since ? entity : undefined;
        },
        30_000,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(await view())}`);
      });

    beforeAll(async () => {
      if (skip) return;
      slack = await startSlackFake({ users: 6, channels: 2 });
      const template = slack.data.users.find((u) => !u.is_bot && !u.deleted)!;
      const weird = (id: string, patch: Partial<SlackUser> & Record<string, unknown>): SlackUser =>
        ({ ...structuredClone(template), id, ...patch }) as SlackUser;
      zero = weird('UZZ00ZERO', {
        name: 'eve\u0000zero',
        real_name: 'Eve\u0000 Zero',
        // Keys Slack's profile type does not know, as a vendor adding fields would send them.
        profile: {
          ...template.profile,
          title: 'Title\u0000',
          ...{ 'key\u0000': { 'in\ud800ner': ['deep\udfff', { 'k\u0000\u0001': 'v\ud7ff' }] } },
        },
        'top\u0000key': 'x\u0000',
      });
      lone = weird('UZZ01LONE', { name: 'eve\ud800', real_name: 'Eve \udc00 Lone', tz: 'Mars/\ud83d' });
      // A value the store cannot index: 40 KB of incompressible text where Slack sends a number.
      huge = weird('UZZ02HUGE', { tz_offset: randomBytes(30_000).toString('base64') as unknown as number });
      slack.data.users.push(zero, lone, huge);
      // An item without an id in the middle of the page (not the first of a page: the fake's cursors name ids).
      slack.data.users.splice(2, 0, { ...structuredClone(template), id: undefined as unknown as string, name: 'no-id' });
      h = await service({ vendorBaseUrls: { messaging: `${slack.url}/api` }, startSync: true });
      appToken = (await h.application('records')).token;
      const created = await h.request('POST', '/v1/integrations/connectors', { token: appToken, json: createBody('alice') });
      expect(created.status, created.text).toBe(201);
      connector = created.body.id;
      await syncedAfter(null);
    }, 90_000);
    afterAll(async () => {
      if (skip) return;
      await h?.close();
      await slack?.close();
    });

    it.skipIf(skip)('the sync completes; the records it could not store are counted and named in the status', async () => {
      const entity = await users();
      expect(entity.state).toBe('ready');
      expect(entity.error).toBeNull();
      expect(entity.record_problems.count).toBe(2);
      expect(entity.record_problems.examples).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ record_id: null, path: 'id', problem: 'missing-id' }),
          expect.objectContaining({ record_id: huge.id, problem: 'refused-by-store', message: expect.stringContaining('SQLSTATE 54000') }),
        ]),
      );
      expect((await view()).sync_status).toBe('ready');
      const stored = slack.data.users.filter((u) => u.id !== undefined && u.id !== huge.id).map((u) => u.id);
      expect(await ids({})).toEqual([...stored].sort());
    });

    it.skipIf(skip)('hits give back the vendor text exactly, keys and values at every depth', async () => {
      const searchable = (user: SlackUser) =>
        Object.fromEntries(Object.keys(searchableFields['users']!).flatMap((f) => (f in user ? [[f, (user as any)[f]]] : [])));
      const [hit] = await searchUsers({ eq: { id: zero.id } });
      expect(hit!.data).toEqual(searchable(zero));
      expect(hit!.data['profile']).toEqual(zero.profile);
      const [other] = await searchUsers({ eq: { id: lone.id } });
      expect(other!.data).toEqual(searchable(lone));
    });

    it.skipIf(skip)('every operator takes such values and matches exactly; never a 500', async () => {
      expect(await ids({ eq: { name: 'eve\u0000zero' } })).toEqual([zero.id]);
      expect(await ids({ eq: { name: 'eve\ud800' } })).toEqual([lone.id]);
      expect(await ids({ eq: { name: 'eve\udc00' } })).toEqual([]);
      expect(await ids({ eq: { name: 'eve\ufffd' } })).toEqual([]);
      expect(await ids({ in: { name: ['eve\u0000zero', 'eve\ud800', 'eve\udc00'] } })).toEqual([zero.id, lone.id]);
      expect(await ids({ eq: { 'profile.title': 'Title\u0000' } })).toEqual([zero.id]);
      expect(await ids({ eq: { 'profile.title': 'Title\ufffd' } })).toEqual([]);
      expect(await ids({ like: { name: 'eve\u0000%' } })).toEqual([zero.id]);
      expect(await ids({ like: { real_name: '%\udc00%' } })).toEqual([lone.id]);
      expect(await ids({ like: { name: 'eve%', real_name: '%lone' } })).toEqual([lone.id]);
      expect(await ids({ gte: { name: 'eve\u0000' }, lt: { name: 'eve\u0001' } })).toEqual([zero.id]);
      expect(await ids({ gt: { name: 'eve\ud7ff' }, lte: { name: 'eve\udfff' } })).toEqual([lone.id]);
      expect(await ids({ keyword: { real_name: 'zero' } })).toEqual([zero.id]);
      expect(await ids({ keyword: { real_name: 'lone \ud800' } })).toEqual([lone.id]);
      expect(await ids({ fuzzy: { real_name: 'eve zer\u0000' } })).toContain(zero.id);
      expect(await ids({ eq: { tz: 'Mars/\ud83d' } })).toEqual([lone.id]);
      expect(await ids({ like: { tz: 'Mars/\ud83d%' } })).toEqual([lone.id]);
      expect(await ids({ not: { eq: { name: 'eve\u0000zero' } }, like: { name: 'eve%' } })).toEqual([lone.id]);

      const sorted = await h.request('POST', `/api/v1/connectors/sources/${connector}/execute`, {
        token: appToken,
        json: {
          entity: 'users',
          action: 'search',
          params: { query: { filter: { like: { name: 'eve%' } }, sort: [{ name: 'asc' }] }, limit: 1 },
        },
      });
      expect(sorted.body.hits.map((hit: { id: string }) => hit.id)).toEqual([zero.id]);
      const next = await h.request('POST', `/api/v1/connectors/sources/${connector}/execute`, {
        token: appToken,
        json: {
          entity: 'users',
          action: 'search',
          params: { query: { filter: { like: { name: 'eve%' } }, sort: [{ name: 'asc' }] }, limit: 1, cursor: sorted.body.next_cursor },
        },
      });
      expect(next.body.hits.map((hit: { id: string }) => hit.id)).toEqual([lone.id]);
      expect(h.logs.some((line) => line.includes('"level":50'))).toBe(false);
    });

    it.skipIf(skip)('a full refresh that met a record without an id deletes nothing; once every record has one, it does', async () => {
      const gone = slack.data.users.splice(
        slack.data.users.findIndex((u) => u.id === zero.id),
        1,
      )[0]!;
      let since = (await users()).last_synced_at;
      await h.request('POST', `/api/v1/connectors/sources/${connector}/sync`, { token: appToken });
      let entity = await syncedAfter(since);
      expect(entity.record_problems.count).toBe(2);
      expect(await ids({ eq: { id: gone.id } })).toEqual([gone.id]);

      slack.data.users.splice(
        slack.data.users.findIndex((u) => u.id === undefined),
        1,
      );
      since = entity.last_synced_at;
      await h.request('POST', `/api/v1/connectors/sources/${connector}/sync`, { token: appToken });
      entity = await syncedAfter(since);
      expect(entity.record_problems).toMatchObject({ count: 1, examples: [{ record_id: huge.id, problem: 'refused-by-store' }] });
      expect(await ids({ eq: { id: gone.id } })).toEqual([]);
    });
  });
});
