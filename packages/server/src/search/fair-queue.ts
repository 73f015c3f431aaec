/**
 * A fair queue in front of the store for searches. Tenants share one store, so one tenant's load
 * must not become everyone's latency: PGlite runs one statement at a time (and blocks the service's
 * thread while it does), so without this queue a tenant sending 16 heavy searches at once puts 16
 * statements ahead of everyone else's; on PostgreSQL it would take every pooled connection.
 *
 * - At most `concurrency` tasks run at once, and at most `tenantConcurrency` of one tenant.
 * - When a slot frees, the waiting tenant that has used the least store time goes next (its
 *   tasks' measured running time, charged as they start and corrected when they end): a tenant
 *   with cheap searches is not made to alternate one-for-one with a tenant running expensive
 *   ones. Ties go to the tenant served least recently, then to the one that came first.
 * - A tenant that starts waiting after being idle is charged like the least-charged tenant
 *   present, so idling earns no credit, and a newcomer waits for at most what is running now.
 * - A tenant with `tenantQueue` tasks waiting is refused at once (TenantQueueFullError) rather than
 *   queued without bound; a waiter whose signal aborts (its client went away) leaves the queue.
 * - Dispatch waits for the next turn of the event loop (`defer`): a PGlite statement blocks the
 *   thread, so requests that arrived meanwhile are only read then, and must be able to take
 *   their turn before the tenant that was already waiting starts its next statement.
 *
 * Memory is bounded by the tenants with work: a tenant's state is dropped when it has nothing
 * running or waiting.
 */
import { AbortError } from '@switchyard/runtime';

export interface FairQueueLimits {
  /** Tasks running at once, over all tenants (at least 1). */
  readonly concurrency: number;
  /** Tasks one tenant may run at once (at least 1). */
  readonly tenantConcurrency: number;
  /** Tasks one tenant may have waiting; one more is refused (0: refused whenever its slots are busy). */
  readonly tenantQueue: number;
}

export interface FairQueueOptions extends FairQueueLimits {
  /** A monotonic clock in milliseconds (default performance.now); tests pass a fake one. */
  readonly now?: () => number;
  /** Runs a dispatch later (default setImmediate, see above); tests pass a manual one. */
  readonly defer?: (dispatch: () => void) => void;
}

/** A tenant asked for more than its share of waiting places. */
export class TenantQueueFullError extends Error {
  override readonly name = 'TenantQueueFullError';
  readonly running: number;
  readonly waiting: number;
  constructor(running: number, waiting: number) {
    super(`${running} running and ${waiting} waiting already for this tenant`);
    this.running = running;
    this.waiting = waiting;
  }
}

interface Waiter {
  readonly start: () => void;
}

interface TenantState {
  readonly waiting: Waiter[];
  running: number;
  /** Store time charged so far, in milliseconds: finished tasks' running time, plus the estimates of running ones. */
  usage: number;
  /** The part of `usage` that is estimates of running tasks. */
  estimated: number;
  /** Moving average of this tenant's task durations: what a task is charged when it starts. */
  estimate: number;
  /** Sequence number of this tenant's last start (-1: never). */
  lastStart: number;
}

export class FairQueue {
  readonly #limits: FairQueueLimits;
  readonly #now: () => number;
  readonly #defer: (dispatch: () => void) => void;
  readonly #tenants = new Map<string, TenantState>();
  #running = 0;
  #starts = 0;
  #dispatchPending = false;

  constructor(options: FairQueueOptions) {
    for (const key of ['concurrency', 'tenantConcurrency'] as const) {
      if (!Number.isSafeInteger(options[key]) || options[key] < 1) throw new RangeError(`${key} must be a positive integer`);
    }
    if (!Number.isSafeInteger(options.tenantQueue) || options.tenantQueue < 0) throw new RangeError('tenantQueue must be 0 or more');
    this.#limits = { concurrency: options.concurrency, tenantConcurrency: options.tenantConcurrency, tenantQueue: options.tenantQueue };
    this.#now = options.now ?? (() => performance.now());
    this.#defer = options.defer ?? ((dispatch) => setImmediate(dispatch));
  }

