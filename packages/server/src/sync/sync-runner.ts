/**
 * How sync jobs are queued and run. One job is one entity of one connector; the key
 * `connector:entity` is never run twice at once. Two runners implement it: in-process (the embedded
 * default) and pg-boss (PostgreSQL, any number of worker processes).
 */
import type { EntitySyncOutcome } from './entity-sync.js';

export interface SyncJob {
  readonly applicationId: string;
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
  /** True when the run should checkpoint and return at the next page boundary. */
  shouldPause(): boolean;
  /** True when the process is shutting down (as opposed to a time slice ending). */
  stopping(): boolean;
}

export type JobHandler = (job: SyncJob, control: JobControl) => Promise<EntitySyncOutcome>;

export interface SyncRunner {
  start(handler: JobHandler): Promise<void>;
  /**
   * Queues a run. False when one is already queued for the key (a run in progress gets at most one
   * follow-up queued behind it, never a parallel run).
   */
  enqueue(job: SyncJob): Promise<boolean>;
  /** Drops queued jobs of the connector and aborts its runs in this process, resolving once they stopped. */
  cancelConnector(connectorId: string): Promise<void>;
  /** Graceful: running jobs checkpoint at their next page and return; resolves once they did. */
  stop(): Promise<void>;
}

export const jobKey = (job: SyncJob): string => `${job.connectorId}:${job.entity}`;
