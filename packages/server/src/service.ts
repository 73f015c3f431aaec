/**
 * The whole service from its settings: store, migrations, keys, tenancy, sync engine, execution
 * and the HTTP app, started in that order and stopped in reverse. `switchyard serve` is this plus
 * argument parsing; tests and the quickstart call it in-process.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '@switchyard/runtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { HttpLimits, SearchSettings, ServiceConfig, SyncSettings } from './config.js';
import { createKeyRing, type KeyRing } from './crypto/key-ring.js';
import { makeOwnerOnly, preparePrivateDirectory } from './data-dir.js';
import { createCatalog, type ConnectorCatalog } from './execution/catalog.js';
import { createExecution, type Execution } from './execution/create-execution.js';
import { persistRenewedTokens } from './execution/renewed-tokens.js';
import { createApp, type LogSettings } from './http/app.js';
import { migrate } from './migrations/migrate.js';
import { searchIndexKeeper } from './search/index-keeper.js';
import { RecordSearch, defaultSearchLimits, type SearchLimits } from './search/search-records.js';
import type { SyncService } from './service-types.js';
import { openSqlEngine } from './store/open-engine.js';
import { openPostgresEngine } from './store/postgres-engine.js';
import type { SqlEngine } from './store/sql-engine.js';
import { createSyncService, type SyncServiceOptions } from './sync/sync-service.js';
import { createConnectorRepository, type StoredConnectorRepository } from './tenancy/connector-repository.js';
import { withRecentReads } from './tenancy/recent-reads.js';
import { createTenancy, type StoredTenancy } from './tenancy/tenancy.js';

/** The parts of a running service, for tests and tools that drive them directly. */
export interface ServiceParts {
  readonly engine: SqlEngine;
  /** The engine searches run on: `engine` itself on PGlite, a pool of their own on PostgreSQL (see startService). */
  readonly searchEngine: SqlEngine;
  readonly keys: KeyRing;
  readonly tenancy: StoredTenancy;
  readonly connectors: StoredConnectorRepository;
  readonly catalog: ConnectorCatalog;
  readonly sync: SyncService;
  readonly execution: Execution;
}

export interface RunningService extends ServiceParts {
  readonly app: FastifyInstance;
  /** `http://<host>:<port>` with the port actually bound. */
  readonly url: string;
  /**
   * Graceful shutdown: stop accepting connections and let in-flight requests finish, then let
   * running syncs checkpoint, then close the store. Safe to call twice.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Where log lines go (default: stdout at `config.logLevel`). */
  readonly log?: LogSettings | false;
  /** Sync engine tuning (schedule, transport, …; wins over `config.sync`); tests shorten intervals here. */
  readonly sync?: Pick<SyncServiceOptions, 'schedule' | 'transport' | 'concurrency' | 'incrementalOverlapMs' | 'fairness' | 'workers'>;
}

/** The embedded store's database lives in this subdirectory of the data directory. */
export const STORE_DIR_NAME = 'store';

