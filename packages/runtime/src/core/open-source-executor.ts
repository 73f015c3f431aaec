/**
 * Open-source mode: the connector calls the vendor directly with the caller's credentials.
 * Everything here is driven by the connector's metadata; no vendor is named in this file.
 */
import type { AuthProvider, TokenSet } from './auth.js';
import { downloadResult, type DownloadContext } from './download.js';
import { describeFromPaths } from './error-mapping.js';
import { ApiError, ConfigurationError, HostedOnlyError } from './errors.js';
import { baseUrlProblem } from './http-url.js';
import { findAction } from './find-action.js';
import type { ExecuteRequest, ExecuteResult, Executor } from './executor.js';
import { HttpClient, type HttpRequest, type HttpResult, type RequestOptions, type TransportOptions } from './http-client.js';
import type { ActionMetadata, ConnectorMetadata, RateLimitReset, ThrottledWhen } from './metadata.js';
import { isQuotaAnswer } from './quota.js';
import { RateSpacing } from './rate-spacing.js';
import { redactError } from './redact-error.js';
import { Redactor } from './redact.js';
import { validateParams } from './validation.js';
import { metadataForKind } from './variants.js';
import { createAuthProvider, matchAuthKind } from '../internal/auth-factory.js';
import { getPath } from '../internal/paths.js';
import { buildRequest } from '../internal/request-builder.js';
import { checkBodyErrors, checkRecordsList, checkSuccessFlag, nextCursor, readMeta, readRecords } from '../internal/response-reader.js';
import { baseUrlFromConfig } from '../internal/config-base-url.js';

export interface OpenSourceOptions<Auth = Record<string, string>, Config = Record<string, unknown>> extends TransportOptions {
  /** Credential fields of one of the connector's credential kinds. */
  auth: Auth;
  /** Config variables used in the base URL (e.g. a support-desk subdomain). */
  config?: Config;
  /** Overrides the vendor's base URL (a proxy, a regional host, a local fake). */
  baseUrl?: string;
  /** Headers added to every vendor request. */
  headers?: Record<string, string>;
  /** Called with rotated OAuth tokens so they can be persisted. */
  onTokenRefresh?: (tokens: TokenSet) => void | Promise<void>;
}

const EMPTY = Symbol('empty');

export class OpenSourceExecutor implements Executor {
  readonly mode = 'open-source' as const;
  readonly baseUrl: string;
  private readonly http: HttpClient;
  private readonly auth: AuthProvider;
  private readonly requestIdHeaders: readonly string[];
  private readonly rateLimitReset: RateLimitReset | undefined;
  private readonly downloads: DownloadContext;
  /** Shared by every call of this instance: helpers, execute, pagination and retries. */
  private readonly spacing: RateSpacing;
  /** The connector's metadata as the caller's credential kind runs it (see variants.ts). */
  readonly metadata: ConnectorMetadata;

  constructor(base: ConnectorMetadata, options: OpenSourceOptions) {
    const connector = `${base.title} connector`;
    const kind = matchAuthKind(connector, base.auth, options.auth);
    const metadata = metadataForKind(base, kind);
    this.metadata = metadata;
    this.baseUrl = resolveBaseUrl(metadata, options);
    // A relative token URL follows the base URL (and its override): see internal/token-url.ts.
    this.auth = createAuthProvider(kind, options.auth as Record<string, string>, { ...options, connector, baseUrl: this.baseUrl });
    this.requestIdHeaders = metadata.requestIdHeaders ?? ['x-request-id'];
    this.rateLimitReset = metadata.rateLimit
      ? { header: metadata.rateLimit.resetHeader, format: metadata.rateLimit.resetFormat }
      : undefined;
    this.spacing = new RateSpacing(metadata.rateLimit, connector);
    const redactor = new Redactor();
    redactor.add(...this.auth.secrets());
    this.http = new HttpClient({
      ...options,
      redactor,
      describeError: describeFromPaths(metadata.errorMessage, metadata.errorCode, metadata.errorRequestId),
      isRateLimited: (status, body, headers) =>
        bodyCodeListed(metadata, body, 'rateLimitCodes') || isRateLimitedStatus(metadata, status, headers, body),
      isAuthFailure: (_status, body) => bodyCodeListed(metadata, body, 'authCodes'),
      isQuotaExceeded: (status, body) => isQuotaAnswer(metadata.rateLimit?.quota, status, body),
      rateLimitReset: this.rateLimitReset,
      requestIdHeaders: this.requestIdHeaders,
      defaultHeaders: { accept: 'application/json', ...metadata.headers, ...options.headers },
      name: connector,
    });
    this.downloads = { http: this.http, auth: this.auth, baseUrl: this.baseUrl };
  }

  async execute(request: ExecuteRequest, options?: RequestOptions): Promise<ExecuteResult> {
    try {
      return await this.dispatch(request, options);
    } catch (error) {
      // Errors raised here rather than in the transport (validation, a missing file) leave redacted too.
      throw redactError(error, this.http.redactor);
    }
  }

