import { afterAll, beforeAll } from 'vitest';
import { EntitySchema, RecordSearch, RecordStore, ensureSearchIndexes, migrate, type SqlEngine } from '../../src/index.js';
import { examplePackage } from './example-package.js';

const { searchableFields } = await examplePackage('messaging');
export const usersSchema = new EntitySchema('users', searchableFields['users']!);
export const channelsSchema = new EntitySchema('channels', searchableFields['channels']!);

/** A 32-byte test secret; the service reads its real one from configuration. */
export const TEST_CURSOR_SECRET = 'test-cursor-secret-0123456789abcdef';

export interface Fixture {
  engine: SqlEngine;
  store: RecordStore;
  search: RecordSearch;
}

export async function prepare(engine: SqlEngine): Promise<Fixture> {
  await migrate(engine);
  await ensureSearchIndexes(engine, usersSchema);
  await ensureSearchIndexes(engine, channelsSchema);
  return { engine, store: new RecordStore(engine), search: new RecordSearch(engine, { cursorSecret: TEST_CURSOR_SECRET }) };
}

/**
 * A suite's synced copy of one entity: before the suite, opens the engine, migrates, builds the
 * entity's indexes and stores `records` under `scope`; after it, deletes them and closes the
 * engine. Skipped engines (no PostgreSQL configured) do nothing. Read `engine` and `search` inside
 * tests, not at collection time.
 */
export function useSearchedCopy(
  engineCase: { open: () => Promise<SqlEngine>; skip: boolean },
  schema: EntitySchema,
  scope: { tenantId: string; connectorId: string; entity: string },
  records: readonly { id: string; data: Record<string, unknown> }[],
): { readonly engine: SqlEngine; readonly search: RecordSearch } {
  const copy = {} as { engine: SqlEngine; search: RecordSearch };
  beforeAll(async () => {
    if (engineCase.skip) return;
    copy.engine = await engineCase.open();
    await migrate(copy.engine);
    await ensureSearchIndexes(copy.engine, schema);
    await new RecordStore(copy.engine).upsert(scope, records);
    copy.search = new RecordSearch(copy.engine, { cursorSecret: TEST_CURSOR_SECRET });
  });
  afterAll(async () => {
    if (engineCase.skip) return;
    await new RecordStore(copy.engine).deleteConnector(scope);
    await copy.engine.close();
  });
  return copy;
}
