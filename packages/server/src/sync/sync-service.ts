/**
 * The sync engine behind the HTTP layer: schedules, triggers, runs and status of the synced copy.
 * Wiring only; the run itself is entity-sync.ts, the queues are the runners.
 */
import { ConfigurationError, type Executor, type Logger, type RequestOptions, type TransportOptions } from '@switchyard/runtime';
import { ExecutorPool, type ExecutorPoolOptions } from '../execution/executor-pool.js';
import { RecordStore } from './record-store.js';
import type { SqlEngine } from '../store/sql-engine.js';
import type { ConnectorRecord, ConnectorRepository, SyncService, SyncStatusView } from '../service-types.js';
import { syncEntity, type EntitySyncOutcome } from './entity-sync.js';
import { FairShare, type FairShareOptions } from './fair-share.js';
import { ParentRecords } from './parent-records.js';
import { InProcessRunner } from './in-process-runner.js';
import { PgBossRunner, type PgBossRunnerOptions } from './pg-boss-runner.js';
import { RunLeases } from './run-leases.js';
import { entityStatus, hasFinishedFirstSync, statusView } from './status-view.js';
import { syncRulesOf, type EntitySyncRule, type SyncableMetadata, type SyncCatalog } from './sync-rules.js';
import { jobKey, type JobControl, type JobOutcome, type SyncJob, type SyncRunner } from './sync-runner.js';
import { SyncStateStore } from './sync-state-store.js';
import { WorkerRegistry, type WorkerTimings } from './worker-registry.js';

export interface SyncScheduleOptions {
  /** Seconds between scheduled syncs of a connector (default 3600: hourly). */
  readonly intervalSeconds?: number;
  /** A connector's own interval, when it has one; undefined falls back to `intervalSeconds`. */
  readonly intervalFor?: (record: ConnectorRecord) => number | undefined;
  /** How often due schedules are looked for (default 15 s). */
  readonly checkEveryMs?: number;
}

/** A full refresh a day: vendors' deletions leave the copy within a day, at one full listing's cost. */
export const DEFAULT_FULL_REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;

export interface SyncServiceOptions {
  readonly engine: SqlEngine;
  readonly connectors: ConnectorRepository;
  /** Connector metadata by family; the entities to sync come from each one's `sync` rules. */
  readonly catalog: SyncCatalog;
  /** `in-process` (default; the embedded store) or `pg-boss` (PostgreSQL; needs `databaseUrl`). */
  readonly runner?: 'in-process' | 'pg-boss';
  /** PostgreSQL URL for the pg-boss queue. */
  readonly databaseUrl?: string;
  /** Runs at once in this process (default 2); with pg-boss, 0 makes this process enqueue only. */
  readonly concurrency?: number;
  /** In-process runner: retries of a failed run, with exponential backoff (default 3 from 30 s). pg-boss: see `pgBoss`. */
  readonly retry?: { readonly limit?: number; readonly delayMs?: number };
  /** pg-boss tuning (time slices, expiry, retries, polling); see pg-boss-runner.ts. */
  readonly pgBoss?: Omit<PgBossRunnerOptions, 'connectionString' | 'concurrency' | 'logger'>;
  /**
   * How runs share the workers between applications and external users (fair-share.ts): the turn a
   * run keeps its slot while a tenant that is behind waits (default 5 s), optional caps.
   */
  readonly fairness?: FairShareOptions;
  /**
   * Heartbeats (worker-registry.ts): how often this process renews its lease and looks for dead
   * workers (default 2 s), and how long a silent worker counts as alive (default 10 s).
   */
  readonly workers?: WorkerTimings;
  /**
   * The service's executors, one per connector, shared with execute (the composition root passes
   * them): a sync and the calls of the connector's users then share one connection pool, one rate
   * spacing and one OAuth token manager. Without it, the sync service builds its own from
   * `catalog`, `vendorBaseUrls`, `transport` and `onTokenRefresh`.
   */
  readonly executors?: Pick<ExecutorPool, 'executorFor'>;
  /** Operator-set vendor base URLs by family (a proxy, a regional host, a local fake). */
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
  readonly schedule?: SyncScheduleOptions;
  /** Incremental runs re-read this many ms before the high-water mark (default 60 s). */
  readonly incrementalOverlapMs?: number;
  /**
   * Where the vendor filters by update time, a run is still full once the last full run is this
   * old (default 24 h; Infinity never): incremental runs cannot see deletions at the vendor.
   */
  readonly fullRefreshEveryMs?: number;
  /** The clock the full-refresh decision reads (tests move it forward). */
  readonly now?: () => number;
  /**
   * Called before an entity's run starts; the service builds the entity's search indexes here
   * (once per process), so an entity's first sync, not the service start, pays for them.
   */
  readonly beforeEntitySync?: (entity: string) => Promise<void>;
  /**
   * Timeouts and retries of vendor calls (the runtime's defaults otherwise). `timeout`,
   * `maxRetries` and `retry.maxRetryAfterMs` bound every call a sync makes, on shared executors
   * too; the rest configures the executors the sync service builds when none are given.
   */
  readonly transport?: Pick<TransportOptions, 'timeout' | 'maxRetries' | 'retry'>;
  /**
   * An OAuth kind renewed a connector's tokens during a run: persist them (a rotated refresh token
   * is spent once used). For the executors the sync service builds itself; shared ones persist
   * through their own hook.
   */
  readonly onTokenRefresh?: ExecutorPoolOptions['onTokenRefresh'];
  readonly clock?: () => Date;
  readonly logger?: Logger;
}