  private async dispatch(request: ExecuteRequest, options?: RequestOptions): Promise<ExecuteResult> {
    const action = findAction(this.metadata, request.entity, request.action);
    const operation = `${this.metadata.name} ${action.entity}.${action.action}`;
    if (action.hostedOnly) {
      throw new HostedOnlyError(
        `${operation} queries the synced copy kept by the Switchyard execution service, so it works in hosted mode only ` +
          `(a connector created with an executor for the service). In open-source mode, read ${action.entity} through its list or get actions.`,
      );
    }
    if (action.unsupported !== undefined) {
      throw new ConfigurationError(`${operation} is not available with these credentials: ${action.unsupported}`, {
        reason: `not available with these credentials: ${action.unsupported}`,
      });
    }
    const params = validateParams(operation, action.params, request.params);
    const built = buildRequest(this.baseUrl, action, params, operation);
    const direct = action.download !== undefined && 'direct' in action.download;
    const result = await this.sendOrEmpty(action, {
      operation,
      method: built.method,
      url: built.url,
      headers: built.headers,
      ...(built.body !== undefined ? { body: built.body } : {}),
      idempotent: action.idempotent,
      auth: this.auth,
      responseType: direct ? 'stream' : 'json',
      ...(direct ? { redirect: 'manual' as const } : {}),
      ...(this.spacing.applies(action.rateGroup)
        ? { pace: (timeoutMs: number, signal?: AbortSignal) => this.spacing.wait(action.rateGroup, operation, timeoutMs, signal) }
        : {}),
      inspect: (body, response) => {
        checkBodyErrors(
          {
            operation,
            rules: this.metadata.bodyErrors,
            requestIdHeaders: this.requestIdHeaders,
            rateLimitReset: this.rateLimitReset,
            url: built.url,
          },
          body,
          response,
        );
        checkSuccessFlag(operation, action, body, response.status);
        checkRecordsList(operation, action, body, response);
      },
      options,
    });
    if (result === EMPTY) return { data: action.returnsList ? [] : null, meta: readMeta(action, null, new Headers(), null) };
    if (action.download) return downloadResult(this.downloads, operation, action.download, result, built, options);
    const next = nextCursor(action.pagination, result.body, result.headers, result.url || built.url);
    return { data: readRecords(action, result.body), meta: readMeta(action, result.body, result.headers, next) };
  }

  /** Sends the action's request; a status the spec declares as "nothing matched" gives EMPTY. */
  private async sendOrEmpty(action: ActionMetadata, request: HttpRequest): Promise<HttpResult | typeof EMPTY> {
    const emptyOn = action.response?.emptyOnStatus;
    if (!emptyOn?.length) return this.http.send(request);
    try {
      return await this.http.send(request);
    } catch (error) {
      if (error instanceof ApiError && emptyOn.includes(error.status)) return EMPTY;
      throw error;
    }
  }
}

/**
 * Whether an error body carries one of a body-error rule's listed codes, whatever the HTTP status:
 * `rateLimitCodes` (Linear's RATELIMITED with 400) or `authCodes` (its AUTHENTICATION_ERROR with 400).
 */
function bodyCodeListed(metadata: ConnectorMetadata, body: unknown, list: 'rateLimitCodes' | 'authCodes'): boolean {
  return metadata.bodyErrors.some((rule) => {
    const codes = rule[list];
    if (!codes?.length) return false;
    const code = getPath(body, rule.code);
    return typeof code === 'string' && codes.includes(code);
  });
}

/**
 * A non-429 answer the spec declares as throttling (GitHub: 403 with Retry-After, or whose message
 * says "secondary rate limit"): the wait it implies when it names none, or true; false otherwise.
 */
function isRateLimitedStatus(metadata: ConnectorMetadata, status: number, headers: Headers, body: unknown): boolean | number {
  const rule = (metadata.rateLimit?.alsoWhen ?? []).find((r) => r.status === status && headerHolds(r, headers) && bodyHolds(r, body));
  return rule === undefined ? false : (rule.waitMs ?? true);
}

function headerHolds(rule: ThrottledWhen, headers: Headers): boolean {
  if (rule.header === undefined) return true;
  const value = headers.get(rule.header);
  return value !== null && (rule.equals === undefined || value.trim() === rule.equals);
}

function bodyHolds(rule: ThrottledWhen, body: unknown): boolean {
  if (rule.bodyPath === undefined || rule.contains === undefined) return true;
  const text = getPath(body, rule.bodyPath);
  return typeof text === 'string' && text.toLowerCase().includes(rule.contains.toLowerCase());
}

function resolveBaseUrl(metadata: ConnectorMetadata, options: OpenSourceOptions): string {
  const connector = `${metadata.title} connector`;
  if (options.baseUrl) {
    const problem = typeof options.baseUrl !== 'string' ? 'not a string' : baseUrlProblem(options.baseUrl);
    if (problem) throw new ConfigurationError(`${connector}: \`baseUrl\`: ${problem}`);
    return options.baseUrl.replace(/\/+$/, '');
  }
  const config = validateParams(`${connector} config`, metadata.config, options.config);
  return baseUrlFromConfig(metadata.baseUrl, metadata.config, config).replace(/\/+$/, '');
}
