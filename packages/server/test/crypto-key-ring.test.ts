import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '@switchyard/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyRing, KEY_FILE_NAME, parseMasterKeys } from '../src/index.js';
import { KEY_ONE, KEY_TWO } from './support/tenancy-fixture.js';

const posix = process.platform !== 'win32';

function recordingLogger(): { lines: string[]; info: (message: string) => void } {
  const lines: string[] = [];
  return { lines, info: (message: string) => lines.push(message) };
}

describe('SWITCHYARD_MASTER_KEY parsing', () => {
  it('takes one bare base64 key as key id "default", and kid:base64 entries newest last', () => {
    expect(parseMasterKeys(KEY_ONE, 'env').map((k) => k.id)).toEqual(['default']);
    const two = parseMasterKeys(`old:${KEY_ONE}, new:${KEY_TWO}`, 'env');
    expect(two.map((k) => k.id)).toEqual(['old', 'new']);
    expect(two[1]!.key.equals(Buffer.from(KEY_TWO, 'base64'))).toBe(true);
    // newline-separated (a key file) and base64url both work
    expect(parseMasterKeys(`a:${KEY_ONE}\nb:${Buffer.alloc(32, 2).toString('base64url')}\n`, 'file').map((k) => k.id)).toEqual(['a', 'b']);
  });

  it.each([
    ['empty', '   ', /is empty/],
    ['short key', Buffer.alloc(16, 7).toString('base64'), /32 random bytes/],
    ['not base64', 'this is not base64 at all!!', /32 random bytes|key id/],
    ['several keys without ids', `${KEY_ONE},${KEY_TWO}`, /has no key id/],
    ['duplicate ids', `k:${KEY_ONE},k:${KEY_TWO}`, /"k" twice/],
    ['bad key id', `bad.id:${KEY_ONE}`, /key id must be/],
  ])('refuses %s with a ConfigurationError that does not echo the key', (_label, setting, message) => {
    let caught: unknown;
    try {
      parseMasterKeys(setting, 'SWITCHYARD_MASTER_KEY');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as Error).message).toMatch(message);
    for (const fragment of setting.split(/[:,]/)) {
      if (fragment.length >= 16) expect((caught as Error).message).not.toContain(fragment);
    }
  });
});

describe('createKeyRing', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sy-keyring-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(!posix)('creates <dataDir>/master.key with mode 0600, logs once where, and never logs the key', async () => {
    const logger = recordingLogger();
    const dataDir = join(dir, 'nested', 'data');
    const ring = await createKeyRing({ dataDir, logger });
    const path = join(dataDir, KEY_FILE_NAME);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toContain(path);
    const content = await readFile(path, 'utf8');
    const material = content.trim().split(':')[1]!;
    expect(Buffer.from(material, 'base64')).toHaveLength(32);
    expect(logger.lines[0]).not.toContain(material);
    expect(ring.activeKeyId).toBe('default');

    // A restart reuses the file: same key (what it sealed still opens), and no second log line.
    const again = await createKeyRing({ dataDir, logger });
    expect(again.openText(ring.seal('s3cret', 'c'), 'c')).toBe('s3cret');
    expect(logger.lines).toHaveLength(1);
  });

  it.skipIf(!posix)('refuses a key file readable by group or others, saying how to fix it', async () => {
    await createKeyRing({ dataDir: dir });
    const path = join(dir, KEY_FILE_NAME);
    await chmod(path, 0o644);
    await expect(createKeyRing({ dataDir: dir })).rejects.toThrow(/chmod 600/);
    await expect(createKeyRing({ dataDir: dir })).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('refuses a corrupted key file instead of generating a new key over it', async () => {
    const path = join(dir, KEY_FILE_NAME);
    await writeFile(path, 'garbage\n', { mode: 0o600 });
    await expect(createKeyRing({ dataDir: dir })).rejects.toThrow(/master key file/);
    expect(await readFile(path, 'utf8')).toBe('garbage\n');
  });

  it('two processes starting at once end up with one shared key', async () => {
    const [a, b] = await Promise.all([createKeyRing({ dataDir: dir }), createKeyRing({ dataDir: dir })]);
    expect(b.openText(a.seal('x', 'c'), 'c')).toBe('x');
  });

  it('an explicit master key wins over the key file and creates none', async () => {
    const ring = await createKeyRing({ dataDir: dir, masterKey: `k2:${KEY_TWO}` });
    expect(ring.activeKeyId).toBe('k2');
    await expect(stat(join(dir, KEY_FILE_NAME))).rejects.toThrow(/ENOENT/);
  });

  it('without a master key or a data directory there is no silent default', async () => {
    await expect(createKeyRing({})).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('derives the same token signing key from the same master key in another process, a different one per key', async () => {
    const one = await createKeyRing({ masterKey: `k1:${KEY_ONE},k2:${KEY_TWO}` });
    const restarted = await createKeyRing({ masterKey: `k1:${KEY_ONE},k2:${KEY_TWO}` });
    expect(Buffer.from(one.deriveKey('token-signing')!).equals(Buffer.from(restarted.deriveKey('token-signing')!))).toBe(true);
    expect(Buffer.from(one.deriveKey('token-signing', 'k1')!).equals(Buffer.from(one.deriveKey('token-signing', 'k2')!))).toBe(false);
    expect(Buffer.from(one.deriveKey('token-signing')!).equals(Buffer.from(one.deriveKey('other-purpose')!))).toBe(false);
    // the derived key is not the master key itself
    expect(Buffer.from(one.deriveKey('token-signing')!).equals(Buffer.from(KEY_TWO, 'base64'))).toBe(false);
    expect(one.deriveKey('token-signing', 'missing')).toBeUndefined();
  });
});
