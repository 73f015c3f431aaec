/**
 * Two-step attachment downloads: read the application (or candidate) with Basic auth, pick an
 * attachment by `type` / `filename` / `index`, then stream its pre-signed URL from the file host
 * (another origin) with NO Authorization header. The Greenhouse fake's file host answers 400 to
 * any Authorization header, checks the URL signature, follows S3 conventions and can redirect.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, DownloadStream, NotFoundError, ServerError, SwitchyardError } from '@switchyard/connector-recruiting';
import type { GreenhouseFake } from '../fakes/greenhouse.js';
import type { GhFile } from '../fakes/greenhouse/types.js';
import { fileBytes } from '../fakes/greenhouse/files.js';
import { startServer, type FakeServer } from '../fakes/harness.js';
import { basic, makeConnector, readChunks, rejection, useGreenhouseFake, wire, type Json } from './helpers.js';

const MB = 1_048_576;

const attachmentsOf = (record: Json) => record['attachments'] as Json[];
const fileOf = (fake: GreenhouseFake, attachment: Json): GhFile => {
  const id = /\/files\/(\d+)\//.exec(attachment['url'] as string)![1]!;
  return fake.data.files.get(id)!;
};
const expectedBytes = (file: GhFile) => fileBytes(file, 0, file.size);

/** A fetch that records the URL and response of every call, in order. */
function fetchRecorder(): { fetch: typeof fetch; calls: { url: string; response: Response }[] } {
  const calls: { url: string; response: Response }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    calls.push({ url: String(input), response });
    return response;
  };
  return { fetch: recording, calls };
}