export async function startService(config: ServiceConfig, options: StartOptions = {}): Promise<RunningService> {
  const log = deferredLogger();
  const embedded = config.databaseUrl === undefined;
  const dataDir = resolve(config.dataDir);
  // Only the embedded store and the key file need the directory; with PostgreSQL and a master key
  // in the environment the service writes nothing locally.
  const usesDataDir = embedded || config.masterKey === undefined;
  if (usesDataDir) await preparePrivateDirectory(dataDir);
  if (embedded) await mkdir(join(dataDir, STORE_DIR_NAME), { recursive: true, mode: 0o700 });
  const engine = await openSqlEngine(embedded ? { dataDir: join(dataDir, STORE_DIR_NAME) } : { databaseUrl: config.databaseUrl });
  const searchLimits = searchLimitsFor(engine, config.search ?? {});
  // PostgreSQL: searches get connections of their own, as many as may run at once, each cancelling
  // a statement after the search timeout; so searches never wait for a connection a sync holds, a
  // sync never waits for one a search holds, and no statement of a search outlives its time.
  const searchEngine = embedded
    ? engine
    : openPostgresEngine({
        connectionString: config.databaseUrl!,
        maxConnections: searchLimits.concurrency,
        statementTimeoutMs: searchLimits.timeoutMs,
      });
  const closeEngines = async (): Promise<void> => {
    if (searchEngine !== engine) await searchEngine.close();
    await engine.close();
  };
  let app: FastifyInstance | undefined;
  let parts: ServiceParts | undefined;
  try {
    parts = await buildServiceParts(engine, {
      searchEngine,
      search: searchLimits,
      ...(config.masterKey ? { masterKey: config.masterKey } : { dataDir }),
      cursorSecret: config.cursorSecret,
      vendorBaseUrls: config.vendorBaseUrls,
      databaseUrl: config.databaseUrl,
      logger: log,
      sync: { ...syncOptionsOf(config.sync ?? {}), ...options.sync },
    });
    const { tenancy, connectors, catalog, sync, execution } = parts;
    const limits: HttpLimits = config.limits;
    app = await createApp({
      engine,
      tenancy,
      connectors,
      sync,
      execution,
      catalog,
      adminToken: config.adminToken,
      limits,
      logger: options.log ?? { level: config.logLevel },
    });
    log.attach(app.log);
    // PGlite wrote its files (all of them, on a new store) with mode 0666 while opening.
    if (usesDataDir) await makeOwnerOnly(dataDir);
    await sync.start();
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    if (!embedded && config.masterKey === undefined) {
      log.warn(
        `DATABASE_URL is set but SWITCHYARD_MASTER_KEY is not: this process uses the key file in ${dataDir}; every service and worker process on this database must share one master key`,
      );
    }
    if (config.adminToken === undefined)
      log.info('admin API disabled: set SWITCHYARD_ADMIN_TOKEN to enable POST /api/v1/admin/applications');
    let closing: Promise<void> | undefined;
    const started = app;
    return {
      ...parts,
      app,
      url,
      close: () => (closing ??= shutDown(started, sync, closeEngines, log, usesDataDir ? dataDir : undefined)),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await parts?.sync.stop().catch(() => undefined);
    await closeEngines().catch(() => undefined);
    throw error;
  }
}

/** The operator's SWITCHYARD_SYNC_* settings as sync service options. */
export function syncOptionsOf(settings: SyncSettings): NonNullable<StartOptions['sync']> {
  const { concurrency, heartbeatMs, leaseMs, turnMs, maxRunsPerApplication, maxRunsPerExternalUser } = settings;
  const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return {
    ...(concurrency !== undefined ? { concurrency } : {}),
    workers: defined({ heartbeatMs, leaseMs }),
    fairness: defined({ turnMs, maxRunsPerApplication, maxRunsPerExternalUser }),
  };
}

/** The configured search limits over the store's defaults; the per-tenant cap never exceeds the total. */
function searchLimitsFor(engine: SqlEngine, settings: SearchSettings): SearchLimits {
  const defaults = defaultSearchLimits(engine.kind);
  const concurrency = settings.concurrency ?? defaults.concurrency;
  return {
    concurrency,
    tenantConcurrency: Math.min(concurrency, settings.tenantConcurrency ?? defaults.tenantConcurrency),
    tenantQueue: settings.tenantQueue ?? defaults.tenantQueue,
    timeoutMs: settings.timeoutMs ?? defaults.timeoutMs,
  };
}

async function shutDown(
  app: FastifyInstance,
  sync: SyncService,
  closeEngines: () => Promise<void>,
  log: Logger,
  dataDir?: string,
): Promise<void> {
  log.info?.('shutting down: finishing in-flight requests, checkpointing running syncs');
  // Fastify stops accepting, closes idle keep-alive sockets and waits for in-flight requests.
  await app.close();
  await sync.stop();
  await closeEngines();
  // Files the store created while running (a few with mode 0644) are left owner-only too.
  if (dataDir !== undefined) await makeOwnerOnly(dataDir);
}

export interface PartsSettings {
  /** SWITCHYARD_MASTER_KEY; without it the key file in `dataDir` (created on first use). */
  readonly masterKey?: string | undefined;
  readonly dataDir?: string | undefined;
  /** Without it, cursors are signed with a key derived from the master key. */
  readonly cursorSecret?: string | undefined;
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
  /** Set for PostgreSQL: syncs run through the pg-boss queue; otherwise in this process. */
  readonly databaseUrl?: string | undefined;
  readonly logger?: Logger;
  readonly sync?: StartOptions['sync'];
  /** The engine searches run on (default: `engine`); startService gives PostgreSQL searches a pool of their own. */
  readonly searchEngine?: SqlEngine;
  /** How searches share the store; unset values take defaultSearchLimits(engine.kind). */
  readonly search?: Partial<SearchLimits>;
}

/**
 * Migrates the store and builds every part over it (nothing listens, no sync runs yet): the
 * production wiring, reusable over any engine (tests pass an in-memory PGlite).
 */
export async function buildServiceParts(engine: SqlEngine, settings: PartsSettings): Promise<ServiceParts> {
  const log = settings.logger;
  const applied = await migrate(engine);
  if (applied.length > 0) log?.info?.(`applied schema migrations ${applied.join(', ')}`);
  const keys = await createKeyRing({
    ...(settings.masterKey ? { masterKey: settings.masterKey } : {}),
    ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
    ...(log ? { logger: log } : {}),
  });
  const tenancy = createTenancy(engine, keys);
  const connectors = withRecentReads(createConnectorRepository(engine, keys));
  const catalog = createCatalog();
  const indexes = searchIndexKeeper(engine, catalog);
  await indexes.ensureFamilies(await indexes.familiesInUse());
  const vendorBaseUrls = settings.vendorBaseUrls ?? {};
  const sync = createSyncService({
    engine,
    connectors,
    catalog: new Map(catalog.families().map((family) => [family.name, family.metadata])),
    ...(settings.databaseUrl ? { runner: 'pg-boss' as const, databaseUrl: settings.databaseUrl } : { runner: 'in-process' as const }),
    vendorBaseUrls,
    // OAuth tokens renewed during a sync are written back, as the service's own executors do.
    onTokenRefresh: persistRenewedTokens(catalog, connectors.updateCredentials.bind(connectors), log),
    beforeEntitySync: (entity) => indexes.ensureEntity(entity),
    ...(log ? { logger: log } : {}),
    ...settings.sync,
  });
  const searchEngine = settings.searchEngine ?? engine;
  const execution = createExecution({
    catalog,
    connectors,
    // Without an operator secret, cursors are signed with a key derived from the master key, so
    // every process sharing the master key (several services on one PostgreSQL) accepts them.
    search: new RecordSearch(searchEngine, {
      cursorSecret: settings.cursorSecret ?? keys.deriveKey('search-cursors')!,
      ...(settings.search ? { limits: settings.search } : {}),
    }),
    sync,
    vendorBaseUrls,
    ...(log ? { logger: log } : {}),
  });
  return { engine, searchEngine, keys, tenancy, connectors, catalog, sync, execution };
}

/**
 * The runtime-style logger handed to the parts built before the HTTP app (key file creation, sync
 * engine, executors). Lines are held until the app's pino logger exists, then go through it, so
 * they get the same redaction and destination as every request log. It says which levels the app
 * writes (`isLevelEnabled`), so the runtime builds no fields for lines that would be dropped: the
 * executors' per-request debug lines cost nothing at the default level.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
type DeferredLogger = Required<Logger> & { attach(target: FastifyBaseLogger): void };

function deferredLogger(): DeferredLogger {
  let target: FastifyBaseLogger | undefined;
  const held: [Level, string, Record<string, unknown> | undefined][] = [];
  const write = (level: Level, message: string, fields?: Record<string, unknown>): void => {
    if (!target) {
      held.push([level, message, fields]);
      return;
    }
    target[level](fields ?? {}, message);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    // Held lines wait for the app's level. With logging off, Fastify's logger has no
    // isLevelEnabled (it is a set of no-ops): nothing is written.
    isLevelEnabled: (level) => !target || ((target as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.(level) ?? false),
    attach(logger) {
      target = logger;
      for (const [level, message, fields] of held.splice(0)) write(level, message, fields);
    },
  };
}
