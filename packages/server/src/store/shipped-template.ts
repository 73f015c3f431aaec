/**
 * The data directory the build ships next to this module (scripts/write-pglite-template.mjs), with
 * this release's migrations already applied, for a store on disk that does not exist yet: a new
 * store starts from it instead of running `initdb` and every migration, and then has no migration
 * to run (its ledger's `applied_at` is the build's time). Every store made from it shares its
 * `system_identifier`, which only replication reads, and PGlite has none. Without the file (the
 * sources run directly) `initdb` runs. The tests' in-memory stores load the same file
 * (test/support/pglite-template.ts).
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from 'tar';
import { flushDirectory, flushTree } from '../flush-to-disk.js';
import { makeDirectories } from '@switchyard/runtime/internal';

export const SHIPPED_TEMPLATE_FILE = 'pglite-template.tgz';

/**
 * Present while the shipped directory is being unpacked: a directory holding it is not a store yet,
 * whatever else it holds.
 */
export const UNPACKING_MARKER = '.switchyard-unpacking';

/** A directory holding this file is a store, to PGlite and to PostgreSQL. */
const VERSION_FILE = 'PG_VERSION';

/**
 * Unpacks the shipped data directory into `dataDir` unless a store is there already or this build
 * has no template (the sources run directly: PGlite runs `initdb`). Unpacked here with node-tar
 * rather than handed to PGlite's `loadDataDir`, which writes each file through its WebAssembly file
 * system: a first start took about a CPU second less (CONTRIBUTING.md, "What the seventh session
 * removed"). An unpacking cut short (the process killed) is not taken for a store at the next start
 * but unpacked again over what it left: the marker file is written before the first entry and
 * removed after the last. (It was `PG_VERSION` written last, in a second pass over the archive,
 * which has it near its end: that pass cost a first start about 0.3 CPU s, 0.8 in a process that
 * had not run node-tar yet. A directory an older release left without `PG_VERSION` is still
 * unpacked again.)
 */
export function unpackShippedTemplate(dataDir: string): void {
  const marker = join(dataDir, UNPACKING_MARKER);
  if (existsSync(join(dataDir, VERSION_FILE)) && !existsSync(marker)) return;
  const template = fileURLToPath(new URL(`./${SHIPPED_TEMPLATE_FILE}`, import.meta.url));
  if (!existsSync(template)) return;
  makeDirectories(dataDir, 0o700);
  writeFileSync(marker, '', { mode: 0o600 });
  // The marker's entry reaches the disk before any file of the store does, so no crash can leave
  // some of them there without it.
  flushDirectory(dataDir);
  const problems: string[] = [];
  extract({
    file: template,
    cwd: dataDir,
    // Synchronous: every file is written when it returns.
    sync: true,
    // The dump names its entries from the root (`/base/1/…`): node-tar unpacks them under `cwd` and
    // says so (TAR_ENTRY_INFO). Anything else it would only warn about is an error here.
    onwarn: (code: string, message: string | Error) => {
      if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${String(message)}`);
    },
  });
  if (problems.length > 0) throw new Error(`could not unpack ${template} into ${dataDir}: ${problems.join('; ')}`);
  // The unpacked files are only in the OS's page cache yet. Flushed before the marker goes, and the
  // marker's removal flushed too: after an OS crash the store is either whole on the disk or still
  // marked (and unpacked again), never a marker come back over a store with commits in it, which the
  // next start would unpack over. About 0.2 s on the development machine's disk, once per store.
  // (PostgreSQL flushes the whole directory too when it first starts on it, since the shipped one was
  // dumped from a running store and is recovered; not relied on: that happens after the marker went.)
  flushTree(dataDir);
  rmSync(marker);
  flushDirectory(dataDir);
}
