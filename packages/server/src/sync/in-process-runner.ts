/**
 * The embedded runner: a small in-memory queue in the service process, at most `concurrency` runs
 * at a time and never two runs of one connector entity. Queued jobs are not persisted: after a
 * restart, interrupted runs are re-queued from their checkpoints and schedules queue the rest.
 * A run that fails is retried `retryLimit` times with exponential backoff from `retryDelayMs`,
 * each retry resuming from the checkpoint (as pg-boss does for the other runner).
 */
import { ConfigurationError } from '@switchyard/runtime';
import { jobKey, type JobHandler, type SyncJob, type SyncRunner } from './sync-runner.js';

export interface InProcessRunnerOptions {
  readonly concurrency?: number;
  /** How long stop() lets runs reach a page boundary before aborting their requests (default 10 s). */
  readonly stopTimeoutMs?: number;
  /** Retries of a failed run (default 3). */
  readonly retryLimit?: number;
  /** Delay before the first retry, doubled for each next one (default 30 s). */
  readonly retryDelayMs?: number;
}

interface PendingRetry {
  readonly job: SyncJob;
  readonly timer: NodeJS.Timeout;
}

interface Running {
  readonly job: SyncJob;
  readonly controller: AbortController;
  readonly done: Promise<void>;
}

export class InProcessRunner implements SyncRunner {
  readonly #concurrency: number;
  readonly #stopTimeoutMs: number;
  readonly #retryLimit: number;
  readonly #retryDelayMs: number;
  readonly #retries = new Set<PendingRetry>();
  #handler: JobHandler | undefined;
  #queue: SyncJob[] = [];
  readonly #running = new Map<string, Running>();
  #stopping = false;

  constructor(options: InProcessRunnerOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new ConfigurationError(`concurrency must be a positive integer, got ${concurrency}`);
    this.#concurrency = concurrency;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.#retryLimit = options.retryLimit ?? 3;
    this.#retryDelayMs = options.retryDelayMs ?? 30_000;
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

  #pump(): void {
    const handler = this.#handler;
    if (!handler) return;
    while (!this.#stopping && this.#running.size < this.#concurrency) {
      const index = this.#queue.findIndex((job) => !this.#running.has(jobKey(job)));
      if (index === -1) return;
      const [job] = this.#queue.splice(index, 1);
      this.#launch(handler, job!);
    }
  }

  #launch(handler: JobHandler, job: SyncJob): void {
    const key = jobKey(job);
    const controller = new AbortController();
    const done = handler(job, { signal: controller.signal, shouldPause: () => this.#stopping, stopping: () => this.#stopping })
      .then(
        () => undefined,
        () => {
          // Recorded in the entity's status and logged by the handler.
          this.#scheduleRetry(job);
        },
      )
      .finally(() => {
        this.#running.delete(key);
        this.#pump();
      });
    this.#running.set(key, { job, controller, done });
  }

  /** A failed run tries again later (resuming from its checkpoint); past the limit, the next schedule or trigger does. */
  #scheduleRetry(job: SyncJob): void {
    const attempt = job.attempt ?? 0;
    if (this.#stopping || attempt >= this.#retryLimit) return;
    const retry: PendingRetry = {
      job,
      timer: setTimeout(
        () => {
          this.#retries.delete(retry);
          // A continuation: dropped if the run completed meanwhile (a trigger, a schedule).
          void this.enqueue({ ...job, attempt: attempt + 1, continuation: true });
        },
        this.#retryDelayMs * 2 ** attempt,
      ),
    };
    retry.timer.unref();
    this.#retries.add(retry);
  }

  #dropRetry(retry: PendingRetry): void {
    clearTimeout(retry.timer);
    this.#retries.delete(retry);
  }
}
