/**
 * Parameter rules of specs/messaging.yaml (seed limits: channel names, topic/purpose length, paging
 * limit, conversation types, message text, emoji names). Every rejection is a ValidationError
 * raised before any request, listing all problems at once; boundary values go through.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, type ExecuteResult } from '@switchyard/connector-messaging';
import { makeConnector, memberChannel, plainMessage, rejection, useSlackFake } from './helpers.js';

type LooseExecute = { execute(entity: string, action: string, params?: unknown): Promise<ExecuteResult> };

const C = 'C0123456789';
const TS = '1712345678.000200';
const long = (n: number, ch = 'a') => ch.repeat(n);
/** 249 letters and one emoji: 250 characters (code points), 251 UTF-16 units. */
const EMOJI_250 = `${long(249)}🚀`;

/** [what, entity, action, params, issues as `path:rule`] */
const invalid: [string, string, string, unknown, string[]][] = [
  // channel names (channels.create and channels.update)
  ['create: uppercase name', 'channels', 'create', { name: 'General' }, ['name:pattern']],
  ['create: name with a space', 'channels', 'create', { name: 'my channel' }, ['name:pattern']],
  ['create: empty name', 'channels', 'create', { name: '' }, ['name:minLength', 'name:pattern']],
  ['create: name with "#"', 'channels', 'create', { name: '#general' }, ['name:pattern']],
  ['update: uppercase name', 'channels', 'update', { channel: C, name: 'Release' }, ['name:pattern']],
  ['update: name with a space', 'channels', 'update', { channel: C, name: 'release train' }, ['name:pattern']],
  ['update: empty name', 'channels', 'update', { channel: C, name: '' }, ['name:minLength', 'name:pattern']],
  // topic and purpose
  ['topic of 250 characters plus an emoji', 'channel_topics', 'create', { channel: C, topic: `${EMOJI_250}x` }, ['topic:maxLength']],
  [
    'purpose of 250 characters plus an emoji',
    'channel_purposes',
    'create',
    { channel: C, purpose: `${EMOJI_250}x` },
    ['purpose:maxLength'],
  ],
  // paging limit
  ['limit 1.5', 'users', 'list', { limit: 1.5 }, ['limit:type']],
  ['limit as a string', 'users', 'list', { limit: '10' }, ['limit:type']],
  // conversation types
  ['types with an unknown type', 'channels', 'list', { types: 'public_channel,dm' }, ['types:pattern']],
  ['types with a space', 'channels', 'list', { types: 'public_channel, im' }, ['types:pattern']],
  ['types with a trailing comma', 'channels', 'list', { types: 'im,' }, ['types:pattern']],
  ['types empty', 'channels', 'list', { types: '' }, ['types:pattern']],
  ['types as an array', 'channels', 'list', { types: ['im', 'mpim'] }, ['types:type']],
  // required parameters
  ['users.get without user', 'users', 'get', {}, ['user:required']],
  ['channels.get without channel', 'channels', 'get', {}, ['channel:required']],
  ['channels.create without name', 'channels', 'create', { is_private: true }, ['name:required']],
  ['channels.update without anything', 'channels', 'update', {}, ['channel:required', 'name:required']],
  ['channel_messages.list without channel', 'channel_messages', 'list', { limit: 5 }, ['channel:required']],
  ['threads.list without channel', 'threads', 'list', { ts: TS }, ['channel:required']],
  ['messages.create without channel and text', 'messages', 'create', {}, ['channel:required', 'text:required']],
  ['messages.update without ts and text', 'messages', 'update', { channel: C }, ['ts:required', 'text:required']],
  ['channel_topics.create without topic', 'channel_topics', 'create', { channel: C }, ['topic:required']],
  ['channel_purposes.create without purpose', 'channel_purposes', 'create', { channel: C }, ['purpose:required']],
  ['reactions.create without anything', 'reactions', 'create', {}, ['channel:required', 'timestamp:required', 'name:required']],
  // wrong types
  ['user as a number', 'users', 'get', { user: 42 }, ['user:type']],
  ['is_private as a string', 'channels', 'create', { name: 'ok', is_private: 'yes' }, ['is_private:type']],
  ['exclude_archived as a string', 'channels', 'list', { exclude_archived: 'true' }, ['exclude_archived:type']],
  ['inclusive as a number', 'channel_messages', 'list', { channel: C, inclusive: 1 }, ['inclusive:type']],
  ['channel as null', 'channels', 'get', { channel: null }, ['channel:type']],
  [
    'text, unfurl_links and reply_broadcast of the wrong types',
    'messages',
    'create',
    { channel: C, text: 5, unfurl_links: 1, reply_broadcast: 'no' },
    ['text:type', 'unfurl_links:type', 'reply_broadcast:type'],
  ],
  ['params that are not an object', 'users', 'get', 'U123', [':type']],
  // timestamps
  ['oldest that is not a timestamp', 'channel_messages', 'list', { channel: C, oldest: 'yesterday' }, ['oldest:pattern']],
  ['latest with a minus sign', 'threads', 'list', { channel: C, ts: TS, latest: '-1' }, ['latest:pattern']],
  ['thread ts that is not a timestamp', 'threads', 'list', { channel: C, ts: 'p1712345678000200' }, ['ts:pattern']],
  ['reaction timestamp not a timestamp', 'reactions', 'create', { channel: C, timestamp: 'now', name: 'eyes' }, ['timestamp:pattern']],
  // message text
  // emoji names
  ['reaction name with colons', 'reactions', 'create', { channel: C, timestamp: TS, name: ':thumbsup:' }, ['name:pattern']],
  ['reaction name with a leading colon', 'reactions', 'create', { channel: C, timestamp: TS, name: ':thumbsup' }, ['name:pattern']],
  ['empty reaction name', 'reactions', 'create', { channel: C, timestamp: TS, name: '' }, ['name:pattern']],
  // unknown parameters
  ['unknown parameter', 'users', 'list', { limt: 10 }, ['limt:unknown']],
  ['a search parameter on a list', 'channels', 'list', { query: {} }, ['query:unknown']],
  // several problems at once
  [
    'four problems in one call',
    'messages',
    'create',
    { channel: 5, text: '', thread_ts: 7, thread_id: TS },
    ['thread_id:unknown', 'channel:type', 'text:minLength', 'thread_ts:type'],
  ],
];

