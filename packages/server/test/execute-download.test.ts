/**
 * Downloads through the execute endpoint: the bytes, content type, length and file name the
 * vendor's file host sent, streamed: the service reads the file from the vendor only as fast as
 * the client reads it (the first bytes reach the client long before the vendor has sent the
 * file), and a client that goes away cancels the transfer at the vendor.
 *
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DownloadStream } from '@switchyard/runtime';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { fileBytes } from '../../../test/fakes/greenhouse/files.js';
import type { GhFile } from '../../../test/fakes/greenhouse/types.js';
import { waitFor } from '../../../test/support/expect.js';
import { contentDisposition } from '../src/http/routes/execute.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';
import { exampleExecutor } from './support/example-package.js';

const MB = 1_048_576;
type Json = Record<string, unknown>;

/** Counts the bytes the service pulls from the file host, and whether it cancelled the transfer. */
const fileHost = { pulled: 0, cancelled: false, finished: false };
let greenhouse: GreenhouseFake;
let h: Harness;
let record: ConnectorRecord;

function countingFetch(): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!response.body || new URL(url).origin !== greenhouse.fileUrl) return response;
    const reader = response.body.getReader();
    // highWaterMark 0: a chunk is read from the network only when the consumer asks for one.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const chunk = await reader.read();
          if (chunk.done) {
            fileHost.finished = true;
            controller.close();
            return;
          }
          fileHost.pulled += chunk.value.byteLength;
          controller.enqueue(chunk.value);
        },
        async cancel(reason) {
          fileHost.cancelled = true;
          await reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
    const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(wrapped, 'url', { value: response.url });
    return wrapped;
  };
}

beforeAll(async () => {
  greenhouse = await startGreenhouseFake({ candidates: 30 });
  h = await startHarness({ vendorBaseUrls: { recruiting: `${greenhouse.url}/v1` }, transport: { fetch: countingFetch() } });
  record = await createConnector(h.repo, 'recruiting', { api_key: 'gh_test_key' });
});

afterAll(async () => {
  await h?.close();
  await greenhouse?.close();
});

beforeEach(() => {
  greenhouse.reset();
  Object.assign(fileHost, { pulled: 0, cancelled: false, finished: false });
});

/** The application and attachment whose file name matches, and the fake's file behind it. */
function attachment(match: (name: string) => boolean): { app: Json; attachment: Json; file: GhFile } {
  for (const app of greenhouse.data.applications as Json[]) {
    for (const a of app['attachments'] as Json[]) {
      const id = /\/files\/(\d+)\//.exec(a['url'] as string)![1]!;
      const file = greenhouse.data.files.get(id)!;
      if (match(file.filename)) return { app, attachment: a, file };
    }
  }
  throw new Error('fixture: no such attachment');
}

function downloadRequest(app: Json, a: Json) {
  return { entity: 'application_attachment', action: 'download', params: { id: app['id'] as number, filename: a['filename'] as string } };
}

describe('downloads', () => {
  it('streams the file with its type, length and (non-ASCII) name; bytes equal the open-source download', async () => {
    const { app, attachment: a, file } = attachment((name) => /[^\u0020-\u007e]/.test(name));
    const response = await h.execute('token-a-alice', record.id, downloadRequest(app, a));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(file.contentType);
    expect(response.headers.get('content-length')).toBe(String(file.size));
    expect(response.headers.get('content-disposition')).toBe(contentDisposition(file.filename));
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(file.filename)}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(fileBytes(file, 0, file.size))).toBe(true);

    const direct = await exampleExecutor('recruiting', { auth: { api_key: 'gh_test_key' }, baseUrl: `${greenhouse.url}/v1` });
    const { data } = await direct.execute({ entity: 'application_attachment', action: 'download', params: downloadRequest(app, a).params });
    expect(data).toBeInstanceOf(DownloadStream);
    const chunks: Uint8Array[] = [];
    for await (const chunk of data as DownloadStream) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    // The pre-signed URL never received the API key.
    expect(greenhouse.fileRequests.every((r) => r.headers['authorization'] === undefined)).toBe(true);
  });

  it('a 48 MB file is not buffered: the first bytes arrive before the vendor sent the file, and reading pauses the transfer', async () => {
    const { app, attachment: a, file } = attachment(() => true);
    (file as { size: number }).size = 48 * MB;
    const client = new AbortController();
    const response = await h.execute('token-a-alice', record.id, downloadRequest(app, a), { signal: client.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(48 * MB));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    // A service that buffered the file would have pulled all of it before answering.
    expect(fileHost.finished).toBe(false);
    expect(fileHost.pulled).toBeLessThan(file.size);
    // The client stops reading for a moment: backpressure stops the transfer far from the end.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fileHost.pulled).toBeLessThan(file.size / 2);

    // The client goes away: the service cancels the vendor transfer instead of draining it.
    client.abort();
    await waitFor('the vendor transfer to be cancelled', () => (fileHost.cancelled ? true : undefined), 20_000);
    expect(fileHost.cancelled).toBe(true);
    expect(fileHost.finished).toBe(false);
  });

  it('a file host dropping the connection mid-body ends the response short: the client cannot mistake it for the whole file', async () => {
    const { app, attachment: a, file } = attachment((name) => !/[^\u0020-\u007e]/.test(name));
    greenhouse.files!.failNext(/^\/files\//, { kind: 'drop-mid-body' });
    const response = await h.execute('token-a-alice', record.id, downloadRequest(app, a));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(file.size));
    await expect(response.arrayBuffer()).rejects.toThrow();
  });

  it('a missing attachment is the runtime NotFoundError → 502 connector_error, nothing streamed', async () => {
    const { app } = attachment(() => true);
    const response = await h.execute('token-a-alice', record.id, {
      entity: 'application_attachment',
      action: 'download',
      params: { id: app['id'], filename: 'no-such-file.pdf' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'connector_error', error_class: 'NotFoundError' });
    expect(greenhouse.fileRequests).toHaveLength(0);
  });
});

describe('contentDisposition', () => {
  it('ASCII fallback plus the exact name, with quotes and RFC 8187 specials escaped', () => {
    expect(contentDisposition(null)).toBe('attachment');
    expect(contentDisposition('a "b" (1).pdf')).toBe(`attachment; filename="a _b_ (1).pdf"; filename*=UTF-8''a%20%22b%22%20%281%29.pdf`);
    expect(contentDisposition('Müller.pdf')).toBe(`attachment; filename="M_ller.pdf"; filename*=UTF-8''M%C3%BCller.pdf`);
  });
});
