/**
 * The single door to the platform: turns (api, method, path, id, query, body) into one HttpClient
 * request. Retries, backoff, Retry-After, the 401 replay, timeouts and redaction of the errors it
 * raises all happen in the runtime's HttpClient; this file knows the two roots, the JSON
 * conventions, how an id becomes a path segment, and which answers the client cannot use.
 */
import { ConfigurationError, MalformedResponseError } from '@switchyard/runtime';
import { type AuthProvider } from '@switchyard/runtime';
import { type HttpClient, type ResponseHead } from '@switchyard/runtime/internal';
import { joinUrl, type ResolvedRoots } from '../roots.js';
import { requirePathSegment } from './validate.js';

export interface PlatformCall {
  /** Names the operation in error messages and logs ("cloud connection.rename"). */
  operation: string;
  /** public: the REST API; config: the RPC API where every call is a POST with a JSON body. */
  api: 'public' | 'config';
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The fixed part of the path (`/connections`, `/state/get`). Ids never go here: see `id`. */
  path: string;
  /**
   * An id appended to `path` as exactly one segment. `name` is the caller's argument, so a refused
   * id (`.`, `..`, blank) is reported as that argument before any request.
   */
  id?: { name: string; value: string | number };
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /**
   * Safe to send twice. Decides whether a 5xx, a timeout or a dropped connection is retried;
   * 429 and 401 are retried for any request because the platform did not process it.
   */
  idempotent: boolean;
  /** Says what makes a 2xx answer unusable ("a job without a usable jobId"), or undefined when it is fine. */
  check?: (body: unknown) => string | undefined;
  signal?: AbortSignal | undefined;
}

export class Platform {
  constructor(
    readonly roots: ResolvedRoots,
    private readonly http: HttpClient,
    private readonly auth: AuthProvider,
  ) {}

  /** Throws before any I/O when an operation needs the config API and no root is known. */
  configRoot(operation: string): string {
    if (this.roots.configApiRoot === null) {
      throw new ConfigurationError(
        `${operation} needs the platform's config API, and its root cannot be derived from apiRoot ${this.roots.apiRoot}. ` +
          'Pass the `configApiRoot` option to CloudWorkspace (for example https://<host>/api/v1).',
      );
    }
    return this.roots.configApiRoot;
  }

  /**
   * Sends one request and resolves to its JSON answer, redacted: every credential the platform
   * echoes is replaced before the client keeps any of it (job rows in a SyncResult, statuses quoted
   * in a SyncTimeoutError message, log text, cached connection records).
   */
  async call<T = unknown>(call: PlatformCall): Promise<T> {
    const path = call.id === undefined ? call.path : `${call.path}/${segment(call.operation, call.id.name, call.id.value)}`;
    const root = call.api === 'public' ? this.roots.apiRoot : this.configRoot(call.operation);
    let url = joinUrl(root, path);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.append(name, String(value));
    // URLSearchParams encodes `|` as %7C, which the orderBy parameter needs.
    if ([...query.keys()].length > 0) url += `?${query.toString()}`;
    const hasBody = call.body !== undefined;
    const check = call.check;
    const result = await this.http.send({
      operation: call.operation,
      method: call.method,
      url,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      ...(hasBody ? { body: JSON.stringify(call.body) } : {}),
      idempotent: call.idempotent,
      auth: this.auth,
      responseType: 'json',
      // Runs inside the transport, so the error for an unusable answer leaves through the
      // transport's one redaction point like every error it raises itself.
      ...(check ? { inspect: (body: unknown, response: ResponseHead) => rejectUnusable(call.operation, check(body), body, response) } : {}),
      options: call.signal ? { signal: call.signal } : undefined,
    });
    return this.http.redactor.value(result.body) as T;
  }
}

/** How much of an unusable answer the error keeps: enough to see the shape, not a whole page of rows. */
const BODY_EXCERPT = 500;

/**
 * A 2xx answer the client cannot work with is a malformed response, like one that is not JSON at
 * all: the transport retries it for reads and never re-sends a write (a started job).
 */
function rejectUnusable(operation: string, problem: string | undefined, body: unknown, response: ResponseHead): void {
  if (problem === undefined) return;
  throw new MalformedResponseError(
    `${operation}: the platform answered HTTP ${response.status} with ${problem}, which the client cannot use`,
    {
      status: response.status,
      headers: response.headers,
      body: (JSON.stringify(body) ?? String(body)).slice(0, BODY_EXCERPT),
      requestId: response.headers.get('x-request-id') ?? undefined,
    },
  );
}

/** One path segment: checked (no dot segments, no blanks) and percent-encoded, so `/` stays inside it. */
function segment(operation: string, argument: string, value: string | number): string {
  return encodeURIComponent(requirePathSegment(operation, argument, value));
}