describe('parameter validation before any request', () => {
  const ctx = useSlackFake();

  it.each(invalid)('%s', async (_what, entity, action, params, issues) => {
    const c = makeConnector(ctx.fake) as unknown as LooseExecute;
    const error = await rejection(c.execute(entity, action, params));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.name).toBe('ValidationError');
    expect(error.issues.map((i: { path: string; rule: string }) => `${i.path}:${i.rule}`).sort()).toEqual([...issues].sort());
    expect(error.message).toContain(`messaging ${entity}.${action}: ${issues.length} invalid parameter${issues.length === 1 ? '' : 's'}`);
    for (const issue of error.issues) expect(error.message).toContain(`${issue.path || '(params)'}: ${issue.message} [${issue.rule}]`);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('the typed helpers validate the same way', async () => {
    const c = makeConnector(ctx.fake);
    const errors = [
      await rejection(c.channels.create({ name: 'Has Spaces' })),
      await rejection(c.channels.update({ channel: C, name: long(81) })),
      await rejection(c.channel_topics.create({ channel: C, topic: long(251) })),
      await rejection(c.channel_purposes.create({ channel: C, purpose: long(251) })),
      await rejection(c.users.list({ limit: 1000 })),
      await rejection(c.channels.list({ types: 'channels' })),
      await rejection(c.reactions.create({ channel: C, timestamp: TS, name: ':eyes:' })),
      await rejection(c.messages.create({ channel: C, text: '' })),
    ];
    expect(errors.map((e) => e instanceof ValidationError && e.issues.map((i) => `${i.path}:${i.rule}`).join())).toEqual([
      'name:pattern',
      'name:maxLength',
      'topic:maxLength',
      'purpose:maxLength',
      'limit:maximum',
      'types:pattern',
      'name:pattern',
      'text:minLength',
    ]);
    // Iterating a list helper validates on the first fetch, still before any request.
    await expect(
      (async () => {
        for await (const _ of c.users.list({ limit: 1000 })) void _;
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('an unknown parameter names the closest known one', async () => {
    const c = makeConnector(ctx.fake) as unknown as LooseExecute;
    const limit = await rejection(c.execute('users', 'list', { limt: 10 }));
    expect(limit.issues[0].message).toBe('is not a known parameter; did you mean "limit"? known: cursor, limit');
    const threadTs = await rejection(c.execute('messages', 'create', { channel: C, text: 'x', thread_id: TS }));
    expect(threadTs.issues[0].message).toContain('did you mean "thread_ts"?');
    const name = await rejection(c.execute('channels', 'create', { Name: 'ok' }));
    expect(name.issues.map((i: { path: string; rule: string }) => `${i.path}:${i.rule}`).sort()).toEqual(['Name:unknown', 'name:required']);
    expect(name.issues.find((i: { rule: string }) => i.rule === 'unknown').message).toContain('did you mean "name"?');
    const none = await rejection(c.execute('channels', 'get', { channel: C, zzzzzzzz: 1 }));
    expect(none.issues[0].message).toBe('is not a known parameter; known: channel');
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('issue messages say what is wrong with the value', async () => {
    const c = makeConnector(ctx.fake) as unknown as LooseExecute;
    const name = await rejection(c.execute('channels', 'create', { name: long(81, 'A') }));
    expect(name.issues).toEqual([
      { path: 'name', rule: 'maxLength', message: 'must have at most 80 characters; got 81' },
      { path: 'name', rule: 'pattern', message: expect.stringContaining('lowercase letters, digits, "-" and "_" (no spaces)') },
    ]);
    const topic = await rejection(c.execute('channel_topics', 'create', { channel: C, topic: `${EMOJI_250}x` }));
    expect(topic.issues[0].message).toBe('must have at most 250 characters; got 251');
    const limit = await rejection(c.execute('users', 'list', { limit: 1000 }));
    expect(limit.issues[0].message).toBe('must be at most 999; got 1000');
    const channels = await rejection(c.execute('channels', 'list', { limit: 1001 }));
    expect(channels.issues[0].message).toBe('must be at most 1000; got 1001');
  });
});

describe('boundary values go through to Slack', () => {
  const ctx = useSlackFake();

  it('250 characters with an emoji counted as one pass validation and are sent unchanged', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    expect([...EMOJI_250]).toHaveLength(250);
    expect(EMOJI_250.length).toBe(251);
    // The fake's answer is not asserted here: see the known-bug test below.
    await c.channel_topics.create({ channel: channel.id, topic: EMOJI_250 }).catch(() => undefined);
    await c.channel_purposes.create({ channel: channel.id, purpose: EMOJI_250 }).catch(() => undefined);
    expect(ctx.fake.requests.map((r) => r.body)).toEqual([
      { channel: channel.id, topic: EMOJI_250 },
      { channel: channel.id, purpose: EMOJI_250 },
    ]);
  });

  // Slack, the spec and the fake all count code points: an emoji is one character.
  it('the fake accepts a 250-character topic that holds an emoji', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    const { data } = await c.channel_topics.create({ channel: channel.id, topic: EMOJI_250 });
    expect((data.topic as { value: string }).value).toBe(EMOJI_250);
  });

  it('limit 1 and 999 are sent; every allowed types mix is sent', async () => {
    const c = makeConnector(ctx.fake);
    await c.users.list({ limit: 1 });
    await c.users.list({ limit: 999 });
    for (const types of ['public_channel', 'private_channel', 'mpim', 'im', 'im,mpim', 'public_channel,private_channel,mpim,im']) {
      await c.channels.list({ types });
    }
    expect(ctx.fake.requests.map((r) => r.query['limit'] ?? '')).toEqual(['1', '999', '200', '200', '200', '200', '200', '200']);
    expect(ctx.fake.requests.slice(2).map((r) => r.query['types'])).toEqual([
      'public_channel',
      'private_channel',
      'mpim',
      'im',
      'im,mpim',
      'public_channel,private_channel,mpim,im',
    ]);
  });

  it('a 40000-character message is sent whole; an emoji name without colons is accepted', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    const text = long(40_000, 'm');
    const { data } = await c.messages.create({ channel: channel.id, text });
    expect(data.text).toHaveLength(40_000);
    expect((ctx.fake.requests[0]!.body as { text: string }).text).toBe(text);
    const reaction = await c.reactions.create({ channel: channel.id, timestamp: plainMessage(ctx.fake, channel).ts, name: '+1' });
    expect(reaction.data).toEqual({ ok: true });
    expect(ctx.fake.requests).toHaveLength(2);
  });

  // Values Slack judges itself are sent as given and answered by Slack (spec note "Parameter rules
  // come from Slack or the contract"): refusing them here would make the connector stricter than Slack.
  it('Slack, not the connector, judges channel ids, message ts, long text and skin-tone emoji names', async () => {
    const c = makeConnector(ctx.fake);
    const channel = memberChannel(ctx.fake);
    await expect(c.channels.get({ channel: '' })).rejects.toMatchObject({ name: 'VendorError', code: 'invalid_arguments' });
    await expect(c.messages.update({ channel: channel.id, ts: 'abc', text: 'x' })).rejects.toMatchObject({
      name: 'VendorError',
      code: 'message_not_found',
    });
    const { data } = await c.messages.create({ channel: channel.id, text: long(40_001, 'm') });
    expect(data.text).toHaveLength(40_000);
    const ts = plainMessage(ctx.fake, channel).ts;
    expect((await c.reactions.create({ channel: channel.id, timestamp: ts, name: 'thumbsup::skin-tone-2' })).data).toEqual({ ok: true });
    expect(ctx.fake.requests).toHaveLength(4);
    expect((ctx.fake.requests[2]!.body as { text: string }).text).toHaveLength(40_001);
  });

  it('threads.list without ts passes validation (optional per contract) and Slack answers thread_not_found', async () => {
    const c = makeConnector(ctx.fake);
    await expect(c.threads.list({ channel: memberChannel(ctx.fake).id })).rejects.toMatchObject({
      name: 'VendorError',
      code: 'thread_not_found',
    });
    expect(ctx.fake.requests).toHaveLength(1);
  });
});
