/**
 * The service's settings, read once from the command line and the environment. Everything here is
 * an operator setting: nothing a tenant sends can change it (vendor hosts above all, so a tenant
 * cannot point the service at an internal address).
 */
import { baseUrlProblem, getOwn, setOwn } from '@switchyard/runtime/internal';
import type { ConnectorPackageSource } from './catalog/load-packages.js';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './audit/retention.js';
import { DEFAULT_HEARTBEAT_MS, DEFAULT_LEASE_MS } from './sync/worker-registry.js';

export interface HttpLimits {
  /** Largest accepted request body, in bytes (default 1 MiB). */
  readonly bodyLimitBytes: number;
  /** Requests one token (or, without one, one client address) may make per window (default 600). */
  readonly rateLimitMax: number;
  /** The rate limit window, in milliseconds (default one minute). */
  readonly rateLimitWindowMs: number;
  /**
   * How long a client may take to send one whole request, headers and body, in milliseconds
   * (default one minute: a full 1 MiB body at 18 KB/s); a slower one gets 408 and its connection
   * is closed, so a stranger trickling bodies cannot hold the service's sockets for ever.
   * Optional, so limits written before it existed still type-check (they get the default).
   */
  readonly requestTimeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

export const DEFAULT_LIMITS: HttpLimits = {
  bodyLimitBytes: 1024 * 1024,
  rateLimitMax: 600,
  rateLimitWindowMs: 60_000,
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
};

/**
 * Sync engine settings from the environment (every one optional: the engine's defaults otherwise).
 * Each process reads its own; give every process on one database the same heartbeat, lease and
 * fairness settings.
 */
export interface SyncSettings {
  /** SWITCHYARD_SYNC_CONCURRENCY: runs at once in this process (default 2; 0 with PostgreSQL: enqueue only). */
  readonly concurrency?: number;
  /** SWITCHYARD_SYNC_HEARTBEAT_MS: how often a process renews its lease and looks for dead workers (default 2000). */
  readonly heartbeatMs?: number;
  /** SWITCHYARD_SYNC_LEASE_MS: how long a silent worker counts as alive (default 10000). */
  readonly leaseMs?: number;
  /** SWITCHYARD_SYNC_TURN_MS: how long a run keeps its slot while a tenant that is behind waits (default 5000). */
  readonly turnMs?: number;
  /** SWITCHYARD_SYNC_MAX_RUNS_PER_APPLICATION: runs of one application at once, across all processes (default: no cap). */
  readonly maxRunsPerApplication?: number;
  /** SWITCHYARD_SYNC_MAX_RUNS_PER_EXTERNAL_USER: runs of one external user at once, across all processes (default: no cap). */
  readonly maxRunsPerExternalUser?: number;
}

/**
 * How searches share the store (search/limits/fair-queue.ts, search/limits/search-deadline.ts). Unset values
 * take the store's defaults (search/limits/search-limits.ts, defaultSearchLimits).
 */
export interface SearchSettings {
  /** Searches running at once in this process (SWITCHYARD_SEARCH_CONCURRENCY; PostgreSQL: connections opened for them). */
  readonly concurrency?: number | undefined;
  /** Searches one tenant may run at once (SWITCHYARD_SEARCH_TENANT_CONCURRENCY). */
  readonly tenantConcurrency?: number | undefined;
  /** Searches one tenant may have waiting before more are refused (SWITCHYARD_SEARCH_TENANT_QUEUE). */
  readonly tenantQueue?: number | undefined;
  /** How long one search may keep the store busy, in milliseconds (SWITCHYARD_SEARCH_TIMEOUT_MS). */
  readonly timeoutMs?: number | undefined;
}

export interface ServiceConfig {
  /** Embedded store, key file and cursor secret live here (default `./.switchyard`). */
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded store (DATABASE_URL). */
  readonly databaseUrl?: string | undefined;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Connector family → base URL, replacing the vendor's host for every connector of that family. */
  readonly vendorBaseUrls: Readonly<Record<string, string>>;
  /**
   * Connector packages added to the built-in ones (`--connector-package`, or
   * SWITCHYARD_CONNECTOR_PACKAGES): package names or paths, or modules already imported.
   */
  readonly connectorPackages?: readonly ConnectorPackageSource[];
  /** Enables the admin API (SWITCHYARD_ADMIN_TOKEN). */
  readonly adminToken?: string | undefined;
  /** Master key for credentials at rest (SWITCHYARD_MASTER_KEY); absent: a key file in the data dir. */
  readonly masterKey?: string | undefined;
  /** Signs search cursors (SWITCHYARD_CURSOR_SECRET); absent: a secret file in the data dir. */
  readonly cursorSecret?: string | undefined;
  readonly limits: HttpLimits;
  /** How searches share the store; absent or unset values take the store's defaults. */
  readonly search?: SearchSettings;
  /** pino level (SWITCHYARD_LOG_LEVEL, default `info`); `silent` turns logging off. */
  readonly logLevel: string;
  /** Sync engine settings (SWITCHYARD_SYNC_*); absent: the engine's defaults. */
  readonly sync?: SyncSettings;
  /**
   * Days an audit row is kept (SWITCHYARD_AUDIT_RETENTION_DAYS, default 90); null (`forever`)
   * keeps every row. Absent: the default.
   */
  readonly auditRetentionDays?: number | null;
  /**
   * The URL clients reach this service at (SWITCHYARD_PUBLIC_URL, e.g. https://switchyard.example.com
   * behind a proxy): the MCP endpoint's protected-resource metadata names it. Absent: the URL of
   * each request, from its Host header.
   */
  readonly publicUrl?: string | undefined;
}

export const DEFAULT_DATA_DIR = './.switchyard';
export const DEFAULT_HOST = '127.0.0.1';

/** A setting that cannot be used; the message names it and says what is expected. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * DATABASE_URL as node-postgres reads it: a URL, or a socket directory path. Checked here so a
 * malformed one is one line at start, not the driver's TypeError; never echoed (it holds a password).
 */
function databaseUrl(value: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url === undefined || url.startsWith('/') || URL.canParse(url)) return url;
  throw new ConfigError('DATABASE_URL is not a URL: give postgres://user:password@host:port/database (or a socket directory path)');
}

