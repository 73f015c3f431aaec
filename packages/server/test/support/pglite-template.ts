/**
 * In-memory PGlite stores for the suites, started from the data directory the server's build ships
 * (dist/store/pglite-template.tgz, the one a new store on disk starts from: migrated to this
 * release's schema) instead of each running `initdb` and every migration (about a second of CPU
 * each; a dumped directory loads in a third of that, CONTRIBUTING.md "Where the suite's time goes").
 * It is unpacked once per worker; without a build (a suite run before `pnpm build`) one is dumped
 * and migrated in this process instead. A store a suite closes is put back as new and handed to the
 * next suite in the same worker (test/support/store-pool.ts). A suite that needs a store without
 * the schema opens one with `openPgliteEngine()`.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { dumpPgliteDataDir, migrate, openPgliteEngine, type SqlEngine } from '../../src/index.js';
import { SHIPPED_TEMPLATE_FILE } from '../../src/store/shipped-template.js';
import { createStorePool } from './store-pool.js';

const SHIPPED = new URL(`../../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url);

let template: Promise<Blob> | undefined;

/** The shipped data directory as a plain tarball, unpacked once per worker. */
export function testTemplate(): Promise<Blob> {
  template ??= loadTemplate();
  return template;
}

const pool = createStorePool(async () => openPgliteEngine({ loadDataDir: await testTemplate() }));

/** A store with this release's schema and nothing in it: new, or put back as new. */
export function openTestPglite(): Promise<SqlEngine> {
  return pool.acquire();
}

async function loadTemplate(): Promise<Blob> {
  let packed: Buffer;
  try {
    packed = await readFile(SHIPPED);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return dumpPgliteDataDir('none', (engine) => migrate(engine));
  }
  // Unpacked here once, so each store loads a plain tarball.
  return new Blob([await promisify(gunzip)(packed)]);
}
