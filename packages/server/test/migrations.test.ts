import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, SchemaTooNewError, migrate, openPgliteEngine, type SqlEngine } from '../src/index.js';
import { AuditLog } from '../src/audit/audit-log.js';
import { engineCases } from './support/engines.js';
import { openTestPglite } from './support/pglite-template.js';
import { openIsolated, type IsolatedDatabase } from './support/tenancy-fixture.js';

/** Every table, column, index and function this package owns, as the catalog describes them. */
async function schemaSnapshot(engine: SqlEngine): Promise<unknown[]> {
  return engine.query(
    `SELECT 'column' AS kind, table_name || '.' || column_name || ' ' || data_type AS what
       FROM information_schema.columns WHERE table_name LIKE 'sy\\_%'
     UNION ALL SELECT 'index', indexname || ' ' || indexdef FROM pg_indexes WHERE tablename LIKE 'sy\\_%'
     UNION ALL SELECT 'function', proname FROM pg_proc WHERE proname LIKE 'sy\\_%'
     ORDER BY 1, 2`,
  );
}

const RECORDS = 'SELECT * FROM sy_records ORDER BY entity, record_id';
const AUDIT_ROWS = `SELECT occurred_at, application_id, external_user_id, connector_id, connector_type, entity, action, intent, outcome,
                           error_class, duration_ms, channel, token_kind
                    FROM sy_audit ORDER BY application_id, id`;

let upgraded: Promise<{ store: SqlEngine; records: unknown[]; audit: unknown[]; applied: number[] }> | undefined;

/**
 * A store of the release before migration 10, with what its tables held then, upgraded to this
 * release once for the tests that read it (each migration's test checks its own part).
 */
function upgradedStore(): NonNullable<typeof upgraded> {
  upgraded ??= (async () => {
    // Without the schema: the test template is migrated already.
    const store = await openPgliteEngine();
    await migrate(
      store,
      MIGRATIONS.filter((m) => m.version < 10),
    );
    // Records of two entities, one entity's search index as a partial index of the one table.
    await store.exec(
      `INSERT INTO sy_records (tenant_id, connector_id, entity, record_id, data, updated_at, sync_run_id)
       SELECT 't1', 'c1', CASE WHEN i % 3 = 0 THEN 'channels' ELSE 'users' END, 'r' || i,
              jsonb_build_object('id', 'r' || i, 'name', 'name ' || i), now() - (i || ' minutes')::interval, 'run-' || (i % 2)
         FROM generate_series(1, 60) AS i`,
    );
    await store.exec(
      `CREATE INDEX sy_users_name_key256_old ON sy_records (tenant_id, connector_id, (left(data->>'name', 256) COLLATE "C"), record_id) WHERE entity = 'users'`,
    );
    // One audit table row per call: 2,500 of one application, the last 100 twenty minutes after
    // the rest (two spans of 10 minutes), and one of another with texts JSON and SQL must keep.
    await store.exec(
      `INSERT INTO sy_audit (occurred_at, application_id, external_user_id, connector_id, connector_type, entity, action, intent,
                             outcome, error_class, duration_ms, channel, token_kind)
       SELECT timestamptz '2025-03-01T00:00:00Z' + CASE WHEN i > 2400 THEN interval '20 minutes' ELSE interval '0' END
                + (i % 700) * interval '1 millisecond',
              'app_a', 'user_' || (i % 7), 'conn_' || (i % 11), 'messaging', 'users', 'list',
              CASE WHEN i % 5 = 0 THEN NULL ELSE 'why ' || i END, CASE WHEN i % 9 = 0 THEN 'connector_error' ELSE 'ok' END,
              CASE WHEN i % 9 = 0 THEN 'RateLimitError' END, i % 300, CASE WHEN i % 2 = 0 THEN 'http' ELSE 'mcp' END,
              CASE WHEN i % 3 = 0 THEN 'application' ELSE 'scoped' END
         FROM generate_series(1, 2500) AS i`,
    );
    await store.query(
      `INSERT INTO sy_audit (occurred_at, application_id, external_user_id, connector_id, connector_type, entity, action, intent,
                             outcome, error_class, duration_ms, channel, token_kind)
       VALUES ('2025-03-02T10:00:00.123Z', 'app_b', $1, 'conn "q"', 'crm', 'contacts', 'create', $2, 'ok', NULL, 0, 'http', 'scoped')`,
      ['ünïcode "quoted" \\ back,slash {brace}', 'NULL'],
    );
    const records = await store.query(RECORDS);
    const audit = await store.query(AUDIT_ROWS);
    return { store, records, audit, applied: await migrate(store) };
  })();
  return upgraded;
}

afterAll(async () => {
  if (upgraded) await (await upgraded).store.close();
});

