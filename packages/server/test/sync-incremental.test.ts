/**
 * Incremental syncs (the vendor filters by update time) and the replication start_date bound,
 * against the Greenhouse fake, which implements Harvest's `updated_after` and `created_after`.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { copiedIds, openSyncWorld, settled, sortedIds, waitFor, type SyncWorld } from './support/sync-harness.js';

let greenhouse: GreenhouseFake;
let slack: SlackFake;
let world: SyncWorld;

beforeAll(async () => {
  greenhouse = await startGreenhouseFake({ candidates: 90 });
  slack = await startSlackFake({ users: 30 });
  world = await openSyncWorld({ recruiting: `${greenhouse.url}/v1`, messaging: `${slack.url}/api` });
});
afterAll(async () => {
  await world.close();
  await Promise.all([greenhouse.close(), slack.close()]);
});
afterEach(async () => {
  await world.stopServices();
  greenhouse.reset();
  slack.reset();
});

const candidateRequests = () => greenhouse.requests.filter((r) => r.path === '/v1/candidates');
const ms = (iso: unknown) => Date.parse(String(iso));
/** How the engine writes a mark into an ISO-8601 filter: whole seconds, UTC. */
const isoSeconds = (t: number) => new Date(Math.floor(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');

async function runIds(record: { applicationId: string; id: string }): Promise<Map<string, string | null>> {
  const rows = await world.engine.query<{ record_id: string; sync_run_id: string | null }>(
    "SELECT record_id, sync_run_id FROM sy_records WHERE tenant_id = $1 AND connector_id = $2 AND entity = 'candidates'",
    [record.applicationId, record.id],
  );
  return new Map(rows.map((r) => [r.record_id, r.sync_run_id]));
}

describe('incremental sync', () => {
  it('first runs full, then sends the filter from the high-water mark minus the overlap and upserts only changes', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('recruiting');
    await service.connectorCreated(record);
    const first = await settled(service, record);
    expect(first.entities.find((e) => e.entity === 'candidates')?.mode).toBe('full');
    expect(candidateRequests().every((r) => r.query['updated_after'] === undefined)).toBe(true);
    const before = await runIds(record);
    expect([...before.keys()].sort()).toEqual(sortedIds(greenhouse.data.candidates));

    const highWater = Math.max(...greenhouse.data.candidates.map((c) => ms(c.updated_at)));
    const changed = [greenhouse.data.candidates[5]!, greenhouse.data.candidates[40]!];
    const originals = changed.map((c) => ({ ...c }));
    changed.forEach((c, i) =>
      Object.assign(c, { first_name: `Changed${i}`, updated_at: new Date(highWater + 3_600_000 + i).toISOString() }),
    );
    try {
      greenhouse.reset();
      await service.requestSync(record);
      const second = await waitFor('the incremental run', async () => {
        const status = await service.status(record);
        const candidates = status.entities.find((e) => e.entity === 'candidates')!;
        return candidates.mode === 'incremental' && status.sync_status === 'ready' ? status : undefined;
      });
      expect(second.entities.find((e) => e.entity === 'candidates')?.state).toBe('ready');

      const since = highWater - 60_000;
      expect(candidateRequests().map((r) => r.query['updated_after'])).toEqual([isoSeconds(since)]);
      // Only what the vendor reported as updated since the mark was written again.
      const expected = greenhouse.data.candidates
        .filter((c) => ms(c.updated_at) >= Math.floor(since / 1000) * 1000)
        .map((c) => String(c.id));
      const after = await runIds(record);
      const rewritten = [...after].filter(([id, run]) => run !== before.get(id)).map(([id]) => id);
      expect(rewritten.sort()).toEqual(expected.sort());
      expect(rewritten).toEqual(expect.arrayContaining(changed.map((c) => String(c.id))));
      expect(rewritten.length).toBeLessThan(greenhouse.data.candidates.length);
      const stored = await world.records.get(
        { tenantId: record.applicationId, connectorId: record.id, entity: 'candidates' },
        String(changed[1]!.id),
      );
      expect(stored?.data['first_name']).toBe('Changed1');

      // The mark moved to the newest change: the next run asks from there.
      greenhouse.reset();
      await service.requestSync(record);
      await waitFor('the third run', async () => (candidateRequests().length === 1 ? true : undefined));
      await settled(service, record);
      expect(candidateRequests()[0]!.query['updated_after']).toBe(isoSeconds(highWater + 3_600_001 - 60_000));
    } finally {
      changed.forEach((c, i) => Object.assign(c, originals[i]));
    }
    await service.stop();
  });
});

describe('periodic full refresh', () => {
  const copy = async (record: { applicationId: string; id: string }) => [...(await runIds(record)).keys()].sort();

  it('incremental runs keep a record deleted at the vendor; once the full refresh is due, the run is full and removes it', async () => {
    // Due after 1 hour (the default is a day): the second run is incremental, then the clock moves two hours on.
    let now = Date.now();
    const service = world.service({ fullRefreshEveryMs: 3_600_000, now: () => now });
    await service.start();
    const record = await world.connector('recruiting');
    await service.connectorCreated(record);
    await settled(service, record);
    const gone = greenhouse.data.candidates.splice(7, 1)[0]!;
    try {
      await service.requestSync(record);
      const second = await waitFor('the incremental run', async () => {
        const status = await service.status(record);
        return status.entities.find((e) => e.entity === 'candidates')?.mode === 'incremental' && status.sync_status === 'ready'
          ? status
          : undefined;
      });
      expect(second.sync_status).toBe('ready');
      // An incremental run asks only for changes: the deletion is invisible to it.
      expect(await copy(record)).toContain(String(gone.id));

      now += 2 * 3_600_000;
      greenhouse.reset();
      await service.requestSync(record);
      const third = await waitFor('the full refresh', async () => {
        const status = await service.status(record);
        return status.entities.find((e) => e.entity === 'candidates')?.mode === 'full' && status.sync_status === 'ready'
          ? status
          : undefined;
      });
      expect(third.entities.find((e) => e.entity === 'candidates')?.records).toBe(greenhouse.data.candidates.length);
      expect(candidateRequests().every((r) => r.query['updated_after'] === undefined)).toBe(true);
      expect(await copy(record)).toEqual(sortedIds(greenhouse.data.candidates));
    } finally {
      greenhouse.data.candidates.splice(7, 0, gone);
    }
    await service.stop();
  });
});

describe('replication start_date', () => {
  it('bounds what is synced where the vendor can filter by creation time', async () => {
    const created = greenhouse.data.candidates.map((c) => ms(c.created_at)).sort((a, b) => a - b);
    const startDate = isoSeconds(created[Math.floor(created.length / 2)]!);
    const service = world.service();
    await service.start();
    const record = await world.connector('recruiting', { replicationConfig: { start_date: startDate } });
    await service.connectorCreated(record);
    await settled(service, record);

    expect(candidateRequests().every((r) => r.query['created_after'] === startDate)).toBe(true);
    const expected = greenhouse.data.candidates.filter((c) => ms(c.created_at) >= ms(startDate));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(greenhouse.data.candidates.length);
    expect(await copiedIds(world.engine, record, 'candidates')).toEqual(sortedIds(expected));
    // Applications declare no start-date filter: start_date does not apply to them.
    expect(greenhouse.requests.filter((r) => r.path === '/v1/applications').every((r) => r.query['created_after'] === undefined)).toBe(
      true,
    );
    expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
    await service.stop();
  });

  it('is ignored for entities whose vendor cannot filter (Slack users)', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('messaging', {
      replicationConfig: { start_date: '2030-01-01T00:00:00Z', lookback_window: 0, join_channels: false },
    });
    await service.connectorCreated(record);
    await settled(service, record);
    const users = slack.requests.filter((r) => r.path === '/api/users.list');
    expect(users.every((r) => Object.keys(r.query).every((k) => k === 'limit' || k === 'cursor'))).toBe(true);
    expect(await copiedIds(world.engine, record, 'users')).toEqual(sortedIds(slack.data.users));
    await service.stop();
  });
});
