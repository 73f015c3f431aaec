/**
 * A connector's failure in the service's terms, for its API clients. The runtime's messages are
 * written for whoever configured the connector in open-source mode: they name the URL the request
 * went to (here the operator's `--vendor-base-url`, which may name an internal host) and advise on
 * SDK options (`auth`, `timeout`, `maxResponseBytes`). An API client set none of those, so the
 * service words each failure itself, from what the error carries as data: its class, the vendor's
 * status, code and own words (`vendorMessage`, which the runtime keeps free of the request's host),
 * the delay the vendor asked for. No credential is in any of them: the runtime redacts every error
 * whole before it leaves the executor.
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
  PaginationLoopError,
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
} from '@switchyard/runtime';

/**
 * What to tell an API client about `error`. ValidationError and SyncNotReadyError keep their
 * messages: the first lists the caller's own parameters, the second is the service's own words.
 */
export function describeFailure(error: SwitchyardError): string {
  if (error instanceof ValidationError || error instanceof SyncNotReadyError) return error.message;
  if (error instanceof QuotaExceededError) {
    const renews = error.resetAt ? `; it renews at ${error.resetAt.toISOString()}` : '';
    return `the vendor's quota for this connector is used up (${vendorAnswer(error)})${said(error)}; not retried${renews}`;
  }
  if (error instanceof RateLimitError) {
    const wait = error.retryAfterMs !== undefined ? `retry in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s` : 'retry later';
    return `the vendor is limiting this connector's requests (${vendorAnswer(error)})${said(error)}; ${wait}`;
  }
  if (error instanceof AuthenticationError) {
    return (
      `the vendor refused the connector's credentials (${vendorAnswer(error)})${said(error)}: they are invalid, expired or revoked; ` +
      'give the connector valid ones (PATCH /api/v1/connectors/sources/{id})'
    );
  }
  if (error instanceof PermissionDeniedError) {
    return (
      `the vendor refused this call (${vendorAnswer(error)})${said(error)}: the connector's credentials lack a permission or ` +
      'scope it needs; grant it, or give the connector credentials that have it'
    );
  }
  if (error instanceof NotFoundError) {
    return `the vendor has no such record (${vendorAnswer(error)})${said(error)}; check the identifiers in params`;
  }
  if (error instanceof ConflictError) {
    return `the vendor refused the change (${vendorAnswer(error)})${said(error)}: the record changed or already exists`;
  }
  if (error instanceof ServerError) return `the vendor failed (${vendorAnswer(error)})${said(error)}; retry later`;
  if (error instanceof ApiError) {
    return error.status >= 300 && error.status < 400
      ? `the vendor answered with a redirect the connector does not follow (${vendorAnswer(error)})`
      : `the vendor refused the call (${vendorAnswer(error)})${said(error)}`;
  }
  if (error instanceof VendorError) {
    return `the vendor reported a failure inside a successful answer (${vendorAnswer(error)})${said(error)}`;
  }
  if (error instanceof MalformedResponseError) {
    return (
      `the vendor answered HTTP ${error.status} with a body that is not JSON (a proxy or gateway may have answered ` +
      'for it, or the body was cut short); retry later'
    );
  }
  if (error instanceof ResponseTooLargeError) {
    return "the vendor's answer is larger than the service accepts for one call; ask for fewer records at a time";
  }
  if (error instanceof TimeoutError) {
    return 'the call did not finish in time (the vendor was slow to answer, or calls to it were queued under its rate limit); retry later';
  }
  if (error instanceof ConnectionError) {
    return 'the connection to the vendor failed or was dropped before a full answer arrived; retry later';
  }
  if (error instanceof AbortError) return 'the call was cancelled before it finished (the client went away, or the service is stopping)';
  if (error instanceof PaginationLoopError) {
    // Syncs only (an execute reads one page): the cursor itself may be a vendor URL, so it is not shown.
    return 'the vendor handed back a page cursor this listing had already followed; stopped rather than read the same pages forever';
  }
  if (error instanceof ConfigurationError) {
    return `the connector cannot make this call${error.reason ? `: ${error.reason}` : " with its credentials and the service's settings"}`;
  }
  return `the connector failed (${error.name})`;
}

/** The vendor's answer as status and code: `HTTP 401, vendor code "invalid_auth"`. */
export function vendorAnswer(error: ApiError | VendorError): string {
  return `HTTP ${error.status}${error.code ? `, vendor code ${JSON.stringify(error.code)}` : ''}`;
}

/** The vendor's own words, when it gave any. */
function said(error: ApiError | VendorError): string {
  return error.vendorMessage ? `: ${error.vendorMessage}` : '';
}
