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
import { withDeadline } from '../internal/deadlines.js';
import { getPath } from '../internal/paths.js';
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
  /** True when a non-2xx answer says "throttled" in the vendor's words (not only HTTP 429). */
  isRateLimited?: (status: number, body: unknown, headers: Headers) => boolean;
  rateLimitReset?: { header?: string; format?: 'unix-seconds' | 'unix-ms' | 'delta-seconds' } | undefined;
  requestIdHeaders?: readonly string[] | undefined;
  defaultHeaders?: Record<string, string>;
}

const TIMEOUT = Symbol('timeout');

/** An exchange that finished after its attempt timed out: release a stream nobody will read. */
function releaseLate(late: Exchange): void {
  late.stream?.cancel().catch(() => undefined);
}

interface Exchange {
  response: Response;
  body: unknown;
  /** Set for streamed downloads and manual redirects; the body is then left to the caller. */
  stream: ReadableStream<Uint8Array> | null | undefined;
  failed: boolean;
}

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
    const timeoutMs = options.timeout ?? this.timeout;
    let retries = 0;
    let refreshedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      if (callerSignal?.aborted) throw new AbortError(`${request.operation} aborted by the caller`);
      let authTag: unknown;
      // Credential steps have their own retry policy (the token client's); retrying the call on
      // top would multiply token requests and hide the cause behind a later 401.
      let inAuthStep = false;
      try {
        const headers: Record<string, string> = { ...this.config.defaultHeaders, ...request.headers, ...options.headers };
        if (request.auth) {
          inAuthStep = true;
          const applied = request.auth.apply(headers, callerSignal);
          authTag = applied instanceof Promise ? await applied : applied;
          inAuthStep = false;
          // Tokens fetched or rotated just now must be hidden from this very attempt's errors.
          this.redactor.add(...request.auth.secrets());
        }
        const started = this.logger ? performance.now() : 0;
        if (this.logger) {
          this.log('debug', 'request', {
            operation: request.operation,
            method: request.method,
            url: request.url,
            attempt,
            headers: this.redactor.headers(headers),
          });
        }
        const exchange = await withDeadline(this.exchange(request, headers, callerSignal), timeoutMs, TIMEOUT, releaseLate);
        const { response } = exchange;
        if (this.logger) {
          this.log('debug', 'response', {
            operation: request.operation,
            status: response.status,
            durationMs: Math.round(performance.now() - started),
          });
        }
        if (!exchange.failed) {
          if (exchange.stream === undefined) request.inspect?.(exchange.body, response);
          return {
            status: response.status,
            headers: response.headers,
            url: response.url,
            body: exchange.body,
            stream: exchange.stream ?? null,
          };
        }
        if (response.status === 401 && request.auth?.refresh && !refreshedAfter401) {
          refreshedAfter401 = true;
          // A 401 was not processed, so one retry with fresh credentials is safe for any request.
          inAuthStep = true;
          const refreshed = await request.auth.refresh(authTag, callerSignal);
          inAuthStep = false;
          if (refreshed) {
            this.log('info', 'credentials refreshed after 401; retrying once', { operation: request.operation });
            continue;
          }
        }
        throw this.apiError(request, response, exchange.body);
      } catch (raw) {
        const error = this.normalize(raw, request, timeoutMs, callerSignal);
        if (inAuthStep) throw error;
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
      }
    }
  }

  /**
   * One request and, except for streams and redirects the caller follows, its whole body. The
   * caller's signal goes to fetch as is (it also cancels a body being streamed); the per-attempt
   * timeout races this promise instead of aborting it, because a signal per attempt costs about 5%
   * of a loopback round trip (bench/request-overhead.ts). A timed-out exchange is abandoned; it
   * keeps its socket until the server answers or undici's own header/body timeouts close it, and a
   * stream it delivers late is cancelled (releaseLate).
   */
  private async exchange(request: HttpRequest, headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Exchange> {
    const response = await this.fetchImpl(request.url, {
      method: request.method,
      headers,
      body: request.body ?? null,
      signal: signal ?? null,
      redirect: request.redirect ?? 'follow',
    });
    if (response.ok && request.responseType === 'stream') return { response, body: undefined, stream: response.body, failed: false };
    if (response.status >= 300 && response.status < 400 && request.redirect === 'manual') {
      // The caller follows the Location itself; a redirect's body (often HTML or XML) is not read.
      return { response, body: undefined, stream: response.body, failed: false };
    }
    if (response.ok) return { response, body: await readJson(response, request.operation), stream: undefined, failed: false };
    return { response, body: await readErrorBody(response), stream: undefined, failed: true };
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

  private normalize(raw: unknown, request: HttpRequest, timeoutMs: number, callerSignal?: AbortSignal): SwitchyardError {
    if (raw instanceof SwitchyardError) return raw;
    const target = `${request.method} ${this.redactor.text(stripQuery(request.url))}`;
    if (callerSignal?.aborted) return new AbortError(`${request.operation} aborted by the caller (${target})`);
    if (raw === TIMEOUT) {
      return new TimeoutError(`${request.operation} timed out after ${timeoutMs} ms (${target}); raise the timeout option or retry later`);
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
    if (response.status === 429 || this.config.isRateLimited?.(response.status, body, response.headers)) {
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
export function describeFromPaths(messagePaths: readonly string[], codePaths: readonly string[]) {
  return (_status: number, body: unknown): DescribedError => {
    const pick = (paths: readonly string[]) => {
      for (const path of paths) {
        const value = getPath(body, path);
        if (typeof value === 'string' && value !== '') return value;
      }
      return undefined;
    };
    return { message: pick(messagePaths), code: pick(codePaths) };
  };
}
