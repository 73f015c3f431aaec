/**
 * Search indexes per entity (src/search/indexes/index-keeper.ts, ensureEntityIndexes): built for the
 * connector types in use, before an entity's first sync for the others, and for an entity name
 * several types share as the union of their fields, so that ensuring them again changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { EntitySchema, RecordStore, migrate, type SqlEngine } from '../src/index.js';
import { createCatalog } from '../src/catalog/catalog.js';
import { searchIndexKeeper, SearchIndexKeeper } from '../src/search/indexes/index-keeper.js';
import { ensureEntityIndexes } from '../src/search/indexes/search-indexes.js';
import { buildServiceParts } from '../src/compose.js';
import { openTestPglite } from './support/pglite-template.js';

const chatUsers = new EntitySchema('users', { name: 'string', real_name: 'string', is_admin: 'boolean' });
const deskUsers = new EntitySchema('users', { name: 'string', email: 'string', role: 'string' });

async function dictionaryFields(engine: SqlEngine, entity: string): Promise<string[]> {
  const rows = await engine.query<{ field: string }>('SELECT field FROM sy_field_dictionaries WHERE entity = $1 ORDER BY field', [entity]);
  return rows.map((r) => r.field);
}

async function indexNames(engine: SqlEngine, like: string): Promise<string[]> {
  const rows = await engine.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE indexname LIKE $1 ORDER BY 1', [like]);
  return rows.map((r) => r.indexname);
}

/** Every SQL statement an engine runs, transactions included. */
function recording(engine: SqlEngine): { engine: SqlEngine; statements: string[] } {
  const statements: string[] = [];
  const wrap = <T extends { query: SqlEngine['query']; exec: SqlEngine['exec'] }>(runner: T): T => {
    const spy = Object.create(runner) as T;
    spy.query = (sql, params) => (statements.push(sql), runner.query(sql, params));
    spy.exec = (sql) => (statements.push(sql), runner.exec(sql));
    return spy;
  };
  const spy = wrap(engine);
  spy.transaction = (fn) => engine.transaction((tx) => fn(wrap(tx)));
  return { engine: spy, statements };
}

describe('an entity name several connector types share', () => {
  it('gets the union of their dictionaries, and ensuring it again rebuilds nothing', async () => {
    const engine = await openTestPglite();
    try {
      await migrate(engine);
      const scope = { tenantId: 't1', connectorId: 'c1', entity: 'users' };
      await new RecordStore(engine).upsert(scope, [
        { id: 'u1', data: { name: 'ada', real_name: 'Ada Lovelace', email: 'ada@example.com', role: 'agent' } },
      ]);
      await ensureEntityIndexes(engine, [chatUsers, deskUsers]);
      expect(await dictionaryFields(engine, 'users')).toEqual(['email', 'name', 'real_name', 'role']);
      const again = recording(engine);
      await ensureEntityIndexes(again.engine, [chatUsers, deskUsers]);
      // One schema at a time (the old way) each start dropped the other type's dictionaries and refilled its own.
      expect(again.statements.filter((sql) => /^(INSERT|DELETE)/.test(sql.trim()))).toEqual([]);
      expect(await dictionaryFields(engine, 'users')).toEqual(['email', 'name', 'real_name', 'role']);
    } finally {
      await engine.close();
    }
  });

  it('the keeper groups the catalog by entity name', async () => {
    const engine = await openTestPglite();
    try {
      await migrate(engine);
      const keeper = new SearchIndexKeeper(engine, [
        { name: 'demo-chat', entities: [chatUsers] },
        { name: 'desk', entities: [deskUsers] },
      ]);
      await keeper.ensureFamilies(['demo-chat']);
      // `users` is shared: ensuring it for chat builds desk's fields too, so neither drops the other's.
      expect(await dictionaryFields(engine, 'users')).toEqual(['email', 'name', 'real_name', 'role']);
    } finally {
      await engine.close();
    }
  });
});

describe('the service builds indexes for the connector types in use', () => {
  it("none on a store without connectors; the keeper builds an entity's on demand (the sync service asks before each run)", async () => {
    const engine = await openTestPglite();
    try {
      const parts = await buildServiceParts(engine, {
        masterKey: Buffer.alloc(32, 7).toString('base64'),
        sync: { schedule: { checkEveryMs: 3_600_000 } },
      });
      // 1,300+ partial indexes for every type would each cost a full scan of a large table at start.
      // Any searchable entity of the catalog shows it (index names start `sy_<entity>_`, see indexName).
      const catalog = createCatalog();
      const entity = catalog.families().flatMap((family) => Object.keys(family.searchableFields))[0]!;
      const like = `${`sy_${entity}_`.replace(/[-.]/g, '_').slice(0, 40)}%`;
      expect((await indexNames(engine, like)).length).toBe(0);
      const keeper = searchIndexKeeper(engine, catalog);
      await keeper.ensureEntity(entity);
      expect((await indexNames(engine, like)).length).toBeGreaterThan(0);
      await parts.sync.stop();
    } finally {
      await engine.close();
    }
  });
});
