/**
 * Cursor pagination of the messaging connector: early exit, `hasNextPage()` / `getNextPage()`,
 * has_more on message lists, short pages and the default limit. Every record once, one request per
 * page and each request carrying the previous cursor are in test/matrix.
 */
import { describe, expect, it } from 'vitest';
import { Page } from '@switchyard/connector-messaging';
import { cursorFor, json, makeConnector, memberChannel, threadOf, tsKey, useSlackFake } from './helpers.js';

describe('users.list paging', () => {
  const ctx = useSlackFake({ users: 25 });

  it('breaking out of the loop stops fetching', async () => {
    const c = makeConnector(ctx.fake);
    const firstTwelve: string[] = [];
    for await (const user of c.users.list({ limit: 10 })) {
      firstTwelve.push(user.id);
      if (firstTwelve.length === 12) break;
    }
    expect(firstTwelve).toEqual(ctx.fake.data.users.slice(0, 12).map((u) => u.id));
    expect(ctx.fake.requests).toHaveLength(2);

    ctx.fake.reset();
    for await (const user of c.users.list({ limit: 10 })) {
      expect(user.id).toBe(ctx.fake.data.users[0]!.id);
      break;
    }
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('hasNextPage() / getNextPage() walk the pages and stop on the last one', async () => {
    const c = makeConnector(ctx.fake);
    const users = json(ctx.fake.data.users);
    const first = await c.users.list({ limit: 10 });
    expect(first).toBeInstanceOf(Page);
    expect(first.data).toEqual(users.slice(0, 10));
    expect(first.hasNextPage()).toBe(true);

    const second = await first.getNextPage();
    expect(second.data).toEqual(users.slice(10, 20));
    expect(second.hasNextPage()).toBe(true);

    const third = await second.getNextPage();
    expect(third.data).toEqual(users.slice(20));
    expect(third.meta).toEqual({ next_cursor: null });
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('No next page');

    expect(ctx.fake.requests).toHaveLength(3);
    expect(ctx.fake.requests[2]!.query).toEqual({ limit: '10', cursor: second.meta.next_cursor });
    expect(third.toJSON()).toEqual({ data: third.data, meta: third.meta });
  });

  it('the list helper sends nothing until awaited or iterated, and only once', async () => {
    const c = makeConnector(ctx.fake);
    const pending = c.users.list({ limit: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ctx.fake.requests).toHaveLength(0);
    const page = await pending;
    const again = await pending;
    expect(again).toBe(page);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('a cursor passed explicitly is sent, and execute pages the same way', async () => {
    const c = makeConnector(ctx.fake);
    const first = await c.execute('users', 'list', { limit: 10 });
    const cursor = first.meta.next_cursor!;
    const second = await c.execute('users', 'list', { limit: 10, cursor });
    expect(second.data.map((u) => u.id)).toEqual(ctx.fake.data.users.slice(10, 20).map((u) => u.id));
    expect(ctx.fake.requests[1]!.query).toEqual({ limit: '10', cursor });
  });
});

describe('message and thread paging (has_more / next_cursor)', () => {
  const ctx = useSlackFake();

  it('channel_messages.list pages newest first until has_more is false', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    const all = [...ctx.fake.data.messages.get(channel.id)!].reverse();
    const pages = Math.ceil(all.length / 7);
    expect(pages).toBeGreaterThanOrEqual(4);

    let page = await c.channel_messages.list({ channel: channel.id, limit: 7 });
    const metas = [page.meta];
    const ts = page.data.map((m) => m.ts);
    while (page.hasNextPage()) {
      expect(page.meta.has_more).toBe(true);
      page = await page.getNextPage();
      metas.push(page.meta);
      ts.push(...page.data.map((m) => m.ts));
    }
    expect(ts).toEqual(all.map((m) => m.ts));
    expect(metas).toHaveLength(pages);
    expect(metas.at(-1)).toEqual({ next_cursor: null, has_more: false });
    expect(metas.slice(0, -1).every((m) => m.has_more === true && typeof m.next_cursor === 'string')).toBe(true);
    expect(ctx.fake.requests).toHaveLength(pages);
    ctx.fake.requests.forEach((r, i) => {
      const expected: Record<string, string> = { channel: channel.id, limit: '7' };
      if (i > 0) expected['cursor'] = cursorFor('next_ts', tsKey(all[i * 7]!.ts));
      expect(r.query).toEqual(expected);
    });
  });

  it('for await over threads.list yields the parent then every reply', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    const { parent, replies } = threadOf(ctx.fake, channel);
    const seen: string[] = [];
    for await (const message of c.threads.list({ channel: channel.id, ts: parent.ts, limit: 1 })) seen.push(message.ts);
    expect(seen).toEqual([parent.ts, ...replies.map((r) => r.ts)]);
    expect(ctx.fake.requests).toHaveLength(replies.length + 1);
    expect(ctx.fake.requests.every((r) => r.query['ts'] === parent.ts && r.query['limit'] === '1')).toBe(true);
  });

  it('has_more false ends paging even when a next_cursor is present', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    ctx.fake.failNext('/api/conversations.history', {
      kind: 'body',
      body: {
        ok: true,
        messages: [{ type: 'message', ts: '1.000001', text: 'x' }],
        has_more: false,
        response_metadata: { next_cursor: 'bmV4dA==' },
      },
    });
    const page = await c.channel_messages.list({ channel: channel.id });
    expect(page.meta).toEqual({ next_cursor: null, has_more: false });
    expect(page.hasNextPage()).toBe(false);
    const seen: unknown[] = [];
    ctx.fake.failNext('/api/conversations.history', {
      kind: 'body',
      body: {
        ok: true,
        messages: [{ type: 'message', ts: '1.000001', text: 'x' }],
        has_more: false,
        response_metadata: { next_cursor: 'bmV4dA==' },
      },
    });
    for await (const m of c.channel_messages.list({ channel: channel.id })) seen.push(m);
    expect(seen).toHaveLength(1);
    expect(ctx.fake.requests).toHaveLength(2);
  });

  it('an empty next_cursor is normalised to null (has_more absent)', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/api/users.list', {
      kind: 'body',
      body: { ok: true, members: [{ id: 'U1', profile: {} }], response_metadata: { next_cursor: '' } },
    });
    const page = await c.users.list();
    expect(page.meta).toEqual({ next_cursor: null });
    expect(page.hasNextPage()).toBe(false);
  });

  it('short (even empty) pages before the end do not stop iteration', async () => {
    const c = makeConnector(ctx.fake);
    const ims = ctx.fake.data.channels.filter((ch) => ch.is_im).map((ch) => ch.id);
    const total = ctx.fake.data.channels.length;
    const seen: string[] = [];
    for await (const channel of c.channels.list({ types: 'im', limit: 5 })) seen.push(channel.id);
    expect(seen).toEqual(ims);
    // Slack applies the limit before the type filter: the first pages hold no IMs yet.
    expect(ctx.fake.requests).toHaveLength(Math.ceil(total / 5));
    expect(ctx.fake.requests.every((r) => r.query['types'] === 'im' && r.query['limit'] === '5')).toBe(true);
  });
});

