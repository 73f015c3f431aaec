/**
 * The media host behind Gong's recording URLs: a second loopback server (another origin), like
 * the CDN that serves Gong's pre-signed media links. It serves deterministic bytes, honours a
 * single `Range` (206, or 416 when unsatisfiable), streams in 64 KiB chunks, and answers like a
 * signed-URL host when a client gets it wrong:
 *   - an `Authorization` header → 400 (a connector that forwards its Gong credentials to the media
 *     host fails loudly instead of leaking them);
 *   - a missing or altered `Signature` → 403; an unknown recording → 404.
 */
import type { ServerResponse } from 'node:http';
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { hashString } from '../shared/random.js';
import type { GongData, Recording } from './data.js';

const CHUNK = 65_536;

export function createMediaHandler(data: () => GongData): Handler {
  return async (req: RecordedRequest, res: ServerResponse): Promise<Reply | void> => {
    if (req.method !== 'GET') return xmlError(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    const match = /^\/media\/(\d+)\/(\d+)\.(mp3|mp4)$/.exec(req.path);
    const recordings = match ? data().recordings.get(match[1]!) : undefined;
    const recording: Recording | undefined = match ? (match[3] === 'mp3' ? recordings?.audio : recordings?.video) : undefined;
    if (!recording || match![2] !== recording.callId) return xmlError(404, 'NoSuchKey', 'The specified key does not exist.');
    if (req.headers.authorization !== undefined)
      return xmlError(400, 'InvalidArgument', 'Only one auth mechanism allowed; a signed URL must not carry an Authorization header');
    if (one(req.query['Signature']) !== recording.signature) return xmlError(403, 'AccessDenied', 'Signature does not match');

    let start = 0;
    let end = recording.size;
    let status = 200;
    const headers: Record<string, string> = {
      'content-type': recording.contentType,
      'accept-ranges': 'bytes',
      etag: `"${recording.signature.slice(0, 32)}"`,
    };
    const range = parseRange(req.headers.range, recording.size);
    if (range === 'unsatisfiable') {
      return {
        ...xmlError(416, 'InvalidRange', 'The requested range is not satisfiable'),
        headers: { 'content-range': `bytes */${recording.size}` },
      };
    }
    if (range) {
      [start, end] = range;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end - 1}/${recording.size}`;
    }
    headers['content-length'] = String(end - start);
    res.writeHead(status, headers);
    for (let pos = start; pos < end; pos += CHUNK) {
      if (res.destroyed) return;
      if (!res.write(mediaBytes(recording, pos, Math.min(end, pos + CHUNK)))) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  };
}

/** Bytes [start, end) of a recording, the same on every call (so a Range agrees with a full read). */
export function mediaBytes(recording: Recording, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  let x = hashString(recording.id) || 1;
  // xorshift from the recording's seed; positions before `start` are skipped, files are small.
  for (let i = 0; i < end; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    if (i >= start) out[i - start] = x & 0xff;
  }
  // An ID3 tag (mp3) or an ftyp box (mp4) at the start, so the bytes sniff as what they claim.
  const magic =
    recording.kind === 'audio' ? Buffer.from('ID3\x04\x00\x00', 'latin1') : Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);
  for (let i = Math.max(start, 0); i < Math.min(end, magic.length); i++) out[i - start] = magic[i]!;
  return out;
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; anything else is ignored (full body). */
function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 ? 'unsatisfiable' : [Math.max(0, size - suffix), size];
  }
  const first = Number(m[1]);
  if (first >= size) return 'unsatisfiable';
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return last < first ? undefined : [first, last + 1];
}

function xmlError(status: number, code: string, message: string): Reply {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  };
}
