/**
 * How long one search may keep the store busy. On PostgreSQL the service runs searches on
 * connections whose `statement_timeout` is the search timeout (service.ts), so the server cancels
 * a statement that runs past it (SQLSTATE 57014). PGlite cannot: it runs a statement to its end on
 * the service's own thread, and its `statement_timeout` never fires (measured: a 9 s statement ran
 * to completion under a 100 ms timeout). On both stores a search made of several statements
 * (stricter fuzzy passes, dictionary ranking, the any-candidates probe) starts no further
 * statement once its time is up. Either way the search answers SearchTimeoutError.
 */
import { ValidationError } from '@switchyard/runtime';
import type { SqlEngine, SqlParam, SqlRunner } from '../store/sql-engine.js';

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
 * The engine as one search sees it: before each statement, the search's time is checked; a
 * statement PostgreSQL cancelled for its statement_timeout becomes SearchTimeoutError.
 */
export function searchDeadline(engine: SqlEngine, timeoutMs: number, now: () => number = () => performance.now()): SqlEngine {
  const deadline = now() + timeoutMs;
  const check = (): void => {
    if (now() >= deadline) throw new SearchTimeoutError(timeoutMs);
  };
  const translate = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === QUERY_CANCELED) throw new SearchTimeoutError(timeoutMs);
      throw error;
    }
  };
  const bounded = (runner: SqlRunner): SqlRunner => ({
    query<R>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
      check();
      return translate(() => runner.query<R>(sql, params));
    },
    exec(sql: string): Promise<void> {
      check();
      return translate(() => runner.exec(sql));
    },
  });
  return {
    kind: engine.kind,
    ...bounded(engine),
    transaction: <T>(fn: (tx: SqlRunner) => Promise<T>) => {
      check();
      return translate(() => engine.transaction((tx) => fn(bounded(tx))));
    },
    close: () => engine.close(),
  };
}
