/**
 * What `switchyard login` writes reaches the disk in an order that survives an OS crash
 * (src/cli/profiles.ts): the new file is flushed before it is renamed over the old one, and the
 * directory after the rename. A child process records every flush and rename by path (hooks on
 * node:fs/promises and its FileHandle, installed before the profile code loads) while it writes a
 * profile the way the CLI does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const PROFILES = new URL('../dist/cli/profiles.js', import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'switchyard-profiles-flush-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes two profiles in a child that records what it flushes and renames; the records in order. */
function writeRecorded(config: string): string[] {
  const script = `
    import fsp from 'node:fs/promises';
    import { syncBuiltinESMExports } from 'node:module';
    const events = [];
    const pathOf = new WeakMap();
    const open = fsp.open;
    fsp.open = async (path, ...rest) => {
      const handle = await open(path, ...rest);
      pathOf.set(handle, String(path));
      return handle;
    };
    const probe = await open(${JSON.stringify(fileURLToPath(import.meta.url))}, 'r');
    const FileHandle = Object.getPrototypeOf(probe);
    await probe.close();
    const sync = FileHandle.sync;
    FileHandle.sync = async function () {
      events.push('flush ' + pathOf.get(this));
      return sync.call(this);
    };
    const rename = fsp.rename;
    fsp.rename = async (from, to) => {
      events.push('rename ' + String(from) + ' -> ' + String(to));
      return rename(from, to);
    };
    syncBuiltinESMExports();
    const { writeProfile } = await import(${JSON.stringify(PROFILES)});
    const env = { XDG_CONFIG_HOME: ${JSON.stringify(config)} };
    await writeProfile(env, 'default', { service: 'http://127.0.0.1:1', client_id: 'sy_app_a', client_secret: 'sy_secret_a' });
    events.push('written');
    await writeProfile(env, 'other', { service: 'http://127.0.0.1:2', client_id: 'sy_app_b', client_secret: 'sy_secret_b' });
    console.log(JSON.stringify(events));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as string[];
}

describe('the profiles file on disk', () => {
  it('is flushed before it replaces the old one, and its directory after, at every write', () => {
    const config = join(dir, 'config');
    const folder = join(config, 'switchyard');
    const file = join(folder, 'profiles.json');
    const events = writeRecorded(config);
    const writes = [events.slice(0, events.indexOf('written')), events.slice(events.indexOf('written') + 1)];
    for (const write of writes) {
      const renamed = write.findIndex((event) => event.startsWith('rename ') && event.endsWith(` -> ${file}`));
      expect(renamed, write.join('\n')).not.toBe(-1);
      const temporary = write[renamed]!.slice('rename '.length, write[renamed]!.indexOf(' -> '));
      expect(write.slice(0, renamed), 'the new file, flushed before the rename').toContain(`flush ${temporary}`);
      if (process.platform !== 'win32') expect(write.slice(renamed + 1), 'the directory, after it').toContain(`flush ${folder}`);
    }
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, { client_id: string }> };
    expect(Object.keys(stored.profiles).sort()).toEqual(['default', 'other']);
  });
});
