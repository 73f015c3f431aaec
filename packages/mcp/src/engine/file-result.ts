/**
 * A download as a tool result. The runtime streams the file; here at most what the budget can hold
 * is read (then the transfer is cancelled), and the file comes back as UTF-8 text when its type is
 * textual, as base64 otherwise, or, when it does not fit, as its name, type and size only with a
 * note saying so: a model cannot use a partial file, and a cut one would be worse than none.
 */
import type { ExecuteResult } from '@switchyard/runtime';

/** Room for the rest of the result around the file content (name, type, meta, JSON escaping of a few characters). */
const ENVELOPE_CHARS = 2_000;

const TEXTUAL = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|yaml|x-yaml|csv|javascript|x-ndjson))/i;

export interface FileData {
  file_name: string | null;
  content_type: string | null;
  size_bytes: number;
  encoding: 'utf-8' | 'base64' | null;
  content: string | null;
  note?: string;
}

export async function fileData(result: ExecuteResult, budget: number): Promise<FileData> {
  const meta = (result.meta ?? {}) as { file_name?: unknown; content_type?: unknown; content_length?: unknown };
  const contentType = typeof meta.content_type === 'string' ? meta.content_type : null;
  const fileName = typeof meta.file_name === 'string' ? meta.file_name : null;
  const textual = contentType !== null && TEXTUAL.test(contentType);
  const room = Math.max(0, budget - ENVELOPE_CHARS);
  // Base64 takes 4 characters per 3 bytes; UTF-8 text at most one character per byte.
  const maxBytes = textual ? room : Math.floor(room / 4) * 3;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  for await (const chunk of result.data as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      complete = false;
      break; // cancels the transfer
    }
    chunks.push(chunk);
  }
  const declared = typeof meta.content_length === 'number' ? meta.content_length : null;
  if (!complete) {
    return {
      file_name: fileName,
      content_type: contentType,
      size_bytes: declared ?? size,
      encoding: null,
      content: null,
      note: `The file is larger than this server's result budget holds (${declared ?? `more than ${maxBytes}`} bytes), so its content is not returned.`,
    };
  }
  const bytes = Buffer.concat(chunks);
  return {
    file_name: fileName,
    content_type: contentType,
    size_bytes: bytes.byteLength,
    encoding: textual ? 'utf-8' : 'base64',
    content: textual ? new TextDecoder().decode(bytes) : bytes.toString('base64'),
  };
}
