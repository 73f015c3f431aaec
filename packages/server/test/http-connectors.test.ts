/**
 * Connector endpoints end to end over the real service (tenancy, encrypted credentials, sync
 * engine, execution) against the Slack fake: create on both paths, list, get, update, sync,
 * delete, and the tenancy rule that an id the caller cannot see answers exactly like a missing one.
 *
 * @module-tag connector/messaging
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { waitFor } from '../../../test/support/expect.js';
import { expectProblemShape, startHarness, type Harness, type Reply } from './http-harness.js';
import { tablesHolding } from './support/tables-holding.js';

let slack: SlackFake;
let h: Harness;
let appToken: string;
let otherAppToken: string;
let aliceToken: string;
let bobToken: string;

const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };
const TOKEN = 'xoxb-test-token';

function createBody(externalUserId: string, extra: Record<string, unknown> = {}) {
  return {
    external_user_id: externalUserId,
    connector_type: 'messaging',
    credentials: { api_token: TOKEN },
    replication_config: replication,
    ...extra,
  };
}

beforeAll(async () => {
  slack = await startSlackFake({ users: 6, channels: 3, messagesPerChannel: 2 });
  h = await startHarness({ vendorBaseUrls: { messaging: `${slack.url}/api` }, startSync: true });
  appToken = (await h.application('acme')).token;
  otherAppToken = (await h.application('globex')).token;
  aliceToken = await h.scopedToken(appToken, 'alice');
  bobToken = await h.scopedToken(appToken, 'bob');
}, 60_000);
afterAll(async () => {
  await h?.close();
  await slack?.close();
});

describe('create', () => {
  it('creates on /v1/integrations/connectors and the alias /integrations/connectors; the view never holds credentials', async () => {
    for (const path of ['/v1/integrations/connectors', '/integrations/connectors']) {
      const reply = await h.request('POST', path, { token: appToken, json: createBody('carol', { name: `via ${path}` }) });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        id: expect.stringMatching(/^conn_/),
        external_user_id: 'carol',
        connector_type: 'messaging',
        name: `via ${path}`,
        replication_config: replication,
        sync_status: expect.stringMatching(/^(pending|syncing|ready)$/),
        created_at: expect.any(String),
      });
      expect(reply.body.entities.map((e: { entity: string }) => e.entity)).toEqual(['channels', 'users']);
      expect(reply.text).not.toContain(TOKEN);
      expect(reply.body).not.toHaveProperty('credentials');
    }
  });

  it('names the connector after its type when no name is given', async () => {
    const reply = await h.request('POST', '/v1/integrations/connectors', { token: appToken, json: createBody('carol') });
    expect(reply.body.name).toBe('Messaging');
  });

  it('a scoped token creates for its own external user and is refused (403) for another', async () => {
    const own = await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice') });
    expect(own.status).toBe(201);
    const other = await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('bob') });
    expect(other.status).toBe(403);
    expectProblemShape(other);
    expect(other.body.code).toBe('forbidden');
  });

  it('a scoped token may leave external_user_id out: the token names it', async () => {
    // An application of its own: the listing test below counts the others' connectors.
    const erinToken = await h.scopedToken((await h.application('initech')).token, 'erin');
    const { external_user_id: _omitted, ...withoutOwner } = createBody('erin');
    const reply = await h.request('POST', '/v1/integrations/connectors', { token: erinToken, json: withoutOwner });
    expect(reply.status).toBe(201);
    expect(reply.body.external_user_id).toBe('erin');
    const listed = await h.request('GET', '/api/v1/connectors/sources', { token: erinToken });
    expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(reply.body.id);
  });

  it('an application token must name external_user_id: 422 on that path, reported with every other problem', async () => {
    const { external_user_id: _omitted, ...withoutOwner } = createBody('bob');
    const alone = await h.request('POST', '/v1/integrations/connectors', { token: appToken, json: withoutOwner });
    expect(alone.status).toBe(422);
    expectProblemShape(alone);
    expect(alone.body.errors).toEqual([expect.objectContaining({ path: 'external_user_id', rule: 'required' })]);
    expect(alone.body.detail).toMatch(/external_user_id is required with an application token/);

    const { credentials: _none, ...alsoWithoutCredentials } = withoutOwner;
    const both = await h.request('POST', '/integrations/connectors', { token: appToken, json: { ...alsoWithoutCredentials, surprise: 1 } });
    expect(both.status).toBe(422);
    expect(both.body.errors.map((e: { path: string; rule: string }) => `${e.path}:${e.rule}`).sort()).toEqual([
      'credentials:required',
      'external_user_id:required',
      'surprise:unknown-field',
    ]);
  });

  it('check: true refuses credentials the vendor rejects and stores nothing', async () => {
    const before = (await h.request('GET', '/api/v1/connectors/sources?external_user_id=dave', { token: appToken })).body.data.length;
    const reply = await h.request('POST', '/v1/integrations/connectors', {
      token: appToken,
      json: { ...createBody('dave'), credentials: { api_token: 'xoxb-revoked' }, check: true },
    });
    // Slack refuses a bad token with HTTP 200 `{ok: false, error: "invalid_auth"}`: the vendor's own
    // code travels in a connector_error problem (a 401/403 vendor would give 422 on `credentials`).
    expect(reply.status).toBe(502);
    expectProblemShape(reply);
    expect(reply.body).toMatchObject({ code: 'connector_error', error_class: 'VendorError', vendor_code: 'invalid_auth' });
    expect(reply.text).not.toContain('xoxb-revoked');
    const after = (await h.request('GET', '/api/v1/connectors/sources?external_user_id=dave', { token: appToken })).body.data.length;
    expect(after).toBe(before);
  });

  it('check: true with good credentials creates the connector after one live read', async () => {
    slack.reset();
    const reply = await h.request('POST', '/v1/integrations/connectors', { token: appToken, json: { ...createBody('dave'), check: true } });
    expect(reply.status).toBe(201);
    expect(slack.requests.length).toBeGreaterThan(0);
  });
});

describe('list, get, update, sync, delete', () => {
  it('a connector goes pending → ready after its first sync, with per-entity progress', async () => {
    const created = await h.request('POST', '/v1/integrations/connectors', {
      token: aliceToken,
      json: createBody('alice', { name: 'team slack' }),
    });
    const id = created.body.id as string;
    const ready = await firstSyncReady(id);
    expect(ready.body.last_synced_at).toEqual(expect.any(String));
    const users = ready.body.entities.find((e: { entity: string }) => e.entity === 'users');
    expect(users).toMatchObject({ state: 'ready', records: slack.data.users.length });
  });

  it('lists: an application token sees every external user (or one by filter), a scoped token only its own', async () => {
    const all = await h.request('GET', '/api/v1/connectors/sources', { token: appToken });
    const users = new Set(all.body.data.map((c: { external_user_id: string }) => c.external_user_id));
    expect(users).toEqual(new Set(['alice', 'carol', 'dave']));

    const carol = await h.request('GET', '/api/v1/connectors/sources?external_user_id=carol', { token: appToken });
    expect(carol.body.data.every((c: { external_user_id: string }) => c.external_user_id === 'carol')).toBe(true);

    const alice = await h.request('GET', '/api/v1/connectors/sources', { token: aliceToken });
    expect(alice.body.data.length).toBeGreaterThan(0);
    expect(alice.body.data.every((c: { external_user_id: string }) => c.external_user_id === 'alice')).toBe(true);

    const sneaky = await h.request('GET', '/api/v1/connectors/sources?external_user_id=carol', { token: aliceToken });
    expect(sneaky.status).toBe(403);

    const otherApp = await h.request('GET', '/api/v1/connectors/sources', { token: otherAppToken });
    expect(otherApp.body.data).toEqual([]);
  });

  it('patch renames and replaces credentials (validated like creation); sync answers 202', async () => {
    const id = (await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice') })).body.id as string;
    const renamed = await h.request('PATCH', `/api/v1/connectors/sources/${id}`, { token: aliceToken, json: { name: 'renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('renamed');

    const badCredentials = await h.request('PATCH', `/api/v1/connectors/sources/${id}`, {
      token: aliceToken,
      json: { credentials: { nope: 'x' } },
    });
    expect(badCredentials.status).toBe(422);
    expect(badCredentials.body.errors).toEqual([expect.objectContaining({ path: 'credentials' })]);

    const newCredentials = await h.request('PATCH', `/api/v1/connectors/sources/${id}`, {
      token: aliceToken,
      json: { credentials: { api_token: TOKEN }, check: true },
    });
    expect(newCredentials.status).toBe(200);
    expect(newCredentials.text).not.toContain(TOKEN);

    const empty = await h.request('PATCH', `/api/v1/connectors/sources/${id}`, { token: aliceToken, json: {} });
    expect(empty.status).toBe(422);

    const sync = await h.request('POST', `/api/v1/connectors/sources/${id}/sync`, { token: aliceToken });
    expect(sync.status).toBe(202);
    expect(sync.body.id).toBe(id);
  });

  it('delete → 204, then the id answers 404 and its synced records are gone', async () => {
    const id = (await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice') })).body.id as string;
    await firstSyncReady(id);
    const deleted = await h.request('DELETE', `/api/v1/connectors/sources/${id}`, { token: aliceToken });
    expect(deleted.status).toBe(204);
    expect((await h.request('GET', `/api/v1/connectors/sources/${id}`, { token: aliceToken })).status).toBe(404);
    const rows = await h.parts.engine.query<{ n: number }>('SELECT count(*)::int AS n FROM sy_records WHERE connector_id = $1', [id]);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('syncs requested around a delete leave nothing of the connector once their runs end', async () => {
    // Seen in an adversarial trial: a sync requested while a delete ran started after the delete had
    // dropped the copy, and its records, checkpoints and schedule outlived the connector.
    for (let round = 0; round < 3; round++) {
      const id = (await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice') })).body
        .id as string;
      const path = `/api/v1/connectors/sources/${id}`;
      const sync = () => h.request('POST', `${path}/sync`, { token: aliceToken });
      const replies = await Promise.all([
        ...Array.from({ length: 4 }, sync),
        h.request('DELETE', path, { token: aliceToken }),
        ...Array.from({ length: 4 }, sync),
      ]);
      expect(replies[4]!.status).toBe(204);
      for (const reply of [...replies.slice(0, 4), ...replies.slice(5)]) expect([202, 404]).toContain(reply.status);
      // Runs that were queued or running go on for a moment; once none holds the connector, nothing is left.
      await waitFor(
        `nothing of ${id} left (round ${round})`,
        async () => ((await tablesHolding(h.parts.engine, id)).length === 0 ? true : undefined),
        15_000,
      );
    }
  });

  it('of two deletes that both found the connector, one answers 204 and the other 404', async () => {
    const id = (await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice') })).body.id as string;
    // Both requests reach the repository's delete before either runs it (the trial saw five of five
    // concurrent deletes answer 204 on a service whose store answers from another thread).
    const repository = h.parts.connectors;
    const original = repository.delete;
    const arrived: (() => void)[] = [];
    repository.delete = (...args) =>
      new Promise<void>((resolve) => {
        arrived.push(resolve);
        if (arrived.length === 2) for (const go of arrived) go();
      }).then(() => original.apply(repository, args));
    try {
      const path = `/api/v1/connectors/sources/${id}`;
      const replies = await Promise.all([
        h.request('DELETE', path, { token: aliceToken }),
        h.request('DELETE', path, { token: aliceToken }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([204, 404]);
      expectProblemShape(replies.find((reply) => reply.status === 404)!);
    } finally {
      repository.delete = original;
    }
  });
});

describe('tenancy: an id the caller cannot see answers exactly like a missing one', () => {
  let aliceConnector: string;

  beforeAll(async () => {
    aliceConnector = (
      await h.request('POST', '/v1/integrations/connectors', { token: aliceToken, json: createBody('alice', { name: 'private' }) })
    ).body.id;
  });

  const calls: [string, string, (id: string) => string, unknown][] = [
    ['get', 'GET', (id) => `/api/v1/connectors/sources/${id}`, undefined],
    ['patch', 'PATCH', (id) => `/api/v1/connectors/sources/${id}`, { name: 'stolen' }],
    ['delete', 'DELETE', (id) => `/api/v1/connectors/sources/${id}`, undefined],
    ['sync', 'POST', (id) => `/api/v1/connectors/sources/${id}/sync`, undefined],
    ['execute', 'POST', (id) => `/api/v1/connectors/sources/${id}/execute`, { entity: 'users', action: 'list', params: { limit: 1 } }],
    ['search', 'POST', (id) => `/api/v1/connectors/sources/${id}/execute`, { entity: 'users', action: 'search', params: { query: {} } }],
  ];

  it.each(calls)(
    '%s: another external user (scoped) and another application get the missing-id answer',
    async (_name, method, path, json) => {
      const send = (token: string, id: string): Promise<Reply> =>
        h.request(method, path(id), { token, ...(json !== undefined ? { json } : {}) });
      const missing = await send(bobToken, 'conn_doesnotexist');
      expect(missing.status).toBe(404);
      expectProblemShape(missing);
      for (const token of [bobToken, otherAppToken]) {
        const hidden = await send(token, aliceConnector);
        expect(hidden.status).toBe(404);
        expect(withoutInstance(hidden.body)).toEqual(withoutInstance(missing.body));
      }
      // Nothing happened to the connector.
      const still = await h.request('GET', `/api/v1/connectors/sources/${aliceConnector}`, { token: aliceToken });
      expect(still.status).toBe(200);
      expect(still.body.name).toBe('private');
    },
  );

  it('ids that cannot exist (SQL, path tricks, very long) answer the same 404; text no id can hold is a 422', async () => {
    const missing = await h.request('GET', '/api/v1/connectors/sources/conn_doesnotexist', { token: bobToken });
    for (const id of ["x'%20OR%20'1'='1", 'conn_%E2%80%8B', 'a'.repeat(300)]) {
      const reply = await h.request('GET', `/api/v1/connectors/sources/${id}`, { token: bobToken });
      expect(reply.status).toBe(404);
      expect(withoutInstance(reply.body)).toEqual(withoutInstance(missing.body));
    }
    // The identifier rules (tenancy/input-rules.ts) say nothing about what exists.
    const nul = await h.request('GET', '/api/v1/connectors/sources/conn_%00', { token: bobToken });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual([expect.objectContaining({ path: 'params.id', rule: 'no-control-characters' })]);
  });
});

/** The connector's view once its first sync is ready (alice's token). */
function firstSyncReady(id: string): Promise<Reply> {
  return waitFor(
    'its first sync ready',
    async () => {
      const reply = await h.request('GET', `/api/v1/connectors/sources/${id}`, { token: aliceToken });
      return reply.body.sync_status === 'ready' ? reply : undefined;
    },
    15_000,
  );
}

function withoutInstance(problem: Record<string, unknown>): Record<string, unknown> {
  const { instance: _instance, ...rest } = problem;
  return rest;
}
