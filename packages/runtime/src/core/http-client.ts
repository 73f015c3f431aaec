/**
 * The one place a request goes over the wire. It owns per-attempt timeouts linked to the caller's
 * AbortSignal, auth headers and the single 401 refresh, the retry policy, mapping failures to the
 * error hierarchy and redacted logging. Connectors and the cloud client both send through it.
 */
import type { AuthProvider } from './auth.js';
import { AbortError, ApiError, ConnectionError, RateLimitError, SwitchyardError, TimeoutError, errorClassForStatus } from './errors.js';
import type { Logger } from './logger.js';
import { DEFAULT_RETRY_POLICY, backoffDelay, serverRequestedDelay, shouldRetryStatus, type RetryPolicy } from './retry-policy.js';
import { Redactor } from './redact.js';
import { sleep } from '../internal/sleep.js';

/** Options every client accepts. */
export interface TransportOptions {
  /** A fetch implementation (defaults to the global fetch). */
  fetch?: typeof fetch;
  /** Milliseconds per attempt before a TimeoutError (default 60 000). */
  timeout?: number;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Redacted request, response and retry events. */
  logger?: Logger;
  /** Advanced: backoff tuning. */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
}

/** Options of a single call. */
export interface RequestOptions {
  signal?: AbortSignal;
  timeout?: number;
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface DescribedError {
  message?: string | undefined;
  code?: string | undefined;
}

export interface HttpRequest {
  /** Names the operation in messages and logs ("messaging channels.create"). */
  operation: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** Safe to send twice (reads, GraphQL queries). Decides which failures are retried. */
  idempotent: boolean;
  /** null: send no credentials (pre-signed file URLs on another host). */
  auth: AuthProvider | null;
  responseType: 'json' | 'stream';
  /** Inspects a parsed 2xx body and throws for failures reported inside it. */
  inspect?: (body: unknown, response: Response) => void;
  redirect?: RequestRedirect;
  options?: RequestOptions | undefined;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  url: string;
  /** Parsed JSON (json responses). */
  body: unknown;
  /** The body stream (stream responses). */
  stream: ReadableStream<Uint8Array> | null;
}

export interface HttpClientConfig extends TransportOptions {
  redactor: Redactor;
  describeError?: (status: number, body: unknown) => DescribedError;
  /** True when a non-2xx body says "throttled" in the vendor's words (not only HTTP 429). */
  isRateLimited?: (status: number, body: unknown) => boolean;
  rateLimitReset?: { header?: string; format?: 'unix-seconds' | 'unix-ms' | 'delta-seconds' } | undefined;
  requestIdHeaders?: readonly string[] | undefined;
  defaultHeaders?: Record<string, string>;
}

const TIMEOUT = Symbol('timeout');

export class HttpClient {
  readonly redactor: Redactor;
  private readonly fetchImpl: typeof fetch;
  private readonly policy: RetryPolicy;
  private readonly timeout: number;
  private readonly logger: Logger | undefined;
  private readonly requestIdHeaders: readonly string[];

  constructor(private readonly config: HttpClientConfig) {
    this.redactor = config.redactor;
    this.fetchImpl = config.fetch ?? globalThis.fetch.bind(globalThis);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...config.retry, maxRetries: config.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries };
    this.timeout = config.timeout ?? 60_000;
    this.logger = config.logger;
    this.requestIdHeaders = config.requestIdHeaders ?? ['x-request-id'];
  }

