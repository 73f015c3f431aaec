/** The limits of searches: how they share the store, and the defaults of each engine. */
import type { SqlEngine } from '../../store/sql-engine.js';
import type { FairQueueLimits } from './fair-queue.js';

/**
 * How searches share the store (fair-queue.ts, search-deadline.ts). `concurrency` should not
 * exceed the connections the engine has for searches.
 */
export interface SearchLimits extends FairQueueLimits {
  /** How long one search may keep the store busy, in milliseconds. */
  readonly timeoutMs: number;
}

/**
 * PGlite runs one statement at a time, so searches take one turn at a time: more in flight would
 * only queue inside PGlite, first come first served. On PostgreSQL four run at once (the service
 * opens that many connections for searches), one per tenant, so other tenants' searches find a
 * connection, and a busy tenant's statements share the database server's cores with theirs rather
 * than crowd them out (bench/search-fairness.ts on 2 cores: with two per tenant, another tenant's
 * eq search took 5.1× its idle p50 beside a busy tenant; with one, 2.2×). Either way a tenant may
 * have 32 searches waiting beyond those running, and one search may run its statements for 5 s.
 */
export function defaultSearchLimits(kind: SqlEngine['kind']): SearchLimits {
  return kind === 'pglite'
    ? { concurrency: 1, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 }
    : { concurrency: 4, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 };
}
