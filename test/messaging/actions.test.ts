/**
 * Every entity.action of specs/messaging.yaml against the Slack fake: the exact request Slack
 * receives and the parsed `{data, meta}`. Each case runs through the typed helper on fake A and
 * through `execute(entity, action, params)` on fake B; both fakes start from the same seeded
 * workspace and see the same calls in the same order, so requests and results must be identical.
 */
import { describe, expect, it } from 'vitest';
import { MessagingConnector, type ExecuteResult } from '@switchyard/connector-messaging';
import type { SlackFake } from '../fakes/slack.js';
import {
  JSON_CONTENT_TYPE,
  TOKEN,
  cursorFor,
  json,
  makeConnector,
  memberChannel,
  plainMessage,
  threadOf,
  tsKey,
  useSlackFake,
  wire,
} from './helpers.js';

type Params = Record<string, unknown>;
type LooseExecute = { execute(entity: string, action: string, params?: unknown): Promise<ExecuteResult> };

interface Case {
  name: string;
  entity: string;
  action: string;
  params: (fake: SlackFake) => Params;
  helper: (c: MessagingConnector, params: any) => PromiseLike<{ data: unknown; meta: unknown }>;
  request: (fake: SlackFake, params: Params) => { method: 'GET' | 'POST'; path: string; query: Params; body: unknown };
  verify: (result: ExecuteResult<any, any>, fake: SlackFake, params: Params) => void;
}

const POSTED_TEXT = 'Deploy finished :rocket: <https://ci.example.com/run/7|run 7>';

const history = (fake: SlackFake) => fake.data.messages.get(memberChannel(fake).id)!;
const newestFirst = (fake: SlackFake) => [...history(fake)].reverse();
const created = (fake: SlackFake, name: string) => fake.data.channels.filter((c) => c.name === name);