  async send(request: HttpRequest): Promise<HttpResult> {
    const options = request.options ?? {};
    const maxRetries = options.maxRetries ?? this.policy.maxRetries;
    const callerSignal = options.signal;
    let retries = 0;
    let refreshedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      if (callerSignal?.aborted) throw new AbortError(`${request.operation} aborted by the caller`);
      const controller = new AbortController();
      const onCallerAbort = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
      const timer = setTimeout(() => controller.abort(TIMEOUT), options.timeout ?? this.timeout);
      let keepLinked = false;
      let authTag: unknown;
      try {
        const headers: Record<string, string> = { ...this.config.defaultHeaders, ...request.headers, ...options.headers };
        if (request.auth) {
          authTag = await request.auth.apply(headers, callerSignal);
          // Tokens fetched or rotated just now must be hidden from this very attempt's errors.
          this.redactor.add(...request.auth.secrets());
        }
        const started = this.logger ? performance.now() : 0;
        this.log('debug', 'request', { operation: request.operation, method: request.method, url: request.url, attempt });
        const response = await this.fetchImpl(request.url, {
          method: request.method,
          headers,
          body: request.body ?? null,
          signal: controller.signal,
          redirect: request.redirect ?? 'follow',
        });
        if (this.logger) {
          this.log('debug', 'response', {
            operation: request.operation,
            status: response.status,
            durationMs: Math.round(performance.now() - started),
          });
        }
        if (response.ok && request.responseType === 'stream') {
          keepLinked = true; // the caller's signal must still cancel the body while it streams
          return { status: response.status, headers: response.headers, url: response.url, body: undefined, stream: response.body };
        }
        if (response.ok || (response.status >= 300 && response.status < 400 && request.redirect === 'manual')) {
          const body = await readJson(response, request.operation);
          request.inspect?.(body, response);
          return { status: response.status, headers: response.headers, url: response.url, body, stream: null };
        }
        const body = await readErrorBody(response);
        if (response.status === 401 && request.auth?.refresh && !refreshedAfter401) {
          refreshedAfter401 = true;
          // A 401 was not processed, so one retry with fresh credentials is safe for any request.
          if (await request.auth.refresh(authTag, callerSignal)) {
            this.log('info', 'credentials refreshed after 401; retrying once', { operation: request.operation });
            continue;
          }
        }
        throw this.apiError(request, response, body);
      } catch (raw) {
        const error = this.normalize(raw, request, controller, callerSignal);
        const delay = this.retryDelay(error, request.idempotent, retries);
        if (delay === undefined || retries >= maxRetries) throw error;
        retries++;
        this.log('warn', 'retrying', {
          operation: request.operation,
          attempt,
          delayMs: delay,
          reason: error instanceof ApiError ? `HTTP ${error.status}` : error.name,
        });
        await sleep(delay, callerSignal);
      } finally {
        clearTimeout(timer);
        if (!keepLinked) callerSignal?.removeEventListener('abort', onCallerAbort);
      }
    }
  }

  /** How long to wait before retrying `error`, or undefined when it must not be retried. */
  private retryDelay(error: SwitchyardError, idempotent: boolean, retry: number): number | undefined {
    if (error instanceof RateLimitError) {
      if (error.retryAfterMs !== undefined) {
        return error.retryAfterMs > this.policy.maxRetryAfterMs ? undefined : error.retryAfterMs;
      }
      return backoffDelay(this.policy, retry);
    }
    if (error instanceof ApiError) {
      return shouldRetryStatus(this.policy, error.status, idempotent) ? backoffDelay(this.policy, retry) : undefined;
    }
    if (error instanceof TimeoutError || error instanceof ConnectionError) return idempotent ? backoffDelay(this.policy, retry) : undefined;
    return undefined;
  }

  private normalize(raw: unknown, request: HttpRequest, controller: AbortController, callerSignal?: AbortSignal): SwitchyardError {
    if (raw instanceof SwitchyardError) return raw;
    const target = `${request.method} ${this.redactor.text(stripQuery(request.url))}`;
    if (controller.signal.aborted) {
      if (controller.signal.reason === TIMEOUT && !callerSignal?.aborted) {
        return new TimeoutError(`${request.operation} timed out (${target}); raise the timeout option or retry later`);
      }
      return new AbortError(`${request.operation} aborted by the caller (${target})`);
    }
    const cause = raw instanceof Error ? ((raw.cause as Error | undefined)?.message ?? raw.message) : String(raw);
    return new ConnectionError(
      `${request.operation} could not complete (${target}): ${this.redactor.text(cause)}. The connection failed or was dropped before a full response arrived`,
    );
  }

  private apiError(request: HttpRequest, response: Response, body: unknown): ApiError {
    const described = this.config.describeError?.(response.status, body) ?? {};
    const requestId = this.requestIdHeaders.map((h) => response.headers.get(h)).find((v) => v) ?? undefined;
    const vendorWords = described.message ?? (typeof body === 'string' ? body.slice(0, 300) : undefined);
    const hint = HINTS[response.status] ?? (response.status >= 500 ? 'the vendor failed; retry later' : '');
    const message = this.redactor.text(
      `${request.operation} failed with HTTP ${response.status}${described.code ? ` (${described.code})` : ''}` +
        `${vendorWords ? `: ${vendorWords}` : ''} — ${request.method} ${stripQuery(request.url)}` +
        `${hint ? `. ${hint}` : ''}${requestId ? ` [request id ${requestId}]` : ''}`,
    );
    const init = { status: response.status, headers: response.headers, body: this.redactor.value(body), requestId, code: described.code };
    if (response.status === 429 || this.config.isRateLimited?.(response.status, body)) {
      return new RateLimitError(message, {
        ...init,
        retryAfterMs: serverRequestedDelay(response.headers, this.config.rateLimitReset),
      });
    }
    const ErrorClass = errorClassForStatus(response.status);
    return new ErrorClass(message, init);
  }

  private log(level: keyof Logger, message: string, fields: Record<string, unknown>): void {
    const sink = this.logger?.[level];
    if (!sink) return;
    if (typeof fields['url'] === 'string') fields['url'] = this.redactor.text(fields['url']);
    sink.call(this.logger, `[switchyard] ${message}`, fields);
  }
}

const HINTS: Record<number, string> = {
  401: 'Check the credentials passed in `auth`',
  403: 'The credentials lack a permission or scope this call needs',
  404: 'Check the identifiers in the parameters',
  409: 'The resource changed or already exists',
  429: 'Rate limited; wait before retrying',
};

function stripQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

async function readJson(response: Response, operation: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(`${operation}: the vendor answered HTTP ${response.status} with a body that is not JSON`, {
      status: response.status,
      headers: response.headers,
      body: text.slice(0, 500),
    });
  }
}

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Standard message and code paths tried for error bodies when a caller gives none. */
export function describeFromPaths(messagePaths: readonly string[], codePaths: readonly string[], get: (v: unknown, p: string) => unknown) {
  return (_status: number, body: unknown): DescribedError => {
    const pick = (paths: readonly string[]) => {
      for (const path of paths) {
        const value = get(body, path);
        if (typeof value === 'string' && value !== '') return value;
      }
      return undefined;
    };
    return { message: pick(messagePaths), code: pick(codePaths) };
  };
}