describe('application_attachment.download', () => {
  const ctx = useGreenhouseFake({ candidates: 60 });
  /** The application whose take-home test is larger than 1 MB. */
  const big = (fake: GreenhouseFake) => {
    for (const app of fake.data.applications) {
      const attachment = attachmentsOf(app).find((a) => fileOf(fake, a).size >= MB);
      if (attachment) return { app, attachment, file: fileOf(fake, attachment) };
    }
    throw new Error('fixture: no attachment of 1 MB or more');
  };

  it('reads the application with Basic auth, then streams the >1 MB file from the other origin without credentials', async () => {
    const fake = ctx.fake;
    const recorder = fetchRecorder();
    const c = makeConnector(fake, { fetch: recorder.fetch });
    const { app, attachment, file } = big(fake);
    expect(file.size).toBeGreaterThanOrEqual(MB);
    expect(new URL(fake.fileUrl!).origin).not.toBe(new URL(fake.url).origin);

    const { data, meta } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    expect(data).toBeInstanceOf(DownloadStream);
    expect(meta).toEqual({ content_type: 'application/zip', content_length: file.size, file_name: file.filename });
    expect(data.contentLength).toBe(file.size);

    const { chunks, bytes } = await readChunks(data);
    expect(bytes.length).toBe(file.size);
    expect(bytes.equals(expectedBytes(file))).toBe(true);
    // Streamed: many chunks, none holding the whole file.
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...chunks.map((ch) => ch.byteLength))).toBeLessThan(file.size / 2);

    expect(fake.requests.map(wire)).toEqual([{ method: 'GET', path: `/v1/applications/${app['id']}`, query: {}, authorization: basic() }]);
    expect(fake.fileRequests).toHaveLength(1);
    const fileRequest = fake.fileRequests[0]!;
    expect(fileRequest.method).toBe('GET');
    expect(fileRequest.headers['authorization']).toBeUndefined();
    expect(Object.values(fileRequest.headers).join(' ')).not.toContain(basic().slice(6));
    expect(fileRequest.path).toBe(new URL(attachment['url'] as string).pathname);
    expect(fileRequest.query['X-Amz-Signature']).toBe(file.signature);
    // API first, then the pre-signed URL exactly as Greenhouse gave it.
    expect(recorder.calls.map((call) => new URL(call.url).origin)).toEqual([new URL(fake.url).origin, new URL(fake.fileUrl!).origin]);
    expect(recorder.calls[1]!.url).toBe(attachment['url']);
  });

  it('without type/filename the first attachment is downloaded; index picks among the matches', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const app = fake.data.applications.find((a) => attachmentsOf(a).length >= 2)!;
    const [first, second] = attachmentsOf(app) as [Json, Json];

    const byDefault = await c.application_attachment.download({ id: app['id'] as number });
    expect((await readChunks(byDefault.data)).bytes.equals(expectedBytes(fileOf(fake, first)))).toBe(true);
    expect(byDefault.meta.file_name).toBe(first['filename']);

    const byIndex = await c.application_attachment.download({ id: app['id'] as number, index: 1 });
    expect((await readChunks(byIndex.data)).bytes.equals(expectedBytes(fileOf(fake, second)))).toBe(true);
    expect(byIndex.meta.file_name).toBe(second['filename']);

    const byType = await c.application_attachment.download({ id: app['id'] as number, type: second['type'] as 'resume' });
    expect(byType.meta.file_name).toBe(second['filename']);
    await byType.data.cancel();

    expect(fake.fileRequests.map((r) => r.path)).toEqual([
      new URL(first['url'] as string).pathname,
      new URL(second['url'] as string).pathname,
      new URL(second['url'] as string).pathname,
    ]);
    expect(fake.requests.every((r) => Object.keys(r.query).length === 0)).toBe(true);
  });

  it('no matching attachment → NotFoundError listing the available ones; no file request', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const app = fake.data.applications.find(
      (a) => attachmentsOf(a).length >= 2 && !attachmentsOf(a).some((x) => x['type'] === 'offer_letter'),
    )!;
    const error = await rejection(c.application_attachment.download({ id: app['id'] as number, type: 'offer_letter' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.message).toContain('recruiting application_attachment.download: no attachment matched type="offer_letter"');
    expect(error.message).toContain(`the record has ${attachmentsOf(app).length} attachments`);
    for (const a of attachmentsOf(app)) {
      expect(error.message).toContain(`type "${a['type']}"`);
      expect(error.message).toContain(`filename "${a['filename']}"`);
    }

    const outOfRange = await rejection(c.application_attachment.download({ id: app['id'] as number, index: 9 }));
    expect(outOfRange).toBeInstanceOf(NotFoundError);
    expect(outOfRange.message).toContain('index 9');

    const bare = fake.data.applications.find((a) => attachmentsOf(a).length === 0)!;
    const none = await rejection(c.application_attachment.download({ id: bare['id'] as number }));
    expect(none).toBeInstanceOf(NotFoundError);
    expect(none.message).toContain('the record has 0 attachments');

    expect(fake.requests).toHaveLength(3);
    expect(fake.fileRequests).toHaveLength(0);
  });

  it('an unknown application is the API 404 (NotFoundError), with no file request', async () => {
    const c = makeConnector(ctx.fake);
    const error = await rejection(c.application_attachment.download({ id: 1 }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('Resource not found');
    expect(ctx.fake.requests).toHaveLength(1);
    expect(ctx.fake.fileRequests).toHaveLength(0);
  });

  it('a redirect on the file host is followed without sending credentials', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const { app, file } = big(fake);
    fake.redirectFilesOnce();
    const { data, meta } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    expect((await readChunks(data)).bytes.equals(expectedBytes(file))).toBe(true);
    expect(meta.file_name).toBe(file.filename);
    expect(fake.fileRequests.map((r) => r.path)).toEqual([
      `/files/${file.id}/${encodeURIComponent(file.filename)}`,
      `/redirected/files/${file.id}/${encodeURIComponent(file.filename)}`,
    ]);
    for (const r of fake.fileRequests) expect(r.headers['authorization']).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });

  it('breaking out of the loop cancels the transfer', async () => {
    const fake = ctx.fake;
    const recorder = fetchRecorder();
    const c = makeConnector(fake, { fetch: recorder.fetch });
    const { app, file } = big(fake);
    const { data } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    let received = 0;
    for await (const chunk of data) {
      received += chunk.byteLength;
      break;
    }
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(file.size);
    // The file response's body was cancelled, not merely released: nothing more can be read from it.
    const fileResponse = recorder.calls.at(-1)!.response;
    expect(new URL(recorder.calls.at(-1)!.url).origin).toBe(new URL(fake.fileUrl!).origin);
    const after = await fileResponse.body!.getReader().read();
    expect(after.done).toBe(true);
    // A download is read once.
    await expect(readChunks(data)).rejects.toThrow('a download can be read once');
    expect(fake.fileRequests).toHaveLength(1);
  });

  it('cancel() without reading stops the transfer', async () => {
    const fake = ctx.fake;
    const recorder = fetchRecorder();
    const c = makeConnector(fake, { fetch: recorder.fetch });
    const { app } = big(fake);
    const { data } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    await data.cancel();
    expect((await recorder.calls.at(-1)!.response.body!.getReader().read()).done).toBe(true);
    await expect(readChunks(data)).rejects.toBeInstanceOf(SwitchyardError);
  });

  it('a 503 from the file host is retried (without credentials); the API is read once', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const { app, file } = big(fake);
    fake.files!.failNext(/^\/files\//, { kind: 'status', status: 503, body: '<Error><Code>SlowDown</Code></Error>' });
    const { data } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    expect((await readChunks(data)).bytes.equals(expectedBytes(file))).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(fake.fileRequests).toHaveLength(2);
    expect(fake.fileRequests[1]!.path).toBe(fake.fileRequests[0]!.path);
    for (const r of fake.fileRequests) expect(r.headers['authorization']).toBeUndefined();
  });

  it('a file host that keeps failing raises ServerError after the retries', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const { app } = big(fake);
    fake.files!.failNext(/^\/files\//, { kind: 'status', status: 503 }, 3);
    const error = await rejection(c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' }));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
    expect(error.message).toContain('recruiting application_attachment.download (file) failed with HTTP 503');
    // The signed query string is not repeated in the message.
    expect(error.message).not.toContain('X-Amz-Signature');
    expect(fake.fileRequests).toHaveLength(3);
  });

  it('a body cut mid-transfer surfaces as ConnectionError while reading', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const { app } = big(fake);
    fake.files!.failNext(/^\/files\//, { kind: 'drop-mid-body' });
    const { data } = await c.application_attachment.download({ id: app['id'] as number, type: 'take_home_test' });
    const error = await rejection(readChunks(data));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('the download was interrupted');
  });
});

describe('candidate_attachment.download', () => {
  const ctx = useGreenhouseFake({ candidates: 60 });
  /** A candidate with two resumes, one with a non-ASCII name or a space. */
  const twoResumes = (fake: GreenhouseFake) =>
    fake.data.candidates.find((c) => attachmentsOf(c).filter((a) => a['type'] === 'resume').length >= 2)!;

  it('reads the candidate with Basic auth; type + index picks the second resume', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const candidate = twoResumes(fake);
    const resumes = attachmentsOf(candidate).filter((a) => a['type'] === 'resume');
    const file = fileOf(fake, resumes[1]!);
    const { data, meta } = await c.candidate_attachment.download({ id: candidate['id'] as number, type: 'resume', index: 1 });
    expect((await readChunks(data)).bytes.equals(expectedBytes(file))).toBe(true);
    expect(meta).toEqual({ content_type: file.contentType, content_length: file.size, file_name: file.filename });
    expect(fake.requests.map(wire)).toEqual([
      { method: 'GET', path: `/v1/candidates/${candidate['id']}`, query: {}, authorization: basic() },
    ]);
    expect(fake.fileRequests).toHaveLength(1);
    expect(fake.fileRequests[0]!.headers['authorization']).toBeUndefined();
  });

  it('filename selects exactly that file; non-ASCII and spaces survive into meta.file_name', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const candidate = fake.data.candidates.find((x) => attachmentsOf(x).some((a) => /[^\x20-\x7e]| /.test(a['filename'] as string)));
    expect(candidate, 'fixture: a candidate with a non-ASCII or spaced file name').toBeDefined();
    const attachment = attachmentsOf(candidate!).find((a) => /[^\x20-\x7e]| /.test(a['filename'] as string))!;
    const file = fileOf(fake, attachment);
    const { data, meta } = await c.candidate_attachment.download({
      id: candidate!['id'] as number,
      filename: attachment['filename'] as string,
    });
    expect(meta.file_name).toBe(attachment['filename']);
    expect(meta.content_type).toBe(file.contentType);
    expect((await readChunks(data)).bytes.equals(expectedBytes(file))).toBe(true);
  });

  it('type and filename must both match; a mismatch lists the attachments and makes no file request', async () => {
    const fake = ctx.fake;
    const c = makeConnector(fake);
    const candidate = twoResumes(fake);
    const resume = attachmentsOf(candidate).find((a) => a['type'] === 'resume')!;
    const error = await rejection(
      c.candidate_attachment.download({ id: candidate['id'] as number, type: 'cover_letter', filename: resume['filename'] as string }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain(`no attachment matched type="cover_letter", filename=${JSON.stringify(resume['filename'])}`);
    for (const a of attachmentsOf(candidate)) expect(error.message).toContain(`filename "${a['filename']}"`);
    expect(fake.fileRequests).toHaveLength(0);

    const ok = await c.candidate_attachment.download({
      id: candidate['id'] as number,
      type: 'resume',
      filename: resume['filename'] as string,
    });
    expect(ok.meta.file_name).toBe(resume['filename']);
    await ok.data.cancel();
  });
});

describe('streaming from a slow file host', () => {
  let api: FakeServer;
  let files: FakeServer;
  let release: () => void = () => undefined;
  const FIRST = Buffer.alloc(64 * 1024, 0x61);
  const REST = Buffer.alloc(3 * MB, 0x62);

  beforeAll(async () => {
    files = await startServer(async (_req, res: ServerResponse) => {
      // Held until the test (or, if it failed first, afterAll) releases it: a download that waited
      // for the whole body would never resolve, and `within` below says so.
      const released = new Promise<void>((resolve) => (release = resolve));
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FIRST.length + REST.length) });
      res.write(FIRST);
      await released;
      res.end(REST);
    });
    api = await startServer(() => ({
      body: {
        id: 5,
        attachments: [
          {
            filename: 'slow.bin',
            url: `${files.url}/bucket/slow.bin?X-Amz-Signature=abc`,
            type: 'other',
            created_at: '2024-01-01T00:00:00Z',
          },
        ],
      },
    }));
  });
  afterAll(async () => {
    release();
    await Promise.all([api?.close(), files?.close()]);
  });

  const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
    Promise.race([
      promise,
      // A deadline for a loaded machine: the host holds the rest back for as long as the test runs.
      new Promise<T>((_, reject) =>
        setTimeout(() => reject(new Error(`${what} did not happen while the host held the rest back`)), 20_000),
      ),
    ]);

  it('the download resolves and yields its first chunk before the file host has sent the rest', async () => {
    const c = makeConnector(api);
    const { data, meta } = await within(c.application_attachment.download({ id: 5 }), 'the download result');
    expect(meta).toEqual({ content_type: 'application/octet-stream', content_length: FIRST.length + REST.length, file_name: 'slow.bin' });
    const iterator = data[Symbol.asyncIterator]();
    const first = await within(iterator.next(), 'the first chunk');
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!).every((b) => b === 0x61)).toBe(true);
    release();
    let total = first.value!.byteLength;
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) total += r.value.byteLength;
    expect(total).toBe(FIRST.length + REST.length);
    expect(api.requests[0]!.path).toBe('/v1/applications/5');
    expect(files.requests[0]!.headers['authorization']).toBeUndefined();
  });
});

