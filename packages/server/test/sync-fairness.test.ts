/**
 * Fair sync scheduling between tenants, on both runners (the in-process queue on PGlite, pg-boss on
 * PostgreSQL). The trial behind it: tenant A had three connectors syncing from a vendor answering
 * slowly, and tenant B's new connector on a fast vendor stayed `pending` behind them, because the
 * queue was first-in-first-out over two workers. Here A's pages take SLOW_PAGE_MS and A has more
 * runs than there are slots; B's first run must start within a page of A's per slot (it waited
 * for A's runs to end before: dozens of pages), and B's sync completes while A's are still going on.
 *
 * "Within a page" is counted in A's pages, not in milliseconds: a loaded machine (CI runs this
 * beside every other suite) stretches B's start in time, never in A's pages, because A's runs give
 * their slot up at a page boundary. A time bound failed there while the scheduling was right.
 *
 * And the turns themselves lose nothing: runs that give their slot up at every page resume from
 * their checkpoint, so each page is fetched once and the copies are exact.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { openPostgresEngine, type ConnectorRecord, type SyncService, type SyncServiceOptions } from '../src/index.js';
import { createThrowawayDatabase, postgresUrl, type ThrowawayDatabase } from './support/engines.js';
import {
  copiedIds,
  messagingFixture,
  openSyncWorld,
  recruitingFixture,
  sortedIds,
  waitFor,
  type SyncWorld,
} from './support/sync-harness.js';

const SLOW_PAGE_MS = 700;
const A_PAGE_SIZE = 5;

interface RunnerCase {
  readonly name: string;
  readonly skip: boolean;
  /** A world over this runner's store, and the options that pick the runner. */
  readonly open: (
    urls: Record<string, string>,
  ) => Promise<{ world: SyncWorld; options: Partial<SyncServiceOptions>; close: () => Promise<void> }>;
}

const catalog = () =>
  new Map([
    ['recruiting', recruitingFixture(A_PAGE_SIZE)],
    ['messaging', messagingFixture(10)],
  ]);

const runners: RunnerCase[] = [
  {
    name: 'in-process runner (PGlite)',
    skip: false,
    open: async (urls) => {
      const world = await openSyncWorld(urls, catalog());
      return { world, options: { runner: 'in-process' }, close: () => world.close() };
    },
  },
  {
    name: 'pg-boss runner (PostgreSQL)',
    skip: !postgresUrl,
    open: async (urls) => {
      // A database of its own: a pg-boss service works every queued job of its database.
      const database: ThrowawayDatabase = await createThrowawayDatabase('fairness');
      const world = await openSyncWorld(urls, catalog(), openPostgresEngine({ connectionString: database.url, maxConnections: 6 }));
      return {
        world,
        options: { runner: 'pg-boss', databaseUrl: database.url, pgBoss: { pollingIntervalSeconds: 0.5 } },
        close: async () => {
          await world.close();
          await database.drop();
        },
      };
    },
  },
];

