/**
 * One cold start, in its own process (see bench/search-cold-start.ts): open the PGlite store
 * named on the command line, migrate, ensure the search indexes, run the first search. Prints
 * one JSON line with the timings.
 */
const started = performance.now();
const server = await import('@switchyard/server');
const { MAIN, TEXT_FIELDS, FUZZY_DICTIONARY_FIELDS, benchUsersSchema } = await import('./search-dataset.js');
const importMs = performance.now() - started;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: cold-start-child.ts <pglite data dir>');
const t0 = performance.now();
const engine = await server.openPgliteEngine({ dataDir, maxWalSize: '1GB' });
const t1 = performance.now();
await server.migrate(engine);
await server.ensureSearchIndexes(engine, benchUsersSchema, { textFields: TEXT_FIELDS, fuzzyDictionaryFields: FUZZY_DICTIONARY_FIELDS });
const t2 = performance.now();
const search = new server.RecordSearch(engine, { cursorSecret: 'bench-cursor-secret-0123456789abcdef' });
const response = await search.search(
  MAIN,
  server.parseSearchParams({ query: { filter: { fuzzy: { real_name: 'grace hoper' } } }, limit: 20 }, benchUsersSchema),
);
const t3 = performance.now();
await engine.close();
process.stdout.write(
  `${JSON.stringify({ importMs, openMs: t1 - t0, migrateMs: t2 - t1, firstSearchMs: t3 - t2, totalMs: t3 - t0, hits: response.hits.length })}\n`,
);
