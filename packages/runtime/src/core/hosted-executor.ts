/**
 * Hosted mode: the connector runs inside the Switchyard execution service, which holds the
 * credentials and the synced copy that `search` queries. This executor posts `{entity, action,
 * params}` to `POST {baseUrl}/api/v1/connectors/sources/{id}/execute` with a token scoped to one
 * external user, and returns exactly what open-source mode returns: the same `{data, meta}`, the
 * same DownloadStream, the same error classes. Nothing here names a vendor.
 */
import type { AuthProvider } from './auth.js';
import { DownloadStream, downloadInfo } from './download.js';
import { describeFromPaths } from './error-mapping.js';
import { ApiError, ConfigurationError, NotFoundError, ValidationError, type ValidationIssue } from './errors.js';
import { baseUrlProblem } from './http-url.js';
import type { ExecuteRequest, ExecuteResult, Executor } from './executor.js';
import { findAction } from './find-action.js';
import { applicationAuth, hostedAuth } from './hosted-auth.js';
import { HttpClient, type HttpResult, type RequestOptions } from './http-client.js';
import type { Logger } from './logger.js';
import type { ActionMetadata, ConnectorMetadata } from './metadata.js';
import { errorFromProblem, isQuotaProblem } from './problem-mapping.js';
import { redactError } from './redact-error.js';
import { Redactor } from './redact.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.js';
import { searchParamsIssues } from './search/read-search.js';
import { validateParams } from './validation.js';

export interface HostedOptions {
  /** The execution service's URL (`https://switchyard.example.com`). */
  baseUrl: string;
  /** The user of your application whose connector this is. */
  externalUserId: string;
  /**
   * Your platform application's client id and secret (from the service's admin API). Required
   * unless `auth` is given.
   */
  clientId?: string;
  clientSecret?: string;
  /**
   * Instead of `clientId`/`clientSecret`: what authorizes each call to the service. Pass one
   * `createHostedAuth({...})` to several executors so they share one pair of tokens, or a
   * `new StaticHeaderAuth('authorization', 'Bearer ' + token, [token])` when you hold a scoped token
   * your backend obtained (an end user's client, an MCP session).
   */
  auth?: AuthProvider;
  /**
   * The connector record to run. Without it, the external user's connectors are listed once and
   * the one of this connector's type is used (an error when there is none, or several).
   */
  connectorId?: string;
  /** A fetch implementation (default: the runtime's own connection pool). */
  fetch?: typeof fetch;
  /** Milliseconds per attempt before a TimeoutError (default 60 000). */
  timeout?: number;
  /** Retries after the first attempt (default 2); writes are never re-sent after a failure that may have run them. */
  maxRetries?: number;
  /** Redacted request, response and retry events. */
  logger?: Logger;
  /** Advanced: backoff tuning. */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
}

const EXECUTE_PATH = (id: string) => `/api/v1/connectors/sources/${encodeURIComponent(id)}/execute`;
const SOURCES_PATH = '/api/v1/connectors/sources';
const CREATE_PATH = '/v1/integrations/connectors';

export class HostedExecutor implements Executor {
  readonly mode = 'hosted' as const;
  readonly baseUrl: string;
  private readonly http: HttpClient;
  private readonly auth: AuthProvider;
  private readonly externalUserId: string;
  private connectorId: Promise<string> | undefined;

  constructor(
    private readonly metadata: ConnectorMetadata,
    options: HostedOptions,
  ) {
    const owner = `${metadata.title} connector (hosted)`;
    checkOptions(owner, options);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.externalUserId = options.externalUserId;
    if (options.connectorId !== undefined) this.connectorId = Promise.resolve(options.connectorId);
    this.http = serviceHttpClient(owner, options);
    this.auth =
      options.auth ??
      hostedAuth(this.http, {
        baseUrl: this.baseUrl,
        clientId: options.clientId!,
        clientSecret: options.clientSecret!,
        externalUserId: options.externalUserId,
      });
  }

