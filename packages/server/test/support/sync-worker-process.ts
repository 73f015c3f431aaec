/**
 * A `switchyard worker` as the workers suite starts it: runWorker() in its own process, with the
 * suite's sync fixtures and short pg-boss timings, logging JSON lines the suite reads.
 * Run with `node --import tsx`; configured by environment variables only.
 */
import { runWorker } from '../../src/index.js';
import { messagingFixture, recruitingFixture, FAST_TRANSPORT } from './sync-harness.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const log = (msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ msg, pid: process.pid, ...fields })}\n`);

const worker = await runWorker({
  databaseUrl: env('DATABASE_URL'),
  masterKey: env('SWITCHYARD_MASTER_KEY'),
  catalog: new Map([
    ['messaging', messagingFixture()],
    ['recruiting', recruitingFixture(Number(process.env['SYNC_PAGE_SIZE'] ?? 25))],
  ]),
  vendorBaseUrls: JSON.parse(env('SYNC_VENDOR_URLS')) as Record<string, string>,
  concurrency: 1,
  // A Retry-After over a second is not waited out inside a run (the default is 60 s): the run
  // fails at once with the wait, and the runner's retry honours it (a wait inside a run longer
  // than these workers' 4 s job expiry would end in pg-boss retrying the expired job instead).
  transport: { ...FAST_TRANSPORT, retry: { ...FAST_TRANSPORT.retry, maxRetryAfterMs: 1_000 } },
  pgBoss: { sliceMs: 1_000, expireInSeconds: 4, maintenanceIntervalSeconds: 1, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
  // The scheduler is not under test here: the suite enqueues every run itself.
  schedule: { checkEveryMs: 3_600_000 },
  logger: { info: log, warn: log, error: log },
});
log('worker ready');

process.once('SIGTERM', () => {
  void worker.stop().then(() => {
    log('worker stopped');
    process.exit(0);
  });
});
