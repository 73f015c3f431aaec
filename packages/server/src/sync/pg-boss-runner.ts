/**
 * The scale-out runner: sync jobs in a pg-boss queue on the service's PostgreSQL, worked by any
 * number of processes.
 *
 * - Exactly one run per connector entity: a run starts only once its worker holds the entity's
 *   lease (run-leases.ts); a job for an entity another worker is running (a trigger during the run)
 *   answers `busy` and waits in the queue. The queue's `short` policy keeps at most one queued job
 *   per entity (`connector:entity`), so a trigger while one is queued adds nothing. (pg-boss's
 *   `stately` policy, used before, also allowed one active job per key, but a queued job whose key
 *   was active made every fetch of the queue fail until that job ended: one long run, or one dead
 *   worker's job, stopped every other tenant's syncs.)
 * - Fair between tenants (fair-share.ts), across processes: a fetched job whose tenant is capped,
 *   or behind which a waiting tenant is, goes back to the queue for a moment (`deferMs`) and the
 *   worker fetches again; a run whose turn is over yields at its next page boundary when a waiting
 *   tenant is behind it, and queues its continuation.
 * - Retries with backoff: a run that throws (the vendor still failing after the runtime's own
 *   retries) fails its job, and pg-boss retries it `retryLimit` times with exponential backoff;
 *   every retry resumes from the entity's checkpoint. A run the vendor throttled with a
 *   Retry-After is retried when the vendor said instead (retry-after.ts).
 * - Dead workers: the service's heartbeats (worker-registry.ts) find a dead worker's runs within
 *   seconds, cancel its jobs (`takeOver`) and queue continuations. pg-boss's own expiry of an active
 *   job (`expireInSeconds`) stays as the last resort, so a job also works for at most one time slice
 *   (`sliceMs`, well below the expiry), checkpoints, queues its continuation and completes.
 */
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import type PgBoss from 'pg-boss';
import type { SqlEngine } from '../store/sql-engine.js';
import { FairShare, type RunningLoad } from './fair-share.js';
import { pgBossContention, type Contention, type ReadContention } from './pg-boss-contention.js';
import type { RunLeases } from './run-leases.js';
import { syncRetryDelayMs, vendorRetryAfterMs } from './retry-after.js';
import { jobKey, type JobHandler, type SyncJob, type SyncRunner } from './sync-runner.js';

export const SYNC_QUEUE = 'switchyard-sync';

export interface PgBossRunnerOptions {
  readonly connectionString: string;
  /** Jobs worked at once by this process; 0 only enqueues (an API process with separate workers). Default 2. */
  readonly concurrency?: number;
  /** Longest a job works before it checkpoints and hands over to a continuation job (default 5 min). */
  readonly sliceMs?: number;
  /** An active job older than this is considered lost and retried, if no heartbeat found it first (default 15 min). */
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

/** What the runner gets from the sync service besides its options. */
export interface PgBossRunnerDeps {
  /** The service's store (the same PostgreSQL): the fairness policy reads the load and the queue from it. */
  readonly engine: SqlEngine;
  readonly leases: RunLeases;
  /** This process's worker (worker-registry.ts): its own runs are counted from memory, not from the store. */
  readonly workerId: string;
  readonly fairness?: FairShare;
  /** How long a job put back (its tenant must wait, or its entity is busy) stays out of the queue (default 2 s). */
  readonly deferMs?: number;
}

interface Active {
  readonly job: SyncJob;
  readonly controller: AbortController;
  done: Promise<unknown>;
  readonly started: number;
  /** Gave its turn up: until its lease goes, not counted as its tenant's load. */
  yielding: boolean;
}

/** A fresh view of the contention is read at most this often per process. */
const CONTENTION_TTL_MS = 250;

export class PgBossRunner implements SyncRunner {
  readonly #options: PgBossRunnerOptions;
  /** Made at the runner's first use (#queue). */
  #boss: PgBoss | undefined;
  #making: Promise<PgBoss> | undefined;
  readonly #schema: string;
  readonly #fair: FairShare;
  readonly #deferMs: number;
  readonly #readContention: ReadContention;
  readonly #active = new Set<Active>();
  readonly #workerIds: string[] = [];
  #contention: { at: number; view: Promise<Contention> } | undefined;
  #stopping = false;
  #started = false;

