/**
 * The execution service's problems (RFC 9457 `application/problem+json`), defined once for both
 * ends of the wire. The service builds every failure it answers from this table (its HTTP status,
 * title and `type`), and the SDK's hosted executor (problem-mapping.ts) turns each problem back
 * into the runtime error class the table names, so code that catches `RateLimitError` or reads
 * `ValidationError.issues` works the same in hosted and open-source mode. Clients branch on
 * `code`, never on wording. The server README's problem tables are checked against this one.
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
  SyncNotReadyError,
  TimeoutError,
  ValidationError,
  VendorError,
  type SwitchyardError,
  type SyncProgress,
  type ValidationIssue,
} from './errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** `type` URIs are stable identifiers (RFC 9457 §3.1.1), one per code under this base. */
export const PROBLEM_TYPE_BASE = 'https://switchyard.dev/problems/';

/** Members a problem carries beyond RFC 9457's own, each with the codes that carry it. */
export interface ProblemMembers {
  /** validation_failed (and forbidden, for a field that named someone else): every issue, with its path. */
  readonly errors?: readonly ValidationIssue[];
  /** connector_error: the runtime error class the connector raised (`RateLimitError`, `NotFoundError`, …). */
  readonly error_class?: string;
  /** connector_error: the vendor's HTTP status. */
  readonly vendor_status?: number;
  /** connector_error: the vendor's error code (`channel_not_found`). */
  readonly vendor_code?: string;
  /** connector_error: the vendor's own words, without where the service sent the request. */
  readonly vendor_message?: string;
  /** rate_limited, and connector_error for a vendor rate limit: how long to wait, when known. */
  readonly retry_after_ms?: number;
  /** connector_error for a QuotaExceededError: when the vendor's quota renews (ISO 8601), when it said. */
  readonly reset_at?: string;
  /** connector_error: the vendor's request id, for its support. */
  readonly request_id?: string;
  /** search_not_ready: the connector's sync status. */
  readonly progress?: SyncProgress;
}

export type ProblemMember = keyof ProblemMembers;

/** A problem as the service answers it. */
export interface Problem extends ProblemMembers {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  /** The path of the request that failed (the service's error handler sets it). */
  readonly instance?: string;
}

/** A runtime error class, as a value (for `instanceof` and the SDK's rebuilding). */
export type ErrorClass = abstract new (...args: never[]) => SwitchyardError;

export interface ProblemDefinition {
  /** The HTTP status the code answers with. */
  readonly status: number;
  /** Further statuses the code may answer with, and when (connector_error: a vendor rate limit, a timeout). */
  readonly otherStatuses: readonly number[];
  readonly title: string;
  /** The class the SDK raises for it; null for connector_error, which raises the class named in `error_class`. */
  readonly errorClass: ErrorClass | null;
  /** Members it carries beyond type, title, status, detail, code and instance. */
  readonly members: readonly ProblemMember[];
}

/** Every code the service answers with. Adding one means a row here, in the server README and in the SDK's mapping. */
export const PROBLEMS = {
  // Malformed JSON, a body that is not a JSON object or not UTF-8. A request Fastify itself refuses
  // before routing (a malformed URL) keeps Fastify's 4xx status.
  invalid_request: { status: 400, otherStatuses: [], title: 'Invalid request', errorClass: ApiError, members: [] },
  validation_failed: { status: 422, otherStatuses: [], title: 'Validation failed', errorClass: ValidationError, members: ['errors'] },
  unauthorized: { status: 401, otherStatuses: [], title: 'Unauthorized', errorClass: AuthenticationError, members: [] },
  forbidden: { status: 403, otherStatuses: [], title: 'Forbidden', errorClass: PermissionDeniedError, members: ['errors'] },
  not_found: { status: 404, otherStatuses: [], title: 'Not found', errorClass: NotFoundError, members: [] },
  payload_too_large: { status: 413, otherStatuses: [], title: 'Payload too large', errorClass: ApiError, members: [] },
  unsupported_media_type: { status: 415, otherStatuses: [], title: 'Unsupported media type', errorClass: ApiError, members: [] },
  rate_limited: { status: 429, otherStatuses: [], title: 'Too many requests', errorClass: RateLimitError, members: ['retry_after_ms'] },
  search_not_ready: { status: 409, otherStatuses: [], title: 'Search not ready', errorClass: SyncNotReadyError, members: ['progress'] },
  connector_error: {
    status: 502,
    otherStatuses: [429, 504],
    title: 'Connector error',
    errorClass: null,
    members: ['error_class', 'vendor_status', 'vendor_code', 'vendor_message', 'retry_after_ms', 'reset_at', 'request_id'],
  },
  internal_error: { status: 500, otherStatuses: [], title: 'Internal error', errorClass: ServerError, members: [] },
} as const satisfies Record<string, ProblemDefinition>;

