// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  COMMON_WORDS_RANKING_CAP,
  EntitySchema,
  RecordSearch,
  RecordStore,
  ensureSearchIndexes,
  estimatedWordShare,
  migrate,
  parseSearchParams,
  planSearch,
  searchMode,
  type SearchHit,
  type SqlEngine,
  type SqlRunner,
} from '../src/index.js';
import { BOUNDED_STRING_KEYS_SQL } from '../src/migrations/bounded-string-keys.js';
import { lowerKey, stringKey } from '../src/search/plan/field-sql.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { TEST_CURSOR_SECRET } from './support/store-fixture.js';

/**
 * The plans chosen for expensive shapes (bench/search.ts measures them at 1M records): stricter
 * fuzzy passes must return exactly what the plain plan returns, and common keywords are ranked
 * from the first holders in record id order.
 */
const people = new EntitySchema('people', { id: 'string', full_name: 'string', bio: 'string', team: 'string' });

/** An engine that remembers every statement it ran, transactions included. */
function recording(engine: SqlEngine): { engine: SqlEngine; statements: string[] } {
  const statements: string[] = [];
  const wrap = (runner: SqlRunner): SqlRunner => ({
    query: (sql, params) => {
      statements.push(sql);
      return runner.query(sql, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return runner.exec(sql);
    },
  });
  return {
    statements,
    engine: {
      ...wrap(engine),
      kind: engine.kind,
      transaction: (fn) => engine.transaction((tx) => fn(wrap(tx))),
      close: () => engine.close(),
    },
  };
}

const id = (i: number): string => `p${String(i).padStart(4, '0')}`;

function person(i: number): { id: string; data: Record<string, unknown> } {
  // 40 Grace Hoppers, a few near names, 3 Grace Hopkins, the rest Alan Turings and others.
  const names = ['Grace Hopper', 'Grace Hoppe', 'Grayce Hopper', 'Grace Hopkins', 'Alan Turing', 'Ada Lovelace', 'Hopper Grace'];
  const name = i < 40 ? names[0] : i < 45 ? names[1 + (i % 2)] : i < 48 ? names[3] : i < 50 ? names[6] : names[4 + (i % 2)];
  // "common" in 9 records of 10, five times in records from 600 on; "rareword" in record 3 only.
  const common = i % 10 === 0 ? '' : i >= 600 ? 'common common common common common' : 'common';
  return {
    id: id(i),
    data: {
      id: id(i),
      full_name: name,
      bio: `${common} notes about ${i % 7 === 0 ? 'ops' : 'dev'}${i === 3 ? ' rareword' : ''}`,
      team: i % 3 === 0 ? 'ops' : 'dev',
    },
  };
}

describe.each(engineCases)('search plans on $name', ({ open, skip }) => {
  let engine: SqlEngine;
  const scope = { tenantId: uniqueTenant('plans'), connectorId: 'people-1', entity: 'people' };

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
    // No fuzzy dictionaries: these tests cover the record-level plans (stricter passes); the
    // dictionary plans are covered in search-dictionary.test.ts.
    await ensureSearchIndexes(engine, people, { fuzzyDictionaryFields: [] });
    await new RecordStore(engine).upsert(
      scope,
      Array.from({ length: 1000 }, (_, i) => person(i)),
    );
    await engine.exec('ANALYZE sy_records');
  });
  afterAll(async () => {
    if (skip) return;
    await new RecordStore(engine).deleteConnector(scope);
    await engine.close();
  });

  /** The single-statement plan at the default threshold, without stricter passes. */
  async function plain(params: Record<string, unknown>): Promise<{ id: string; score: number }[]> {
    const parsed = parseSearchParams(params, people);
    const plan = planSearch(scope, parsed, searchMode(parsed), null);
    const rows = await engine.query<{ record_id: string; score: number }>(plan.sql, plan.params.values);
    return rows.slice(0, parsed.limit).map((r) => ({ id: r.record_id, score: Number(r.score) }));
  }

  const brief = (hits: readonly SearchHit[]) => hits.map((h) => ({ id: h.id, score: h.score }));

  it.skipIf(skip)('a fuzzy search that the strictest pass fills returns exactly the plain plan’s hits, from that pass alone', async () => {
    const recorder = recording(engine);
    const search = new RecordSearch(recorder.engine, { cursorSecret: TEST_CURSOR_SECRET });
    const params = { query: { filter: { fuzzy: { full_name: 'grace hoper' } } }, limit: 10 };
    const response = await search.search(scope, parseSearchParams(params, people));
    expect(brief(response.hits)).toEqual(await plain(params));
    const thresholds = recorder.statements.filter((sql) => sql.includes("set_config('pg_trgm.similarity_threshold'"));
    expect(thresholds).toHaveLength(1);
    // The filter keeps its own threshold while `%` carries the stricter one.
    expect(recorder.statements.some((sql) => /similarity\(.*\) >= 0\.3/.test(sql) && sql.includes(' % '))).toBe(true);
  });

  it.skipIf(skip)('fuzzy passes that do not fill a page fall through to the plain threshold with the same hits', async () => {
    const recorder = recording(engine);
    const search = new RecordSearch(recorder.engine, { cursorSecret: TEST_CURSOR_SECRET });
    const params = { query: { filter: { fuzzy: { full_name: 'grace hopkins' } } }, limit: 200 };
    const response = await search.search(scope, parseSearchParams(params, people));
    expect(brief(response.hits)).toEqual(await plain(params));
    expect(recorder.statements.filter((sql) => sql.includes("set_config('pg_trgm.similarity_threshold'"))).toHaveLength(3);
  });

  it.skipIf(skip)('paging a ranked fuzzy search (also under or) with stricter passes yields the plain ranking, page by page', async () => {
    const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    for (const filter of [
      { fuzzy: { full_name: 'grace hoper' } },
      { or: [{ fuzzy: { full_name: 'grace hoper' } }, { eq: { team: 'ops' }, like: { full_name: 'ada%' } }], not: { eq: { id: id(1) } } },
    ]) {
      const all = await plain({ query: { filter }, limit: 1000 });
      const seen: { id: string; score: number }[] = [];
      let cursor: string | null = null;
      do {
        const response = await search.search(
          scope,
          parseSearchParams({ query: { filter }, limit: 7, ...(cursor ? { cursor } : {}) }, people),
        );
        seen.push(...brief(response.hits));
        cursor = response.next_cursor;
      } while (cursor);
      expect(seen).toEqual(all);
    }
  });

  it.skipIf(skip)('estimates the share of records holding a word from the tsvector index statistics', async () => {
    const bio = people.resolve('bio');
    if (typeof bio === 'string') throw new Error(bio);
    expect(await estimatedWordShare(engine, 'people', bio, 'common')).toBeGreaterThan(0.5);
    expect(await estimatedWordShare(engine, 'people', bio, 'rareword')).toBeLessThan(0.2);
  });

  it.skipIf(skip)('a common keyword is ranked among its first holders in record id order; a rare one through the index', async () => {
    const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    const holders = Array.from({ length: 1000 }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .map(id);
    const firstHolders = new Set(holders.slice(0, COMMON_WORDS_RANKING_CAP));
    const common = await search.search(scope, parseSearchParams({ query: { filter: { keyword: { bio: 'common' } } }, limit: 20 }, people));
    // Records from 600 on say "common" five times and would outrank these, but lie beyond the cap.
    expect(common.hits.map((h) => h.id)).toEqual(holders.slice(0, 20));
    expect(common.hits.every((h) => firstHolders.has(h.id) && h.score > 0)).toBe(true);
    const rare = await search.search(scope, parseSearchParams({ query: { filter: { keyword: { bio: 'rareword' } } } }, people));
    expect(rare.hits.map((h) => h.id)).toEqual([id(3)]);
  });

  it.skipIf(skip)('a string longer than a btree entry is stored, compared exactly and sorted by its first 256 characters', async () => {
    const docs = new EntitySchema('docs', { id: 'string', body: 'string' });
    await ensureSearchIndexes(engine, docs);
    const docsScope = { ...scope, connectorId: 'docs-1', entity: 'docs' };
    const shared = 'x'.repeat(300);
    const huge = Array.from({ length: 2000 }, (_, i) => `w${(i * 7919) % 100000}`).join(' ');
    const store = new RecordStore(engine);
    // Whole-value btree keys refused anything past about 2.7 kB: this upsert failed.
    await store.upsert(docsScope, [
      { id: 'd1', data: { body: `${shared}b` } },
      { id: 'd2', data: { body: `${shared}a` } },
      { id: 'd3', data: { body: huge } },
      { id: 'd4', data: { body: 'short' } },
    ]);
    onTestFinished(() => store.deleteConnector(docsScope).then(() => undefined));
    const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    const find = async (params: Record<string, unknown>) =>
      (await search.search(docsScope, parseSearchParams(params, docs))).hits.map((h) => h.id);
    expect(await find({ query: { filter: { gt: { body: `${shared}a` } } } })).toEqual(['d1']);
    expect(await find({ query: { filter: { lte: { body: `${shared}a` } } } })).toEqual(['d2', 'd3', 'd4']);
    expect(await find({ query: { filter: { eq: { body: huge } } } })).toEqual(['d3']);
    expect(await find({ query: { filter: { like: { body: `${huge.slice(0, 300)}%` } } } })).toEqual(['d3']);
    expect(await find({ query: { filter: { keyword: { body: 'w7919' } } } })).toEqual(['d3']);
    // Equal first 256 characters: ties by record id, not by the rest of the value.
    expect(await find({ query: { sort: [{ body: 'asc' }] } })).toEqual(['d4', 'd3', 'd1', 'd2']);
  });

  it.skipIf(skip)('migration 4 drops whole-value string key indexes and keeps the bounded ones', async () => {
    // Migration 4 ran on the table before it was partitioned (migration 10), when every entity's
    // indexes were partial indexes of sy_records: both kinds are made that way here.
    const suffix = Math.random().toString(36).slice(2, 8);
    const oldIndex = `sy_probe_old_key_${suffix}`;
    const bounded = [`sy_probe_body_key256_${suffix}`, `sy_probe_body_lower256_${suffix}`];
    const partial = "WHERE entity = 'no-such-entity'";
    await engine.exec(
      `CREATE INDEX ${oldIndex} ON sy_records (tenant_id, connector_id, ((data->>'body') COLLATE "C"), record_id) ${partial}`,
    );
    await engine.exec(
      `CREATE INDEX ${bounded[0]} ON sy_records (tenant_id, connector_id, ${stringKey('data', ['body'])}, record_id) ${partial}`,
    );
    await engine.exec(
      `CREATE INDEX ${bounded[1]} ON sy_records (tenant_id, connector_id, ${lowerKey('data', ['body'])}, record_id) ${partial}`,
    );
    const names = async () =>
      (await engine.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'sy_records'")).map(
        (r) => r.indexname,
      );
    const before = await names();
    expect(before).toEqual(expect.arrayContaining([oldIndex, ...bounded, 'sy_records_pkey', 'sy_records_data_path_ops']));
    await engine.exec(BOUNDED_STRING_KEYS_SQL);
    const after = await names();
    expect(after).not.toContain(oldIndex);
    // Every other index is still there; other suites sharing the database may add indexes
    // meanwhile, never remove them.
    expect(before.filter((n) => n !== oldIndex && !after.includes(n))).toEqual([]);
    for (const name of bounded) await engine.exec(`DROP INDEX ${name}`);
  });
});
