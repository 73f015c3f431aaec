/**
 * Records and search values holding what PostgreSQL text cannot (U+0000, lone surrogates) and
 * their neighbours (the store's escape characters, U+FFFD, combining marks, astral characters):
 * the copy keeps every record exactly (ids, values, keys at any depth), and every operator either
 * matches exactly as on the original strings or — for fuzzy and keyword, which have no exact
 * answer — answers without failing. Property-based, on PGlite and PostgreSQL.
 *
 * @module-tag connector/messaging
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EntitySchema,
  RecordSearch,
  RecordStore,
  UnstorableTextError,
  ensureSearchIndexes,
  migrate,
  type SqlEngine,
} from '../src/index.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { TEST_CURSOR_SECRET } from './support/store-fixture.js';
import { compareCodePoints, likeMatches, unicodeString } from './support/unicode-strings.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

const schema = new EntitySchema('notes', { title: 'string', tags: 'array', profile: 'object', items: 'array' });

interface Note {
  id: string;
  data: { title: string; tags: string[]; profile: Record<string, unknown>; items: { name: string }[] };
}

/** A fixed copy (the same on every run): ids, values and keys drawn from the unicode alphabet. */
const notes: Note[] = fc
  .sample(
    fc.record({
      id: unicodeString(4),
      title: unicodeString(6),
      tags: fc.array(unicodeString(3), { maxLength: 3 }),
      profileTitle: unicodeString(4),
      key: unicodeString(3),
      innerKey: unicodeString(3),
      deep: unicodeString(4),
      item: unicodeString(3),
    }),
    { numRuns: 80, seed: 4242 },
  )
  .map((r, i) => ({
    id: `n${i}:${r.id}`,
    data: {
      title: r.title,
      tags: r.tags,
      profile: { title: r.profileTitle, [`k${r.key}`]: { [r.innerKey]: r.deep } },
      items: [{ name: r.item }],
    },
  }));

// Words separated by U+0000 and a lone surrogate.
notes.push({ id: 'words', data: { title: 'ab\u0000cd\ud800ef', tags: [], profile: {}, items: [] } });

const titles = notes.map((n) => n.data.title);
/** Values that occur in the copy, and values that may not. */
const value = fc.oneof(fc.constantFrom(...titles), unicodeString(6));
const piece = fc.oneof(
  fc
    .constantFrom(...titles)
    .chain((t) => fc.tuple(fc.nat(t.length), fc.nat(t.length)).map(([a, b]) => t.slice(Math.min(a, b), Math.max(a, b)))),
  unicodeString(2),
);
const pattern = fc.oneof(
  piece.map((p) => `%${p}%`),
  piece.map((p) => `${p}%`),
  piece.map((p) => `%${p}`),
  fc.tuple(piece, piece).map(([a, b]) => `${a}%${b}`),
  value,
);

const sortedIds = (list: readonly Note[]) => list.map((n) => n.id).sort(compareCodePoints);

