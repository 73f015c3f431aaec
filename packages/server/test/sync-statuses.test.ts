/**
 * A listing of connectors (GET /api/v1/connectors/sources, the service's list_connectors) reads
 * their sync status in a fixed number of statements per tenant, whatever the number of connectors:
 * it used to take three per connector, and agents list often. The batched answer is, connector by
 * connector, the one `status()` gives: never, mixed up, another connector's or tenant's runs. A
 * search checks only whether its entity's copy is ready, in one statement.
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { createSyncService, type ConnectorRecord, type SqlEngine, type SyncService } from '../src/index.js';
import { hasFinishedFirstSync } from '../src/sync/status-view.js';
import { FAST_TRANSPORT, openSyncWorld, waitFor, type SyncWorld } from './support/sync-harness.js';

let slack: SlackFake;
let greenhouse: GreenhouseFake;
let world: SyncWorld;
let service: SyncService;
let statements = 0;
let records: ConnectorRecord[];

/** The world's store, counting the statements run through it. */
function counting(engine: SqlEngine): SqlEngine {
  return new Proxy(engine, {
    get(target, key) {
      if (key === 'query') return (sql: string, params?: readonly (string | null)[]) => (statements++, target.query(sql, params));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  slack = await startSlackFake({ users: 12, channels: 5 });
  greenhouse = await startGreenhouseFake({ candidates: 30 });
  const urls = { messaging: `${slack.url}/api`, recruiting: `${greenhouse.url}/v1` };
  world = await openSyncWorld(urls);
  const other = await world.application('another tenant');
  records = [
    await world.connector('messaging'),
    await world.connector('recruiting'),
    await world.connector('messaging', { externalUserId: 'user-2' }),
    await world.connector('messaging', { applicationId: other }),
  ];
  service = createSyncService({
    engine: counting(world.engine),
    connectors: world.connectors,
    catalog: world.catalog,
    vendorBaseUrls: urls,
    transport: FAST_TRANSPORT,
  });
  // start() adopts the connectors it finds unscheduled: one full run each.
  await service.start();
  for (const record of records) {
    await waitFor(`${record.id} ready`, async () => ((await service.status(record)).sync_status === 'ready' ? true : undefined));
  }
  // One more, which nothing has synced yet: no runs, no schedule.
  records.push(await world.connector('recruiting'));
});

afterAll(async () => {
  await service.stop();
  await world.close();
  await Promise.all([slack.close(), greenhouse.close()]);
});

describe('sync statuses of a listing', () => {
  it('are, connector by connector and in order, what status() answers for each', async () => {
    const one = await Promise.all(records.map((record) => service.status(record)));
    expect(
      one.slice(0, 4).map((s) => s.sync_status),
      JSON.stringify(one),
    ).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(one[4]!.entities.every((e) => e.last_synced_at === null)).toBe(true);
    expect(await service.statuses(records)).toEqual(one);
    expect(await service.statuses([...records].reverse())).toEqual([...one].reverse());
    expect(await service.statuses([records[1]!, records[1]!])).toEqual([one[1], one[1]]);
    expect(await service.statuses([])).toEqual([]);
  });

  it('take three statements per tenant, however many connectors it has', async () => {
    const count = async (of: ConnectorRecord[]) => {
      statements = 0;
      await service.statuses(of);
      return statements;
    };
    const ofFirstTenant = records.filter((r) => r.applicationId === records[0]!.applicationId);
    expect(ofFirstTenant.length).toBeGreaterThan(2);
    expect(await count([records[0]!])).toBe(3);
    expect(await count(ofFirstTenant)).toBe(3);
    expect(await count(records)).toBe(6);
  });

  it("a search's readiness check (firstSyncFinished) agrees with the status, in one statement", async () => {
    for (const record of records) {
      const { entities } = await service.status(record);
      expect(entities.length).toBeGreaterThan(0);
      for (const status of entities) {
        statements = 0;
        expect(await service.firstSyncFinished(record, status.entity), `${record.id} ${status.entity}`).toBe(hasFinishedFirstSync(status));
        expect(statements).toBe(1);
      }
    }
    // The synced connectors are searchable, the one nothing synced is not.
    expect(await service.firstSyncFinished(records[0]!, (await service.status(records[0]!)).entities[0]!.entity)).toBe(true);
    expect(await service.firstSyncFinished(records.at(-1)!, (await service.status(records.at(-1)!)).entities[0]!.entity)).toBe(false);
  });
});
