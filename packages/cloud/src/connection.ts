/**
 * CloudConnection: one source → destination pairing in a workspace.
 *
 * Properties that need the platform are Promise-returning getters (`await connection.name`), so the
 * contract's property names stay property names. They read a cached copy of the connection record
 * that is filled by a GET only after the workspace check passed and replaced by every PATCH answer;
 * `enabled` skips the cache and reads fresh every time, as the contract requires.
 */
import { NotFoundError } from '@switchyard/runtime';
import { validateCronExpression } from './cron.js';
import { CascadeDeleteError, MissingResourceError, ValueError, WorkspaceMismatchError, type ResourceType } from './errors.js';
import { getJob, jobRowProblem, listJobs, toJobRow } from './jobs.js';
import type { Platform } from './internal/platform.js';
import { platformOf } from './internal/platform-registry.js';
import { forResource, missing } from './internal/resource-errors.js';
import {
  fail,
  requireBoolean,
  requireNonEmptyString,
  requireNonNegativeInteger,
  requirePositiveInteger,
  requirePathSegment,
  requirePositiveNumber,
  requireString,
} from './internal/validate.js';
import { extractStateArtifacts } from './state.js';
import { buildStreamConfigurations, type StreamSelection } from './streams.js';
import { SyncResult } from './sync-result.js';
import type { CatalogArtifact, CloudDestination, CloudSource, ConnectionInfo, JobRow, JobType, StreamStateArtifact } from './types.js';
import { DEFAULT_WAIT_TIMEOUT_S, type WaitOptions } from './wait.js';
import type { CloudWorkspace } from './workspace.js';

export interface CallOptions {
  signal?: AbortSignal;
}

/** `'all'` lists every job type; the default `'sync'` matches the contract, which speaks of syncs. */
export type JobTypeFilter = JobType | 'all';

export interface SyncLogsOptions extends CallOptions {
  /** How many jobs (default 20). Above 100 the client pages. */
  limit?: number;
  /** Jobs to skip (default null, meaning 0). */
  offset?: number | null;
  /** true (default): newest first; false: oldest first. */
  fromTail?: boolean;
  jobType?: JobTypeFilter;
}

export interface RunSyncOptions extends WaitOptions {
  /** Wait for the job to finish (default true). false: return at once with the first status. */
  wait?: boolean;
}

export interface DeleteOptions extends CallOptions {
  /** Also delete the source. The platform then deletes EVERY connection that uses it. */
  cascadeDeleteSource?: boolean;
  /** Also delete the destination, with every connection that uses it. */
  cascadeDeleteDestination?: boolean;
}

const JOB_TYPE_FILTERS: readonly JobTypeFilter[] = ['sync', 'reset', 'refresh', 'clear', 'all'];

export class CloudConnection {
  readonly workspace: CloudWorkspace;
  readonly connectionId: string;
  private readonly givenSourceId: string | undefined;
  private readonly givenDestinationId: string | undefined;
  private info: ConnectionInfo | undefined;
  private infoInflight: Promise<ConnectionInfo> | undefined;

  /**
   * Prefer `workspace.getConnection(connectionId)`. `sourceId` / `destinationId`, when known,
   * save a request when only the ids are needed.
   */
  constructor(workspace: CloudWorkspace, connectionId: string, sourceId?: string | null, destinationId?: string | null) {
    const operation = 'new CloudConnection';
    this.workspace = workspace;
    // Each id ends up as a URL path segment; `.`, `..` and blanks would change the path.
    this.connectionId = requirePathSegment(operation, 'connectionId', connectionId);
    this.givenSourceId = sourceId == null ? undefined : requirePathSegment(operation, 'sourceId', sourceId);
    this.givenDestinationId = destinationId == null ? undefined : requirePathSegment(operation, 'destinationId', destinationId);
    platformOf(workspace); // fails fast on something that is not a CloudWorkspace
  }

  /** `{webRoot}/workspaces/{workspaceId}/connections/{connectionId}`, or null without a web root. */
  get connectionUrl(): string | null {
    const workspaceUrl = this.workspace.workspaceUrl;
    return workspaceUrl === null ? null : `${workspaceUrl}/connections/${encodeURIComponent(this.connectionId)}`;
  }

