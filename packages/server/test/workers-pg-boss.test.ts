/**
 * The scale-out path: two `switchyard worker` processes (runWorker) share one PostgreSQL through
 * pg-boss. Every sync runs exactly once (each vendor page is requested once), and when the worker
 * running a sync is killed (SIGKILL), the other one finds it dead by its heartbeats and resumes the
 * run from the checkpoint, completing with the full record set. (workers-crash.test.ts does the
 * same with the `switchyard` bin and default timings, and the frozen and restarted cases.)
 *
 * Needs SWITCHYARD_TEST_DATABASE_URL (a role that may create databases): the suite runs in a
 * database of its own, created and dropped here, so no other suite's connectors are synced.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import {
  createConnectorRepository,
  createSyncService,
  createTenancy,
  migrate,
  openPostgresEngine,
  type ConnectorRecord,
  type SqlEngine,
  type SyncService,
} from '../src/index.js';
import { KeyRing } from '../src/crypto/key-ring.js';
import { parseMasterKeys } from '../src/crypto/master-key.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from './support/engines.js';
import { copiedIds, GREENHOUSE_KEY, recruitingFixture, sortedIds, waitFor } from './support/sync-harness.js';

const baseUrl = process.env['SWITCHYARD_TEST_DATABASE_URL'];
if (!baseUrl) console.info('[switchyard/server] SWITCHYARD_TEST_DATABASE_URL is not set: the pg-boss workers suite is skipped.');

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER = fileURLToPath(new URL('./support/sync-worker-process.ts', import.meta.url));
const PAGE_SIZE = 20;

interface WorkerProcess {
  readonly child: ChildProcess;
  readonly lines: Record<string, unknown>[];
}

describe.skipIf(!baseUrl)('sync workers on PostgreSQL (pg-boss)', () => {
  let database: ThrowawayDatabase | undefined;
  let databaseUrl: string;
  let engine: SqlEngine;
  let greenhouse: GreenhouseFake;
  let enqueuer: SyncService;
  let connector: (name: string) => Promise<ConnectorRecord>;
  const masterKey = randomBytes(32).toString('base64');
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase('workers');
    databaseUrl = database.url;
    engine = openPostgresEngine({ connectionString: databaseUrl, maxConnections: 4 });
    await migrate(engine);
    const keys = new KeyRing(parseMasterKeys(masterKey, 'test key'));
    const app = await createTenancy(engine, keys, { secretHashing: { N: 1024, r: 8, p: 1 } }).createApplication('workers');
    const connectors = createConnectorRepository(engine, keys);
    connector = (name) =>
      connectors.create({
        applicationId: app.application_id,
        externalUserId: 'user-1',
        connectorType: 'recruiting',
        name,
        credentials: { api_key: GREENHOUSE_KEY },
        config: {},
        replicationConfig: {},
      });
    greenhouse = await startGreenhouseFake({ candidates: 30, applications: 300 });
    // This process only enqueues (concurrency 0): the two worker processes run every sync.
    enqueuer = createSyncService({
      engine,
      connectors,
      catalog: new Map([['recruiting', recruitingFixture(PAGE_SIZE)]]),
      runner: 'pg-boss',
      databaseUrl,
      concurrency: 0,
      pgBoss: { sliceMs: 1_000, expireInSeconds: 4, maintenanceIntervalSeconds: 1 },
      schedule: { checkEveryMs: 3_600_000 },
    });
    await enqueuer.start();
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.child.kill('SIGKILL');
    await enqueuer?.stop();
    await engine?.close();
    await greenhouse?.close();
    await database?.drop();
  }, 60_000);

  function startWorker(): Promise<WorkerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SWITCHYARD_MASTER_KEY: masterKey,
        SYNC_VENDOR_URLS: JSON.stringify({ recruiting: `${greenhouse.url}/v1` }),
        SYNC_PAGE_SIZE: String(PAGE_SIZE),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const worker: WorkerProcess = { child, lines: [] };
    workers.push(worker);
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        try {
          worker.lines.push({ ...(JSON.parse(line) as Record<string, unknown>), receivedAt: Date.now() });
        } catch {
          // not one of ours (a library printing): ignored
        }
      }
    });
    return waitFor('a worker to be ready', async () => (worker.lines.some((l) => l.msg === 'worker ready') ? worker : undefined), 30_000);
  }

  /** Page numbers of applications requests (absent means page 1). */
  const applicationPages = () => greenhouse.requests.filter((r) => r.path === '/v1/applications').map((r) => Number(r.query['page'] ?? 1));
  const pages = Math.ceil(300 / PAGE_SIZE);
  const ready = async (record: ConnectorRecord) => ((await enqueuer.status(record)).sync_status === 'ready' ? true : undefined);

  it('runs each enqueued sync exactly once across two workers', async () => {
    const records = await Promise.all(['a', 'b', 'c'].map((name) => connector(name)));
    for (const record of records) {
      await enqueuer.connectorCreated(record);
      // A second trigger while the first run is queued adds nothing.
      expect(await enqueuer.requestSync(record)).toEqual({ queued: false });
    }
    greenhouse.reset();
    // Every applications page answered 200 ms late (each still exactly once), so one worker cannot
    // run all three syncs before the other is up, however fast the store is: both must take part.
    greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 200 }, pages * records.length);
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    for (const record of records) await waitFor(`connector ${record.name} to be synced`, () => ready(record), 60_000);

    // Three connectors, one run each: every page of every list requested exactly three times.
    const counts = new Map<number, number>();
    for (const page of applicationPages()) counts.set(page, (counts.get(page) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries([...counts.keys()].map((k) => [k, 3])));
    for (const record of records) {
      expect(await copiedIds(engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
      expect(await copiedIds(engine, record, 'candidates')).toEqual(sortedIds(greenhouse.data.candidates));
    }
    // Both processes took part.
    const ran = (w: WorkerProcess) => w.lines.filter((l) => l.msg === 'sync run started').length;
    expect(ran(first!)).toBeGreaterThan(0);
    expect(ran(second!)).toBeGreaterThan(0);
  }, 120_000);

  it('resumes a killed worker’s sync on the other worker from the checkpoint', async () => {
    const record = await connector('killed');
    greenhouse.reset();
    // Slow pages, so the run spans several time slices and is killed mid-way.
    greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 250 }, 1000);
    await enqueuer.connectorCreated(record);

    // The worker that is running the applications sync once a third of its pages are done.
    const victim = await waitFor(
      'the sync to be a third done',
      async () => {
        if (applicationPages().length < pages / 3) return undefined;
        return workers.find((w) => w.child.exitCode === null && runningApplications(w, record.id));
      },
      60_000,
    );
    const survivor = workers.find((w) => w !== victim && w.child.exitCode === null)!;
    const survivorLinesAtKill = survivor.lines.length;
    victim.child.kill('SIGKILL');
    const pagesAtKill = applicationPages().length;
    expect(pagesAtKill).toBeLessThan(pages);

    await waitFor('the other worker to finish the sync', () => ready(record), 90_000);
    // The survivor completed the run after the kill (the victim was found dead and its run resumed
    // there). Its log line comes through a pipe and can arrive after the store already says ready.
    const completedAfterKill = (): boolean =>
      survivor.lines
        .slice(survivorLinesAtKill)
        .some(
          (l) => l.connector_id === record.id && l.entity === 'applications' && l.msg === 'sync run ended' && l.outcome === 'completed',
        );
    await waitFor('the survivor to log the completed run', async () => (completedAfterKill() ? true : undefined), 10_000);

    expect(await copiedIds(engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
    // Resumed, not restarted: every page fetched once, except at most the one in flight at the kill.
    const requested = applicationPages();
    expect(new Set(requested).size).toBe(pages);
    expect(requested.length).toBeLessThanOrEqual(pages + 1);
  }, 150_000);

  it('retries a run the vendor throttled when the vendor said (Retry-After), not at the queue’s backoff', async () => {
    if (!workers.some((w) => w.child.exitCode === null)) await startWorker();
    const record = await connector('throttled');
    greenhouse.reset();
    // The first page answers 429 with Retry-After: 3, longer than these workers' runtime waits
    // (sync-worker-process.ts): the run fails at once with the wait, and its retry must wait it.
    greenhouse.failNext('/v1/applications', { kind: 'status', status: 429, headers: { 'retry-after': '3' } }, 1);
    await enqueuer.connectorCreated(record);
    await waitFor('the sync', () => ready(record), 60_000);
    // The workers' log of this connector's applications runs: failed, then started again.
    const lines = workers
      .flatMap((w) => w.lines)
      .filter((l) => l.connector_id === record.id && l.entity === 'applications')
      .sort((a, b) => (a.receivedAt as number) - (b.receivedAt as number));
    const failed = lines.find((l) => l.msg === 'sync run failed');
    const retried = lines.find((l) => l.msg === 'sync run started' && (l.receivedAt as number) > (failed?.receivedAt as number));
    expect(failed?.error).toBe('RateLimitError');
    // Not pg-boss's retry at the workers' 1 s backoff (about 1.8 s with its polling): the vendor's 3 s.
    expect((retried!.receivedAt as number) - (failed!.receivedAt as number)).toBeGreaterThanOrEqual(2_600);
    expect(await copiedIds(engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
  }, 120_000);
});

/** Whether this worker's last applications run of the connector started and has not ended. */
function runningApplications(worker: WorkerProcess, connectorId: string): boolean {
  const events = worker.lines.filter((l) => l.connector_id === connectorId && l.entity === 'applications');
  return events.at(-1)?.msg === 'sync run started';
}
