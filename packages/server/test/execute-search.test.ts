/**
 * `search` through the execute endpoint reads the synced copy (never the vendor): 409
 * search_not_ready with the sync progress until the entity's first sync has finished, then
 * `{hits, next_cursor, took_ms}` confined to the connector's own tenant and connector.
 *
 * @module-tag connector/messaging
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorRecord } from '../src/service-types.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';
import { slackUsers } from './support/slack-fixtures.js';

let h: Harness;
let alice: ConnectorRecord;
let other: ConnectorRecord;
const users = slackUsers(40);

beforeAll(async () => {
  // No vendor base URL: a search that reached the vendor would fail loudly against the real Slack host.
  h = await startHarness({ searchIndexes: ['messaging'] });
  alice = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-a' });
  other = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-b' }, { applicationId: 'app-b', externalUserId: 'zed' });
  // The same vendor records in another tenant, with a marker field, to catch any leak.
  await h.store.upsert(
    { tenantId: 'app-b', connectorId: other.id, entity: 'users' },
    users.map((u) => ({ id: u.id, data: { ...u.data, tz: 'Leak/Other_Tenant' } })),
  );
  h.sync.ready(other.id, 'users', users.length);
});

afterAll(async () => {
  await h?.close();
});

const byName = {
  entity: 'users',
  action: 'search',
  params: { query: { filter: { like: { name: '%' } }, sort: [{ id: 'asc' }] }, limit: 15 },
};

describe('search before the first sync', () => {
  it('409 search_not_ready with the progress while the first sync runs', async () => {
    h.sync.set(alice.id, 'users', { state: 'syncing', records: 12, records_per_second: 40, mode: 'full' });
    const response = await h.execute('token-a-alice', alice.id, byName);
    expect(response.status).toBe(409);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'search_not_ready', status: 409 });
    expect(body['progress']).toMatchObject({
      sync_status: 'syncing',
      entities: [{ entity: 'users', state: 'syncing', records: 12, records_per_second: 40 }],
    });
    expect(String(body['detail'])).toContain('12 records so far');
  });

  it('an entity the sync has not started is not ready either; a failed first sync neither', async () => {
    const fresh = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-c' });
    expect((await h.execute('token-a-alice', fresh.id, byName)).status).toBe(409);
    h.sync.set(fresh.id, 'users', { state: 'failed', error: { name: 'RateLimitError', message: 'throttled' } });
    const response = await h.execute('token-a-alice', fresh.id, byName);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ progress: { entities: [{ state: 'failed', error: { name: 'RateLimitError' } }] } });
  });

  it('bad search parameters answer 422 naming the field even before the copy is ready', async () => {
    const response = await h.execute('token-a-alice', alice.id, {
      entity: 'users',
      action: 'search',
      params: { query: { filter: { eq: { 'password; DROP TABLE sy_records': 1 } } } },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; errors: { path: string; message: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.errors[0]!.message).toMatch(/not a field path|not a searchable field/);
  });
});

describe('search once synced', () => {
  beforeAll(async () => {
    await h.store.upsert({ tenantId: 'app-a', connectorId: alice.id, entity: 'users' }, users);
    h.sync.ready(alice.id, 'users', users.length);
  });

  it('{hits, next_cursor, took_ms} over the copy, paged with next_cursor, never another tenant', async () => {
    const seen: string[] = [];
    let params: Record<string, unknown> = byName.params;
    for (let page = 0; page < 10; page++) {
      const response = await h.execute('token-a-alice', alice.id, { ...byName, params });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        hits: { id: string; score: number; data: Record<string, unknown> }[];
        next_cursor: string | null;
        took_ms: number;
      };
      expect(Object.keys(body).sort()).toEqual(['hits', 'next_cursor', 'took_ms']);
      expect(typeof body.took_ms).toBe('number');
      for (const hit of body.hits) {
        expect(hit.score).toBe(1);
        expect(hit.data['tz']).not.toBe('Leak/Other_Tenant');
        seen.push(hit.id);
      }
      if (!body.next_cursor) break;
      params = { ...byName.params, cursor: body.next_cursor };
    }
    expect(seen).toEqual(users.map((u) => u.id).sort());
  });

  it('the same search through the other tenant sees only its own copy', async () => {
    const response = await h.execute('token-app-b', other.id, { ...byName, params: { ...byName.params, limit: 100 } });
    const body = (await response.json()) as { hits: { data: Record<string, unknown> }[] };
    expect(body.hits).toHaveLength(users.length);
    expect(body.hits.every((hit) => hit.data['tz'] === 'Leak/Other_Tenant')).toBe(true);
  });

  it("a cursor from another tenant's search is refused", async () => {
    const first = (await (await h.execute('token-app-b', other.id, byName)).json()) as { next_cursor: string };
    const response = await h.execute('token-a-alice', alice.id, { ...byName, params: { ...byName.params, cursor: first.next_cursor } });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: [{ path: 'cursor' }] });
  });

  it('a later sync running or failed keeps the copy searchable', async () => {
    h.sync.set(alice.id, 'users', { state: 'syncing', records: 3, last_synced_at: '2026-01-01T00:00:00.000Z' });
    expect((await h.execute('token-a-alice', alice.id, byName)).status).toBe(200);
    h.sync.ready(alice.id, 'users', users.length);
  });
});
