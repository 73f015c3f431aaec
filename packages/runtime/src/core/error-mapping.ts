/**
 * Every failure the transport meets becomes a typed error here, in one function, so the class
 * chosen and the wording of the message follow one rule: the operation, the vendor's own words,
 * the request (without its query string) and what to do next. Redaction is not done here: the
 * HttpClient redacts every error it throws, whole, at one point (redact-error.ts).
 */
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  MalformedResponseError,
  RateLimitError,
  ResponseTooLargeError,
  TimeoutError,
  errorClassForStatus,
  type SwitchyardError,
} from './errors.js';
import { quotaExceededError } from './quota.js';
import { serverRequestedDelay } from './retry-policy.js';
import type { Redactor } from './redact.js';
import type { RateLimitReset } from './metadata.js';
import type { DescribedError } from './transport-options.js';
import { getPath } from '../internal/paths.js';
import { vendorWords as withoutTarget } from '../internal/vendor-words.js';

export type Failure =
  /** A non-2xx answer (its body parsed as JSON when it was JSON). */
  | { kind: 'status'; status: number; headers: Headers; body: unknown }
  /** A 2xx answer whose body is not JSON. */
  | { kind: 'malformed'; status: number; headers: Headers; text: string }
  | { kind: 'too-large'; limitBytes: number }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'aborted' }
  /** A redirect the redirect rule does not follow. */
  | { kind: 'redirect-refused'; status: number; headers: Headers; reason: string }
  /** The connection failed or dropped before a complete answer. */
  | { kind: 'network'; cause: unknown }
  /** A token endpoint refused the credentials themselves (invalid_grant, invalid_client). */
  | { kind: 'credentials-refused'; error: ApiError };

export interface ErrorContext {
  operation: string;
  method: string;
  url: string;
  describeError?: ((status: number, body: unknown) => DescribedError) | undefined;
  /** True when a non-2xx answer's body says the credentials were refused, whatever its status. */
  isAuthFailure?: ((status: number, body: unknown) => boolean) | undefined;
  /** True (or the wait in ms it implies when it names none) when a non-429 answer means "throttled". */
  isRateLimited?: ((status: number, body: unknown, headers: Headers) => boolean | number) | undefined;
  /** True when a non-2xx answer says the vendor's quota is used up (raised as QuotaExceededError, never retried). */
  isQuotaExceeded?: ((status: number, body: unknown, headers: Headers) => boolean) | undefined;
  rateLimitReset?: RateLimitReset | undefined;
  requestIdHeaders?: readonly string[] | undefined;
  /** Used only to redact text before cutting it short (see excerpt); the whole error is redacted later. */
  redactor?: Redactor | undefined;
}

const HINTS: Record<number, string> = {
  401: 'Check the credentials passed in `auth`',
  403: 'The credentials lack a permission or scope this call needs',
  404: 'Check the identifiers in the parameters',
  409: 'The resource changed or already exists',
  429: 'Rate limited; wait before retrying',
};

/** How much of an unparsable body an error keeps. */
const BODY_EXCERPT = 500;

export function mapFailure(failure: Failure, context: ErrorContext): SwitchyardError {
  const { operation } = context;
  const target = `${context.method} ${stripQuery(context.url)}`;
  switch (failure.kind) {
    case 'status':
      return statusError(failure.status, failure.headers, failure.body, context);
    case 'malformed':
      return new MalformedResponseError(
        `${operation}: the vendor answered HTTP ${failure.status} with a body that is not JSON (${target}); ` +
          'a proxy or gateway may have answered instead of the API, or the body was cut short',
        {
          status: failure.status,
          headers: failure.headers,
          body: excerpt(failure.text, BODY_EXCERPT, context),
          requestId: requestIdOf(failure.headers, context),
        },
      );
    case 'too-large':
      return new ResponseTooLargeError(
        `${operation}: the response body is larger than ${failure.limitBytes} bytes (${target}); the transfer was stopped. ` +
          'Ask for smaller pages, or raise the maxResponseBytes option',
        { limitBytes: failure.limitBytes },
      );
    case 'timeout':
      return new TimeoutError(`${operation} timed out after ${failure.timeoutMs} ms (${target}); raise the timeout option or retry later`);
    case 'aborted':
      return new AbortError(`${operation} aborted by the caller (${target})`);
    case 'redirect-refused':
      return new ApiError(`${operation}: not following the redirect ${failure.reason} — ${target}`, {
        status: failure.status,
        headers: failure.headers,
        body: undefined,
        requestId: requestIdOf(failure.headers, context),
      });
    case 'network': {
      const cause = failure.cause;
      const reason = cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
      return new ConnectionError(
        `${operation} could not complete (${target}): ${reason}. The connection failed or was dropped before a full response arrived`,
      );
    }
    case 'credentials-refused': {
      const { error } = failure;
      return new AuthenticationError(`${error.message}. The token endpoint refused the credentials; re-authorize and pass new tokens`, {
        status: error.status,
        headers: error.headers,
        body: error.body,
        requestId: error.requestId,
        code: error.code,
        vendorMessage: error.vendorMessage,
      });
    }
  }
}

