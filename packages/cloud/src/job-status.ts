/**
 * Job status rules as data. Only three statuses end a job; anything else, including a status this
 * client has never heard of (the platform added `queued` in 2026), means "keep polling".
 */
import type { JobStatus, KnownJobStatus } from './types.js';

export const JOB_STATUSES: readonly KnownJobStatus[] = Object.freeze([
  'pending',
  'queued',
  'running',
  'incomplete',
  'failed',
  'succeeded',
  'cancelled',
]);

export const FINAL_JOB_STATUSES: readonly JobStatus[] = Object.freeze(['succeeded', 'failed', 'cancelled']);
export const FAILED_JOB_STATUSES: readonly JobStatus[] = Object.freeze(['failed', 'cancelled']);

export function isFinalJobStatus(status: JobStatus): boolean {
  return FINAL_JOB_STATUSES.includes(status);
}

export function isFailedJobStatus(status: JobStatus): boolean {
  return FAILED_JOB_STATUSES.includes(status);
}