const cases: Case[] = [
  {
    name: 'users.list (first page of 10: members, next_cursor set)',
    entity: 'users',
    action: 'list',
    params: () => ({ limit: 10 }),
    helper: (c, p) => c.users.list(p),
    request: () => ({ method: 'GET', path: '/api/users.list', query: { limit: '10' }, body: undefined }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.users.slice(0, 10)));
      expect(meta).toEqual({ next_cursor: cursorFor('user', fake.data.users[10]!.id) });
    },
  },
  {
    name: 'users.list (default limit, one page: next_cursor null)',
    entity: 'users',
    action: 'list',
    params: () => ({}),
    helper: (c, p) => c.users.list(p),
    request: () => ({ method: 'GET', path: '/api/users.list', query: { limit: '200' }, body: undefined }),
    verify: ({ data, meta }, fake) => {
      expect(data).toHaveLength(25);
      expect(data).toEqual(json(fake.data.users));
      expect(meta).toEqual({ next_cursor: null });
    },
  },
  {
    name: 'users.get',
    entity: 'users',
    action: 'get',
    params: (fake) => ({ user: fake.data.users[5]!.id }),
    helper: (c, p) => c.users.get(p),
    request: (_fake, p) => ({ method: 'GET', path: '/api/users.info', query: { user: p.user as string }, body: undefined }),
    verify: ({ data, meta }, fake, p) => {
      expect(data.id).toBe(p.user);
      expect(data).toEqual(json(fake.data.users[5]));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'channels.list (types, exclude_archived, limit)',
    entity: 'channels',
    action: 'list',
    params: () => ({ limit: 5, types: 'public_channel,private_channel', exclude_archived: true }),
    helper: (c, p) => c.channels.list(p),
    request: () => ({
      method: 'GET',
      path: '/api/conversations.list',
      query: { limit: '5', types: 'public_channel,private_channel', exclude_archived: 'true' },
      body: undefined,
    }),
    verify: ({ data, meta }, fake) => {
      const bot = fake.data.bot.userId;
      const expected = fake.data.channels
        .slice(0, 5)
        .filter((c) => !c.is_im && !c.is_mpim && !c.is_archived && (!c.is_private || fake.data.members.get(c.id)!.has(bot)));
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect(data).toEqual(json(expected));
      expect(data.some((c: { is_private: boolean }) => c.is_private)).toBe(true);
      expect(meta).toEqual({ next_cursor: cursorFor('team', fake.data.channels[5]!.id) });
    },
  },
  {
    name: 'channels.list (types=im, last page: next_cursor null)',
    entity: 'channels',
    action: 'list',
    params: () => ({ types: 'im' }),
    helper: (c, p) => c.channels.list(p),
    request: () => ({ method: 'GET', path: '/api/conversations.list', query: { types: 'im', limit: '200' }, body: undefined }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(json(fake.data.channels.filter((c) => c.is_im)));
      expect(data).toHaveLength(2);
      expect(meta).toEqual({ next_cursor: null });
    },
  },
  {
    name: 'channels.get',
    entity: 'channels',
    action: 'get',
    params: (fake) => ({ channel: memberChannel(fake).id }),
    helper: (c, p) => c.channels.get(p),
    request: (_fake, p) => ({ method: 'GET', path: '/api/conversations.info', query: { channel: p.channel as string }, body: undefined }),
    verify: ({ data, meta }, fake) => {
      const channel = memberChannel(fake);
      expect(data).toEqual(json({ ...channel, last_read: history(fake).at(-1)!.ts }));
      expect(data.name).toBe('general');
      expect(meta).toEqual({});
    },
  },
  {
    name: 'channel_messages.list (limit 5: newest first, has_more, next_cursor)',
    entity: 'channel_messages',
    action: 'list',
    params: (fake) => ({ channel: memberChannel(fake).id, limit: 5 }),
    helper: (c, p) => c.channel_messages.list(p),
    request: (_fake, p) => ({
      method: 'GET',
      path: '/api/conversations.history',
      query: { channel: p.channel as string, limit: '5' },
      body: undefined,
    }),
    verify: ({ data, meta }, fake) => {
      const all = newestFirst(fake);
      expect(data).toEqual(json(all.slice(0, 5)));
      expect(meta).toEqual({ next_cursor: cursorFor('next_ts', tsKey(all[5]!.ts)), has_more: true });
    },
  },
  {
    name: 'channel_messages.list (oldest/latest/inclusive range, last page)',
    entity: 'channel_messages',
    action: 'list',
    params: (fake) => {
      const h = history(fake);
      return { channel: memberChannel(fake).id, oldest: h[3]!.ts, latest: h[5]!.ts, inclusive: true };
    },
    helper: (c, p) => c.channel_messages.list(p),
    request: (_fake, p) => ({
      method: 'GET',
      path: '/api/conversations.history',
      query: { channel: p.channel as string, limit: '200', oldest: p.oldest as string, latest: p.latest as string, inclusive: 'true' },
      body: undefined,
    }),
    verify: ({ data, meta }, fake) => {
      const h = history(fake);
      expect(data).toEqual(json([h[5], h[4], h[3]]));
      expect(meta).toEqual({ next_cursor: null, has_more: false });
    },
  },
  {
    name: 'threads.list (parent first, then replies)',
    entity: 'threads',
    action: 'list',
    params: (fake) => ({ channel: memberChannel(fake).id, ts: threadOf(fake, memberChannel(fake)).parent.ts }),
    helper: (c, p) => c.threads.list(p),
    request: (_fake, p) => ({
      method: 'GET',
      path: '/api/conversations.replies',
      query: { channel: p.channel as string, ts: p.ts as string, limit: '200' },
      body: undefined,
    }),
    verify: ({ data, meta }, fake) => {
      const { parent, replies } = threadOf(fake, memberChannel(fake));
      expect(data).toEqual(json([parent, ...replies]));
      expect(data[0].reply_count).toBe(replies.length);
      expect(data[1].parent_user_id).toBe(parent.user);
      expect(meta).toEqual({ next_cursor: null, has_more: false });
    },
  },
  {
    name: 'threads.list (limit 2: has_more, next_cursor)',
    entity: 'threads',
    action: 'list',
    params: (fake) => ({ channel: memberChannel(fake).id, ts: threadOf(fake, memberChannel(fake)).parent.ts, limit: 2 }),
    helper: (c, p) => c.threads.list(p),
    request: (_fake, p) => ({
      method: 'GET',
      path: '/api/conversations.replies',
      query: { channel: p.channel as string, ts: p.ts as string, limit: '2' },
      body: undefined,
    }),
    verify: ({ data, meta }, fake) => {
      const { parent, replies } = threadOf(fake, memberChannel(fake));
      expect(data).toEqual(json([parent, replies[0]]));
      expect(meta).toEqual({ next_cursor: cursorFor('next_ts', tsKey(replies[1]!.ts)), has_more: true });
    },
  },
  {
    name: 'channels.create',
    entity: 'channels',
    action: 'create',
    params: () => ({ name: 'release-train', is_private: true }),
    helper: (c, p) => c.channels.create(p),
    request: () => ({ method: 'POST', path: '/api/conversations.create', query: {}, body: { name: 'release-train', is_private: true } }),
    verify: ({ data, meta }, fake) => {
      const stored = created(fake, 'release-train');
      expect(stored).toHaveLength(1);
      expect(data).toEqual(json({ ...stored[0], last_read: '0000000000.000000', priority: 0 }));
      expect(data.id).toMatch(/^C0[A-Z0-9]{9}$/);
      expect(data.is_private).toBe(true);
      expect(data.creator).toBe(fake.data.bot.userId);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'channels.update (rename)',
    entity: 'channels',
    action: 'update',
    params: (fake) => ({ channel: created(fake, 'release-train')[0]!.id, name: 'release-train-v2' }),
    helper: (c, p) => c.channels.update(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/conversations.rename',
      query: {},
      body: { channel: p.channel, name: 'release-train-v2' },
    }),
    verify: ({ data, meta }, fake, p) => {
      expect(data.id).toBe(p.channel);
      expect(data.name).toBe('release-train-v2');
      expect(data.name_normalized).toBe('release-train-v2');
      expect(data.previous_names).toEqual(['release-train']);
      expect(created(fake, 'release-train')).toHaveLength(0);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'messages.create',
    entity: 'messages',
    action: 'create',
    params: (fake) => ({ channel: memberChannel(fake).id, text: POSTED_TEXT, unfurl_links: false, unfurl_media: true }),
    helper: (c, p) => c.messages.create(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/chat.postMessage',
      query: {},
      body: { channel: p.channel, text: POSTED_TEXT, unfurl_links: false, unfurl_media: true },
    }),
    verify: ({ data, meta }, fake) => {
      const last = history(fake).at(-1)!;
      expect(last.text).toBe(POSTED_TEXT);
      expect(data).toEqual(json(last));
      expect(data.ts).toMatch(/^\d{10}\.\d{6}$/);
      expect(data.user).toBe(fake.data.bot.userId);
      expect(data.bot_id).toBe(fake.data.bot.botId);
      expect(history(fake).filter((m) => m.text === POSTED_TEXT)).toHaveLength(1);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'messages.create (thread reply, broadcast)',
    entity: 'messages',
    action: 'create',
    params: (fake) => ({
      channel: memberChannel(fake).id,
      text: 'On it.',
      thread_ts: threadOf(fake, memberChannel(fake)).parent.ts,
      reply_broadcast: true,
    }),
    helper: (c, p) => c.messages.create(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/chat.postMessage',
      query: {},
      body: { channel: p.channel, text: 'On it.', thread_ts: p.thread_ts, reply_broadcast: true },
    }),
    verify: ({ data }, fake, p) => {
      const { replies } = threadOf(fake, memberChannel(fake));
      expect(replies.at(-1)!.ts).toBe(data.ts);
      expect(data.thread_ts).toBe(p.thread_ts);
      expect(data.subtype).toBe('thread_broadcast');
      expect(data.text).toBe('On it.');
    },
  },
  {
    name: 'messages.update',
    entity: 'messages',
    action: 'update',
    params: (fake) => ({
      channel: memberChannel(fake).id,
      ts: history(fake).find((m) => m.text === POSTED_TEXT)!.ts,
      text: 'Deploy rolled back',
    }),
    helper: (c, p) => c.messages.update(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/chat.update',
      query: {},
      body: { channel: p.channel, ts: p.ts, text: 'Deploy rolled back' },
    }),
    verify: ({ data, meta }, fake, p) => {
      const stored = history(fake).find((m) => m.ts === p.ts)!;
      expect(stored.text).toBe('Deploy rolled back');
      expect(data).toEqual(json(stored));
      expect(data.ts).toBe(p.ts);
      expect(data.edited.user).toBe(fake.data.bot.userId);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'channel_topics.create',
    entity: 'channel_topics',
    action: 'create',
    params: (fake) => ({ channel: memberChannel(fake).id, topic: 'Release day: freeze at 15:00' }),
    helper: (c, p) => c.channel_topics.create(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/conversations.setTopic',
      query: {},
      body: { channel: p.channel, topic: 'Release day: freeze at 15:00' },
    }),
    verify: ({ data, meta }, fake, p) => {
      expect(data.id).toBe(p.channel);
      expect(data.topic).toEqual({ value: 'Release day: freeze at 15:00', creator: fake.data.bot.userId, last_set: expect.any(Number) });
      expect(memberChannel(fake).topic!.value).toBe('Release day: freeze at 15:00');
      expect(meta).toEqual({});
    },
  },
  {
    name: 'channel_purposes.create',
    entity: 'channel_purposes',
    action: 'create',
    params: (fake) => ({ channel: memberChannel(fake).id, purpose: 'Company-wide announcements' }),
    helper: (c, p) => c.channel_purposes.create(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/conversations.setPurpose',
      query: {},
      body: { channel: p.channel, purpose: 'Company-wide announcements' },
    }),
    verify: ({ data, meta }, fake, p) => {
      expect(data.id).toBe(p.channel);
      expect(data.purpose).toEqual({ value: 'Company-wide announcements', creator: fake.data.bot.userId, last_set: expect.any(Number) });
      expect(memberChannel(fake).purpose!.value).toBe('Company-wide announcements');
      expect(meta).toEqual({});
    },
  },
  {
    name: 'reactions.create',
    entity: 'reactions',
    action: 'create',
    params: (fake) => ({ channel: memberChannel(fake).id, timestamp: plainMessage(fake, memberChannel(fake)).ts, name: 'tada' }),
    helper: (c, p) => c.reactions.create(p),
    request: (_fake, p) => ({
      method: 'POST',
      path: '/api/reactions.add',
      query: {},
      body: { channel: p.channel, timestamp: p.timestamp, name: 'tada' },
    }),
    verify: ({ data, meta }, fake, p) => {
      expect(data).toEqual({ ok: true });
      expect(meta).toEqual({});
      const message = history(fake).find((m) => m.ts === p.timestamp)!;
      expect(message.reactions).toEqual([{ name: 'tada', users: [fake.data.bot.userId], count: 1 }]);
    },
  },
];

