/**
 * The embedded runner: a small in-memory queue in the service process, at most `concurrency` runs
 * at a time and never two runs of one connector entity. Queued jobs are not persisted: after a
 * restart, interrupted runs are re-queued from their checkpoints and schedules queue the rest.
 *
 * - Fair between tenants (fair-share.ts): the next run to start is the fairest waiting one, and a
 *   run whose turn is over yields its slot at a page boundary to a tenant that is behind; its
 *   continuation queues again and resumes from the checkpoint.
 * - A run that fails is retried `retryLimit` times with exponential backoff from `retryDelayMs`,
 *   or after the vendor's Retry-After when that is later (retry-after.ts), each retry resuming
 *   from the checkpoint (as pg-boss does for the other runner).
 * - A run another worker holds (`busy`) is tried again after `busyRetryMs`.
 */
import { ConfigurationError } from '@switchyard/runtime';
import { applicationKey, FairShare, RunningLoad, userKey } from './fair-share.js';
import { syncRetryDelayMs } from './retry-after.js';
import { jobKey, type JobHandler, type JobOutcome, type SyncJob, type SyncRunner } from './sync-runner.js';

export interface InProcessRunnerOptions {
  readonly concurrency?: number;
  /** How long stop() lets runs reach a page boundary before aborting their requests (default 10 s). */
  readonly stopTimeoutMs?: number;
  /** Retries of a failed run (default 3). */
  readonly retryLimit?: number;
  /** Delay before the first retry, doubled for each next one (default 30 s). */
  readonly retryDelayMs?: number;
  /** The fairness policy between tenants (default: turns of 5 s, no caps). */
  readonly fairness?: FairShare;
  /** How long a run another worker holds waits before it is tried again (default 2 s). */
  readonly busyRetryMs?: number;
}

interface PendingRetry {
  readonly job: SyncJob;
  readonly timer: NodeJS.Timeout;
}

interface Running {
  readonly job: SyncJob;
  readonly controller: AbortController;
  done: Promise<void>;
  readonly startedAt: number;
  /** Asked to give its slot up: no longer counted as the tenant's load. */
  yielding: boolean;
}

export class InProcessRunner implements SyncRunner {
  readonly #concurrency: number;
  readonly #stopTimeoutMs: number;
  readonly #retryLimit: number;
  readonly #retryDelayMs: number;
  readonly #busyRetryMs: number;
  readonly #fair: FairShare;
  readonly #retries = new Set<PendingRetry>();
  #handler: JobHandler | undefined;
  #queue: SyncJob[] = [];
  readonly #running = new Map<string, Running>();
  /** Round-robin bookkeeping: when an application / external user last started a run. */
  readonly #lastStarted = new Map<string, number>();
  #starts = 0;
  #stopping = false;

