/**
 * Opens the search benchmark's stores and fills them once: 1,000,000 users of one connector plus
 * 200,000 of two others. A loaded store is kept between runs (PGlite: a data directory under
 * SWITCHYARD_BENCH_DIR, default /tmp/switchyard-bench; PostgreSQL: the database named by
 * SWITCHYARD_BENCH_DATABASE_URL), recognised by its record counts, so only the first run pays
 * for loading. Search indexes are created after the bulk load (one index build is much cheaper
 * than maintaining every index row by row); the ingest row measures the indexed path separately.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  RecordStore,
  ensureSearchIndexes,
  migrate,
  openPgliteEngine,
  openPostgresEngine,
  type EntityScope,
  type SqlEngine,
} from '@switchyard/server';
import { progress } from './stats.js';
import {
  BENCH_TENANT,
  DATASET_VERSION,
  FUZZY_DICTIONARY_FIELDS,
  MAIN,
  OTHERS,
  TEXT_FIELDS,
  benchUser,
  benchUsersSchema,
} from './search-dataset.js';

export const MAIN_COUNT = 1_000_000;
const LOAD_BATCH = 5_000;

export type StoreKind = 'pglite' | 'postgres';

export function benchDir(): string {
  return process.env['SWITCHYARD_BENCH_DIR'] ?? '/tmp/switchyard-bench';
}

/**
 * The embedded store lives where the service keeps it (`<data dir>/store`), so the cold-start
 * benchmark can start `switchyard serve --data-dir` on it (PGlite does not follow a symlink).
 */
export function serviceDataDir(): string {
  return join(benchDir(), `service-${DATASET_VERSION}`);
}

export function pgliteDataDir(): string {
  return join(serviceDataDir(), 'store');
}

export function benchDatabaseUrl(): string | undefined {
  return process.env['SWITCHYARD_BENCH_DATABASE_URL'] || undefined;
}

export async function openBenchEngine(kind: StoreKind): Promise<SqlEngine> {
  if (kind === 'pglite') {
    mkdirSync(serviceDataDir(), { recursive: true, mode: 0o700 });
    return openPgliteEngine({ dataDir: pgliteDataDir(), maxWalSize: '1GB' });
  }
  const url = benchDatabaseUrl();
  if (!url) throw new Error('SWITCHYARD_BENCH_DATABASE_URL is not set');
  return openPostgresEngine({ connectionString: url, maxConnections: 2 });
}

export interface PreparedStore {
  engine: SqlEngine;
  /** Records/s of the bulk load, when this run loaded the data (null when it was cached). */
  loadRate: number | null;
  loadMs: number | null;
  indexMs: number;
}

/** Migrates, loads the dataset when missing, builds the search indexes and refreshes statistics. */
export async function prepareStore(kind: StoreKind): Promise<PreparedStore> {
  const engine = await openBenchEngine(kind);
  await migrate(engine);
  const store = new RecordStore(engine);
  const datasets: (EntityScope & { count: number; seed: number; prefix: string })[] = [
    { ...MAIN, count: MAIN_COUNT, seed: 1, prefix: 'U' },
    ...OTHERS.map((o, i) => ({ ...o, prefix: `W${i}` })),
  ];
  let loaded = 0;
  let loadMs = 0;
  for (const ds of datasets) {
    const have = await store.count(ds);
    if (have === ds.count) continue;
    if (have > 0) await store.deleteConnector(ds);
    progress(`${kind}: loading ${ds.count.toLocaleString('en-US')} users of ${ds.connectorId}`);
    const t0 = performance.now();
    for (let start = 0; start < ds.count; start += LOAD_BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(ds.count, start + LOAD_BATCH); i++) batch.push(benchUser(i, ds.seed, ds.prefix));
      await store.upsert(ds, batch, { runId: 'bench-load' });
      if ((start / LOAD_BATCH) % 40 === 0 && start > 0) {
        const rate = start / ((performance.now() - t0) / 1000);
        progress(`${kind}: ${start.toLocaleString('en-US')} loaded (${Math.round(rate).toLocaleString('en-US')} records/s)`);
      }
    }
    loadMs += performance.now() - t0;
    loaded += ds.count;
  }
  const t1 = performance.now();
  progress(`${kind}: ensuring search indexes`);
  await ensureSearchIndexes(engine, benchUsersSchema, { textFields: TEXT_FIELDS, fuzzyDictionaryFields: FUZZY_DICTIONARY_FIELDS });
  if (loaded > 0) await engine.exec('VACUUM ANALYZE sy_records');
  const indexMs = performance.now() - t1;
  return { engine, loadRate: loaded > 0 ? loaded / (loadMs / 1000) : null, loadMs: loaded > 0 ? loadMs : null, indexMs };
}

export { BENCH_TENANT };
