/**
 * The built-in wire: undici's dispatcher API over an Agent with a connection cap per origin.
 *
 * Why not the global fetch: it opens a socket per concurrent request with no upper bound (10 000
 * concurrent calls meant 10 000 sockets), and capping in-flight requests above it does not bound
 * sockets. An undici Agent with `connections` does, counted at the server. The dispatcher API is
 * also about twice as fast as fetch on a loopback round trip (see bench/request-overhead.ts).
 *
 * A body read whole (every JSON answer, error bodies, redirects followed) is collected by a
 * dispatch handler of our own as it arrives (whole-body.ts), without `request()`'s per-call async
 * resource, Readable body and consume machinery in between; a body read as a stream (downloads)
 * goes through `request()`, whose Readable gives the stream its backpressure.
 *
 * undici is loaded on the first request, not at import, so a connector's cold import stays small;
 * only its public entry point is used, so a version bump cannot break a private path.
 */
import { pipeline, type Readable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
import { ACCEPT_ENCODING, contentDecoder } from './content-decoding.js';
import { WholeBody, responseHeaders } from './whole-body.js';
import { BodyTooLarge, announcedTooLarge, type Wire, type WireResponse } from './wire.js';

let loading: Promise<typeof Agent> | undefined;

function loadAgent(): Promise<typeof Agent> {
  loading ??= import('undici').then((undici) => undici.Agent);
  return loading;
}

const USER_AGENT = 'switchyard-runtime';

export function poolWire(maxConnections: number): Wire {
  let agent: Agent | undefined;
  const connect = async () => {
    const AgentClass = await loadAgent();
    agent ??= new AgentClass({ connections: maxConnections });
    return agent;
  };
  return async (request) => {
    const pool = agent ?? (await connect());
    const url = new URL(request.url);
    const headers = request.headers;
    if (!('accept-encoding' in headers)) headers['accept-encoding'] = ACCEPT_ENCODING;
    // fetch sends one too; some APIs refuse requests without it.
    if (!('user-agent' in headers) && !('User-Agent' in headers)) headers['user-agent'] = USER_AGENT;
    const options: Dispatcher.DispatchOptions = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method as Dispatcher.HttpMethod,
      headers,
      body: request.body,
    };
    if (request.read === 'stream') return streamedResponse(await pool.request({ ...options, signal: request.abort.signal }));
    return new Promise<WireResponse>((resolve, reject) => {
      const handler = new WholeBody(request.abort, resolve, reject);
      try {
        pool.dispatch(options, handler);
      } catch (error) {
        handler.onResponseError(undefined, error as Error);
      }
    });
  };
}

/** A response whose body the caller may read as a stream; `text` and `discard` work too (an error body, a redirect). */
function streamedResponse(response: Dispatcher.ResponseData): WireResponse {
  const headers = responseHeaders(response.headers);
  const raw = response.body as unknown as Readable & { text(): Promise<string>; dump(options?: { limit: number }): Promise<void> };
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  const decoded = (): Readable => {
    const decoder = contentDecoder(encoding);
    return decoder ? (pipeline(raw, decoder, () => undefined) as unknown as Readable) : raw;
  };
  return {
    status: response.statusCode,
    headers,
    text: async (limit) => {
      if (announcedTooLarge(headers, limit)) {
        closeQuietly(raw);
        throw new BodyTooLarge(limit);
      }
      // undici holds the body to its Content-Length, so a declared length within the cap is safe to read whole.
      if (!encoding && headers.has('content-length')) return raw.text();
      return readCapped(decoded(), limit, raw);
    },
    stream: () => toWebStream(decoded(), raw),
    // A small unread body is drained so the connection can be reused; a large one closes it.
    discard: () => void raw.dump({ limit: 64 * 1024 }).catch(() => undefined),
  };
}

async function readCapped(body: Readable, limit: number, raw: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Counted after decoding: a small compressed body must not expand past the cap either.
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(chunk);
    }
  } catch (error) {
    closeQuietly(raw);
    throw error;
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** A web stream over the Node body, read on demand; cancelling it destroys the body and its socket. */
function toWebStream(body: Readable, raw: Readable): ReadableStream<Uint8Array> {
  const iterator = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      cancel() {
        closeQuietly(body);
        closeQuietly(raw);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Stops a body that is still arriving: undici closes its socket (an HTTP/1.1 response cannot be
 * abandoned half-read on a connection that is to be reused). undici reports the destruction as an
 * 'error' event; nobody is listening for it any more, and it must not crash the process.
 */
function closeQuietly(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}
