/**
 * Bodies read whole: the built-in pool collects a JSON answer with a dispatch handler of its own
 * (src/internal/whole-body.ts) instead of undici's Readable. What a caller sees must not change:
 * content codings decoded, the size cap counted after decoding, informational answers skipped, a
 * followed redirect's body drained or its socket closed, an abort honoured even before the request
 * got a connection. Observed from the server side where it is about sockets, against both wires
 * where both apply. The handler's own rules (holding bytes for a reader that has not come yet,
 * discarding) are checked directly with a scripted undici controller.
 */
import { getEventListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, ResponseTooLargeError } from '@switchyard/runtime';
import { waitFor } from '../../../test/support/expect.js';
import { HttpClient, Redactor, type HttpClientConfig, type HttpRequest } from '@switchyard/runtime/internal';
import type { Dispatcher } from 'undici';
import { AttemptAbort } from '../src/internal/attempt-abort.js';
import { WholeBody } from '../src/internal/whole-body.js';
import { BodyTooLarge, type WireResponse } from '../src/internal/wire.js';
import { FAST_RETRY, rejection } from './helpers.js';
import { loopback, within, type Loopback, type LoopbackHandler } from './loopback.js';

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: LoopbackHandler): Promise<Loopback> {
  const server = await loopback(handler);
  servers.push(server);
  return server;
}

const WIRES = {
  'built-in pool': {},
  'caller fetch': { fetch: ((input, init) => fetch(input, init)) as typeof fetch },
} satisfies Record<string, Partial<HttpClientConfig>>;

function client(extra: Partial<HttpClientConfig> = {}): HttpClient {
  return new HttpClient({ redactor: new Redactor(), retry: FAST_RETRY, ...extra });
}

function get(url: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return { operation: 'test items.list', method: 'GET', url, idempotent: true, auth: null, responseType: 'json', ...overrides };
}

const ITEMS = { items: Array.from({ length: 200 }, (_, i) => ({ id: `item-${i}`, name: `Item ${i} ✓`, tags: ['a', 'b'] })) };
const CODINGS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

function sendEncoded(res: ServerResponse, coding: keyof typeof CODINGS, text: string, withLength: boolean): void {
  const body = CODINGS[coding](Buffer.from(text));
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': coding,
    ...(withLength ? { 'content-length': String(body.length) } : {}),
  });
  res.end(body);
}

for (const [wire, wireOptions] of Object.entries(WIRES)) {
  describe(`content codings (${wire})`, () => {
    for (const coding of Object.keys(CODINGS) as (keyof typeof CODINGS)[]) {
      for (const withLength of [true, false]) {
        it(`a ${coding} answer ${withLength ? 'of declared length' : 'sent chunked'} is decoded`, async () => {
          const server = await serve((_req, res) => sendEncoded(res, coding, JSON.stringify(ITEMS), withLength));
          const result = await client(wireOptions).send(get(`${server.url}/items`));
          expect(result.body).toEqual(ITEMS);
        });
      }
    }

    it('a small gzip body that decodes past maxResponseBytes is a ResponseTooLargeError', async () => {
      // 4 MB of spaces inside a JSON string compress to a few KB.
      const server = await serve((_req, res) => sendEncoded(res, 'gzip', `{"pad":"${' '.repeat(4 * 1024 * 1024)}"}`, true));
      const error = await rejection(client({ ...wireOptions, maxResponseBytes: 256 * 1024 }).send(get(`${server.url}/items`)));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error.limitBytes).toBe(256 * 1024);
      expect(server.requests).toHaveLength(1); // a size is not a transient failure: no retry
    });

    it('a corrupt gzip body fails the call, and no later call gets its bytes', async () => {
      let calls = 0;
      const server = await serve((_req, res) => {
        if (calls++ === 0) {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(Buffer.from('this is not gzip at all, just bytes'));
        } else res.end(JSON.stringify({ second: true }));
      });
      const http = client({ ...wireOptions, maxRetries: 0 });
      await expect(http.send(get(`${server.url}/items`))).rejects.toThrow();
      expect((await http.send(get(`${server.url}/items`))).body).toEqual({ second: true });
    });
  });

  describe(`bodies read whole (${wire})`, () => {
    it('a body of declared length that starts with a UTF-8 byte order mark is read without it', async () => {
      const server = await serve((_req, res) => {
        const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"bom":true}')]);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.end(body);
      });
      expect((await client(wireOptions).send(get(`${server.url}/items`))).body).toEqual({ bom: true });
    });

    it('an informational 103 before the answer is skipped: the 200 and its body are the result', async () => {
      const server = await serve((_req, res) => {
        res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
        res.writeHead(200, { 'content-type': 'application/json', 'x-final': 'yes' });
        res.end(JSON.stringify(ITEMS));
      });
      const result = await client(wireOptions).send(get(`${server.url}/items`));
      expect(result.status).toBe(200);
      expect(result.headers.get('x-final')).toBe('yes');
      expect(result.body).toEqual(ITEMS);
    });

    it('a large body (8 MB, many socket reads) arrives whole and intact', async () => {
      const big = { rows: Array.from({ length: 80_000 }, (_, i) => ({ i, text: 'x'.repeat(80) })) };
      const text = JSON.stringify(big);
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
      });
      const result = await client(wireOptions).send(get(`${server.url}/items`));
      expect(JSON.stringify(result.body)).toBe(text);
    });
  });
}

