/**
 * The real execution service for the dual-mode suite: started in-process with `startService` on
 * the embedded store (PGlite) in a temporary data directory, every connector family pointed at its
 * vendor fake (the operator's `--vendor-base-url`), the admin API on. Applications and connectors
 * are created through the public HTTP API, exactly as a user of the service would
 * (`platformClient`, which test/packaging also uses against `switchyard serve` from an npm install).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectorMetadata } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { DEFAULT_LIMITS, startService, type HttpLimits, type RunningService, type ServiceConfig } from '@switchyard/server';

export const ADMIN_TOKEN = 'hosted-suite-admin-token-5f1e2d3c4b5a69788796a5b4';

/** What a platform does over the service's HTTP API: one application, its connectors, their first sync. */
export interface PlatformClient {
  readonly url: string;
  /** Credentials of one platform application, created through the admin API. */
  readonly application: { clientId: string; clientSecret: string };
  /** POST /v1/integrations/connectors for `externalUserId`, with the application token; the connector view. */
  createConnector(
    externalUserId: string,
    connectorType: string,
    credentials: Record<string, string>,
    replicationConfig: Record<string, unknown>,
    config?: Record<string, unknown>,
  ): Promise<{ id: string }>;
  /** Waits (bounded) until the connector's first sync is `ready`; fails with the status when it failed. */
  waitForSync(connectorId: string, timeoutMs?: number): Promise<ConnectorStatus>;
}

export interface HostedService extends PlatformClient {
  readonly running: RunningService;
  close(): Promise<void>;
}

/**
 * The SDK's hosted executor for one connector at the service, acting as its application for
 * `externalUserId`. Build one per connector and keep it: it keeps its token as a user's client
 * does, where a new one per call would have the service check the client secret (scrypt) each time.
 */
export function hostedExecutor(
  service: Pick<PlatformClient, 'url' | 'application'>,
  metadata: ConnectorMetadata,
  externalUserId: string,
  connectorId: string,
): HostedExecutor {
  return new HostedExecutor(metadata, {
    baseUrl: service.url,
    externalUserId,
    clientId: service.application.clientId,
    clientSecret: service.application.clientSecret,
    connectorId,
  });
}

export interface ConnectorStatus {
  sync_status: string;
  entities: { entity: string; state: string; records: number; error: { name: string; message: string } | null }[];
}

export interface HostedServiceOptions {
  /** PostgreSQL instead of the embedded store (a database of the suite's own: the service adopts every connector in it). */
  readonly databaseUrl?: string | undefined;
  /** Every log line the service writes, at trace level, is pushed here (default: no logging). */
  readonly logLines?: string[];
  /** HTTP limits over DEFAULT_LIMITS: a suite making thousands of calls from one token raises the rate limit. */
  readonly limits?: Partial<HttpLimits>;
}

export async function startHostedService(
  vendorBaseUrls: Record<string, string>,
  options: HostedServiceOptions = {},
): Promise<HostedService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-hosted-suite-'));
  const lines = options.logLines;
  const config: ServiceConfig = {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    vendorBaseUrls,
    adminToken: ADMIN_TOKEN,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    logLevel: lines ? 'trace' : 'silent',
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  };
  const running = await startService(config, {
    log: lines ? { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } : false,
  });
  return {
    ...(await platformClient(running.url, ADMIN_TOKEN)),
    running,
    async close() {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates one application through the admin API of the service at `url`, and acts as it. */
export async function platformClient(url: string, adminToken: string): Promise<PlatformClient> {
  /** `token` undefined: a public route (the token exchange). */
  const call = async (method: string, path: string, token: string | undefined, json?: unknown): Promise<any> => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const created = (await call('POST', '/api/v1/admin/applications', adminToken, { name: 'hosted suite' })) as {
    client_id: string;
    client_secret: string;
  };
  const application = { clientId: created.client_id, clientSecret: created.client_secret };
  const issueApplicationToken = async (): Promise<{ token: string; renewAt: number }> => {
    const issued = (await call('POST', '/api/v1/account/applications/token', undefined, {
      client_id: application.clientId,
      client_secret: application.clientSecret,
    })) as { access_token: string; expires_in: number };
    return { token: issued.access_token, renewAt: Date.now() + (issued.expires_in * 1000) / 2 };
  };
  // Issuing a token checks the client secret with scrypt, costly by design (~26 ms of CPU), and a
  // token lasts 15 minutes: one is kept until half its life has passed, as a client keeps it, not
  // issued again for every call (a suite's setup polled its syncs with 75 of them).
  let kept: { token: string; renewAt: number } | undefined;
  const applicationToken = async (): Promise<string> => {
    if (!kept || Date.now() >= kept.renewAt) kept = await issueApplicationToken();
    return kept.token;
  };
  return {
    url,
    application,
    async createConnector(externalUserId, connectorType, credentials, replicationConfig, config) {
      return (await call('POST', '/v1/integrations/connectors', await applicationToken(), {
        external_user_id: externalUserId,
        connector_type: connectorType,
        name: `${connectorType} of ${externalUserId}`,
        credentials,
        replication_config: replicationConfig,
        ...(config ? { config } : {}),
      })) as { id: string };
    },
    async waitForSync(connectorId, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      // The application's tokens share one budget (600 requests a minute by default) and a suite
      // waits for several syncs at once, so the polls slow down as a sync takes longer: quick
      // answers for the quick syncs (PGlite), about one poll per connector every 2 s for the slow.
      for (let poll = 0; ; poll++) {
        const view = (await call('GET', `/api/v1/connectors/sources/${connectorId}`, await applicationToken())) as ConnectorStatus;
        if (view.sync_status === 'ready') return view;
        if (view.sync_status === 'failed') throw new Error(`the sync of ${connectorId} failed: ${JSON.stringify(view.entities)}`);
        if (Date.now() > deadline)
          throw new Error(`the sync of ${connectorId} was not ready after ${timeoutMs} ms: ${JSON.stringify(view)}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 * 2 ** poll)));
      }
    },
  };
}

export interface JsonSchema {
  properties?: Record<string, { type?: string; format?: string; minimum?: number; enum?: unknown[] }>;
  required?: string[];
}

/**
 * A valid replication_config from the connector's published schema: the required settings with the
 * widest choice (the earliest start date, no look-back, no side effects such as joining channels),
 * so the synced copy holds every record the list actions return.
 */
export function replicationConfig(schema: JsonSchema | undefined): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) {
    const property = schema!.properties?.[name] ?? {};
    if (property.enum) config[name] = property.enum[0];
    else if (property.type === 'boolean') config[name] = false;
    else if (property.type === 'integer' || property.type === 'number') config[name] = property.minimum ?? 0;
    else if (property.format === 'date-time') config[name] = '2000-01-01T00:00:00Z';
    else throw new Error(`replication setting ${name}: the hosted suites cannot make up a value for ${JSON.stringify(property)}`);
  }
  return config;
}
