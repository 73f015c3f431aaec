/**
 * Slack Web API methods over the in-memory workspace. Every failure is HTTP 200 with
 * `{ok:false, error}` — as Slack does — except an unknown method (404).
 */
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import type { FakeClock } from '../shared/clock.js';
import { botProfile, formatTs, richTextBlock, tsMicros, type IdMaker } from './data.js';
import { CursorBook, pageByKey, readLimit } from './paging.js';
import type { SlackChannel, SlackData, SlackMessage } from './types.js';

export interface SlackContext {
  data: SlackData;
  token: string;
  clock: FakeClock;
  cursors: CursorBook;
  /** Seeded id source for records created by writes, so new ids are deterministic too. */
  ids: IdMaker;
}

type Params = Record<string, unknown>;
type Result = { ok: boolean; [key: string]: unknown };
type Method = (ctx: SlackContext, p: Params) => Result;

const fail = (error: string, extra?: Record<string, unknown>): Result => ({ ok: false, error, ...extra });

/** Slack's answer when a required argument is missing. */
const missing = (field: string): Result =>
  fail('invalid_arguments', { response_metadata: { messages: [`[ERROR] missing required field: ${field}`] } });

const str = (p: Params, key: string): string | undefined => {
  const v = one(p[key]);
  return v === undefined || v === '' ? undefined : v;
};

const bool = (p: Params, key: string): boolean => {
  const v = p[key];
  return v === true || v === 1 || v === 'true' || v === '1';
};

/** Arguments may come in the query string, a form body or a JSON body; the body wins. */
function paramsOf(req: RecordedRequest): Params {
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return { ...req.query, ...(body as Params) };
  return req.query;
}

export function createSlackHandler(ctx: SlackContext): Handler {
  return (req): Reply => {
    if (!req.path.startsWith('/api/')) return { status: 404, body: fail('unknown_method') };
    const name = req.path.slice(5);
    const method = METHODS[name];
    if (!method) return { status: 404, body: fail('unknown_method', { req_method: name }) };
    const p = paramsOf(req);
    const authError = authenticate(req, p, ctx.token);
    if (authError) return { body: fail(authError) };
    return { body: method(ctx, p) };
  };
}

/** `Authorization: Bearer` first; a `token` field only counts in a form body (never with JSON). */
function authenticate(req: RecordedRequest, p: Params, token: string): string | undefined {
  const header = req.headers.authorization;
  let presented: string | undefined;
  if (header !== undefined) presented = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? header;
  else if (req.body && typeof req.body === 'object' && !(req.headers['content-type'] ?? '').includes('json')) presented = str(p, 'token');
  if (presented === undefined || presented === '') return 'not_authed';
  return presented === token ? undefined : 'invalid_auth';
}

// ---- lookups -------------------------------------------------------------------------------

function findChannel(ctx: SlackContext, idOrName: string): SlackChannel | undefined {
  const byId = ctx.data.channels.find((c) => c.id === idOrName);
  if (byId) return byId;
  const name = idOrName.startsWith('#') ? idOrName.slice(1) : idOrName;
  return ctx.data.channels.find((c) => c.name === name && !c.is_im && !c.is_mpim);
}

/** Public channels need membership with a bot token (xoxp user tokens see everything they can). */
function canRead(ctx: SlackContext, channel: SlackChannel): boolean {
  if (ctx.token.startsWith('xoxp-')) return true;
  return ctx.data.members.get(channel.id)?.has(ctx.data.bot.userId) ?? false;
}

function findMessage(ctx: SlackContext, channelId: string, ts: string): SlackMessage | undefined {
  const top = ctx.data.messages.get(channelId)?.find((m) => m.ts === ts);
  if (top) return top;
  for (const [key, replies] of ctx.data.replies) {
    if (!key.startsWith(`${channelId}:`)) continue;
    const hit = replies.find((m) => m.ts === ts);
    if (hit) return hit;
  }
  return undefined;
}

