/**
 * Attachment bytes, on the attachment host: a second loopback server (another origin, as
 * Zendesk's user-content hosts are). By default an attachment's `content_url`
 * (`/attachments/token/<token>/?name=…`) is on that host and serves the file; with
 * `attachmentsOnApiHost` it is on the Zendesk host itself, which demands the account's
 * credentials (accounts that require authentication for attachment downloads) and then answers
 * 302 to a signed URL on the attachment host (`/z/<id>/<name>?Signature=…`). The attachment host
 * behaves like pre-signed object storage: an `Authorization` header is refused with 400 (so a
 * client that forwards the Zendesk credentials fails loudly instead of leaking them), a wrong
 * signature is 403, `Range` gives 206 (or 416), and large files stream in 64 KiB chunks.
 */
import type { ServerResponse } from 'node:http';
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { hashString } from '../shared/random.js';
import type { ZdFile, ZendeskData } from './types.js';

const CHUNK = 65_536;

const byToken = (data: ZendeskData, path: string): ZdFile | undefined => {
  const match = /^\/attachments\/token\/([A-Za-z0-9]+)\/?$/.exec(path);
  return match ? data.files.get(match[1]!) : undefined;
};

/** The Zendesk host's `/attachments/token/<token>/`: credentials required, then 302 to the signed URL on the attachment host. */
export function attachmentRedirect(data: ZendeskData, storageOrigin: string, req: RecordedRequest, authorized: boolean): Reply {
  const file = byToken(data, req.path);
  if (!file)
    return {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: "<html><body>The page you were looking for doesn't exist.</body></html>",
    };
  if (!authorized) return { status: 401, body: { error: "Couldn't authenticate you" } };
  return { status: 302, headers: { location: storageUrl(storageOrigin, file) }, body: '' };
}

export function storageUrl(origin: string, file: ZdFile): string {
  return `${origin}/z/${file.attachmentId}/${encodeURIComponent(file.fileName)}?Expires=1717430400&Signature=${file.signature}`;
}

export function createStorageHandler(data: () => ZendeskData): Handler {
  return async (req: RecordedRequest, res: ServerResponse): Promise<Reply | void> => {
    if (req.method !== 'GET') return storageError(405, 'MethodNotAllowed');
    if (req.headers.authorization !== undefined) return storageError(400, 'InvalidArgument');
    let file: ZdFile | undefined;
    if (req.path.startsWith('/attachments/token/')) {
      file = byToken(data(), req.path);
      if (!file || one(req.query.name) !== file.fileName) return storageError(404, 'NoSuchKey');
    } else {
      const match = /^\/z\/(\d+)\/([^/]+)$/.exec(req.path);
      file = match ? [...data().files.values()].find((f) => f.attachmentId === Number(match[1])) : undefined;
      if (!file || decodeURIComponent(match![2]!) !== file.fileName) return storageError(404, 'NoSuchKey');
      if (one(req.query.Signature) !== file.signature) return storageError(403, 'SignatureDoesNotMatch');
    }
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'accept-ranges': 'bytes',
    };
    let start = 0;
    let end = file.size;
    let status = 200;
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range?.trim() ?? '');
    if (range && (range[1] !== '' || range[2] !== '')) {
      if (range[1] === '') start = Math.max(0, file.size - Number(range[2]));
      else {
        start = Number(range[1]);
        if (range[2] !== '') end = Math.min(file.size, Number(range[2]) + 1);
      }
      if (start >= file.size || end <= start)
        return { ...storageError(416, 'InvalidRange'), headers: { 'content-range': `bytes */${file.size}` } };
      status = 206;
      headers['content-range'] = `bytes ${start}-${end - 1}/${file.size}`;
    }
    headers['content-length'] = String(end - start);
    res.writeHead(status, headers);
    for (let pos = start; pos < end; pos += CHUNK) {
      if (res.destroyed) return;
      if (!res.write(attachmentBytes(file, pos, Math.min(end, pos + CHUNK)))) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  };
}

/** Bytes [start, end) of a file, the same on every call (a Range read must agree with a full read). */
export function attachmentBytes(file: ZdFile, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  const seed = hashString(`zendesk:${file.attachmentId}`);
  for (let i = start; i < end; i++) {
    let x = Math.imul(seed ^ i, 0x9e3779b1) >>> 0;
    x ^= x >>> 15;
    out[i - start] = x & 0xff;
  }
  return out;
}

function storageError(status: number, code: string): Reply {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><RequestId>6Q3R4ZK8</RequestId></Error>`,
  };
}