  constructor(options: InProcessRunnerOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new ConfigurationError(`concurrency must be a positive integer, got ${concurrency}`);
    this.#concurrency = concurrency;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.#retryLimit = options.retryLimit ?? 3;
    this.#retryDelayMs = options.retryDelayMs ?? 30_000;
    this.#busyRetryMs = options.busyRetryMs ?? 2_000;
    this.#fair = options.fairness ?? new FairShare();
    if (!Number.isInteger(this.#retryLimit) || this.#retryLimit < 0)
      throw new ConfigurationError(`retry limit must be a whole number ≥ 0, got ${this.#retryLimit}`);
    if (!(this.#retryDelayMs > 0)) throw new ConfigurationError(`retry delay must be a positive number of ms, got ${this.#retryDelayMs}`);
  }

  async start(handler: JobHandler): Promise<void> {
    this.#handler = handler;
    this.#stopping = false;
    this.#pump();
  }

  async enqueue(job: SyncJob): Promise<boolean> {
    if (this.#stopping) return false;
    const key = jobKey(job);
    if (this.#queue.some((queued) => jobKey(queued) === key)) return false;
    this.#queue.push(job);
    this.#pump();
    return true;
  }

  async takeOver(job: SyncJob): Promise<void> {
    await this.enqueue({ ...job, continuation: true });
  }

  async cancelConnector(connectorId: string): Promise<void> {
    this.#queue = this.#queue.filter((job) => job.connectorId !== connectorId);
    for (const retry of [...this.#retries]) if (retry.job.connectorId === connectorId) this.#dropRetry(retry);
    const runs = [...this.#running.values()].filter((run) => run.job.connectorId === connectorId);
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#queue = [];
    for (const retry of [...this.#retries]) this.#dropRetry(retry);
    const runs = [...this.#running.values()];
    const timer = setTimeout(() => runs.forEach((run) => run.controller.abort()), this.#stopTimeoutMs);
    try {
      await Promise.all(runs.map((run) => run.done));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The tenants' runs in progress, leaving out those already giving their slot up. */
  #load(): RunningLoad {
    return RunningLoad.of([...this.#running.values()].filter((run) => !run.yielding).map((run) => run.job));
  }

  /** Waiting jobs that could start now (their entity is not running). */
  #startable(): SyncJob[] {
    return this.#queue.filter((job) => !this.#running.has(jobKey(job)));
  }

  #pump(): void {
    const handler = this.#handler;
    if (!handler) return;
    while (!this.#stopping && this.#running.size < this.#concurrency) {
      const index = this.#fair.pick(
        this.#queue,
        this.#load(),
        (key) => this.#lastStarted.get(key),
        (i) => !this.#running.has(jobKey(this.#queue[i]!)),
      );
      if (index === -1) return;
      const [job] = this.#queue.splice(index, 1);
      this.#launch(handler, job!);
    }
  }

  #launch(handler: JobHandler, job: SyncJob): void {
    const key = jobKey(job);
    this.#starts += 1;
    this.#lastStarted.set(applicationKey(job), this.#starts);
    this.#lastStarted.set(userKey(job), this.#starts);
    const run: Running = { job, controller: new AbortController(), done: Promise.resolve(), startedAt: Date.now(), yielding: false };
    this.#running.set(key, run);
    run.done = handler(job, {
      signal: run.controller.signal,
      jobId: null,
      shouldPause: () => this.#stopping || this.#yieldTurn(run),
      stopping: () => this.#stopping,
    })
      .then(
        (outcome) => this.#settle(run, outcome),
        (error: unknown) => {
          // Recorded in the entity's status and logged by the handler.
          this.#scheduleRetry(job, error);
        },
      )
      .finally(() => {
        this.#running.delete(key);
        this.#pump();
      });
  }

  /** Asked at each page boundary: gives the slot up once the turn is over and a tenant that is behind waits. */
  #yieldTurn(run: Running): boolean {
    if (run.yielding) return true;
    if (Date.now() - run.startedAt < this.#fair.turnMs) return false;
    if (!this.#fair.shouldYield(run.job, this.#startable(), this.#load())) return false;
    run.yielding = true;
    return true;
  }

  #settle(run: Running, outcome: JobOutcome): void {
    if (this.#stopping) return;
    // Gave its turn up: the continuation queues behind the waiting ones and resumes from the checkpoint.
    // (A run paused by an abort, its connector deleted or its lease lost, is not this runner's to continue.)
    if (outcome === 'paused' && run.yielding) void this.enqueue({ ...run.job, continuation: true });
    if (outcome === 'busy') this.#later(run.job, this.#busyRetryMs);
  }

  /**
   * A failed run tries again later (resuming from its checkpoint), after the backoff or the
   * vendor's Retry-After, whichever is later (retry-after.ts); past the limit, the next schedule
   * or trigger does.
   */
  #scheduleRetry(job: SyncJob, error: unknown): void {
    const attempt = job.attempt ?? 0;
    if (this.#stopping || attempt >= this.#retryLimit) return;
    const delayMs = syncRetryDelayMs(error, this.#retryDelayMs * 2 ** attempt);
    if (delayMs === undefined) return;
    // A continuation: dropped if the run completed meanwhile (a trigger, a schedule).
    this.#later({ ...job, attempt: attempt + 1, continuation: true }, delayMs);
  }

  #later(job: SyncJob, delayMs: number): void {
    const retry: PendingRetry = {
      job,
      timer: setTimeout(() => {
        this.#retries.delete(retry);
        void this.enqueue(job);
      }, delayMs),
    };
    retry.timer.unref();
    this.#retries.add(retry);
  }

  #dropRetry(retry: PendingRetry): void {
    clearTimeout(retry.timer);
    this.#retries.delete(retry);
  }
}
