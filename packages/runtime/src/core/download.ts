/**
 * A downloaded file as an async iterable of byte chunks, read from the network as the caller
 * consumes it (never buffered whole). Breaking out of the loop cancels the transfer.
 */
import { AbortError, ConnectionError, SwitchyardError } from './errors.js';

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

  constructor(stream: ReadableStream<Uint8Array> | null, info: DownloadInfo, operation: string, signal?: AbortSignal) {
    this.#signal = signal;
    this.#stream = stream;
    this.contentType = info.contentType;
    this.contentLength = info.contentLength;
    this.fileName = info.fileName;
    this.#operation = operation;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    const stream = this.#stream;
    if (stream === null) {
      if (this.#used) throw new SwitchyardError(`${this.#operation}: a download can be read once`);
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
          if (error instanceof SwitchyardError) throw error;
          if (this.#signal?.aborted) throw new AbortError(`${this.#operation} aborted by the caller`);
          const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
          throw new ConnectionError(`${this.#operation}: the download was interrupted (${reason})`);
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

  /** Cancels the transfer without reading it. */
  async cancel(): Promise<void> {
    const stream = this.#stream;
    this.#stream = null;
    this.#used = true;
    await stream?.cancel().catch(() => undefined);
  }
}

export function downloadInfo(headers: Headers, url: string): DownloadInfo {
  const length = headers.get('content-length');
  return {
    contentType: headers.get('content-type'),
    contentLength: length === null ? null : Number(length),
    fileName: fileNameFrom(headers.get('content-disposition')) ?? fileNameFromUrl(url),
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