describe('messaging actions: request on the wire and parsed result', () => {
  const a = useSlackFake();
  const b = useSlackFake();

  it('covers every non-search entity.action of the spec', () => {
    const covered = new Set(cases.map((c) => `${c.entity}.${c.action}`));
    const declared = Object.values(makeConnector(a.fake).metadata.actions).flatMap((actions) =>
      Object.values(actions)
        .filter((action) => !action.hostedOnly)
        .map((action) => `${action.entity}.${action.action}`),
    );
    expect([...covered].sort()).toEqual([...declared].sort());
    expect(covered.size).toBe(13);
  });

  it.each(cases)('$name', async (kase) => {
    const params = kase.params(a.fake);
    expect(kase.params(b.fake)).toEqual(params); // the two seeded fakes are in the same state

    const viaHelper = await kase.helper(makeConnector(a.fake), params);
    const viaExecute = await (makeConnector(b.fake) as unknown as LooseExecute).execute(kase.entity, kase.action, params);

    expect(a.fake.requests).toHaveLength(1);
    expect(b.fake.requests).toHaveLength(1);
    const [sent] = a.fake.requests;
    const expected = kase.request(a.fake, params);
    expect(wire(sent!)).toEqual(expected);
    expect(wire(b.fake.requests[0]!)).toEqual(expected);
    for (const request of [sent!, b.fake.requests[0]!]) {
      expect(request.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      expect(request.headers['accept']).toBe('application/json');
      if (expected.method === 'POST') {
        expect(request.headers['content-type']).toBe(JSON_CONTENT_TYPE);
        expect(JSON.parse(request.rawBody)).toEqual(expected.body);
      } else {
        expect(request.headers['content-type']).toBeUndefined();
        expect(request.rawBody).toBe('');
      }
    }

    expect(Object.keys(viaExecute).sort()).toEqual(['data', 'meta']);
    expect({ data: viaHelper.data, meta: viaHelper.meta }).toEqual(viaExecute);
    kase.verify(viaExecute, a.fake, params);
  });
});

describe('credentials', () => {
  const ctx = useSlackFake();

  it('the OAuth kind sends only `Bearer <access_token>`; client id and secret never go on the wire', async () => {
    const auth = { client_id: '1234567890.0987654321', client_secret: 'oauth-client-secret-5f3a9c', access_token: TOKEN };
    const c = makeConnector(ctx.fake, { auth });
    const { data } = await c.users.get({ user: ctx.fake.data.users[0]!.id });
    expect(data.id).toBe(ctx.fake.data.users[0]!.id);
    const post = await c.messages.create({ channel: memberChannel(ctx.fake).id, text: 'oauth hello' });
    expect(post.data.text).toBe('oauth hello');

    expect(ctx.fake.requests).toHaveLength(2);
    for (const request of ctx.fake.requests) {
      expect(request.headers['authorization']).toBe(`Bearer ${TOKEN}`);
      const everything = JSON.stringify(request);
      expect(everything).not.toContain(auth.client_id);
      expect(everything).not.toContain(auth.client_secret);
    }
    expect(Object.keys(ctx.fake.requests[0]!.query)).toEqual(['user']);
    expect(ctx.fake.requests[1]!.body).toEqual({ channel: memberChannel(ctx.fake).id, text: 'oauth hello' });
  });

  it('an `xoxp-` user token of the Token kind goes out as is', async () => {
    const c = makeConnector(ctx.fake, { auth: { api_token: 'xoxp-9-user-token' } });
    await expect(c.users.get({ user: 'USLACKBOT' })).rejects.toMatchObject({ name: 'VendorError', code: 'invalid_auth' });
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer xoxp-9-user-token']);
  });
});