export interface ConfigInput {
  readonly dataDir?: string | undefined;
  readonly host?: string | undefined;
  readonly port?: string | number | undefined;
  /** `<family>=<url>` entries, as given on the command line. */
  readonly vendorBaseUrls?: readonly string[] | undefined;
  /** `--connector-package` values; when any is given, SWITCHYARD_CONNECTOR_PACKAGES is not read. */
  readonly connectorPackages?: readonly string[] | undefined;
}

/** Builds the configuration from command-line values (which win) and the environment. */
export function loadConfig(input: ConfigInput = {}, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    // An empty variable is an unset one; an empty flag (`--data-dir "$UNSET"`) is a mistake, refused:
    // it would make the current directory the data directory, or listen on every interface.
    dataDir:
      givenFlag('--data-dir', input.dataDir, 'give a directory (an empty one would make the current directory the data directory)') ??
      nonEmpty(env['SWITCHYARD_DATA_DIR']) ??
      DEFAULT_DATA_DIR,
    databaseUrl: databaseUrl(env['DATABASE_URL']),
    host: givenFlag('--host', input.host, `give an address (default ${DEFAULT_HOST}; 0.0.0.0 for every interface)`) ?? DEFAULT_HOST,
    port: parsePort(input.port ?? nonEmpty(env['PORT']) ?? 0),
    vendorBaseUrls: parseVendorBaseUrls(input.vendorBaseUrls ?? []),
    connectorPackages: connectorPackages(input.connectorPackages, env['SWITCHYARD_CONNECTOR_PACKAGES']),
    adminToken: adminToken(env['SWITCHYARD_ADMIN_TOKEN']),
    masterKey: nonEmpty(env['SWITCHYARD_MASTER_KEY']),
    cursorSecret: cursorSecret(env['SWITCHYARD_CURSOR_SECRET']),
    limits: {
      bodyLimitBytes: positiveInt('SWITCHYARD_BODY_LIMIT_BYTES', env['SWITCHYARD_BODY_LIMIT_BYTES'], DEFAULT_LIMITS.bodyLimitBytes),
      rateLimitMax: positiveInt('SWITCHYARD_RATE_LIMIT_MAX', env['SWITCHYARD_RATE_LIMIT_MAX'], DEFAULT_LIMITS.rateLimitMax),
      rateLimitWindowMs: positiveInt(
        'SWITCHYARD_RATE_LIMIT_WINDOW_MS',
        env['SWITCHYARD_RATE_LIMIT_WINDOW_MS'],
        DEFAULT_LIMITS.rateLimitWindowMs,
      ),
      requestTimeoutMs: positiveInt('SWITCHYARD_REQUEST_TIMEOUT_MS', env['SWITCHYARD_REQUEST_TIMEOUT_MS'], DEFAULT_REQUEST_TIMEOUT_MS),
    },
    search: {
      concurrency: optionalInt('SWITCHYARD_SEARCH_CONCURRENCY', env['SWITCHYARD_SEARCH_CONCURRENCY'], 1),
      tenantConcurrency: optionalInt('SWITCHYARD_SEARCH_TENANT_CONCURRENCY', env['SWITCHYARD_SEARCH_TENANT_CONCURRENCY'], 1),
      tenantQueue: optionalInt('SWITCHYARD_SEARCH_TENANT_QUEUE', env['SWITCHYARD_SEARCH_TENANT_QUEUE'], 0),
      timeoutMs: optionalInt('SWITCHYARD_SEARCH_TIMEOUT_MS', env['SWITCHYARD_SEARCH_TIMEOUT_MS'], 1),
    },
    logLevel: env['SWITCHYARD_LOG_LEVEL'] || 'info',
    sync: syncSettings(env, nonEmpty(env['DATABASE_URL']) !== undefined),
    auditRetentionDays: auditRetentionDays(env['SWITCHYARD_AUDIT_RETENTION_DAYS']),
    publicUrl: publicUrl(env['SWITCHYARD_PUBLIC_URL']),
  };
}