  async execute(request: ExecuteRequest, options?: RequestOptions): Promise<ExecuteResult> {
    const action = findAction(this.metadata, request.entity, request.action);
    const operation = `${this.metadata.name} ${action.entity}.${action.action}`;
    try {
      // Bad input fails here, before any request, exactly as in open-source mode.
      checkParams(operation, action, request.params);
      const id = await this.resolveConnectorId(options);
      const download = action.kind === 'download';
      const result = await this.http.send({
        operation,
        method: 'POST',
        url: this.baseUrl + EXECUTE_PATH(id),
        headers: { 'content-type': 'application/json', ...(download ? { accept: '*/*' } : {}) },
        body: JSON.stringify({ entity: action.entity, action: action.action, ...(request.params ? { params: request.params } : {}) }),
        // Reads may be sent again after a dropped connection; writes never are.
        idempotent: action.idempotent,
        auth: this.auth,
        responseType: download ? 'stream' : 'json',
        options,
      });
      if (download) return this.downloadResult(result, operation, options);
      return action.kind === 'search' ? searchResult(result.body, operation) : executeResult(result.body, action, operation);
    } catch (error) {
      throw redactError(error instanceof ApiError ? errorFromProblem(error, operation) : error, this.http.redactor);
    }
  }

  /** The given connector id, or the external user's one connector of this type (looked up once). */
  private resolveConnectorId(options?: RequestOptions): Promise<string> {
    this.connectorId ??= this.lookUpConnector(options).catch((error: unknown) => {
      this.connectorId = undefined; // a failed lookup is tried again by the next call
      throw error;
    });
    return this.connectorId;
  }

  private async lookUpConnector(options?: RequestOptions): Promise<string> {
    const operation = `${this.metadata.name} connector lookup`;
    const type = this.metadata.name;
    // A problem answer is mapped by the caller (execute), under the name of the call that needed the id.
    const result = await this.http.send({
      operation,
      method: 'GET',
      url: `${this.baseUrl}${SOURCES_PATH}?external_user_id=${encodeURIComponent(this.externalUserId)}`,
      idempotent: true,
      auth: this.auth,
      responseType: 'json',
      // Only the caller's signal: one call's timeout or retry settings do not decide the shared lookup.
      options: options?.signal ? { signal: options.signal } : undefined,
    });
    const list = (result.body as { data?: unknown } | null)?.data;
    const views = Array.isArray(list) ? (list as { id?: unknown; connector_type?: unknown; name?: unknown }[]) : [];
    const matches = views.filter((v) => v.connector_type === type && typeof v.id === 'string');
    if (matches.length === 1) return matches[0]!.id as string;
    if (matches.length === 0) {
      throw new NotFoundError(
        `${operation}: external user "${this.externalUserId}" has no ${type} connector at ${this.baseUrl}. ` +
          `Create one with POST ${this.baseUrl}${CREATE_PATH} {"external_user_id": "${this.externalUserId}", ` +
          `"connector_type": "${type}", "credentials": {…}}, or pass connectorId`,
        { status: 404, headers: result.headers, body: result.body },
      );
    }
    throw new ConfigurationError(
      `${operation}: external user "${this.externalUserId}" has ${matches.length} ${type} connectors ` +
        `(${matches.map((m) => `${String(m.id)}${typeof m.name === 'string' ? ` "${m.name}"` : ''}`).join(', ')}); pass connectorId to choose one`,
    );
  }

  private downloadResult(result: HttpResult, operation: string, options?: RequestOptions): ExecuteResult {
    const info = downloadInfo(result.headers, result.url);
    // The service names the file; the execute URL's last segment ("execute") is no file name.
    const fileName = result.headers.has('content-disposition') ? info.fileName : null;
    return {
      data: new DownloadStream(result.stream, { ...info, fileName }, operation, options?.signal, this.http.redactor),
      meta: { content_type: info.contentType, content_length: info.contentLength, file_name: fileName },
    };
  }
}

/** What `hostedAuth` needs: the service and the platform application acting for one external user. */
export type HostedAuthOptions = Pick<
  HostedOptions,
  'baseUrl' | 'externalUserId' | 'fetch' | 'timeout' | 'maxRetries' | 'logger' | 'retry'
> & {
  clientId: string;
  clientSecret: string;
};

/**
 * The execution service's tokens for one external user (application token, then scoped token,
 * each cached and renewed single-flight), as an AuthProvider several hosted executors can share
 * through `HostedOptions.auth`: one pair of tokens for all of them instead of one pair each.
 */
