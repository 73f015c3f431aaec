/**
 * The data directory the build ships next to this module (scripts/write-pglite-template.mjs), with
 * this release's migrations already applied, for a store on disk that does not exist yet: a new
 * store starts from it instead of running `initdb` and every migration, and then has no migration
 * to run (its ledger's `applied_at` is the build's time). Every store made from it shares its
 * `system_identifier`, which only replication reads, and PGlite has none. Without the file (the
 * sources run directly) `initdb` runs. The tests' in-memory stores load the same file
 * (test/support/pglite-template.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from 'tar';

export const SHIPPED_TEMPLATE_FILE = 'pglite-template.tgz';

/** A directory holding this file is a store, to PGlite and to PostgreSQL. */
const VERSION_FILE = 'PG_VERSION';

/**
 * Unpacks the shipped data directory into `dataDir` unless a store is there already or this build
 * has no template (the sources run directly: PGlite runs `initdb`). Unpacked here with node-tar
 * rather than handed to PGlite's `loadDataDir`, which writes each file through its WebAssembly file
 * system: a first start took about a CPU second less (CONTRIBUTING.md, "What the seventh session
 * removed"). `PG_VERSION` comes last, so an unpacking cut short (the process killed) is not taken for
 * a store at the next start but unpacked again over what it left.
 */
export function unpackShippedTemplate(dataDir: string): void {
  if (existsSync(join(dataDir, VERSION_FILE))) return;
  const template = fileURLToPath(new URL(`./${SHIPPED_TEMPLATE_FILE}`, import.meta.url));
  if (!existsSync(template)) return;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const isVersionFile = (path: string): boolean => path.replace(/^\/+/, '') === VERSION_FILE;
  const problems: string[] = [];
  const options = {
    file: template,
    cwd: dataDir,
    sync: true,
    // The dump names its entries from the root (`/base/1/…`): node-tar unpacks them under `cwd` and
    // says so (TAR_ENTRY_INFO). Anything else it would only warn about is an error here.
    onwarn: (code: string, message: string | Error) => {
      if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${String(message)}`);
    },
  } as const;
  extract({ ...options, filter: (path) => !isVersionFile(path) });
  if (problems.length === 0) extract({ ...options, filter: isVersionFile });
  if (problems.length > 0) throw new Error(`could not unpack ${template} into ${dataDir}: ${problems.join('; ')}`);
}
