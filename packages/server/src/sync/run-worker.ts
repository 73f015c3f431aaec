/**
 * `switchyard worker`: a process that only runs sync jobs from the pg-boss queue on PostgreSQL.
 * Start as many as the vendors' rate limits allow; they share the work fairly between tenants,
 * each connector entity is synced by one of them at a time, and a crashed worker's run is resumed
 * by another within seconds (heartbeats, worker-registry.ts).
 */
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import { migrate } from '../migrations/migrate.js';
import { openPostgresEngine } from '../store/postgres-engine.js';
import type { SqlEngine } from '../store/sql-engine.js';
import type { ConnectorRepository, SyncService } from '../service-types.js';
import { createKeyRing } from '../crypto/key-ring.js';
import { createConnectorRepository } from '../tenancy/connector-repository.js';
import { createCatalog } from '../execution/catalog.js';
import { searchIndexKeeper } from '../search/index-keeper.js';
import { persistRenewedTokens } from '../execution/renewed-tokens.js';
import { createSyncService, type SyncServiceOptions } from './sync-service.js';
import type { SyncCatalog } from './sync-rules.js';

export interface RunWorkerOptions {
  /** PostgreSQL URL (DATABASE_URL), the same database the service uses. */
  readonly databaseUrl: string;
  /** SWITCHYARD_MASTER_KEY: the same master key(s) the service uses, to decrypt connector credentials. */
  readonly masterKey?: string;
  /** Another connector repository over the worker's engine (default: the service's, opened with `masterKey`). */
  readonly connectors?: (engine: SqlEngine) => ConnectorRepository | Promise<ConnectorRepository>;
  readonly catalog?: SyncCatalog;
  /** Jobs worked at once (default 2). */
  readonly concurrency?: number;
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
  readonly pgBoss?: SyncServiceOptions['pgBoss'];
  /** Fair scheduling between tenants (fair-share.ts); give every process the same. */
  readonly fairness?: SyncServiceOptions['fairness'];
  /** Heartbeats (worker-registry.ts); give every process the same. */
  readonly workers?: SyncServiceOptions['workers'];
  readonly schedule?: SyncServiceOptions['schedule'];
  readonly transport?: SyncServiceOptions['transport'];
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
  const engine = openPostgresEngine({ connectionString: options.databaseUrl });
  try {
    // Every process applies pending migrations under an advisory lock, so start order does not matter.
    await migrate(engine);
    const connectors = options.connectors ? await options.connectors(engine) : await storedConnectors(engine, options);
    const families = createCatalog();
    const indexes = searchIndexKeeper(engine, families);
    const sync = createSyncService({
      engine,
      connectors,
      catalog: options.catalog ?? families.metadataByType(),
      // A worker may run an entity's first sync: it builds the entity's indexes first, as the service does.
      beforeEntitySync: (entity) => indexes.ensureEntity(entity),
      // Renewed OAuth tokens are written back exactly as the service's own executors do.
      onTokenRefresh: persistRenewedTokens(families, connectors.updateCredentials.bind(connectors), options.logger),
      runner: 'pg-boss',
      databaseUrl: options.databaseUrl,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.vendorBaseUrls ? { vendorBaseUrls: options.vendorBaseUrls } : {}),
      ...(options.pgBoss ? { pgBoss: options.pgBoss } : {}),
      ...(options.fairness ? { fairness: options.fairness } : {}),
      ...(options.workers ? { workers: options.workers } : {}),
      ...(options.schedule ? { schedule: options.schedule } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
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

async function storedConnectors(engine: SqlEngine, options: RunWorkerOptions): Promise<ConnectorRepository> {
  const keys = await createKeyRing({ masterKey: options.masterKey!, ...(options.logger ? { logger: options.logger } : {}) });
  return createConnectorRepository(engine, keys);
}
