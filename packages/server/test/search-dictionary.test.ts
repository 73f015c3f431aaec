// @module-tag connector/messaging
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EntitySchema,
  RecordSearch,
  RecordStore,
  ensureSearchIndexes,
  migrate,
  parseSearchParams,
  planSearch,
  searchMode,
  type SqlEngine,
} from '../src/index.js';
import { dictionaryFields } from '../src/search/dictionary/field-dictionary.js';
import { indexName } from '../src/search/indexes/search-indexes.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { TEST_CURSOR_SECRET } from './support/store-fixture.js';

/**
 * Fuzzy conditions on fields with a dictionary of distinct values (src/search/dictionary/field-dictionary.ts)
 * look for similar values there and fetch the records holding them: the hits must be exactly
 * those of the trigram condition on the records, whatever was upserted or deleted before.
 */
const members = new EntitySchema('members', { id: 'string', full_name: 'string', team: 'string', about: 'string' });

const FIRST = ['Grace', 'Grayce', 'Alan', 'Ada', 'James', 'Jamie'];
const LAST = ['Hopper', 'Hoppe', 'Turing', 'Smith', 'Smyth', 'Lovelace'];

interface Member {
  id: string;
  data: Record<string, unknown>;
}

const member = fc.record({
  n: fc.integer({ min: 0, max: 59 }),
  first: fc.constantFrom(...FIRST),
  last: fc.constantFrom(...LAST),
  // a few values longer than the 256-character string key, differing only after it
  long: fc.constantFrom(null, 'a', 'b'),
  team: fc.constantFrom('ops', 'dev'),
  numeric: fc.boolean(),
});

function toMember(m: { n: number; first: string; last: string; long: string | null; team: string; numeric: boolean }): Member {
  const name = m.long === null ? `${m.first} ${m.last}` : `${m.first} ${m.last} ${'x'.repeat(260)}${m.long}`;
  return { id: `m${m.n}`, data: { id: `m${m.n}`, full_name: m.numeric ? 12345 : name, team: m.team } };
}

/** Runs the search's single-statement plan with or without the dictionary. */
async function planned(
  engine: SqlEngine,
  scope: { tenantId: string; connectorId: string; entity: string },
  params: unknown,
  dictionary: boolean,
) {
  const parsed = parseSearchParams(params, members);
  const plan = planSearch(scope, parsed, searchMode(parsed), null, dictionary ? { dictionaryFields: new Set(['full_name']) } : {});
  const rows = await engine.query<{ record_id: string; score: number }>(plan.sql, plan.params.values);
  return { sql: plan.sql, hits: rows.map((r) => `${r.record_id}:${Number(r.score).toFixed(6)}`) };
}

