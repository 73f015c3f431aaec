/**
 * Open-source mode: the connector calls the vendor directly with the caller's credentials.
 * Everything here is driven by the connector's metadata; no vendor is named in this file.
 */
import type { AuthProvider, TokenSet } from './auth.js';
import { DownloadStream, downloadInfo } from './download.js';
import { ApiError, ConfigurationError, HostedOnlyError, NotFoundError, ValidationError } from './errors.js';
import type { ExecuteRequest, ExecuteResult, Executor } from './executor.js';
import {
  HttpClient,
  describeFromPaths,
  type HttpRequest,
  type HttpResult,
  type RequestOptions,
  type TransportOptions,
} from './http-client.js';
import type { ActionMetadata, ConnectorMetadata, DownloadRule } from './metadata.js';
import { validateParams } from './validation.js';
import { createAuthProvider, matchAuthKind } from '../internal/auth-factory.js';
import { getPath } from '../internal/paths.js';
import { Redactor } from './redact.js';
import { buildRequest } from '../internal/request-builder.js';
import { checkBodyErrors, checkSuccessFlag, nextCursor, readMeta, readRecords } from '../internal/response-reader.js';
import { fillTemplate } from '../internal/template.js';

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

const MAX_FILE_REDIRECTS = 5;
const EMPTY = Symbol('empty');

export class OpenSourceExecutor implements Executor {
  readonly mode = 'open-source' as const;
  readonly baseUrl: string;
  private readonly http: HttpClient;
  private readonly auth: AuthProvider;
  private readonly requestIdHeaders: readonly string[];
  private readonly rateLimitReset: { header?: string; format?: 'unix-seconds' | 'unix-ms' | 'delta-seconds' } | undefined;

  constructor(
    private readonly metadata: ConnectorMetadata,
    options: OpenSourceOptions,
  ) {
    const connector = `${metadata.title} connector`;
    const kind = matchAuthKind(connector, metadata.auth, options.auth);
    this.auth = createAuthProvider(kind, options.auth as Record<string, string>, { ...options, connector });
    this.baseUrl = resolveBaseUrl(metadata, options);
    this.requestIdHeaders = metadata.requestIdHeaders ?? ['x-request-id'];
    this.rateLimitReset = metadata.rateLimit
      ? { header: metadata.rateLimit.resetHeader, format: metadata.rateLimit.resetFormat }
      : undefined;
    const redactor = new Redactor();
    redactor.add(...this.auth.secrets());
    this.http = new HttpClient({
      ...options,
      redactor,
      describeError: describeFromPaths(metadata.errorMessage, metadata.errorCode),
      isRateLimited: (status, body, headers) => isRateLimitedBody(metadata, body) || isRateLimitedStatus(metadata, status, headers),
      rateLimitReset: this.rateLimitReset,
      requestIdHeaders: this.requestIdHeaders,
      defaultHeaders: { accept: 'application/json', ...metadata.headers, ...options.headers },
    });
  }

  async execute(request: ExecuteRequest, options?: RequestOptions): Promise<ExecuteResult> {
    const action = this.action(request.entity, request.action);
    const operation = `${this.metadata.name} ${action.entity}.${action.action}`;
    if (action.hostedOnly) {
      throw new HostedOnlyError(
        `${operation} queries the synced copy kept by the Switchyard execution service, so it works in hosted mode only ` +
          `(a connector created with an executor for the service). In open-source mode, read ${action.entity} through its list or get actions.`,
      );
    }
    const params = validateParams(operation, action.params, request.params);
    const built = buildRequest(this.baseUrl, action, params);
    const result = await this.sendOrEmpty(action, {
      operation,
      method: built.method,
      url: built.url,
      headers: built.headers,
      ...(built.body !== undefined ? { body: built.body } : {}),
      idempotent: action.idempotent,
      auth: this.auth,
      responseType: action.download && 'direct' in action.download ? 'stream' : 'json',
      ...(action.download && 'direct' in action.download ? { redirect: 'manual' as const } : {}),
      inspect: (body, response) => {
        checkBodyErrors(
          {
            operation,
            rules: this.metadata.bodyErrors,
            redactor: this.http.redactor,
            requestIdHeaders: this.requestIdHeaders,
            rateLimitReset: this.rateLimitReset,
          },
          body,
          response,
        );
        checkSuccessFlag(operation, action, body, response.status, this.http.redactor);
      },
      options,
    });
    if (result === EMPTY)
      return { data: action.kind === 'list' || action.pagination ? [] : null, meta: readMeta(action, null, new Headers(), null) };
    if (action.download) {
      if ('direct' in action.download) {
        const location = result.status >= 300 && result.status < 400 ? result.headers.get('location') : null;
        if (!location) return streamResult(result, operation, options?.signal);
        await result.stream?.cancel().catch(() => undefined);
        return this.fetchFile(operation, new URL(location, built.url).toString(), built.fileHeaders, options);
      }
      return this.secondStep(operation, action.download, result, built.select, built.fileHeaders, options);
    }
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

  private action(entity: string, name: string): ActionMetadata {
    const entityActions = this.metadata.actions[entity];
    const action = entityActions?.[name];
    if (action) return action;
    const issue = entityActions
      ? {
          path: 'action',
          rule: 'enum',
          message: `"${name}" is not an action of ${entity}; known: ${Object.keys(entityActions).join(', ')}`,
        }
      : {
          path: 'entity',
          rule: 'enum',
          message: `"${entity}" is not an entity of this connector; known: ${Object.keys(this.metadata.actions).join(', ')}`,
        };
    throw new ValidationError(`${this.metadata.name} execute`, [issue]);
  }

  /** Two-step download: find the file URL in the first response, then stream it. */
  private async secondStep(
    operation: string,
    rule: DownloadRule,
    first: HttpResult,
    select: Record<string, unknown>,
    fileHeaders: Record<string, string>,
    options?: RequestOptions,
  ): Promise<ExecuteResult> {
    const fileUrl = pickFileUrl(operation, rule, first, select);
    return this.fetchFile(operation, new URL(fileUrl, first.url || this.baseUrl).toString(), fileHeaders, options);
  }

  /** GETs a file URL, following redirects by hand so credentials never reach another origin. */
  private async fetchFile(
    operation: string,
    fileUrl: string,
    fileHeaders: Record<string, string>,
    options?: RequestOptions,
  ): Promise<ExecuteResult> {
    let url = fileUrl;
    const apiOrigin = new URL(this.baseUrl).origin;
    for (let hop = 0; hop <= MAX_FILE_REDIRECTS; hop++) {
      // Pre-signed storage URLs on another host must never receive the vendor credentials.
      const sameOrigin = new URL(url).origin === apiOrigin;
      const response = await this.http.send({
        operation: `${operation} (file)`,
        method: 'GET',
        url,
        headers: { accept: '*/*', ...fileHeaders },
        idempotent: true,
        auth: sameOrigin ? this.auth : null,
        responseType: 'stream',
        redirect: 'manual',
        options,
      });
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) return streamResult(response, operation, options?.signal);
      await response.stream?.cancel().catch(() => undefined);
      url = new URL(location, url).toString();
    }
    throw new ConfigurationError(`${operation}: the file URL redirected more than ${MAX_FILE_REDIRECTS} times`);
  }
}

