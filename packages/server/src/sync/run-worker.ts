/**
 * `switchyard worker`: a process that only runs sync jobs from the pg-boss queue on PostgreSQL.
 * Start as many as the vendors' rate limits allow; they share the work fairly between tenants,
 * each connector entity is synced by one of them at a time, and a crashed worker's run is resumed
 * by another within seconds (heartbeats, worker-registry.ts). Its parts are wired by the
 * composition root (compose.ts), with the same start-up checks and executors as the service.
 */
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import type { ConnectorPackageSource } from '../catalog/load-packages.js';
import { buildWorkerParts, checkStartup, type WorkerSettings } from '../compose.js';
import type { ExecutorTransport } from '../execution/executor-pool.js';
import type { ConnectorRepository, SyncService } from '../service-types.js';
import { openPostgresEngine } from '../store/postgres-engine.js';
import type { SqlEngine } from '../store/sql-engine.js';
import type { SyncServiceOptions } from './sync-service.js';
import type { SyncCatalog } from './sync-rules.js';

export interface RunWorkerOptions {
  /** PostgreSQL URL (DATABASE_URL), the same database the service uses. */
  readonly databaseUrl: string;
  /** SWITCHYARD_MASTER_KEY: the same master key(s) the service uses, to decrypt connector credentials. */
  readonly masterKey?: string;
  /** Another connector repository over the worker's engine (default: the service's, opened with `masterKey`). */
  readonly connectors?: (engine: SqlEngine) => ConnectorRepository | Promise<ConnectorRepository>;
  /** Other sync rules than the catalog's (tests). */
  readonly catalog?: SyncCatalog;
  /** The operator's connector packages (`--connector-package`): give every process the service's. */
  readonly connectorPackages?: readonly ConnectorPackageSource[];
  /** Where connector package names and relative paths are resolved from (default: the working directory). */
  readonly cwd?: string;
  /** Jobs worked at once (default 2). */
  readonly concurrency?: number;
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
  readonly pgBoss?: SyncServiceOptions['pgBoss'];
  /** Fair scheduling between tenants (fair-share.ts); give every process the same. */
  readonly fairness?: SyncServiceOptions['fairness'];
  /** Heartbeats (worker-registry.ts); give every process the same. */
  readonly workers?: SyncServiceOptions['workers'];
  readonly schedule?: SyncServiceOptions['schedule'];
  /** Transport of the worker's vendor calls (connections, retries, a fetch for tests). */
  readonly transport?: Partial<ExecutorTransport>;
  readonly logger?: Logger;
}

export interface RunningWorker {
  readonly sync: SyncService;
  /** Graceful: running syncs checkpoint and hand their job back to the queue, then connections close. */
  stop(): Promise<void>;
}

export async function runWorker(options: RunWorkerOptions): Promise<RunningWorker> {
  if (!options.databaseUrl) throw new ConfigurationError("runWorker needs databaseUrl: workers share the service's PostgreSQL database");
  if (!options.connectors && options.masterKey === undefined) {
    throw new ConfigurationError(
      "runWorker needs masterKey (SWITCHYARD_MASTER_KEY): a worker decrypts connector credentials with the service's key",
    );
  }
  // The same checks as the service's, before the database is touched.
  const startup = await checkStartup({
    connectorPackages: options.connectorPackages ?? [],
    ...(options.vendorBaseUrls ? { vendorBaseUrls: options.vendorBaseUrls } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const engine = openPostgresEngine({ connectionString: options.databaseUrl });
  try {
    const settings: WorkerSettings & { databaseUrl: string } = {
      startup,
      databaseUrl: options.databaseUrl,
      ...(options.masterKey !== undefined ? { masterKey: options.masterKey } : {}),
      ...(options.connectors ? { connectors: options.connectors } : {}),
      ...(options.catalog ? { syncCatalog: options.catalog } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      sync: {
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        ...(options.pgBoss ? { pgBoss: options.pgBoss } : {}),
        ...(options.fairness ? { fairness: options.fairness } : {}),
        ...(options.workers ? { workers: options.workers } : {}),
        ...(options.schedule ? { schedule: options.schedule } : {}),
        // Every call of a worker is a sync's: its timeout, retries and longest Retry-After waited
        // inside a run are the sync calls' too (they have their own defaults, sync-service.ts).
        ...(options.transport ? { transport: syncTransport(options.transport) } : {}),
      },
    };
    const { sync } = await buildWorkerParts(engine, settings);
    await sync.start();
    return {
      sync,
      async stop() {
        await sync.stop();
        await engine.close();
      },
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

function syncTransport(transport: Partial<ExecutorTransport>): NonNullable<SyncServiceOptions['transport']> {
  return {
    ...(transport.timeout !== undefined ? { timeout: transport.timeout } : {}),
    ...(transport.maxRetries !== undefined ? { maxRetries: transport.maxRetries } : {}),
    ...(transport.retry !== undefined ? { retry: transport.retry } : {}),
  };
}
