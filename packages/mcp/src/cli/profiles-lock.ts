/**
 * One `switchyard login` at a time per profiles file. Each login reads the file, adds its profile
 * and renames a new file over it (profiles.ts); two at once would both read the old file and the
 * second rename would drop the first one's profile. The lock is a file beside it, created only if
 * absent (`wx`), naming the host and process that hold it, and removed when the write is done.
 *
 * A lock whose holder is gone (a login killed between the two) would block every later login, so
 * one is taken over when it names a process of this host that no longer runs, or when it is older
 * than STALE_AFTER_MS whoever holds it (a login holds it for one read and one flushed write). Two
 * logins that find the same abandoned lock in the same few milliseconds may both take it over; that
 * needs a login killed while holding it first, and is left.
 */
import { hostname } from 'node:os';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProfileError } from './exit-codes.js';

/** A lock older than this is abandoned, whoever holds it. */
export const STALE_AFTER_MS = 10_000;
/** How long a login waits for another one before it gives up. */
export const WAIT_MS = 15_000;
const RETRY_MS = 20;

/** Runs `write` while holding the lock `<path>.lock`; the lock is removed whatever `write` does. */
export async function withProfilesLock<T>(path: string, write: () => Promise<T>, waitMs = WAIT_MS): Promise<T> {
  const lock = `${path}.lock`;
  await acquire(lock, waitMs);
  try {
    return await write();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function acquire(lock: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let handle;
    try {
      handle = await open(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new ProfileError(`cannot create the lock ${lock}: ${(error as Error).message}`);
      }
    }
    if (handle) {
      try {
        await handle.writeFile(`${hostname()}\n${process.pid}\n`);
        return;
      } catch (error) {
        // Ours but unnamed: removed, so no later login waits on it.
        await unlink(lock).catch(() => undefined);
        throw new ProfileError(`cannot write the lock ${lock}: ${(error as Error).message}`);
      } finally {
        await handle.close();
      }
    }
    if (await abandoned(lock)) {
      await unlink(lock).catch(() => undefined);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new ProfileError(
        `another switchyard login has been writing the profiles for ${waitMs / 1000} s (lock file ${lock}); ` +
          `if none is running, remove that file and try again`,
      );
    }
    await sleep(RETRY_MS);
  }
}

/** Whether the lock's holder is gone: a process of this host that no longer runs, or a lock older than STALE_AFTER_MS. */
async function abandoned(lock: string): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(lock, 'utf8'), stat(lock).then((info) => Date.now() - info.mtimeMs)]);
  } catch {
    return false; // released meanwhile: the next attempt creates it
  }
  if (age > STALE_AFTER_MS) return true;
  const [host, pid] = text.split('\n');
  // Written but not yet filled in by its holder: wait for it.
  if (!host || !pid || !/^\d+$/.test(pid)) return false;
  return host === hostname() && !processRuns(Number(pid));
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
