import type { SqlEngine, SqlParam, SqlRunner } from './sql-engine.js';

/** Runs a statement or a transaction: `run` does it; the hook decides when, and what it answers. */
export type Around = <T>(run: () => Promise<T>) => Promise<T>;

export interface EngineHooks {
  /** Around each statement outside a transaction. */
  readonly statement?: Around;
  /** Around each whole transaction. */
  readonly transaction?: Around;
  /** Around each statement inside a transaction. */
  readonly inTransaction?: Around;
}

const direct: Around = (run) => run();

/**
 * The engine seen through hooks (a search's turns at the store, its time budget): the same
 * statements on the same connections, each passing through the hook that applies to it.
 */
export function engineView(engine: SqlEngine, hooks: EngineHooks): SqlEngine {
  const statement = hooks.statement ?? direct;
  const transaction = hooks.transaction ?? direct;
  const inTransaction = hooks.inTransaction ?? direct;
  const through = (runner: SqlRunner, around: Around): SqlRunner => ({
    query: <R>(sql: string, params?: readonly SqlParam[]) => around(() => runner.query<R>(sql, params)),
    exec: (sql: string) => around(() => runner.exec(sql)),
  });
  return {
    kind: engine.kind,
    ...through(engine, statement),
    transaction: <T>(fn: (tx: SqlRunner) => Promise<T>) => transaction(() => engine.transaction((tx) => fn(through(tx, inTransaction)))),
    close: () => engine.close(),
  };
}
