/**
 * Hosted mode: the execution service answers failures as RFC 9457 problem+json with a stable
 * `code`. This turns each problem back into the error class open-source mode raises for the same
 * cause, so code that catches `RateLimitError` or reads `ValidationError.issues` works in both modes.
 * The codes, and the class each maps back to, are the table in problems.ts.
 */
import {
  ApiError,
  AuthenticationError,
  MalformedResponseError,
  QuotaExceededError,
  RateLimitError,
  ResponseTooLargeError,
  ServerError,
  SwitchyardError,
  SyncNotReadyError,
  ValidationError,
  VendorError,
  type ApiErrorInit,
  type SyncProgress,
  type ValidationIssue,
} from './errors.js';
import { PROBLEMS, connectorErrorNamed, isProblemCode, type ProblemCode } from './problems.js';
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
  vendor_message?: unknown;
  retry_after_ms?: unknown;
  reset_at?: unknown;
  request_id?: unknown;
  progress?: unknown;
}

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
  // A code this SDK does not know (a newer service): the request was refused, for a reason the detail gives.
  if (!isProblemCode(problem.code)) return new ApiError(refused(operation, error.status, detail), base);
  const code: ProblemCode = problem.code;
  switch (code) {
    case 'validation_failed': {
      const issues = validationIssues(problem.errors);
      // The same context open-source mode uses, so the message reads the same in both modes.
      return issues.length
        ? new ValidationError(operation, issues)
        : new ValidationError(operation, [{ path: '', rule: 'service', message: detail }]);
    }
    case 'connector_error':
      return connectorError(problem, error, withOperation(operation, detail), requestId);
    case 'search_not_ready':
      return new SyncNotReadyError(withOperation(operation, detail), { progress: problem.progress as SyncProgress | undefined, requestId });
    case 'rate_limited':
      return new RateLimitError(`${operation}: the execution service's rate limit was reached: ${detail}`, {
        ...base,
        retryAfterMs: retryAfter(problem, error),
      });
    case 'unauthorized':
      return new AuthenticationError(
        `${operation}: the execution service refused the credentials: ${detail}. Check clientId, clientSecret and externalUserId`,
        base,
      );
    case 'internal_error':
      return new ServerError(`${operation}: the execution service failed: ${detail}`, base);
    case 'forbidden':
    case 'not_found':
      return new PROBLEMS[code].errorClass(withOperation(operation, detail), base);
    case 'invalid_request':
    case 'payload_too_large':
    case 'unsupported_media_type':
      // The request itself was refused.
      return new PROBLEMS[code].errorClass(refused(operation, error.status, detail), base);
  }
}

/** A failure at the vendor, raised by the connector inside the service: rebuilt as the class it had there. */
function connectorError(problem: ProblemBody, error: ApiError, message: string, requestId: string | undefined): SwitchyardError {
  const vendorStatus = typeof problem.vendor_status === 'number' ? problem.vendor_status : error.status;
  const code = text(problem.vendor_code);
  const vendorMessage = text(problem.vendor_message);
  const init: ApiErrorInit = { status: vendorStatus, headers: error.headers, body: error.body, requestId, code, vendorMessage };
  const known = connectorErrorNamed(text(problem.error_class) ?? '');
  // A class this SDK does not know (a newer service): the nearest by the vendor's status.
  const ErrorClass = known?.errorClass ?? (vendorStatus >= 500 ? ServerError : ApiError);
  if (ErrorClass === VendorError)
    return new VendorError(message, { code: code ?? '', status: vendorStatus, body: error.body, requestId, vendorMessage });
  if (ErrorClass === MalformedResponseError) {
    return new MalformedResponseError(message, { status: vendorStatus, headers: error.headers, body: '', requestId });
  }
  // The service does not report the cap itself; 0 says "unknown" rather than inventing one.
  if (ErrorClass === ResponseTooLargeError) return new ResponseTooLargeError(message, { limitBytes: 0 });
  if (isClassOf(ErrorClass, ApiError)) {
    // Every ApiError class takes this init; RateLimitError and QuotaExceededError read their extra members from it.
    const resetAt = typeof problem.reset_at === 'string' ? new Date(problem.reset_at) : undefined;
    return new (ErrorClass as typeof QuotaExceededError)(message, {
      ...init,
      retryAfterMs: isClassOf(ErrorClass, RateLimitError) ? retryAfter(problem, error) : undefined,
      resetAt: resetAt && Number.isFinite(resetAt.getTime()) ? resetAt : undefined,
    });
  }
  // TimeoutError, ConnectionError, AbortError, ConfigurationError: a message is all they carry.
  return new (ErrorClass as new (message: string) => SwitchyardError)(message);
}

/** True when `candidate` is `parent` or one of its subclasses. */
function isClassOf(candidate: abstract new (...args: never[]) => unknown, parent: abstract new (...args: never[]) => unknown): boolean {
  return candidate === parent || candidate.prototype instanceof parent;
}

/** The call's name before the service's detail, unless the detail starts with it already. */
function withOperation(operation: string, detail: string): string {
  return detail.startsWith(operation) ? detail : `${operation}: ${detail}`;
}

function refused(operation: string, status: number, detail: string): string {
  return `${operation}: the execution service refused the request (HTTP ${status}): ${detail}`;
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
