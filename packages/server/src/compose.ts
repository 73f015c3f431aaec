/**
 * The composition root: the one place the service's parts are built and wired, for both processes
 * an operator starts. `switchyard serve` (service.ts) builds the `serve` parts over its store and
 * puts the HTTP app in front of them; `switchyard worker` (sync/run-worker.ts) builds the `worker`
 * parts, which run syncs only. Both go through the same start-up checks (the operator's connector
 * packages, the vendor base URLs) and the same executors: one pool (execution/executor-pool.ts)
 * with one open-source executor per connector, used by execute and by every sync run alike.
 */
import type { Logger } from '@switchyard/runtime';
import { AuditLog } from './audit/audit-log.js';
import { auditedExecution } from './audit/audited-execution.js';
import type { ConnectorCatalog } from './catalog/catalog.js';
import { catalogWithPlugins, type ConnectorPackageSource } from './catalog/load-packages.js';
import { checkVendorBaseUrls } from './catalog/vendor-base-urls.js';
import { createKeyRing, type KeyRing } from './crypto/key-ring.js';
import { checkDatabaseReachable } from './database-reachable.js';
import { createExecution, executionTransport, type Execution } from './execution/create-execution.js';
import { ExecutorPool, type ExecutorTransport } from './execution/executor-pool.js';
import { persistRenewedTokens } from './execution/renewed-tokens.js';
import { migrate } from './migrations/migrate.js';
import { searchIndexKeeper } from './search/indexes/index-keeper.js';
import { RecordSearch } from './search/search-records.js';
import type { SearchLimits } from './search/limits/search-limits.js';
import type { ConnectorRepository, SyncService } from './service-types.js';
import type { SqlEngine } from './store/sql-engine.js';
import type { SyncCatalog } from './sync/sync-rules.js';
import { createSyncService, type SyncServiceOptions } from './sync/sync-service.js';
import { createConnectorRepository, type StoredConnectorRepository } from './tenancy/connector-repository.js';
import { withRecentReads } from './tenancy/recent-reads.js';
import { createTenancy, type StoredTenancy } from './tenancy/tenancy.js';

/** Which process the parts are for. */
export type Role = 'serve' | 'worker';

/** Sync engine tuning a caller may set (tests shorten intervals here). */
export type SyncTuning = Pick<
  SyncServiceOptions,
  'schedule' | 'transport' | 'concurrency' | 'incrementalOverlapMs' | 'fairness' | 'workers' | 'pgBoss'
>;

export interface StartupSettings {
  /**
   * Connector packages the operator adds to the built-in ones (`--connector-package`,
   * SWITCHYARD_CONNECTOR_PACKAGES): package names or paths, or modules already imported.
   */
  readonly connectorPackages?: readonly ConnectorPackageSource[];
  /** Where package names and relative paths are resolved from (default: the process's working directory). */
  readonly cwd?: string;
  /** Family → base URL (`--vendor-base-url`). */
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
}

/** What the start-up checks produced: the catalog and the checked vendor base URLs. */
export interface Startup {
  readonly catalog: ConnectorCatalog;
  readonly vendorBaseUrls: ReadonlyMap<string, string>;
}

/**
 * The start-up checks that need no store, run before anything is opened or written: the operator's
 * connector packages (found, imported, checked against the contract, no clash with another type)
 * and the vendor base URLs (known types, absolute http(s) URLs). Each failure is a
 * ConfigurationError with one line that says what to fix.
 */
export async function checkStartup(settings: StartupSettings): Promise<Startup> {
  const catalog = await catalogWithPlugins(settings.connectorPackages ?? [], settings.cwd);
  return { catalog, vendorBaseUrls: checkVendorBaseUrls(catalog, settings.vendorBaseUrls) };
}

export interface PartsSettings extends StartupSettings {
  /** SWITCHYARD_MASTER_KEY; without it the key file in `dataDir` (created on first use). */
  readonly masterKey?: string | undefined;
  readonly dataDir?: string | undefined;
  /** Without it, cursors are signed with a key derived from the master key. */
  readonly cursorSecret?: string | undefined;
  /** Set for PostgreSQL: syncs run through the pg-boss queue; otherwise in this process. */
  readonly databaseUrl?: string | undefined;
  readonly logger?: Logger;
  readonly sync?: SyncTuning;
  /** The engine searches run on (default: `engine`); startService gives PostgreSQL searches a pool of their own. */
  readonly searchEngine?: SqlEngine;
  /** How searches share the store; unset values take defaultSearchLimits(engine.kind). */
  readonly search?: Partial<SearchLimits>;
  /** Transport of every vendor call (connections, retries, a fetch for tests); execute's bounds are added. */
  readonly transport?: Partial<ExecutorTransport>;
  /** The start-up checks' result when the caller ran them already (before opening the store); run here otherwise. */
  readonly startup?: Startup;
}

/** What both processes have: the store's parts that run syncs. */
export interface CoreParts {
  readonly engine: SqlEngine;
  readonly connectors: ConnectorRepository;
  readonly catalog: ConnectorCatalog;
  /** The one open-source executor per connector, shared by execute and sync. */
  readonly executors: ExecutorPool;
  readonly sync: SyncService;
}

/** The parts of a running service, for tests and tools that drive them directly. */
export interface ServiceParts extends CoreParts {
  /** The engine searches run on: `engine` itself on PGlite, a pool of their own on PostgreSQL (see startService). */
  readonly searchEngine: SqlEngine;
  readonly keys: KeyRing;
  readonly tenancy: StoredTenancy;
  readonly connectors: StoredConnectorRepository;
  /** Runs every execute and search, each recorded in `audit`. */
  readonly execution: Execution;
  /** The audit log: written by `execution`, read by GET /api/v1/audit; close it after the HTTP server. */
  readonly audit: AuditLog;
}