describe('the built-in pool (connections it manages itself)', () => {
  it("a followed redirect's small body is drained and its connection kept for reuse", async () => {
    const server = await serve((req, res) => {
      if (req.url === '/old') {
        res.writeHead(302, { location: '/new', 'content-type': 'text/html' });
        res.end('<html>moved</html>');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"moved":true}');
      }
    });
    const http = client();
    expect((await http.send(get(`${server.url}/old`))).body).toEqual({ moved: true });
    expect(server.requests).toHaveLength(2);
    // The follow-up may go out before the drained connection is free (a second socket), but
    // neither is closed, and later calls open no more.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.open).toBe(server.connections);
    const opened = server.connections;
    for (let i = 0; i < 5; i++) await http.send(get(`${server.url}/new`));
    expect(server.connections).toBe(opened);
  });

  it("a followed redirect's large body is not read: its socket is closed and the call goes on", async () => {
    const server = await serve((req, res) => {
      if (req.url === '/old') {
        res.writeHead(302, { location: '/new', 'content-type': 'text/html' });
        res.end('<p>moved</p>'.repeat(100_000));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"moved":true}');
      }
    });
    expect((await client().send(get(`${server.url}/old`))).body).toEqual({ moved: true });
    await within(server.socketClosed(0), 5_000, 'the server seeing the redirect socket close');
  });

  it('a call aborted while it waits for a connection fails at once and is never sent', async () => {
    const held: ServerResponse[] = [];
    const server = await serve((_req, res) => held.push(res));
    const http = client({ maxConnections: 1, maxRetries: 0 });
    const first = http.send(get(`${server.url}/slow`));
    await waitFor('the first request arriving', () => (held.length === 1 ? true : undefined), 5_000);
    const controller = new AbortController();
    const second = http.send(get(`${server.url}/queued`, { options: { signal: controller.signal } }));
    controller.abort();
    expect(await within(rejection(second), 1_000, 'the queued call failing')).toBeInstanceOf(AbortError);
    held[0]!.writeHead(200, { 'content-type': 'application/json' });
    held[0]!.end('{"first":true}');
    expect((await first).body).toEqual({ first: true });
    // Let the pool dispatch what is queued, if anything still were.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.map((r) => r.url)).toEqual(['/slow']);
  });
});

describe("a streamed body and the caller's signal", () => {
  const streamed = (url: string, signal: AbortSignal) => get(url, { responseType: 'stream', options: { signal } });
  const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

  async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
    let bytes = 0;
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    return bytes;
  }

  it('the signal still cancels the stream while it is read, and keeps no listener once it ended, failed or was cancelled', async () => {
    let n = 0;
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      if (req.url === '/drop') {
        res.write('x'.repeat(1024));
        setTimeout(() => res.destroy(), 20);
      } else if (req.url === '/slow') {
        res.write('x'.repeat(1024));
        // Never ends by itself; the client goes away.
      } else res.end(`file ${n++}`);
    });
    const http = client({ maxRetries: 0 });
    // One long-lived signal for many calls, as an application-wide shutdown signal would be.
    const shared = new AbortController();
    for (let i = 0; i < 15; i++) {
      const result = await http.send(streamed(`${server.url}/file`, shared.signal));
      expect(await readAll(result.stream!)).toBeGreaterThan(0);
    }
    const cancelled = await http.send(streamed(`${server.url}/slow`, shared.signal));
    const reader = cancelled.stream!.getReader();
    await reader.read();
    await reader.cancel();
    const dropped = await http.send(streamed(`${server.url}/drop`, shared.signal));
    await expect(readAll(dropped.stream!)).rejects.toThrow();
    expect(listeners(shared.signal)).toBe(0);

    // While a stream is open its call still listens, and aborting cancels it.
    const open = await http.send(streamed(`${server.url}/slow`, shared.signal));
    expect(listeners(shared.signal)).toBe(1);
    const reading = readAll(open.stream!);
    shared.abort();
    await expect(reading).rejects.toThrow();
    await within(server.socketClosed(server.requests.length - 1), 5_000, 'the server seeing the socket close');
  });
});

