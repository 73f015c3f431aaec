/**
 * The worker thread that holds the service's embedded store (pglite-thread.ts starts it): opens
 * PGlite on the data directory it is given and runs what the service's thread sends, one message
 * per statement. Transactions are PGlite's own: `begin` opens one and keeps it until the service's
 * thread sends `end`, so PGlite's lock holds other statements back meanwhile, as in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteEngine } from './pglite-engine.js';
import { adoptPostgresWasm } from './postgres-wasm.js';
import type { SqlEngine, SqlRunner } from './sql-engine.js';
import type { StoreReply, StoreRequest, StoreThreadData, ThreadError } from './pglite-thread.js';

const port = parentPort;
if (!port) throw new Error('pglite-thread-worker.ts runs in a worker thread (pglite-thread.ts starts it)');
const options = workerData as StoreThreadData;

/** A transaction the service's thread has open: its runner, how to end it, and its outcome. */
interface OpenTransaction {
  readonly runner: SqlRunner;
  end(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  readonly done: Promise<null>;
}

/** Thrown inside PGlite's transaction to make it roll back. */
const ROLL_BACK = Symbol('roll back');

// The opener's compiled PostgreSQL, not a compilation of this thread's own (postgres-wasm.ts).
adoptPostgresWasm(options.wasm);
const opening = openPgliteEngine({ dataDir: options.dataDir });
// A store that cannot open fails the `open` request with PGlite's own error, not the thread.
opening.catch(() => undefined);
const transactions = new Map<number, OpenTransaction>();

port.on('message', (request: StoreRequest) => {
  void handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies StoreReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: describeError(error) } satisfies StoreReply),
  );
});

async function handle(request: StoreRequest): Promise<unknown> {
  const engine = await opening;
  switch (request.op) {
    case 'open':
      return null;
    case 'query':
      return runnerFor(engine, request.tx).query(request.sql, request.params);
    case 'exec':
      await runnerFor(engine, request.tx).exec(request.sql);
      return null;
    case 'begin':
      return begin(engine, request.id);
    case 'end': {
      const open = openTransaction(request.tx);
      transactions.delete(request.tx);
      open.end(request.commit);
      return open.done;
    }
    case 'close':
      await engine.close();
      return null;
  }
}

function runnerFor(engine: SqlEngine, tx: number | undefined): SqlRunner {
  return tx === undefined ? engine : openTransaction(tx).runner;
}

function openTransaction(tx: number): OpenTransaction {
  const open = transactions.get(tx);
  if (!open) throw new Error('the transaction has ended');
  return open;
}

/** Opens a transaction named by the `begin` request's id; resolves once PGlite has started it. */
async function begin(engine: SqlEngine, id: number): Promise<number> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  const done: Promise<null> = engine
    .transaction(async (runner) => {
      transactions.set(id, { runner, end, done });
      started();
      if (!(await ended)) throw ROLL_BACK;
    })
    .then(
      () => null,
      (error: unknown) => {
        if (error === ROLL_BACK) return null;
        throw error;
      },
    );
  // Awaited by the `end` request; a transaction that fails before it starts (its BEGIN refused)
  // rejects `done` first, and so fails its `begin`.
  done.catch(() => undefined);
  await Promise.race([running, done]);
  return id;
}

/** An error as the service's thread rebuilds it: its class name, message and own fields (a PostgreSQL SQLSTATE `code`, `detail`, …). */
function describeError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}
