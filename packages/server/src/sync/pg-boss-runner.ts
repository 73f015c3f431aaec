/**
 * The scale-out runner: sync jobs in a pg-boss queue on the service's PostgreSQL, worked by any
 * number of processes.
 *
 * - Exactly one run per connector entity: the queue's `stately` policy keeps at most one queued and
 *   one active job per singleton key (`connector:entity`), enforced by a unique index in the database.
 * - Retries with backoff: a run that throws (the vendor still failing after the runtime's own
 *   retries) fails its job, and pg-boss retries it `retryLimit` times with exponential backoff;
 *   every retry resumes from the entity's checkpoint.
 * - Crashed workers: pg-boss does not heartbeat, it expires an active job after `expireInSeconds`
 *   and retries it elsewhere. So a job works for at most one time slice (`sliceMs`, well below the
 *   expiry), checkpoints, queues its continuation and completes; a killed worker's job is picked up
 *   by another worker after the expiry and resumes from the last checkpointed page.
 */
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import PgBoss from 'pg-boss';
import { jobKey, type JobHandler, type SyncJob, type SyncRunner } from './sync-runner.js';

export const SYNC_QUEUE = 'switchyard-sync';

export interface PgBossRunnerOptions {
  readonly connectionString: string;
  /** Jobs worked at once by this process; 0 only enqueues (an API process with separate workers). Default 2. */
  readonly concurrency?: number;
  /** Longest a job works before it checkpoints and hands over to a continuation job (default 5 min). */
  readonly sliceMs?: number;
  /** An active job older than this is considered lost (its worker died) and retried (default 15 min). */
  readonly expireInSeconds?: number;
  readonly retryLimit?: number;
  readonly retryDelaySeconds?: number;
  readonly pollingIntervalSeconds?: number;
  /** How often pg-boss expires lost jobs (default 60 s). */
  readonly maintenanceIntervalSeconds?: number;
  /** PostgreSQL schema holding pg-boss's tables (default `pgboss`). */
  readonly schema?: string;
  /** How long stop() waits for runs to reach a page boundary before aborting them (default 10 s). */
  readonly stopTimeoutMs?: number;
  readonly logger?: Logger | undefined;
}

interface Active {
  readonly job: SyncJob;
  readonly controller: AbortController;
  readonly done: Promise<unknown>;
}

export class PgBossRunner implements SyncRunner {
  readonly #options: PgBossRunnerOptions;
  readonly #boss: PgBoss;
  readonly #active = new Set<Active>();
  #stopping = false;
  #started = false;

  constructor(options: PgBossRunnerOptions) {
    this.#options = options;
    const expireInSeconds = options.expireInSeconds ?? 900;
    const sliceMs = options.sliceMs ?? 300_000;
    if (sliceMs >= expireInSeconds * 1000) {
      throw new ConfigurationError(
        `sliceMs (${sliceMs}) must be shorter than expireInSeconds (${expireInSeconds} s), or healthy jobs would expire`,
      );
    }
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema ?? 'pgboss',
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      // The service schedules syncs itself (sy_sync_schedules); pg-boss's cron is not used.
      schedule: false,
    });
    this.#boss.on('error', (error: Error) => this.#options.logger?.warn?.('sync queue error', { error: error.message }));
  }

  async start(handler: JobHandler): Promise<void> {
    await this.#boss.start();
    this.#started = true;
    const queue = {
      name: SYNC_QUEUE,
      policy: 'stately' as const,
      retryLimit: this.#options.retryLimit ?? 5,
      retryDelay: this.#options.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: this.#options.expireInSeconds ?? 900,
    };
    if (await this.#boss.getQueue(SYNC_QUEUE)) await this.#boss.updateQueue(SYNC_QUEUE, queue);
    else
      await this.#boss.createQueue(SYNC_QUEUE, queue).catch(async (error: unknown) => {
        // Another process created it between our check and our create.
        if (!(await this.#boss.getQueue(SYNC_QUEUE))) throw error;
      });
    const concurrency = this.#options.concurrency ?? 2;
    for (let i = 0; i < concurrency; i++) {
      await this.#boss.work<SyncJob>(
        SYNC_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (job) await this.#work(handler, job.data);
        },
      );
    }
  }

  async #work(handler: JobHandler, job: SyncJob): Promise<void> {
    const controller = new AbortController();
    const sliceEnds = Date.now() + (this.#options.sliceMs ?? 300_000);
    const run = handler(job, {
      signal: controller.signal,
      shouldPause: () => this.#stopping || Date.now() >= sliceEnds,
      stopping: () => this.#stopping,
    });
    const active: Active = { job, controller, done: run.catch(() => undefined) };
    this.#active.add(active);
    try {
      const outcome = await run;
      // Paused (time slice or shutdown): queue the continuation before this job completes, so the
      // run is never without a job. The stately policy keeps it from running beside this one.
      if (outcome === 'paused') await this.#boss.send(SYNC_QUEUE, { ...job, continuation: true }, { singletonKey: jobKey(job) });
    } finally {
      this.#active.delete(active);
    }
  }

  async enqueue(job: SyncJob): Promise<boolean> {
    if (this.#stopping) return false;
    const id = await this.#boss.send(SYNC_QUEUE, job, { singletonKey: jobKey(job) });
    return id !== null;
  }

  async cancelConnector(connectorId: string): Promise<void> {
    // Queued jobs of a deleted connector find no connector and end at once; runs in other processes
    // notice at their next checkpoint, which no longer exists.
    const runs = [...this.#active].filter((a) => a.job.connectorId === connectorId);
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#stopping = true;
    const runs = [...this.#active];
    const timer = setTimeout(() => runs.forEach((run) => run.controller.abort()), this.#options.stopTimeoutMs ?? 10_000);
    try {
      await Promise.all(runs.map((run) => run.done));
    } finally {
      clearTimeout(timer);
    }
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    this.#started = false;
  }
}
