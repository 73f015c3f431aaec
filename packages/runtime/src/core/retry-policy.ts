/**
 * Retry policy as data (Octokit style). Which failures are retried depends on whether the request
 * is safe to send twice: a 429 (or a vendor's "rate limited" code) means the request was not
 * processed, so any request may be retried; a 5xx, a timeout or a dropped connection may have
 * happened after the vendor acted, so only idempotent requests (reads, GraphQL queries) are.
 */
import type { RateLimitReset } from './metadata.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  /** A server asking us to wait longer than this is not waited for: the RateLimitError is raised. */
  readonly maxRetryAfterMs: number;
  readonly retryAnyRequestStatuses: readonly number[];
  readonly retryIdempotentStatuses: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  retryAnyRequestStatuses: Object.freeze([429]),
  retryIdempotentStatuses: Object.freeze([408, 500, 502, 503, 504]),
});

export function shouldRetryStatus(policy: RetryPolicy, status: number, idempotent: boolean): boolean {
  if (policy.retryAnyRequestStatuses.includes(status)) return true;
  return idempotent && policy.retryIdempotentStatuses.includes(status);
}

/** Exponential backoff with ±25% jitter, capped. `retry` counts from 0. */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Reads how long the server asked us to wait: `Retry-After` in seconds or as an HTTP date, else a
 * vendor reset header (declared in the spec). Returns undefined when the response says nothing.
 */
export function serverRequestedDelay(headers: Headers, reset?: RateLimitReset, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  if (reset?.header) {
    const raw = headers.get(reset.header);
    const value = raw === null ? NaN : Number(raw);
    if (Number.isFinite(value)) {
      if (reset.format === 'delta-seconds') return Math.max(0, value * 1000);
      if (reset.format === 'delta-ms') return Math.max(0, value);
      const at = reset.format === 'unix-ms' ? value : value * 1000;
      return Math.max(0, at - now);
    }
  }
  return undefined;
}
