/**
 * Downloads: `DownloadStream`, a file as an async iterable of byte chunks read from the network as
 * the caller consumes it (never buffered whole; breaking out of the loop cancels the transfer),
 * and the two ways a connector reaches a file: a direct download whose answer may redirect, and a
 * two-step download that finds the file URL in a first response. Credentials go to the API's
 * origin only, including after redirects: pre-signed storage URLs must never receive them.
 */
import type { AuthProvider } from './auth.js';
import { AbortError, ConfigurationError, ConnectionError, NotFoundError, SwitchyardError } from './errors.js';
import type { ExecuteResult } from './executor.js';
import type { HttpClient, HttpResult, RequestOptions } from './http-client.js';
import type { ActionMetadata, DownloadRule } from './metadata.js';
import { redactError } from './redact-error.js';
import type { Redactor } from './redact.js';
import { getPath } from '../internal/paths.js';

export interface DownloadInfo {
  contentType: string | null;
  contentLength: number | null;
  fileName: string | null;
}

export class DownloadStream implements AsyncIterable<Uint8Array>, DownloadInfo {
  readonly contentType: string | null;
  readonly contentLength: number | null;
  readonly fileName: string | null;
  #stream: ReadableStream<Uint8Array> | null;
  readonly #operation: string;
  readonly #signal: AbortSignal | undefined;
  readonly #redactor: Redactor | undefined;

  constructor(stream: ReadableStream<Uint8Array> | null, info: DownloadInfo, operation: string, signal?: AbortSignal, redactor?: Redactor) {
    this.#signal = signal;
    this.#redactor = redactor;
    this.#stream = stream;
    this.contentType = info.contentType;
    this.contentLength = info.contentLength;
    this.fileName = info.fileName;
    this.#operation = operation;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    const stream = this.#stream;
    if (stream === null) {
      if (this.#used) throw this.#redact(new SwitchyardError(`${this.#operation}: a download can be read once`));
      return;
    }
    this.#stream = null;
    this.#used = true;
    const reader = stream.getReader();
    let done = false;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw this.#redact(this.#readError(error));
        }
        if (chunk.done) {
          done = true;
          return;
        }
        yield chunk.value;
      }
    } finally {
      // Early exit from the loop: stop the transfer rather than draining it.
      if (!done) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
  #used = false;

  #readError(error: unknown): unknown {
    if (error instanceof SwitchyardError) return error;
    if (this.#signal?.aborted) return new AbortError(`${this.#operation} aborted by the caller`);
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return new ConnectionError(`${this.#operation}: the download was interrupted (${reason})`);
  }

  #redact(error: unknown): unknown {
    return this.#redactor ? redactError(error, this.#redactor) : error;
  }

  /** Cancels the transfer without reading it. */
  async cancel(): Promise<void> {
    const stream = this.#stream;
    this.#stream = null;
    this.#used = true;
    await stream?.cancel().catch(() => undefined);
  }
}

/** `knownName`: the name the vendor's record gives the file (a download rule's `fileName`), which a URL's last segment is not. */
export function downloadInfo(headers: Headers, url: string, knownName?: string): DownloadInfo {
  const length = headers.get('content-length');
  return {
    contentType: headers.get('content-type'),
    contentLength: length === null ? null : Number(length),
    fileName: fileNameFrom(headers.get('content-disposition')) ?? knownName ?? fileNameFromUrl(url),
  };
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain ? plain[2]!.trim() : null;
}

