import { openPgliteEngine, openPostgresEngine, type SqlEngine } from '../../src/index.js';

/** Set to a PostgreSQL URL (e.g. postgres://postgres@127.0.0.1:5432/switchyard_test) to run every store suite there too. */
export const postgresUrl = process.env['SWITCHYARD_TEST_DATABASE_URL'];

export interface EngineCase {
  readonly name: 'pglite' | 'postgres';
  readonly open: () => Promise<SqlEngine>;
  readonly skip: boolean;
}

export const engineCases: readonly EngineCase[] = [
  { name: 'pglite', open: () => openPgliteEngine(), skip: false },
  {
    name: 'postgres',
    open: async () => openPostgresEngine({ connectionString: postgresUrl!, maxConnections: 4 }),
    skip: !postgresUrl,
  },
];

if (!postgresUrl) {
  console.info(
    '[switchyard/server] SWITCHYARD_TEST_DATABASE_URL is not set: PostgreSQL variants of the store suites are skipped (PGlite runs).',
  );
}

/** Tenants unique per test file run, so suites can share one PostgreSQL database. */
export function uniqueTenant(label: string): string {
  return `${label}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}
