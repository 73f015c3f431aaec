/**
 * One job of a connection, as returned by runSync, getSyncResult and getPreviousSyncLogs.
 *
 * The contract's fields (jobId, status, bytesSynced, rowsSynced, startTime) are synchronous
 * snapshots of the last job row seen. A job that is not final yet changes on the platform, so
 * `refresh()` re-reads it (and does nothing once it is final); logs are fetched lazily.
 */
import { ValidationError } from '@switchyard/runtime';
import type { CloudConnection } from './connection.js';
import { isFailedJobStatus, isFinalJobStatus } from './job-status.js';
import { getJob, jobRowProblem, toJobRow } from './jobs.js';
import { renderJobLogs, type LogAttempts } from './logs.js';
import { platformOf } from './internal/platform-registry.js';
import { forResource, missing } from './internal/resource-errors.js';
import { waitForJob, type WaitOptions } from './wait.js';
import type { JobRow, JobStatus } from './types.js';

export interface LogTextOptions {
  /** 'latest' (default): the last attempt, which decided the outcome. 'all': every attempt, oldest first. */
  attempts?: LogAttempts;
  signal?: AbortSignal;
}

export class SyncResult {
  /** The connection this job belongs to. */
  readonly connection: CloudConnection;
  private row: JobRow;
  /** Logs cached only once the job is final; a running job's logs keep growing. */
  private readonly logCache = new Map<LogAttempts, string>();

  /** @internal Created by CloudConnection; the row must belong to `connection`. */
  constructor(connection: CloudConnection, row: JobRow) {
    this.connection = connection;
    this.row = row;
  }

  get jobId(): number {
    return this.row.jobId;
  }
  /** pending, queued, running, incomplete, failed, succeeded, cancelled, or an unknown string kept as-is. */
  get status(): JobStatus {
    return this.row.status;
  }
  /** Bytes committed, summed over attempts; 0 until the platform reports some. */
  get bytesSynced(): number {
    return numberOr0(this.row.bytesSynced);
  }
  /** Records committed, summed over attempts; 0 until the platform reports some. */
  get rowsSynced(): number {
    return numberOr0(this.row.rowsSynced);
  }
  /** When the job was created (UTC). null when the platform's text cannot be parsed; see startTimeRaw. */
  get startTime(): Date | null {
    const parsed = new Date(this.row.startTime);
    return this.row.startTime !== '' && Number.isFinite(parsed.getTime()) ? parsed : null;
  }
  get startTimeRaw(): string {
    return this.row.startTime;
  }
  get jobType(): string {
    return this.row.jobType;
  }
  get connectionId(): string {
    return this.row.connectionId || this.connection.connectionId;
  }
  /** Present once the job is final. */
  get lastUpdatedAt(): string | null {
    return this.row.lastUpdatedAt ?? null;
  }
  /** ISO-8601 duration (`PT8H6M12S`); null while pending. */
  get duration(): string | null {
    return this.row.duration ?? null;
  }
  /** Link to this job's first attempt in the web UI, or null without a web root. */
  get jobUrl(): string | null {
    const history = this.connection.jobHistoryUrl;
    return history === null ? null : `${history}#${this.jobId}::0`;
  }
  /** succeeded, failed or cancelled. */
  get isFinal(): boolean {
    return isFinalJobStatus(this.status);
  }
  /** failed or cancelled. */
  get isFailed(): boolean {
    return isFailedJobStatus(this.status);
  }
  /** The raw job row last read from the platform. */
  get raw(): Readonly<JobRow> {
    return this.row;
  }

  /** Re-reads the job unless it is already final. Resolves to this same object. */
  async refresh(options: { signal?: AbortSignal } = {}): Promise<this> {
    if (this.isFinal) return this;
    const row = await forResource('job', this.jobId, () => getJob(platformOf(this.connection.workspace), this.jobId, options.signal));
    this.update(row);
    return this;
  }

  /**
   * Polls until the job is final. Resolves on success; throws SyncFailedError for failed or
   * cancelled jobs and SyncTimeoutError when `waitTimeout` seconds pass (the job keeps running,
   * so calling this again continues the wait).
   */
  waitForCompletion(options: WaitOptions = {}): Promise<this> {
    return waitForJob(this, options);
  }

  /**
   * The job's log text, fetched on first use through the config API (`POST /jobs/get`). Structured
   * events render as `<ISO time> <LEVEL> <message>` lines. Default: the latest attempt only.
   */
  async getFullLogText(options: LogTextOptions = {}): Promise<string> {
    const attempts = options.attempts ?? 'latest';
    if (attempts !== 'latest' && attempts !== 'all') {
      throw new ValidationError('cloud syncResult.getFullLogText', [
        { path: 'attempts', rule: 'enum', message: `must be 'latest' or 'all', got ${JSON.stringify(attempts)}` },
      ]);
    }
    const cached = this.logCache.get(attempts);
    if (cached !== undefined) return cached;
    const platform = platformOf(this.connection.workspace);
    platform.configRoot('cloud syncResult.getFullLogText');
    const info = await forResource('job', this.jobId, () =>
      platform.call<{ job?: { status?: string } }>({
        operation: 'cloud syncResult.getFullLogText',
        api: 'config',
        method: 'POST',
        path: '/jobs/get',
        body: { id: this.jobId },
        idempotent: true, // a read, even though the config API spells every call as POST
        signal: options.signal,
      }),
    );
    const text = renderJobLogs(info, attempts);
    const jobStatus = info?.job?.status ?? this.status;
    if (isFinalJobStatus(jobStatus)) this.logCache.set(attempts, text);
    return text;
  }

  /**
   * Asks the platform to cancel the job (`DELETE /jobs/{jobId}`). Never retried after a 5xx: the
   * platform may already have acted. A job that is no longer running answers 409 (ConflictError).
   */
  async cancel(options: { signal?: AbortSignal } = {}): Promise<this> {
    const row = await forResource('job', this.jobId, () =>
      platformOf(this.connection.workspace).call({
        operation: 'cloud syncResult.cancel',
        api: 'public',
        method: 'DELETE',
        path: '/jobs',
        id: { name: 'jobId', value: this.jobId },
        idempotent: false,
        check: jobRowProblem,
        signal: options.signal,
      }),
    );
    this.update(toJobRow(row));
    return this;
  }

  toJSON(): Record<string, unknown> {
    return {
      jobId: this.jobId,
      status: this.status,
      bytesSynced: this.bytesSynced,
      rowsSynced: this.rowsSynced,
      startTime: this.startTime?.toISOString() ?? null,
      jobType: this.jobType,
      connectionId: this.connectionId,
      lastUpdatedAt: this.lastUpdatedAt,
      duration: this.duration,
      jobUrl: this.jobUrl,
    };
  }

  /** @internal */
  update(row: JobRow): void {
    if (row.connectionId && row.connectionId !== this.connection.connectionId) {
      throw missing('job', row.jobId, `belongs to connection ${row.connectionId}, not to connection ${this.connection.connectionId}`);
    }
    this.row = row;
  }
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
