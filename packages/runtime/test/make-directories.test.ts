/**
 * `makeDirectories` (internal/make-directories.ts), the `mkdir -p` every Switchyard package uses:
 * it makes what is missing, and it ends, with the entry in the way named, where Node's recursive
 * mkdir never returns (a dangling symbolic link on the path, a path under /proc). Those two run in
 * a child process bounded by a timeout, so a regression fails here instead of hanging the worker.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectories } from '../src/internal/index.js';

const root = mkdtempSync(join(tmpdir(), 'switchyard-make-directories-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let next = 0;
const fresh = (): string => {
  const dir = join(root, String(next++));
  mkdirSync(dir);
  return dir;
};

/** makeDirectories(path) in a child process: its exit, its error's code, and whether the timeout ended it. */
function inChild(path: string): { code: string; timedOut: boolean; status: number | null } {
  const script = `import('@switchyard/runtime/internal').then(({ makeDirectories }) => {
    try { makeDirectories(process.argv[1]); } catch (error) { process.stdout.write(error.code); process.exit(1); }
  })`;
  const result = spawnSync(process.execPath, ['-e', script, path], { encoding: 'utf8', timeout: 10_000, cwd: import.meta.dirname });
  return { code: result.stdout, timedOut: result.signal === 'SIGTERM', status: result.status };
}

describe('makeDirectories', () => {
  it('makes every missing directory with the mode asked for, and is fine when they exist', () => {
    const path = join(fresh(), 'a', 'b', 'c');
    makeDirectories(path, 0o700);
    makeDirectories(path, 0o700);
    for (const dir of [path, join(path, '..'), join(path, '..', '..')]) {
      expect(statSync(dir).isDirectory()).toBe(true);
      expect(statSync(dir).mode & 0o077, dir).toBe(0);
    }
  });

  it('a file in the way is ENOTDIR naming it; a link to a directory on the way is followed', () => {
    const base = fresh();
    writeFileSync(join(base, 'file'), '');
    expect(() => makeDirectories(join(base, 'file', 'below'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR', path: join(base, 'file') }),
    );
    expect(() => makeDirectories(join(base, 'file'))).toThrow(/ENOTDIR: cannot make .*file exists and is not a directory/);
    mkdirSync(join(base, 'real'));
    symlinkSync(join(base, 'real'), join(base, 'link'));
    makeDirectories(join(base, 'link', 'x', 'y'));
    expect(existsSync(join(base, 'real', 'x', 'y'))).toBe(true);
  });

  it('a dangling symbolic link on the path ends in ENOTDIR, where Node spins for ever', () => {
    const base = fresh();
    symlinkSync(join(base, 'not-mounted'), join(base, 'data'));
    const result = inChild(join(base, 'data', 'store'));
    expect(result.timedOut).toBe(false);
    expect(result).toMatchObject({ status: 1, code: 'ENOTDIR' });
  });

  it.runIf(process.platform === 'linux')('a path under /proc ends in ENOENT, where Node spins for ever', () => {
    const result = inChild('/proc/switchyard-not-a-process/store');
    expect(result.timedOut).toBe(false);
    expect(result).toMatchObject({ status: 1, code: 'ENOENT' });
  });

  it('whatever stands on the path, it either makes the directory or names what is in the way (property)', () => {
    type Obstacle = 'none' | 'directory' | 'file' | 'link-to-directory' | 'link-to-file';
    const obstacle = fc.constantFrom<Obstacle>('none', 'directory', 'file', 'link-to-directory', 'link-to-file');
    fc.assert(
      fc.property(fc.array(obstacle, { minLength: 1, maxLength: 4 }), (levels) => {
        const base = fresh();
        const target = join(base, ...levels.map((_, i) => `d${i}`));
        // Level i's obstacle sits at the path's i-th entry; nothing can stand below a missing entry or a file.
        let parent = base;
        for (const [i, kind] of levels.entries()) {
          if (kind === 'none') break;
          const at = join(parent, `d${i}`);
          if (kind === 'directory') mkdirSync(at);
          else if (kind === 'file') writeFileSync(at, '');
          else {
            const linked = join(base, `linked-${i}`);
            if (kind === 'link-to-directory') mkdirSync(linked);
            else writeFileSync(linked, '');
            symlinkSync(linked, at);
          }
          if (kind === 'file' || kind === 'link-to-file') break;
          parent = at;
        }
        const stop = levels.find((kind) => kind !== 'directory' && kind !== 'link-to-directory');
        const fails = stop === 'file' || stop === 'link-to-file';
        if (fails) {
          expect(() => makeDirectories(target)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
        } else {
          makeDirectories(target);
          expect(statSync(target).isDirectory()).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