describe('default limit', () => {
  const ctx = useSlackFake();

  it('sends limit=200 on every list action when omitted, on the first and later pages', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    await c.users.list();
    await c.execute('users', 'list');
    await c.channels.list();
    await c.channel_messages.list({ channel: channel.id });
    await c.threads.list({ channel: channel.id, ts: threadOf(ctx.fake, channel).parent.ts });
    expect(ctx.fake.requests.map((r) => [r.path, r.query['limit']])).toEqual([
      ['/api/users.list', '200'],
      ['/api/users.list', '200'],
      ['/api/conversations.list', '200'],
      ['/api/conversations.history', '200'],
      ['/api/conversations.replies', '200'],
    ]);

    ctx.fake.reset();
    ctx.fake.failNext('/api/users.list', {
      kind: 'body',
      body: {
        ok: true,
        members: [{ id: 'U1', profile: {} }],
        response_metadata: { next_cursor: cursorFor('user', ctx.fake.data.users[3]!.id) },
      },
    });
    // The canned first page names a cursor the fake never issued; the second page is therefore
    // answered with invalid_cursor, which is enough to see what the second request carried.
    const ids: string[] = [];
    await expect(
      (async () => {
        for await (const user of c.users.list()) ids.push(user.id);
      })(),
    ).rejects.toMatchObject({ name: 'VendorError', code: 'invalid_cursor' });
    expect(ids).toEqual(['U1']);
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([
      { limit: '200' },
      { limit: '200', cursor: cursorFor('user', ctx.fake.data.users[3]!.id) },
    ]);
  });
});