export interface WorkerSettings extends PartsSettings {
  /** Another connector repository over the worker's engine (default: the service's, with the master key). */
  readonly connectors?: (engine: SqlEngine) => ConnectorRepository | Promise<ConnectorRepository>;
  /** Other sync rules than the catalog's (tests); the executors then run this metadata too. */
  readonly syncCatalog?: SyncCatalog;
}

/**
 * `serve`: migrates the store and builds every part over it (nothing listens, no sync runs yet):
 * the production wiring, reusable over any engine (tests pass an in-memory PGlite).
 */
export async function buildServiceParts(engine: SqlEngine, settings: PartsSettings): Promise<ServiceParts> {
  const startup = settings.startup ?? (await checkStartup(settings));
  await migrateStore(engine, settings);
  const keys = await openKeys(settings);
  const tenancy = createTenancy(engine, keys);
  const connectors = withRecentReads(createConnectorRepository(engine, keys));
  const indexes = searchIndexKeeper(engine, startup.catalog);
  await indexes.ensureFamilies(await indexes.familiesInUse());
  const core = wireSync('serve', engine, connectors, startup, settings, (entity) => indexes.ensureEntity(entity));
  const searchEngine = settings.searchEngine ?? engine;
  const audit = new AuditLog(engine, {
    cursorSecret: settings.cursorSecret ?? keys.deriveKey('audit-cursors')!,
    logger: settings.logger,
  });
  const unaudited = createExecution({
    catalog: startup.catalog,
    connectors,
    executors: core.executors,
    // Without an operator secret, cursors are signed with a key derived from the master key, so
    // every process sharing the master key (several services on one PostgreSQL) accepts them.
    search: new RecordSearch(searchEngine, {
      cursorSecret: settings.cursorSecret ?? keys.deriveKey('search-cursors')!,
      ...(settings.search ? { limits: settings.search } : {}),
    }),
    sync: core.sync,
    ...(settings.logger ? { logger: settings.logger } : {}),
  });
  // One place records every execute and search, whoever asked (the execute endpoint or /mcp).
  const execution = auditedExecution(unaudited, audit);
  return { ...core, connectors, searchEngine, keys, tenancy, execution, audit };
}

/** `worker`: migrates the store and builds what runs sync jobs from the pg-boss queue (not started yet). */
export async function buildWorkerParts(engine: SqlEngine, settings: WorkerSettings & { readonly databaseUrl: string }): Promise<CoreParts> {
  const startup = settings.startup ?? (await checkStartup(settings));
  await migrateStore(engine, settings);
  const connectors = settings.connectors ? await settings.connectors(engine) : createConnectorRepository(engine, await openKeys(settings));
  const indexes = searchIndexKeeper(engine, startup.catalog);
  // A worker may run an entity's first sync: it builds the entity's indexes first, as the service does.
  return wireSync('worker', engine, connectors, startup, settings, (entity) => indexes.ensureEntity(entity), settings.syncCatalog);
}

/** Every process checks the database answers, then applies pending migrations under an advisory lock, so start order does not matter. */
async function migrateStore(
  engine: SqlEngine,
  settings: { readonly databaseUrl?: string | undefined; readonly logger?: Logger | undefined },
): Promise<void> {
  await checkDatabaseReachable(engine, settings.databaseUrl);
  const applied = await migrate(engine);
  if (applied.length > 0) settings.logger?.info?.(`applied schema migrations ${applied.join(', ')}`);
}

function openKeys(settings: PartsSettings): Promise<KeyRing> {
  return createKeyRing({
    ...(settings.masterKey ? { masterKey: settings.masterKey } : {}),
    ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
    ...(settings.logger ? { logger: settings.logger } : {}),
  });
}

/** The executors and the sync engine over them, the same for both roles but for the queue a serve process picks. */
function wireSync<R extends ConnectorRepository>(
  role: Role,
  engine: SqlEngine,
  connectors: R,
  startup: Startup,
  settings: PartsSettings,
  beforeEntitySync: (entity: string) => Promise<void>,
  syncCatalog: SyncCatalog = startup.catalog.metadataByType(),
): CoreParts & { readonly connectors: R } {
  const { catalog, vendorBaseUrls } = startup;
  const log = settings.logger;
  // OAuth tokens renewed by any call, execute or sync, are written back once, by the pool.
  const onTokenRefresh = persistRenewedTokens(catalog, connectors.updateCredentials.bind(connectors), log);
  const executors = new ExecutorPool({
    credentials: (record) => connectors.credentials(record),
    metadataOf: (type) => syncCatalog.get(type),
    baseUrlOf: (type) => vendorBaseUrls.get(type),
    onTokenRefresh,
    transport: executionTransport({ ...(log ? { logger: log } : {}), ...(settings.transport ? { transport: settings.transport } : {}) }),
  });
  const queue =
    role === 'worker' || settings.databaseUrl
      ? { runner: 'pg-boss' as const, databaseUrl: settings.databaseUrl! }
      : { runner: 'in-process' as const };
  const sync = createSyncService({
    engine,
    connectors,
    catalog: syncCatalog,
    executors,
    ...queue,
    beforeEntitySync,
    ...(log ? { logger: log } : {}),
    ...settings.sync,
  });
  return { engine, connectors, catalog, executors, sync };
}
