/**
 * `sy_records` is partitioned by entity (src/search/indexes/entity-partitions.ts): a searchable
 * entity's records and search indexes live in its own partition, every other entity's in the
 * default one, and a statement that names its entity plans against that partition alone. On
 * PGlite and, with SWITCHYARD_TEST_DATABASE_URL, on a throwaway PostgreSQL database (partitions
 * are schema objects: a shared database would collect this suite's).
 */
// @module-tag connector/messaging
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EntitySchema,
  RecordSearch,
  RecordStore,
  ensureSearchIndexes,
  estimatedWordShare,
  migrate,
  openPostgresEngine,
  parseSearchParams,
  partitionName,
  planSearch,
  searchMode,
  type SqlEngine,
} from '../src/index.js';
import { createThrowawayDatabase, engineCases, uniqueTenant, type ThrowawayDatabase } from './support/engines.js';
import { openTestPglite } from './support/pglite-template.js';
import { TEST_CURSOR_SECRET, channelsSchema, usersSchema } from './support/store-fixture.js';

const notesSchema = new EntitySchema('notes', { title: 'string', pages: 'integer' });
const note = (i: number) => ({ id: `n${i}`, data: { id: `n${i}`, title: `Note ${i}`, pages: i } });

/** The table each of the scope's records is stored in. */
async function tablesOf(engine: SqlEngine, scope: { tenantId: string; connectorId: string; entity: string }): Promise<string[]> {
  const rows = await engine.query<{ part: string }>(
    `SELECT DISTINCT tableoid::regclass::text AS part FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3`,
    [scope.tenantId, scope.connectorId, scope.entity],
  );
  return rows.map((row) => row.part);
}

/** Every relation a plan reads (table and index names), from EXPLAIN's text. */
async function planOf(engine: SqlEngine, sql: string, params: unknown[]): Promise<string> {
  const rows = await engine.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params as never);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe.each(engineCases)('sy_records partitioned by entity on $name', ({ name, skip }) => {
  let database: ThrowawayDatabase | undefined;
  let engine: SqlEngine;
  let store: RecordStore;
  const tenantId = uniqueTenant('partitions');

  beforeAll(async () => {
    if (skip) return;
    if (name === 'postgres') {
      database = await createThrowawayDatabase('partitions');
      engine = await openPostgresEngine({ connectionString: database.url, maxConnections: 2 });
    } else engine = await openTestPglite();
    await migrate(engine);
    await ensureSearchIndexes(engine, usersSchema);
    await ensureSearchIndexes(engine, channelsSchema);
    store = new RecordStore(engine);
  });
  afterAll(async () => {
    if (skip) return;
    await engine.close();
    await database?.drop();
  });

  it.skipIf(skip)('a searchable entity has a partition of its own; an entity nothing searches is kept in the default one', async () => {
    const users = { tenantId, connectorId: 'c-own', entity: 'users' };
    const events = { tenantId, connectorId: 'c-own', entity: 'events' };
    await store.upsert(users, [{ id: 'U1', data: { id: 'U1', name: 'ada' } }]);
    await store.upsert(events, [{ id: 'E1', data: { id: 'E1' } }]);
    expect(await tablesOf(engine, users)).toEqual([partitionName('users')]);
    expect(await tablesOf(engine, events)).toEqual(['sy_records_default']);
    expect(await store.get(events, 'E1')).toMatchObject({ id: 'E1', data: { id: 'E1' } });
  });

  it.skipIf(skip)("ensuring an entity's indexes moves the records it already has into its new partition", async () => {
    const scope = { tenantId, connectorId: 'c-move', entity: 'notes' };
    const records = Array.from({ length: 30 }, (_, i) => note(i));
    await store.upsert(scope, records);
    expect(await tablesOf(engine, scope)).toEqual(['sy_records_default']);
    const before = await engine.query(
      'SELECT record_id, data, updated_at, synced_at FROM sy_records WHERE entity = $1 ORDER BY record_id',
      ['notes'],
    );

    await ensureSearchIndexes(engine, notesSchema);
    expect(await tablesOf(engine, scope)).toEqual([partitionName('notes')]);
    const after = await engine.query('SELECT record_id, data, updated_at, synced_at FROM sy_records WHERE entity = $1 ORDER BY record_id', [
      'notes',
    ]);
    expect(after).toEqual(before);
    const left = await engine.query(`SELECT 1 FROM sy_records_default WHERE entity = 'notes'`);
    expect(left).toEqual([]);

    // Its indexes are on the partition, and a search uses them.
    const search = new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET });
    const parsed = parseSearchParams({ query: { filter: { gte: { pages: 25 } }, sort: [{ pages: 'desc' }] } }, notesSchema);
    const found = await search.search(scope, parsed);
    expect(found.hits.map((hit) => hit.id)).toEqual(['n29', 'n28', 'n27', 'n26', 'n25']);
    // Ensuring again (every start does) changes nothing.
    await ensureSearchIndexes(engine, notesSchema);
    expect(
      await engine.query('SELECT record_id, data, updated_at, synced_at FROM sy_records WHERE entity = $1 ORDER BY record_id', ['notes']),
    ).toEqual(after);
  });

  it.skipIf(skip)('a camelCase entity and field: its partition is found again, and its word statistics are read', async () => {
    // PostgreSQL folds unquoted names to lower case: a name looked up as given would not be found.
    const schema = new EntitySchema('callNotes', { noteTitle: 'string' });
    const scope = { tenantId, connectorId: 'c-camel', entity: 'callNotes' };
    await ensureSearchIndexes(engine, schema);
    await store.upsert(
      scope,
      Array.from({ length: 60 }, (_, i) => ({
        id: `c${i}`,
        data: { id: `c${i}`, noteTitle: i % 10 === 0 ? `rare ${i}` : `common call ${i}` },
      })),
    );
    await new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET }).search(scope, parseSearchParams({ query: {} }, schema));
    await ensureSearchIndexes(engine, schema); // a second start: the partition exists and is kept
    expect(await tablesOf(engine, scope)).toEqual([partitionName('callNotes')]);
    await engine.exec('ANALYZE sy_records');
    const field = schema.resolve('noteTitle');
    if (typeof field === 'string') throw new Error(field);
    expect(await estimatedWordShare(engine, 'callNotes', field, 'common')).toBeGreaterThan(0.5);
  });

  it.skipIf(skip)("a statement on one entity is planned against that entity's partition only", async () => {
    const scope = { tenantId, connectorId: 'c-plan', entity: 'users' };
    await store.upsert(scope, [{ id: 'U2', data: { id: 'U2', name: 'grace', real_name: 'Grace Hopper' } }]);
    const others = [partitionName('channels'), partitionName('notes'), 'sy_records_default'];

    const lookup = await planOf(
      engine,
      'SELECT data FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND record_id = $4',
      [scope.tenantId, scope.connectorId, scope.entity, 'U2'],
    );
    expect(lookup).toContain(partitionName('users'));
    for (const other of others) expect(lookup).not.toContain(other);

    for (const query of [
      { filter: { eq: { name: 'grace' } } },
      { filter: { fuzzy: { real_name: 'grace hoper' } } },
      { sort: [{ name: 'asc' }] },
    ]) {
      const parsed = parseSearchParams({ query }, usersSchema);
      const { sql, params } = planSearch(scope, parsed, searchMode(parsed), null);
      const plan = await planOf(engine, sql, params.values);
      expect(plan, JSON.stringify(query)).toContain(partitionName('users'));
      for (const other of others) expect(plan, JSON.stringify(query)).not.toContain(other);
    }
  });
});
