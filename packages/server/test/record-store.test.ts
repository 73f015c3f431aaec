import { ValidationError } from '@switchyard/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { EntitySchema, RecordStore, SyncStateStore, ensureSearchIndexes, migrate, type SqlEngine } from '../src/index.js';
import { engineCases, uniqueTenant } from './support/engines.js';

describe.each(engineCases)('record store on $name', ({ open, skip }) => {
  let engine: SqlEngine;
  let store: RecordStore;
  let checkpoints: SyncStateStore;
  const tenantId = uniqueTenant('store');
  const scope = { tenantId, connectorId: 'slack-store', entity: 'users' };

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
    store = new RecordStore(engine);
    checkpoints = new SyncStateStore(engine);
  });
  afterAll(async () => {
    if (skip) return;
    await store.deleteConnector({ tenantId, connectorId: 'slack-store' });
    await store.deleteConnector({ tenantId: `${tenantId}-b`, connectorId: 'slack-store' });
    await engine.close();
  });

  it.skipIf(skip)('upserts a batch larger than one statement; the last of duplicate ids wins', async () => {
    const batch = Array.from({ length: 2500 }, (_, i) => ({ id: `U${i}`, data: { id: `U${i}`, name: `user${i}` } }));
    expect(await store.upsert(scope, [...batch, { id: 'U7', data: { id: 'U7', name: 'renamed' } }])).toBe(2500);
    expect(await store.count(scope)).toBe(2500);
    expect((await store.get(scope, 'U7'))?.data).toEqual({ id: 'U7', name: 'renamed' });
  });

  it.skipIf(skip)('updated_at moves only when the content changes; synced_at and the run id move on every sync', async () => {
    const s = { ...scope, entity: 'channels' };
    await store.upsert(s, [{ id: 'C1', data: { name: 'general', topic: { value: 'x' } } }], { runId: 'run-1' });
    const first = (await store.get(s, 'C1'))!;
    await new Promise((resolve) => setTimeout(resolve, 15));
    // Same content, keys in another order: jsonb equality, so not an edit.
    await store.upsert(s, [{ id: 'C1', data: { topic: { value: 'x' }, name: 'general' } }], { runId: 'run-2' });
    const resynced = (await store.get(s, 'C1'))!;
    expect(resynced.updatedAt.getTime()).toBe(first.updatedAt.getTime());
    expect(resynced.syncedAt.getTime()).toBeGreaterThan(first.syncedAt.getTime());
    expect(resynced.syncRunId).toBe('run-2');
    await store.upsert(s, [{ id: 'C1', data: { name: 'general', topic: { value: 'y' } } }], { runId: 'run-3' });
    expect((await store.get(s, 'C1'))!.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
  });

  it.skipIf(skip)('a full refresh deletes what the run did not see, in this scope only', async () => {
    const s = { ...scope, entity: 'files' };
    const other = { ...s, tenantId: `${tenantId}-b` };
    await store.upsert(
      s,
      ['F1', 'F2', 'F3'].map((id) => ({ id, data: { id } })),
      { runId: 'old' },
    );
    await store.upsert(other, [{ id: 'F9', data: {} }], { runId: 'old' });
    await store.upsert(s, [{ id: 'F2', data: { id: 'F2' } }], { runId: 'new' });
    expect(await store.deleteMissing(s, 'new')).toBe(2);
    expect(await store.get(s, 'F2')).not.toBeNull();
    expect(await store.get(s, 'F1')).toBeNull();
    expect(await store.count(other)).toBe(1);
    expect(await store.deleteByIds(s, ['F2', 'nope'])).toBe(1);
  });

  it.skipIf(skip)('deleting a connector removes its records and checkpoints and nothing else', async () => {
    const gone = { tenantId, connectorId: 'slack-gone', entity: 'users' };
    await store.upsert(gone, [
      { id: 'U1', data: {} },
      { id: 'U2', data: {} },
    ]);
    await checkpoints.open(gone, 'run-1', 'full', null);
    expect(await store.deleteConnector(gone)).toBe(2);
    expect(await checkpoints.get(gone)).toBeNull();
    expect(await store.count(scope)).toBe(2500);
  });

  it.skipIf(skip)('rejects bad records and scopes before touching the database', async () => {
    const error = await store
      .upsert(scope, [
        { id: '', data: {} },
        { id: 'ok', data: [] as never },
        { id: 'U1', data: { fine: true } },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([
      ['records[0].id', 'record-id'],
      ['records[1].data', 'record-data'],
    ]);
    expect((await store.get(scope, 'U1'))!.data).toEqual({ id: 'U1', name: 'user1' });
    await expect(store.count({ ...scope, tenantId: '' })).rejects.toBeInstanceOf(ValidationError);
  });

  it.skipIf(skip)('upsertEach writes what the store accepts and reports the rest; a refused record keeps its last version', async () => {
    const s = { ...scope, entity: 'members' };
    // A btree on an integer field: a long incompressible string there is an index entry over its size limit.
    await ensureSearchIndexes(engine, new EntitySchema('members', { tz_offset: 'integer' }));
    await store.upsert(s, [{ id: 'M1', data: { tz_offset: 3600 } }], { runId: 'run-1' });
    const huge = randomBytes(12_000).toString('base64');
    const batch = [
      ...Array.from({ length: 9 }, (_, i) => ({ id: `M${i + 2}`, data: { tz_offset: i } })),
      { id: 'M1', data: { tz_offset: huge } },
      { id: 'x'.repeat(600), data: {} },
    ];
    const report = await store.upsertEach(s, batch, { runId: 'run-2' });
    expect(report.written).toBe(9);
    expect(report.refused).toEqual([
      { recordId: 'x'.repeat(600), problem: 'record-id', message: expect.any(String) },
      { recordId: 'M1', problem: 'refused-by-store', message: expect.stringMatching(/index row .*\(SQLSTATE 54000\)$/) },
    ]);
    // The refused record was seen by the run: a full refresh keeps its last stored version.
    expect(await store.deleteMissing(s, 'run-2')).toBe(0);
    expect((await store.get(s, 'M1'))?.data).toEqual({ tz_offset: 3600 });
    expect(await store.count(s)).toBe(10);
    // upsert stays all or nothing.
    await expect(store.upsert(s, batch.slice(8, 10), { runId: 'run-3' })).rejects.toMatchObject({ code: '54000' });
    expect((await store.get(s, 'M9'))?.syncRunId).toBe('run-2');
    // Of the written, those new to the copy: M2…M10 were; writing them again adds none.
    expect(report.added).toBe(9);
    expect((await store.upsertEach(s, batch.slice(0, 9), { runId: 'run-4' })).added).toBe(0);
  });

  it.skipIf(skip)(
    'upsertEach writes a page of many records a chunk per transaction, so the store answers others between them',
    async () => {
      const s = { ...scope, entity: 'crowd' };
      let transactions = 0;
      const counting: SqlEngine = Object.assign(Object.create(engine) as SqlEngine, {
        transaction: <T>(work: Parameters<SqlEngine['transaction']>[0]) => {
          transactions += 1;
          return engine.transaction(work) as Promise<T>;
        },
      });
      const page = Array.from({ length: 2_500 }, (_, i) => ({ id: `P${i}`, data: { id: `P${i}` } }));
      const report = await new RecordStore(counting).upsertEach(s, [...page.slice(0, 1_200)], { runId: 'run-1' });
      expect({ written: report.written, added: report.added, transactions }).toEqual({ written: 1_200, added: 1_200, transactions: 2 });
      transactions = 0;
      const again = await new RecordStore(counting).upsertEach(s, page, { runId: 'run-2' });
      expect({ written: again.written, added: again.added, transactions }).toEqual({ written: 2_500, added: 1_300, transactions: 3 });
      expect(await store.count(s)).toBe(2_500);
    },
  );
});