export type ProblemCode = keyof typeof PROBLEMS;

export function isProblemCode(value: unknown): value is ProblemCode {
  return typeof value === 'string' && Object.hasOwn(PROBLEMS, value);
}

export function problemType(code: ProblemCode): string {
  return `${PROBLEM_TYPE_BASE}${code}`;
}

/** A problem of `code`: the table's title and `type`, its status unless another is given. */
export function buildProblem(
  code: ProblemCode,
  detail: string,
  members: ProblemMembers & { readonly instance?: string } = {},
  status?: number,
): Problem {
  const definition = PROBLEMS[code];
  return { type: problemType(code), title: definition.title, status: status ?? definition.status, detail, code, ...members };
}

export interface ConnectorErrorDefinition {
  /** `error.name`, the value of `error_class`. */
  readonly name: string;
  readonly errorClass: ErrorClass;
  /** The HTTP status of its connector_error problem. */
  readonly status: number;
  /** The members its problem carries besides `error_class`, when the error has them. */
  readonly members: readonly ProblemMember[];
}

const VENDOR_ANSWER: readonly ProblemMember[] = ['vendor_status', 'vendor_code', 'vendor_message', 'request_id'];

/**
 * connector_error: every runtime error class a connector raises inside the service for a failure
 * at the vendor (or on the way to it), the status its problem answers with and what it carries. A
 * vendor rate limit keeps its 429 (with Retry-After), a timeout is a 504, everything else is a 502
 * (a bad gateway: the service is fine, the vendor behind it failed). Subclasses come before their
 * parents: an error is reported as the first class it is an instance of.
 */
export const CONNECTOR_ERRORS: readonly ConnectorErrorDefinition[] = [
  { name: 'QuotaExceededError', errorClass: QuotaExceededError, status: 429, members: [...VENDOR_ANSWER, 'retry_after_ms', 'reset_at'] },
  { name: 'RateLimitError', errorClass: RateLimitError, status: 429, members: [...VENDOR_ANSWER, 'retry_after_ms'] },
  { name: 'AuthenticationError', errorClass: AuthenticationError, status: 502, members: VENDOR_ANSWER },
  { name: 'PermissionDeniedError', errorClass: PermissionDeniedError, status: 502, members: VENDOR_ANSWER },
  { name: 'NotFoundError', errorClass: NotFoundError, status: 502, members: VENDOR_ANSWER },
  { name: 'ConflictError', errorClass: ConflictError, status: 502, members: VENDOR_ANSWER },
  { name: 'ServerError', errorClass: ServerError, status: 502, members: VENDOR_ANSWER },
  { name: 'ApiError', errorClass: ApiError, status: 502, members: VENDOR_ANSWER },
  { name: 'VendorError', errorClass: VendorError, status: 502, members: VENDOR_ANSWER },
  { name: 'MalformedResponseError', errorClass: MalformedResponseError, status: 502, members: ['vendor_status', 'request_id'] },
  { name: 'ResponseTooLargeError', errorClass: ResponseTooLargeError, status: 502, members: [] },
  { name: 'TimeoutError', errorClass: TimeoutError, status: 504, members: [] },
  { name: 'ConnectionError', errorClass: ConnectionError, status: 502, members: [] },
  { name: 'AbortError', errorClass: AbortError, status: 502, members: [] },
  { name: 'ConfigurationError', errorClass: ConfigurationError, status: 502, members: [] },
];

/** The entry `error` is reported as; undefined for a class the table does not know (answered as a 502). */
export function connectorErrorOf(error: SwitchyardError): ConnectorErrorDefinition | undefined {
  return CONNECTOR_ERRORS.find((entry) => error instanceof entry.errorClass);
}

/** The entry for an `error_class` the service reported; undefined for a name this runtime does not know. */
export function connectorErrorNamed(name: string): ConnectorErrorDefinition | undefined {
  return CONNECTOR_ERRORS.find((entry) => entry.name === name);
}
