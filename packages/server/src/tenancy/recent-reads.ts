/**
 * Recent reads for the hot path. Every execute used to cost two statements before the vendor call
 * (does the token's application still exist; is the connector visible to this principal), which
 * made the service hop several times slower than the vendor call itself on a fast vendor. Within
 * one process, answers read in the last `ttlMs` are reused and every change made through this
 * process forgets them at once; a change made by another process (another replica, the CLI) is
 * seen within `ttlMs`. Only the execute route reads through this cache: the connector views
 * (GET, PATCH, DELETE, sync) always read the database.
 */
import type { ConnectorRecord, ConnectorRepository, Principal } from '../service-types.js';

/** How long a read is reused: short, so another replica's delete or credential change lands quickly. */
export const RECENT_READ_TTL_MS = 2000;

/** Keys remembered at most; beyond it the oldest is dropped (one entry per connector or application). */
const MAX_ENTRIES = 10_000;

/** A small time-to-live map: values read recently, by key, in insertion (= age) order. */
export class RecentValues<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs > 0) this.setUntil(key, value, this.now() + this.ttlMs);
  }

  /** Keeps `value` until the given time instead of for the time-to-live (a token until it expires). */
  setUntil(key: string, value: V, untilMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: untilMs });
    // Bounded: the oldest entry goes first (it is simply read again if asked for).
    while (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

/**
 * The same repository, plus `getRecent`: `get` answered from a record read in the last `ttlMs`.
 * Visibility is decided exactly as the SQL tenant condition decides it (same application; a scoped
 * principal only its own external user), so a cached record never widens what a principal sees.
 */
export function withRecentReads<R extends ConnectorRepository>(
  repository: R,
  ttlMs: number = RECENT_READ_TTL_MS,
  now?: () => number,
): R & RecentConnectorReads {
  const recent = new RecentValues<ConnectorRecord>(ttlMs, now);
  const forgetting =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>, idOf: (...args: A) => string) =>
    async (...args: A): Promise<T> => {
      recent.delete(idOf(...args));
      try {
        return await call(...args);
      } finally {
        // Also after: a read that raced the change must not outlive it.
        recent.delete(idOf(...args));
      }
    };
  const wrapped: R & RecentConnectorReads = Object.assign(Object.create(repository) as R, {
    updateCredentials: forgetting(repository.updateCredentials.bind(repository), (_p, id) => id),
    rename: forgetting(repository.rename.bind(repository), (_p, id) => id),
    delete: forgetting(repository.delete.bind(repository), (_p, id) => id),
    async getRecent(principal: Principal, id: string): Promise<ConnectorRecord | null> {
      const cached = recent.get(id);
      if (cached) return visibleTo(principal, cached) ? cached : null;
      const record = await repository.get(principal, id);
      if (record) recent.set(id, record);
      return record;
    },
  });
  return wrapped;
}

export interface RecentConnectorReads {
  /** `get`, answered from a record read within the last few seconds when there is one. */
  getRecent(principal: Principal, id: string): Promise<ConnectorRecord | null>;
}

/** The tenant condition of connector-rows.ts, in memory. */
function visibleTo(principal: Principal, record: ConnectorRecord): boolean {
  if (principal.applicationId !== record.applicationId) return false;
  if (principal.kind === 'application') return true;
  return principal.kind === 'scoped' && principal.externalUserId === record.externalUserId;
}
