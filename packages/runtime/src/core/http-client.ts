/**
 * The one place a request goes over the wire. It owns the attempt loop: credentials and the single
 * 401 refresh, the per-attempt deadline and abort, redirects by the redirect rule, reading the body
 * within the size cap, the retry policy, and redacted logging. Failures become typed errors in
 * error-mapping.ts, and every error leaves through one redaction point (redactError). Connectors
 * and the cloud client both send through it.
 */
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  MalformedResponseError,
  QuotaExceededError,
  RateLimitError,
  SwitchyardError,
  TimeoutError,
  ValidationError,
} from './errors.js';
import { mapFailure, type ErrorContext, type Failure } from './error-mapping.js';
import type { Logger, LogLevel } from './logger.js';
import { redactError } from './redact-error.js';
import type { Redactor } from './redact.js';
import { DEFAULT_RETRY_POLICY, backoffDelay, shouldRetryStatus, type RetryPolicy } from './retry-policy.js';
import { sleep } from './sleep.js';
import { parseVendorJson } from './vendor-json.js';
import { resolveLimits, type HttpClientConfig, type HttpRequest, type HttpResult, type ResolvedLimits } from './transport-options.js';
import { AttemptAbort } from '../internal/attempt-abort.js';
import { withDeadline } from '../internal/deadlines.js';
import { fetchWire } from '../internal/fetch-wire.js';
import { headerIssues } from '../internal/header-rules.js';
import { poolWire } from '../internal/pool-wire.js';
import { MAX_REDIRECTS, isRedirect, nextHop, type Hop } from '../internal/redirects.js';
import { BodyTooLarge, type Wire, type WireResponse } from '../internal/wire.js';

export { describeFromPaths } from './error-mapping.js';
export type {
  DescribedError,
  HttpClientConfig,
  HttpRequest,
  HttpResult,
  RequestOptions,
  ResponseHead,
  TransportOptions,
} from './transport-options.js';

/** The reason an attempt's controller is aborted with when its deadline passes. */
const TIMEOUT = Symbol('timeout');
/** Error bodies are read for their message only; a huge one is cut rather than failing the call differently. */
const ERROR_BODY_LIMIT = 1024 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

interface Exchange {
  response: WireResponse;
  url: string;
  body: unknown;
  /** Set for streamed downloads and manual redirects; the body is then left to the caller. */
  stream: ReadableStream<Uint8Array> | null | undefined;
  failed: boolean;
}

/** An exchange that finished after its attempt timed out: release a stream nobody will read. */
function releaseLate(late: Exchange): void {
  late.stream?.cancel().catch(() => undefined);
}

export class HttpClient {
  readonly redactor: Redactor;
  private readonly wire: Wire;
  private readonly policy: RetryPolicy;
  private readonly limits: ResolvedLimits;
  private readonly logger: Logger | undefined;

  constructor(private readonly config: HttpClientConfig) {
    this.limits = resolveLimits(config);
    this.redactor = config.redactor;
    this.wire = config.fetch ? fetchWire(config.fetch) : poolWire(this.limits.maxConnections);
    this.policy = { ...DEFAULT_RETRY_POLICY, ...config.retry, maxRetries: config.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries };
    this.logger = config.logger;
  }

