/**
 * Search over the synced copy at scale: 1,000,000 users of one connector (plus 200,000 of two
 * others in the same table), a fixed mix of 12 query shapes (search-shapes.ts), p50 and p99 per
 * shape on PGlite and on PostgreSQL; and sync ingest records/s into each store once it holds all
 * that and every search index.
 *
 * Opt-in (`pnpm bench search`): the first run loads the stores (minutes); later runs reuse them
 * (see lib/search-stores.ts). PostgreSQL is measured when SWITCHYARD_BENCH_DATABASE_URL names a
 * database the benchmark may fill; otherwise its rows are left out and the notes say so.
 */
import { RecordSearch, RecordStore, parseSearchParams, type EntityScope, type SqlEngine } from '@switchyard/server';
import type { Result, Row } from './lib/result.js';
import { BENCH_TENANT, benchUser, benchUsersSchema, MAIN } from './lib/search-dataset.js';
import { SHAPES } from './lib/search-shapes.js';
import { benchDatabaseUrl, MAIN_COUNT, prepareStore, type StoreKind } from './lib/search-stores.js';
import { int, ms, percentile, progress } from './lib/stats.js';

const RUNS = Number(process.env['SWITCHYARD_BENCH_SEARCH_RUNS'] ?? 100);
const VARIANTS = 10;
const TARGET_MS: Record<StoreKind, number> = { postgres: 50, pglite: 150 };
const LABEL: Record<StoreKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const INGEST_COUNT = 20_000;
const INGEST_BATCH = 1_000;
/** Long enough for the benchmark's own use; the service reads its secret from configuration. */
const CURSOR_SECRET = 'bench-cursor-secret-0123456789abcdef';

/**
 * PGlite always, PostgreSQL when a database is named; SWITCHYARD_BENCH_SEARCH_STORES
 * (`pglite`, `postgres` or both, comma-separated) narrows that, e.g. to re-measure one store.
 */
function storesToMeasure(): StoreKind[] {
  const available: StoreKind[] = benchDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
  const wanted = process.env['SWITCHYARD_BENCH_SEARCH_STORES'];
  if (!wanted) return available;
  const names = wanted.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => name !== 'pglite' && name !== 'postgres');
  if (unknown.length > 0) throw new Error(`SWITCHYARD_BENCH_SEARCH_STORES: unknown store ${unknown.join(', ')} (pglite, postgres)`);
  if (names.includes('postgres') && !benchDatabaseUrl())
    throw new Error('SWITCHYARD_BENCH_SEARCH_STORES names postgres: set SWITCHYARD_BENCH_DATABASE_URL');
  return available.filter((kind) => names.includes(kind));
}

interface ShapeFigures {
  shape: string;
  p50: number;
  p99: number;
  max: number;
  hits: number;
}

export async function run(): Promise<Result> {
  const kinds = storesToMeasure();
  const rows: Row[] = [];
  const notes: string[] = [];
  const data: Record<string, unknown> = {};
  if (!benchDatabaseUrl()) notes.push('PostgreSQL not measured: set SWITCHYARD_BENCH_DATABASE_URL to a database the benchmark may fill.');
  for (const kind of kinds) {
    const prepared = await prepareStore(kind);
    const { engine } = prepared;
    try {
      const server = await serverSettings(engine);
      const ingest = await measureIngest(engine);
      const figures = await timeShapes(engine, kind);
      data[kind] = { server, ingest, figures, loadRate: prepared.loadRate, indexMs: prepared.indexMs };
      notes.push(`${LABEL[kind]} server: ${server.summary}`);
      if (server.warning && kind === 'postgres') notes.push(`${LABEL[kind]}: ${server.warning}`);
      if (prepared.loadRate !== null) {
        notes.push(`${LABEL[kind]}: bulk load ${int(prepared.loadRate)} records/s, then index build ${ms(prepared.indexMs)}`);
      }
      rows.push({
        question: `Sync ingest into ${LABEL[kind]} holding 1.2M records and every search index`,
        figure: `${int(ingest.rate)} records/s`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        method:
          `RecordStore.upsert of ${int(INGEST_COUNT)} new users in batches of ${int(INGEST_BATCH)} (one transaction each, as a sync page ` +
          'is written) into the loaded store, every index maintained; then the same records again (a re-sync of unchanged data: ' +
          `${int(ingest.resyncRate)} records/s on ${LABEL[kind]}); the records are deleted afterwards.`,
      });
      for (const f of figures) {
        const target = TARGET_MS[kind];
        rows.push({
          question: `Search 1M users on ${LABEL[kind]}: ${f.shape}`,
          figure: `p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`,
          baseline: '—',
          ratio: null,
          target: `p99 < ${target} ms`,
          met: f.p99 < target,
          method:
            `RecordSearch.search() end to end (validation, SQL, decoding, projection) over ${int(MAIN_COUNT)} users of one connector ` +
            'plus 200,000 of two others; 12 shapes timed round-robin, ' +
            `${RUNS} runs each after one warm-up per variant, parameters rotating over ${VARIANTS} variants (bench/lib/search-shapes.ts); ` +
            `data generated deterministically (bench/lib/search-dataset.ts). Server: ${server.summary}.`,
        });
        notes.push(`${LABEL[kind]} ${f.shape}: p50 ${ms(f.p50)} p99 ${ms(f.p99)} max ${ms(f.max)} (${f.hits} hits on variant 0)`);
      }
    } finally {
      await engine.close();
    }
  }
  return { name: 'search', rows, notes, data };
}

