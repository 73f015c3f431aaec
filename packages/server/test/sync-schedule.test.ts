/**
 * Schedules: every connector syncs on its interval (hourly by default, per connector when the
 * service is told so), a manual trigger moves the next scheduled run, and connectors created while
 * no sync service ran are picked up at start. The clock is injected; nothing waits an hour.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { copiedIds, messagingFixture, openSyncWorld, settled, waitFor, type SyncWorld } from './support/sync-harness.js';

let slack: SlackFake;
let world: SyncWorld;

beforeAll(async () => {
  slack = await startSlackFake({ users: 12, channels: 4 });
  world = await openSyncWorld({ messaging: `${slack.url}/api` }, new Map([['messaging', messagingFixture(50)]]));
});
afterAll(async () => {
  await world.close();
  await slack.close();
});
afterEach(async () => {
  await world.stopServices();
  slack.reset();
});

const usersRequests = () => slack.requests.filter((r) => r.path === '/api/users.list').length;
const T0 = Date.parse('2026-03-02T10:00:00Z');

describe('schedules', () => {
  it('syncs a new connector now, schedules the next sync an hour later, and runs it when due', async () => {
    let now = T0;
    const service = world.service({ clock: () => new Date(now), schedule: { checkEveryMs: 20 } });
    await service.start();
    const record = await world.connector('messaging');
    await service.connectorCreated(record);
    const first = await settled(service, record);
    expect(first.next_sync_at).toBe(new Date(T0 + 3_600_000).toISOString());
    expect(usersRequests()).toBe(1);

    // Not due yet: a scheduler tick changes nothing.
    now = T0 + 3_599_000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(usersRequests()).toBe(1);

    now = T0 + 3_600_000;
    await waitFor('the scheduled run', async () => (usersRequests() === 2 ? true : undefined));
    const second = await settled(service, record);
    expect(second.next_sync_at).toBe(new Date(T0 + 7_200_000).toISOString());
    await service.stop();
  });

  it('takes a per-connector interval, and a manual trigger moves the next scheduled run', async () => {
    let now = T0;
    const record = await world.connector('messaging');
    const service = world.service({
      clock: () => new Date(now),
      schedule: { intervalSeconds: 3600, intervalFor: (r) => (r.id === record.id ? 600 : undefined), checkEveryMs: 20 },
    });
    await service.start();
    await service.connectorCreated(record);
    expect((await settled(service, record)).next_sync_at).toBe(new Date(T0 + 600_000).toISOString());

    now = T0 + 120_000;
    slack.reset();
    expect(await service.requestSync(record)).toEqual({ queued: true });
    await waitFor('the triggered run', async () => (usersRequests() === 1 ? true : undefined));
    const status = await settled(service, record);
    expect(status.next_sync_at).toBe(new Date(T0 + 720_000).toISOString());
    await service.stop();
  });

  it('a per-connector interval the store cannot hold is refused naming the connector, before anything is written', async () => {
    const record = await world.connector('messaging');
    for (const bad of [0, 1.5, 2 ** 31, Number.NaN]) {
      const service = world.service({ schedule: { intervalFor: () => bad, checkEveryMs: 20 } });
      await expect(service.connectorCreated(record), String(bad)).rejects.toThrow(
        new RegExp(`schedule\\.intervalFor\\(${record.id}\\) must be an integer from 1 to 2147483647 seconds`),
      );
      await service.stop();
    }
    expect(await world.engine.query('SELECT 1 FROM sy_sync_schedules WHERE connector_id = $1', [record.id])).toEqual([]);
  });

  it('picks up connectors that were created while no sync service ran', async () => {
    const record = await world.connector('messaging');
    const service = world.service({ schedule: { checkEveryMs: 20 } });
    await service.start();
    await waitFor('the adopted connector to be synced', async () =>
      (await service.status(record)).sync_status === 'ready' ? true : undefined,
    );
    expect(await copiedIds(world.engine, record, 'users')).toHaveLength(12);
    await service.stop();
  });
});
