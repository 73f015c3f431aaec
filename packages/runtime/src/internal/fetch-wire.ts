/**
 * The wire over a caller-supplied fetch. Redirects are never followed by fetch itself (the
 * HttpClient follows them with its own origin rule). The attempt's abort goes to fetch as a signal,
 * which cancels the request and any body still being read.
 */
import { BodyTooLarge, announcedTooLarge, type Wire, type WireResponse } from './wire.js';

export function fetchWire(fetchImpl: typeof fetch): Wire {
  return async (request) => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.abort.signal,
      redirect: 'manual',
    });
    const wire: WireResponse = {
      status: response.status,
      headers: response.headers,
      text: (limit) => readText(response, limit),
      stream: () => response.body,
      discard: () => void response.body?.cancel().catch(() => undefined),
    };
    return wire;
  };
}

async function readText(response: Response, limit: number): Promise<string> {
  if (announcedTooLarge(response.headers, limit)) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit);
  }
  // fetch decompresses: a Content-Length then counts compressed bytes and proves nothing.
  if (response.headers.has('content-length') && !response.headers.has('content-encoding')) return response.text();
  const body = response.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
