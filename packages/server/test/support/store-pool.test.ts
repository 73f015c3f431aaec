/**
 * The suites' in-memory stores are handed out again after a suite closes them
 * (test/support/store-pool.ts). A suite must not be able to tell a store put back from a new one:
 * for any mix of what suites do to a store that can be undone, the next suite gets the same store
 * described exactly as a new one (described here through information_schema and the settings, not
 * the pool's own catalog text); a store changed in a way that cannot be undone is closed instead.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EntitySchema, RecordStore, ensureSearchIndexes, openPgliteEngine, type SqlEngine } from '../../src/index.js';
import { testTemplate } from './pglite-template.js';
import { createStorePool } from './store-pool.js';

/** Everything a suite reads off a store, by PostgreSQL's documented views. */
async function describeStore(engine: SqlEngine): Promise<Record<string, unknown>> {
  // pg_trgm's library (and with it its three settings) is loaded at a store's first search; load it
  // here, so a new store and one a suite searched are described alike.
  await engine.query(`SELECT similarity('a', 'b')`);
  const tables = await engine.query<{ schema: string; name: string; type: string }>(
    `SELECT table_schema AS schema, table_name AS name, table_type AS type FROM information_schema.tables
      WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  const rows: Record<string, number> = {};
  for (const table of tables) {
    if (table.type !== 'BASE TABLE') continue;
    const [count] = await engine.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table.schema}"."${table.name}"`);
    rows[`${table.schema}.${table.name}`] = count!.n;
  }
  return {
    tables,
    rows,
    columns: await engine.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    ),
    indexes: await engine.query(`SELECT indexdef FROM pg_indexes WHERE schemaname NOT IN ('pg_catalog') ORDER BY 1`),
    constraints: await engine.query(
      `SELECT table_name, constraint_name, constraint_type FROM information_schema.table_constraints
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    ),
    ledger: await engine.query('SELECT * FROM sy_schema_migrations ORDER BY 1'),
    routines: await engine.query(`SELECT routine_schema, routine_name FROM information_schema.routines WHERE routine_schema = 'public'`),
    // Less the session's temporary schemas: PostgreSQL makes them at a session's first temporary
    // table and keeps them, empty once the session is discarded (its tables are listed above).
    schemas: await engine.query(
      `SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT LIKE 'pg\\_%temp\\_%' ORDER BY 1`,
    ),
    settings: await engine.query('SELECT name, setting FROM pg_settings ORDER BY 1'),
    prepared: await engine.query('SELECT name FROM pg_prepared_statements'),
    statistics: await engine.query(`SELECT tablename, attname FROM pg_stats WHERE schemaname = 'public' ORDER BY 1, 2`),
    // The audit log's segment identity starts again at 1.
    nextAuditId: await engine.query("SELECT nextval(pg_get_serial_sequence('sy_audit_segments', 'id'))::int AS id"),
  };
}

const notesSchema = new EntitySchema('notes', { title: 'string', pages: 'integer' });
const scope = { tenantId: 'pool-tenant', connectorId: 'pool-connector', entity: 'notes' };

/** What suites do to a store that a store put back must not show. */
const UNDOABLE: Record<string, (engine: SqlEngine) => Promise<unknown>> = {
  'records, a partition of its own and its search indexes': async (engine) => {
    await ensureSearchIndexes(engine, notesSchema);
    await new RecordStore(engine).upsert(scope, [{ id: 'n1', data: { id: 'n1', title: 'Ada Lovelace', pages: 3 } }]);
  },
  'an audit segment (the identity moves on)': (engine) =>
    engine.exec(
      `INSERT INTO sy_audit_segments (application_id, oldest_at, newest_at, external_user_ids, connector_ids, row_count, rows)
       VALUES ('app', now(), now(), '{user}', '{conn}', 1, '[[0, "user", "conn", "messaging", "users", "list", null, "ok", null, 3, "http", "scoped"]]')`,
    ),
  'planner statistics': (engine) => engine.exec('ANALYZE'),
  'session settings': (engine) => engine.exec(`SET enable_seqscan = off; SELECT set_config('pg_trgm.similarity_threshold', '0.9', false)`),
  'a prepared statement': (engine) => engine.exec('PREPARE pool_probe AS SELECT 1'),
  'a temporary table': (engine) => engine.exec('CREATE TEMP TABLE pool_scratch (x int)'),
  'a table of its own, with an index and a sequence': (engine) =>
    engine.exec(
      'CREATE TABLE pool_extra (id serial PRIMARY KEY, v text); CREATE INDEX pool_extra_v ON pool_extra (v); CREATE SEQUENCE pool_extra_seq',
    ),
  'an index on a shipped table': (engine) => engine.exec('CREATE INDEX pool_audit_row_count ON sy_audit_segments (row_count)'),
};

/** What cannot be undone by emptying and dropping: the store is closed, and the next suite gets a new one. */
const NOT_UNDOABLE: Record<string, (engine: SqlEngine) => Promise<unknown>> = {
  'a column added to a shipped table': (engine) => engine.exec('ALTER TABLE sy_audit_segments ADD COLUMN pool_extra text'),
  'a shipped constraint dropped': (engine) => engine.exec('ALTER TABLE sy_records DROP CONSTRAINT sy_records_pkey'),
  "the migration ledger's rows": (engine) =>
    engine.exec('DELETE FROM sy_schema_migrations WHERE version = (SELECT max(version) FROM sy_schema_migrations)'),
  'a kind of object the pool does not drop': (engine) =>
    engine.exec(`CREATE FUNCTION pool_extra_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'`),
  'a transaction left open': (engine) => engine.exec('BEGIN'),
};

