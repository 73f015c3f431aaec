/**
 * Hosted mode: the execution service answers failures as RFC 9457 problem+json with a stable
 * `code`. This turns each problem back into the error class open-source mode raises for the same
 * cause, so code that catches `RateLimitError` or reads `ValidationError.issues` works in both modes.
 * The problem codes are listed in packages/server/src/service-types.ts (ProblemCode).
 */
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  MalformedResponseError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ResponseTooLargeError,
  ServerError,
  SwitchyardError,
  SyncNotReadyError,
  TimeoutError,
  ValidationError,
  VendorError,
  type ApiErrorInit,
  type SyncProgress,
  type ValidationIssue,
} from './errors.js';
import { serverRequestedDelay } from './retry-policy.js';

/** The members of a problem the SDK reads; anything else is kept in the error's `body`. */
interface ProblemBody {
  code?: unknown;
  detail?: unknown;
  title?: unknown;
  errors?: unknown;
  error_class?: unknown;
  vendor_status?: unknown;
  vendor_code?: unknown;
  retry_after_ms?: unknown;
  reset_at?: unknown;
  request_id?: unknown;
  progress?: unknown;
}

/** Classes built from `status`, `headers`, `body`, `requestId` and `code`, by the name the service reports. */
const API_ERROR_CLASSES: Readonly<Record<string, typeof ApiError>> = {
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  ServerError,
};

/**
 * The error for a non-2xx answer of the service. `error` is what the transport raised for it (its
 * class chosen by HTTP status alone); `operation` names the call ("messaging users.list").
 */
export function errorFromProblem(error: ApiError, operation: string): SwitchyardError {
  const problem = asProblem(error.body);
  if (!problem) return error; // not a problem document: a proxy or gateway answered; the status class stands
  const detail = text(problem.detail) ?? text(problem.title) ?? `HTTP ${error.status}`;
  const requestId = text(problem.request_id) ?? error.requestId;
  const base: ApiErrorInit = { status: error.status, headers: error.headers, body: error.body, requestId, code: text(problem.code) };
  switch (problem.code) {
    case 'validation_failed': {
      const issues = validationIssues(problem.errors);
      // The same context open-source mode uses, so the message reads the same in both modes.
      return issues.length
        ? new ValidationError(operation, issues)
        : new ValidationError(operation, [{ path: '', rule: 'service', message: detail }]);
    }
    case 'connector_error':
      return connectorError(problem, error, detail, requestId);
    case 'search_not_ready':
      return new SyncNotReadyError(`${operation}: ${detail}`, { progress: problem.progress as SyncProgress | undefined, requestId });
    case 'unauthorized':
      return new AuthenticationError(
        `${operation}: the execution service refused the credentials: ${detail}. Check clientId, clientSecret and externalUserId`,
        base,
      );
    case 'forbidden':
      return new PermissionDeniedError(`${operation}: ${detail}`, base);
    case 'not_found':
      return new NotFoundError(`${operation}: ${detail}`, base);
    case 'rate_limited':
      return new RateLimitError(`${operation}: the execution service's rate limit was reached: ${detail}`, {
        ...base,
        retryAfterMs: retryAfter(problem, error),
      });
    case 'internal_error':
      return new ServerError(`${operation}: the execution service failed: ${detail}`, base);
    default:
      // invalid_request, payload_too_large, unsupported_media_type: the request itself was refused.
      return new ApiError(`${operation}: the execution service refused the request (HTTP ${error.status}): ${detail}`, base);
  }
}

/** A failure at the vendor, raised by the connector inside the service: rebuilt as the class it had there. */
function connectorError(problem: ProblemBody, error: ApiError, detail: string, requestId: string | undefined): SwitchyardError {
  const className = text(problem.error_class) ?? 'ApiError';
  const vendorStatus = typeof problem.vendor_status === 'number' ? problem.vendor_status : error.status;
  const code = text(problem.vendor_code);
  const init: ApiErrorInit = { status: vendorStatus, headers: error.headers, body: error.body, requestId, code };
  if (className === 'QuotaExceededError') {
    const resetAt = typeof problem.reset_at === 'string' ? new Date(problem.reset_at) : undefined;
    return new QuotaExceededError(detail, {
      ...init,
      retryAfterMs: retryAfter(problem, error),
      resetAt: resetAt && Number.isFinite(resetAt.getTime()) ? resetAt : undefined,
    });
  }
  if (className === 'RateLimitError') return new RateLimitError(detail, { ...init, retryAfterMs: retryAfter(problem, error) });
  if (className === 'VendorError') return new VendorError(detail, { code: code ?? '', status: vendorStatus, body: error.body, requestId });
  if (className === 'MalformedResponseError') {
    return new MalformedResponseError(detail, { status: vendorStatus, headers: error.headers, body: '', requestId });
  }
  // The service does not report the cap itself; 0 says "unknown" rather than inventing one.
  if (className === 'ResponseTooLargeError') return new ResponseTooLargeError(detail, { limitBytes: 0 });
  if (className === 'TimeoutError') return new TimeoutError(detail);
  if (className === 'ConnectionError') return new ConnectionError(detail);
  if (className === 'AbortError') return new AbortError(detail);
  if (className === 'ConfigurationError') return new ConfigurationError(detail);
  const ApiErrorClass = Object.hasOwn(API_ERROR_CLASSES, className)
    ? API_ERROR_CLASSES[className]!
    : vendorStatus >= 500
      ? ServerError
      : ApiError;
  return new ApiErrorClass(detail, init);
}

/** The service's answer for a vendor quota that is used up (QuotaExceededError inside the service). */
export function isQuotaProblem(body: unknown): boolean {
  const problem = asProblem(body);
  return problem?.code === 'connector_error' && problem.error_class === 'QuotaExceededError';
}

function asProblem(body: unknown): ProblemBody | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return typeof (body as ProblemBody).code === 'string' ? (body as ProblemBody) : undefined;
}

function validationIssues(errors: unknown): ValidationIssue[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== 'object') return [];
    const { path, rule, message } = issue as Record<string, unknown>;
    return typeof message === 'string'
      ? [{ path: typeof path === 'string' ? path : '', rule: typeof rule === 'string' ? rule : 'service', message }]
      : [];
  });
}

/** The problem's `retry_after_ms`, else the Retry-After header. */
function retryAfter(problem: ProblemBody, error: ApiError): number | undefined {
  if (typeof problem.retry_after_ms === 'number' && Number.isFinite(problem.retry_after_ms) && problem.retry_after_ms >= 0) {
    return problem.retry_after_ms;
  }
  return serverRequestedDelay(error.headers);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
