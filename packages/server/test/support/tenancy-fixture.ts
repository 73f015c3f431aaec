import { createConnectorRepository, createTenancy, migrate, openPostgresEngine, parseMasterKeys, KeyRing } from '../../src/index.js';
import type { SqlEngine, StoredConnectorRepository, StoredTenancy, TenancyOptions } from '../../src/index.js';
import { createThrowawayDatabase, type EngineCase } from './engines.js';
import { openTestPglite } from './pglite-template.js';

/** Two fixed test keys (never used outside tests). */
export const KEY_ONE = Buffer.alloc(32, 1).toString('base64');
export const KEY_TWO = Buffer.alloc(32, 2).toString('base64');
export const ringOf = (setting: string): KeyRing => new KeyRing(parseMasterKeys(setting, 'test key'));

/** Cheap scrypt for tests that create many applications; the hashing test uses the real default. */
export const FAST_HASHING = { N: 1024, r: 8, p: 1 } as const;

export interface IsolatedDatabase {
  readonly engine: SqlEngine;
  /** Opens a second engine on the same database (a second service process). */
  readonly reopen: () => Promise<SqlEngine>;
  readonly dispose: () => Promise<void>;
}

/**
 * A migrated database of its own: PGlite in memory, or a new database on the PostgreSQL server
 * named by SWITCHYARD_TEST_DATABASE_URL. Key rotation touches every credential row, so these
 * suites must not share tables with other suites running at the same time.
 */
export async function openIsolated(engineCase: EngineCase): Promise<IsolatedDatabase> {
  if (engineCase.name === 'pglite') {
    const engine = await openTestPglite();
    await migrate(engine);
    return { engine, reopen: async () => engine, dispose: () => engine.close() };
  }
  const database = await createThrowawayDatabase('tenancy');
  const opened: SqlEngine[] = [];
  const open = async (): Promise<SqlEngine> => {
    const engine = openPostgresEngine({ connectionString: database.url, maxConnections: 4 });
    opened.push(engine);
    return engine;
  };
  const engine = await open();
  await migrate(engine);
  return {
    engine,
    reopen: open,
    dispose: async () => {
      for (const each of opened) await each.close();
      await database.drop();
    },
  };
}

export interface TenancyParts {
  readonly tenancy: StoredTenancy;
  readonly connectors: StoredConnectorRepository;
}

export function tenancyParts(engine: SqlEngine, keys: KeyRing, options: TenancyOptions = {}): TenancyParts {
  return {
    tenancy: createTenancy(engine, keys, { secretHashing: FAST_HASHING, ...options }),
    connectors: createConnectorRepository(engine, keys),
  };
}
