/**
 * The service's embedded store on a thread of its own. PGlite runs PostgreSQL inside the thread
 * that calls it, so on the service's thread a heavy search or a synced page being written held
 * every other request, those that never touch the store included: one caller's execute p50 was
 * 73 ms while two others searched, against 1 ms with the store here (the server README, "The
 * store's thread"; saturated calls per second do not change). Here the store lives in a worker
 * thread (pglite-thread-worker.ts) and the service's thread only sends statements and reads answers.
 *
 * The engine is the same SqlEngine: statements, parameters, rows and transactions behave as with
 * the store in this thread (PGlite's own transactions and lock, in the worker); an error comes back
 * with its class name, message and fields (a PostgreSQL SQLSTATE `code`, `detail`, …). Parameters
 * are checked here, before anything is sent, so a bad one fails as it always did.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { postgresWasm, type PostgresWasm } from './postgres-wasm.js';
import type { SqlEngine, SqlParam, SqlRunner } from './sql-engine.js';
import { unpackShippedTemplate } from './shipped-template.js';
import { checkSqlParams } from './sql-text.js';

export interface StoreThreadOptions {
  /** The data directory (a store on disk: an in-memory store has nothing to gain from a thread). */
  readonly dataDir: string;
}

/** What the store's thread starts with: the options, and the opener's compiled PostgreSQL (postgres-wasm.ts). */
export interface StoreThreadData extends StoreThreadOptions {
  readonly wasm: PostgresWasm;
}

/** A message to the store's thread; `tx` names a transaction `begin` opened (its request id). */
export type StoreRequest =
  | { readonly id: number; readonly op: 'open' }
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: SqlParam[]; readonly tx?: number | undefined }
  | { readonly id: number; readonly op: 'exec'; readonly sql: string; readonly tx?: number | undefined }
  | { readonly id: number; readonly op: 'begin' }
  | { readonly id: number; readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly id: number; readonly op: 'close' };

/** Distributes Omit over the union, so each request keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface ThreadError {
  readonly name: string;
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

export type StoreReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: ThreadError };

/** Opens the store on disk in a worker thread; resolves once PGlite is ready there. */
export async function openPgliteThread(options: StoreThreadOptions): Promise<SqlEngine> {
  // A first start unpacks the shipped data directory here, before the thread starts (the worker's
  // open finds it unpacked), so a failure to unpack is this thread's error like any other.
  unpackShippedTemplate(options.dataDir);
  // Compiled (and optimized as it runs) once in this thread, which keeps it: every store thread of
  // the process instantiates the same code instead of compiling PostgreSQL again.
  const data: StoreThreadData = { dataDir: options.dataDir, wasm: await postgresWasm() };
  const engine = new ThreadedPglite(startWorker(workerScript(), data));
  try {
    await engine.send({ op: 'open' });
  } catch (error) {
    await engine.stop();
    throw error;
  }
  return engine;
}

/**
 * The thread starts from a line that imports the worker's module, not from the module's file: a
 * worker inherits the process's flags, and one started from a file refuses `--input-type`, which a
 * process running its own `--eval` text may have (`node --input-type=module -e …` would otherwise
 * be left without a store). Passing the flags without it instead is refused for process-wide ones
 * (`--max-old-space-size`, `--expose-gc`, …), which inheriting them is not.
 */
function startWorker(script: URL, data: StoreThreadData): Worker {
  return new Worker(`import(${JSON.stringify(script.href)})`, { eval: true, workerData: data });
}

/**
 * The worker's module beside this one. Run from the TypeScript sources (the suites import src/),
 * this module's sibling is a .ts file Node cannot start in a thread, so the built one is used:
 * `pnpm build` writes it, and every suite runs after a build.
 */
function workerScript(): URL {
  const here = import.meta.url;
  if (here.endsWith('.js')) return new URL('./pglite-thread-worker.js', here);
  const built = new URL('../../dist/store/pglite-thread-worker.js', here);
  if (!existsSync(built)) throw new Error(`the store's worker is not built (${built.pathname}): run pnpm build`);
  return built;
}

class ThreadedPglite implements SqlEngine {
  readonly kind = 'pglite' as const;
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  /** Set once the thread has stopped: every later call fails with it. */
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  constructor(worker: Worker) {
    this.#worker = worker;
    // Held only while an answer is awaited, so an engine left open never keeps the process alive.
    worker.unref();
    worker.on('message', (reply: StoreReply) => this.#settle(reply));
    worker.on('error', (error) => this.#fail(new Error(`the store's thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.#fail(new Error(`the store's thread stopped (exit code ${code})`)));
  }

  async query<R = Record<string, unknown>>(sql: string, params: readonly SqlParam[] = [], tx?: number): Promise<R[]> {
    checkSqlParams(params);
    return (await this.send({ op: 'query', sql, params: [...params], tx })) as R[];
  }

  async exec(sql: string, tx?: number): Promise<void> {
    await this.send({ op: 'exec', sql, tx });
  }

  async transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const tx = (await this.send({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn({
        query: <R>(sql: string, params?: readonly SqlParam[]) => this.query<R>(sql, params, tx),
        exec: (sql: string) => this.exec(sql, tx),
      });
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  close(): Promise<void> {
    this.#closing ??= this.send({ op: 'close' }).then(
      () => this.stop(),
      async (error: unknown) => {
        await this.stop();
        throw error;
      },
    );
    return this.#closing;
  }

  /** Ends the thread (after close, or when opening failed). */
  async stop(): Promise<void> {
    this.#stopped ??= new Error('PGlite is closed');
    await this.#worker.terminate();
  }

  send(request: WithoutId<StoreRequest>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#waiting.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(reply: StoreReply): void {
    const waiting = this.#waiting.get(reply.id);
    if (!waiting) return;
    this.#waiting.delete(reply.id);
    if (this.#waiting.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuildError(reply.error));
  }

  #fail(error: Error): void {
    this.#stopped ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
    this.#worker.unref();
  }
}

/** The thread's error as an Error here: the same name, message and fields. */
function rebuildError(described: ThreadError): Error {
  const error = new Error(described.message);
  error.name = described.name;
  Object.assign(error, described.fields);
  return error;
}