describe.each(runners)('$name', ({ skip, open }) => {
  let greenhouse: GreenhouseFake;
  let slack: SlackFake;
  let world: SyncWorld;
  let options: Partial<SyncServiceOptions>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    greenhouse = await startGreenhouseFake({ candidates: 140, applications: 140 });
    slack = await startSlackFake({ users: 45, channels: 12 });
    ({ world, options, close } = await open({ recruiting: `${greenhouse.url}/v1`, messaging: `${slack.url}/api` }));
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await greenhouse?.close();
    await slack?.close();
  }, 60_000);

  // A test that fails half-way leaves neither a running service nor a connector behind: the next
  // test's service would resume its runs (and, on pg-boss, work its queued jobs) beside its own.
  afterEach(async () => {
    if (!skip) await world.endTest();
  }, 30_000);

  const ready = async (service: SyncService, record: ConnectorRecord) => (await service.status(record)).sync_status === 'ready';

  /** A logger noting how many of A's pages (Greenhouse requests) had been sent as each run of the watched connector started. */
  const pagesAtRunStarts = () => {
    const pages: number[] = [];
    let watched = '';
    const logger = {
      info: (msg: string, fields?: Record<string, unknown>) => {
        if (msg === 'sync run started' && fields?.['connector_id'] === watched) pages.push(greenhouse.requests.length);
      },
    };
    return { pages, logger, watch: (record: ConnectorRecord) => void (watched = record.id) };
  };

  // Three connectors as in the trial, and many more: however much the busy tenant has queued.
  it.skipIf(skip).each([3, 12])(
    'a new tenant’s first sync starts within a page of a busy tenant’s per slot (%i connectors) and completes while the busy tenant’s syncs go on',
    async (connectors) => {
      greenhouse.reset();
      slack.reset();
      // Every Greenhouse page is slow: each of A's runs (two per connector) takes 20 s, and there
      // are more of them than slots.
      greenhouse.failNext(/^\/v1\//, { kind: 'delay', ms: SLOW_PAGE_MS }, 100_000);
      const bStarts = pagesAtRunStarts();
      const concurrency = 2;
      const service = world.service({ ...options, concurrency, fairness: { turnMs: 500 }, logger: bStarts.logger });
      await service.start();
      const tenantA = await world.application('tenant A');
      const tenantB = await world.application('tenant B');
      const aConnectors: ConnectorRecord[] = [];
      for (let i = 0; i < connectors; i++) {
        const record = await world.connector('recruiting', { applicationId: tenantA, externalUserId: 'a-user' });
        await service.connectorCreated(record);
        aConnectors.push(record);
      }
      // A holds both slots, past its turn.
      await waitFor('tenant A to hold both slots', async () => (greenhouse.requests.length >= 4 ? true : undefined), 30_000);

      const b = await world.connector('messaging', { applicationId: tenantB, externalUserId: 'b-user' });
      bStarts.watch(b);
      await service.connectorCreated(b);
      // B's jobs are queued now: A's pages are counted from here.
      const aPagesAtCreation = greenhouse.requests.length;
      await waitFor('tenant B’s first sync', async () => ((await ready(service, b)) ? true : undefined), 30_000);
      // Each of A's runs finishes the page it is on and may start one more (the queue's view it
      // yields by is read at most every 250 ms), then gives its slot up: B's first run starts
      // within a page of A's per slot. (First in, first out, it started after every run of A's.)
      expect(bStarts.pages.length).toBeGreaterThan(0);
      expect(bStarts.pages[0]! - aPagesAtCreation).toBeLessThanOrEqual(concurrency);
      expect(await copiedIds(world.engine, b, 'users')).toEqual(sortedIds(slack.data.users));

      // A is still at it: none of its connectors is done, and its runs continue after B's.
      for (const record of aConnectors) expect(await ready(service, record)).toBe(false);
      const aPagesBefore = greenhouse.requests.length;
      await waitFor('tenant A’s syncs to go on', async () => (greenhouse.requests.length > aPagesBefore + 1 ? true : undefined), 10_000);
    },
    90_000,
  );

  it.skipIf(skip)(
    'a follow-up queued behind a running sync holds up no other tenant: a free slot takes the next one',
    async () => {
      greenhouse.reset();
      slack.reset();
      // A's applications run is long; its candidates are quick, so one slot is soon free.
      greenhouse.failNext('/v1/applications', { kind: 'delay', ms: SLOW_PAGE_MS }, 100_000);
      // Turns long enough that no run yields here: only the queue itself is under test.
      const bStarts = pagesAtRunStarts();
      const service = world.service({ ...options, concurrency: 2, fairness: { turnMs: 600_000 }, logger: bStarts.logger });
      await service.start();
      const tenantA = await world.application('follow-up A');
      const tenantB = await world.application('follow-up B');
      const a = await world.connector('recruiting', { applicationId: tenantA, externalUserId: 'a-user' });
      await service.connectorCreated(a);
      await waitFor(
        'A’s candidates synced, applications running',
        async () => {
          const entities = (await service.status(a)).entities;
          const state = (entity: string) => entities.find((e) => e.entity === entity)?.state;
          return state('candidates') === 'ready' && state('applications') === 'syncing' ? true : undefined;
        },
        30_000,
      );
      // A trigger while applications runs queues a follow-up for it (pg-boss: a job whose entity is busy).
      expect(await service.requestSync(a)).toEqual({ queued: true });

      const b = await world.connector('messaging', { applicationId: tenantB, externalUserId: 'b-user' });
      bStarts.watch(b);
      await service.connectorCreated(b);
      // B's jobs are queued now: A's pages are counted from here.
      const aPagesAtCreation = greenhouse.requests.length;
      await waitFor('tenant B’s first sync', async () => ((await ready(service, b)) ? true : undefined), 30_000);
      // The free slot took B's run while A's applications run went on: at most the page A was on
      // and the next (had the follow-up held the queue up, B would have waited for all 28 of them).
      expect(bStarts.pages.length).toBeGreaterThan(0);
      expect(bStarts.pages[0]! - aPagesAtCreation).toBeLessThanOrEqual(2);
      expect(await ready(service, a)).toBe(false);
    },
    90_000,
  );

  it.skipIf(skip)(
    'a cap per external user holds while slots are free, and the capped runs still all complete',
    async () => {
      greenhouse.reset();
      greenhouse.failNext(/^\/v1\//, { kind: 'delay', ms: 20 }, 100_000);
      const service = world.service({ ...options, concurrency: 3, fairness: { maxRunsPerExternalUser: 1 } });
      await service.start();
      const tenant = await world.application('capped');
      const records = [
        await world.connector('recruiting', { applicationId: tenant, externalUserId: 'capped-user' }),
        await world.connector('recruiting', { applicationId: tenant, externalUserId: 'capped-user' }),
      ];
      for (const record of records) await service.connectorCreated(record);
      let most = 0;
      await waitFor(
        'the capped syncs',
        async () => {
          const [row] = await world.engine.query<{ n: string }>('SELECT count(*)::text AS n FROM sy_sync_leases WHERE tenant_id = $1', [
            tenant,
          ]);
          most = Math.max(most, Number(row!.n));
          for (const record of records) if (!(await ready(service, record))) return undefined;
          return true;
        },
        60_000,
      );
      // Four runs (two connectors × two entities), three slots, one at a time.
      expect(most).toBe(1);
      for (const record of records) {
        expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
      }
    },
    90_000,
  );

  it.skipIf(skip)(
    'runs that give their slot up at every page resume from their checkpoint: each page fetched once, copies exact',
    async () => {
      greenhouse.reset();
      slack.reset();
      // One slot, two tenants, a turn shorter than a page: the slot changes hands at every page boundary.
      greenhouse.failNext(/^\/v1\/applications/, { kind: 'delay', ms: 30 }, 100_000);
      slack.failNext('/api/users.list', { kind: 'delay', ms: 30 }, 100_000);
      const starts: string[] = [];
      const logger = {
        info: (msg: string, fields?: Record<string, unknown>) =>
          void (msg === 'sync run started' && starts.push(String(fields?.['entity']))),
      };
      const service = world.service({ ...options, concurrency: 1, fairness: { turnMs: 1 }, logger });
      await service.start();
      const tenantA = await world.application('turns A');
      const tenantB = await world.application('turns B');
      const a = await world.connector('recruiting', { applicationId: tenantA, externalUserId: 'a-user' });
      const b = await world.connector('messaging', { applicationId: tenantB, externalUserId: 'b-user' });
      await service.connectorCreated(a);
      await service.connectorCreated(b);
      await waitFor('both syncs', async () => ((await ready(service, a)) && (await ready(service, b)) ? true : undefined), 60_000);

      expect(await copiedIds(world.engine, a, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
      expect(await copiedIds(world.engine, a, 'candidates')).toEqual(sortedIds(greenhouse.data.candidates));
      expect(await copiedIds(world.engine, b, 'users')).toEqual(sortedIds(slack.data.users));
      const applicationPages = greenhouse.requests.filter((r) => r.path === '/v1/applications').map((r) => String(r.query['page'] ?? 1));
      expect(applicationPages).toHaveLength(Math.ceil(140 / A_PAGE_SIZE));
      expect(new Set(applicationPages).size).toBe(applicationPages.length);
      const userCursors = slack.requests.filter((r) => r.path === '/api/users.list').map((r) => String(r.query['cursor'] ?? ''));
      expect(userCursors).toHaveLength(Math.ceil(45 / 10));
      expect(new Set(userCursors).size).toBe(userCursors.length);
      // The slot did change hands mid-run: B's users run was resumed once per page, not run in one go.
      expect(starts.filter((entity) => entity === 'users').length).toBe(userCursors.length);
    },
    90_000,
  );
});