  /** `{connectionUrl}/timeline`, or null. */
  get jobHistoryUrl(): string | null {
    const url = this.connectionUrl;
    return url === null ? null : `${url}/timeline`;
  }

  // ── Async properties (Promise-returning getters; each may send GET /connections/{id} once) ──

  /** Display name (not the id). */
  get name(): Promise<string | null> {
    return this.cachedInfo().then((info) => (typeof info.name === 'string' ? info.name : null));
  }

  get sourceId(): Promise<string> {
    if (this.givenSourceId !== undefined) return Promise.resolve(this.givenSourceId);
    return this.cachedInfo().then((info) => info.sourceId);
  }

  get destinationId(): Promise<string> {
    if (this.givenDestinationId !== undefined) return Promise.resolve(this.givenDestinationId);
    return this.cachedInfo().then((info) => info.destinationId);
  }

  /** The source record (`GET /sources/{id}`), read on every access, workspace-checked. */
  get source(): Promise<CloudSource> {
    return this.sourceId.then((id) => this.fetchActor<CloudSource>('source', id));
  }

  /** The destination record (`GET /destinations/{id}`), read on every access, workspace-checked. */
  get destination(): Promise<CloudDestination> {
    return this.destinationId.then((id) => this.fetchActor<CloudDestination>('destination', id));
  }

  /** Names of the configured streams; [] when none. */
  get streamNames(): Promise<string[]> {
    return this.cachedInfo().then((info) => (info.configurations?.streams ?? []).map((s) => s.name));
  }

  /** Destination table prefix; "" when none. */
  get tablePrefix(): Promise<string> {
    return this.cachedInfo().then((info) => info.prefix ?? '');
  }

  /** Fetched fresh on every read: true exactly when the status is 'active'. */
  get enabled(): Promise<boolean> {
    return this.fetchInfo().then((info) => info.status === 'active');
  }

  /** The connection record: cached unless `refresh` is true. */
  async getInfo(options: CallOptions & { refresh?: boolean } = {}): Promise<ConnectionInfo> {
    return options.refresh ? this.fetchInfo(options.signal) : this.cachedInfo(options.signal);
  }

  // ── Operations ──

  /**
   * true when the connection exists and belongs to this workspace (cached record used when
   * present). Throws MissingResourceError (404 or soft-deleted) or WorkspaceMismatchError.
   */
  async checkIsValid(options: CallOptions = {}): Promise<true> {
    const info = await this.cachedInfo(options.signal);
    if (info.status === 'deprecated') throw this.deletedError();
    return true;
  }

  /** The configured catalog (config API), or null when the platform has none. */
  async getCatalogArtifact(options: CallOptions = {}): Promise<CatalogArtifact | null> {
    const operation = 'cloud connection.getCatalogArtifact';
    this.platform.configRoot(operation);
    await this.cachedInfo(options.signal); // the config API answer carries no workspace id: check first
    try {
      const body = await this.platform.call<{ syncCatalog?: CatalogArtifact | null }>({
        operation,
        api: 'config',
        method: 'POST',
        path: '/web_backend/connections/get',
        // Never true: that runs a fresh schema discovery against the source.
        body: { connectionId: this.connectionId, withRefreshedCatalog: false },
        idempotent: true,
        signal: options.signal,
      });
      return body?.syncCatalog ?? null;
    } catch (error) {
      if (error instanceof NotFoundError) return null; // the contract: none when not found
      throw error;
    }
  }

  /** Past jobs, newest first by default, paging past 100 rows. */
  async getPreviousSyncLogs(options: SyncLogsOptions = {}): Promise<SyncResult[]> {
    const operation = 'cloud connection.getPreviousSyncLogs';
    const limit = requirePositiveInteger(operation, 'limit', options.limit ?? 20);
    const offset = requireNonNegativeInteger(operation, 'offset', options.offset ?? 0);
    const fromTail = requireBoolean(operation, 'fromTail', options.fromTail ?? true);
    const jobType = readJobType(operation, options.jobType);
    const rows = await forResource('connection', this.connectionId, () =>
      listJobs(this.platform, { connectionId: this.connectionId, limit, offset, newestFirst: fromTail, jobType, signal: options.signal }),
    );
    return rows.map((row) => this.toResult(row));
  }