  async send(request: HttpRequest): Promise<HttpResult> {
    try {
      const options = request.options ?? {};
      const maxRetries = options.maxRetries ?? this.policy.maxRetries;
      const callerSignal = options.signal;
      const timeoutMs = options.timeout ?? this.limits.timeout;
      const base = this.baseHeaders(request);
      const body = request.body === undefined ? null : typeof request.body === 'string' ? request.body : request.body.toString();
      let retries = 0;
      let refreshedAfter401 = false;
      for (let attempt = 1; ; attempt++) {
        if (callerSignal?.aborted) throw this.fail(request, { kind: 'aborted' });
        // Outside the try below: a call that timed out or was aborted while waiting for its turn never went out, and is not retried.
        if (request.pace) await request.pace(timeoutMs, callerSignal);
        let authTag: unknown;
        // Credential steps have their own retry policy (the token client's); retrying the call on
        // top would multiply token requests and hide the cause behind a later 401.
        let inAuthStep = false;
        try {
          const headers: Record<string, string> = { ...base };
          if (request.auth) {
            inAuthStep = true;
            const applied = request.auth.apply(headers, callerSignal);
            authTag = applied instanceof Promise ? await applied : applied;
            inAuthStep = false;
            // Tokens fetched or rotated just now must be hidden from this very attempt's errors.
            this.redactor.add(...request.auth.secrets());
          }
          const debug = this.logs('debug');
          const started = debug ? performance.now() : 0;
          if (debug) {
            this.log('debug', 'request', {
              operation: request.operation,
              method: request.method,
              url: request.url,
              attempt,
              headers: this.redactor.headers(headers),
            });
          }
          const exchange = await this.attempt(
            request,
            { url: request.url, method: request.method, headers, body },
            timeoutMs,
            callerSignal,
          );
          const { response } = exchange;
          if (debug) {
            this.log('debug', 'response', {
              operation: request.operation,
              status: response.status,
              durationMs: Math.round(performance.now() - started),
            });
          }
          // A refusal of the credentials was not processed, so one retry with fresh ones is safe for any request.
          const refreshOnce = async (after: string): Promise<boolean> => {
            if (!request.auth?.refresh || refreshedAfter401) return false;
            refreshedAfter401 = true;
            inAuthStep = true;
            const refreshed = await request.auth.refresh(authTag, callerSignal);
            inAuthStep = false;
            if (refreshed) this.log('info', `credentials refreshed after ${after}; retrying once`, { operation: request.operation });
            return refreshed;
          };
          if (!exchange.failed) {
            try {
              if (exchange.stream === undefined) request.inspect?.(exchange.body, response);
            } catch (error) {
              // The vendor refused the credentials inside a 2xx body (a spec's `authCodes`): as after a 401.
              if (error instanceof AuthenticationError && (await refreshOnce(`the vendor refused them (HTTP ${response.status})`)))
                continue;
              throw error;
            }
            return {
              status: response.status,
              headers: response.headers,
              url: exchange.url,
              body: exchange.body,
              stream: exchange.stream ?? null,
            };
          }
          const refusedCredentials = response.status === 401 || this.config.isAuthFailure?.(response.status, exchange.body) === true;
          if (
            refusedCredentials &&
            (await refreshOnce(response.status === 401 ? '401' : `the vendor refused them (HTTP ${response.status})`))
          )
            continue;
          throw this.fail(request, { kind: 'status', status: response.status, headers: response.headers, body: exchange.body });
        } catch (raw) {
          const error = raw instanceof SwitchyardError ? raw : this.fail(request, this.classify(raw, timeoutMs, callerSignal));
          if (inAuthStep) throw error;
          const delay = this.retryDelay(error, request.idempotent, retries, options.maxRetryAfterMs ?? this.policy.maxRetryAfterMs);
          if (delay === undefined || retries >= maxRetries) throw error;
          retries++;
          this.log('warn', 'retrying', {
            operation: request.operation,
            attempt,
            delayMs: delay,
            reason: error instanceof ApiError ? `HTTP ${error.status}` : error.name,
          });
          await sleep(delay, callerSignal, `${request.operation} aborted by the caller`);
        }
      }
    } catch (error) {
      // The one redaction point: whatever is thrown, by whichever step, leaves redacted whole.
      throw redactError(error, this.redactor);
    }
  }

  /** Default, request and per-call headers; those given per call are checked before any I/O. */
  private baseHeaders(request: HttpRequest): Record<string, string> {
    const perCall = request.options?.headers;
    const issues = [...headerIssues(request.headers, 'headers'), ...headerIssues(perCall, 'options.headers')];
    if (issues.length > 0) throw new ValidationError(request.operation, issues);
    const headers: Record<string, string> = { ...this.config.defaultHeaders, ...request.headers, ...perCall };
    if (request.body instanceof URLSearchParams && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = FORM_TYPE;
    }
    return headers;
  }

  /**
   * One attempt, redirects included, under one deadline. It has its own abort, linked to the
   * caller's signal: when the deadline passes or the caller aborts, the request or the body being
   * read is cancelled and its socket closed, not merely abandoned.
   */
  private async attempt(request: HttpRequest, first: Hop, timeoutMs: number, callerSignal: AbortSignal | undefined): Promise<Exchange> {
    const abort = new AttemptAbort();
    const onCallerAbort = callerSignal ? () => abort.abort(callerSignal.reason) : undefined;
    if (onCallerAbort) callerSignal!.addEventListener('abort', onCallerAbort, { once: true });
    let streaming = false;
    try {
      const exchange = await withDeadline(
        this.exchange(request, first, abort),
        timeoutMs,
        () => {
          abort.abort(TIMEOUT);
          return TIMEOUT;
        },
        releaseLate,
      );
      // A stream outlives the attempt: the caller's signal must still be able to cancel it, until
      // the stream ends, fails or is cancelled (a signal shared by many calls keeps no listener).
      streaming = exchange.stream !== undefined && exchange.stream !== null;
      if (streaming && onCallerAbort) {
        exchange.stream = releasingOnClose(exchange.stream!, () => callerSignal!.removeEventListener('abort', onCallerAbort));
      }
      return exchange;
    } catch (error) {
      // Whatever failed (a body over the cap, a refused redirect), nothing more is read on this attempt:
      // aborting releases the request and its socket even where cancelling a body stream does not.
      abort.abort(error);
      throw error;
    } finally {
      if (onCallerAbort && !streaming) callerSignal!.removeEventListener('abort', onCallerAbort);
    }
  }