function statusError(status: number, headers: Headers, body: unknown, context: ErrorContext): ApiError {
  const described = context.describeError?.(status, body) ?? {};
  // A request id in the body (declared by the spec's errors.requestId) names this very failure.
  const requestId = described.requestId ?? requestIdOf(headers, context);
  const vendorWords = described.message ?? (typeof body === 'string' ? excerpt(body, 300, context) : undefined);
  const words = (hint: string) =>
    `${context.operation} failed with HTTP ${status}${described.code ? ` (${described.code})` : ''}` +
    `${vendorWords ? `: ${vendorWords}` : ''} — ${context.method} ${stripQuery(context.url)}` +
    `${hint ? `. ${hint}` : ''}${requestId ? ` [request id ${requestId}]` : ''}`;
  const init = { status, headers, body, requestId, code: described.code, vendorMessage: withoutTarget(vendorWords, context.url) };
  if (context.isQuotaExceeded?.(status, body, headers)) return quotaExceededError(init, context.rateLimitReset, words);
  // A spec's rule may also say how long an answer that names no time means (GitHub: a minute).
  const declared = context.isRateLimited?.(status, body, headers) ?? false;
  if (status === 429 || declared !== false) {
    // Throttled whatever the status (GitHub's secondary limit is a 403): the hint is a 429's.
    const retryAfterMs = serverRequestedDelay(headers, context.rateLimitReset) ?? (typeof declared === 'number' ? declared : undefined);
    return new RateLimitError(words(HINTS[429]!), { ...init, retryAfterMs });
  }
  if (status !== 401 && context.isAuthFailure?.(status, body)) return new AuthenticationError(words(HINTS[401]!), init);
  const message = words(HINTS[status] ?? (status >= 500 ? 'the vendor failed; retry later' : ''));
  const ErrorClass = errorClassForStatus(status);
  return new ErrorClass(message, init);
}

function requestIdOf(headers: Headers, context: ErrorContext): string | undefined {
  return (context.requestIdHeaders ?? ['x-request-id']).map((h) => headers.get(h)).find((v) => v) ?? undefined;
}

/**
 * The start of a long text. Redacted before it is cut: a secret straddling the cut would otherwise
 * keep its first half, which the later whole-error redaction can no longer recognise.
 */
function excerpt(text: string, max: number, context: ErrorContext): string {
  return (context.redactor ? context.redactor.text(text) : text).slice(0, max);
}

export function stripQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

/** Standard message, code (and request id) paths tried for error bodies when a caller gives none. */
export function describeFromPaths(messagePaths: readonly string[], codePaths: readonly string[], requestIdPaths: readonly string[] = []) {
  return (_status: number, body: unknown): DescribedError => {
    const pick = (paths: readonly string[]) => {
      for (const path of paths) {
        const value = getPath(body, path);
        if (typeof value === 'string' && value !== '') return value;
      }
      return undefined;
    };
    return { message: pick(messagePaths), code: pick(codePaths), ...(requestIdPaths.length ? { requestId: pick(requestIdPaths) } : {}) };
  };
}
