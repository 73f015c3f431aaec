/**
 * How sync jobs are queued and run. One job is one entity of one connector; the key
 * `connector:entity` is never run twice at once (a run holds the entity's lease, run-leases.ts).
 * Two runners implement it, with one fairness policy between tenants (fair-share.ts): in-process
 * (the embedded default) and pg-boss (PostgreSQL, any number of worker processes).
 */
import type { EntitySyncOutcome } from './entity-sync.js';

export interface SyncJob {
  readonly applicationId: string;
  /** The connector's external user, for fair scheduling (jobs queued by earlier releases have none). */
  readonly externalUserId?: string;
  readonly connectorId: string;
  readonly entity: string;
  /** Queued by a run that paused (time slice, shutdown) to finish itself; dropped when that run has completed meanwhile. */
  readonly continuation?: boolean;
  /** Retries so far of a failed run (in-process runner; pg-boss counts its own). */
  readonly attempt?: number;
}

export interface JobControl {
  /** Aborted when the run must stop now (its connector was deleted, or a stop ran out of time). */
  readonly signal: AbortSignal;
  /**
   * True when the run should checkpoint and return at the next page boundary: a stop, the end of a
   * time slice, or its turn given to a tenant that is behind (fair-share.ts).
   */
  shouldPause(): boolean | Promise<boolean>;
  /** True when the process is shutting down (as opposed to a time slice ending). */
  stopping(): boolean;
  /** The queue's id for this job (pg-boss); null in-process. */
  readonly jobId: string | null;
}

/** `busy`: another worker holds the entity's run (sync/run-leases.ts); the runner tries again later. */
export type JobOutcome = EntitySyncOutcome | 'busy';

export type JobHandler = (job: SyncJob, control: JobControl) => Promise<JobOutcome>;

export interface SyncRunner {
  start(handler: JobHandler): Promise<void>;
  /**
   * Queues a run. False when one is already queued for the key (a run in progress gets at most one
   * follow-up queued behind it, never a parallel run).
   */
  enqueue(job: SyncJob): Promise<boolean>;
  /**
   * Resumes the run of a worker that died: its lost job (pg-boss) is cancelled so it is not retried
   * again at its expiry, and a continuation is queued.
   */
  takeOver(job: SyncJob, lostJobId: string | null): Promise<void>;
  /** Drops queued jobs of the connector and aborts its runs in this process, resolving once they stopped. */
  cancelConnector(connectorId: string): Promise<void>;
  /** Graceful: running jobs checkpoint at their next page and return; resolves once they did. */
  stop(): Promise<void>;
}

export const jobKey = (job: SyncJob): string => `${job.connectorId}:${job.entity}`;