  /** Per-stream persisted state (config API), or null when no state is set. */
  async getStateArtifacts(options: CallOptions = {}): Promise<StreamStateArtifact[] | null> {
    const operation = 'cloud connection.getStateArtifacts';
    this.platform.configRoot(operation);
    await this.cachedInfo(options.signal);
    const body = await forResource('connection', this.connectionId, () =>
      this.platform.call({
        operation,
        api: 'config',
        method: 'POST',
        path: '/state/get',
        body: { connectionId: this.connectionId },
        idempotent: true,
        signal: options.signal,
      }),
    );
    return extractStateArtifacts(body);
  }

  /**
   * One job. With an id: that job (MissingResourceError when it does not exist or belongs to another
   * connection). Without: the most recent sync job, or null when there are none.
   */
  async getSyncResult(jobId?: number | null, options: CallOptions & { jobType?: JobTypeFilter } = {}): Promise<SyncResult | null> {
    const operation = 'cloud connection.getSyncResult';
    if (jobId === undefined || jobId === null) {
      const jobType = readJobType(operation, options.jobType);
      const rows = await forResource('connection', this.connectionId, () =>
        listJobs(this.platform, {
          connectionId: this.connectionId,
          limit: 1,
          offset: 0,
          newestFirst: true,
          jobType,
          signal: options.signal,
        }),
      );
      return rows[0] ? this.toResult(rows[0]) : null;
    }
    const id = requireNonNegativeInteger(operation, 'jobId', jobId);
    const row = await forResource('job', id, () => getJob(this.platform, id, options.signal));
    return this.toResult(row);
  }

  /**
   * Deletes the connection, then (if asked) its source and its destination. Ids are resolved
   * before anything is deleted. There is no transaction: a failing cascade step throws
   * CascadeDeleteError saying what is already gone.
   */
  async permanentlyDelete(options: DeleteOptions = {}): Promise<void> {
    const operation = 'cloud connection.permanentlyDelete';
    const cascadeSource = requireBoolean(operation, 'cascadeDeleteSource', options.cascadeDeleteSource ?? false);
    const cascadeDestination = requireBoolean(operation, 'cascadeDeleteDestination', options.cascadeDeleteDestination ?? false);
    // Ids read from the platform are checked here too, so a bad one stops the cascade before the
    // connection is deleted rather than after.
    const sourceId = cascadeSource ? requirePathSegment(operation, 'sourceId', await this.sourceId) : undefined;
    const destinationId = cascadeDestination ? requirePathSegment(operation, 'destinationId', await this.destinationId) : undefined;
    await this.deleteResource('connection', this.connectionId, options.signal);
    this.info = undefined;
    const deleted: ResourceType[] = ['connection'];
    const steps: Array<['source' | 'destination', string | undefined]> = [
      ['source', sourceId],
      ['destination', destinationId],
    ];
    for (const [type, id] of steps) {
      if (id === undefined) continue;
      try {
        await this.deleteResource(type, id, options.signal);
        deleted.push(type);
      } catch (error) {
        throw new CascadeDeleteError(
          `Connection ${this.connectionId} was deleted${deleted.length > 1 ? ` (with its ${deleted.slice(1).join(' and ')})` : ''}, ` +
            `but deleting its ${type} ${id} failed: ${error instanceof Error ? error.message : String(error)}`,
          { failedStep: type, deleted, cause: error },
        );
      }
    }
  }

  /** Renames the connection (names need not be unique). Resolves to this connection, refreshed. */
  async rename(name: string, options: CallOptions = {}): Promise<this> {
    const operation = 'cloud connection.rename';
    await this.patch(operation, { name: requireNonEmptyString(operation, 'name', name) }, options.signal);
    return this;
  }

