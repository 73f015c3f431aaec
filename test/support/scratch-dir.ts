/**
 * Where the suites' temporary files go: a directory in memory (tmpfs) when the machine has room
 * for one, otherwise the OS default.
 *
 * The suites make tens of thousands of short-lived files: every store on disk unpacks a data
 * directory of about a thousand files, the CLI suites start `switchyard serve` on new data
 * directories, the packaging suite installs the tarballs, the README runs write projects. The
 * kernel's share of the run was about a fifth of its CPU, much of it ext4 allocating inodes for
 * files deleted seconds later (CONTRIBUTING.md, "Where the suite's time goes"). The code under test
 * is the same in memory: real files through the kernel, and the stores on disk keep fsync on (it
 * returns at once there).
 *
 * Chosen once, in vitest.config.ts, before any worker starts, by setting TMPDIR (which `os.tmpdir()`
 * reads and every process a test starts inherits):
 * - `SWITCHYARD_TEST_TMPDIR=<dir>` uses that directory; set and empty, the OS default.
 * - Otherwise, on Linux, `/dev/shm/switchyard-tests-<uid>` when /dev/shm is a tmpfs with at least
 *   MIN_FREE_BYTES free (a container's default of 64 MB is not), a directory only this user writes.
 * The directory it replaces is kept in SWITCHYARD_DISK_TMPDIR for the one suite that needs a disk:
 * the add-a-connector check copies the repository and runs `pnpm install --offline`, which only
 * works from a package store on the copy's own file system.
 */
import { chmodSync, lstatSync, mkdirSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Room the run needs at its peak, with a wide margin (measured peak: CONTRIBUTING.md). */
export const MIN_FREE_BYTES = 2 * 1024 ** 3;
/** statfs's f_type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
const SHM = '/dev/shm';

/** What the choice depends on, gathered by `useScratchDir` (a plain value, so the rule is testable). */
export interface ScratchFacts {
  readonly override: string | undefined;
  readonly platform: NodeJS.Platform;
  readonly uid: number;
  /** /dev/shm's file system, when it has one. */
  readonly shm: { readonly tmpfs: boolean; readonly freeBytes: number } | undefined;
}

export type ScratchChoice = { readonly dir: string; readonly why: string } | { readonly dir: undefined; readonly why: string };

/** Where temporary files should go, and why (the line vitest.config.ts prints). */
export function chooseScratchDir(facts: ScratchFacts): ScratchChoice {
  if (facts.override !== undefined) {
    return facts.override === ''
      ? { dir: undefined, why: 'SWITCHYARD_TEST_TMPDIR is empty: the OS temp directory' }
      : { dir: facts.override, why: 'SWITCHYARD_TEST_TMPDIR' };
  }
  if (facts.platform !== 'linux' || !facts.shm) return { dir: undefined, why: `no ${SHM}: the OS temp directory` };
  if (!facts.shm.tmpfs) return { dir: undefined, why: `${SHM} is not a tmpfs: the OS temp directory` };
  if (facts.shm.freeBytes < MIN_FREE_BYTES) {
    const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
    return { dir: undefined, why: `${SHM} has ${gib(facts.shm.freeBytes)} free, under ${gib(MIN_FREE_BYTES)}: the OS temp directory` };
  }
  return { dir: join(SHM, `switchyard-tests-${facts.uid}`), why: `${SHM} is a tmpfs with room` };
}

/** The facts of this machine and process. */
export function scratchFacts(env: NodeJS.ProcessEnv = process.env): ScratchFacts {
  let shm: ScratchFacts['shm'];
  try {
    const stats = statfsSync(SHM);
    shm = { tmpfs: stats.type === TMPFS_MAGIC, freeBytes: stats.bavail * stats.bsize };
  } catch {
    shm = undefined;
  }
  return { override: env['SWITCHYARD_TEST_TMPDIR'], platform: process.platform, uid: process.getuid?.() ?? -1, shm };
}

/**
 * Points TMPDIR at the chosen directory (made if missing; one that is not a directory of this
 * user's that only this user can write to is refused and the OS default kept) and returns
 * the line to print. Once per process and the processes it starts: vitest loads its config once
 * per project, and the add-a-connector check runs vitest inside a test; later calls change nothing
 * and return undefined.
 */
export function useScratchDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env['SWITCHYARD_DISK_TMPDIR'] !== undefined) return undefined;
  const choice = chooseScratchDir(scratchFacts(env));
  const disk = tmpdir();
  env['SWITCHYARD_DISK_TMPDIR'] = disk;
  if (choice.dir === undefined) return `temporary files in ${disk} (${choice.why})`;
  const refusal = makePrivateDir(choice.dir);
  if (refusal) return `temporary files in ${disk} (${choice.dir} ${refusal})`;
  env['TMPDIR'] = choice.dir;
  return `temporary files in ${choice.dir} (${choice.why}; SWITCHYARD_TEST_TMPDIR= for ${disk})`;
}

/**
 * Makes `dir` if missing and gives it mode 0711: only this user lists or writes it, others may pass
 * through (a suite runs the service as another user on a directory inside, as /tmp allows; what is
 * inside has modes of its own, mkdtemp's 0700). Why it cannot be used, or undefined when it can.
 */
function makePrivateDir(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o711 });
    const stats = lstatSync(dir);
    // /dev/shm is writable by everyone: a directory someone else made there, or a link, is not ours.
    if (!stats.isDirectory()) return 'is not a directory';
    const uid = process.getuid?.();
    if (uid !== undefined && stats.uid !== uid) return 'belongs to another user';
    if ((stats.mode & 0o022) !== 0) return 'is writable by other users';
    if ((stats.mode & 0o777) !== 0o711) chmodSync(dir, 0o711);
    return undefined;
  } catch (error) {
    return `cannot be made (${(error as Error).message})`;
  }
}
