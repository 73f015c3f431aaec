/**
 * ticket_attachments.download: the attachment is read on the Zendesk host, then its content_url
 * is fetched. Credentials go to the Zendesk host only: never to the attachment host, whether the
 * content URL is there directly or the Zendesk host redirects to it.
 */
import { describe, expect, it } from 'vitest';
import { attachmentBytes } from '../fakes/zendesk/files.js';
import type { ZendeskFake } from '../fakes/zendesk.js';
import { basic, makeConnector, readAll, useZendeskFake } from './helpers.js';

const smallest = (fake: ZendeskFake) => [...fake.data.files.values()].sort((a, b) => a.size - b.size)[0]!;

describe('content URLs on the attachment host (another origin)', () => {
  const ctx = useZendeskFake();

  it('streams the file without sending the credentials there', async () => {
    const file = smallest(ctx.fake);
    const { data, meta } = await makeConnector(ctx.fake).ticket_attachments.download({ attachment_id: file.attachmentId });
    const bytes = await readAll(data);
    expect(bytes.equals(attachmentBytes(file, 0, file.size))).toBe(true);
    expect(meta).toEqual({ content_type: file.contentType, content_length: file.size, file_name: file.fileName });
    expect(ctx.fake.requests.map((r) => [r.path, r.headers['authorization']])).toEqual([
      [`/api/v2/attachments/${file.attachmentId}`, basic],
    ]);
    expect(ctx.fake.files.requests).toHaveLength(1);
    expect(ctx.fake.files.requests[0]!.headers['authorization']).toBeUndefined();
  });

  it('range_header travels as Range on the file request only', async () => {
    const file = smallest(ctx.fake);
    const { data } = await makeConnector(ctx.fake).ticket_attachments.download({
      attachment_id: file.attachmentId,
      range_header: 'bytes=10-19',
    });
    expect((await readAll(data)).equals(attachmentBytes(file, 10, 20))).toBe(true);
    expect(ctx.fake.requests[0]!.headers['range']).toBeUndefined();
    expect(ctx.fake.files.requests[0]!.headers['range']).toBe('bytes=10-19');
  });
});

describe('content URLs on the Zendesk host (accounts that require authentication for attachments)', () => {
  const ctx = useZendeskFake({ attachmentsOnApiHost: true });

  it('sends the credentials to the Zendesk host, follows its redirect and sends none to the attachment host', async () => {
    const file = smallest(ctx.fake);
    const { data } = await makeConnector(ctx.fake).ticket_attachments.download({ attachment_id: file.attachmentId });
    expect((await readAll(data)).equals(attachmentBytes(file, 0, file.size))).toBe(true);
    expect(ctx.fake.requests.map((r) => [r.path, r.headers['authorization']])).toEqual([
      [`/api/v2/attachments/${file.attachmentId}`, basic],
      [`/attachments/token/${file.token}/`, basic],
    ]);
    expect(ctx.fake.files.requests.map((r) => [r.path, r.headers['authorization']])).toEqual([
      [`/z/${file.attachmentId}/${encodeURIComponent(file.fileName)}`, undefined],
    ]);
  });
});
