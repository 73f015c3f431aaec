/**
 * The service commands' way to the execution service's HTTP API (server README: "Applications,
 * tokens and credentials", "Executing actions", "Sync"), as the platform application: its client
 * id and secret buy an application token, which acts for any of its external users. With
 * `--external-user-id`, calls carry that user's scoped token instead (the runtime's
 * createHostedAuth), so the service itself confines them to that user's connectors.
 *
 * Failures are problem+json documents; the runtime's problem table turns each into the error class
 * its code names (errorFromProblem), the same classes the SDK raises, which the CLI's exit codes
 * are keyed by.
 */
import { ApiError, createHostedAuth, type AuthProvider } from '@switchyard/runtime';
import {
  createApplicationAuth,
  DEFAULT_RETRY_POLICY,
  describeFromPaths,
  errorFromProblem,
  HttpClient,
  baseUrlProblem,
  Redactor,
} from '@switchyard/runtime/internal';
import type { AgentConnector } from '../connectors/agent-connector.js';
import type { PackageSet } from './package-set.js';
import { MissingCredentialsError, type Environment } from '../connectors/env-credentials.js';
import { hostedConnector } from '../connectors/hosted.js';
import { ConfigurationError } from '@switchyard/runtime';
import { UsageError } from './options.js';
import { DEFAULT_PROFILE, readProfile, readProfiles } from './profiles.js';

/** Where the service is and who the application is. */
export interface ServiceTarget {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A connector record as the service shows it (never its credentials). */
export interface ConnectorView {
  readonly id: string;
  readonly external_user_id: string;
  readonly connector_type: string;
  readonly name: string;
  readonly sync_status: string;
  readonly last_synced_at: string | null;
  readonly next_sync_at?: string | null;
  readonly entities: readonly EntityStatus[];
  readonly [member: string]: unknown;
}

export interface EntityStatus {
  readonly entity: string;
  readonly state: string;
  readonly records: number;
  readonly records_per_second: number | null;
  readonly last_synced_at: string | null;
  readonly error: { readonly name: string; readonly message: string } | null;
}

export interface TargetOptions {
  readonly service?: string | undefined;
  readonly profile?: string | undefined;
}

/**
 * Which service and application: `--profile <name>` uses that stored profile (`--service`
 * overriding its URL); without it, SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET when both are
 * set (with `--service`); else the `default` profile. Nothing is mixed between the sources.
 */
export async function resolveTarget(options: TargetOptions, env: Environment): Promise<ServiceTarget> {
  const fromProfile = async (name: string): Promise<ServiceTarget> => {
    const profile = await readProfile(env, name);
    return { baseUrl: serviceUrl(options.service ?? profile.service), clientId: profile.client_id, clientSecret: profile.client_secret };
  };
  if (options.profile !== undefined) return fromProfile(options.profile);
  const clientId = env['SWITCHYARD_CLIENT_ID'];
  const clientSecret = env['SWITCHYARD_CLIENT_SECRET'];
  if (clientId && clientSecret) {
    if (options.service === undefined)
      throw new UsageError('give --service <url>: SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET are set, and they name no service');
    return { baseUrl: serviceUrl(options.service), clientId, clientSecret };
  }
  if (DEFAULT_PROFILE in (await readProfiles(env))) return fromProfile(DEFAULT_PROFILE);
  throw new MissingCredentialsError([
    'no application credentials: run "switchyard login --service <url>" once (stores a profile), ' +
      'or set SWITCHYARD_CLIENT_ID and SWITCHYARD_CLIENT_SECRET and give --service <url>',
  ]);
}

export function serviceUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new UsageError(`--service: ${problem}`);
  return value.replace(/\/+$/, '');
}

export interface ServiceClientOptions {
  /** Act as this external user (a scoped token) rather than as the application. */
  readonly externalUserId?: string | undefined;
  readonly fetch?: typeof fetch;
}