/** SWITCHYARD_AUDIT_RETENTION_DAYS: a positive number of days, or `forever` (null: no purge). */
export function auditRetentionDays(value: string | undefined): number | null {
  if (value === undefined || value === '') return DEFAULT_AUDIT_RETENTION_DAYS;
  if (value === 'forever') return null;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
    throw new ConfigError(`SWITCHYARD_AUDIT_RETENTION_DAYS must be a positive number of days or "forever", got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** SWITCHYARD_PUBLIC_URL: an absolute http(s) URL with no credentials, query or fragment; kept without a trailing slash. */
export function publicUrl(value: string | undefined): string | undefined {
  const given = nonEmpty(value);
  if (given === undefined) return undefined;
  const problem = baseUrlProblem(given);
  if (problem) throw new ConfigError(`SWITCHYARD_PUBLIC_URL (e.g. https://switchyard.example.com): ${problem}`);
  return new URL(given).toString().replace(/\/+$/, '');
}

function syncSettings(env: NodeJS.ProcessEnv, postgres: boolean): SyncSettings {
  const read = (name: string, min: number): number | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    if (!/^\d+$/.test(value) || Number(value) < min)
      throw new ConfigError(`${name} must be ${min === 0 ? 'a whole number' : 'a positive integer'}, got ${JSON.stringify(value)}`);
    return Number(value);
  };
  const settings: Record<string, number | undefined> = {
    concurrency: read('SWITCHYARD_SYNC_CONCURRENCY', 0),
    heartbeatMs: read('SWITCHYARD_SYNC_HEARTBEAT_MS', 1),
    leaseMs: read('SWITCHYARD_SYNC_LEASE_MS', 1),
    turnMs: read('SWITCHYARD_SYNC_TURN_MS', 1),
    maxRunsPerApplication: read('SWITCHYARD_SYNC_MAX_RUNS_PER_APPLICATION', 1),
    maxRunsPerExternalUser: read('SWITCHYARD_SYNC_MAX_RUNS_PER_EXTERNAL_USER', 1),
  };
  if (settings['concurrency'] === 0 && !postgres) {
    throw new ConfigError(
      'SWITCHYARD_SYNC_CONCURRENCY=0 needs DATABASE_URL: on the embedded store no other process can run this service’s syncs',
    );
  }
  const heartbeatMs = settings['heartbeatMs'] ?? DEFAULT_HEARTBEAT_MS;
  const leaseMs = settings['leaseMs'] ?? DEFAULT_LEASE_MS;
  if (leaseMs < 2 * heartbeatMs) {
    throw new ConfigError(
      `SWITCHYARD_SYNC_LEASE_MS (${leaseMs}) must be at least twice SWITCHYARD_SYNC_HEARTBEAT_MS (${heartbeatMs}), or live processes would be taken for dead`,
    );
  }
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as SyncSettings;
}

export function parsePort(value: string | number): number {
  const port = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(value)}`);
  return port;
}

/** `messaging=http://127.0.0.1:9000/api` → { messaging: 'http://127.0.0.1:9000/api' }. */
export function parseVendorBaseUrls(entries: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const family = at > 0 ? entry.slice(0, at) : '';
    const url = at > 0 ? entry.slice(at + 1) : '';
    if (!/^[a-z][a-z0-9-]*$/.test(family)) {
      throw new ConfigError(
        `--vendor-base-url must look like <family>=<url> (e.g. messaging=http://127.0.0.1:9000/api), got ${JSON.stringify(entry)}`,
      );
    }
    const problem = baseUrlProblem(url);
    if (problem) throw new ConfigError(`--vendor-base-url ${family}: ${problem}`);
    // Own keys: `constructor=…` is an unknown family (refused later by name), not "given twice".
    if (getOwn(out, family) !== undefined) throw new ConfigError(`--vendor-base-url ${family} is given twice`);
    setOwn(out, family, url.replace(/\/+$/, ''));
  }
  return out;
}

