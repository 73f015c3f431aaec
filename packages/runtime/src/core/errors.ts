/**
 * The error hierarchy every Switchyard package throws. It is small and typed by cause, the way
 * Stainless SDKs do it, so callers can `catch (e) { if (e instanceof RateLimitError) … }`.
 *
 * Messages are written for the person reading a stack trace: they name the operation, the
 * vendor's own words and what to do next. They never contain credentials — every message is
 * passed through the transport's redactor before an error is built.
 */

export class SwitchyardError extends Error {
  override readonly name: string = 'SwitchyardError';
}

/** One problem found in a caller's input; `path` is the parameter path (`filter.callIds[0]`). */
export interface ValidationIssue {
  path: string;
  rule: string;
  message: string;
}

/** Bad input, found before any network call. Lists every problem at once. */
export class ValidationError extends SwitchyardError {
  override readonly name: string = 'ValidationError';
  readonly issues: readonly ValidationIssue[];
  constructor(context: string, issues: readonly ValidationIssue[]) {
    const lines = issues.map((i) => `  - ${i.path || '(params)'}: ${i.message} [${i.rule}]`);
    super(`${context}: ${issues.length} invalid parameter${issues.length === 1 ? '' : 's'}\n${lines.join('\n')}`);
    this.issues = issues;
  }
}

export interface ApiErrorInit {
  status: number;
  headers: Headers;
  body: unknown;
  requestId?: string | undefined;
  code?: string | undefined;
  /** The vendor's own words about the failure, without the request's URL or host (see ApiError.vendorMessage). */
  vendorMessage?: string | undefined;
}

/** The vendor (or our service) answered with a non-2xx status. */
export class ApiError extends SwitchyardError {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly requestId: string | undefined;
  /** The vendor's error code when its error body carries one. */
  readonly code: string | undefined;
  /**
   * The vendor's own words about the failure (its error body's message), when it gave any, with
   * the request's URL and host left out: the message adds the request and what to do next, for
   * whoever configured the connector; this is what can be shown to anyone else (the execution
   * service words its problems from it).
   */
  readonly vendorMessage: string | undefined;
  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.requestId;
    this.code = init.code;
    this.vendorMessage = init.vendorMessage;
  }
}

export class AuthenticationError extends ApiError {
  override readonly name: string = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override readonly name: string = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override readonly name: string = 'ConflictError';
}
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
  /** How long the vendor asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, init: ApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
/**
 * The vendor's quota is used up (a daily or monthly allowance, not a per-second limit), as the
 * spec's `rateLimit.quota` rules recognise it. Waiting seconds and retrying would only burn calls,
 * so it is raised at once and never retried; `resetAt` says when the quota renews, when the vendor said.
 */
export class QuotaExceededError extends RateLimitError {
  override readonly name: string = 'QuotaExceededError';
  readonly resetAt: Date | undefined;
  constructor(message: string, init: ApiErrorInit & { retryAfterMs?: number | undefined; resetAt?: Date | undefined }) {
    super(message, init);
    this.resetAt = init.resetAt;
  }
}
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/**
 * A failure the vendor reported inside a successful (2xx) response: Slack's `{ok: false, error}`,
 * GraphQL `errors[]`, a mutation payload with `success: false`.
 */
export class VendorError extends SwitchyardError {
  override readonly name: string = 'VendorError';
  /** The vendor's error code (`channel_not_found`, `RATELIMITED`, …). */
  readonly code: string;
  readonly status: number;
  readonly body: unknown;
  readonly requestId: string | undefined;
  /** The vendor's own words, when they say more than the code (as ApiError.vendorMessage). */
  readonly vendorMessage: string | undefined;
  constructor(
    message: string,
    init: { code: string; status: number; body: unknown; requestId?: string | undefined; vendorMessage?: string | undefined },
  ) {
    super(message);
    this.code = init.code;
    this.status = init.status;
    this.body = init.body;
    this.requestId = init.requestId;
    this.vendorMessage = init.vendorMessage;
  }
}

