import pg from 'pg';
import { openPostgresEngine, type SqlEngine } from '../../src/index.js';
import { openTestPglite } from './pglite-template.js';

/** Set to a PostgreSQL URL (e.g. postgres://postgres@127.0.0.1:5432/switchyard_test) to run every store suite there too. */
export const postgresUrl = process.env['SWITCHYARD_TEST_DATABASE_URL'];

export interface EngineCase {
  readonly name: 'pglite' | 'postgres';
  readonly open: () => Promise<SqlEngine>;
  readonly skip: boolean;
}

export const engineCases: readonly EngineCase[] = [
  { name: 'pglite', open: () => openTestPglite(), skip: false },
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

export interface ThrowawayDatabase {
  /** The URL of the new, empty database on the server named by SWITCHYARD_TEST_DATABASE_URL. */
  readonly url: string;
  /** Drops it, disconnecting whoever is still connected. */
  readonly drop: () => Promise<void>;
}

/**
 * A database of its own on the test PostgreSQL server, for suites that must not share tables with
 * suites running at the same time (key rotation touches every credential row; a service or worker
 * adopts every connector it finds).
 */
export async function createThrowawayDatabase(label: string): Promise<ThrowawayDatabase> {
  const name = `sy_${label}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
