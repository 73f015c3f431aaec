import type { SqlEngine } from '../store/sql-engine.js';
import { MIGRATIONS, type Migration } from './migrations.js';

const LEDGER = `CREATE TABLE IF NOT EXISTS sy_schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Thrown when the database holds migrations this code does not know: it was built by a newer release. */
export class SchemaTooNewError extends Error {
  override readonly name = 'SchemaTooNewError';
}

/**
 * Brings the schema up to date and returns the versions it applied (empty when there was nothing
 * to do). Everything runs in one transaction under an advisory lock, so several service
 * processes starting together against one PostgreSQL apply each migration exactly once, and a
 * failing migration leaves the database as it was.
 */
export async function migrate(engine: SqlEngine, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  checkOrder(migrations);
  return engine.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('switchyard:migrations'))`);
    await tx.exec(LEDGER);
    const rows = await tx.query<{ version: number }>('SELECT version FROM sy_schema_migrations');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const known = new Set(migrations.map((m) => m.version));
    const unknown = [...applied].filter((v) => !known.has(v));
    if (unknown.length > 0) {
      throw new SchemaTooNewError(
        `the database has schema migration(s) ${unknown.join(', ')} that this release does not know; run a newer release`,
      );
    }
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO sy_schema_migrations (version, name) VALUES ($1::integer, $2)', [
        String(migration.version),
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (!Number.isInteger(m.version) || m.version < 1 || (previous && m.version <= previous.version)) {
      throw new TypeError(`migration versions must be positive integers in increasing order (at ${m.version})`);
    }
  });
}