  private async exchange(request: HttpRequest, first: Hop, abort: AttemptAbort): Promise<Exchange> {
    // Downloads and manual redirects hand the body on as a stream; every other body is read whole.
    const read = request.responseType === 'stream' || request.redirect === 'manual' ? 'stream' : 'whole';
    let hop = first;
    for (let redirects = 0; ; redirects++) {
      const response = await this.wire({ url: hop.url, method: hop.method, headers: hop.headers, body: hop.body, abort, read });
      const { status } = response;
      if (isRedirect(status) && request.redirect === 'manual') {
        // The caller follows the Location itself; a redirect's body (often HTML or XML) is not read.
        return { response, url: hop.url, body: undefined, stream: response.stream(), failed: false };
      }
      if (isRedirect(status)) {
        const next = nextHop(request.url, hop, status, response.headers.get('location'));
        if (next.kind !== 'none') {
          response.discard();
          if (next.kind === 'refuse') {
            throw this.fail(request, { kind: 'redirect-refused', status, headers: response.headers, reason: next.reason });
          }
          if (redirects >= MAX_REDIRECTS) {
            const reason = `after ${MAX_REDIRECTS} redirects (the chain may loop)`;
            throw this.fail(request, { kind: 'redirect-refused', status, headers: response.headers, reason });
          }
          hop = next.hop;
          continue;
        }
      }
      if (status >= 200 && status < 300) {
        if (request.responseType === 'stream') return { response, url: hop.url, body: undefined, stream: response.stream(), failed: false };
        const text = await response.text(this.limits.maxResponseBytes);
        if (text === '') return { response, url: hop.url, body: null, stream: undefined, failed: false };
        let body: unknown;
        try {
          body = parseVendorJson(text);
        } catch {
          throw this.fail(request, { kind: 'malformed', status, headers: response.headers, text });
        }
        return { response, url: hop.url, body, stream: undefined, failed: false };
      }
      return { response, url: hop.url, body: await readErrorBody(response), stream: undefined, failed: true };
    }
  }

  /** What a thrown value that is not yet a typed error means. */
  private classify(raw: unknown, timeoutMs: number, callerSignal: AbortSignal | undefined): Failure {
    if (raw === TIMEOUT) return { kind: 'timeout', timeoutMs };
    if (callerSignal?.aborted) return { kind: 'aborted' };
    if (raw instanceof BodyTooLarge) return { kind: 'too-large', limitBytes: raw.limit };
    return { kind: 'network', cause: raw };
  }

  private fail(request: HttpRequest, failure: Failure): SwitchyardError {
    const context: ErrorContext = {
      operation: request.operation,
      method: request.method,
      url: request.url,
      describeError: this.config.describeError,
      isRateLimited: this.config.isRateLimited,
      isAuthFailure: this.config.isAuthFailure,
      isQuotaExceeded: this.config.isQuotaExceeded,
      rateLimitReset: this.config.rateLimitReset,
      requestIdHeaders: this.config.requestIdHeaders,
      redactor: this.redactor,
    };
    return mapFailure(failure, context);
  }

  /** How long to wait before retrying `error`, or undefined when it must not be retried. */
  private retryDelay(error: SwitchyardError, idempotent: boolean, retry: number, maxRetryAfterMs: number): number | undefined {
    if (error instanceof QuotaExceededError) return undefined; // retrying cannot succeed before the quota renews
    if (error instanceof RateLimitError) {
      if (error.retryAfterMs !== undefined) {
        return error.retryAfterMs > maxRetryAfterMs ? undefined : error.retryAfterMs;
      }
      return backoffDelay(this.policy, retry);
    }
    if (error instanceof ApiError) {
      return shouldRetryStatus(this.policy, error.status, idempotent) ? backoffDelay(this.policy, retry) : undefined;
    }
    // A 2xx that is not JSON was not a valid answer: like a 5xx, the vendor may have acted, so reads only.
    if (error instanceof TimeoutError || error instanceof ConnectionError || error instanceof MalformedResponseError) {
      return idempotent ? backoffDelay(this.policy, retry) : undefined;
    }
    return undefined;
  }

  /** Whether lines of `level` go anywhere: only then are their fields built and redacted. */
  private logs(level: LogLevel): boolean {
    const logger = this.logger;
    return logger !== undefined && typeof logger[level] === 'function' && logger.isLevelEnabled?.(level) !== false;
  }

  private log(level: LogLevel, message: string, fields: Record<string, unknown>): void {
    if (!this.logs(level)) return;
    this.logger![level]!(`[switchyard] ${message}`, this.redactor.value(fields));
  }
}

/** The same bytes; `release` runs once when the stream ends, fails or is cancelled. */
function releasingOnClose(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          release();
          throw error;
        }
        if (next.done) {
          release();
          controller.close();
        } else controller.enqueue(next.value);
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** An error body, for its message: JSON when it parses, else its text; cut at ERROR_BODY_LIMIT. */
async function readErrorBody(response: WireResponse): Promise<unknown> {
  let text: string;
  try {
    text = await response.text(ERROR_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLarge) return undefined;
    throw error;
  }
  if (text === '') return null;
  try {
    return parseVendorJson(text);
  } catch {
    return text;
  }
}
