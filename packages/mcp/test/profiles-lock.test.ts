/**
 * Logins take turns on the profiles file (src/cli/profiles-lock.ts): each reads the file, adds its
 * profile and renames a new file over it, so two at once without the lock lose one profile. Here
 * at once in one process, then in several processes, a lock left by a login that is gone, one held
 * by a login that runs, and one held too long.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProfiles, writeProfile } from '../src/cli/profiles.js';
import { STALE_AFTER_MS, withProfilesLock } from '../src/cli/profiles-lock.js';

const PROFILES = new URL('../dist/cli/profiles.js', import.meta.url).href;
const root = mkdtempSync(join(tmpdir(), 'switchyard-profiles-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let configs = 0;
/** An XDG_CONFIG_HOME of the test's own, with the path of its profiles file and of the lock. */
function config() {
  const home = join(root, `config-${++configs}`);
  const folder = join(home, 'switchyard');
  return { env: { XDG_CONFIG_HOME: home }, folder, file: join(folder, 'profiles.json'), lock: join(folder, 'profiles.json.lock') };
}
const profile = (n: number) => ({ service: `http://127.0.0.1:${1000 + n}`, client_id: `sy_app_${n}`, client_secret: `sy_secret_${n}` });
/** A process id no process has: one past the kernel's highest. */
const deadPid = () => Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1;

describe('logins at the same moment', () => {
  it('in one process: every profile is kept', async () => {
    const { env, lock } = config();
    const names = Array.from({ length: 8 }, (_, i) => `p${i}`);
    await Promise.all(names.map((name, i) => writeProfile(env, name, profile(i))));
    const stored = await readProfiles(env);
    expect(Object.keys(stored).sort()).toEqual(names);
    for (const [i, name] of names.entries()) expect(stored[name]).toEqual(profile(i));
    expect(existsSync(lock)).toBe(false);
  });

  it('in four processes writing 25 profiles each from the same moment: all 100 are kept', async () => {
    const { env } = config();
    const PER_PROCESS = 25;
    // Every child starts writing at this time, whenever it finished starting.
    const startAt = Date.now() + 1_000;
    const child = (worker: number) =>
      new Promise<number | null>((resolve, reject) => {
        const script = `
          const { writeProfile } = await import(${JSON.stringify(PROFILES)});
          await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()));
          for (let i = 0; i < ${PER_PROCESS}; i++) {
            const n = ${worker} * ${PER_PROCESS} + i;
            await writeProfile(${JSON.stringify(env)}, 'w' + n, { service: 'http://127.0.0.1:' + (1000 + n), client_id: 'sy_app_' + n, client_secret: 'sy_secret_' + n });
          }`;
        const proc = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
        proc.once('error', reject);
        proc.once('exit', resolve);
      });
    expect(await Promise.all([0, 1, 2, 3].map(child))).toEqual([0, 0, 0, 0]);
    const stored = await readProfiles(env);
    expect(Object.keys(stored)).toHaveLength(4 * PER_PROCESS);
    for (let n = 0; n < 4 * PER_PROCESS; n++) expect(stored[`w${n}`]?.client_id).toBe(`sy_app_${n}`);
  });
});

describe('a lock already there', () => {
  it('left by a process of this host that no longer runs: taken over at once', async () => {
    const { env, folder, lock } = config();
    mkdirSync(folder, { recursive: true });
    writeFileSync(lock, `${hostname()}\n${deadPid()}\n`);
    const started = Date.now();
    await writeProfile(env, 'default', profile(1));
    expect(Date.now() - started).toBeLessThan(STALE_AFTER_MS);
    expect((await readProfiles(env))['default']).toEqual(profile(1));
    expect(existsSync(lock)).toBe(false);
  });

  it('held by a login that runs: waited for, then the profile is added to what that login wrote', async () => {
    const { env, folder, file, lock } = config();
    mkdirSync(folder, { recursive: true });
    writeFileSync(lock, `${hostname()}\n${process.pid}\n`);
    let written = false;
    const login = writeProfile(env, 'second', profile(2)).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(written).toBe(false);
    // The holder writes its profile, then lets go.
    writeFileSync(file, JSON.stringify({ profiles: { first: profile(1) } }), { mode: 0o600 });
    rmSync(lock);
    await login;
    expect(await readProfiles(env)).toEqual({ first: profile(1), second: profile(2) });
  });

  it('older than the stale bound, held from another host: taken over', async () => {
    const { env, folder, lock } = config();
    mkdirSync(folder, { recursive: true });
    writeFileSync(lock, `another-host.example\n${process.pid}\n`);
    const then = new Date(Date.now() - STALE_AFTER_MS - 1000);
    utimesSync(lock, then, then);
    await writeProfile(env, 'default', profile(3));
    expect((await readProfiles(env))['default']).toEqual(profile(3));
  });

  it('held past the wait: a ProfileError naming the lock file, and nothing written', async () => {
    const { folder, file, lock } = config();
    mkdirSync(folder, { recursive: true });
    writeFileSync(lock, `another-host.example\n1\n`);
    let ran = false;
    const attempt = withProfilesLock(file, async () => (ran = true), 150);
    await expect(attempt).rejects.toMatchObject({ name: 'ProfileError', message: expect.stringContaining(lock) });
    expect(ran).toBe(false);
    expect(readFileSync(lock, 'utf8')).toBe('another-host.example\n1\n');
  });

  it('is removed when the write fails', async () => {
    const { folder, file, lock } = config();
    mkdirSync(folder, { recursive: true });
    await expect(withProfilesLock(file, async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(existsSync(lock)).toBe(false);
  });
});