  /**
   * Starts a sync (`POST /jobs`, never sent twice) and, by default, waits for it: resolves with the
   * SyncResult on success, throws SyncFailedError on failed/cancelled and SyncTimeoutError after
   * `waitTimeout` seconds (the job keeps running).
   */
  async runSync(options: RunSyncOptions = {}): Promise<SyncResult> {
    const operation = 'cloud connection.runSync';
    const wait = requireBoolean(operation, 'wait', options.wait ?? true);
    requirePositiveNumber(operation, 'waitTimeout', options.waitTimeout ?? DEFAULT_WAIT_TIMEOUT_S);
    if (options.pollIntervalMs !== undefined) requirePositiveNumber(operation, 'pollIntervalMs', options.pollIntervalMs);
    const raw = await forResource('connection', this.connectionId, () =>
      this.platform.call({
        operation,
        api: 'public',
        method: 'POST',
        path: '/jobs',
        body: { connectionId: this.connectionId, jobType: 'sync' },
        // A 5xx, timeout or dropped connection may come after the platform started the job, and a
        // second POST would start a second sync. 429 and 401 are still retried: nothing was processed.
        idempotent: false,
        check: jobRowProblem,
        signal: options.signal,
      }),
    );
    const result = this.toResult(toJobRow(raw));
    if (!wait) return result;
    const { wait: _wait, ...waitOptions } = options;
    return result.waitForCompletion(waitOptions);
  }

  /**
   * Enables ('active') or disables ('inactive') scheduled syncs. Reads the status fresh; sends a
   * PATCH only when it must change. Already in the requested state: returns silently, or throws
   * ValueError when `ignoreNoop` is false.
   */
  async setEnabled(enabled: boolean, options: CallOptions & { ignoreNoop?: boolean } = {}): Promise<void> {
    const operation = 'cloud connection.setEnabled';
    requireBoolean(operation, 'enabled', enabled);
    const ignoreNoop = requireBoolean(operation, 'ignoreNoop', options.ignoreNoop ?? true);
    const current = await this.fetchInfo(options.signal);
    if (current.status === 'deprecated') throw this.deletedError();
    const target = enabled ? 'active' : 'inactive';
    if (current.status === target) {
      if (ignoreNoop) return;
      throw new ValueError(
        `Connection ${this.connectionId} is already ${target}; setEnabled(${enabled}) would change nothing. ` +
          'Pass { ignoreNoop: true } (the default) to make this a silent no-op.',
        { requestedStatus: target, currentStatus: String(current.status) },
      );
    }
    // A 'locked' connection lands here too: the platform answers the PATCH with 409 and says why.
    await this.patch(operation, { status: target }, options.signal);
  }

  /** Syncs run only when triggered (runSync or the UI). */
  async setManualSchedule(options: CallOptions = {}): Promise<void> {
    await this.patch('cloud connection.setManualSchedule', { schedule: { scheduleType: 'manual' } }, options.signal);
  }

  /** A Quartz cron schedule in UTC, e.g. `0 0 0 * * ?` (daily at midnight). Checked before sending. */
  async setSchedule(cronExpression: string, options: CallOptions = {}): Promise<void> {
    const operation = 'cloud connection.setSchedule';
    const expression = validateCronExpression(operation, cronExpression);
    await this.patch(operation, { schedule: { scheduleType: 'cron', cronExpression: expression } }, options.signal);
  }

  /**
   * Replaces the stream selection: listed streams are selected, every other stream is deselected,
   * and a name without a syncMode falls back to full refresh + overwrite. Resolves to this
   * connection, refreshed.
   */
  async setSelectedStreams(streamNames: readonly StreamSelection[], options: CallOptions = {}): Promise<this> {
    const operation = 'cloud connection.setSelectedStreams';
    const streams = buildStreamConfigurations(operation, streamNames);
    await this.patch(operation, { configurations: { streams } }, options.signal);
    return this;
  }

  /** Sets the destination table prefix; "" clears it. Resolves to this connection, refreshed. */
  async setTablePrefix(prefix: string, options: CallOptions = {}): Promise<this> {
    const operation = 'cloud connection.setTablePrefix';
    await this.patch(operation, { prefix: requireString(operation, 'prefix', prefix) }, options.signal);
    return this;
  }

  // ── Internals ──

  private get platform(): Platform {
    return platformOf(this.workspace);
  }

