/**
 * PostgreSQL's WebAssembly (what PGlite runs), compiled once in each thread that opens a store and
 * handed to the store's own thread (pglite-thread.ts) rather than compiled again there.
 *
 * Why: V8 compiles a WebAssembly module lazily and then optimizes its hot functions (TurboFan) as
 * they run, and that work belongs to the compiled module, which V8 shares between every thread of
 * the process that compiles the same bytes while one of them still holds it. A store opened in a
 * new thread with no other holder compiled and optimized PostgreSQL from nothing: in a probe, a
 * worker thread that opened a store and ran 600 statements used 3.1 to 3.3 CPU s, and 1.6 to 2.0
 * when another thread of the process held a compiled module. Kept here for the life of the thread,
 * every later store of the process (a service started again in the same process, several services
 * in one process, the test suites' stores) starts from code already compiled and optimized.
 * CONTRIBUTING.md ("Where the suite's time goes") has the suite's figures.
 */
import { readFile } from 'node:fs/promises';

/** The two modules PGlite instantiates: the server (`pgliteWasmModule`) and `initdb` (`initdbWasmModule`). */
export interface PostgresWasm {
  readonly pglite: WebAssembly.Module;
  readonly initdb: WebAssembly.Module;
}

let compiling: Promise<PostgresWasm> | undefined;

/** This thread's compiled modules: compiled on the first call, the same ones after it. */
export function postgresWasm(): Promise<PostgresWasm> {
  compiling ??= compileBoth().catch((error: unknown) => {
    compiling = undefined; // a failure (an unreadable file) is tried again by the next store
    throw error;
  });
  return compiling;
}

/** PGlite's options naming this thread's modules, for `PGlite.create`. */
export async function pgliteWasmOptions(): Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> {
  const wasm = await postgresWasm();
  return { pgliteWasmModule: wasm.pglite, initdbWasmModule: wasm.initdb };
}

/**
 * Makes `wasm` this thread's modules: a store's thread adopts those of the thread that started it
 * (pglite-thread.ts sends them), which V8 shares rather than copies. Only before the thread's first
 * compilation; after it the thread keeps what it has.
 */
export function adoptPostgresWasm(wasm: PostgresWasm): void {
  compiling ??= Promise.resolve(wasm);
}

async function compileBoth(): Promise<PostgresWasm> {
  // The files PGlite ships and exports (`@electric-sql/pglite/pglite.wasm`, `…/initdb.wasm`).
  const [pglite, initdb] = await Promise.all(['pglite.wasm', 'initdb.wasm'].map((file) => compile(`@electric-sql/pglite/${file}`)));
  return { pglite: pglite!, initdb: initdb! };
}

async function compile(specifier: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(new URL(import.meta.resolve(specifier))));
}
