/**
 * Heartbeats and leases (src/sync/worker-registry.ts, run-leases.ts): a worker that stops beating
 * is dead once its lease lapses, one on this machine as soon as its process is gone; each of its
 * runs is handed to exactly one sweeping process; the status shows a rate only for a run a live
 * worker holds; and a service started after its predecessor died resumes that one's run at once
 * from the checkpoint.
 *
 * The store-level cases run on PGlite and, with SWITCHYARD_TEST_DATABASE_URL, on a PostgreSQL
 * database of their own (sweeps see every worker of the database, so no other suite may share it).
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { migrate, openPostgresEngine, SyncStateStore, type SqlEngine } from '../src/index.js';
import { thisProcess, type ProcessIdentity } from '../src/sync/process-identity.js';
import { RunLeases } from '../src/sync/run-leases.js';
import { WorkerRegistry } from '../src/sync/worker-registry.js';
import { createThrowawayDatabase, postgresUrl, type ThrowawayDatabase } from './support/engines.js';
import { copiedIds, messagingFixture, openSyncWorld, settled, sortedIds, waitFor, type SyncWorld } from './support/sync-harness.js';
import { openTestPglite } from './support/pglite-template.js';

const scope = (entity: string) => ({ tenantId: 'app-1', connectorId: `c-${entity}`, entity });
/** A process on another machine: its pids never compare with ours. */
const elsewhere = (): ProcessIdentity => ({ bootId: 'another-machine', pidNamespace: 'pid:[1]', pid: 4242, incarnation: randomUUID() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid of a process of ours that has exited (and been reaped). */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const stores = [
  { name: 'pglite', skip: false },
  { name: 'postgres', skip: !postgresUrl },
];

describe.each(stores)('workers on $name', ({ name, skip }) => {
  let engine: SqlEngine;
  let database: ThrowawayDatabase | undefined;

  beforeAll(async () => {
    if (skip) return;
    if (name === 'postgres') {
      database = await createThrowawayDatabase('workers_liveness');
      engine = openPostgresEngine({ connectionString: database.url, maxConnections: 4 });
    } else engine = await openTestPglite();
    await migrate(engine);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    // The store is this suite's own: each case starts with no workers.
    if (!skip) await engine.exec('DELETE FROM sy_sync_leases; DELETE FROM sy_sync_workers;');
  });

  /**
   * The lease of the timing tests: short, so a lapse costs the suite little, and long enough for the
   * handful of statements a test runs inside it on a loaded CI machine (it was 300 ms, for five
   * statements on PostgreSQL beside the rest of the suite: a thin margin for a positive check).
   */
  const LEASE_MS = 1_000;
  /** Workers sharing a store with other processes (PostgreSQL); `singleProcessStore` is tested on its own below. */
  const registry = (identity?: ProcessIdentity, timings = { heartbeatMs: 50, leaseMs: LEASE_MS }, singleProcessStore = false) =>
    new WorkerRegistry(engine, { ...timings, singleProcessStore, ...(identity ? { identity } : {}) });
  const hold = async (worker: WorkerRegistry, entity: string, jobId: string | null = null) =>
    new RunLeases(engine).acquire(scope(entity), { workerId: worker.workerId, externalUserId: 'u1', jobId });

  it.skipIf(skip)('a worker elsewhere that stops beating is dead once its lease lapses; each of its runs goes to one sweeper', async () => {
    const sweeper = registry();
    const other = registry();
    await sweeper.register(1);
    const silent = registry(elsewhere());
    await silent.register(2);
    expect(await hold(silent, 'lapsing-a', 'job-1')).toBe(true);
    expect(await hold(silent, 'lapsing-b')).toBe(true);
    // Still within its lease: alive, its runs live.
    expect(await sweeper.sweep()).toEqual([]);
    expect(await sweeper.liveRuns(scope('lapsing-a'))).toEqual(new Set(['lapsing-a']));

    await sleep(LEASE_MS + 100);
    await sweeper.beat();
    expect(await sweeper.liveRuns(scope('lapsing-a'))).toEqual(new Set());
    const [first, second] = await Promise.all([sweeper.sweep(), other.sweep()]);
    const taken = [...first, ...second].sort((a, b) => a.entity.localeCompare(b.entity));
    expect(taken).toEqual([
      { tenantId: 'app-1', connectorId: 'c-lapsing-a', entity: 'lapsing-a', externalUserId: 'u1', jobId: 'job-1' },
      { tenantId: 'app-1', connectorId: 'c-lapsing-b', entity: 'lapsing-b', externalUserId: 'u1', jobId: null },
    ]);
    expect(await sweeper.sweep()).toEqual([]);
    // The entity is free again for a live worker.
    expect(await hold(sweeper, 'lapsing-a')).toBe(true);
  });

  it.skipIf(skip)('a beating worker stays alive however long its runs take', async () => {
    const sweeper = registry();
    await sweeper.register(1);
    const busy = registry(elsewhere());
    await busy.register(1);
    expect(await hold(busy, 'long-run')).toBe(true);
    // Runs for over twice the lease, beating every third of it.
    for (let i = 0; i < 7; i++) {
      await sleep(LEASE_MS / 3);
      expect(await busy.beat()).toBe(true);
      await sweeper.beat();
      expect(await sweeper.sweep()).toEqual([]);
    }
    expect(await sweeper.liveRuns(scope('long-run'))).toEqual(new Set(['long-run']));
  });

  it.skipIf(skip)('a worker on this machine is dead as soon as its process is gone, long before its lease lapses', async () => {
    const sweeper = registry(undefined, { heartbeatMs: 1000, leaseMs: 60_000 });
    await sweeper.register(1);
    const me = thisProcess();
    // Exited, in our pid space; and a process before a restart that had our pid.
    const exited = registry({ ...me, pid: await exitedPid(), incarnation: randomUUID() }, { heartbeatMs: 1000, leaseMs: 60_000 });
    const previous = registry({ ...me, incarnation: randomUUID() }, { heartbeatMs: 1000, leaseMs: 60_000 });
    // Alive: our parent process.
    const living = registry({ ...me, pid: process.ppid, incarnation: randomUUID() }, { heartbeatMs: 1000, leaseMs: 60_000 });
    for (const worker of [exited, previous, living]) await worker.register(1);
    await hold(exited, 'exited');
    await hold(previous, 'previous');
    await hold(living, 'living');
    if (!me.bootId || !me.pidNamespace) return; // not Linux: only leases tell (covered above)
    expect(await sweeper.liveRuns(scope('exited'))).toEqual(new Set());
    expect(await sweeper.liveRuns(scope('living'))).toEqual(new Set(['living']));
    expect((await sweeper.sweep()).map((run) => run.entity).sort()).toEqual(['exited', 'previous']);
    expect(await sweeper.sweep()).toEqual([]);
  });

  it.skipIf(skip)('on a store one process holds at a time (the embedded one), every earlier process is dead at once', async () => {
    const timings = { heartbeatMs: 1000, leaseMs: 60_000 };
    const embedded = registry(undefined, timings, true);
    await embedded.register(1);
    // A sibling service in this process (same incarnation) is alive; any other process is not.
    const sibling = registry(undefined, timings, true);
    const earlier = registry(elsewhere(), timings, true);
    for (const worker of [sibling, earlier]) await worker.register(1);
    await hold(sibling, 'sibling');
    await hold(earlier, 'earlier');
    expect(await embedded.liveRuns(scope('earlier'))).toEqual(new Set());
    expect(await embedded.liveRuns(scope('sibling'))).toEqual(new Set(['sibling']));
    expect((await embedded.sweep()).map((run) => run.entity)).toEqual(['earlier']);
  });

  it.skipIf(skip)(
    'a worker given up for dead learns it at its next beat, and may hold no new run until it has registered again',
    async () => {
      const silent = registry(elsewhere());
      await silent.register(1);
      expect(await hold(silent, 'given-up')).toBe(true);
      await sleep(LEASE_MS + 100);
      const sweeper = registry();
      await sweeper.register(1);
      expect((await sweeper.sweep()).map((run) => run.entity)).toContain('given-up');
      expect(await hold(silent, 'given-up-2')).toBe(false);
      expect(await silent.beat()).toBe(false);
      expect(await silent.beat()).toBe(true);
      expect(await hold(silent, 'given-up-2')).toBe(true);
    },
  );

  it.skipIf(skip)('one lease per entity; released, it can be taken again; a stop deregisters', async () => {
    const a = registry();
    const b = registry();
    await a.register(1);
    await b.register(1);
    expect(await hold(a, 'one')).toBe(true);
    expect(await hold(b, 'one')).toBe(false);
    expect(await hold(a, 'one')).toBe(false);
    await new RunLeases(engine).release(scope('one'), a.workerId);
    expect(await hold(b, 'one')).toBe(true);
    await b.deregister();
    expect(await a.liveRuns(scope('one'))).toEqual(new Set());
    expect(await a.sweep()).toEqual([]);
  });

  it.skipIf(skip)('a worker whose run was taken over can no longer move the checkpoint', async () => {
    const worker = registry();
    await worker.register(1);
    const fenced = new SyncStateStore(engine, { leaseHolder: worker.workerId });
    const run = scope('fenced');
    await fenced.open(run, 'run-1', 'full', null);
    expect(await hold(worker, 'fenced')).toBe(true);
    expect(await fenced.pageDone(run, 'run-1', { next: 'page-2' }, null, { seen: 10, upserted: 10 })).toBe(true);
    // Taken for dead: another process removed its lease (and resumed the run).
    await new RunLeases(engine).release(run, worker.workerId);
    expect(await fenced.pageDone(run, 'run-1', { next: 'page-3' }, null, { seen: 10, upserted: 10 })).toBe(false);
    expect(await fenced.complete(run, 'run-1', 0)).toBe(false);
    const state = await new SyncStateStore(engine).get(run);
    expect(state).toMatchObject({ position: { next: 'page-2' }, recordsSeen: 10, runOpen: true });
  });

  it.skipIf(skip)('refuses a lease shorter than two heartbeats', () => {
    expect(() => registry(undefined, { heartbeatMs: 1000, leaseMs: 1500 })).toThrow(/two heartbeats/);
  });
});

describe('the status and a restart on the embedded store', () => {
  let slack: SlackFake;
  let world: SyncWorld;

  beforeAll(async () => {
    slack = await startSlackFake({ users: 60, channels: 4 });
    // Users only: one run per connector, so the run under test is the only one.
    const fixture = messagingFixture(10);
    world = await openSyncWorld(
      { messaging: `${slack.url}/api` },
      new Map([['messaging', { ...fixture, sync: { users: fixture.sync!['users']! } }]]),
    );
  });
  afterAll(async () => {
    await world.close();
    await slack.close();
  });
  // Every case ends with its services stopped and its connectors deleted, as a user deletes them,
  // so the next case's services resume none of its runs; a case that failed half-way too.
  afterEach(() => world.endTest(), 30_000);

  /** The users run checkpointed after page 3 with page 4 in flight (for 3 s): status running. */
  async function killedMidRun() {
    const record = await world.connector('messaging');
    slack.reset();
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 3);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 3_000 });
    const first = world.service({ concurrency: 1 });
    await first.start();
    await first.connectorCreated(record);
    await waitFor('page 4 in flight', async () => {
      const users = (await first.status(record)).entities.find((e) => e.entity === 'users');
      return users?.records === 30 && slack.requests.length === 4 ? true : undefined;
    });
    return { record, first };
  }

  it('shows no rate for a run whose worker is gone, while it stays syncing', async () => {
    const { record, first } = await killedMidRun();
    const live = (await first.status(record)).entities.find((e) => e.entity === 'users')!;
    expect(live.state).toBe('syncing');
    expect(live.records_per_second).not.toBeNull();

    // The run's worker now belongs to an earlier process (a predecessor that was killed), as the
    // process serving the status after a restart sees it.
    await world.engine.query("UPDATE sy_sync_workers SET incarnation = 'killed-predecessor'");
    const observer = world.service();
    const dead = (await observer.status(record)).entities.find((e) => e.entity === 'users')!;
    expect(dead.state).toBe('syncing');
    expect(dead.records_per_second).toBeNull();
    // The row itself still says running: the rate comes from the live owner, not from the row.
    expect(
      (await new SyncStateStore(world.engine).get({ tenantId: record.applicationId, connectorId: record.id, entity: 'users' }))?.status,
    ).toBe('running');
    await world.engine.query("UPDATE sy_sync_workers SET incarnation = $1 WHERE incarnation = 'killed-predecessor'", [
      thisProcess().incarnation,
    ]);
  });

  it('a run nobody holds and whose job was lost resumes within a lease, from the checkpoint', async () => {
    slack.reset();
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 3);
    // Longer than the wait for the run below: it resumes without waiting for the page in flight.
    slack.failNext('/api/users.list', { kind: 'delay', ms: 30_000 });
    const warnings: string[] = [];
    const service = world.service({
      concurrency: 1,
      workers: { heartbeatMs: 100, leaseMs: 500 },
      logger: { warn: (msg: string) => void warnings.push(msg) },
    });
    await service.start();
    // Created once the service runs, so the one job is the one its creation queues.
    const record = await world.connector('messaging');
    await service.connectorCreated(record);
    await waitFor('page 4 in flight', async () => (slack.requests.length === 4 ? true : undefined));
    // Another process took this worker for dead and its run over, then died before queuing the
    // continuation: the run is open, held by nobody, with no job anywhere.
    await world.engine.exec('DELETE FROM sy_sync_leases; DELETE FROM sy_sync_workers;');
    // Ready well before the page in flight would have answered (30 s): within a few leases, as a
    // bound in those terms rather than in seconds a loaded machine stretches.
    const status = await settled(service, record, 10_000);
    expect(status.sync_status).toBe('ready');
    // The worker learnt it had been taken for dead and stopped its own run (page 4 in flight).
    expect(warnings.some((w) => w.includes('taken for dead'))).toBe(true);
    const cursors = slack.requests.filter((r) => r.path === '/api/users.list').map((r) => String(r.query['cursor'] ?? ''));
    // Pages 1–3 once, page 4 twice (in flight at the loss, then resumed), then 5 and 6.
    expect(cursors).toHaveLength(7);
    expect(new Set(cursors).size).toBe(6);
    expect(await copiedIds(world.engine, record, 'users')).toEqual(sortedIds(slack.data.users));
  }, 30_000);

  it('a service started after its predecessor died resumes that run at once, from the checkpoint', async () => {
    const { record } = await killedMidRun();
    // The predecessor dies: from now on its worker is an earlier process's, whose lease has not
    // lapsed (10 s, the default). (Its page in flight and the heartbeat that tells it it was taken for
    // dead only matter for cleaning the test up.)
    await world.engine.query("UPDATE sy_sync_workers SET incarnation = 'killed-predecessor'");
    slack.reset();
    // Its first heartbeat, and so its first sweep after the one at start, comes only after 60 s:
    // ready within the 10 s below means the earlier process was known dead at start.
    const restarted = world.service({ concurrency: 1, workers: { heartbeatMs: 60_000, leaseMs: 120_000 } });
    await restarted.start();
    const status = await settled(restarted, record, 10_000);
    expect(status.sync_status).toBe('ready');
    const cursors = slack.requests.filter((r) => r.path === '/api/users.list').map((r) => r.query['cursor'] ?? null);
    // Resumed at page 4: the first page was not fetched again, and no page twice.
    expect(cursors).toHaveLength(3);
    expect(cursors).not.toContain(null);
    expect(new Set(cursors).size).toBe(3);
    expect(await copiedIds(world.engine, record, 'users')).toEqual(sortedIds(slack.data.users));
  }, 30_000);
});