describe.each(engineCases)('fuzzy through field dictionaries on $name', ({ open, skip }) => {
  let engine: SqlEngine;
  const scope = { tenantId: uniqueTenant('dictionary'), connectorId: 'members-1', entity: 'members' };
  const early = { tenantId: scope.tenantId, connectorId: 'members-early', entity: 'members' };

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
    // Stored before the dictionary exists in a fresh database: the backfill must pick it up.
    await new RecordStore(engine).upsert(early, [{ id: 'e1', data: { id: 'e1', full_name: 'Grace Hopper' } }]);
    await ensureSearchIndexes(engine, members, { fuzzyDictionaryFields: ['full_name'] });
  });
  afterAll(async () => {
    if (skip) return;
    await new RecordStore(engine).deleteConnector(scope);
    await new RecordStore(engine).deleteConnector(early);
    await engine.close();
  });

  it.skipIf(skip)('registers only the fields asked for', async () => {
    expect([...(await dictionaryFields(engine, 'members'))]).toEqual(['full_name']);
  });

  it.skipIf(skip)('stops maintaining a field left out later, and drops its values', async () => {
    const other = new EntitySchema('members_narrowed', { id: 'string', title: 'string' });
    const narrowed = { ...scope, entity: 'members_narrowed' };
    await new RecordStore(engine).upsert(narrowed, [{ id: 'n1', data: { id: 'n1', title: 'Staff Engineer' } }]);
    const values = async () =>
      (
        await engine.query<{ n: number }>(
          `SELECT count(*)::integer AS n FROM sy_field_values WHERE entity = 'members_narrowed' AND tenant_id = $1`,
          [scope.tenantId],
        )
      )[0]!.n;
    await ensureSearchIndexes(engine, other);
    expect([...(await dictionaryFields(engine, 'members_narrowed'))].sort()).toEqual(['id', 'title']);
    expect(await values()).toBe(2);
    await ensureSearchIndexes(engine, other, { fuzzyDictionaryFields: ['title'] });
    expect([...(await dictionaryFields(engine, 'members_narrowed'))]).toEqual(['title']);
    expect(await values()).toBe(1);
    await new RecordStore(engine).deleteConnector(narrowed);
    expect(await values()).toBe(0);
  });

  it.skipIf(skip)('finds records stored before the dictionary was registered (backfill)', async () => {
    const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    const response = await search.search(early, parseSearchParams({ query: { filter: { fuzzy: { full_name: 'grace hoper' } } } }, members));
    expect(response.hits.map((h) => h.id)).toEqual(['e1']);
  });

  it.skipIf(skip)('returns exactly the hits of the trigram condition on the records after random upserts and deletes', async () => {
    const store = new RecordStore(engine);
    const filters = [
      (t: string) => ({ fuzzy: { full_name: t } }),
      (t: string) => ({ or: [{ fuzzy: { full_name: t } }, { eq: { team: 'ops' } }], not: { eq: { id: 'm3' } } }),
      (t: string) => ({ not: { fuzzy: { full_name: t } } }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(member, { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 10 }),
        fc.constantFrom('grace hoper', 'jmaes smith', 'alan', 'smyth', 'hopper grace', 'zzz'),
        fc.constantFrom(0, 1, 2),
        fc.boolean(),
        async (batch, deleted, text, which, sorted) => {
          await store.upsert(scope, batch.map(toMember));
          await store.deleteByIds(
            scope,
            deleted.map((n) => `m${n}`),
          );
          const params = { query: { filter: filters[which]!(text), ...(sorted ? { sort: [{ id: 'asc' }] } : {}) }, limit: 1000 };
          const withDictionary = await planned(engine, scope, params, true);
          const without = await planned(engine, scope, params, false);
          expect(withDictionary.sql).toContain('sy_field_values');
          expect(withDictionary.hits).toEqual(without.hits);
          if (!sorted) {
            // Page by page (3 hits a page; ranked from the dictionary, dictionary-ranking.ts): the same hits.
            const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
            const paged: string[] = [];
            let cursor: string | null = null;
            do {
              const page = await search.search(scope, parseSearchParams({ ...params, limit: 3, ...(cursor ? { cursor } : {}) }, members));
              paged.push(...page.hits.map((h) => `${h.id}:${h.score.toFixed(6)}`));
              cursor = page.next_cursor;
            } while (cursor);
            expect(paged).toEqual(without.hits);
          }
          expect(
            (
              await new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET }).search(scope, parseSearchParams(params, members))
            ).hits.map((h) => `${h.id}:${h.score.toFixed(6)}`),
          ).toEqual(without.hits);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.skipIf(skip)('looks for similar values in the dictionary, never through the records’ trigram index', async () => {
    const { sql, params } = (() => {
      const parsed = parseSearchParams({ query: { filter: { fuzzy: { full_name: 'jmaes smith' } } }, limit: 20 }, members);
      const plan = planSearch(scope, parsed, searchMode(parsed), null, { dictionaryFields: new Set(['full_name']) });
      return { sql: plan.sql, params: plan.params.values };
    })();
    const explained = await engine.transaction(async (tx) => {
      // Tiny tables: without this the planner scans them whole, which says nothing about indexes.
      await tx.exec('SET LOCAL enable_seqscan = off');
      const rows = await tx.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    // Which sy_field_values index, and how it is scanned (plain, index-only or bitmap), is the
    // planner's choice from the table's size and statistics (the trigram one at bench scale).
    expect(explained).toMatch(/(?:Index Scan using|Index Only Scan using|Bitmap Index Scan on) sy_field_values_\w+/);
    expect(explained).not.toContain(indexName('members', 'full_name', 'trgm'));
  });
});
