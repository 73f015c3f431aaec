/**
 * The attachment host: a second loopback server on its own port (a different origin, like the
 * S3 bucket behind Greenhouse's pre-signed URLs). It serves deterministic bytes with S3-style
 * headers, honours single `Range` requests (206 / 416), streams large files in 64 KiB chunks with
 * backpressure, and answers like S3 when a client gets it wrong:
 *   - an `Authorization` header next to a pre-signed query → 400 InvalidArgument (so a connector
 *     that forwards its Greenhouse API key to the file host fails loudly instead of leaking it);
 *   - a missing or altered `X-Amz-Signature` → 403 SignatureDoesNotMatch;
 *   - an unknown key → 404 NoSuchKey.
 * `redirects` makes the next requests answer 302 to a second path on the same host.
 */
import type { ServerResponse } from 'node:http';
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { hashString } from '../shared/random.js';
import type { GhFile, GreenhouseData } from './types.js';

export interface FileServerState {
  data: GreenhouseData;
  baseUrl: () => string;
  /** Remaining requests to answer with a 302 (see `redirectFilesOnce`). */
  redirects: number;
  /** Redirect every first-hop request. */
  redirectAlways: boolean;
}

const CHUNK = 65_536;

export function createFileHandler(state: FileServerState): Handler {
  return async (req: RecordedRequest, res: ServerResponse): Promise<Reply | void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    const match = /^\/(redirected\/)?files\/(\d+)\/([^/]+)$/.exec(req.path);
    if (!match) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const redirected = match[1] !== undefined;
    if (!redirected && (state.redirectAlways || state.redirects > 0)) {
      if (!state.redirectAlways) state.redirects -= 1;
      const query = new URLSearchParams(req.query as Record<string, string>).toString();
      return { status: 302, headers: { location: `${state.baseUrl()}/redirected${req.path}?${query}` }, body: '' };
    }
    if (req.headers.authorization !== undefined) {
      return s3Error(
        400,
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    }
    const file = state.data.files.get(match[2]!);
    if (!file || decodeURIComponent(match[3]!) !== file.filename) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    if (one(req.query['X-Amz-Signature']) !== file.signature) {
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }

    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename),
      etag: `"${etagOf(file)}"`,
      'last-modified': new Date(file.lastModifiedMs).toUTCString(),
      'accept-ranges': 'bytes',
      'x-amz-request-id': etagOf(file).slice(0, 16).toUpperCase(),
      server: 'AmazonS3',
    };
    let start = 0;
    let end = file.size; // exclusive
    let status = 200;
    const range = parseRange(req.headers.range, file.size);
    if (range === 'unsatisfiable') {
      return {
        ...s3Error(416, 'InvalidRange', 'The requested range is not satisfiable'),
        headers: { 'content-range': `bytes */${file.size}` },
      };
    }
    if (range) {
      [start, end] = range;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end - 1}/${file.size}`;
    }
    headers['content-length'] = String(end - start);
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await streamBytes(res, file, start, end);
  };
}

/** RFC 6266 with an RFC 5987 `filename*` so non-ASCII names (José_Fernández_Resume.pdf) survive. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function etagOf(file: GhFile): string {
  return file.signature.slice(0, 32);
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; multiple ranges are ignored (full body), as S3 does. */
function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size];
  }
  const start = Number(m[1]);
  if (start >= size) return 'unsatisfiable';
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (last < start) return undefined;
  return [start, last + 1];
}

async function streamBytes(res: ServerResponse, file: GhFile, start: number, end: number): Promise<void> {
  for (let pos = start; pos < end; pos += CHUNK) {
    if (res.destroyed || res.socket?.destroyed) return;
    const ok = res.write(fileBytes(file, pos, Math.min(end, pos + CHUNK)));
    if (!ok) await drained(res);
  }
  res.end();
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Magic numbers so sniffing tools recognise the type; the rest is seeded noise. */
function framing(contentType: string): { head: Buffer; tail: Buffer } {
  if (contentType === 'application/pdf') {
    return {
      head: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n', 'latin1'),
      tail: Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    };
  }
  // .zip and .docx (a zip container): local file header … end-of-central-directory record.
  return {
    head: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
    tail: Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]),
  };
}

const BLOCK = 65_536;

/** Bytes [start, end) of `file`, identical on every call (Range requests must agree with full reads). */
export function fileBytes(file: GhFile, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  const seed = hashString(file.id);
  for (let k = Math.floor(start / BLOCK); k * BLOCK < end; k++) {
    const blockStart = k * BLOCK;
    const block = noiseBlock(seed, k);
    const from = Math.max(start, blockStart);
    const to = Math.min(end, blockStart + BLOCK);
    block.copy(out, from - start, from - blockStart, to - blockStart);
  }
  const { head, tail } = framing(file.contentType);
  overlay(out, start, end, head, 0);
  overlay(out, start, end, tail, file.size - tail.length);
  return out;
}

function overlay(out: Buffer, start: number, end: number, bytes: Buffer, at: number): void {
  const from = Math.max(start, at);
  const to = Math.min(end, at + bytes.length);
  if (from < to) bytes.copy(out, from - start, from - at, to - at);
}

function noiseBlock(seed: number, index: number): Buffer {
  const words = new Uint32Array(BLOCK / 4);
  let x = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return Buffer.from(words.buffer);
}

function s3Error(status: number, code: string, message: string): Reply {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;
  return { status, headers: { 'content-type': 'application/xml' }, body };
}
