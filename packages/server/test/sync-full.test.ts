/**
 * Full syncs against the vendor fakes: the copy holds exactly the vendor's records, a full refresh
 * removes what vanished, the status moves pending → syncing (with records/s) → ready, a trigger
 * during a run never starts a parallel run, and deleting a connector deletes its copy.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SyncService } from '../src/service-types.js';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { copiedIds, messagingFixture, openSyncWorld, settled, sortedIds, waitFor, type SyncWorld } from './support/sync-harness.js';
import { tablesHolding } from './support/tables-holding.js';

let slack: SlackFake;
let greenhouse: GreenhouseFake;
let world: SyncWorld;

beforeAll(async () => {
  slack = await startSlackFake({ users: 45, channels: 23 });
  greenhouse = await startGreenhouseFake({ candidates: 110 });
  world = await openSyncWorld({ messaging: `${slack.url}/api`, recruiting: `${greenhouse.url}/v1` });
});
afterAll(async () => {
  await world.close();
  await Promise.all([slack.close(), greenhouse.close()]);
});
afterEach(async () => {
  await world.stopServices();
  slack.reset();
  greenhouse.reset();
});

/** A messaging connector whose first sync `service` has finished. */
async function syncedConnector(service: SyncService) {
  const record = await world.connector('messaging');
  await service.connectorCreated(record);
  await settled(service, record);
  return record;
}

/** Deletes a connector's record, as the DELETE route does before it cleans up its sync data. */
async function deleteRecord(record: { id: string }): Promise<void> {
  await world.connectors.delete({ kind: 'application', applicationId: world.applicationId }, record.id);
}

const pageRequests = (fake: { requests: { path: string }[] }, path: string) => fake.requests.filter((r) => r.path === path).length;

