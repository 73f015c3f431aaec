/**
 * A response whose body is read whole (pool-wire.ts): an undici dispatch handler that resolves the
 * wire's promise with the head and holds the body's bytes as they arrive, until the caller asks
 * for them with `text(limit)` (the HttpClient does at once) or `discard()`. The same rules as a
 * body read through undici's Readable:
 *
 * - `text(limit)`: more than `limit` bytes announced or received (counted after decoding, so a
 *   small compressed body cannot expand past the cap) rejects with BodyTooLarge, and the rest is
 *   not read: the request is aborted and its socket closed;
 * - `discard()`: drained up to 64 KB so the connection can be reused; a larger body closes it;
 * - before either, at most HOLD_BYTES are held, then the socket is paused until a reader comes;
 * - the attempt's abort (deadline, caller, failure) aborts the request, and rejects whatever waits.
 */
import type { Transform } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { AttemptAbort } from './attempt-abort.js';
import { contentDecoder } from './content-decoding.js';
import { BodyTooLarge, announcedTooLarge, type WireResponse } from './wire.js';

/** Bytes held for a caller that has not asked for them yet, before the socket is paused. */
const HOLD_BYTES = 64 * 1024;
/** A discarded body is read to its end up to this size (the connection is kept), else the socket is closed. */
const DISCARD_BYTES = 64 * 1024;

type Reader =
  | { readonly kind: 'none' }
  | { readonly kind: 'discard' }
  | { readonly kind: 'text'; readonly limit: number; readonly resolve: (text: string) => void; readonly reject: (error: unknown) => void };

const NO_READER: Reader = { kind: 'none' };
const DISCARDING: Reader = { kind: 'discard' };

/** undici's header object as a Headers (own keys only: undici stores a `__proto__` header as an own key). */
export function responseHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

export class WholeBody implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #resolveHead: ((response: WireResponse) => void) | undefined;
  #rejectHead: ((error: unknown) => void) | undefined;
  #failed: { readonly reason: unknown } | undefined;
  #reader: Reader = NO_READER;
  /** Held raw bytes (no reader yet), then the bytes read for `text` (after decoding). */
  #chunks: Buffer[] = [];
  #size = 0;
  #ended = false;
  #encoding: string | undefined;
  /** undici's `text()` skips a UTF-8 byte order mark when it reads a body of declared length whole; so do we, there. */
  #skipBom = false;
  #decoder: Transform | undefined;

  constructor(abort: AttemptAbort, resolve: (response: WireResponse) => void, reject: (error: unknown) => void) {
    this.#resolveHead = resolve;
    this.#rejectHead = reject;
    abort.onAbort((reason) => this.#fail(reason));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // Aborted while waiting for a connection: it is never sent.
    if (this.#failed) controller.abort(this.#failed.reason as Error);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    raw: Record<string, string | string[] | undefined>,
  ): void {
    // 1xx informational answers (103 Early Hints) come before the real one.
    if (statusCode < 200) return;
    const resolve = this.#resolveHead;
    this.#resolveHead = this.#rejectHead = undefined;
    if (!resolve) return;
    const headers = responseHeaders(raw);
    this.#encoding = headers.get('content-encoding')?.trim().toLowerCase();
    this.#skipBom = !this.#encoding && headers.has('content-length');
    resolve({
      status: statusCode,
      headers,
      text: (limit) => this.#text(headers, limit),
      stream: () => {
        throw new TypeError('a body read whole has no stream: send the request with read: "stream"');
      },
      discard: () => this.#discard(),
    });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#failed) return;
    const reader = this.#reader;
    if (reader.kind === 'text') return this.#accept(chunk);
    this.#size += chunk.length;
    if (reader.kind === 'discard') {
      if (this.#size > DISCARD_BYTES) this.#fail(new BodyTooLarge(DISCARD_BYTES));
      return;
    }
    this.#chunks.push(chunk);
    if (this.#size > HOLD_BYTES) controller.pause();
  }

  onResponseEnd(_controller: Dispatcher.DispatchController, _trailers: Record<string, string | string[] | undefined>): void {
    this.#ended = true;
    if (this.#reader.kind === 'text' && !this.#failed) this.#endInput();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    this.#fail(error);
  }

  #text(headers: Headers, limit: number): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      if (this.#reader.kind !== 'none') return reject(new TypeError('the body was already read or discarded'));
      if (!this.#failed && announcedTooLarge(headers, limit)) this.#fail(new BodyTooLarge(limit));
      if (this.#failed) return reject(this.#failed.reason);
      this.#reader = { kind: 'text', limit, resolve, reject };
      const held = this.#chunks;
      this.#chunks = [];
      this.#size = 0;
      const decoder = contentDecoder(this.#encoding);
      if (decoder) {
        this.#decoder = decoder;
        decoder.on('data', (chunk: Buffer) => this.#collect(chunk));
        decoder.on('error', (error: Error) => this.#fail(error));
        decoder.on('end', () => this.#finish());
      }
      for (const chunk of held) {
        this.#accept(chunk);
        if (this.#failed) return;
      }
      if (this.#ended) this.#endInput();
      else this.#controller?.resume();
    });
  }

  #discard(): void {
    if (this.#reader.kind !== 'none' || this.#failed) return;
    this.#reader = DISCARDING;
    this.#chunks = [];
    if (this.#size > DISCARD_BYTES) this.#fail(new BodyTooLarge(DISCARD_BYTES));
    else this.#controller?.resume();
  }

  /** A raw chunk for the text reader: through the decoder when there is one. */
  #accept(chunk: Buffer): void {
    if (this.#decoder) this.#decoder.write(chunk);
    else this.#collect(chunk);
  }

  #collect(chunk: Buffer): void {
    const reader = this.#reader;
    if (reader.kind !== 'text' || this.#failed) return;
    this.#size += chunk.length;
    if (this.#size > reader.limit) return this.#fail(new BodyTooLarge(reader.limit));
    this.#chunks.push(chunk);
  }

  #endInput(): void {
    if (this.#decoder) this.#decoder.end();
    else this.#finish();
  }

  #finish(): void {
    const reader = this.#reader;
    if (reader.kind !== 'text' || this.#failed) return;
    const chunks = this.#chunks;
    this.#chunks = [];
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#size);
    const bom = this.#skipBom && body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
    reader.resolve(body.toString('utf8', bom ? 3 : 0));
  }

  /** The first failure wins: whatever waits is rejected with it, and nothing more is read (the socket closes). */
  #fail(reason: unknown): void {
    if (this.#failed) return;
    this.#failed = { reason };
    this.#chunks = [];
    const rejectHead = this.#rejectHead;
    this.#resolveHead = this.#rejectHead = undefined;
    rejectHead?.(reason);
    const reader = this.#reader;
    if (reader.kind === 'text') reader.reject(reason);
    if (this.#decoder) {
      this.#decoder.removeAllListeners('data');
      this.#decoder.on('error', () => undefined);
      this.#decoder.destroy();
    }
    // A no-op once undici has finished the request (or failed it: this is then its own error).
    this.#controller?.abort(reason as Error);
  }
}
