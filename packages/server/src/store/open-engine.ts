import { openPgliteEngine } from './pglite-engine.js';
import { openPgliteThread } from './pglite-thread.js';
import type { SqlEngine } from './sql-engine.js';

export interface EngineSettings {
  /** PostgreSQL connection string (DATABASE_URL); when set it wins over `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; neither setting means an in-memory PGlite. */
  dataDir?: string | undefined;
}

/**
 * Picks the engine from the service's settings: PostgreSQL when a URL is given, PGlite otherwise. A
 * PGlite store on disk runs on a thread of its own (pglite-thread.ts says why); an in-memory one
 * stays in this thread. The PostgreSQL client (`pg`) is imported only when it is used, so a service
 * on the embedded store does not load it.
 */
export async function openSqlEngine(settings: EngineSettings = {}): Promise<SqlEngine> {
  if (settings.databaseUrl) return (await import('./postgres-engine.js')).openPostgresEngine({ connectionString: settings.databaseUrl });
  return settings.dataDir === undefined ? openPgliteEngine() : openPgliteThread({ dataDir: settings.dataDir });
}
