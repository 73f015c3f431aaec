/**
 * The wire: one HTTP exchange without redirects, retries or error mapping. Two implementations
 * share this shape: the built-in pool (undici, connection cap per origin) and a caller's fetch.
 * Both abort for real when the attempt is aborted: the request, or the body being read, is
 * cancelled and its socket closed, so a timed-out attempt stops using memory and connections.
 */
import type { AttemptAbort } from './attempt-abort.js';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  abort: AttemptAbort;
  /**
   * `whole`: the caller reads the body with `text` or `discard` (JSON answers, error bodies,
   * redirects followed); `stream`: it may read it with `stream` (downloads, manual redirects).
   */
  read: 'whole' | 'stream';
}

export interface WireResponse {
  readonly status: number;
  readonly headers: Headers;
  /**
   * The whole body as UTF-8 text. Rejects with BodyTooLarge as soon as more than `limit` bytes
   * are announced or received; the rest is not read and the connection is closed.
   */
  text(limit: number): Promise<string>;
  /** The body as a stream the caller reads; cancelling it stops the transfer. Only for `read: 'stream'`. */
  stream(): ReadableStream<Uint8Array> | null;
  /** Releases a body nobody will read (a redirect's, an abandoned attempt's). */
  discard(): void;
}

export type Wire = (request: WireRequest) => Promise<WireResponse>;

/** Thrown by `text(limit)`; mapped to ResponseTooLargeError by the error mapping. */
export class BodyTooLarge {
  constructor(readonly limit: number) {}
}

/** A Content-Length that already says the body is over the cap. */
export function announcedTooLarge(headers: Headers, limit: number): boolean {
  const length = headers.get('content-length');
  return length !== null && Number(length) > limit;
}
