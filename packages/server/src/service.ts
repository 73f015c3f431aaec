/**
 * `switchyard serve` in-process: the store (embedded PGlite in the data directory, or PostgreSQL),
 * the parts over it as the composition root wires them (compose.ts: start-up checks, keys,
 * tenancy, catalog, executors, sync engine, search, execution) and the HTTP app in front, started
 * in that order and stopped in reverse. The CLI is this plus argument parsing; tests and the
 * quickstart call it in-process.
 */
import { join, resolve } from 'node:path';
import type { Logger } from '@switchyard/runtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuditLog } from './audit/audit-log.js';
import { DEFAULT_AUDIT_RETENTION_DAYS, startAuditRetention, type AuditRetention } from './audit/retention.js';
import { buildServiceParts, checkStartup, type ServiceParts, type SyncTuning } from './compose.js';
import { type HttpLimits, type SearchSettings, type ServiceConfig, type SyncSettings } from './config.js';
import { cannotListen } from './listen-errors.js';
import { makeOwnerOnly, preparePrivateDirectory } from './data-dir.js';
import type { ExecutorTransport } from './execution/executor-pool.js';
import { createApp, type LogSettings } from './http/app.js';
import { defaultSearchLimits, type SearchLimits } from './search/limits/search-limits.js';
import type { SyncService } from './service-types.js';
import { openSqlEngine } from './store/open-engine.js';
import type { SqlEngine } from './store/sql-engine.js';
import { makeDirectories } from '@switchyard/runtime/internal';

export type { ServiceParts } from './compose.js';

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
  readonly sync?: Omit<SyncTuning, 'pgBoss'>;
  /** Transport of every vendor call, execute and sync (connections, retries, a fetch for tests). */
  readonly transport?: Partial<ExecutorTransport>;
  /** Where connector package names and relative paths are resolved from (default: the working directory). */
  readonly cwd?: string;
}

/** The embedded store's database lives in this subdirectory of the data directory. */
export const STORE_DIR_NAME = 'store';

export async function startService(config: ServiceConfig, options: StartOptions = {}): Promise<RunningService> {
  // Settings that need no store are checked first: a bad one stops the start before anything is written.
  const startup = await checkStartup({
    connectorPackages: config.connectorPackages ?? [],
    vendorBaseUrls: config.vendorBaseUrls,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const log = deferredLogger();
  const embedded = config.databaseUrl === undefined;
  const dataDir = resolve(config.dataDir);
  // Only the embedded store and the key file need the directory; with PostgreSQL and a master key
  // in the environment the service writes nothing locally.
  const usesDataDir = embedded || config.masterKey === undefined;
  if (usesDataDir) await preparePrivateDirectory(dataDir);
  if (embedded) makeDirectories(join(dataDir, STORE_DIR_NAME), 0o700);
  const engine = await openSqlEngine(embedded ? { dataDir: join(dataDir, STORE_DIR_NAME) } : { databaseUrl: config.databaseUrl });
  const searchLimits = searchLimitsFor(engine, config.search ?? {});
  // PostgreSQL: searches get connections of their own, as many as may run at once, each cancelling
  // a statement after the search timeout; so searches never wait for a connection a sync holds, a
  // sync never waits for one a search holds, and no statement of a search outlives its time.
  // (The PostgreSQL client is imported only here and in open-engine.ts: the embedded store never loads it.)
  const searchEngine = embedded
    ? engine
    : (await import('./store/postgres-engine.js')).openPostgresEngine({
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
      startup,
      searchEngine,
      search: searchLimits,
      ...(config.masterKey ? { masterKey: config.masterKey } : { dataDir }),
      cursorSecret: config.cursorSecret,
      databaseUrl: config.databaseUrl,
      logger: log,
      sync: { ...syncOptionsOf(config.sync ?? {}), ...options.sync },
      ...(options.transport ? { transport: options.transport } : {}),
    });
    const { tenancy, connectors, catalog, sync, execution, audit } = parts;
    const limits: HttpLimits = config.limits;
    app = await createApp({
      engine,
      tenancy,
      connectors,
      sync,
      execution,
      catalog,
      audit,
      publicUrl: config.publicUrl,
      adminToken: config.adminToken,
      limits,
      logger: options.log ?? { level: config.logLevel },
    });
    log.attach(app.log);
    // PGlite wrote its files (all of them, on a new store) with mode 0666 while opening.
    if (usesDataDir) await makeOwnerOnly(dataDir);
    await sync.start();
    await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
      throw cannotListen(error, config.host, config.port);
    });
    const retention = startAuditRetention(audit, {
      days: config.auditRetentionDays === undefined ? DEFAULT_AUDIT_RETENTION_DAYS : config.auditRetentionDays,
      logger: log,
    });
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
    // Connectors stored earlier whose type no package of this start provides (a plug-in left off
    // the command line) neither sync nor execute: say so now, not at their first call.
    for (const { connector_type: type, connectors: count } of await engine.query<{ connector_type: string; connectors: number }>(
      'SELECT connector_type, count(*)::int AS connectors FROM sy_connectors GROUP BY connector_type ORDER BY connector_type',
    )) {
      if (catalog.get(type) === undefined)
        log.warn(
          `${count} stored connector${count === 1 ? ' is' : 's are'} of type ${JSON.stringify(type)}, which no connector package of this service provides: they do not sync or execute until it is added (--connector-package, SWITCHYARD_CONNECTOR_PACKAGES)`,
        );
    }
    let closing: Promise<void> | undefined;
    const started = app;
    return {
      ...parts,
      app,
      url,
      close: () => (closing ??= shutDown(started, { sync, audit, retention }, closeEngines, log, usesDataDir ? dataDir : undefined)),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await parts?.audit.close().catch(() => undefined);
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
  { sync, audit, retention }: { sync: SyncService; audit: AuditLog; retention: AuditRetention },
  closeEngines: () => Promise<void>,
  log: Logger,
  dataDir?: string,
): Promise<void> {
  log.info?.('shutting down: finishing in-flight requests, checkpointing running syncs');
  // Fastify stops accepting, closes idle keep-alive sockets and waits for in-flight requests.
  await app.close();
  // Every request has finished: its audit rows are queued. Write them before the store closes.
  await retention.stop();
  await audit.close().catch(() => undefined);
  await sync.stop();
  await closeEngines();
  // Files the store created while running (a few with mode 0644) are left owner-only too.
  if (dataDir !== undefined) await makeOwnerOnly(dataDir);
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