describe('the suites store pool', () => {
  const pool = createStorePool(async () => openPgliteEngine({ loadDataDir: await testTemplate() }), { maxIdle: 1 });
  let reference: Record<string, unknown>;
  const held: SqlEngine[] = [];
  afterAll(async () => {
    for (const engine of held) await engine.close();
  });

  it('a store put back after any mix of what suites do is the same store, described exactly as a new one', async () => {
    const fresh = await openPgliteEngine({ loadDataDir: await testTemplate() });
    reference = await describeStore(fresh);
    await fresh.close();

    const names = Object.keys(UNDOABLE);
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(names, { minLength: 1 }), async (chosen) => {
        const engine = await pool.acquire();
        const before = { ...pool.counts };
        for (const name of chosen) await UNDOABLE[name]!(engine);
        await engine.close();
        const next = await pool.acquire();
        try {
          expect(pool.counts.reused, 'handed out again').toBe(before.reused + 1);
          expect(pool.counts.discarded).toBe(before.discarded);
          expect(await describeStore(next)).toEqual(reference);
        } finally {
          await next.close();
        }
      }),
      { numRuns: 12 },
    );
    // The reference store was opened beside the pool: every run above used the pool's first store.
    expect(pool.counts.opened).toBe(1);
  });

  it.each(Object.keys(NOT_UNDOABLE))('a store with %s is closed, and the next suite gets a new one', async (name) => {
    const engine = await pool.acquire();
    const before = { ...pool.counts };
    await UNDOABLE['records, a partition of its own and its search indexes']!(engine);
    await NOT_UNDOABLE[name]!(engine);
    await engine.close();
    const next = await pool.acquire();
    try {
      expect(pool.counts.discarded).toBe(before.discarded + 1);
      expect(pool.counts.opened).toBe(before.opened + 1);
      expect(await describeStore(next)).toEqual(reference);
    } finally {
      await next.close();
    }
  });

  it('waits for the statements a suite left running, then refuses every call', async () => {
    const engine = await pool.acquire();
    let slowFinished = false;
    const slow = engine.query('SELECT pg_sleep(0.2)').then(() => (slowFinished = true));
    await engine.close();
    expect(slowFinished, 'the running statement finished before close() returned').toBe(true);
    await slow;
    await expect(engine.query('SELECT 1')).rejects.toThrow(/closed/);
    await expect(engine.exec('SELECT 1')).rejects.toThrow(/closed/);
    await expect(engine.transaction(async () => 1)).rejects.toThrow(/closed/);
    await engine.close();
  });

  it('hands out a different store to each suite holding one at the same time', async () => {
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    held.push(a!, b!);
    await a!.exec('CREATE TABLE pool_only_in_a (x int)');
    expect(await b!.query(`SELECT to_regclass('pool_only_in_a') AS found`)).toEqual([{ found: null }]);
  });
});
