// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidCursorError, RecordSearch, type SearchResponse } from '../src/index.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { slackUsers } from './support/slack-fixtures.js';
import { prepare, usersSchema, type Fixture } from './support/store-fixture.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

const users = slackUsers(2000, 23);

describe.each(engineCases)('search paging on $name', ({ open, skip }) => {
  let fx: Fixture;
  const tenantId = uniqueTenant('paging');
  const scope = { tenantId, connectorId: 'slack-paging', entity: 'users' };
  const search = async (params: Record<string, unknown>, where = scope) => fx.search.search(where, parseSearchParams(params, usersSchema));

  beforeAll(async () => {
    if (skip) return;
    fx = await prepare(await open());
    await fx.store.upsert(scope, users);
  });
  afterAll(async () => {
    if (skip) return;
    await fx.store.deleteConnector(scope);
    await fx.store.deleteConnector({ tenantId: `${tenantId}-other`, connectorId: 'slack-paging' });
    await fx.engine.close();
  });

  /** Pages through a query; `between` runs after every page (the concurrent writer). */
  async function collect(params: Record<string, unknown>, between?: (page: number) => Promise<void>): Promise<SearchResponse['hits']> {
    const hits: SearchResponse['hits'] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const response = await search({ ...params, ...(cursor ? { cursor } : {}) });
      hits.push(...response.hits);
      if (!response.next_cursor) return hits;
      cursor = response.next_cursor;
      await between?.(page);
    }
    throw new Error('more than 100 pages');
  }

  it.skipIf(skip)(
    'keyset pages over a mixed-direction sort: no duplicates and no skips while records are upserted in between',
    async () => {
      const query = { filter: { eq: { deleted: false } }, sort: [{ tz_offset: 'desc' }, { name: 'asc' }] };
      const added: string[] = [];
      const hits = await collect({ query, limit: 137 }, async (page) => {
        // New records that sort before and after any position, edits of fields outside the sort,
        // and an identical re-sync: none may disturb the pages still to come.
        const fresh = [-50000, 0, 99999].map((tz_offset, i) => ({
          id: `UNEW${page}-${i}`,
          data: { id: `UNEW${page}-${i}`, name: `zz-new-${page}-${i}`, deleted: false, tz_offset },
        }));
        added.push(...fresh.map((r) => r.id));
        const edited = users
          .slice(page * 40, page * 40 + 40)
          .map((u) => ({ id: u.id, data: { ...u.data, profile: { title: `edited ${page}` } } }));
        await fx.store.upsert(scope, [...fresh, ...edited, ...users.slice(1000, 1100)]);
      });
      const seen = hits.map((h) => h.id);
      expect(new Set(seen).size).toBe(seen.length);
      const original = users.filter((u) => u.data['deleted'] === false).map((u) => u.id);
      const missing = original.filter((id) => !seen.includes(id));
      expect(missing).toEqual([]);
      expect(added.length).toBeGreaterThan(20);
      // Records inserted below the read position appear; those above it were already passed.
      expect(seen.some((id) => id.startsWith('UNEW'))).toBe(true);
      await fx.store.upsert(scope, users); // restore edited profiles
      expect(await fx.store.deleteByIds(scope, added)).toBe(added.length);
    },
  );

  it.skipIf(skip)('pages in record id order and in score order cover every hit exactly once', async () => {
    const all = await collect({ query: { filter: { eq: { is_bot: false } } }, limit: 333 });
    const expected = users
      .filter((u) => u.data['is_bot'] === false)
      .map((u) => u.id)
      .sort();
    expect(all.map((h) => h.id)).toEqual(expected);

    const ranked = await collect({ query: { filter: { fuzzy: { real_name: 'margret hamiltn' } } }, limit: 3 });
    const once = await search({ query: { filter: { fuzzy: { real_name: 'margret hamiltn' } } } });
    expect(ranked.map((h) => h.id)).toEqual(once.hits.map((h) => h.id));
    expect(ranked.length).toBeGreaterThan(3);
    const scores = ranked.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it.skipIf(skip)('the last page has no cursor, also when the page is exactly full', async () => {
    const count = users.filter((u) => u.data['is_owner'] === true || u.data['is_restricted'] === true).length;
    const exact = await search({ query: { filter: { or: [{ eq: { is_owner: true } }, { eq: { is_restricted: true } }] } }, limit: count });
    expect(exact.hits).toHaveLength(count);
    expect(exact.next_cursor).toBeNull();
  });

  it.skipIf(skip)('a cursor only works for the query, connector and tenant it was issued for', async () => {
    const query = { filter: { eq: { is_admin: true } }, sort: [{ updated: 'asc' }] };
    const first = await search({ query, limit: 5 });
    const cursor = first.next_cursor!;
    expect(typeof cursor).toBe('string');
    // The same query written with its keys in another order is the same query.
    const reordered = await search({ limit: 5, cursor, query: { sort: [{ updated: 'asc' }], filter: { eq: { is_admin: true } } } });
    expect(reordered.hits).toHaveLength(5);

    const rejections: [string, Promise<unknown>][] = [
      ['other filter', search({ query: { ...query, filter: { eq: { is_admin: false } } }, cursor })],
      ['other sort', search({ query: { ...query, sort: [{ updated: 'desc' }] }, cursor })],
      ['other tenant', search({ query, cursor }, { ...scope, tenantId: `${tenantId}-other` })],
      ['other connector', search({ query, cursor }, { ...scope, connectorId: 'slack-other' })],
      ['altered', search({ query, cursor: cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11) })],
      ['garbage', search({ query, cursor: 'not-a-cursor' })],
    ];
    for (const [label, attempt] of rejections) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error, label).toBeInstanceOf(InvalidCursorError);
      expect((error as InvalidCursorError).issues[0]).toMatchObject({ path: 'cursor', rule: 'cursor' });
    }
    const otherTenant = await search({ query, cursor }, { ...scope, tenantId: `${tenantId}-other` }).catch((e: unknown) => e);
    expect((otherTenant as Error).message).toContain('issued for another query, connector or tenant');

    const otherServer = new RecordSearch(fx.engine, { cursorSecret: 'another-secret-of-at-least-32-bytes!!' });
    const foreign = await otherServer.search(scope, parseSearchParams({ query, cursor }, usersSchema)).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(InvalidCursorError);
    expect((foreign as Error).message).toContain('not a cursor issued by this service');
  });

  it.skipIf(skip)('another tenant sees nothing of this one, even with the same connector id', async () => {
    await fx.store.upsert({ ...scope, tenantId: `${tenantId}-other` }, [{ id: 'UX', data: { name: 'intruder' } }]);
    const mine = await search({ query: { filter: { eq: { name: 'intruder' } } } });
    expect(mine.hits).toEqual([]);
    const theirs = await search({ query: {} }, { ...scope, tenantId: `${tenantId}-other` });
    expect(theirs.hits.map((h) => h.id)).toEqual(['UX']);
  });
});