function pickFileUrl(operation: string, rule: DownloadRule, first: HttpResult, select: Record<string, unknown>): string {
  const body = first.body;
  let holder: unknown = body;
  if (rule.from !== undefined) {
    const items = getPath(body, rule.from);
    const list = Array.isArray(items) ? items : [];
    const wanted = Object.entries(rule.match ?? {}).filter(([, param]) => select[param] !== undefined);
    let candidates = list.filter((item) => wanted.every(([field, param]) => getPath(item, field) === select[param]));
    const index = rule.indexParam ? select[rule.indexParam] : undefined;
    if (typeof index === 'number') candidates = candidates.slice(index, index + 1);
    holder = candidates[0];
    if (holder === undefined) {
      const criteria = wanted.map(([field, param]) => `${field}=${JSON.stringify(select[param])}`);
      if (typeof index === 'number') criteria.push(`index ${index}`);
      const itemName = rule.itemName ?? 'file';
      throw new NotFoundError(
        `${operation}: no ${itemName} matched${criteria.length ? ` ${criteria.join(', ')}` : ''}; ` +
          `the record has ${list.length} ${itemName}${list.length === 1 ? '' : 's'}` +
          `${list.length ? ` (${list.map((i) => describeItem(i)).join('; ')})` : ''}`,
        { status: 404, headers: first.headers, body: undefined },
      );
    }
  }
  const url = getPath(holder, rule.url);
  if (typeof url !== 'string' || url === '') {
    throw new NotFoundError(`${operation}: the vendor's response has no file URL at ${rule.url}`, {
      status: 404,
      headers: first.headers,
      body: undefined,
    });
  }
  return url;
}

function describeItem(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  return ['type', 'filename', 'name']
    .filter((k) => typeof record[k] === 'string')
    .map((k) => `${k} ${JSON.stringify(record[k])}`)
    .join(', ');
}

function streamResult(result: HttpResult, operation: string, signal?: AbortSignal): ExecuteResult {
  const info = downloadInfo(result.headers, result.url);
  return {
    data: new DownloadStream(result.stream, info, operation, signal),
    meta: { content_type: info.contentType, content_length: info.contentLength, file_name: info.fileName },
  };
}

/** A body-error rule's rate-limit code found in an error body, whatever the HTTP status. */
function isRateLimitedBody(metadata: ConnectorMetadata, body: unknown): boolean {
  return metadata.bodyErrors.some((rule) => {
    if (!rule.rateLimitCodes?.length) return false;
    const code = getPath(body, rule.code);
    return typeof code === 'string' && rule.rateLimitCodes.includes(code);
  });
}

/** A non-429 answer the spec declares as throttling (GitHub: 403 with Retry-After). */
function isRateLimitedStatus(metadata: ConnectorMetadata, status: number, headers: Headers): boolean {
  return (metadata.rateLimit?.alsoWhen ?? []).some((rule) => {
    if (rule.status !== status) return false;
    const value = headers.get(rule.header);
    return value !== null && (rule.equals === undefined || value.trim() === rule.equals);
  });
}

function resolveBaseUrl(metadata: ConnectorMetadata, options: OpenSourceOptions): string {
  if (options.baseUrl) return options.baseUrl.replace(/\/+$/, '');
  const connector = `${metadata.title} connector`;
  const config = validateParams(`${connector} config`, metadata.config, options.config);
  return fillTemplate(metadata.baseUrl, config, encodeURIComponent).replace(/\/+$/, '');
}