describe('file-host redirects across origins', () => {
  let api: FakeServer;
  let first: FakeServer;
  let second: FakeServer;
  /** What the first host answers: a redirect to the second host, with or without an S3-style XML body. */
  let redirectBody = '';

  beforeAll(async () => {
    second = await startServer(() => ({ body: Buffer.from('file bytes from the second host'), headers: { 'content-type': 'text/plain' } }));
    first = await startServer(() => ({
      status: 307,
      headers: {
        location: `${second.url}/bucket/a.txt?X-Amz-Signature=def`,
        ...(redirectBody ? { 'content-type': 'application/xml' } : {}),
      },
      body: redirectBody,
    }));
    api = await startServer(() => ({
      body: {
        id: 9,
        attachments: [
          { filename: 'a.txt', url: `${first.url}/a.txt?X-Amz-Signature=abc`, type: 'other', created_at: '2024-01-01T00:00:00Z' },
        ],
      },
    }));
  });
  afterAll(async () => {
    await Promise.all([api?.close(), first?.close(), second?.close()]);
  });

  it('a 307 to a third origin is followed; neither file host gets credentials', async () => {
    redirectBody = '';
    for (const s of [api, first, second]) s.reset();
    const c = makeConnector(api);
    const { data, meta } = await c.application_attachment.download({ id: 9 });
    expect((await readChunks(data)).bytes.toString()).toBe('file bytes from the second host');
    expect(meta.file_name).toBe('a.txt');
    expect(api.requests[0]!.headers['authorization']).toBe(basic());
    expect(first.requests).toHaveLength(1);
    expect(second.requests).toHaveLength(1);
    expect(second.requests[0]!.query).toEqual({ 'X-Amz-Signature': 'def' });
    for (const r of [...first.requests, ...second.requests]) expect(r.headers['authorization']).toBeUndefined();
  });

  it('a redirect carrying an S3 XML body is followed', async () => {
    redirectBody =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>TemporaryRedirect</Code><Message>Please re-send this request to the specified temporary endpoint.</Message></Error>';
    const c = makeConnector(api);
    const { data } = await c.application_attachment.download({ id: 9 });
    expect((await readChunks(data)).bytes.toString()).toBe('file bytes from the second host');
  });
});