describe.each(engineCases)('migrations on $name', (engineCase) => {
  const { skip } = engineCase;
  let database: IsolatedDatabase;
  let engine: SqlEngine;
  beforeAll(async () => {
    if (skip) return;
    // A database of its own on PostgreSQL: the snapshot covers every `sy_` index, and suites running
    // beside this one add partitions and search indexes to the shared database at any moment.
    database = await openIsolated(engineCase);
    engine = database.engine;
  });
  afterAll(async () => {
    if (!skip) await database.dispose();
  });

  it.skipIf(skip)('applying twice is a no-op: nothing applied, schema unchanged, one ledger row per migration', async () => {
    await migrate(engine);
    const before = await schemaSnapshot(engine);
    expect(await migrate(engine)).toEqual([]);
    expect(await schemaSnapshot(engine)).toEqual(before);
    const ledger = await engine.query<{ version: number }>('SELECT version FROM sy_schema_migrations ORDER BY version');
    expect(ledger.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version));
    expect(before.length).toBeGreaterThan(20);
  });
});

describe('migrations on a fresh PGlite', () => {
  let engine: SqlEngine;
  beforeAll(async () => {
    engine = await openPgliteEngine();
  });
  afterAll(async () => {
    await engine.close();
  });

  it('applies every migration once on a new database, then refuses a database from a newer release', async () => {
    expect(await migrate(engine)).toEqual(MIGRATIONS.map((m) => m.version));
    const trigram = await engine.query<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(trigram).toHaveLength(1);

    await engine.query("INSERT INTO sy_schema_migrations (version, name) VALUES (999, 'from the future')");
    await expect(migrate(engine)).rejects.toBeInstanceOf(SchemaTooNewError);
    await engine.query('DELETE FROM sy_schema_migrations WHERE version = 999');
  });

  it('the data directory the build ships (which the suites load too) has exactly the schema migrating a new database gives', async () => {
    const shipped = await openTestPglite();
    try {
      expect(await migrate(shipped)).toEqual([]);
      expect(await schemaSnapshot(shipped)).toEqual(await schemaSnapshot(engine));
      const ledger = await shipped.query<{ version: number }>('SELECT version FROM sy_schema_migrations ORDER BY version');
      expect(ledger.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await shipped.query("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'")).toHaveLength(1);
    } finally {
      await shipped.close();
    }
  });

  it('a failing migration leaves nothing behind, not even its first statements', async () => {
    const broken = [...MIGRATIONS, { version: 1000, name: 'broken', sql: 'CREATE TABLE sy_half_done (x int); SELECT no_such_function();' }];
    await expect(migrate(engine, broken)).rejects.toThrow(/no_such_function/);
    expect(await engine.query("SELECT 1 FROM pg_tables WHERE tablename = 'sy_half_done'")).toEqual([]);
    expect(await engine.query('SELECT 1 FROM sy_schema_migrations WHERE version = 1000')).toEqual([]);
  });

  it('migration 10 moves every record into the table partitioned by entity and drops the old partial indexes', async () => {
    const { store, records, applied } = await upgradedStore();
    expect(applied).toEqual(MIGRATIONS.filter((m) => m.version >= 10).map((m) => m.version));
    expect(await store.query(RECORDS)).toEqual(records);
    const kind = await store.query<{ relkind: string }>("SELECT relkind FROM pg_class WHERE relname = 'sy_records'");
    expect(kind).toEqual([{ relkind: 'p' }]);
    const indexes = (
      await store.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE indexname LIKE 'sy\\_%' ORDER BY 1")
    ).map((row) => row.indexname);
    expect(indexes).not.toContain('sy_users_name_key256_old');
    expect(indexes).toEqual(expect.arrayContaining(['sy_records_pkey', 'sy_records_data_path_ops']));
    expect(await store.query("SELECT 1 FROM pg_class WHERE relname LIKE 'sy_records_unpartitioned%'")).toEqual([]);
  });

  it('migration 12 moves every audit row into segments, in order, and the view sy_audit reads them as the table did', async () => {
    const { store, audit } = await upgradedStore();
    expect(await store.query(AUDIT_ROWS)).toEqual(audit);
    // At most 1,000 calls a segment, and one segment's calls within 10 minutes of start times.
    const segments = await store.query<{ application_id: string; row_count: number }>(
      'SELECT application_id, row_count FROM sy_audit_segments ORDER BY id',
    );
    expect(segments).toEqual([
      { application_id: 'app_a', row_count: 1000 },
      { application_id: 'app_a', row_count: 1000 },
      { application_id: 'app_a', row_count: 400 },
      { application_id: 'app_a', row_count: 100 },
      { application_id: 'app_b', row_count: 1 },
    ]);
    // The service reads them: app_a's rows newest first, app_b's texts as they were.
    const log = new AuditLog(store, { cursorSecret: 'migration-test-cursor-secret-0123456789abcdef' });
    const read = (await log.list('app_a', { limit: 500 })).data;
    const expected = await store.query<{ id: string }>(
      "SELECT id::text AS id FROM sy_audit WHERE application_id = 'app_a' ORDER BY occurred_at DESC, id DESC LIMIT 500",
    );
    expect(read.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect((await log.list('app_b', { limit: 5 })).data).toMatchObject([
      { external_user_id: 'ünïcode "quoted" \\ back,slash {brace}', connector_id: 'conn "q"', intent: 'NULL', error_class: null },
    ]);
  });

  it('rejects a migration list out of order', async () => {
    await expect(migrate(engine, [MIGRATIONS[0]!, { ...MIGRATIONS[0]!, name: 'again' }])).rejects.toThrow(/increasing order/);
  });
});
