/**
 * The one interface the service talks SQL through. Both engines speak the same PostgreSQL dialect
 * (PGlite is PostgreSQL compiled to WASM), so every statement in this package runs unchanged on
 * either; only connection handling differs.
 *
 * Parameters are always bound, never spliced into SQL text. Callers pass strings (or null) and cast
 * in SQL (`$1::jsonb`), because the two drivers serialize other JS types differently (node-postgres
 * turns a JS array into a PostgreSQL array literal, PGlite infers types).
 */
export type SqlParam = string | null;

export interface SqlRunner {
  /** One statement, bound parameters; resolves to its rows. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  /** Several statements without parameters (DDL, migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlEngine extends SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
