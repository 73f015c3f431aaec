/**
 * The data directory (embedded store and master key) is the operator's alone, as `switchyard
 * serve` runs it: whatever the umask, whoever created the directory, and whatever mode an older
 * run left behind; a directory others may write to is refused before anything is written in it.
 */
// @module-tag long
import { spawnSync } from 'node:child_process';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../src/config.js';
import { BIN, cleanEnv, serve } from './support/switchyard-cli.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});
const track = (step: () => Promise<void>): void => void cleanup.push(step);

async function freshParent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'switchyard-data-dir-'));
  cleanup.push(() => rm(parent, { recursive: true, force: true }));
  return parent;
}

/** Every path under `dir` (itself included) whose mode lets group or others in, with that mode. */
async function looseEntries(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path);
    if ((info.mode & 0o077) !== 0) loose.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(dir);
  return loose;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

describe.skipIf(process.platform === 'win32')('the data directory is owner-only', () => {
  it('under umask 000, in a directory the operator made 0755: owner-only once listening, after shutdown, and tightened again at the next start', async () => {
    const dataDir = join(await freshParent(), 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755); // what `mkdir` gives under the common umask 022

    const first = await serve(['--port', '0', '--data-dir', dataDir], {}, track, { umask: 0o000 });
    expect(await countFiles(join(dataDir, 'store'))).toBeGreaterThan(100); // PGlite's cluster is there
    expect(await looseEntries(dataDir)).toEqual([]);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(await looseEntries(dataDir)).toEqual([]);

    // An older release (or a hand-made copy) left loose modes inside: the next start tightens them.
    await chmod(dataDir, 0o750);
    await chmod(join(dataDir, 'store'), 0o755);
    await chmod(join(dataDir, 'store', 'PG_VERSION'), 0o666);
    await writeFile(join(dataDir, 'notes.txt'), 'backup done', { mode: 0o644 });
    await chmod(join(dataDir, 'notes.txt'), 0o644);
    const second = await serve(['--port', '0', '--data-dir', dataDir], {}, track, { umask: 0o000 });
    expect(await looseEntries(dataDir)).toEqual([]);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(await looseEntries(dataDir)).toEqual([]);
  }, 180_000);

  it('a new data directory is created owner-only under umask 000', async () => {
    const dataDir = join(await freshParent(), 'nested', 'data');
    const served = await serve(['--port', '0', '--data-dir', dataDir], {}, track, { umask: 0o000 });
    expect(await looseEntries(dataDir)).toEqual([]);
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
  }, 120_000);

  it.each([0o775, 0o757, 0o777, 0o1777])(
    'refuses a data directory with mode %o (writable by others), writing nothing in it',
    async (mode) => {
      const dataDir = join(await freshParent(), 'shared');
      await mkdir(dataDir);
      await chmod(dataDir, mode);
      const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`the data directory ${dataDir} is writable by other users`);
      expect(result.stderr).toContain(`chmod 700 ${dataDir}`);
      expect(result.stderr).not.toMatch(/\n\s+at /); // one clear line, no stack
      expect(await readdir(dataDir)).toEqual([]);
    },
  );

  // Needs a second user: as root, run the service as `nobody` (setpriv) on a directory it owns,
  // from a checkout `nobody` can read (a clone under an owner-only home or temp folder is not).
  const asNobody = ['--reuid=65534', '--regid=65534', '--clear-groups'];
  const canSwitchUser =
    process.getuid?.() === 0 &&
    spawnSync('setpriv', ['--version']).status === 0 &&
    spawnSync('setpriv', [...asNobody, process.execPath, BIN, '--help'], { env: cleanEnv(), timeout: 60_000 }).status === 0;
  it.skipIf(!canSwitchUser)('a file inside that belongs to another user, so it cannot be tightened: one clear line, exit 1', async () => {
    const parent = await freshParent();
    await chmod(parent, 0o755);
    const dataDir = join(parent, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    await writeFile(join(dataDir, 'left-by-root'), 'x', { mode: 0o644 });
    await chmod(join(dataDir, 'left-by-root'), 0o644);
    await chown(dataDir, 65534, 65534);
    const result = spawnSync('setpriv', [...asNobody, process.execPath, BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain(`cannot make ${join(dataDir, 'left-by-root')} owner-only (EPERM)`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  // Node's own recursive mkdir never returns there: the service spun at 100 % CPU and ignored Ctrl-C.
  it('a data directory past a dangling symbolic link (a disk that is not mounted) or under /proc is refused at once, naming it', async () => {
    const parent = await freshParent();
    await symlink(join(parent, 'not-mounted'), join(parent, 'disk'));
    const cases: [string, string][] = [[join(parent, 'disk', 'switchyard'), `${join(parent, 'disk')} exists and is not a directory`]];
    if (process.platform === 'linux') cases.push(['/proc/switchyard-not-a-process/data', 'ENOENT']);
    for (const [dataDir, why] of cases) {
      // SIGKILL: a process spinning in a synchronous loop never runs its SIGTERM handler.
      const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 30_000,
        killSignal: 'SIGKILL',
      });
      expect(result.signal, dataDir).toBeNull();
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain(`cannot create the data directory ${dataDir}: `);
      expect(result.stderr).toContain(why);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('rotate-keys refuses it too', async () => {
    const dataDir = join(await freshParent(), 'shared');
    await mkdir(dataDir);
    await chmod(dataDir, 0o777);
    const result = spawnSync(process.execPath, [BIN, 'rotate-keys', '--data-dir', dataDir], {
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is writable by other users');
  });
});

describe('the default data directory in a clone of the repository', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const git = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, encoding: 'utf8' });
  it.skipIf(git.status !== 0)(`is ignored by git, so \`git add .\` never stages the store or ${DEFAULT_DATA_DIR}/master.key`, () => {
    for (const path of [`${DEFAULT_DATA_DIR}/master.key`, `${DEFAULT_DATA_DIR}/store/PG_VERSION`]) {
      expect(spawnSync('git', ['check-ignore', '-q', path], { cwd: root }).status, path).toBe(0);
    }
  });
});
