/**
 * The master key file reaches the disk before anything relies on it (crypto/key-file.ts,
 * flush-to-disk.ts): on a first start the key is flushed before it is linked into place and the
 * directory after, and a rotation flushes the new file before renaming it over the old and the
 * directory after. The store's commits are flushed (store/durable-node-fs.ts); a key file lost to an
 * OS crash would leave them encrypted with a key nobody has.
 *
 * Watched from a child process, which records each flush by path (test/support/flush-recorder.ts),
 * link and rename in the order they happen.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORD_FLUSHES } from './support/flush-recorder.js';

describe('the master key file is flushed before it is used', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('on first start the key is flushed, linked into place, then its directory flushed; a rotation the same around its rename', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-key-file-'));
    dirs.push(dataDir);
    const keyFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'crypto', 'key-file.js');
    const script = `${RECORD_FLUSHES}
      for (const name of ['link', 'rename']) {
        const real = fs.promises[name];
        fs.promises[name] = (from, to) => { events.push([name, String(from), String(to)]); return real(from, to); };
      }
      (await import('node:module')).syncBuiltinESMExports();
      const { addKeyToKeyFile, loadOrCreateKeyFile } = await import(${JSON.stringify(keyFile)});
      await loadOrCreateKeyFile(${JSON.stringify(dataDir)});
      events.push(['created']);
      await addKeyToKeyFile(${JSON.stringify(dataDir)}, 'second');
      process.stdout.write(JSON.stringify(events));`;
    const events = JSON.parse(await runNode(script)) as string[][];
    const created = events.findIndex(([kind]) => kind === 'created');
    const keyPath = join(dataDir, 'master.key');

    for (const [phase, move] of [
      [events.slice(0, created), 'link'],
      [events.slice(created + 1), 'rename'],
    ] as const) {
      const moved = phase.findIndex(([kind, , to]) => kind === move && to === keyPath);
      expect(moved, `${move} into ${keyPath}`).toBeGreaterThanOrEqual(0);
      const temporary = phase[moved]![1]!;
      // The temporary file (the key's bytes) flushed before it became the key file …
      expect(phase.slice(0, moved)).toContainEqual(['fsync', temporary]);
      // … and the directory (the new name) after.
      expect(phase.slice(moved + 1)).toContainEqual(['fsync', dataDir]);
    }
  });
});

function runNode(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the child exited with ${code}`))));
  });
}