export function createHostedAuth(options: HostedAuthOptions): AuthProvider {
  const owner = 'Switchyard execution service (hosted)';
  checkOptions(owner, options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return hostedAuth(serviceHttpClient(owner, options), {
    baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    externalUserId: options.externalUserId,
  });
}

/** What `createApplicationAuth` needs: the service and the platform application, acting for itself. */
export type ApplicationAuthOptions = Omit<HostedAuthOptions, 'externalUserId'>;

/**
 * The platform application's own token (renewed single-flight), for the calls an application makes
 * for itself rather than for one external user: listing, creating and deleting connectors of any
 * of its users, starting their syncs, running their connectors (`switchyard connectors`, `sync`).
 */
export function createApplicationAuth(options: ApplicationAuthOptions): AuthProvider {
  const owner = 'Switchyard execution service (application)';
  checkOptions(owner, options, { user: false });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return applicationAuth(serviceHttpClient(owner, options), { baseUrl, clientId: options.clientId, clientSecret: options.clientSecret });
}

/** The HTTP client every call to the service goes through: its retry policy, problem+json errors, redaction. */
function serviceHttpClient(
  owner: string,
  options: Omit<HostedOptions, 'clientId' | 'clientSecret' | 'externalUserId'> & { clientSecret?: string },
): HttpClient {
  const redactor = new Redactor();
  redactor.add(options.clientSecret);
  return new HttpClient({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    // The service answers 502 and 504 only for a vendor failure it has already retried with the
    // connector's own policy; sending the call again would multiply those retries.
    retry: {
      ...options.retry,
      retryIdempotentStatuses: (options.retry?.retryIdempotentStatuses ?? DEFAULT_RETRY_POLICY.retryIdempotentStatuses).filter(
        (s) => s !== 502 && s !== 504,
      ),
    },
    redactor,
    describeError: describeFromPaths(['detail', 'title'], ['code']),
    // The service answers a vendor's quota answer with 429; sending the call again cannot succeed before it renews.
    isQuotaExceeded: (_status, body) => isQuotaProblem(body),
    defaultHeaders: { accept: 'application/json' },
    name: owner,
  });
}

/**
 * The action's parameter rules; a search is read by the search language's own reader, the one the
 * service parses it with (core/search/read-search.ts), so what passes here the service reads alike.
 */
function checkParams(operation: string, action: ActionMetadata, params: Record<string, unknown> | undefined): void {
  if (action.kind !== 'search') {
    validateParams(operation, action.params, params);
    return;
  }
  const issues: ValidationIssue[] = searchParamsIssues(params ?? {});
  if (issues.length) throw new ValidationError(operation, issues);
}

/** A 200 of the execute endpoint: `{data, meta}` exactly as open-source mode returns it. */
function executeResult(body: unknown, action: ActionMetadata, operation: string): ExecuteResult {
  if (!isObject(body) || !('data' in body)) throw unexpectedBody(operation, body);
  const data = body['data'] ?? (action.returnsList ? [] : null);
  return { data, meta: isObject(body['meta']) ? body['meta'] : {} };
}

/** A search answer `{hits, next_cursor, took_ms}`, in the shape of every other action: `{data: hits, meta}`. */
function searchResult(body: unknown, operation: string): ExecuteResult {
  if (!isObject(body) || !Array.isArray(body['hits'])) throw unexpectedBody(operation, body);
  const next = body['next_cursor'];
  return {
    data: body['hits'],
    meta: { next_cursor: typeof next === 'string' && next !== '' ? next : null, took_ms: Number(body['took_ms'] ?? 0) },
  };
}

function unexpectedBody(operation: string, body: unknown): ApiError {
  return new ApiError(`${operation}: the execution service answered 200 without the expected result members`, {
    status: 200,
    headers: new Headers(),
    body,
  });
}

function checkOptions(
  owner: string,
  options: Omit<HostedOptions, 'externalUserId'> & { externalUserId?: string },
  which = { user: true },
): void {
  const problems: string[] = [];
  const nonEmpty = (name: keyof HostedOptions) => {
    const value = options[name];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`\`${name}\` must be a non-empty string`);
  };
  nonEmpty('baseUrl');
  if (which.user) nonEmpty('externalUserId');
  if (options.auth === undefined) {
    nonEmpty('clientId');
    nonEmpty('clientSecret');
  } else if (typeof options.auth?.apply !== 'function' || typeof options.auth.secrets !== 'function') {
    problems.push('`auth` must be an AuthProvider (apply and secrets), such as createHostedAuth(...)');
  }
  if (options.connectorId !== undefined) nonEmpty('connectorId');
  const urlProblem = typeof options.baseUrl === 'string' && options.baseUrl.trim() !== '' ? baseUrlProblem(options.baseUrl) : undefined;
  if (urlProblem) problems.push(`\`baseUrl\`: ${urlProblem}`);
  if (problems.length) throw new ConfigurationError(`${owner}: ${problems.join('; ')}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
