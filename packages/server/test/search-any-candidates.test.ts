/**
 * Searches in record-id order led by an `any` condition collect the matching ids through the
 * index first (src/search/plan/any-candidates.ts). Whichever path runs (under the cap: ids, then the
 * page; over it: the ordinary plan), the pages are the matches in id order, each once.
 *
 * @module-tag connector/messaging
 */
import { describe, expect, it } from 'vitest';
import { EntitySchema, RecordSearch, type SqlEngine } from '../src/index.js';
import { ANY_CANDIDATE_CAP } from '../src/search/plan/any-candidates.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { TEST_CURSOR_SECRET, useSearchedCopy } from './support/store-fixture.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

const schema = new EntitySchema('members', { name: 'string', memberships: 'array' });

/** 1,400 records; channel "rare" has 37 admins, channel "common" has 700 (more than the cap). */
const RECORDS = Array.from({ length: 1400 }, (_, i) => ({
  id: `m${String(i).padStart(5, '0')}`,
  data: {
    name: `member ${i}`,
    memberships: [
      ...(i % 37 === 5 ? [{ channel: 'rare', role: 'admin', joined: 1_600_000_000 + i }] : []),
      { channel: 'common', role: i % 2 === 0 ? 'admin' : 'member', joined: 1_500_000_000 + i },
    ],
  },
}));

/** Every SQL statement the search sends. */
function spying(engine: SqlEngine): { engine: SqlEngine; statements: string[] } {
  const statements: string[] = [];
  const spy = Object.create(engine) as SqlEngine;
  spy.query = (sql, params) => {
    statements.push(sql);
    return engine.query(sql, params);
  };
  return { engine: spy, statements };
}

describe.each(engineCases)('searches led by an `any` condition on $name', (engineCase) => {
  const scope = { tenantId: uniqueTenant('any-candidates'), connectorId: 'members-1', entity: 'members' };
  const copy = useSearchedCopy(engineCase, schema, scope, RECORDS);

  async function pages(filter: Record<string, unknown>, limit: number) {
    const spy = spying(copy.engine);
    const search = new RecordSearch(spy.engine, { cursorSecret: TEST_CURSOR_SECRET });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search.search(scope, parseSearchParams({ query: { filter }, limit, ...(cursor ? { cursor } : {}) }, schema));
      ids.push(...page.hits.map((h) => h.id));
      cursor = page.next_cursor;
    } while (cursor);
    return { ids, statements: spy.statements };
  }

  const expected = (channel: string) =>
    RECORDS.filter((r) => r.data.memberships.some((m) => m.channel === channel && m.role === 'admin' && m.joined >= 1_550_000_000)).map(
      (r) => r.id,
    );

  it.skipIf(engineCase.skip)('few matches: collected through the index, then paged in id order', async () => {
    const filter = { any: { memberships: { eq: { channel: 'rare', role: 'admin' }, gte: { joined: 1_550_000_000 } } } };
    const { ids, statements } = await pages(filter, 10);
    expect(ids).toEqual(expected('rare'));
    expect(ids.length).toBeGreaterThan(10);
    // Each page: the capped id collection (no ORDER BY), then the page's records.
    expect(statements.filter((sql) => /SELECT r\.record_id FROM sy_records r/.test(sql) && !/ORDER BY/.test(sql))).toHaveLength(
      Math.ceil(ids.length / 10),
    );
  });

  it.skipIf(engineCase.skip)(`more matches than the cap (${ANY_CANDIDATE_CAP}): the ordinary plan answers, same pages`, async () => {
    const filter = { any: { memberships: { eq: { channel: 'common', role: 'admin' } } } };
    const { ids } = await pages(filter, 250);
    const want = RECORDS.filter((r) => r.data.memberships.some((m) => m.channel === 'common' && m.role === 'admin')).map((r) => r.id);
    expect(want.length).toBeGreaterThan(ANY_CANDIDATE_CAP);
    expect(ids).toEqual(want);
  });
});
