import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_FREE_BYTES, chooseScratchDir, useScratchDir, type ScratchFacts } from './scratch-dir.js';

const base = mkdtempSync(join(tmpdir(), 'switchyard-scratch-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const roomy: ScratchFacts = { override: undefined, platform: 'linux', uid: 1000, shm: { tmpfs: true, freeBytes: 8 * 1024 ** 3 } };

describe('where the suites put their temporary files', () => {
  it('a tmpfs at /dev/shm with room: a directory of this user there', () => {
    expect(chooseScratchDir(roomy)).toEqual({ dir: '/dev/shm/switchyard-tests-1000', why: '/dev/shm is a tmpfs with room' });
  });

  it('the OS temp directory when there is no such tmpfs, naming why', () => {
    expect(chooseScratchDir({ ...roomy, platform: 'darwin', shm: undefined }).why).toBe('no /dev/shm: the OS temp directory');
    expect(chooseScratchDir({ ...roomy, shm: { tmpfs: false, freeBytes: 1e12 } }).why).toBe(
      '/dev/shm is not a tmpfs: the OS temp directory',
    );
    // A container's default /dev/shm.
    expect(chooseScratchDir({ ...roomy, shm: { tmpfs: true, freeBytes: 64 * 1024 ** 2 } })).toEqual({
      dir: undefined,
      why: '/dev/shm has 0.1 GiB free, under 2.0 GiB: the OS temp directory',
    });
  });

  it('SWITCHYARD_TEST_TMPDIR decides when set: a directory, or empty for the OS default', () => {
    expect(chooseScratchDir({ ...roomy, override: '/var/tmp/mine' })).toEqual({ dir: '/var/tmp/mine', why: 'SWITCHYARD_TEST_TMPDIR' });
    expect(chooseScratchDir({ ...roomy, override: '' }).dir).toBeUndefined();
  });

  it('never a directory in memory without a tmpfs and MIN_FREE_BYTES free there, whatever the facts', () => {
    const facts = fc.record({
      override: fc.option(fc.constantFrom('', '/x/y'), { nil: undefined }),
      platform: fc.constantFrom<NodeJS.Platform>('linux', 'darwin', 'win32'),
      uid: fc.nat(),
      shm: fc.option(fc.record({ tmpfs: fc.boolean(), freeBytes: fc.nat({ max: 2 * MIN_FREE_BYTES }) }), { nil: undefined }),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const { dir } = chooseScratchDir(f);
        const roomInMemory = f.platform === 'linux' && f.shm?.tmpfs === true && f.shm.freeBytes >= MIN_FREE_BYTES;
        const expected =
          f.override !== undefined ? f.override || undefined : roomInMemory ? `/dev/shm/switchyard-tests-${f.uid}` : undefined;
        expect(dir).toBe(expected);
      }),
    );
  });

  it('points TMPDIR at it once, keeping the disk one for the suite that needs a disk', () => {
    const dir = join(base, 'made', 'here');
    const env: NodeJS.ProcessEnv = { SWITCHYARD_TEST_TMPDIR: dir };
    expect(useScratchDir(env)).toBe(`temporary files in ${dir} (SWITCHYARD_TEST_TMPDIR; SWITCHYARD_TEST_TMPDIR= for ${tmpdir()})`);
    expect(env['TMPDIR']).toBe(dir);
    expect(env['SWITCHYARD_DISK_TMPDIR']).toBe(tmpdir());
    expect(statSync(dir).mode & 0o777).toBe(0o711);
    // The config is loaded once per project, and a test may run vitest again: later calls keep it.
    env['SWITCHYARD_TEST_TMPDIR'] = join(base, 'elsewhere');
    expect(useScratchDir(env)).toBeUndefined();
    expect(env['TMPDIR']).toBe(dir);
  });

  it('refuses a directory other users can write to, or a link, and keeps the OS default', () => {
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const env: NodeJS.ProcessEnv = { SWITCHYARD_TEST_TMPDIR: open };
    expect(useScratchDir(env)).toBe(`temporary files in ${tmpdir()} (${open} is writable by other users)`);
    expect(env['TMPDIR']).toBeUndefined();

    const link = join(base, 'link');
    symlinkSync(mkdtempSync(join(base, 'target-')), link);
    const linked: NodeJS.ProcessEnv = { SWITCHYARD_TEST_TMPDIR: link };
    expect(useScratchDir(linked)).toBe(`temporary files in ${tmpdir()} (${link} is not a directory)`);
    expect(linked['TMPDIR']).toBeUndefined();
  });

  it('one of this user’s made owner-only (a mkdtemp) is opened for passing through, not for listing', () => {
    const own = mkdtempSync(join(base, 'own-'));
    expect(statSync(own).mode & 0o777).toBe(0o700);
    const env: NodeJS.ProcessEnv = { SWITCHYARD_TEST_TMPDIR: own };
    expect(useScratchDir(env)).toContain(`temporary files in ${own} `);
    expect(statSync(own).mode & 0o777).toBe(0o711);
  });
});
