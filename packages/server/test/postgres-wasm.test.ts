/**
 * PostgreSQL's WebAssembly is compiled once per thread that opens stores and handed to every store
 * thread it starts (src/store/postgres-wasm.ts says why). A child process counts, per thread, every
 * WebAssembly compilation of a module the size of PostgreSQL's (a `-r` preload, which Node also runs
 * in worker threads, wraps the WebAssembly functions that compile bytes) while it opens stores on
 * their own threads and in its own thread: PostgreSQL is compiled once, in the opener's thread.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresWasm } from '../src/store/postgres-wasm.js';

const BUILT = (file: string) => pathToFileURL(fileURLToPath(new URL(`../dist/store/${file}`, import.meta.url))).href;
/** PostgreSQL's module is about 9 MB; PGlite's extensions and helper modules are far smaller. */
const POSTGRES_SIZE = 4 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'switchyard-postgres-wasm-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts the compilations of large byte buffers, by thread, on stderr as `compiled <thread> <bytes>`. */
const PRELOAD = `
const { threadId } = require('node:worker_threads');
const size = (source) => (ArrayBuffer.isView(source) || source instanceof ArrayBuffer ? source.byteLength : 0);
const note = (source) => { if (size(source) >= ${POSTGRES_SIZE}) process.stderr.write('compiled ' + threadId + ' ' + size(source) + '\\n'); };
const { compile, instantiate, Module } = WebAssembly;
WebAssembly.compile = function (source, ...rest) { note(source); return compile.call(this, source, ...rest); };
WebAssembly.instantiate = function (source, ...rest) { note(source); return instantiate.call(this, source, ...rest); };
WebAssembly.Module = new Proxy(Module, { construct(target, args) { note(args[0]); return Reflect.construct(target, args); } });
`;

/**
 * Opens two stores on their own threads and one in this thread, one after the other, and runs a
 * statement on each. The one in memory starts from the shipped data directory, as the suites'
 * stores do, rather than running initdb (about 4 CPU s of this test on a slow machine).
 */
const OPENER = `
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { openPgliteThread } from ${JSON.stringify(BUILT('pglite-thread.js'))};
import { openPgliteEngine } from ${JSON.stringify(BUILT('pglite-engine.js'))};
const root = process.argv[2];
const shipped = new Blob([gunzipSync(readFileSync(new URL(${JSON.stringify(BUILT('pglite-template.tgz'))})))]);
for (const open of [() => openPgliteThread({ dataDir: root + '/a' }), () => openPgliteThread({ dataDir: root + '/b' }), () => openPgliteEngine({ loadDataDir: shipped })]) {
  const engine = await open();
  const [row] = await engine.query('SELECT 41 + 1 AS answer');
  await engine.close();
  console.log('answer', row.answer);
}
`;

describe("PostgreSQL's WebAssembly, compiled once", () => {
  it('is compiled on the first call in a thread and the same modules are returned after it', async () => {
    const first = postgresWasm();
    expect(postgresWasm()).toBe(first);
    const wasm = await first;
    expect(wasm.pglite).toBeInstanceOf(WebAssembly.Module);
    expect(wasm.initdb).toBeInstanceOf(WebAssembly.Module);
    expect(await postgresWasm()).toBe(wasm);
  });

  it('a process opening stores on threads and in its own thread compiles it once, in the opener thread', () => {
    writeFileSync(join(dir, 'preload.cjs'), PRELOAD);
    writeFileSync(join(dir, 'opener.mjs'), OPENER);
    const result = spawnSync(process.execPath, ['-r', join(dir, 'preload.cjs'), join(dir, 'opener.mjs'), join(dir, 'stores')], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.match(/^answer 42$/gm)).toHaveLength(3);
    // One compilation of PostgreSQL in all, in the main thread (0); none in the stores' threads.
    expect(result.stderr.match(/^compiled \d+ \d+$/gm), result.stderr).toEqual([expect.stringMatching(/^compiled 0 \d+$/)]);
  });
});