/** The connection failed or dropped before a complete response arrived. */
export class ConnectionError extends SwitchyardError {
  override readonly name: string = 'ConnectionError';
}
/** An attempt took longer than the configured timeout. */
export class TimeoutError extends SwitchyardError {
  override readonly name: string = 'TimeoutError';
}
/** The caller's AbortSignal fired. Never retried. */
export class AbortError extends SwitchyardError {
  override readonly name: string = 'AbortError';
}
/** `search` reads the hosted service's synced copy; there is nothing to call in open-source mode. */
export class HostedOnlyError extends SwitchyardError {
  override readonly name: string = 'HostedOnlyError';
}
/** The connector was constructed with options it cannot work with (unknown credential shape, …). */
export class ConfigurationError extends SwitchyardError {
  override readonly name: string = 'ConfigurationError';
  /**
   * Why, when it is about the connector rather than how it was constructed (the spec's reason an
   * action is unavailable with a kind of credentials): words that hold for anyone using it, in
   * either mode, and that the execution service shows its clients.
   */
  readonly reason: string | undefined;
  constructor(message: string, init?: { reason?: string | undefined }) {
    super(message);
    this.reason = init?.reason;
  }
}

/**
 * A 2xx answer whose body could not be parsed (truncated JSON, a proxy's HTML page). It was not a
 * valid answer, so reads are retried like a 5xx before this is raised; writes are never re-sent.
 */
export class MalformedResponseError extends SwitchyardError {
  override readonly name: string = 'MalformedResponseError';
  readonly status: number;
  readonly headers: Headers;
  /** The start of the body as received (redacted, truncated). */
  readonly body: string;
  readonly requestId: string | undefined;
  constructor(message: string, init: { status: number; headers: Headers; body: string; requestId?: string | undefined }) {
    super(message);
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.requestId = init.requestId;
  }
}

/** A response body went over the size cap (`maxResponseBytes`); the transfer was stopped and its connection closed. */
export class ResponseTooLargeError extends SwitchyardError {
  override readonly name: string = 'ResponseTooLargeError';
  readonly limitBytes: number;
  constructor(message: string, init: { limitBytes: number }) {
    super(message);
    this.limitBytes = init.limitBytes;
  }
}

/** Maps an HTTP status to the error class that describes it. */
export function errorClassForStatus(status: number): typeof ApiError {
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return ApiError;
}

/**
 * The vendor handed back a cursor (a page token, next URL or page number) already used in this
 * iteration. Following it would fetch the same pages forever, so iteration stops here.
 */
export class PaginationLoopError extends SwitchyardError {
  override readonly name: string = 'PaginationLoopError';
  /** The connector's name (`messaging`). */
  readonly connector: string;
  /** `<connector> <entity>.<action>`, as in every other error message (`messaging users.list`). */
  readonly operation: string;
  /** The repeated cursor, with URL credentials and secret-looking query values redacted. */
  readonly cursor: string;
  constructor(message: string, init: { connector: string; operation: string; cursor: string }) {
    super(message);
    this.connector = init.connector;
    this.operation = init.operation;
    this.cursor = init.cursor;
  }
}

/** `Page.getNextPage()` was called on the last page; `hasNextPage()` says whether there is one. */
export class NoNextPageError extends SwitchyardError {
  override readonly name: string = 'NoNextPageError';
}

/** One entity's sync progress, as the execution service reports it. */
export interface EntitySyncProgress {
  readonly entity: string;
  readonly state: 'pending' | 'syncing' | 'ready' | 'failed';
  readonly records: number;
  readonly records_per_second: number | null;
  readonly last_synced_at: string | null;
  readonly mode: 'full' | 'incremental' | null;
  readonly error: { readonly name: string; readonly message: string } | null;
  /**
   * Records the current (or last) run could not store and skipped: how many, and the first few
   * by vendor id (null when a record had none). One bad record never fails a sync.
   */
  readonly record_problems?: {
    readonly count: number;
    readonly examples: readonly {
      readonly record_id: string | null;
      readonly path?: string;
      readonly problem: string;
      readonly message: string;
    }[];
  };
}

/** A connector's sync status, as the execution service reports it (`GET /api/v1/connectors/sources/{id}`). */
export interface SyncProgress {
  readonly sync_status: 'pending' | 'syncing' | 'ready' | 'failed';
  readonly last_synced_at: string | null;
  readonly next_sync_at: string | null;
  readonly entities: readonly EntitySyncProgress[];
}

/**
 * Hosted `search` before the entity's first sync has finished: there is no synced copy to search
 * yet. `progress` says how far the sync is (records so far, records/s); retry once it is ready.
 */
export class SyncNotReadyError extends SwitchyardError {
  override readonly name: string = 'SyncNotReadyError';
  readonly progress: SyncProgress | undefined;
  readonly requestId: string | undefined;
  constructor(message: string, init: { progress?: SyncProgress | undefined; requestId?: string | undefined }) {
    super(message);
    this.progress = init.progress;
    this.requestId = init.requestId;
  }
}
