import pg from 'pg';
import type { SqlEngine, SqlParam, SqlRunner } from './sql-engine.js';
import { checkSqlParams } from './sql-text.js';

export interface PostgresEngineOptions {
  /** postgres://user:password@host:port/database */
  connectionString: string;
  /** Pool size (default 10). */
  maxConnections?: number;
  /**
   * Every statement on this engine's connections is cancelled by the server once it has run this
   * long (PostgreSQL's statement_timeout, set when each connection opens; it fails with SQLSTATE
   * 57014). Default: none. The service opens a second engine with it for searches only.
   */
  statementTimeoutMs?: number;
}

/** PostgreSQL through node-postgres, for deployments that outgrow the embedded store. */
export function openPostgresEngine(options: PostgresEngineOptions): SqlEngine {
  const timeout = options.statementTimeoutMs;
  if (timeout !== undefined && (!Number.isSafeInteger(timeout) || timeout < 1))
    throw new RangeError(`statementTimeoutMs must be a positive integer, got ${timeout}`);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // JIT compiles the expressions of any plan the planner costs above jit_above_cost; a search
    // over a large copy often crosses that and then spends 50-100 ms compiling to save less.
    // (An `options` parameter in the connection string replaces this.)
    options: '-c jit=off',
    // A startup parameter of its own, so an `options` in the connection string does not drop it.
    ...(timeout !== undefined ? { statement_timeout: timeout } : {}),
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that
  // would crash the process. The next query simply gets a fresh connection.
  pool.on('error', () => {});
  return new PostgresEngine(pool);
}

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

function runner(client: Queryable): SqlRunner {
  return {
    async query<R>(sql: string, params: readonly SqlParam[] = []) {
      checkSqlParams(params);
      return (await client.query(sql, [...params])).rows as R[];
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

class PostgresEngine implements SqlEngine {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #runner: SqlRunner;
  constructor(pool: pg.Pool) {
    this.#pool = pool;
    this.#runner = runner(pool);
  }
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    return this.#runner.query<R>(sql, params);
  }
  exec(sql: string): Promise<void> {
    return this.#runner.exec(sql);
  }
  async transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    // A connection whose ROLLBACK failed is in an unknown state: it is destroyed, not pooled.
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(runner(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }
  close(): Promise<void> {
    return this.#pool.end();
  }
}