describe('full sync', () => {
  it('fills the copy with exactly the vendor records of every synced entity, page by page', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('messaging');
    await service.connectorCreated(record);
    const status = await settled(service, record);

    expect(status.sync_status).toBe('ready');
    expect(await copiedIds(world.engine, record, 'users')).toEqual(sortedIds(slack.data.users));
    const channels = slack.data.channels.filter((c) => !c.is_im && !c.is_mpim);
    expect(await copiedIds(world.engine, record, 'channels')).toEqual(sortedIds(channels));
    // The records are stored whole, as the list action returns them.
    const stored = await world.records.get(
      { tenantId: record.applicationId, connectorId: record.id, entity: 'users' },
      slack.data.users[3]!.id,
    );
    expect(stored?.data).toMatchObject({ id: slack.data.users[3]!.id, name: slack.data.users[3]!.name });
    // 45 users in pages of 10: auto-pagination followed every cursor once.
    expect(pageRequests(slack, '/api/users.list')).toBe(5);
    expect(status.entities.map((e) => [e.entity, e.state, e.records, e.mode])).toEqual([
      ['channels', 'ready', channels.length, 'full'],
      ['users', 'ready', 45, 'full'],
    ]);
    expect(status.last_synced_at).not.toBeNull();
    await service.stop();
  });

  it('stores Greenhouse records under their numeric ids as text, across link-header pages', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('recruiting');
    await service.connectorCreated(record);
    await settled(service, record);
    expect(await copiedIds(world.engine, record, 'candidates')).toEqual(sortedIds(greenhouse.data.candidates));
    expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
    expect(pageRequests(greenhouse, '/v1/candidates')).toBe(Math.ceil(110 / 25));
    await service.stop();
  });

  it('a full refresh removes records that vanished at the vendor and keeps the rest', async () => {
    const service = world.service();
    await service.start();
    const record = await syncedConnector(service);
    const before = await copiedIds(world.engine, record, 'users');

    const removed = slack.data.users.splice(7, 2);
    try {
      await service.requestSync(record);
      await waitFor('the second run', async () => ((await copiedIds(world.engine, record, 'users')).length === 43 ? true : undefined));
      const status = await settled(service, record);
      const after = await copiedIds(world.engine, record, 'users');
      expect(after).toEqual(before.filter((id) => !removed.some((u) => u.id === id)));
      expect(status.entities.find((e) => e.entity === 'users')?.records).toBe(43);
    } finally {
      slack.data.users.splice(7, 0, ...removed);
    }
    await service.stop();
  });

  it('a full refresh whose page holds no list of records (null, an object, nothing) fails and keeps the copy', async () => {
    const service = world.service();
    await service.start();
    const record = await syncedConnector(service);
    const before = await copiedIds(world.engine, record, 'users');
    expect(before.length).toBeGreaterThan(0);
    const users = async () => (await service.status(record)).entities.find((e) => e.entity === 'users');
    for (const members of [null, { id: 'U1' }, undefined]) {
      // Every attempt gets the malformed page, the run's own retries included.
      slack.failNext('/api/users.list', { kind: 'body', body: { ok: true, members, response_metadata: { next_cursor: '' } } }, 10);
      await service.requestSync(record);
      const failed = await waitFor('the failed run', async () => ((await users())?.state === 'failed' ? await users() : undefined));
      expect(failed!.error?.name).toBe('MalformedResponseError');
      expect(await copiedIds(world.engine, record, 'users')).toEqual(before);
      // The vendor answers properly again: the next run succeeds over the same copy.
      slack.reset();
      await service.requestSync(record);
      await waitFor('the next run', async () => ((await users())?.state === 'ready' ? true : undefined));
      expect(await copiedIds(world.engine, record, 'users')).toEqual(before);
    }
    await service.stop();
  });

  it('a failed first run counts the records it stored, not the records it fetched (a vendor repeating a page)', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('messaging');
    // The first page as usual, then that page again with the same next cursor: the run stores the
    // first page's records twice (the same ids) and fails on the repeated cursor.
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 1);
    slack.failNext('/api/users.list', { kind: 'replay' }, 1);
    await service.connectorCreated(record);
    const users = await waitFor('the failed run', async () => {
      const entity = (await service.status(record)).entities.find((e) => e.entity === 'users');
      return entity?.state === 'failed' ? entity : undefined;
    });
    expect(users.error?.name).toBe('PaginationLoopError');
    const stored = await copiedIds(world.engine, record, 'users');
    expect(stored.length).toBe(10);
    expect(users.records).toBe(stored.length);
    await service.stop();
  });

  it('moves pending → syncing (records, records/s) → ready', async () => {
    const service = world.service();
    const record = await world.connector('messaging');
    // Not started yet: nothing has run.
    const pending = await service.status(record);
    expect(pending.sync_status).toBe('pending');
    expect(pending.entities.every((e) => e.state === 'pending' && e.records === 0 && e.last_synced_at === null)).toBe(true);

    // Page 3 of users answers late, so the run is observed in flight.
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 2);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 400 });
    await service.start();
    await service.connectorCreated(record);
    const syncing = await waitFor('users to be syncing with records', async () => {
      const status = await service.status(record);
      const users = status.entities.find((e) => e.entity === 'users')!;
      return users.state === 'syncing' && users.records === 20 ? status : undefined;
    });
    const users = syncing.entities.find((e) => e.entity === 'users')!;
    expect(syncing.sync_status).toBe('syncing');
    expect(users.records_per_second).toBeGreaterThan(0);
    expect(users.last_synced_at).toBeNull();

    const ready = await settled(service, record);
    expect(ready.sync_status).toBe('ready');
    expect(ready.entities.every((e) => e.records_per_second === null && e.error === null)).toBe(true);
    await service.stop();
  });

  it('a trigger during a run does not start a parallel run of the same entity', async () => {
    // Users only, so `queued` speaks of that one entity.
    const { channels: _channels, ...usersOnly } = messagingFixture().sync!;
    const service = world.service({ catalog: new Map([['messaging', { ...messagingFixture(), sync: usersOnly }]]) });
    await service.start();
    const record = await world.connector('messaging');
    slack.failNext('/api/users.list', { kind: 'delay', ms: 300 });
    await service.connectorCreated(record);
    await waitFor('the first page request', async () => (pageRequests(slack, '/api/users.list') >= 1 ? true : undefined));
    // The run is in flight: one follow-up may queue behind it, never a second one beside it.
    const first = await service.requestSync(record);
    const second = await service.requestSync(record);
    expect(first.queued).toBe(true);
    expect(second.queued).toBe(false);
    await settled(service, record);
    await waitFor('the follow-up run', async () => (pageRequests(slack, '/api/users.list') === 10 ? true : undefined));
    await settled(service, record);
    // Two runs of 5 pages, one after the other: had they overlapped, the cursor sequence would interleave.
    const cursors = slack.requests.filter((r) => r.path === '/api/users.list').map((r) => r.query['cursor'] ?? null);
    expect(cursors.slice(0, 5)).toEqual(cursors.slice(5, 10).map((c, i) => (i === 0 ? null : c)));
    expect(cursors[0]).toBeNull();
    expect(cursors[5]).toBeNull();
    await service.stop();
  });

  it('deleting a connector deletes its synced records, checkpoints and schedule, and leaves other connectors alone', async () => {
    const service = world.service();
    await service.start();
    const kept = await world.connector('messaging');
    const doomed = await world.connector('messaging');
    await service.connectorCreated(kept);
    await service.connectorCreated(doomed);
    await settled(service, kept);
    await settled(service, doomed);

    await deleteRecord(doomed);
    await service.connectorDeleted(doomed);

    expect(await copiedIds(world.engine, doomed, 'users')).toEqual([]);
    expect(await world.engine.query('SELECT 1 FROM sy_sync_checkpoints WHERE connector_id = $1', [doomed.id])).toEqual([]);
    expect(await world.engine.query('SELECT 1 FROM sy_sync_schedules WHERE connector_id = $1', [doomed.id])).toEqual([]);
    expect(await copiedIds(world.engine, kept, 'users')).toHaveLength(45);
    await service.stop();
  });

  it('deleting a connector mid-run stops the run and leaves nothing behind', async () => {
    const service = world.service();
    await service.start();
    const record = await world.connector('messaging');
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 1);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 500 });
    await service.connectorCreated(record);
    await waitFor('the first page in the copy', async () =>
      (await copiedIds(world.engine, record, 'users')).length > 0 ? true : undefined,
    );

    await deleteRecord(record);
    await service.connectorDeleted(record);
    // Give an unstopped run the time to write its next page.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await copiedIds(world.engine, record, 'users')).toEqual([]);
    expect(await copiedIds(world.engine, record, 'channels')).toEqual([]);
    expect(pageRequests(slack, '/api/users.list')).toBeLessThanOrEqual(2);
    await service.stop();
  });

  // A deletion removes the record, then the sync data (the DELETE route). These are the calls that
  // raced one in an adversarial trial: each wrote after the deletion's cleanup and outlived it.
  it('a sync requested by a request that found the connector just before its deletion leaves nothing behind', async () => {
    const service = world.service();
    await service.start();
    const record = await syncedConnector(service);

    await deleteRecord(record);
    await service.connectorDeleted(record);
    // The racing trigger, with the record it read before the deletion.
    expect(await service.requestSync(record)).toEqual({ queued: false });
    await service.stop();
    expect(await tablesHolding(world.engine, record.id)).toEqual([]);
  });

  it('a run whose record is deleted while it writes removes what it wrote when it ends, whatever came first', async () => {
    const running = world.service();
    // Another process cleans up first (it cannot stop a run it does not host); the run starts after it.
    const other = world.service();
    await running.start();
    const record = await world.connector('messaging');
    await other.connectorDeleted(record);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 300 });
    await running.requestSync(record);
    await waitFor('the first page in flight', () => (pageRequests(slack, '/api/users.list') === 1 ? true : undefined));

    await deleteRecord(record);
    // The runs have their credentials and their own checkpoints, opened after the cleanup: they write
    // pages until one of them ends, finds the record gone and deletes the lot (which stops the other).
    const leases = () => world.engine.query('SELECT 1 FROM sy_sync_leases WHERE connector_id = $1', [record.id]);
    await waitFor('the runs ended', async () => ((await leases()).length === 0 ? true : undefined));
    expect(await tablesHolding(world.engine, record.id)).toEqual([]);
    await running.stop();
  });

  it('a schedule left by a deletion that stopped half-way (record gone, copy kept) deletes the copy when it comes due', async () => {
    const service = world.service();
    await service.start();
    const record = await syncedConnector(service);
    await service.stop();

    // The process stopped between deleting the record and deleting its sync data.
    await deleteRecord(record);
    await world.engine.query('UPDATE sy_sync_schedules SET next_sync_at = now() WHERE connector_id = $1', [record.id]);
    const next = world.service();
    await next.start(); // its first scheduler tick claims the due schedule
    await next.stop();
    expect(await tablesHolding(world.engine, record.id)).toEqual([]);
  });

  it('a run in another process whose connector was deleted mid-page removes the page it wrote afterwards', async () => {
    const running = world.service();
    const other = world.service();
    await running.start();
    const record = await world.connector('messaging');
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 1);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 400 });
    await running.connectorCreated(record);
    await waitFor('page 2 in flight', async () => (pageRequests(slack, '/api/users.list') === 2 ? true : undefined));

    // Another process deletes the connector's sync data (as the API does before deleting the record):
    // it cannot abort a run it does not host.
    await other.connectorDeleted(record);
    // Page 2 answers 400 ms after it was asked for; the run then upserts it and finds its checkpoint
    // gone. A stop waits for the run (its 10 s bound is far off), so the page is in and cleaned up by then.
    await running.stop();
    expect(await copiedIds(world.engine, record, 'users')).toEqual([]);
    expect(pageRequests(slack, '/api/users.list')).toBe(2);
  });
});
