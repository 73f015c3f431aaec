/**
 * The execution service: runs `{entity, action, params}` for a stored connector. Vendor actions go
 * through the connector's own open-source executor, built server-side from the stored credentials
 * (so hosted results are exactly the open-source ones); `search` reads the synced copy; downloads
 * come back as a byte stream that is read from the vendor only as fast as the client reads it.
 */
import { Readable } from 'node:stream';
import {
  ConfigurationError,
  DownloadStream,
  SyncNotReadyError,
  type ActionMetadata,
  type ExecuteRequest,
  type Logger,
} from '@switchyard/runtime';
import { findAction } from '@switchyard/runtime/internal';
import { parseSearchParams } from '../search/query/parse-search.js';
import type { RecordSearch } from '../search/search-records.js';
import type { ConnectorRecord, ConnectorRepository, Principal, SyncService } from '../service-types.js';
import type { ConnectorCatalog, ConnectorFamily } from '../catalog/catalog.js';
import { checkVendorBaseUrls, type VendorBaseUrls } from '../catalog/vendor-base-urls.js';
import { checkCredentials } from './check-credentials.js';
import { ExecutorPool, type ExecutorTransport } from './executor-pool.js';
import { persistRenewedTokens } from './renewed-tokens.js';
import { ConnectorValidator, type NewConnectorInput, type ValidConnectorInput } from './validate-connector.js';

/** Per-attempt timeout of every vendor call when the operator sets none. */
export const DEFAULT_VENDOR_TIMEOUT_MS = 30_000;
/**
 * A vendor asking to wait longer than this is not waited for inside a request: the caller gets the
 * 429 with Retry-After at once and decides (open-source mode waits up to a minute; an HTTP request
 * held that long would tie up the service and usually time out at the client first).
 */
export const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

export interface ExecutionOptions {
  readonly catalog: ConnectorCatalog;
  /**
   * `credentials` decrypts them when an executor is built; `updateCredentials`, when given, stores
   * OAuth tokens the runtime renewed (rotating refresh tokens are spent once used).
   */
  readonly connectors: Pick<ConnectorRepository, 'credentials'> & Partial<Pick<ConnectorRepository, 'updateCredentials'>>;
  readonly search: Pick<RecordSearch, 'search'>;
  /** Search waits for the entity's first finished sync, and says how far it is when it has not. */
  readonly sync: Pick<SyncService, 'firstSyncFinished' | 'status'>;
  /**
   * The service's executors, one per connector, shared with the sync engine (the composition root
   * passes them). Without it, createExecution builds its own from the options below.
   */
  readonly executors?: ExecutorPool;
  /** Operator settings (`--vendor-base-url <family>=<url>`): family name → base URL. */
  readonly vendorBaseUrls?: VendorBaseUrls;
  /** Per-attempt timeout of every vendor call, in milliseconds. */
  readonly timeoutMs?: number;
  /** Receives the runtime's redacted request, response and retry events. */
  readonly logger?: Logger;
  /** Transport tuning shared by every executor (retries, connections, a fetch for tests). */
  readonly transport?: Partial<ExecutorTransport>;
}

/**
 * The transport of the executors the service builds: a call made inside a client's request is
 * bounded (DEFAULT_VENDOR_TIMEOUT_MS per attempt, no wait longer than DEFAULT_MAX_RETRY_AFTER_MS
 * for a throttled vendor); background syncs, which share the executors, widen both per call.
 */
export function executionTransport(options: Pick<ExecutionOptions, 'timeoutMs' | 'logger' | 'transport'>): ExecutorTransport {
  return {
    ...(options.logger ? { logger: options.logger } : {}),
    ...options.transport,
    timeout: options.timeoutMs ?? options.transport?.timeout ?? DEFAULT_VENDOR_TIMEOUT_MS,
    retry: { maxRetryAfterMs: DEFAULT_MAX_RETRY_AFTER_MS, ...options.transport?.retry },
  };
}

export interface ExecuteJson {
  readonly kind: 'json';
  /** `{data, meta}` exactly as open-source mode returns it; search: `{hits, next_cursor, took_ms}`. */
  readonly body: unknown;
}

export interface ExecuteStream {
  readonly kind: 'stream';
  /** The file's bytes, pulled from the vendor as it is read; destroying it cancels the transfer. */
  readonly stream: Readable;
  readonly contentType: string | null;
  readonly contentLength: number | null;
  readonly fileName: string | null;
}

export type ExecuteOutcome = ExecuteJson | ExecuteStream;

/** What the audit log records of a call beyond the request itself (audit/audited-execution.ts). */
export interface ExecuteContext {
  /** The caller's checked intent (audit/intent.ts), or null. */
  readonly intent?: string | null;
  /** Which door the call came through: the execute endpoint (default) or the service's /mcp. */
  readonly channel?: 'http' | 'mcp';
}

