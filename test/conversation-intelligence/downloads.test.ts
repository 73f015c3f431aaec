/**
 * Media downloads: the lookup is a POST to /v2/calls/extensive asking for media URLs of one call;
 * the recording is then streamed from its pre-signed URL on another origin, which must never see
 * the Gong credentials, with `range_header` sent as `Range` on that request only.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@switchyard/connector-conversation-intelligence';
import { mediaBytes } from '../fakes/gong/media.js';
import { KEY, SECRET, makeConnector, readAll, rejection, useGongFake } from './helpers.js';

describe('call_audio.download and call_video.download', () => {
  const ctx = useGongFake({ users: 6, calls: 12 });
  const withVideo = () => [...ctx.fake.data.recordings.values()].find((r) => r.video)!;
  const audioOnly = () => [...ctx.fake.data.recordings.values()].find((r) => !r.video)!;

  it('looks the call up with the media flag, then streams the audio from the media host without credentials', async () => {
    const { audio } = withVideo();
    const result = await makeConnector(ctx.fake).call_audio.download({ filter: { callIds: [audio.callId] } });
    const bytes = await readAll(result.data);

    expect(bytes.equals(mediaBytes(audio, 0, audio.size))).toBe(true);
    expect(result.meta).toEqual({ content_type: 'audio/mpeg', content_length: audio.size, file_name: audio.fileName });
    expect(ctx.fake.requests).toHaveLength(1);
    expect(ctx.fake.requests[0]).toMatchObject({ method: 'POST', path: '/v2/calls/extensive', query: {} });
    expect(ctx.fake.requests[0]!.body).toEqual({
      filter: { callIds: [audio.callId] },
      contentSelector: { exposedFields: { media: true } },
    });
    const [file] = ctx.fake.mediaRequests;
    expect(file!.path).toBe(`/media/${audio.callId}/${audio.fileName}`);
    expect(file!.headers['authorization']).toBeUndefined();
    expect(file!.headers['range']).toBeUndefined();
    // The media host is another origin: the lookup's Basic credentials stay on the API host.
    expect(JSON.stringify(file!.headers)).not.toContain(Buffer.from(`${KEY}:${SECRET}`).toString('base64'));
  });

  it('range_header goes to the media request as Range and yields exactly those bytes (206)', async () => {
    const { video } = withVideo();
    const result = await makeConnector(ctx.fake).call_video.download({
      filter: { callIds: [video!.callId] },
      range_header: 'bytes=1000-70999',
    });
    const bytes = await readAll(result.data);
    expect(bytes.equals(mediaBytes(video!, 1000, 71000))).toBe(true);
    expect(result.meta.content_length).toBe(70_000);
    expect(ctx.fake.requests[0]!.headers['range']).toBeUndefined();
    expect(ctx.fake.mediaRequests[0]!.headers['range']).toBe('bytes=1000-70999');
  });

  it('a call without a video recording raises NotFoundError naming the missing URL, without a media request', async () => {
    const { audio } = audioOnly();
    const error = await rejection(makeConnector(ctx.fake).call_video.download({ filter: { callIds: [audio.callId] } }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('calls.0.media.videoUrl');
    expect(ctx.fake.mediaRequests).toHaveLength(0);
  });

  it('an unknown call id is a NotFoundError from Gong (the lookup 404 is not an empty result for downloads)', async () => {
    const error = await rejection(makeConnector(ctx.fake).call_audio.download({ filter: { callIds: ['1111111111111111111'] } }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.message).toContain('No calls found');
  });

  it('a transfer cut mid-body surfaces as ConnectionError after the first bytes', async () => {
    const { audio } = withVideo();
    ctx.fake.media.failNext(/^\/media\//, { kind: 'drop-mid-body' });
    const result = await makeConnector(ctx.fake).call_audio.download({ filter: { callIds: [audio.callId] } });
    let received = 0;
    const error = await rejection(
      (async () => {
        for await (const chunk of result.data) received += chunk.length;
      })(),
    );
    expect(error.name).toBe('ConnectionError');
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(audio.size);
  });
});