/**
 * The version and the memory settings the figures depend on: whether the records and indexes a
 * search touches are in shared buffers or must be read from the operating system's cache.
 */
async function serverSettings(engine: SqlEngine): Promise<{ summary: string; warning: string | null }> {
  const [row] = await engine.query<{
    version: string;
    shared_buffers: string;
    effective_cache_size: string;
    buffers: string;
    copy: string;
  }>(
    `SELECT split_part(version(), ' ', 2) AS version, current_setting('shared_buffers') AS shared_buffers,
            current_setting('effective_cache_size') AS effective_cache_size,
            pg_size_bytes(current_setting('shared_buffers'))::text AS buffers,
            pg_total_relation_size('sy_records')::text AS copy`,
  );
  const summary = `PostgreSQL ${row!.version}, shared_buffers ${row!.shared_buffers}, effective_cache_size ${row!.effective_cache_size}`;
  const copyGb = Number(row!.copy) / 2 ** 30;
  const warning =
    Number(row!.buffers) < Number(row!.copy)
      ? `the synced copy (${copyGb.toFixed(1)} GB with its indexes) does not fit in shared_buffers (${row!.shared_buffers}): ` +
        'searches that read thousands of records (selective eq, infix like) read them from the operating system and their p99 ' +
        'rises; packages/server/README.md, "Sizing PostgreSQL", says what to set'
      : null;
  return { summary, warning };
}

async function measureIngest(engine: SqlEngine): Promise<{ rate: number; resyncRate: number }> {
  const store = new RecordStore(engine);
  const scope: EntityScope = { tenantId: BENCH_TENANT, connectorId: 'bench-ingest', entity: 'users' };
  await store.deleteConnector(scope);
  const records = Array.from({ length: INGEST_COUNT }, (_, i) => benchUser(i, 9, 'I'));
  const write = async (): Promise<number> => {
    const t0 = performance.now();
    for (let start = 0; start < records.length; start += INGEST_BATCH) {
      await store.upsert(scope, records.slice(start, start + INGEST_BATCH), { runId: 'bench-ingest' });
    }
    return INGEST_COUNT / ((performance.now() - t0) / 1000);
  };
  try {
    progress('ingest: new records');
    const rate = await write();
    progress('ingest: re-sync of unchanged records');
    const resyncRate = await write();
    return { rate, resyncRate };
  } finally {
    await store.deleteConnector(scope);
    // The ingest leaves dead rows behind (the re-sync's updates, then the delete); vacuum them now,
    // so the searches timed next measure the store, not autovacuum cleaning up after the benchmark.
    await engine.exec('VACUUM (ANALYZE) sy_records');
    await engine.exec('VACUUM (ANALYZE) sy_field_values');
  }
}

async function timeShapes(engine: SqlEngine, kind: StoreKind): Promise<ShapeFigures[]> {
  const search = new RecordSearch(engine, { cursorSecret: CURSOR_SECRET });
  const scope: EntityScope = MAIN;
  // Per shape and variant: the params of the timed request (deep paging: with the cursor of page N).
  const prepared: Record<string, unknown>[][] = [];
  const hits: number[] = [];
  for (const shape of SHAPES) {
    const variants: Record<string, unknown>[] = [];
    for (let v = 0; v < VARIANTS; v++) {
      let params = shape.params(v);
      for (let page = 0; page < (shape.skipPages ?? 0); page++) {
        const response = await search.search(scope, parseSearchParams(params, benchUsersSchema));
        if (!response.next_cursor) throw new Error(`${shape.name}: result ended before page ${shape.skipPages}`);
        params = { ...shape.params(v), cursor: response.next_cursor };
      }
      const warm = await search.search(scope, parseSearchParams(params, benchUsersSchema));
      if (v === 0) hits.push(warm.hits.length);
      variants.push(params);
    }
    prepared.push(variants);
  }
  progress(`${kind}: timing ${SHAPES.length} shapes × ${RUNS} runs`);
  const samples: number[][] = SHAPES.map(() => []);
  for (let r = 0; r < RUNS; r++) {
    for (let s = 0; s < SHAPES.length; s++) {
      const params = prepared[s]![r % VARIANTS]!;
      const t0 = performance.now();
      await search.search(scope, parseSearchParams(params, benchUsersSchema));
      samples[s]!.push(performance.now() - t0);
    }
  }
  return SHAPES.map((shape, s) => ({
    shape: shape.name,
    p50: percentile(samples[s]!, 50),
    p99: percentile(samples[s]!, 99),
    max: Math.max(...samples[s]!),
    hits: hits[s]!,
  }));
}
