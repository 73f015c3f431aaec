/**
 * Waiting for a job: poll `GET /jobs/{jobId}` until the status is final, report progress, and stop
 * at the deadline without touching the job. Each poll is a read, so the runtime's retry policy
 * (429, 5xx, dropped connections, Retry-After) applies to it unchanged.
 */
import { SyncFailedError, SyncTimeoutError } from './errors.js';
import { sleep } from './internal/sleep.js';
import { requirePositiveNumber } from './internal/validate.js';
import type { SyncResult } from './sync-result.js';
import type { JobStatus } from './types.js';

/** Default wait: the contract's 300, in seconds. */
export const DEFAULT_WAIT_TIMEOUT_S = 300;

export interface SyncProgress {
  jobId: number;
  status: JobStatus;
  /** null on the first report. */
  previousStatus: JobStatus | null;
  rowsSynced: number;
  bytesSynced: number;
  /** Milliseconds since the wait started. */
  elapsedMs: number;
  /** The job has reached succeeded, failed or cancelled. */
  final: boolean;
}

export interface WaitOptions {
  /** Seconds to wait before SyncTimeoutError (default 300). Fractions are allowed. */
  waitTimeout?: number;
  /** Milliseconds between polls (default: the workspace's pollIntervalMs, 2000). */
  pollIntervalMs?: number;
  /** Called with the first observation and whenever the status, rows or bytes change. */
  onProgress?: (progress: SyncProgress) => void;
  /** Stops the wait (AbortError); the job keeps running on the platform. */
  signal?: AbortSignal;
}

export async function waitForJob<R extends SyncResult>(result: R, options: WaitOptions): Promise<R> {
  const operation = 'cloud waitForSync';
  const timeoutSeconds = requirePositiveNumber(operation, 'waitTimeout', options.waitTimeout ?? DEFAULT_WAIT_TIMEOUT_S);
  const interval = requirePositiveNumber(operation, 'pollIntervalMs', options.pollIntervalMs ?? result.connection.workspace.pollIntervalMs);
  const started = Date.now();
  const deadline = started + timeoutSeconds * 1000;
  let reported: { status: JobStatus; rows: number; bytes: number } | undefined;

  const report = () => {
    if (!options.onProgress) return;
    const now = { status: result.status, rows: result.rowsSynced, bytes: result.bytesSynced };
    if (reported && reported.status === now.status && reported.rows === now.rows && reported.bytes === now.bytes) return;
    options.onProgress({
      jobId: result.jobId,
      status: now.status,
      previousStatus: reported?.status ?? null,
      rowsSynced: now.rows,
      bytesSynced: now.bytes,
      elapsedMs: Date.now() - started,
      final: result.isFinal,
    });
    reported = now;
  };

  report();
  while (!result.isFinal) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timeoutError(result, timeoutSeconds);
    await sleep(Math.min(interval, remaining), options.signal);
    // A 404 here surfaces as MissingResourceError (job) from refresh().
    await result.refresh(options.signal ? { signal: options.signal } : {});
    report();
  }
  if (result.isFailed) {
    throw new SyncFailedError(
      `Sync job ${result.jobId} of connection ${result.connectionId} ended ${result.status}. ` +
        `Read its logs with error.syncResult.getFullLogText({ attempts: 'all' })` +
        (result.connection.jobHistoryUrl ? ` or open ${result.connection.jobHistoryUrl}.` : '.'),
      result,
    );
  }
  return result;
}

function timeoutError(result: SyncResult, timeoutSeconds: number): SyncTimeoutError {
  return new SyncTimeoutError(
    `Sync job ${result.jobId} of connection ${result.connectionId} was still ${result.status} after ${timeoutSeconds} s. ` +
      `The job was NOT cancelled and keeps running on the platform. To keep waiting, call ` +
      `error.syncResult.waitForCompletion({ waitTimeout: <seconds> }) or ` +
      `(await connection.getSyncResult(${result.jobId}))?.waitForCompletion(); to stop it, call error.syncResult.cancel().`,
    result,
    timeoutSeconds,
  );
}