function nowTs(ctx: SlackContext): { ts: string; seconds: number } {
  const ms = ctx.clock.tick();
  const seconds = Math.floor(ms / 1000);
  return { ts: formatTs(seconds, (ms % 1000) * 1000 + 100), seconds };
}

function channelView(ctx: SlackContext, channel: SlackChannel, withLastRead: boolean): SlackChannel & { last_read?: string } {
  if (!withLastRead || channel.is_im || !channel.is_member) return channel;
  const history = ctx.data.messages.get(channel.id);
  return { ...channel, last_read: history?.length ? history[history.length - 1]!.ts : '0000000000.000000' };
}

// ---- names ---------------------------------------------------------------------------------

function nameError(name: string | undefined): string | undefined {
  if (name === undefined) return 'invalid_name_required';
  if (name.length > 80) return 'invalid_name_maxlength';
  if (/^[-_]+$/.test(name)) return 'invalid_name_punctuation';
  if (!/^[a-z0-9_-]+$/.test(name)) return 'invalid_name_specials';
  return undefined;
}

// ---- methods -------------------------------------------------------------------------------

const METHODS: Record<string, Method> = {
  'auth.test': (ctx) => ({
    ok: true,
    url: `https://${ctx.data.team.domain}.slack.com/`,
    team: ctx.data.team.name,
    user: ctx.data.bot.name,
    team_id: ctx.data.team.id,
    user_id: ctx.data.bot.userId,
    bot_id: ctx.data.bot.botId,
    is_enterprise_install: false,
  }),

  'users.list': (ctx, p) => {
    const page = pageByKey(ctx.data.users, (u) => u.id, 'user', str(p, 'cursor'), readLimit(p.limit, 100), ctx.cursors);
    if ('error' in page) return fail(page.error);
    return {
      ok: true,
      members: page.items,
      cache_ts: Math.floor(ctx.clock.peek() / 1000),
      response_metadata: { next_cursor: page.nextCursor },
    };
  },

  'users.info': (ctx, p) => {
    const id = str(p, 'user');
    if (!id) return missing('user');
    const user = ctx.data.users.find((u) => u.id === id);
    if (!user) return fail('user_not_found');
    return { ok: true, user: bool(p, 'include_locale') ? { ...user, locale: 'en-US' } : user };
  },

  'conversations.list': (ctx, p) => {
    const types = (str(p, 'types') ?? 'public_channel').split(',').map((t) => t.trim());
    const known = ['public_channel', 'private_channel', 'mpim', 'im'];
    if (types.some((t) => !known.includes(t))) return fail('invalid_types');
    const excludeArchived = bool(p, 'exclude_archived');
    // Slack applies `limit` before filtering by type/archive state, so pages can come back short
    // (even empty) while next_cursor is still set. Connectors must follow the cursor, not the count.
    const page = pageByKey(ctx.data.channels, (c) => c.id, 'team', str(p, 'cursor'), readLimit(p.limit, 100), ctx.cursors);
    if ('error' in page) return fail(page.error);
    const channels = page.items.filter((c) => {
      if (excludeArchived && c.is_archived) return false;
      if (c.is_im) return types.includes('im');
      if (c.is_mpim) return types.includes('mpim');
      if (c.is_private) return types.includes('private_channel') && (ctx.data.members.get(c.id)?.has(ctx.data.bot.userId) ?? false);
      return types.includes('public_channel');
    });
    return { ok: true, channels, response_metadata: { next_cursor: page.nextCursor } };
  },

  'conversations.info': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel || (channel.is_private && !canRead(ctx, channel))) return fail('channel_not_found');
    return { ok: true, channel: channelView(ctx, channel, true) };
  },

  'conversations.history': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel) return fail('channel_not_found');
    if (!canRead(ctx, channel)) return fail('not_in_channel');
    const all = ctx.data.messages.get(channel.id) ?? [];
    const inRange = rangeFilter(p);
    const newestFirst: SlackMessage[] = [];
    for (let i = all.length - 1; i >= 0; i--) if (inRange(all[i]!)) newestFirst.push(all[i]!);
    const page = pageByKey(newestFirst, (m) => String(tsMicros(m.ts)), 'next_ts', str(p, 'cursor'), readLimit(p.limit, 100), ctx.cursors);
    if ('error' in page) return fail(page.error);
    return {
      ok: true,
      messages: page.items,
      has_more: page.nextCursor !== '',
      pin_count: 0,
      channel_actions_ts: null,
      channel_actions_count: 0,
      response_metadata: { next_cursor: page.nextCursor },
    };
  },

  'conversations.replies': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel) return fail('channel_not_found');
    if (!canRead(ctx, channel)) return fail('not_in_channel');
    const ts = str(p, 'ts');
    if (!ts) return fail('thread_not_found');
    const hit = findMessage(ctx, channel.id, ts);
    if (!hit) return fail('thread_not_found');
    const parentTs = hit.thread_ts ?? hit.ts;
    const parent = ctx.data.messages.get(channel.id)?.find((m) => m.ts === parentTs) ?? hit;
    const inRange = rangeFilter(p);
    const thread = [parent, ...(ctx.data.replies.get(`${channel.id}:${parentTs}`) ?? [])].filter((m, i) => i === 0 || inRange(m));
    // The parent comes first on the first page only; continuation pages hold replies alone.
    const page = pageByKey(thread, (m) => String(tsMicros(m.ts)), 'next_ts', str(p, 'cursor'), readLimit(p.limit, 1000), ctx.cursors);
    if ('error' in page) return fail(page.error);
    return { ok: true, messages: page.items, has_more: page.nextCursor !== '', response_metadata: { next_cursor: page.nextCursor } };
  },

  'conversations.join': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel || channel.is_im || channel.is_mpim || channel.is_private) return fail('channel_not_found');
    if (channel.is_archived) return fail('is_archived');
    const members = ctx.data.members.get(channel.id)!;
    const already = members.has(ctx.data.bot.userId);
    members.add(ctx.data.bot.userId);
    channel.is_member = true;
    channel.num_members = members.size;
    return already
      ? {
          ok: true,
          channel: channelView(ctx, channel, true),
          warning: 'already_in_channel',
          response_metadata: { warnings: ['already_in_channel'] },
        }
      : { ok: true, channel: channelView(ctx, channel, true) };
  },

  'conversations.create': (ctx, p) => {
    const name = str(p, 'name');
    const bad = nameError(name);
    if (bad) return fail(bad);
    if (ctx.data.channels.some((c) => c.name === name)) return fail('name_taken');
    const { seconds } = nowTs(ctx);
    const isPrivate = bool(p, 'is_private');
    const { data } = ctx;
    const channel: SlackChannel = {
      id: ctx.ids.make('C'),
      name: name!,
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: isPrivate,
      created: seconds,
      is_archived: false,
      is_general: false,
      unlinked: 0,
      name_normalized: name!,
      is_shared: false,
      is_org_shared: false,
      is_pending_ext_shared: false,
      pending_shared: [],
      context_team_id: data.team.id,
      updated: seconds * 1000,
      parent_conversation: null,
      creator: data.bot.userId,
      is_ext_shared: false,
      shared_team_ids: [data.team.id],
      pending_connected_team_ids: [],
      is_member: true,
      topic: { value: '', creator: '', last_set: 0 },
      purpose: { value: '', creator: '', last_set: 0 },
      previous_names: [],
      num_members: 1,
    };
    data.channels.push(channel);
    data.members.set(channel.id, new Set([data.bot.userId]));
    data.messages.set(channel.id, []);
    return { ok: true, channel: { ...channelView(ctx, channel, true), priority: 0 } };
  },

  'conversations.rename': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel || channel.is_im || channel.is_mpim) return fail('channel_not_found');
    if (!canRead(ctx, channel)) return fail('not_in_channel');
    if (channel.is_archived) return fail('is_archived');
    const name = str(p, 'name');
    const bad = nameError(name);
    if (bad) return fail(bad);
    if (ctx.data.channels.some((c) => c.name === name && c.id !== channel.id)) return fail('name_taken');
    if (channel.name !== name) {
      channel.previous_names = [channel.name!, ...(channel.previous_names ?? [])];
      channel.name = name!;
      channel.name_normalized = name!;
      channel.updated = ctx.clock.tick();
    }
    return { ok: true, channel: channelView(ctx, channel, true) };
  },

  'chat.postMessage': (ctx, p) => {
    const target = str(p, 'channel');
    if (!target) return fail('channel_not_found');
    const channel = findChannel(ctx, target);
    if (!channel) return fail('channel_not_found');
    if (channel.is_archived) return fail('is_archived');
    if (!canRead(ctx, channel)) return fail('not_in_channel');
    const blocks = jsonArray(p.blocks);
    const attachments = jsonArray(p.attachments);
    let text = typeof p.text === 'string' ? p.text : '';
    if (text === '' && !blocks && !attachments) return fail('no_text');
    if (blocks === null || attachments === null) return fail(blocks === null ? 'invalid_blocks' : 'invalid_attachments');
    // Slack truncates message text past 40,000 characters instead of failing.
    if ([...text].length > 40_000) text = [...text].slice(0, 40_000).join('');
    const { data } = ctx;
    let parent: SlackMessage | undefined;
    const threadTs = str(p, 'thread_ts');
    if (threadTs) {
      const hit = findMessage(ctx, channel.id, threadTs);
      if (!hit) return fail('thread_not_found');
      parent = data.messages.get(channel.id)?.find((m) => m.ts === (hit.thread_ts ?? hit.ts));
      if (!parent) return fail('thread_not_found');
    }
    const { ts } = nowTs(ctx);
    const botUser = data.users.find((u) => u.id === data.bot.userId)!;
    const message: SlackMessage = {
      type: 'message',
      text,
      user: data.bot.userId,
      ts,
      bot_id: data.bot.botId,
      app_id: data.bot.appId,
      // Slack turns plain text into a rich_text block when the caller sends no blocks.
      blocks: blocks ?? (text ? [richTextBlock(null, text)] : []),
      ...(attachments ? { attachments } : {}),
      team: data.team.id,
      bot_profile: botProfile(data, botUser),
    };
    if (parent) {
      message.thread_ts = parent.ts;
      message.parent_user_id = parent.user ?? parent.bot_id ?? '';
      const key = `${channel.id}:${parent.ts}`;
      const replies = data.replies.get(key) ?? [];
      replies.push(message);
      data.replies.set(key, replies);
      const users = [...new Set(replies.map((r) => r.user ?? r.bot_id ?? ''))];
      parent.thread_ts = parent.ts;
      parent.reply_count = replies.length;
      parent.reply_users_count = users.length;
      parent.reply_users = users.slice(0, 5);
      parent.latest_reply = ts;
      parent.is_locked ??= false;
      parent.subscribed ??= false;
      if (bool(p, 'reply_broadcast')) {
        message.subtype = 'thread_broadcast';
        message.root = { ...parent };
        data.messages.get(channel.id)!.push(message);
      }
    } else {
      data.messages.get(channel.id)!.push(message);
    }
    return { ok: true, channel: channel.id, ts, message };
  },

  'chat.update': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel) return fail('channel_not_found');
    const ts = str(p, 'ts');
    if (!ts) return missing('ts');
    const message = findMessage(ctx, channel.id, ts);
    if (!message) return fail('message_not_found');
    // A bot token may only edit what that bot posted.
    if (message.user !== ctx.data.bot.userId || message.bot_id !== ctx.data.bot.botId) return fail('cant_update_message');
    if (channel.is_archived) return fail('is_archived');
    const blocks = jsonArray(p.blocks);
    if (blocks === null) return fail('invalid_blocks');
    if (typeof p.text === 'string') message.text = p.text;
    message.blocks = blocks ?? (message.text ? [richTextBlock(null, message.text)] : []);
    message.edited = { user: ctx.data.bot.userId, ts: nowTs(ctx).ts };
    // Slack's answer names the message by the top-level `channel` and `ts`; the `message` object it
    // carries has no `ts` of its own (slack_web_openapi_v2.json, chat.update 200 example:
    // `"message": {"text": …, "user": …}` beside `"ts": "1401383885.000061"`).
    const { ts: _ts, ...edited } = message;
    return { ok: true, channel: channel.id, ts: message.ts, text: message.text, message: edited };
  },

  'conversations.setTopic': (ctx, p) => setTopicOrPurpose(ctx, p, 'topic'),
  'conversations.setPurpose': (ctx, p) => setTopicOrPurpose(ctx, p, 'purpose'),

  'reactions.add': (ctx, p) => {
    const id = str(p, 'channel');
    if (!id) return missing('channel');
    const channel = ctx.data.channels.find((c) => c.id === id);
    if (!channel) return fail('channel_not_found');
    if (!canRead(ctx, channel)) return fail('not_in_channel');
    const name = str(p, 'name');
    if (!name) return missing('name');
    if (!/^[a-z0-9_+'-]+(::skin-tone-[2-6])?$/.test(name)) return fail('invalid_name');
    const ts = str(p, 'timestamp');
    if (!ts) return missing('timestamp');
    const message = findMessage(ctx, channel.id, ts);
    if (!message) return fail('message_not_found');
    const me = ctx.data.bot.userId;
    const reactions = (message.reactions ??= []);
    const existing = reactions.find((r) => r.name === name);
    if (existing?.users.includes(me)) return fail('already_reacted');
    if (existing) {
      existing.users.push(me);
      existing.count += 1;
    } else {
      reactions.push({ name, users: [me], count: 1 });
    }
    return { ok: true };
  },
};

function setTopicOrPurpose(ctx: SlackContext, p: Params, field: 'topic' | 'purpose'): Result {
  const id = str(p, 'channel');
  if (!id) return missing('channel');
  const channel = ctx.data.channels.find((c) => c.id === id);
  if (!channel || channel.is_im) return fail('channel_not_found');
  if (!canRead(ctx, channel)) return fail('not_in_channel');
  if (channel.is_archived) return fail('is_archived');
  const value = typeof p[field] === 'string' ? (p[field] as string) : one(p[field]);
  if (value === undefined) return missing(field);
  // Slack counts characters (code points), not UTF-16 units: an emoji is one character.
  if ([...value].length > 250) return fail('too_long');
  const { ts, seconds } = nowTs(ctx);
  channel[field] = { value, creator: ctx.data.bot.userId, last_set: seconds };
  channel.updated = seconds * 1000;
  // Slack records the change as a system message carrying the new value as a plain string.
  const text = field === 'topic' ? `set the channel topic: ${value}` : `set the channel description: ${value}`;
  ctx.data.messages
    .get(channel.id)!
    .push({ type: 'message', subtype: `channel_${field}`, ts, user: ctx.data.bot.userId, text, [field]: value } as SlackMessage);
  return { ok: true, channel: channelView(ctx, channel, true) };
}

/** `oldest` / `latest` / `inclusive` as Slack reads them (exclusive bounds unless inclusive). */
function rangeFilter(p: Params): (m: SlackMessage) => boolean {
  const oldest = str(p, 'oldest');
  const latest = str(p, 'latest');
  if (oldest === undefined && latest === undefined) return () => true;
  const inclusive = bool(p, 'inclusive');
  const lo = oldest === undefined ? -Infinity : tsMicros(oldest);
  const hi = latest === undefined ? Infinity : tsMicros(latest);
  return (m) => {
    const t = tsMicros(m.ts);
    return inclusive ? t >= lo && t <= hi : t > lo && t < hi;
  };
}

/** Blocks/attachments arrive as an array (JSON body) or a JSON string (form body); null = malformed. */
function jsonArray(value: unknown): unknown[] | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}