export class ServiceClient {
  readonly baseUrl: string;
  readonly auth: AuthProvider;
  private readonly http: HttpClient;
  private readonly externalUserId: string | undefined;

  constructor(target: ServiceTarget, options: ServiceClientOptions = {}) {
    this.baseUrl = target.baseUrl;
    this.externalUserId = options.externalUserId;
    const common = { baseUrl: target.baseUrl, clientId: target.clientId, clientSecret: target.clientSecret, ...fetchOf(options) };
    this.auth =
      options.externalUserId === undefined
        ? createApplicationAuth(common)
        : createHostedAuth({ ...common, externalUserId: options.externalUserId });
    const redactor = new Redactor();
    redactor.add(target.clientSecret);
    this.http = new HttpClient({
      ...fetchOf(options),
      redactor,
      // As the hosted executor: a 502 or 504 is a vendor failure the service has already retried.
      retry: { retryIdempotentStatuses: DEFAULT_RETRY_POLICY.retryIdempotentStatuses.filter((s) => s !== 502 && s !== 504) },
      describeError: describeFromPaths(['detail', 'title'], ['code']),
      defaultHeaders: { accept: 'application/json' },
      name: 'Switchyard execution service',
    });
  }

  /** The connectors the credentials see (an application: all of its users', or `externalUserId`'s). */
  async list(externalUserId?: string): Promise<ConnectorView[]> {
    const query = externalUserId === undefined ? '' : `?external_user_id=${encodeURIComponent(externalUserId)}`;
    const body = await this.call('list connectors', 'GET', `/api/v1/connectors/sources${query}`, undefined, true);
    const data = (body as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? (data as ConnectorView[]) : [];
  }

  async get(id: string): Promise<ConnectorView> {
    return (await this.call(
      `get connector ${id}`,
      'GET',
      `/api/v1/connectors/sources/${encodeURIComponent(id)}`,
      undefined,
      true,
    )) as ConnectorView;
  }

  async create(body: Record<string, unknown>): Promise<ConnectorView> {
    return (await this.call('create connector', 'POST', '/v1/integrations/connectors', body, false)) as ConnectorView;
  }

  async remove(id: string): Promise<void> {
    await this.call(`delete connector ${id}`, 'DELETE', `/api/v1/connectors/sources/${encodeURIComponent(id)}`, undefined, false);
  }

  /** Starts a sync now; the view as the service answers the request (202). */
  async sync(id: string): Promise<ConnectorView> {
    return (await this.call(
      `sync connector ${id}`,
      'POST',
      `/api/v1/connectors/sources/${encodeURIComponent(id)}/sync`,
      undefined,
      false,
    )) as ConnectorView;
  }

  /** The connector with id `id` as an AgentConnector running through the service (the hosted executor). */
  async connector(id: string, packages: PackageSet, options: { fetch?: typeof fetch } = {}): Promise<AgentConnector> {
    const view = await this.get(id);
    const pkg = await packages.get(view.connector_type);
    if (!pkg) {
      throw new ConfigurationError(
        `connector ${id} is a ${view.connector_type} connector, a type this switchyard has no package for (it has ${packages.types.join(', ')})`,
      );
    }
    return hostedConnector(pkg, view, {
      baseUrl: this.baseUrl,
      externalUserId: this.externalUserId ?? view.external_user_id,
      auth: this.auth,
      ...fetchOf(options),
    });
  }

  private async call(operation: string, method: string, path: string, json: unknown, idempotent: boolean): Promise<unknown> {
    try {
      const result = await this.http.send({
        operation,
        method,
        url: this.baseUrl + path,
        ...(json === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
        idempotent,
        auth: this.auth,
        responseType: 'json',
      });
      return result.body;
    } catch (error) {
      throw error instanceof ApiError ? errorFromProblem(error, operation) : error;
    }
  }
}

function fetchOf(options: { fetch?: typeof fetch | undefined }): { fetch?: typeof fetch } {
  return options.fetch ? { fetch: options.fetch } : {};
}
