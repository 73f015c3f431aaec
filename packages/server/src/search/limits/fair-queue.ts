/**
 * A fair queue in front of the store for searches. Tenants share one store, so one tenant's load
 * must not become everyone's latency: PGlite runs one statement at a time (and blocks the service's
 * thread while it does), so without this queue a tenant sending 16 heavy searches at once puts all
 * their statements ahead of everyone else's; on PostgreSQL they would take every pooled connection.
 *
 * - A search enters once (`enter`), then takes one turn per statement (or per transaction, for the
 *   plans that need session settings). Between its statements other tenants' turns come, so a
 *   search of several statements delays another tenant by one of its statements, not all of them.
 * - At most `concurrency` turns run at once, and at most `tenantConcurrency` of one tenant.
 * - When a slot frees, the waiting tenant that has used the least store time goes next (its turns'
 *   measured running time, charged as they start and corrected when they end): a tenant with
 *   cheap searches is not made to alternate one-for-one with a tenant running expensive ones.
 *   Ties go to the tenant served least recently, then to the one that came first.
 * - A tenant that arrives after being idle is charged like the least-charged tenant present, so
 *   idling earns no credit, and a newcomer waits for at most the turns running now.
 * - A tenant may have `tenantConcurrency + tenantQueue` searches in progress; one more is refused
 *   at once (TenantQueueFullError) rather than queued without bound. A turn whose signal aborts
 *   (its client went away) leaves the queue.
 * - Dispatch waits for the next turn of the event loop (`defer`): a PGlite statement blocks the
 *   thread, so requests that arrived meanwhile are only read then, and must be able to take
 *   their turn before the tenant that was already waiting starts its next statement.
 *
 * Memory is bounded by the tenants with work: a tenant's state is dropped when it has no search
 * in progress.
 */
import { AbortError } from '@switchyard/runtime';

export interface FairQueueLimits {
  /** Turns (statements) running at once, over all tenants (at least 1). */
  readonly concurrency: number;
  /** Turns one tenant may run at once (at least 1): on PostgreSQL, the connections it may hold. */
  readonly tenantConcurrency: number;
  /** Searches of one tenant that may wait beyond those running; one more is refused. */
  readonly tenantQueue: number;
}

export interface FairQueueOptions extends FairQueueLimits {
  /** A monotonic clock in milliseconds (default performance.now); tests pass a fake one. */
  readonly now?: () => number;
  /** Runs a dispatch later (default setImmediate, see above); tests pass a manual one. */
  readonly defer?: (dispatch: () => void) => void;
}

/** A tenant asked for more than its share of searches in progress. */
export class TenantQueueFullError extends Error {
  override readonly name = 'TenantQueueFullError';
  /** Searches of the tenant in progress when it was refused. */
  readonly inProgress: number;
  constructor(inProgress: number) {
    super(`${inProgress} searches of this tenant are in progress already`);
    this.inProgress = inProgress;
  }
}

/** One admitted search: its turns at the store, and its end. */
export interface FairTurns {
  /** Runs `task` (one statement or one transaction) when the tenant's turn comes; settles as it does. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** The search is over (call once, in `finally`). */
  leave(): void;
}

interface Waiter {
  readonly start: () => void;
}

interface TenantState {
  readonly waiting: Waiter[];
  running: number;
  /** Searches entered and not left. */
  inProgress: number;
  /** Store time charged so far, in milliseconds: finished turns' running time, plus the estimates of running ones. */
  usage: number;
  /** The part of `usage` that is estimates of running turns. */
  estimated: number;
  /** Moving average of this tenant's turn durations: what a turn is charged when it starts. */
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

  /** Turns running now, over all tenants. */
  get running(): number {
    return this.#running;
  }

  /** Turns waiting now, over all tenants. */
  get waiting(): number {
    let n = 0;
    for (const state of this.#tenants.values()) n += state.waiting.length;
    return n;
  }

  /** Searches in progress now, over all tenants. */
  get inProgress(): number {
    let n = 0;
    for (const state of this.#tenants.values()) n += state.inProgress;
    return n;
  }

  /**
   * Admits one search of `tenant`, or throws TenantQueueFullError when the tenant already has
   * `tenantConcurrency + tenantQueue` in progress.
   */
  enter(tenant: string): FairTurns {
    const state = this.#tenants.get(tenant) ?? this.#join(tenant);
    if (state.inProgress >= this.#limits.tenantConcurrency + this.#limits.tenantQueue) {
      this.#forgetIfIdle(tenant, state);
      throw new TenantQueueFullError(state.inProgress);
    }
    state.inProgress += 1;
    let left = false;
    return {
      run: (task, signal) => {
        if (left) return Promise.reject(new Error('a turn was asked for after the search left the queue'));
        return this.#turn(state, task, signal);
      },
      leave: () => {
        if (left) return;
        left = true;
        state.inProgress -= 1;
        this.#forgetIfIdle(tenant, state);
      },
    };
  }

  #turn<T>(state: TenantState, task: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) return Promise.reject(new AbortError('the search was abandoned before its turn'));
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        const at = state.waiting.indexOf(waiter);
        if (at < 0) return; // already started: the task itself sees the signal
        state.waiting.splice(at, 1);
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

  /**
   * A tenant arriving (again): charged like the least-charged tenant present, so idling earns
   * nothing. Only finished turns count here: a running turn's estimate may turn out higher than
   * its running time, and its tenant must not then come out below the newcomer.
   */
  #join(tenant: string): TenantState {
    let floor: number | undefined;
    for (const other of this.#tenants.values()) {
      const finished = other.usage - other.estimated;
      floor = floor === undefined ? finished : Math.min(floor, finished);
    }
    const state: TenantState = { waiting: [], running: 0, inProgress: 0, usage: floor ?? 0, estimated: 0, estimate: 0, lastStart: -1 };
    this.#tenants.set(tenant, state);
    return state;
  }

  #forgetIfIdle(tenant: string, state: TenantState): void {
    if (state.inProgress === 0 && state.running === 0 && state.waiting.length === 0 && this.#tenants.get(tenant) === state) {
      this.#tenants.delete(tenant);
    }
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