/** Every connector syncs hourly unless the operator says otherwise. */
const DEFAULT_INTERVAL_SECONDS = 3600;
/** The longest schedule interval: the schedule table's integer column. */
const MAX_INTERVAL_SECONDS = 2 ** 31 - 1;

/**
 * A schedule interval the store can hold: the schedule table stores it as a PostgreSQL integer
 * (sync-schema.ts), and 2^31 - 1 seconds (68 years) keeps the next run's time within the calendar
 * the store reads too. Anything else failed at the first connector's schedule, as a store error.
 */
function checkIntervalSeconds(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_INTERVAL_SECONDS)
    throw new ConfigurationError(`${name} must be an integer from 1 to ${MAX_INTERVAL_SECONDS} seconds, got ${String(value)}`);
  return value;
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  return new SyncEngineService(options);
}

/**
 * What a sync may wait for on a vendor call: the runtime's own defaults (60 s per attempt, a
 * throttled vendor's wait up to a minute). A sync runs in the background, where waiting is better
 * than failing the run; execute, on the same executors, is bounded tighter (create-execution.ts).
 */
const SYNC_CALL_DEFAULTS = { timeout: 60_000, maxRetryAfterMs: 60_000 } as const;

function syncCallOptions(transport: SyncServiceOptions['transport']): RequestOptions {
  return {
    timeout: transport?.timeout ?? SYNC_CALL_DEFAULTS.timeout,
    maxRetryAfterMs: transport?.retry?.maxRetryAfterMs ?? SYNC_CALL_DEFAULTS.maxRetryAfterMs,
    ...(transport?.maxRetries !== undefined ? { maxRetries: transport.maxRetries } : {}),
  };
}

/** The executors of a sync service that was given none: the same pool class as the service's, over the sync catalog. */
function ownExecutors(options: SyncServiceOptions): ExecutorPool {
  return new ExecutorPool({
    credentials: (record) => options.connectors.credentials(record),
    metadataOf: (type) => options.catalog.get(type),
    baseUrlOf: (type) => options.vendorBaseUrls?.[type],
    transport: { ...options.transport, ...(options.logger ? { logger: options.logger } : {}) },
    ...(options.onTokenRefresh ? { onTokenRefresh: options.onTokenRefresh } : {}),
  });
}

class SyncEngineService implements SyncService {
  readonly #o: SyncServiceOptions;
  readonly #state: SyncStateStore;
  /** The same store for this worker's runs: their pages count only while the worker holds the lease. */
  readonly #runState: SyncStateStore;
  readonly #records: RecordStore;
  readonly #parents: ParentRecords;
  readonly #runner: SyncRunner;
  readonly #workers: WorkerRegistry;
  readonly #leases: RunLeases;
  readonly #fairness: FairShare;
  readonly #clock: () => Date;
  readonly #executors: Pick<ExecutorPool, 'executorFor'>;
  /** Per-call bounds of every vendor call a run makes (see SYNC_CALL_DEFAULTS). */
  readonly #callOptions: RequestOptions;
  /** Runs of this process, stopped at once if another process gives this worker up for dead. */
  readonly #runs = new Map<string, AbortController>();
  /** Leases a failed release left behind; released again at the next beat. */
  readonly #unreleased = new Map<string, { tenantId: string; connectorId: string; entity: string }>();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;
  #beating: Promise<void> | undefined;
  #stopping = false;
  #beats = 0;