  constructor(options: PgBossRunnerOptions, deps: PgBossRunnerDeps) {
    this.#options = options;
    this.#fair = deps.fairness ?? new FairShare();
    this.#deferMs = deps.deferMs ?? 2_000;
    const expireInSeconds = options.expireInSeconds ?? 900;
    const sliceMs = options.sliceMs ?? 300_000;
    if (sliceMs >= expireInSeconds * 1000) {
      throw new ConfigurationError(
        `sliceMs (${sliceMs}) must be shorter than expireInSeconds (${expireInSeconds} s), or healthy jobs would expire`,
      );
    }
    this.#schema = options.schema ?? 'pgboss';
    this.#readContention = pgBossContention(deps.engine, deps.leases, this.#schema, SYNC_QUEUE, deps.workerId);
  }

  /**
   * The queue's client, loaded and made at the runner's first use: importing this module does not
   * load pg-boss (and `pg` under it, about 50 modules), so a service on the embedded store, which
   * imports the sync service but never runs this runner, does not either.
   */
  #queue(): Promise<PgBoss> {
    this.#making ??= import('pg-boss').then(({ default: PgBossClient }) => {
      const boss = new PgBossClient({
        connectionString: this.#options.connectionString,
        schema: this.#schema,
        maintenanceIntervalSeconds: this.#options.maintenanceIntervalSeconds ?? 60,
        // The service schedules syncs itself (sy_sync_schedules); pg-boss's cron is not used.
        schedule: false,
      });
      boss.on('error', (error: Error) => this.#options.logger?.warn?.('sync queue error', { error: error.message }));
      this.#boss = boss;
      return boss;
    });
    return this.#making;
  }

  async start(handler: JobHandler): Promise<void> {
    const boss = await this.#queue();
    await boss.start();
    this.#started = true;
    const queue = {
      name: SYNC_QUEUE,
      policy: 'short' as const,
      retryLimit: this.#options.retryLimit ?? 5,
      retryDelay: this.#options.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: this.#options.expireInSeconds ?? 900,
    };
    if (await boss.getQueue(SYNC_QUEUE)) await boss.updateQueue(SYNC_QUEUE, queue);
    else
      await boss.createQueue(SYNC_QUEUE, queue).catch(async (error: unknown) => {
        // Another process created it between our check and our create.
        if (!(await boss.getQueue(SYNC_QUEUE))) throw error;
      });
    const concurrency = this.#options.concurrency ?? 2;
    for (let i = 0; i < concurrency; i++) {
      let workerId = '';
      workerId = await boss.work<SyncJob>(
        SYNC_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          // Put back: fetch the next one at once instead of after the polling interval.
          if (job && (await this.#work(handler, job)) === 'put back') boss.notifyWorker(workerId);
        },
      );
      this.#workerIds.push(workerId);
    }
  }

  async #work(handler: JobHandler, fetched: PgBoss.Job<SyncJob>): Promise<'ran' | 'put back'> {
    const job = fetched.data;
    if (await this.#mustWait(job)) {
      await this.#putBack(job);
      return 'put back';
    }
    const controller = new AbortController();
    const started = Date.now();
    const sliceEnds = started + (this.#options.sliceMs ?? 300_000);
    const active: Active = { job, controller, done: Promise.resolve(), started, yielding: false };
    const run = handler(job, {
      signal: controller.signal,
      jobId: fetched.id,
      shouldPause: () => this.#stopping || Date.now() >= sliceEnds || this.#yieldTurn(active),
      stopping: () => this.#stopping,
    });
    active.done = run.catch(() => undefined);
    this.#active.add(active);
    try {
      let outcome;
      try {
        outcome = await run;
      } catch (error) {
        if (vendorRetryAfterMs(error) === undefined) throw error; // pg-boss retries it at its backoff
        await this.#retryWhenTheVendorSaid(job, error);
        return 'ran';
      }
      if (outcome === 'busy') {
        await this.#putBack(job);
        return 'ran';
      }
      // Paused (time slice, turn or shutdown): queue the continuation before this job completes, so
      // the run is never without a job. The lease keeps it from running beside this one.
      // (Aborted because its worker was given up for dead, the run is another worker's to continue;
      // a second continuation is folded into that one.)
      if (outcome === 'paused') await this.#send({ ...job, continuation: true });
      return 'ran';
    } finally {
      this.#active.delete(active);
    }
  }

  /**
   * A run the vendor throttled with a Retry-After: its job completes, and the next attempt is a job
   * that starts when the vendor said (or at the backoff, if later; retry-after.ts), not pg-boss's
   * retry at its own backoff. These attempts count in `job.attempt`, up to the same retry limit.
   */
  async #retryWhenTheVendorSaid(job: SyncJob, error: unknown): Promise<void> {
    const attempt = job.attempt ?? 0;
    const backoffMs = (this.#options.retryDelaySeconds ?? 30) * 1000 * 2 ** attempt;
    const delayMs = syncRetryDelayMs(error, backoffMs);
    if (delayMs === undefined || attempt >= (this.#options.retryLimit ?? 5)) return;
    await this.#send({ ...job, attempt: attempt + 1, continuation: true }, Math.max(1, Math.ceil(delayMs / 1000)));
  }

  /** Before a fetched job starts: its tenant is capped, or a waiting tenant is behind it. */
  async #mustWait(job: SyncJob): Promise<boolean> {
    const { waiting } = await this.#contentionNow();
    const load = await this.#load();
    if (this.#fair.capped(job, load)) return true;
    return waiting.some((tenant) => !this.#fair.capped(tenant, load) && this.#fair.isBehind(tenant, job, load));
  }

  /** At a page boundary once the turn is over: a waiting tenant is behind this run's. */
  async #yieldTurn(active: Active): Promise<boolean> {
    if (active.yielding) return true;
    if (Date.now() - active.started < this.#fair.turnMs) return false;
    const { waiting } = await this.#contentionNow();
    if (!this.#fair.shouldYield(active.job, waiting, await this.#load())) return false;
    active.yielding = true;
    return true;
  }

  /**
   * The runs of other processes (as last read) plus this process's own, known exactly: a run that
   * gave its turn up no longer counts (so two runs do not yield to one newcomer), one that has just
   * started does even before its lease is read back.
   */
  async #load(): Promise<RunningLoad> {
    const load = (await this.#contentionNow()).othersLoad.clone();
    for (const active of this.#active) if (!active.yielding) load.add(active.job, 1);
    return load;
  }

  #contentionNow(): Promise<Contention> {
    const now = Date.now();
    if (!this.#contention || now - this.#contention.at > CONTENTION_TTL_MS) {
      this.#contention = { at: now, view: this.#readContention() };
      // A failed read is not kept: the next caller reads again.
      this.#contention.view.catch(() => (this.#contention = undefined));
    }
    return this.#contention.view;
  }

  /** Back to the queue for `deferMs`, as it was (a fresh request stays fresh, a continuation a continuation). */
  async #putBack(job: SyncJob): Promise<void> {
    await this.#send(job, Math.max(1, Math.ceil(this.#deferMs / 1000)));
  }

  async #send(job: SyncJob, startAfterSeconds?: number): Promise<string | null> {
    return (await this.#queue()).send(SYNC_QUEUE, job, {
      singletonKey: jobKey(job),
      ...(startAfterSeconds !== undefined ? { startAfter: startAfterSeconds } : {}),
    });
  }

  async enqueue(job: SyncJob): Promise<boolean> {
    if (this.#stopping) return false;
    const id = await this.#send(job);
    if (id !== null) this.#notifyWorkers();
    return id !== null;
  }

  async takeOver(job: SyncJob, lostJobId: string | null): Promise<void> {
    if (lostJobId) {
      // Left active by the dead worker; cancelled so pg-boss does not retry it again at its expiry.
      await (await this.#queue()).cancel(SYNC_QUEUE, lostJobId).catch((error: unknown) => {
        this.#options.logger?.warn?.('sync queue: could not cancel a dead worker’s job', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
    }
    await this.#send({ ...job, continuation: true });
    this.#notifyWorkers();
  }

  #notifyWorkers(): void {
    // Workers exist only once start() has made the client.
    for (const id of this.#workerIds) this.#boss?.notifyWorker(id);
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
    await this.#boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    this.#started = false;
  }
}
