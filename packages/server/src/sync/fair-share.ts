/**
 * How sync runs share the workers between tenants: one policy, applied by both runners (the
 * in-process queue and the pg-boss workers).
 *
 * The unit is two levels deep, because both levels can starve each other: applications (the
 * service's customers) share the workers first, and within an application its external users (the
 * application's own customers) share what the application gets.
 *
 * - Order: the waiting run that starts next belongs to the application running the fewest syncs,
 *   within it to the external user running the fewest; ties go to the one that started a run least
 *   recently (round-robin), then to the oldest request.
 * - Turns: a run that has held its slot for `turnMs` gives it up at its next page boundary when a
 *   run of a tenant that is behind it waits (`isBehind`): it checkpoints, and its continuation
 *   queues again. So a tenant with many long syncs cannot keep a newcomer waiting for more than a
 *   turn and a page, and with fewer slots than tenants the tenants take turns.
 * - Caps (optional): at most `maxRunsPerApplication` / `maxRunsPerExternalUser` runs at once,
 *   across all workers. Without caps the policy is work-conserving: a lone tenant uses every slot.
 */
import { ConfigurationError } from '@switchyard/runtime';

export interface FairShareOptions {
  /** How long a run keeps its slot before yielding to a tenant that is behind (default 5 s). */
  readonly turnMs?: number;
  /** Runs of one application at once, across all workers (default: no cap). */
  readonly maxRunsPerApplication?: number;
  /** Runs of one external user (of one application) at once, across all workers (default: no cap). */
  readonly maxRunsPerExternalUser?: number;
}

export const DEFAULT_TURN_MS = 5_000;

/** Whose run it is. Jobs queued by releases before this one carry no external user: they count as user "". */
export interface Tenant {
  readonly applicationId: string;
  readonly externalUserId?: string | undefined;
}

/** Runs in progress per application and per external user (across all workers, or in this process). */
export class RunningLoad {
  readonly #byApplication = new Map<string, number>();
  readonly #byUser = new Map<string, number>();

  static of(tenants: Iterable<Tenant>): RunningLoad {
    const load = new RunningLoad();
    for (const tenant of tenants) load.add(tenant, 1);
    return load;
  }

  clone(): RunningLoad {
    const copy = new RunningLoad();
    for (const [key, runs] of this.#byApplication) copy.#byApplication.set(key, runs);
    for (const [key, runs] of this.#byUser) copy.#byUser.set(key, runs);
    return copy;
  }

  add(tenant: Tenant, runs: number): void {
    this.#byApplication.set(tenant.applicationId, this.application(tenant) + runs);
    this.#byUser.set(userKey(tenant), this.user(tenant) + runs);
  }

  application(tenant: Tenant): number {
    return this.#byApplication.get(tenant.applicationId) ?? 0;
  }

  user(tenant: Tenant): number {
    return this.#byUser.get(userKey(tenant)) ?? 0;
  }
}

export class FairShare {
  readonly turnMs: number;
  /** Infinity: no cap. */
  readonly maxRunsPerApplication: number;
  readonly maxRunsPerExternalUser: number;

  constructor(options: FairShareOptions = {}) {
    this.turnMs = options.turnMs ?? DEFAULT_TURN_MS;
    this.maxRunsPerApplication = options.maxRunsPerApplication ?? Infinity;
    this.maxRunsPerExternalUser = options.maxRunsPerExternalUser ?? Infinity;
    if (!(this.turnMs > 0)) throw new ConfigurationError(`fairness.turnMs must be a positive number of ms, got ${this.turnMs}`);
    for (const [name, cap] of [
      ['maxRunsPerApplication', this.maxRunsPerApplication],
      ['maxRunsPerExternalUser', this.maxRunsPerExternalUser],
    ] as const) {
      if (cap !== Infinity && (!Number.isInteger(cap) || cap < 1))
        throw new ConfigurationError(`fairness.${name} must be a positive integer, got ${cap}`);
    }
  }

  /** True when the tenant may not start another run now (a cap is reached). */
  capped(tenant: Tenant, load: RunningLoad): boolean {
    return load.application(tenant) >= this.maxRunsPerApplication || load.user(tenant) >= this.maxRunsPerExternalUser;
  }

  /**
   * True when `waiting` should run before `other` (a run in progress, or another waiting one): its
   * application runs fewer syncs, or, in the same application, its external user runs fewer.
   * Applications running as many as each other are level; their users are not compared.
   */
  isBehind(waiting: Tenant, other: Tenant, load: RunningLoad): boolean {
    const ours = load.application(waiting);
    const theirs = load.application(other);
    if (ours !== theirs) return ours < theirs;
    return waiting.applicationId === other.applicationId && load.user(waiting) < load.user(other);
  }

  /**
   * The index in `waiting` (oldest first) of the run to start next, or -1 when none may start
   * (every one is capped, or refused by `startable`). `lastStarted` says when a tenant last started
   * a run (larger is later; absent: never), for round-robin between level tenants.
   */
  pick(
    waiting: readonly Tenant[],
    load: RunningLoad,
    lastStarted: (key: string) => number | undefined,
    startable: (index: number) => boolean = () => true,
  ): number {
    let best = -1;
    let bestRank: readonly number[] = [];
    for (let i = 0; i < waiting.length; i++) {
      const tenant = waiting[i]!;
      if (!startable(i) || this.capped(tenant, load)) continue;
      const rank = [
        load.application(tenant),
        load.user(tenant),
        lastStarted(applicationKey(tenant)) ?? -1,
        lastStarted(userKey(tenant)) ?? -1,
        i,
      ];
      if (best === -1 || lexicallyBefore(rank, bestRank)) [best, bestRank] = [i, rank];
    }
    return best;
  }

  /** True when a run of `running` whose turn is over should yield: some startable waiting tenant is behind it. */
  shouldYield(running: Tenant, waiting: Iterable<Tenant>, load: RunningLoad): boolean {
    for (const tenant of waiting) if (!this.capped(tenant, load) && this.isBehind(tenant, running, load)) return true;
    return false;
  }
}

/** Keys for round-robin bookkeeping: an application, and an external user within it. */
export const applicationKey = (tenant: Tenant): string => `a:${tenant.applicationId}`;
export const userKey = (tenant: Tenant): string => `u:${tenant.applicationId}\u0000${tenant.externalUserId ?? ''}`;

function lexicallyBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