  /** The cached record, fetched once (single flight) when empty. */
  private cachedInfo(signal?: AbortSignal): Promise<ConnectionInfo> {
    if (this.info) return Promise.resolve(this.info);
    this.infoInflight ??= this.fetchInfo(signal).finally(() => {
      this.infoInflight = undefined;
    });
    return this.infoInflight;
  }

  /** GET /connections/{id}, then the workspace check, then (only then) the cache. */
  private async fetchInfo(signal?: AbortSignal): Promise<ConnectionInfo> {
    const info = await forResource('connection', this.connectionId, () =>
      this.platform.call<ConnectionInfo>({
        operation: 'cloud connection.get',
        api: 'public',
        method: 'GET',
        path: '/connections',
        id: { name: 'connectionId', value: this.connectionId },
        idempotent: true,
        check: recordProblem('connection'),
        signal,
      }),
    );
    return this.accept(info);
  }

  /** PATCH sends only the key that changes. PATCH bodies set absolute values, so a replay is harmless. */
  private async patch(operation: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<ConnectionInfo> {
    const info = await forResource('connection', this.connectionId, () =>
      this.platform.call<ConnectionInfo>({
        operation,
        api: 'public',
        method: 'PATCH',
        path: '/connections',
        id: { name: 'connectionId', value: this.connectionId },
        body,
        idempotent: true,
        check: recordProblem('connection'),
        signal,
      }),
    );
    return this.accept(info);
  }

  /** Caches a connection record only once it passed the workspace check. */
  private accept(info: ConnectionInfo): ConnectionInfo {
    this.checkWorkspace('connection', this.connectionId, info.workspaceId);
    this.info = info;
    return info;
  }

  private checkWorkspace(resourceType: ResourceType, resourceId: string, actual: unknown): void {
    if (typeof actual === 'string' && actual !== this.workspace.workspaceId) {
      throw new WorkspaceMismatchError({
        resourceType,
        resourceId,
        expectedWorkspaceId: this.workspace.workspaceId,
        actualWorkspaceId: actual,
      });
    }
  }

  private async fetchActor<T extends { workspaceId: string }>(type: 'source' | 'destination', id: string): Promise<T> {
    const record = await forResource(type, id, () =>
      this.platform.call<T>({
        operation: `cloud connection.${type}`,
        api: 'public',
        method: 'GET',
        path: `/${type}s`,
        id: { name: `${type}Id`, value: id },
        idempotent: true,
        check: recordProblem(type),
      }),
    );
    this.checkWorkspace(type, id, record?.workspaceId);
    return record;
  }

  private async deleteResource(type: 'connection' | 'source' | 'destination', id: string, signal?: AbortSignal): Promise<void> {
    await forResource(type, id, () =>
      this.platform.call({
        operation: `cloud connection.permanentlyDelete (${type})`,
        api: 'public',
        method: 'DELETE',
        path: `/${type}s`,
        id: { name: `${type}Id`, value: id },
        idempotent: true,
        signal,
      }),
    );
  }

  private toResult(row: JobRow): SyncResult {
    if (row.connectionId && row.connectionId !== this.connectionId) {
      throw missing('job', row.jobId, `belongs to connection ${row.connectionId}, not to connection ${this.connectionId}`);
    }
    return new SyncResult(this, row);
  }

  private deletedError(): MissingResourceError {
    return missing('connection', this.connectionId, 'was deleted (status "deprecated"); it no longer exists as a live connection.');
  }
}

/** For `check` of answers that must be one record (GET and PATCH of a connection, GET of a source or destination). */
function recordProblem(resourceType: ResourceType): (body: unknown) => string | undefined {
  return (body) => (body && typeof body === 'object' && !Array.isArray(body) ? undefined : `no ${resourceType} record`);
}

function readJobType(operation: string, value: JobTypeFilter | undefined): JobType | undefined {
  const jobType = value ?? 'sync';
  if (!JOB_TYPE_FILTERS.includes(jobType)) fail(operation, 'jobType', 'enum', `must be one of ${JOB_TYPE_FILTERS.join(', ')}`);
  return jobType === 'all' ? undefined : jobType;
}
