import { openPgliteEngine } from './pglite-engine.js';
import { openPostgresEngine } from './postgres-engine.js';
import type { SqlEngine } from './sql-engine.js';

export interface EngineSettings {
  /** PostgreSQL connection string (DATABASE_URL); when set it wins over `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; neither setting means an in-memory PGlite. */
  dataDir?: string | undefined;
}

/** Picks the engine from the service's settings: PostgreSQL when a URL is given, PGlite otherwise. */
export async function openSqlEngine(settings: EngineSettings = {}): Promise<SqlEngine> {
  if (settings.databaseUrl) return openPostgresEngine({ connectionString: settings.databaseUrl });
  return openPgliteEngine(settings.dataDir === undefined ? {} : { dataDir: settings.dataDir });
}
