/**
 * How long one search may keep the store busy: the running time of its own statements, not the
 * time it waits for its turns (search/limits/fair-queue.ts). On PostgreSQL the service runs searches on
 * connections whose `statement_timeout` is the search timeout (service.ts), so the server cancels a
 * statement that runs past it (SQLSTATE 57014). PGlite cannot: it runs a statement to its end on
 * the service's own thread, and its `statement_timeout` never fires (measured: a 9 s statement ran
 * to completion under a 100 ms timeout). On both stores a search made of several statements
 * (stricter fuzzy passes, dictionary ranking, the any-candidates probe) starts no further
 * statement once its statements have used up its time. Either way it answers SearchTimeoutError.
 */
import { ValidationError } from '@switchyard/runtime';
import { engineView, type Around } from '../../store/engine-view.js';
import type { SqlEngine } from '../../store/sql-engine.js';

/** PostgreSQL's query_canceled: raised when statement_timeout cancels a statement. */
const QUERY_CANCELED = '57014';

/**
 * A search that ran longer than the service allows one search. A 422 on `query` (rule
 * `search-timeout`), like any other query the service will not answer: the same search would
 * take as long again, so it is narrowed, not retried.
 */
export class SearchTimeoutError extends ValidationError {
  override readonly name: string = 'SearchTimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super('search', [
      {
        path: 'query',
        rule: 'search-timeout',
        message:
          `this search ran longer than the ${timeoutMs} ms a search may take and was stopped; narrow it: a more selective ` +
          'filter (eq, in, a prefix like "abc%" rather than an infix one), or a sort by an indexed field',
      },
    ]);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The engine as one search sees it: before each statement, the time its statements have taken so
 * far is checked; a statement PostgreSQL cancelled for its statement_timeout becomes
 * SearchTimeoutError.
 */
export function searchTimeBudget(engine: SqlEngine, timeoutMs: number, now: () => number = () => performance.now()): SqlEngine {
  let spent = 0;
  const translate: Around = async (run) => {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === QUERY_CANCELED) throw new SearchTimeoutError(timeoutMs);
      throw error;
    }
  };
  const statement: Around = async (run) => {
    if (spent >= timeoutMs) throw new SearchTimeoutError(timeoutMs);
    const started = now();
    try {
      return await translate(run);
    } finally {
      spent += now() - started;
    }
  };
  return engineView(engine, {
    statement,
    inTransaction: statement,
    transaction: (run) => {
      if (spent >= timeoutMs) return Promise.reject(new SearchTimeoutError(timeoutMs));
      return translate(run);
    },
  });
}