/**
 * The operator's connector packages: the `--connector-package` flags when any is given (the flags
 * win, as for every setting), else SWITCHYARD_CONNECTOR_PACKAGES split at commas. Each is a package
 * name or a path; they are found, imported and checked at start (catalog/load-packages.ts).
 */
export function connectorPackages(flags: readonly string[] | undefined, env: string | undefined): string[] {
  const given = flags !== undefined && flags.length > 0;
  const entries = given
    ? flags.map((entry) => entry.trim())
    : (env ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
  const seen = new Set<string>();
  for (const entry of entries) {
    const where = given ? '--connector-package' : 'SWITCHYARD_CONNECTOR_PACKAGES';
    if (entry === '') throw new ConfigError(`${where} must name a package or a path, got an empty value`);
    if (seen.has(entry)) throw new ConfigError(`${where} names ${JSON.stringify(entry)} twice`);
    seen.add(entry);
  }
  return entries;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** A flag's value as given; an empty one (an unset shell variable) is refused, saying what to give. */
function givenFlag(flag: string, value: string | undefined, what: string): string | undefined {
  if (value === '') throw new ConfigError(`${flag} is empty: ${what}`);
  return value;
}

/** A short admin token would be guessable; refuse it rather than run an open admin API. */
function adminToken(value: string | undefined): string | undefined {
  const token = nonEmpty(value);
  if (token !== undefined && token.length < 16) throw new ConfigError('SWITCHYARD_ADMIN_TOKEN must be at least 16 characters');
  return token;
}

function cursorSecret(value: string | undefined): string | undefined {
  const secret = nonEmpty(value);
  if (secret !== undefined && Buffer.byteLength(secret) < 32) throw new ConfigError('SWITCHYARD_CURSOR_SECRET must be at least 32 bytes');
  return secret;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  return optionalInt(name, value, 1) ?? fallback;
}

/** An integer setting of at least `min`, or undefined when unset. */
function optionalInt(name: string, value: string | undefined, min: 0 | 1): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min)
    throw new ConfigError(`${name} must be ${min === 1 ? 'a positive integer' : 'an integer of 0 or more'}, got ${JSON.stringify(value)}`);
  return Number(value);
}