  constructor(options: SyncServiceOptions) {
    this.#o = options;
    this.#state = new SyncStateStore(options.engine);
    this.#records = new RecordStore(options.engine);
    this.#parents = new ParentRecords(options.engine);
    this.#leases = new RunLeases(options.engine);
    this.#workers = new WorkerRegistry(options.engine, { ...options.workers, singleProcessStore: options.engine.kind === 'pglite' });
    this.#runState = new SyncStateStore(options.engine, { leaseHolder: this.#workers.workerId });
    this.#clock = options.clock ?? (() => new Date());
    this.#executors = options.executors ?? ownExecutors(options);
    this.#callOptions = syncCallOptions(options.transport);
    checkIntervalSeconds('schedule.intervalSeconds', options.schedule?.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS);
    const fairness = new FairShare(options.fairness);
    this.#fairness = fairness;
    if ((options.runner ?? 'in-process') === 'pg-boss') {
      if (!options.databaseUrl) throw new ConfigurationError('the pg-boss runner needs databaseUrl (PostgreSQL)');
      this.#runner = new PgBossRunner(
        { ...options.pgBoss, connectionString: options.databaseUrl, concurrency: options.concurrency ?? 2, logger: options.logger },
        { engine: options.engine, leases: this.#leases, workerId: this.#workers.workerId, fairness, deferMs: this.#workers.heartbeatMs },
      );
    } else {
      this.#runner = new InProcessRunner({
        concurrency: options.concurrency ?? 2,
        fairness,
        busyRetryMs: this.#workers.heartbeatMs,
        ...(options.retry?.limit !== undefined ? { retryLimit: options.retry.limit } : {}),
        ...(options.retry?.delayMs !== undefined ? { retryDelayMs: options.retry.delayMs } : {}),
      });
    }
  }

  async connectorCreated(record: ConnectorRecord): Promise<void> {
    await this.#state.ensureSchedule(scopeOf(record), this.#intervalFor(record), this.#nextAfter(record));
    await this.#enqueueAll(record);
    await this.#forgetIfDeleted(record);
  }

  async requestSync(record: ConnectorRecord): Promise<{ readonly queued: boolean }> {
    await this.#state.ensureSchedule(scopeOf(record), this.#intervalFor(record), this.#nextAfter(record));
    await this.#state.reschedule(scopeOf(record), this.#clock());
    const queued = await this.#enqueueAll(record);
    // A trigger that found the connector just before a deletion removed it wrote a schedule after
    // the deletion's cleanup: it is this call's to remove (#forgetIfDeleted says why this is enough).
    return { queued: (await this.#forgetIfDeleted(record)) ? false : queued };
  }

  async firstSyncFinished(record: ConnectorRecord, entity: string): Promise<boolean> {
    // Whether a worker holds a run changes only its records_per_second, which this does not read.
    return hasFinishedFirstSync(entityStatus(entity, await this.#state.get({ ...scopeOf(record), entity }), false));
  }

  async status(record: ConnectorRecord): Promise<SyncStatusView> {
    return (await this.statuses([record]))[0]!;
  }

  // Three statements per tenant whatever the number of connectors: a listing of a user's
  // connectors (the HTTP list, the service's list_connectors) reads them all at once.
  async statuses(records: readonly ConnectorRecord[]): Promise<SyncStatusView[]> {
    const views = new Map<ConnectorRecord, SyncStatusView>();
    for (const [tenantId, ofTenant] of groupBy(records, (record) => scopeOf(record).tenantId)) {
      const ids = [...new Set(ofTenant.map((record) => record.id))];
      const [runs, live, next] = await Promise.all([
        this.#state.listByConnector(tenantId, ids),
        this.#workers.liveRunsByConnector(tenantId, ids),
        this.#state.nextSyncAtByConnector(tenantId, ids),
      ]);
      for (const record of ofTenant) {
        const byEntity = new Map(runs.get(record.id)!.map((run) => [run.entity, run]));
        // A run is running only while a live worker holds it: a dead worker's row still says 'running'.
        const held = live.get(record.id)!;
        const entities = this.#rules(record).map(([entity]) => entityStatus(entity, byEntity.get(entity) ?? null, held.has(entity)));
        views.set(record, statusView(entities, next.get(record.id) ?? null));
      }
    }
    return records.map((record) => views.get(record)!);
  }

  async connectorDeleted(record: ConnectorRecord): Promise<void> {
    await this.#runner.cancelConnector(record.id);
    await this.#forget(scopeOf(record));
  }

  async start(): Promise<void> {
    if (this.#timer) return; // already started
    this.#stopping = false;
    await this.#workers.register(this.#o.concurrency ?? 2);
    await this.#runner.start((job, control) => this.#run(job, control));
    // Runs of workers that died (this process before a restart, or another one) resume first.
    await this.#takeOverDeadWorkersRuns();
    await this.#resumeUnheldRuns();
    await this.#adoptUnscheduled();
    const every = this.#o.schedule?.checkEveryMs ?? 15_000;
    this.#timer = setInterval(() => void this.#tick(), every);
    this.#timer.unref();
    this.#heartbeat = setInterval(() => void this.#beat(), this.#workers.heartbeatMs);
    this.#heartbeat.unref();
    await this.#tick();
  }

  async stop(): Promise<void> {
    // From here on beats only renew the lease: runs found dead are left to the processes that stay.
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#ticking;
    await this.#runner.stop();
    // Beats go on until the runs have checkpointed: a long stop must not look like a death.
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    await this.#beating;
    await this.#workers.deregister().catch((error: unknown) => this.#warn('sync worker deregistration failed', error));
  }

  /** Renews this worker's lease and resumes the runs of workers that stopped beating. Errors are logged: the next beat tries again. */
  #beat(): Promise<void> {
    this.#beating ??= (async () => {
      try {
        if (!(await this.#workers.beat())) {
          // Another process gave this worker up for dead and has taken its runs over.
          this.#o.logger?.warn?.('sync worker missed its heartbeats and was taken for dead: its runs stop here and resume elsewhere');
          for (const run of this.#runs.values()) run.abort();
        }
        for (const [key, scope] of this.#unreleased) {
          await this.#leases.release(scope, this.#workers.workerId);
          this.#unreleased.delete(key);
        }
        if (!this.#stopping) await this.#takeOverDeadWorkersRuns();
        // Once a lease: a run nobody holds whose job was lost (a process died between taking the
        // job and the run's lease, or after taking a dead worker's run over) resumes too.
        this.#beats += 1;
        if (!this.#stopping && this.#beats % Math.max(1, Math.round(this.#workers.leaseMs / this.#workers.heartbeatMs)) === 0)
          await this.#resumeUnheldRuns();
      } catch (error) {
        this.#warn('sync heartbeat failed', error);
      } finally {
        this.#beating = undefined;
      }
    })();
    return this.#beating;
  }

  async #takeOverDeadWorkersRuns(): Promise<void> {
    for (const orphan of await this.#workers.sweep()) {
      this.#o.logger?.info?.('sync run taken over from a dead worker', { connector_id: orphan.connectorId, entity: orphan.entity });
      const job: SyncJob = {
        applicationId: orphan.tenantId,
        externalUserId: orphan.externalUserId,
        connectorId: orphan.connectorId,
        entity: orphan.entity,
      };
      await this.#runner.takeOver(job, orphan.jobId);
    }
  }

  /**
   * Open runs no worker holds (stopped gracefully, or their job lost) continue from their
   * checkpoints. Queued as continuations: the queue keeps one per entity, and once a run completes
   * its continuation is void.
   */
  async #resumeUnheldRuns(): Promise<void> {
    for (const open of await this.#state.interruptedRuns()) {
      const record = await this.#o.connectors.get({ kind: 'application', applicationId: open.tenantId }, open.connectorId);
      if (record) await this.#runner.enqueue({ ...jobOf(record, open.entity), continuation: true });
    }
  }

  #warn(message: string, error: unknown): void {
    this.#o.logger?.warn?.(message, { error: error instanceof Error ? error.message : String(error) });
  }

  /** Queues due connectors. Errors are logged: the next tick tries again. */
  #tick(): Promise<void> {
    this.#ticking ??= (async () => {
      try {
        for (;;) {
          const due = await this.#state.claimDue(this.#clock(), 100);
          for (const scope of due) {
            const record = await this.#o.connectors.get({ kind: 'application', applicationId: scope.tenantId }, scope.connectorId);
            if (record) await this.#enqueueAll(record);
            // Its deletion did not finish (the process stopped between the record and the copy).
            else await this.#forget(scope);
          }
          if (due.length < 100) break;
        }
      } catch (error) {
        this.#o.logger?.warn?.('sync scheduler tick failed', { error: error instanceof Error ? error.message : String(error) });
      } finally {
        this.#ticking = undefined;
      }
    })();
    return this.#ticking;
  }

  /** Connectors created while no sync service ran get a schedule, due now. */
  async #adoptUnscheduled(): Promise<void> {
    let after: string | undefined;
    for (;;) {
      const page = await this.#o.connectors.listAll(after, 500);
      for (const record of page) await this.#state.ensureSchedule(scopeOf(record), this.#intervalFor(record), this.#clock());
      if (page.length < 500) return;
      after = page[page.length - 1]!.id;
    }
  }

  async #enqueueAll(record: ConnectorRecord): Promise<boolean> {
    let queued = false;
    for (const [entity, rule] of this.#rules(record)) {
      // Listed per parent: waits for the parent's first completed sync, which queues it (#queueChildren).
      if (rule.forEach && !(await this.#state.get({ ...scopeOf(record), entity: rule.forEach.entity }))?.lastSuccessAt) continue;
      if (await this.#runner.enqueue(jobOf(record, entity))) queued = true;
    }
    return queued;
  }

  /** A parent entity completed: the entities listed per its records sync next. */
  async #queueChildren(record: ConnectorRecord, parent: string): Promise<void> {
    for (const [entity, rule] of this.#rules(record)) {
      if (rule.forEach?.entity === parent) await this.#runner.enqueue(jobOf(record, entity));
    }
  }

  /** One job: takes the entity's lease (or answers `busy`), runs it, and lets the lease go. */
  async #run(job: SyncJob, control: JobControl): Promise<JobOutcome> {
    const record = await this.#o.connectors.get({ kind: 'application', applicationId: job.applicationId }, job.connectorId);
    if (!record) {
      // Deleted since it was queued; a run of it that stopped mid-page (its process died) may have
      // written after the deletion's cleanup.
      await this.#forget({ tenantId: job.applicationId, connectorId: job.connectorId });
      return 'superseded';
    }
    const metadata = this.#o.catalog.get(record.connectorType);
    const rule = this.#rules(record).find(([entity]) => entity === job.entity)?.[1];
    if (!metadata || !rule) return 'superseded'; // the entity is no longer synced by this release
    const scope = { ...scopeOf(record), entity: job.entity };
    const holder = { workerId: this.#workers.workerId, externalUserId: record.externalUserId, jobId: control.jobId };
    const caps = { perApplication: this.#fairness.maxRunsPerApplication, perExternalUser: this.#fairness.maxRunsPerExternalUser };
    if (!(await this.#leases.acquire(scope, holder, caps))) return 'busy';
    const key = jobKey(job);
    const lost = new AbortController();
    this.#runs.set(key, lost);
    try {
      return await this.#runLeased(job, control, AbortSignal.any([control.signal, lost.signal]), record, metadata, rule);
    } finally {
      // Whatever the outcome, the run's writes are over: a deletion that raced it is finished here.
      await this.#forgetIfDeleted(record).catch((error: unknown) => this.#warn('sync cleanup of a deleted connector failed', error));
      this.#runs.delete(key);
      await this.#leases.release(scope, holder.workerId).catch((error: unknown) => {
        this.#unreleased.set(key, scope);
        this.#warn('sync lease release failed; retried at the next heartbeat', error);
      });
    }
  }

  async #runLeased(
    job: SyncJob,
    control: JobControl,
    signal: AbortSignal,
    record: ConnectorRecord,
    metadata: SyncableMetadata,
    rule: EntitySyncRule,
  ): Promise<EntitySyncOutcome> {
    await this.#o.beforeEntitySync?.(job.entity);
    // The record's executor from the pool (built once per version of the record), called with the
    // sync's own bounds; the credentials are read here too, to keep them out of stored messages.
    const credentials = await this.#o.connectors.credentials(record);
    const pooled = await this.#executors.executorFor(record);
    const callOptions = this.#callOptions;
    const executor: Executor = {
      mode: pooled.mode,
      execute: (request, options) => pooled.execute(request, { ...callOptions, ...options }),
    };
    const scope = { ...scopeOf(record), entity: job.entity };
    if (job.continuation && !(await this.#state.get(scope))?.runOpen) return 'superseded';
    const log = { connector_id: record.id, entity: job.entity };
    this.#o.logger?.info?.('sync run started', log);
    let outcome: EntitySyncOutcome;
    try {
      outcome = await syncEntity({
        scope,
        metadata,
        rule,
        executor,
        replicationConfig: record.replicationConfig,
        records: this.#records,
        state: this.#runState,
        parents: this.#parents,
        signal,
        shouldPause: () => control.shouldPause(),
        secrets: Object.values(credentials),
        overlapMs: this.#o.incrementalOverlapMs ?? 60_000,
        fullRefreshEveryMs: this.#o.fullRefreshEveryMs ?? DEFAULT_FULL_REFRESH_EVERY_MS,
        now: this.#o.now ?? Date.now,
      });
    } catch (error) {
      // The entity's status holds the failure; the message stays out of the log (it may quote vendor data).
      this.#o.logger?.warn?.('sync run failed', { ...log, error: error instanceof Error ? error.name : typeof error });
      throw error;
    }
    this.#o.logger?.info?.('sync run ended', { ...log, outcome });
    if (outcome === 'completed') await this.#queueChildren(record, job.entity);
    if (outcome === 'superseded') await this.#cleanUpIfDeleted(record, job.entity);
    // Shut down mid-run: shown as waiting (or as the last completed copy) until it resumes.
    if (outcome === 'paused' && control.stopping()) await this.#state.pause(scope, (await this.#state.get(scope))?.runId ?? '');
    return outcome;
  }

  /**
   * A run that lost its checkpoint may have upserted one last page after its connector's sync data
   * was deleted (from another process, between the upsert and the checkpoint): delete it again.
   * Only a deleted connector loses its checkpoint rows.
   */
  async #cleanUpIfDeleted(record: ConnectorRecord, entity: string): Promise<void> {
    const checkpointGone = (await this.#state.get({ ...scopeOf(record), entity })) === null;
    if (checkpointGone) await this.#records.deleteConnector(scopeOf(record));
  }

  /**
   * Called after writing for a connector (a run's pages and checkpoints, a schedule, queued jobs):
   * when its record is gone, deletes what it synced and its schedule, and says so. A deletion
   * removes the record first and the sync data after it (the DELETE route), so whichever of the
   * two reads second cleans up: this check comes after the writes, and either it sees the record
   * gone and deletes them, or the record went after it and the deletion's own cleanup, later still,
   * deletes them. Nothing a racing trigger or run wrote outlives the deletion.
   */
  async #forgetIfDeleted(record: ConnectorRecord): Promise<boolean> {
    if (await this.#o.connectors.get({ kind: 'application', applicationId: record.applicationId }, record.id)) return false;
    await this.#forget(scopeOf(record));
    return true;
  }

  /** Deletes a connector's schedule, synced records, dictionaries and checkpoints. */
  async #forget(scope: { tenantId: string; connectorId: string }): Promise<void> {
    await this.#state.deleteSchedule(scope);
    await this.#records.deleteConnector(scope);
  }

  #rules(record: ConnectorRecord) {
    const metadata = this.#o.catalog.get(record.connectorType);
    return metadata ? syncRulesOf(metadata) : [];
  }

  #intervalFor(record: ConnectorRecord): number {
    const own = this.#o.schedule?.intervalFor?.(record);
    if (own !== undefined) return checkIntervalSeconds(`schedule.intervalFor(${record.id})`, own);
    return this.#o.schedule?.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS;
  }

  #nextAfter(record: ConnectorRecord): Date {
    return new Date(this.#clock().getTime() + this.#intervalFor(record) * 1000);
  }
}

function jobOf(record: ConnectorRecord, entity: string): SyncJob {
  return { applicationId: record.applicationId, externalUserId: record.externalUserId, connectorId: record.id, entity };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

function scopeOf(record: ConnectorRecord): { tenantId: string; connectorId: string } {
  return { tenantId: record.applicationId, connectorId: record.id };
}