function fileNameFromUrl(url: string): string | null {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Reaching the file
// ---------------------------------------------------------------------------------------------

const MAX_FILE_REDIRECTS = 5;

/** What the executor lends a download: its transport, credentials and API origin. */
export interface DownloadContext {
  http: HttpClient;
  auth: AuthProvider;
  /** The API's base URL: only its origin receives credentials. */
  baseUrl: string;
}

/**
 * Turns the answer to a download action's request into a DownloadStream result: a direct
 * download streams it (following its redirect, if any); a two-step download reads the file URL
 * from it and fetches that.
 */
export async function downloadResult(
  context: DownloadContext,
  operation: string,
  rule: NonNullable<ActionMetadata['download']>,
  first: HttpResult,
  request: { url: string; select: Record<string, unknown>; fileHeaders: Record<string, string> },
  options?: RequestOptions,
): Promise<ExecuteResult> {
  if ('direct' in rule) {
    const location = first.status >= 300 && first.status < 400 ? first.headers.get('location') : null;
    if (!location) return streamResult(context, first, operation, options?.signal);
    await first.stream?.cancel().catch(() => undefined);
    return fetchFile(context, operation, new URL(location, request.url).toString(), request.fileHeaders, options);
  }
  const picked = pickFile(operation, rule, first, request.select);
  const fileUrl = new URL(picked.url, first.url || context.baseUrl).toString();
  return fetchFile(context, operation, fileUrl, request.fileHeaders, options, picked.name);
}

/** GETs a file URL, following redirects by hand so credentials never reach another origin. */
async function fetchFile(
  context: DownloadContext,
  operation: string,
  fileUrl: string,
  fileHeaders: Record<string, string>,
  options?: RequestOptions,
  knownName?: string,
): Promise<ExecuteResult> {
  let url = fileUrl;
  const apiOrigin = new URL(context.baseUrl).origin;
  for (let hop = 0; hop <= MAX_FILE_REDIRECTS; hop++) {
    // Pre-signed storage URLs on another host must never receive the vendor credentials.
    const sameOrigin = new URL(url).origin === apiOrigin;
    const response = await context.http.send({
      operation: `${operation} (file)`,
      method: 'GET',
      url,
      headers: { accept: '*/*', ...fileHeaders },
      idempotent: true,
      auth: sameOrigin ? context.auth : null,
      responseType: 'stream',
      redirect: 'manual',
      options,
    });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (!location) return streamResult(context, response, operation, options?.signal, knownName);
    await response.stream?.cancel().catch(() => undefined);
    url = new URL(location, url).toString();
  }
  throw new ConfigurationError(`${operation}: the file URL redirected more than ${MAX_FILE_REDIRECTS} times`);
}

/** The file of a two-step download: the item matching the select params, then its URL field (and its name, when the rule says where). */
function pickFile(
  operation: string,
  rule: DownloadRule,
  first: HttpResult,
  select: Record<string, unknown>,
): { url: string; name: string | undefined } {
  const body = first.body;
  let holder: unknown = body;
  if (rule.from !== undefined) {
    const items = getPath(body, rule.from);
    const list = Array.isArray(items) ? items : [];
    const wanted = Object.entries(rule.match ?? {}).filter(([, param]) => select[param] !== undefined);
    let candidates = list.filter((item) => wanted.every(([field, param]) => getPath(item, field) === select[param]));
    const index = rule.indexParam ? select[rule.indexParam] : undefined;
    if (typeof index === 'number') candidates = candidates.slice(index, index + 1);
    holder = candidates[0];
    if (holder === undefined) {
      const criteria = wanted.map(([field, param]) => `${field}=${JSON.stringify(select[param])}`);
      if (typeof index === 'number') criteria.push(`index ${index}`);
      const itemName = rule.itemName ?? 'file';
      throw new NotFoundError(
        `${operation}: no ${itemName} matched${criteria.length ? ` ${criteria.join(', ')}` : ''}; ` +
          `the record has ${list.length} ${itemName}${list.length === 1 ? '' : 's'}` +
          `${list.length ? ` (${list.map((i) => describeItem(i)).join('; ')})` : ''}`,
        { status: 404, headers: first.headers, body: undefined },
      );
    }
  }
  const url = getPath(holder, rule.url);
  if (typeof url !== 'string' || url === '') {
    throw new NotFoundError(`${operation}: the vendor's response has no file URL at ${rule.url}`, {
      status: 404,
      headers: first.headers,
      body: undefined,
    });
  }
  const name = rule.fileName === undefined ? undefined : getPath(holder, rule.fileName);
  return { url, name: typeof name === 'string' && name !== '' ? name : undefined };
}

function describeItem(item: unknown): string {
  if (!item || typeof item !== 'object') return String(item);
  const record = item as Record<string, unknown>;
  return ['type', 'filename', 'name']
    .filter((k) => typeof record[k] === 'string')
    .map((k) => `${k} ${JSON.stringify(record[k])}`)
    .join(', ');
}

function streamResult(
  context: DownloadContext,
  result: HttpResult,
  operation: string,
  signal?: AbortSignal,
  knownName?: string,
): ExecuteResult {
  const info = downloadInfo(result.headers, result.url, knownName);
  return {
    data: new DownloadStream(result.stream, info, operation, signal, context.http.redactor),
    meta: { content_type: info.contentType, content_length: info.contentLength, file_name: info.fileName },
  };
}
