/**
 * Errors raised while executing a connector action, as RFC 9457 problems. The codes, statuses,
 * titles and members are the runtime's table (PROBLEMS and CONNECTOR_ERRORS in @switchyard/runtime);
 * the SDK's hosted executor maps each problem back to the runtime class named in `error_class`,
 * so a caller's `catch` works the same in hosted and open-source mode. The detail is the service's
 * own wording of the failure (describe-failure.ts), never the runtime's message, which names the
 * operator's vendor URL and speaks of SDK options.
 */
import {
  ApiError,
  MalformedResponseError,
  QuotaExceededError,
  RateLimitError,
  SwitchyardError,
  SyncNotReadyError,
  ValidationError,
  VendorError,
  type Problem,
} from '@switchyard/runtime';
import { PROBLEMS, buildProblem, connectorErrorOf, type ProblemMembers } from '@switchyard/runtime/internal';
import { describeFailure } from './describe-failure.js';

/**
 * The problem for a runtime error (every SwitchyardError, SyncNotReadyError included); undefined
 * for anything else, which the caller's error handler answers as it sees fit (500 internal_error).
 */
export function problemFromError(error: unknown): Problem | undefined {
  if (error instanceof SyncNotReadyError) return buildProblem('search_not_ready', error.message, { progress: error.progress });
  // The runtime's issues unchanged: the hosted executor rebuilds the same ValidationError from them.
  if (error instanceof ValidationError) return buildProblem('validation_failed', error.message, { errors: error.issues });
  if (!(error instanceof SwitchyardError)) return undefined;
  const status = connectorErrorOf(error)?.status ?? PROBLEMS.connector_error.status;
  return buildProblem('connector_error', describeFailure(error), { error_class: error.name, ...vendorFields(error) }, status);
}

/**
 * Response headers that go with a problem: Retry-After (whole seconds, rounded up) for a 429, and
 * the scheme a 401 asks for (RFC 6750 §3).
 */
export function problemHeaders(p: Problem): Record<string, string> {
  const headers: Record<string, string> = {};
  // A 429 always says when to come back; without the vendor's (or the limiter's) word, one second.
  if (p.status === 429 || p.retry_after_ms !== undefined) {
    headers['retry-after'] = String(Math.max(1, Math.ceil((p.retry_after_ms ?? 1000) / 1000)));
  }
  if (p.code === 'unauthorized') headers['www-authenticate'] = 'Bearer realm="switchyard"';
  return headers;
}

function vendorFields(error: SwitchyardError): ProblemMembers {
  const out: { -readonly [K in keyof ProblemMembers]?: ProblemMembers[K] } = {};
  if (error instanceof ApiError || error instanceof VendorError || error instanceof MalformedResponseError) {
    out.vendor_status = error.status;
    if (error.requestId !== undefined) out.request_id = error.requestId;
  }
  if (error instanceof ApiError || error instanceof VendorError) {
    if (error.code !== undefined) out.vendor_code = error.code;
    if (error.vendorMessage !== undefined) out.vendor_message = error.vendorMessage;
  }
  if (error instanceof RateLimitError && error.retryAfterMs !== undefined) out.retry_after_ms = error.retryAfterMs;
  // A quota answer (429 like any RateLimitError) also says when the quota renews; the SDK rebuilds QuotaExceededError from it.
  if (error instanceof QuotaExceededError && error.resetAt !== undefined) out.reset_at = error.resetAt.toISOString();
  return out;
}
