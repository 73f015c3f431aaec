import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DurableNodeFS } from './durable-node-fs.js';
import { pgliteWasmOptions } from './postgres-wasm.js';
import { unpackShippedTemplate } from './shipped-template.js';
import type { SqlEngine, SqlParam, SqlRunner } from './sql-engine.js';
import { checkSqlParams } from './sql-text.js';

/**
 * The PostgreSQL extensions every embedded store loads: the migrations create `pg_trgm`, so the
 * stores, their dumps and the directory the build ships (write-template.ts) all load the same set.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export interface PgliteEngineOptions {
  /** Directory holding the database; omitted means in memory (tests, throwaway stores). */
  dataDir?: string;
  /** Upper bound of the write-ahead log kept between checkpoints (default 256MB). */
  maxWalSize?: string;
  /**
   * An in-memory store only: a data directory dumped by `dumpPgliteDataDir` to start from instead
   * of running `initdb`, which is most of an in-memory store's start (the suites open dozens).
   */
  loadDataDir?: Blob;
}

/**
 * The embedded store: PostgreSQL in WASM, nothing to install. One process may open a data
 * directory at a time (PGlite is single-user), so the service must be its only writer.
 */
export async function openPgliteEngine(options: PgliteEngineOptions = {}): Promise<SqlEngine> {
  const onDisk = options.dataDir !== undefined;
  if (onDisk && options.loadDataDir) throw new TypeError('loadDataDir is for an in-memory store, not one with a dataDir');
  // PGlite starts PostgreSQL with `-F` (fsync off). On disk we drop that flag, so PostgreSQL asks
  // for every flush it needs, and mount the directory through a filesystem that passes `fsync` on to
  // the OS, with the write-ahead log flushed by `fsync` (PGlite's own Node filesystem drops both
  // `fsync` and `fdatasync`: durable-node-fs.ts). A commit is then on the disk when it returns. In
  // memory there is nothing to flush.
  const startParams = onDisk ? PGlite.defaultStartParams.filter((p) => p !== '-F') : PGlite.defaultStartParams;
  // A new store on disk starts from the data directory the build ships (shipped-template.ts).
  if (onDisk) unpackShippedTemplate(options.dataDir!);
  const db = await PGlite.create({
    // This thread's compiled PostgreSQL (a store's thread adopts its opener's): postgres-wasm.ts.
    ...(await pgliteWasmOptions()),
    ...(onDisk ? { fs: new DurableNodeFS(options.dataDir!) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams,
    postgresqlconf: [
      `max_wal_size = '${walSize(options.maxWalSize)}'`,
      ...(onDisk ? [`wal_sync_method = 'fsync'`] : [`shared_buffers = '${IN_MEMORY_SHARED_BUFFERS}'`]),
    ],
  });
  return new PgliteEngine(db);
}

/**
 * PostgreSQL's buffer pool for an in-memory store. PGlite's default is 128MB, allocated and
 * zeroed at every start; in memory the data directory itself is already in this process's
 * memory, so a large pool is a second copy of pages a read would copy from next door anyway. The
 * smaller pool makes an in-memory store's start about a fifth cheaper and its WebAssembly memory
 * smaller, and it grows that memory less (each growth makes V8 count external memory, which
 * forces a full garbage collection of the whole process's heap: CONTRIBUTING.md). A store on
 * disk keeps the default: there the pool saves a system call per page read.
 */
const IN_MEMORY_SHARED_BUFFERS = '16MB';

/**
 * A new store's data directory as a tarball, for `loadDataDir` (`gzip` for the one the package
 * ships, plain for a dump loaded again in the same process). `prepare` runs on the store before it
 * is dumped; without it the store is empty (the build's migrates it: shipped-template.ts).
 */
export async function dumpPgliteDataDir(
  compression: 'none' | 'gzip' = 'none',
  prepare?: (engine: SqlEngine) => Promise<unknown>,
): Promise<Blob> {
  const db = await PGlite.create({ ...(await pgliteWasmOptions()), extensions: PGLITE_EXTENSIONS, startParams: PGlite.defaultStartParams });
  try {
    if (prepare) await prepare(new PgliteEngine(db));
    return await db.dumpDataDir(compression);
  } finally {
    await db.close();
  }
}

function walSize(value: string | undefined): string {
  const size = value ?? '256MB';
  // Goes into postgresql.conf, so only a plain size is accepted.
  if (!/^\d+(kB|MB|GB)$/.test(size)) throw new TypeError(`maxWalSize must look like 256MB, got ${JSON.stringify(size)}`);
  return size;
}

interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<unknown>;
}

function runner(db: PgliteLike): SqlRunner {
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      checkSqlParams(params);
      return (await db.query<R>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** A PGlite database as the service's SqlEngine. */
export class PgliteEngine implements SqlEngine {
  readonly kind = 'pglite' as const;
  readonly #db: PGlite;
  readonly #runner: SqlRunner;
  constructor(db: PGlite) {
    this.#db = db;
    this.#runner = runner(db);
  }
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    return this.#runner.query<R>(sql, params);
  }
  exec(sql: string): Promise<void> {
    return this.#runner.exec(sql);
  }
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => fn(runner(tx)));
  }
  close(): Promise<void> {
    return this.#db.close();
  }
}
