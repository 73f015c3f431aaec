/**
 * What callers and clients hand to the HttpClient, and the defaults applied to it. Options are
 * checked once, at construction, so a bad value fails with a ConfigurationError naming the option
 * instead of a network error later.
 */
import type { RateLimitReset } from './metadata.js';
import type { AuthProvider } from './auth.js';
import { ConfigurationError } from './errors.js';
import type { Logger } from './logger.js';
import type { Redactor } from './redact.js';
import type { RetryPolicy } from './retry-policy.js';
import { headerIssues } from '../internal/header-rules.js';

/**
 * Connections per origin when the caller sets none. High enough that ordinary parallel work
 * (pages fetched side by side, a batch of writes) never waits for a socket; low enough that a
 * burst of thousands of calls cannot exhaust file descriptors or trip a vendor's limit on
 * concurrent connections. Extra calls queue inside the client until a connection frees up.
 */
export const DEFAULT_MAX_CONNECTIONS = 64;
/** JSON bodies above this are refused (downloads are streamed and not capped). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Options every client accepts. */
export interface TransportOptions {
  /**
   * A fetch implementation. By default the runtime uses its own connection pool (undici), which
   * enforces `maxConnections`; a fetch given here brings its own pool, and the cap is its to set.
   */
  fetch?: typeof fetch;
  /** Milliseconds per attempt before a TimeoutError (default 60 000). The attempt is aborted and its connection closed. */
  timeout?: number;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Open connections per origin (default 64); further calls wait for a free one. */
  maxConnections?: number;
  /** Largest JSON response body accepted, in bytes (default 64 MiB); larger ones raise ResponseTooLargeError. */
  maxResponseBytes?: number;
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
  /**
   * The longest wait a throttled answer (Retry-After, a reset header) may ask of this call before
   * it is retried; a longer one raises the RateLimitError at once. Default: the client's
   * `retry.maxRetryAfterMs` (60 000). The execution service bounds request-time calls lower than
   * its background syncs, which share the same connector instance.
   */
  maxRetryAfterMs?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface DescribedError {
  message?: string | undefined;
  code?: string | undefined;
  /** The vendor's request id when the error body carries one (it wins over requestIdHeaders). */
  requestId?: string | undefined;
}

/** What `inspect` sees of a response. */
export interface ResponseHead {
  status: number;
  headers: Headers;
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
  inspect?: (body: unknown, response: ResponseHead) => void;
  /**
   * 'follow' (default): same-origin redirects are followed with every header; a redirect to another
   * origin keeps only content-negotiation headers and never re-sends a body. 'manual': a 3xx is
   * returned to the caller with its Location (downloads follow by hand).
   */
  redirect?: 'follow' | 'manual';
  options?: RequestOptions | undefined;
  /**
   * Waits for the call's turn under client-side rate spacing (rate-spacing.ts), before every
   * attempt, retries included. Rejects with TimeoutError or AbortError; neither is retried.
   */
  pace?: ((timeoutMs: number, signal: AbortSignal | undefined) => Promise<void>) | undefined;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  /** The URL that answered (after redirects). */
  url: string;
  /** Parsed JSON (json responses). */
  body: unknown;
  /** The body stream (stream responses, and 3xx answers with redirect 'manual'). */
  stream: ReadableStream<Uint8Array> | null;
}

export interface HttpClientConfig extends TransportOptions {
  redactor: Redactor;
  /** Names the client in configuration errors ("Messaging connector"). */
  name?: string;
  describeError?: (status: number, body: unknown) => DescribedError;
  /** True when a non-2xx answer says "throttled" in the vendor's words (not only HTTP 429). */
  isRateLimited?: (status: number, body: unknown, headers: Headers) => boolean | number;
  /** True when a non-2xx answer's body says the credentials were refused, whatever its status (a spec's `authCodes`). */
  isAuthFailure?: (status: number, body: unknown) => boolean;
  /** True when a non-2xx answer says the vendor's quota is used up: raised as QuotaExceededError, never retried. */
  isQuotaExceeded?: (status: number, body: unknown, headers: Headers) => boolean;
  rateLimitReset?: RateLimitReset | undefined;
  requestIdHeaders?: readonly string[] | undefined;
  defaultHeaders?: Record<string, string>;
}

export interface ResolvedLimits {
  timeout: number;
  maxConnections: number;
  maxResponseBytes: number;
}

/** Checks the limits and default headers of `config`; throws ConfigurationError naming the option. */
export function resolveLimits(config: HttpClientConfig): ResolvedLimits {
  const owner = config.name ?? 'HttpClient';
  const positive = (name: keyof TransportOptions, value: number | undefined, fallback: number, integer: boolean): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !(value > 0) || (integer && !Number.isInteger(value)) || !Number.isFinite(value)) {
      throw new ConfigurationError(`${owner}: \`${name}\` must be a positive ${integer ? 'integer' : 'number'} (got ${String(value)})`);
    }
    return value;
  };
  const problems = headerIssues(config.defaultHeaders, 'headers');
  if (problems.length > 0) {
    throw new ConfigurationError(`${owner}: ${problems.map((p) => `${p.path} ${p.message} [${p.rule}]`).join('; ')}`);
  }
  if (config.maxRetries !== undefined && (!Number.isInteger(config.maxRetries) || config.maxRetries < 0)) {
    throw new ConfigurationError(`${owner}: \`maxRetries\` must be a non-negative integer (got ${String(config.maxRetries)})`);
  }
  return {
    timeout: positive('timeout', config.timeout, DEFAULT_TIMEOUT_MS, false),
    maxConnections: positive('maxConnections', config.maxConnections, DEFAULT_MAX_CONNECTIONS, true),
    maxResponseBytes: positive('maxResponseBytes', config.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, true),
  };
}
