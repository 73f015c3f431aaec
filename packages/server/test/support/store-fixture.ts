import { searchableFields } from '@switchyard/connector-messaging';
import { EntitySchema, RecordSearch, RecordStore, ensureSearchIndexes, migrate, type SqlEngine } from '../../src/index.js';

export const usersSchema = new EntitySchema('users', searchableFields.users);
export const channelsSchema = new EntitySchema('channels', searchableFields.channels);

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
