/**
 * The build's side of shipped-template.ts: makes the data directory the package ships. Only the
 * build imports this module (scripts/write-pglite-template.mjs), so neither a store's thread nor the
 * service loads it.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create as createTar } from 'tar';
import { makeOwnerOnly } from '../data-dir.js';
import { PGLITE_EXTENSIONS, PgliteEngine } from './pglite-engine.js';
import { pgliteWasmOptions } from './postgres-wasm.js';
import type { SqlEngine } from './sql-engine.js';

/**
 * Writes a new store's data directory to `file` as a gzipped tarball, `prepare`d (the build
 * migrates it). Made on disk in a temporary directory and closed before it is packed, so PostgreSQL
 * has shut down cleanly and a store started from it has no crash recovery to run. The build used to
 * ship `dumpPgliteDataDir`'s dump of a running store, and every store made from that began by
 * replaying the write-ahead log from initdb's checkpoint (every migration again) and flushing every
 * file of the directory: `switchyard serve`'s first start on a new data directory, to listening,
 * cost about 0.4 CPU s more (the median of eight paired starts, of 3.3 to 6.6 CPU s each on a noisy
 * machine; CONTRIBUTING.md, "Where the suite's time goes"). Entries are named `./<path>`, relative
 * to the data directory, and owner-only (`makeOwnerOnly`, the service's own rule for its data
 * directory: PGlite makes the files readable by others), since the unpacked store keeps the modes
 * it is given.
 */
export async function writePgliteTemplate(file: string, prepare?: (engine: SqlEngine) => Promise<unknown>): Promise<void> {
  const parent = await mkdtemp(join(tmpdir(), 'switchyard-pglite-template-'));
  try {
    const dataDir = join(parent, 'store');
    const db = await PGlite.create({
      ...(await pgliteWasmOptions()),
      dataDir,
      extensions: PGLITE_EXTENSIONS,
      startParams: PGlite.defaultStartParams,
    });
    try {
      if (prepare) await prepare(new PgliteEngine(db));
    } finally {
      await db.close();
    }
    await makeOwnerOnly(dataDir);
    const entries = (await readdir(dataDir)).sort().map((name) => `./${name}`);
    await createTar({ file, cwd: dataDir, gzip: true, portable: true }, entries);
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
}