  get limits(): FairQueueLimits {
    return this.#limits;
  }

  /** Tasks running now, over all tenants. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting now, over all tenants. */
  get waiting(): number {
    let n = 0;
    for (const state of this.#tenants.values()) n += state.waiting.length;
    return n;
  }

  /**
   * Runs `task` once the tenant's turn comes; resolves or rejects as it does. Throws
   * TenantQueueFullError when the tenant already has `tenantQueue` tasks waiting, and the
   * runtime's AbortError when `signal` aborts before the task started.
   */
  run<T>(tenant: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new AbortError('the search was abandoned before it started'));
    const state = this.#tenants.get(tenant) ?? this.#join(tenant);
    if (state.waiting.length >= this.#limits.tenantQueue && !this.#canStartAtOnce(state)) {
      this.#forgetIfIdle(tenant, state);
      return Promise.reject(new TenantQueueFullError(state.running, state.waiting.length));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        const at = state.waiting.indexOf(waiter);
        if (at < 0) return; // already started: the task itself sees the signal
        state.waiting.splice(at, 1);
        this.#forgetIfIdle(tenant, state);
        reject(new AbortError('the search was abandoned while it waited for its turn'));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          const charged = state.estimate;
          state.usage += charged;
          state.estimated += charged;
          state.running += 1;
          state.lastStart = this.#starts++;
          this.#running += 1;
          const started = this.#now();
          const finish = (): void => {
            const took = Math.max(0, this.#now() - started);
            state.usage += took - charged;
            state.estimated -= charged;
            state.estimate = state.estimate === 0 ? took : state.estimate * 0.75 + took * 0.25;
            state.running -= 1;
            this.#running -= 1;
            this.#forgetIfIdle(tenant, state);
            this.#schedule();
          };
          let outcome: Promise<T>;
          try {
            outcome = task();
          } catch (error) {
            outcome = Promise.reject(error);
          }
          outcome.then(
            (value) => {
              finish();
              resolve(value);
            },
            (error: unknown) => {
              finish();
              reject(error);
            },
          );
        },
      };
      state.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#schedule();
    });
  }

  /** A tenant with no waiting place left may still start at once when a slot of its own is free. */
  #canStartAtOnce(state: TenantState): boolean {
    return state.waiting.length === 0 && state.running < this.#limits.tenantConcurrency && this.#running < this.#limits.concurrency;
  }

  /**
   * A tenant arriving (again): charged like the least-charged tenant present, so idling earns
   * nothing. Only finished work counts here: a running task's estimate may turn out higher than
   * its running time, and its tenant must not then come out below the newcomer.
   */
  #join(tenant: string): TenantState {
    let floor: number | undefined;
    for (const other of this.#tenants.values()) {
      const finished = other.usage - other.estimated;
      floor = floor === undefined ? finished : Math.min(floor, finished);
    }
    const state: TenantState = { waiting: [], running: 0, usage: floor ?? 0, estimated: 0, estimate: 0, lastStart: -1 };
    this.#tenants.set(tenant, state);
    return state;
  }

  #forgetIfIdle(tenant: string, state: TenantState): void {
    if (state.running === 0 && state.waiting.length === 0 && this.#tenants.get(tenant) === state) this.#tenants.delete(tenant);
  }

  #schedule(): void {
    if (this.#dispatchPending) return;
    this.#dispatchPending = true;
    this.#defer(() => {
      this.#dispatchPending = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#running < this.#limits.concurrency) {
      const next = this.#next();
      if (!next) return;
      next.waiting.shift()!.start();
    }
  }

  /** The waiting tenant below its own cap with the least store time, then served least recently. */
  #next(): TenantState | undefined {
    let best: TenantState | undefined;
    for (const state of this.#tenants.values()) {
      if (state.waiting.length === 0 || state.running >= this.#limits.tenantConcurrency) continue;
      if (!best || state.usage < best.usage || (state.usage === best.usage && state.lastStart < best.lastStart)) best = state;
    }
    return best;
  }
}
