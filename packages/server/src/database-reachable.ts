/**
 * Whether the PostgreSQL database a process was given answers, asked before anything else uses it.
 * A database that is down, a wrong password or a database that does not exist is the operator's
 * setting, not a bug: one line saying which database (its password hidden) and what it answered,
 * instead of node-postgres's stack from inside the first migration.
 */
import { ConfigError } from './config.js';
import type { SqlEngine } from './store/sql-engine.js';

export async function checkDatabaseReachable(engine: SqlEngine, databaseUrl: string | undefined): Promise<void> {
  if (engine.kind !== 'postgres') return;
  try {
    await engine.query('SELECT 1');
  } catch (error) {
    throw new ConfigError(`cannot use the database in DATABASE_URL (${withoutPassword(databaseUrl ?? '')}): ${reasonOf(error)}`, {
      cause: error,
    });
  }
}

/** The connection string with its password replaced, to name the database without giving it away. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    // Not a URL (a socket path): nothing secret in it.
    return databaseUrl.startsWith('/') ? databaseUrl : '(not a URL)';
  }
}

/** What the driver said; a refused connection to several addresses is an AggregateError with no message of its own. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(reasonOf).join('; ');
  if (error instanceof Error) return error.message || String((error as NodeJS.ErrnoException).code ?? error.name);
  return String(error);
}
