/**
 * The data directory holds the embedded store and the master key file: whoever can read it can
 * read every synced record, and with the key every stored credential. So it and everything in it
 * are owner-only, whoever created the directory and whatever the umask. PGlite does not make this
 * so by itself: it writes its initial cluster with mode 0666 (and a few files later with 0644),
 * setting the mode explicitly, so no umask helps. The service tightens the tree at start, once the
 * store is open, and at shutdown; in between, files the store creates sit inside the owner-only
 * directory, which no one else can enter.
 */
import { chmod, lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config.js';
import { makeDirectories } from '@switchyard/runtime/internal';

const OTHERS = 0o077;
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Makes sure `dir` exists (unless `create` is false) and is the operator's alone, then tightens everything in it. A directory
 * that group or others may write to is refused rather than used: someone else may already have
 * put files there (a planted key file, a store), as a key file readable by others is refused.
 */
export async function preparePrivateDirectory(dir: string, { create = true }: { create?: boolean } = {}): Promise<void> {
  if (process.platform === 'win32') return void (create ? makeDirectories(dir) : undefined);
  const existing = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null) {
    if (!create) return;
    try {
      makeDirectories(dir, 0o700);
    } catch (error) {
      // The operator's setting, not a bug: say which directory and why, without a stack.
      throw new ConfigError(`cannot create the data directory ${dir}: ${(error as Error).message}`);
    }
  } else {
    if (!existing.isDirectory()) throw new ConfigError(`the data directory ${dir} is not a directory`);
    if ((existing.mode & WRITABLE_BY_OTHERS) !== 0) {
      throw new ConfigError(
        `the data directory ${dir} is writable by other users (mode ${modeText(existing.mode)}); run \`chmod 700 ${dir}\` (or pick another --data-dir)`,
      );
    }
  }
  await makeOwnerOnly(dir);
}

/**
 * Removes every group and other permission bit from `dir` and everything below it (the owner's
 * bits stay as they are). Symbolic links are neither followed nor changed; entries that vanish
 * meanwhile (the store deletes WAL segments as it runs) are skipped. Returns how many entries changed.
 */
export async function makeOwnerOnly(dir: string): Promise<number> {
  if (process.platform === 'win32') return 0;
  let changed = 0;
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(ignoreVanished);
    if (!info || info.isSymbolicLink()) return;
    if ((info.mode & OTHERS) !== 0) {
      await chmod(path, info.mode & 0o700).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EPERM' || error.code === 'EACCES') {
          throw new ConfigError(
            `cannot make ${path} owner-only (${error.code}): it belongs to another user; run the service as the owner of the data directory ${dir}`,
          );
        }
        return ignoreVanished(error);
      });
      changed++;
    }
    if (!info.isDirectory()) return;
    const entries = (await readdir(path).catch(ignoreVanished)) ?? [];
    for (const entry of entries) await visit(join(path, entry));
  };
  await visit(dir);
  return changed;
}

function ignoreVanished(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT') return undefined;
  throw error;
}

function modeText(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}