/** A scripted undici controller: what the handler paused, resumed and aborted. */
class ScriptedController implements Dispatcher.DispatchController {
  paused = false;
  aborted = false;
  reason: Error | null = null;
  resumes = 0;
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    if (this.paused) this.resumes++;
    this.paused = false;
  }
  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
  }
}

function started(abort = new AttemptAbort()) {
  let head: Promise<WireResponse>;
  const handler = new WholeBody(
    abort,
    (response) => (head = Promise.resolve(response)),
    (error) => (head = Promise.reject(error as Error)),
  );
  const controller = new ScriptedController();
  handler.onRequestStart(controller);
  return { handler, controller, abort, head: () => head };
}

describe('WholeBody, the handler of a body read whole', () => {
  it('holds at most 64 KB for a reader that has not come, then pauses; the reader resumes and gets every byte', async () => {
    const { handler, controller, head } = started();
    handler.onResponseStart(controller, 200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    for (let i = 0; i < 4; i++) handler.onResponseData(controller, chunk);
    expect(controller.paused).toBe(false);
    handler.onResponseData(controller, chunk);
    expect(controller.paused).toBe(true);
    const text = (await head()).text(1024 * 1024);
    expect(controller.paused).toBe(false);
    handler.onResponseData(controller, chunk);
    handler.onResponseEnd(controller, {});
    expect(await text).toBe('a'.repeat(6 * 16 * 1024));
  });

  it('text(limit) under what was already held rejects with BodyTooLarge and aborts the request', async () => {
    const { handler, controller, head } = started();
    handler.onResponseStart(controller, 200, {});
    handler.onResponseData(controller, Buffer.alloc(2048));
    const error = await rejection((await head()).text(1024));
    expect(error).toBeInstanceOf(BodyTooLarge);
    expect(controller.aborted).toBe(true);
  });

  it('discard drains a small body and keeps the request; past 64 KB it aborts it', async () => {
    const small = started();
    small.handler.onResponseStart(small.controller, 302, {});
    small.handler.onResponseData(small.controller, Buffer.alloc(100));
    (await small.head()).discard();
    small.handler.onResponseData(small.controller, Buffer.alloc(100));
    small.handler.onResponseEnd(small.controller, {});
    expect(small.controller.aborted).toBe(false);

    const large = started();
    large.handler.onResponseStart(large.controller, 302, {});
    (await large.head()).discard();
    for (let i = 0; i < 3 && !large.controller.aborted; i++) large.handler.onResponseData(large.controller, Buffer.alloc(30 * 1024));
    expect(large.controller.aborted).toBe(true);
  });

  it("the attempt's abort before the request started aborts it at start and rejects the head at once", async () => {
    const abort = new AttemptAbort();
    let rejected: unknown;
    const handler = new WholeBody(
      abort,
      () => undefined,
      (error) => (rejected = error),
    );
    abort.abort('deadline');
    expect(rejected).toBe('deadline');
    const controller = new ScriptedController();
    handler.onRequestStart(controller);
    expect(controller.aborted).toBe(true);
  });

  it('an abort while the body is being read rejects the reader with its reason', async () => {
    const { handler, controller, head, abort } = started();
    handler.onResponseStart(controller, 200, {});
    const text = (await head()).text(1024);
    abort.abort('caller went away');
    expect(await rejection(text)).toBe('caller went away');
    expect(controller.aborted).toBe(true);
  });
});

describe('AttemptAbort', () => {
  it('calls each listener once with the first reason; a signal asked for before or after follows it', () => {
    const abort = new AttemptAbort();
    const early = abort.signal;
    const heard: unknown[] = [];
    abort.onAbort((reason) => heard.push(['a', reason]));
    abort.onAbort((reason) => heard.push(['b', reason]));
    abort.abort('first');
    abort.abort('second');
    abort.onAbort((reason) => heard.push(['late', reason]));
    expect(heard).toEqual([
      ['a', 'first'],
      ['b', 'first'],
      ['late', 'first'],
    ]);
    expect(early.aborted).toBe(true);
    expect(early.reason).toBe('first');
    expect(abort.signal.reason).toBe('first');
  });
});
