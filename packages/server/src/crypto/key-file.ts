import { randomBytes } from 'node:crypto';
import { chmod, link, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import { flushDirectory, writeNewFileFlushed } from '../flush-to-disk.js';
import { DEFAULT_KEY_ID, formatMasterKey, parseMasterKeys, type MasterKey } from './master-key.js';
import { makeDirectories } from '@switchyard/runtime/internal';

export const KEY_FILE_NAME = 'master.key';

/**
 * The embedded default's master key: `<dataDir>/master.key`, created on first start with
 * owner-only permissions (0600). Whoever can read it can decrypt every stored credential, so an
 * existing file readable by group or others is refused rather than used.
 */
export async function loadOrCreateKeyFile(dataDir: string, logger?: Logger): Promise<MasterKey[]> {
  const path = join(dataDir, KEY_FILE_NAME);
  const existing = await readKeyFile(path);
  if (existing !== null) return existing;
  makeDirectories(dataDir, 0o700);
  const key: MasterKey = { id: DEFAULT_KEY_ID, key: randomBytes(32) };
  // Written to a private temporary name, then linked into place: link() fails when the file
  // already exists, so two processes starting at once end up sharing one key, and nobody ever
  // reads a half-written file. The file is flushed before it is linked and the directory after, so
  // an OS crash cannot leave the store's credentials encrypted with a key whose file was lost.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeNewFileFlushed(temporary, formatMasterKey(key), 0o600);
    await chmod(temporary, 0o600); // the umask may only remove bits; make the intent explicit anyway
    await link(temporary, path);
    flushDirectory(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(path);
    if (winner !== null) return winner;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  logger?.info?.(
    `created a new master key file at ${path} (owner-only, mode 0600): it decrypts every stored credential; back it up with the data directory, or set SWITCHYARD_MASTER_KEY instead`,
  );
  return [key];
}

async function readKeyFile(path: string): Promise<MasterKey[] | null> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new ConfigurationError(
      `the master key file ${path} is readable or writable by other users (mode ${(mode & 0o777).toString(8)}); run \`chmod 600 ${path}\``,
    );
  }
  return parseMasterKeys(await readFile(path, 'utf8'), `the master key file ${path}`);
}

/**
 * Adds a new master key to the key file, as the newest (active) entry, keeping the old ones so
 * envelopes and tokens made with them still open. Written to a private temporary file and
 * renamed over the old one, so a crash (of the process or the OS) leaves either file whole. Returns
 * the new ring's keys.
 */
export async function addKeyToKeyFile(dataDir: string, newKeyId: string): Promise<MasterKey[]> {
  const path = join(dataDir, KEY_FILE_NAME);
  const existing = await readKeyFile(path);
  if (existing === null)
    throw new ConfigurationError(`no master key file at ${path}: nothing to rotate (the service creates it on first start)`);
  if (existing.some((key) => key.id === newKeyId)) throw new ConfigurationError(`the key file already holds a key "${newKeyId}"`);
  const keys = [...existing, { id: newKeyId, key: randomBytes(32) }];
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // Flushed before the rename and the directory after (as on first start, above): the store's
    // credentials are re-encrypted with the new key next, so the file holding it must be on the disk.
    writeNewFileFlushed(temporary, keys.map(formatMasterKey).join(''), 0o600);
    await chmod(temporary, 0o600);
    await rename(temporary, path);
    flushDirectory(dataDir);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  return keys;
}
