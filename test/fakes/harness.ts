/**
 * Loopback HTTP harness shared by the vendor fakes: binds 127.0.0.1 on a free port, parses the
 * query and body once, records the request, applies failures queued with `failNext`, then hands
 * the parsed request to the vendor handler.
 *
 * It is on the hot path of the benchmarks (thousands of requests), so it avoids `new URL()`, skips
 * body reading for body-less requests and does no work for failures when none are queued.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { deferred } from '../support/deferred.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** Parsed JSON, or the form fields object, or the raw string; `undefined` when there was no body. */
  body: unknown;
  rawBody: string;
}

export type Failure =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: unknown }
  | { kind: 'drop' }
  | { kind: 'drop-mid-body' }
  | { kind: 'delay'; ms: number }
  /**
   * Holds the request until `until` settles, then answers it as usual: in flight for exactly as
   * long as the test needs (a first sync that must not finish before a check), where a delay in
   * milliseconds is a window a loaded machine can overrun. `close()` drops a request still held.
   */
  | { kind: 'hold'; until: Promise<unknown> }
  | { kind: 'body'; status?: number; body: unknown }
  /**
   * Answers with the reply this fake last sent on the same path (status, headers, body), whatever
   * the request asked for. Replaying a page of a list hands the client the cursor it has just
   * used, which is how a vendor that repeats a cursor looks from the client.
   */
  | { kind: 'replay' };

export interface FakeServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** The next `times` (default 1) requests whose path matches `match` (string = exact path, RegExp) get this failure instead of normal handling; requests are still recorded. */
  failNext(match: string | RegExp, failure: Failure, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** What a vendor handler answers. `body` is sent as JSON unless it is a string or a Buffer. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A vendor handler. Return a `Reply`, or write to `res` yourself (streaming downloads) and return
 * nothing.
 */
export type Handler = (req: RecordedRequest, res: ServerResponse) => Reply | void | Promise<Reply | void>;

export interface StartServerOptions {
  /** Keep `requests` (default true). Benchmarks turn it off so memory stays flat. */
  record?: boolean;
  /** Port to listen on (default 0: a free one). */
  port?: number;
  /** Body used for a `{kind:'status'}` failure that brings none, shaped like the vendor's errors. */
  failureBody?: (status: number) => unknown;
  /** Headers added to every reply from the handler (e.g. rate-limit headers). */
  defaultHeaders?: Record<string, string>;
}

/**
 * Aborts `controller` once the fake has recorded a request, and returns the function that stops
 * watching. A test of "aborted during the request" aborts on the request's arrival, not after a
 * fixed time: a loaded machine can reach a fixed time before the request is even sent.
 */
export function abortOnArrival(server: { readonly requests: readonly unknown[] }, controller: AbortController): () => void {
  const watch = setInterval(() => {
    if (server.requests.length > 0) {
      controller.abort();
      clearInterval(watch);
    }
  }, 5);
  return () => clearInterval(watch);
}

interface PendingFailure {
  match: string | RegExp;
  failure: Failure;
  remaining: number;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export async function startServer(handler: Handler, options: StartServerOptions = {}): Promise<FakeServer> {
  const record = options.record ?? true;
  const requests: RecordedRequest[] = [];
  const failures: PendingFailure[] = [];
  const timers = new Set<NodeJS.Timeout>();
  // Settled by close(): a request held or delayed stops waiting then (its socket is gone).
  const closing = deferred();
  // A delay's timer is cleared by close(), so a fake never keeps the process alive.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  // Last reply per path, for `replay` failures. One Map write per request: cheap enough for benchmarks.
  const lastReplies = new Map<string, Reply>();

  const server = createServer({ keepAlive: true, noDelay: true }, (req, res) => {
    void serve(req, res);
  });
  // Clients such as undici keep sockets for 4 s by default; stay open a little longer so a pooled
  // socket is never closed under a request in flight.
  server.keepAliveTimeout = 10_000;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let recorded: RecordedRequest;
    try {
      recorded = await readRequest(req);
    } catch {
      res.destroy();
      return;
    }
    if (record) requests.push(recorded);
    const failure = failures.length === 0 ? undefined : takeFailure(failures, recorded.path);
    try {
      if (failure) {
        switch (failure.kind) {
          case 'drop':
            req.socket.destroy();
            return;
          case 'status':
            send(res, {
              status: failure.status,
              headers: failure.headers,
              body: failure.body ?? options.failureBody?.(failure.status) ?? '',
            });
            return;
          case 'body':
            send(res, { status: failure.status ?? 200, body: failure.body }, options.defaultHeaders);
            return;
          case 'replay': {
            const last = lastReplies.get(recorded.path);
            // Replaying nothing is a mistake in the test, not a vendor behaviour: make it loud.
            send(res, last ?? { status: 500, body: { fakeError: `nothing to replay on ${recorded.path}` } }, options.defaultHeaders);
            return;
          }
          case 'delay':
          case 'hold': {
            const waited = failure.kind === 'hold' ? failure.until.catch(() => undefined) : sleep(failure.ms);
            // Closed while waiting: the socket is gone (or going), nothing is answered.
            const open = await Promise.race([waited.then(() => true), closing.promise.then(() => false)]);
            if (!open || res.destroyed) return;
            break;
          }
          case 'drop-mid-body':
            cutAfterFirstChunk(res);
            break;
        }
      }
      const reply = await handler(recorded, res);
      if (reply) {
        lastReplies.set(recorded.path, reply);
        send(res, reply, options.defaultHeaders);
      }
    } catch (error) {
      // A crash here is a bug in the fake, not a vendor behaviour: make it loud.
      console.error('[fake] handler crashed on', recorded.method, recorded.path, error);
      if (!res.headersSent) send(res, { status: 500, body: { fakeError: String(error) } });
      else res.destroy();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(match, failure, times = 1) {
      failures.push({ match, failure, remaining: times });
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      lastReplies.clear();
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closing.resolve();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function takeFailure(failures: PendingFailure[], path: string): Failure | undefined {
  for (let i = 0; i < failures.length; i++) {
    const pending = failures[i]!;
    const { match } = pending;
    let hit: boolean;
    if (typeof match === 'string') hit = match === path;
    else {
      match.lastIndex = 0; // a /g or /y RegExp keeps state between calls
      hit = match.test(path);
    }
    if (!hit) continue;
    pending.remaining -= 1;
    if (pending.remaining <= 0) failures.splice(i, 1);
    return pending.failure;
  }
  return undefined;
}

async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? {} : parseParams(url.slice(q + 1));

  const headers: Record<string, string> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    headers[name] = headers[name] === undefined ? raw[i + 1]! : `${headers[name]}, ${raw[i + 1]!}`;
  }

  let rawBody = '';
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    rawBody = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
  } else {
    req.resume();
  }

  return { method: req.method ?? 'GET', path, query, headers, body: parseBody(rawBody, headers['content-type']), rawBody };
}

/** `a=1&a=2&b=x` → `{ a: ['1', '2'], b: 'x' }`. */
export function parseParams(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

function parseBody(rawBody: string, contentType: string | undefined): unknown {
  if (rawBody === '') return undefined;
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(rawBody) as unknown;
    } catch {
      return rawBody;
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return parseParams(rawBody);
  return rawBody;
}

/** First value of a query/form field (clients may repeat a key). */
export function one(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

const BIGINT_MARK = '@@bigint@@';

/**
 * The JSON text of a reply body. A bigint is written as a JSON number of its exact digits: vendors
 * send integers beyond 2^53 as numbers (Gong's int64 ids), which JSON.stringify cannot write.
 */
export function jsonText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const marked = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `${BIGINT_MARK}${value}` : value));
    return marked.replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)"`, 'g'), '$1');
  }
}

