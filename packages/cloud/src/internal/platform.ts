/**
 * The single door to the platform: turns (api, method, path, query, body) into one HttpClient
 * request. Retries, backoff, Retry-After, the 401 replay, timeouts and redaction all happen in the
 * runtime's HttpClient; this file only knows the two roots and the JSON conventions.
 */
import { ConfigurationError, type AuthProvider, type HttpClient } from '@switchyard/runtime';
import { joinUrl, type ResolvedRoots } from '../roots.js';

export interface PlatformCall {
  /** Names the operation in error messages and logs ("cloud connection.rename"). */
  operation: string;
  /** public: the REST API; config: the RPC API where every call is a POST with a JSON body. */
  api: 'public' | 'config';
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /**
   * Safe to send twice. Decides whether a 5xx, a timeout or a dropped connection is retried;
   * 429 and 401 are retried for any request because the platform did not process it.
   */
  idempotent: boolean;
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

  async call<T = unknown>(call: PlatformCall): Promise<T> {
    const root = call.api === 'public' ? this.roots.apiRoot : this.configRoot(call.operation);
    let url = joinUrl(root, call.path);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.append(name, String(value));
    // URLSearchParams encodes `|` as %7C, which the orderBy parameter needs.
    if ([...query.keys()].length > 0) url += `?${query.toString()}`;
    const hasBody = call.body !== undefined;
    const result = await this.http.send({
      operation: call.operation,
      method: call.method,
      url,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      ...(hasBody ? { body: JSON.stringify(call.body) } : {}),
      idempotent: call.idempotent,
      auth: this.auth,
      responseType: 'json',
      options: call.signal ? { signal: call.signal } : undefined,
    });
    return result.body as T;
  }
}
