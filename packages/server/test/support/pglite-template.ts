/**
 * In-memory PGlite stores for the suites, started from one empty data directory dumped once per
 * machine instead of each running `initdb` (about a second of CPU each; a dumped directory loads in
 * a third of that, CONTRIBUTING.md "Where the suite's time goes"). The dump is kept in the OS temp
 * directory under a name that changes with the PGlite build, written to a temporary name and
 * renamed, so files running at once never read half a dump.
 */
import { createHash } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpPgliteDataDir, openPgliteEngine, type SqlEngine } from '../../src/index.js';

let template: Promise<Blob> | undefined;

/** A new, empty in-memory store, as `openPgliteEngine()` opens one. */
export async function openTestPglite(): Promise<SqlEngine> {
  template ??= loadTemplate();
  return openPgliteEngine({ loadDataDir: await template });
}

async function loadTemplate(): Promise<Blob> {
  const path = await templatePath();
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not there yet (or not ours to read, under another user's temp directory): dump one.
  }
  const dump = await dumpPgliteDataDir();
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    await rename(partial, path);
  } catch {
    // Kept for this process only; the next one dumps again.
    await rm(partial, { force: true });
  }
  return dump;
}

/** Named after the PGlite build in use (its installed path, which holds the version, its size and time). */
async function templatePath(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { size, mtimeMs } = await stat(entry);
  const build = createHash('sha256').update(`${entry}\0${size}\0${mtimeMs}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `switchyard-test-pglite-${build}.tar`);
}