export function send(res: ServerResponse, reply: Reply, defaults?: Record<string, string>): void {
  if (res.destroyed) return;
  const { body } = reply;
  let payload: string | Buffer;
  let type: string | undefined;
  if (Buffer.isBuffer(body)) payload = body;
  else if (typeof body === 'string') payload = body;
  else {
    payload = body === undefined ? '' : jsonText(body);
    type = JSON_TYPE;
  }
  const headers: Record<string, string | number> = { ...defaults, ...reply.headers };
  if (type !== undefined && !hasHeader(headers, 'content-type')) headers['content-type'] = type;
  headers['content-length'] = Buffer.byteLength(payload);
  res.writeHead(reply.status ?? 200, headers);
  res.end(payload);
}

function hasHeader(headers: Record<string, unknown>, name: string): boolean {
  for (const key in headers) if (key.toLowerCase() === name) return true;
  return false;
}

/**
 * Makes the next write on `res` send the headers and half of the first chunk, then kills the
 * socket once that much reached the kernel: the client sees a valid status and a truncated body.
 */
function cutAfterFirstChunk(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: Buffer, cb: () => void) => boolean;
  let cut = false;
  const kill = () => (res.socket as Socket | null)?.destroy();
  const truncate = (chunk: unknown): void => {
    if (cut) return;
    cut = true;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(typeof chunk === 'string' ? chunk : '');
    if (buf.length === 0) {
      res.flushHeaders();
      setImmediate(kill);
      return;
    }
    write(buf.subarray(0, Math.max(1, buf.length >> 1)), kill);
  };
  res.write = ((chunk: unknown) => {
    truncate(chunk);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    truncate(typeof chunk === 'function' ? undefined : chunk);
    return res;
  }) as typeof res.end;
}