describe.each(engineCases)('unicode in records and search values on $name', ({ open, skip }) => {
  let engine: SqlEngine;
  let store: RecordStore;
  let search: RecordSearch;
  const scope = { tenantId: uniqueTenant('unicode'), connectorId: 'conn-unicode', entity: 'notes' };
  const ids = async (filter: unknown) => {
    const response = await search.search(scope, parseSearchParams({ query: { filter } }, schema));
    return response.hits.map((h) => h.id).sort(compareCodePoints);
  };
  const expected = (predicate: (n: Note) => boolean) => sortedIds(notes.filter(predicate));

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
    await ensureSearchIndexes(engine, schema);
    store = new RecordStore(engine);
    search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    expect(await store.upsert(scope, notes)).toBe(notes.length);
  });
  afterAll(async () => {
    if (skip) return;
    await store.deleteConnector(scope);
    await engine.close();
  });

  it.skipIf(skip)('keeps every record exactly: ids, values and keys at every depth', async () => {
    for (const note of notes) {
      const stored = await store.get(scope, note.id);
      expect(stored?.id).toBe(note.id);
      expect(stored?.data).toEqual(note.data);
    }
    const all = await search.search(scope, parseSearchParams({ query: {} }, schema));
    expect(all.hits.map((h) => h.id)).toEqual(sortedIds(notes));
    expect(all.hits.map((h) => h.data)).toEqual(sortedIds(notes).map((id) => notes.find((n) => n.id === id)!.data));
  });

  it.skipIf(skip)('eq, neq, in, nested eq, contains and any match exactly', async () => {
    await fc.assert(
      fc.asyncProperty(value, value, async (v, w) => {
        expect(await ids({ eq: { title: v } })).toEqual(expected((n) => n.data.title === v));
        expect(await ids({ neq: { title: v } })).toEqual(expected((n) => n.data.title !== v));
        expect(await ids({ in: { title: [v, w] } })).toEqual(expected((n) => n.data.title === v || n.data.title === w));
        expect(await ids({ eq: { 'profile.title': v } })).toEqual(expected((n) => n.data.profile['title'] === v));
        expect(await ids({ contains: { tags: v } })).toEqual(expected((n) => n.data.tags.includes(v)));
        expect(await ids({ any: { items: { eq: { name: v } } } })).toEqual(expected((n) => n.data.items.some((i) => i.name === v)));
      }),
      { numRuns: 40 },
    );
  });

  it.skipIf(skip)('ranges and like follow the original strings (code points; a lone surrogate is its own unit)', async () => {
    await fc.assert(
      fc.asyncProperty(value, pattern, async (v, p) => {
        expect(await ids({ gt: { title: v } })).toEqual(expected((n) => compareCodePoints(n.data.title, v) > 0));
        expect(await ids({ lte: { title: v } })).toEqual(expected((n) => compareCodePoints(n.data.title, v) <= 0));
        expect(await ids({ like: { title: p } })).toEqual(expected((n) => likeMatches(n.data.title, p)));
      }),
      { numRuns: 60 },
    );
  });

  it.skipIf(skip)('sorts by the original strings, page after page through cursors', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await search.search(
          scope,
          parseSearchParams(
            {
              query: { sort: [{ title: direction }] },
              limit: 7,
              ...(cursor ? { cursor } : {}),
            },
            schema,
          ),
        );
        seen.push(...page.hits.map((h) => h.id));
        cursor = page.next_cursor;
      } while (cursor);
      const sign = direction === 'asc' ? 1 : -1;
      const order = [...notes].sort((a, b) => sign * (compareCodePoints(a.data.title, b.data.title) || compareCodePoints(a.id, b.id)));
      expect(seen).toEqual(order.map((n) => n.id));
    }
  });

  it.skipIf(skip)('fuzzy and keyword answer (ranked, within the copy) whatever the text holds', async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        fc.pre(/[\p{L}\p{N}]/u.test(v));
        for (const filter of [{ fuzzy: { title: v } }, { keyword: { title: v } }, { keyword: { profile: v } }]) {
          const hits = await ids(filter);
          expect(hits.every((id) => notes.some((n) => n.id === id))).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
    // A word next to U+0000 or a lone surrogate is still a word, and so is a word's typo.
    expect(await ids({ keyword: { title: 'cd' } })).toEqual(['words']);
    expect(await ids({ keyword: { title: 'ef' } })).toEqual(['words']);
    expect(await ids({ fuzzy: { title: 'ab cd eff' } })).toContain('words');
  });

  it.skipIf(skip)('the engine refuses a parameter the driver would replace or the server refuse, before sending it', async () => {
    for (const text of ['eve\ud800', 'eve\udc00', 'eve\u0000']) {
      await expect(engine.query('SELECT $1::text AS t', [text])).rejects.toBeInstanceOf(UnstorableTextError);
      await expect(engine.transaction((tx) => tx.query('SELECT $1::text AS t', ['ok', text]))).rejects.toThrow(/parameter \$2/);
    }
    expect(await engine.query('SELECT $1::text AS t', ['eve\ufffd'])).toEqual([{ t: 'eve\ufffd' }]);
  });

  it.skipIf(skip)('deletes and reads by ids that hold U+0000 and lone surrogates', async () => {
    const odd = { ...scope, entity: 'odd' };
    await store.upsert(odd, [
      { id: 'x\u0000', data: { v: 1 } },
      { id: 'x\ud800', data: { v: 2 } },
      { id: 'x\ufffd', data: { v: 3 } },
    ]);
    expect((await store.get(odd, 'x\ud800'))?.data).toEqual({ v: 2 });
    expect(await store.get(odd, 'x\udc00')).toBeNull();
    expect(await store.deleteByIds(odd, ['x\u0000', 'x\udc00'])).toBe(1);
    expect((await store.get(odd, 'x\ufffd'))?.data).toEqual({ v: 3 });
    expect(await store.count(odd)).toBe(2);
  });
});