export interface Execution {
  readonly catalog: ConnectorCatalog;
  /** Creation-time checks; throws ValidationError listing every problem. Sends nothing. */
  validateNewConnector(input: NewConnectorInput): ValidConnectorInput;
  /** One cheap live read with the given credentials (`check: true`). */
  check(connectorType: string, credentials: Record<string, string>, config: Record<string, unknown>, signal?: AbortSignal): Promise<void>;
  /**
   * Runs one action of a connector the caller may see (the HTTP layer has already looked the
   * record up through the principal). Throws the runtime's errors (SyncNotReadyError for a search before the first sync).
   */
  execute(
    principal: Principal,
    record: ConnectorRecord,
    request: ExecuteRequest,
    signal?: AbortSignal,
    context?: ExecuteContext,
  ): Promise<ExecuteOutcome>;
  /** Drops what is cached for a connector (call after deleting it). */
  forget(connectorId: string): void;
}

export function createExecution(options: ExecutionOptions): Execution {
  const { catalog } = options;
  const validator = new ConnectorValidator(catalog);
  const pool = options.executors ?? ownExecutors(options);

  async function search(
    record: ConnectorRecord,
    family: ConnectorFamily,
    action: ActionMetadata,
    params: unknown,
    signal: AbortSignal | undefined,
  ): Promise<ExecuteJson> {
    const schema = family.entitySchema(action.entity);
    if (!schema) {
      const reason = `${action.entity} publishes no searchable fields`;
      throw new ConfigurationError(`${family.name} ${action.entity}.search: ${reason}`, { reason });
    }
    // Parsed once: bad parameters answer 422 whether or not the copy is ready yet.
    const parsed = parseSearchParams(params ?? {}, schema);
    // One statement on every search; the whole sync status only to say why the copy is not ready.
    if (!(await options.sync.firstSyncFinished(record, action.entity))) {
      const progress = await options.sync.status(record);
      const status = progress.entities.find((e) => e.entity === action.entity);
      throw new SyncNotReadyError(
        `${family.name} ${action.entity}.search: the first sync of ${action.entity} has not finished yet ` +
          `(${status ? `${status.state}, ${status.records} records so far` : 'not started'}); retry once it is ready`,
        { progress },
      );
    }
    const result = await options.search.search({ tenantId: record.applicationId, connectorId: record.id, entity: action.entity }, parsed, {
      tenant: searchTenant(record),
      ...(signal ? { signal } : {}),
    });
    return { kind: 'json', body: result };
  }

  return {
    catalog,
    validateNewConnector: (input) => validator.validate(input),

    async check(connectorType, credentials, config, signal) {
      const family = catalog.get(connectorType);
      if (!family) throw new ConfigurationError(`connector type ${JSON.stringify(connectorType)} is not in the catalog`);
      await checkCredentials(family.metadata, pool.transient(connectorType, credentials, config), signal);
    },

    async execute(_principal, record, request, signal) {
      const family = catalog.get(record.connectorType);
      if (!family) {
        const reason = `its type ${JSON.stringify(record.connectorType)} is no longer served by this service`;
        throw new ConfigurationError(`connector type ${JSON.stringify(record.connectorType)} is no longer served by this service`, {
          reason,
        });
      }
      const action = findAction(family.metadata, request.entity, request.action);
      if (action.kind === 'search') return search(record, family, action, request.params, signal);
      const executor = await pool.executorFor(record);
      const result = await executor.execute(
        { entity: request.entity, action: request.action, params: request.params },
        signal ? { signal } : undefined,
      );
      if (result.data instanceof DownloadStream) {
        const file = result.data;
        // Readable.from pulls one chunk per read; destroying the Readable returns the iterator,
        // which cancels the vendor transfer instead of draining it.
        return {
          kind: 'stream',
          stream: Readable.from(file, { objectMode: false }),
          contentType: file.contentType,
          contentLength: file.contentLength,
          fileName: file.fileName,
        };
      }
      return { kind: 'json', body: result };
    },

    forget: (connectorId) => pool.forget(connectorId),
  };
}

/**
 * Whose share of the store a search uses (search/limits/fair-queue.ts): the connector's owner, one
 * external user of one application, the principal the rate limit counts for a scoped token.
 * Several connectors of one user share one share (creating connectors earns no more of the
 * store); two users of one application have one each, as they have a rate budget each.
 */
export function searchTenant(record: Pick<ConnectorRecord, 'applicationId' | 'externalUserId'>): string {
  return JSON.stringify([record.applicationId, record.externalUserId]);
}

/** Executors of this execution's own, for a caller that does not share them with a sync engine (tests, embedders). */
function ownExecutors(options: ExecutionOptions): ExecutorPool {
  const { catalog } = options;
  const baseUrls = checkVendorBaseUrls(catalog, options.vendorBaseUrls);
  return new ExecutorPool({
    credentials: (record) => options.connectors.credentials(record),
    metadataOf: (type) => catalog.get(type)?.metadata,
    baseUrlOf: (type) => baseUrls.get(type),
    ...(options.connectors.updateCredentials
      ? { onTokenRefresh: persistRenewedTokens(catalog, options.connectors.updateCredentials.bind(options.connectors), options.logger) }
      : {}),
    transport: executionTransport(options),
  });
}
