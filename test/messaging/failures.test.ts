/**
 * Slack-specific failure handling of the messaging connector: Retry-After on a 429, `ratelimited`
 * and other `ok: false` answers inside HTTP 200 (VendorError with Slack's code), and the token
 * kept out of errors and logs across real Slack answers. Retries, statuses, timeouts and echoed
 * credentials common to every connector are in test/matrix.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, SwitchyardError, VendorError } from '@switchyard/connector-messaging';
import { TOKEN, makeConnector, memberChannel, nonMemberChannel, rejection, useSlackFake } from './helpers.js';
import { capturingLogger } from '../support/expect.js';

const postedWith = (fake: ReturnType<typeof useSlackFake>['fake'], text: string) =>
  fake.data.messages.get(memberChannel(fake).id)!.filter((m) => m.text === text);

describe('retries', () => {
  const ctx = useSlackFake();

  it('429 with retry-after: 1 on chat.postMessage is retried once after the wait and posts once', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const channel = memberChannel(ctx.fake).id;
    ctx.fake.failNext('/api/chat.postMessage', { kind: 'status', status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const { data } = await c.messages.create({ channel, text: 'retry me once' });
    const elapsed = Date.now() - started;

    expect(data.text).toBe('retry me once');
    expect(ctx.fake.requests).toHaveLength(2);
    expect(ctx.fake.requests[1]!.body).toEqual(ctx.fake.requests[0]!.body);
    expect(ctx.fake.requests[1]!.body).toEqual({ channel, text: 'retry me once' });
    expect(postedWith(ctx.fake, 'retry me once')).toHaveLength(1);
    expect(postedWith(ctx.fake, 'retry me once')[0]!.ts).toBe(data.ts);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    const retries = lines.filter((l) => l.includes('retrying'));
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain('"delayMs":1000');
    expect(retries[0]).toContain('HTTP 429');
  });

  it('`ratelimited` inside a 200 body is a RateLimitError and is retried, even for a write', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake).id;
    ctx.fake.failNext('/api/chat.postMessage', { kind: 'body', body: { ok: false, error: 'ratelimited' } });
    const { data } = await c.messages.create({ channel, text: 'after a soft limit' });
    expect(data.text).toBe('after a soft limit');
    expect(ctx.fake.requests).toHaveLength(2);
    expect(postedWith(ctx.fake, 'after a soft limit')).toHaveLength(1);
  });
});

describe('errors Slack reports with ok:false', () => {
  const ctx = useSlackFake();

  async function expectVendorError(promise: PromiseLike<unknown>, code: string, operation: string) {
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toBeInstanceOf(SwitchyardError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.name).toBe('VendorError');
    expect(error.code).toBe(code);
    expect(error.status).toBe(200);
    expect(error.body).toMatchObject({ ok: false, error: code });
    expect(error.message).toBe(`messaging ${operation} failed: the vendor reported "${code}"`);
    expect(ctx.fake.requests).toHaveLength(1); // never retried
    return error as VendorError;
  }

  it('channel_not_found', async () => {
    await expectVendorError(makeConnector(ctx.fake).channels.get({ channel: 'C0NOSUCHCHAN' }), 'channel_not_found', 'channels.get');
  });

  it('not_in_channel (a read, still not retried)', async () => {
    const channel = nonMemberChannel(ctx.fake);
    await expectVendorError(
      makeConnector(ctx.fake).channel_messages.list({ channel: channel.id }),
      'not_in_channel',
      'channel_messages.list',
    );
  });

  it('name_taken', async () => {
    await expectVendorError(makeConnector(ctx.fake).channels.create({ name: 'general' }), 'name_taken', 'channels.create');
    expect(ctx.fake.data.channels.filter((ch) => ch.name === 'general')).toHaveLength(1);
  });

  it('invalid_auth with a wrong token, on a read and on a write', async () => {
    const c = makeConnector(ctx.fake, { auth: { api_token: 'xoxb-wrong-token-0000' } });
    await expectVendorError(c.users.list(), 'invalid_auth', 'users.list');
    expect(ctx.fake.requests[0]!.headers['authorization']).toBe('Bearer xoxb-wrong-token-0000');
    ctx.fake.reset();
    await expectVendorError(c.messages.create({ channel: memberChannel(ctx.fake).id, text: 'nope' }), 'invalid_auth', 'messages.create');
    expect(postedWith(ctx.fake, 'nope')).toHaveLength(0);
  });

  it('iterating a list surfaces the error of a later page', async () => {
    const c = makeConnector(ctx.fake);
    const ids: string[] = [];
    ctx.fake.failNext('/api/users.list', { kind: 'status', status: 503 }); // first page: retried
    const loop = (async () => {
      for await (const user of c.users.list({ limit: 10 })) {
        ids.push(user.id);
        if (ids.length === 10) ctx.fake.failNext('/api/users.list', { kind: 'body', body: { ok: false, error: 'invalid_cursor' } });
      }
    })();
    await expect(loop).rejects.toMatchObject({ name: 'VendorError', code: 'invalid_cursor' });
    expect(ids).toHaveLength(10);
    expect(ctx.fake.requests).toHaveLength(3);
  });
});

describe('the token stays secret', () => {
  const ctx = useSlackFake();

  it('never appears in error messages or logger output, even when Slack echoes it', async () => {
    const { logger, lines } = capturingLogger();
    const c = makeConnector(ctx.fake, { logger });
    const channel = memberChannel(ctx.fake).id;
    const echo = `token ${TOKEN} is not allowed here`;
    const errors: unknown[] = [];
    const collect = async (p: PromiseLike<unknown>) => errors.push(await rejection(p));

    ctx.fake.failNext('/api/users.list', { kind: 'status', status: 401, body: { ok: false, error: echo } });
    await collect(c.users.list());
    ctx.fake.failNext('/api/users.list', { kind: 'status', status: 503, body: { ok: false, error: echo } }, 3);
    await collect(c.users.list());
    ctx.fake.failNext('/api/users.list', { kind: 'status', status: 429, headers: { 'retry-after': '0' }, body: echo }, 3);
    await collect(c.users.list());
    ctx.fake.failNext('/api/chat.postMessage', { kind: 'drop' });
    await collect(c.messages.create({ channel, text: 'x' }));
    ctx.fake.failNext('/api/conversations.create', { kind: 'status', status: 500, body: `<html>${TOKEN}</html>` });
    await collect(c.channels.create({ name: 'leaky' }));
    await collect(c.channels.get({ channel: 'C0NOSUCHCHAN' }));
    await collect(c.users.get({ user: TOKEN }));
    await collect(makeConnector(ctx.fake, { logger, auth: { api_token: `${TOKEN}-old` } }).users.list());

    expect(errors.map((e) => (e as Error).name)).toEqual([
      'AuthenticationError',
      'ServerError',
      'RateLimitError',
      'ConnectionError',
      'ServerError',
      'VendorError',
      'VendorError',
      'VendorError',
    ]);
    for (const error of errors as Error[]) {
      expect(error.message).not.toContain(TOKEN);
      expect(String(error.stack)).not.toContain(TOKEN);
    }
    // The echoed token is replaced, not the whole message dropped.
    expect((errors[0] as Error).message).toContain('token [REDACTED] is not allowed here');
    // HTTP error bodies are redacted too.
    for (const error of errors.slice(0, 5)) {
      if (error instanceof ApiError) expect(JSON.stringify(error.body) ?? '').not.toContain(TOKEN);
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.includes('retrying'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(TOKEN);
    expect(ctx.fake.requests.every((r) => r.headers['authorization']?.startsWith(`Bearer ${TOKEN}`))).toBe(true);
  });
});

describe('request ids', () => {
  const ctx = useSlackFake();

  // The request id of an ok:false body comes from the spec's requestIdHeaders (x-slack-req-id).
  it('VendorError carries x-slack-req-id as requestId', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/api/users.list', {
      kind: 'status',
      status: 200,
      headers: { 'x-slack-req-id': 'req-200' },
      body: { ok: false, error: 'channel_not_found' },
    });
    const error = await rejection(c.users.list());
    expect(error).toBeInstanceOf(VendorError);
    expect(error.requestId).toBe('req-200');
  });
});
