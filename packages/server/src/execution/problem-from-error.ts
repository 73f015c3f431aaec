/**
 * Errors raised while executing a connector action, as RFC 9457 problems (the codes are listed in
 * service-types.ts). The SDK's hosted executor maps each problem back to the runtime class named
 * in `error_class`, so a caller's `catch` works the same in hosted and open-source mode.
 */
import {
  ApiError,
  MalformedResponseError,
  QuotaExceededError,
  RateLimitError,
  SwitchyardError,
  SyncNotReadyError,
  TimeoutError,
  ValidationError,
  VendorError,
} from '@switchyard/runtime';
import type { Problem, ProblemCode } from '../service-types.js';

const PROBLEM_TYPE_BASE = 'https://switchyard.dev/problems/';

function problem(status: number, code: ProblemCode, title: string, detail: string, extra: Partial<Problem>): Problem {
  return { type: `${PROBLEM_TYPE_BASE}${code}`, title, status, detail, code, ...extra };
}

/**
 * The problem for a runtime error (every SwitchyardError, SyncNotReadyError included); undefined
 * for anything else, which the caller's error handler answers as it sees fit (500 internal_error).
 */
export function problemFromError(error: unknown): Problem | undefined {
  if (error instanceof SyncNotReadyError) {
    return problem(409, 'search_not_ready', 'Search not ready', error.message, { progress: error.progress });
  }
  if (error instanceof ValidationError) {
    // The runtime's issues unchanged: the hosted executor rebuilds the same ValidationError from them.
    return problem(422, 'validation_failed', 'Validation failed', error.message, { errors: error.issues });
  }
  if (!(error instanceof SwitchyardError)) return undefined;
  const status = error instanceof RateLimitError ? 429 : error instanceof TimeoutError ? 504 : 502;
  return problem(status, 'connector_error', 'Connector error', error.message, { error_class: error.name, ...vendorFields(error) });
}

/** Response headers that go with a problem: Retry-After (whole seconds, rounded up) for a rate limit. */
export function problemHeaders(p: Problem): Record<string, string> {
  if (p.status !== 429) return {};
  // A 429 always says when to come back; without the vendor's word, one second.
  return { 'retry-after': String(Math.max(1, Math.ceil((p.retry_after_ms ?? 1000) / 1000))) };
}

function vendorFields(error: SwitchyardError): Partial<Problem> {
  const out: { -readonly [K in keyof Problem]?: Problem[K] } = {};
  if (error instanceof ApiError || error instanceof VendorError || error instanceof MalformedResponseError) {
    out.vendor_status = error.status;
    if (error.requestId !== undefined) out.request_id = error.requestId;
  }
  if ((error instanceof ApiError || error instanceof VendorError) && error.code !== undefined) out.vendor_code = error.code;
  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) out.retry_after_ms = error.retryAfterMs;
  // A quota answer (429 like any RateLimitError) also says when the quota renews; the SDK rebuilds QuotaExceededError from it.
  if (error instanceof QuotaExceededError && error.resetAt !== undefined) out.reset_at = error.resetAt.toISOString();
  return out;
}
