/**
 * Shared set-up of the messaging connector suites: a Slack fake per file, a connector pointed at it
 * with fast retries, and lookups of fixture records (a channel the bot is in, one it is not in, a
 * thread) in the fake's deterministic workspace.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { MessagingConnector, type MessagingConnectorOptions } from '@switchyard/connector-messaging';
import { startSlackFake, type SlackChannel, type SlackFake, type SlackFakeOptions, type SlackMessage } from '../fakes/slack.js';
import type { RecordedRequest } from '../fakes/harness.js';

/** The bot token the fake accepts; long and distinctive so a leak is easy to spot. */
export const TOKEN = 'xoxb-1111111111-2222222222-SwItChYaRdSeCrEt';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export type ConnectorOverrides = Partial<Omit<MessagingConnectorOptions, 'auth' | 'baseUrl'>> & {
  auth?: MessagingConnectorOptions['auth'];
};

export function makeConnector(fake: { url: string }, overrides: ConnectorOverrides = {}): MessagingConnector {
  return new MessagingConnector({
    auth: { api_token: TOKEN },
    baseUrl: `${fake.url}/api`,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  });
}

/**
 * Starts a Slack fake for the whole file and clears its request log and pending failures before
 * each test. Read `ctx.fake` inside tests (it is set in beforeAll).
 */
export function useSlackFake(options: SlackFakeOptions = {}): { fake: SlackFake } {
  const ctx = {} as { fake: SlackFake };
  beforeAll(async () => {
    ctx.fake = await startSlackFake({ token: TOKEN, ...options });
  });
  beforeEach(() => {
    ctx.fake.reset();
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

/** Public, not archived, the bot is a member: `general` in the default workspace. */
export function memberChannel(fake: SlackFake): SlackChannel {
  const channel = fake.data.channels.find(
    (c) => !c.is_im && !c.is_mpim && !c.is_private && !c.is_archived && fake.data.members.get(c.id)?.has(fake.data.bot.userId),
  );
  if (!channel) throw new Error('fixture: no public channel the bot is in');
  return channel;
}

/** A public channel the bot is not a member of. */
export function nonMemberChannel(fake: SlackFake): SlackChannel {
  const channel = fake.data.channels.find(
    (c) => !c.is_im && !c.is_mpim && !c.is_private && !c.is_archived && !fake.data.members.get(c.id)?.has(fake.data.bot.userId),
  );
  if (!channel) throw new Error('fixture: no public channel without the bot');
  return channel;
}

/** A thread of `channel`: the parent and its replies as the fake stores them. */
export function threadOf(fake: SlackFake, channel: SlackChannel): { parent: SlackMessage; replies: SlackMessage[] } {
  for (const [key, replies] of fake.data.replies) {
    if (!key.startsWith(`${channel.id}:`)) continue;
    const ts = key.slice(channel.id.length + 1);
    const parent = fake.data.messages.get(channel.id)!.find((m) => m.ts === ts && m.subtype === undefined);
    if (parent && replies.length >= 2) return { parent, replies };
  }
  throw new Error(`fixture: no thread in ${channel.id}`);
}

/** A message of `channel` that the bot did not react to (a plain user message). */
export function plainMessage(fake: SlackFake, channel: SlackChannel): SlackMessage {
  const message = fake.data.messages.get(channel.id)!.find((m) => m.subtype === undefined && m.user && !m.reactions?.length);
  if (!message) throw new Error(`fixture: no plain message in ${channel.id}`);
  return message;
}

/** The cursor the fake issues for a page that starts at `key` (Slack-style base64 `kind:key`). */
export function cursorFor(kind: 'user' | 'team' | 'next_ts', key: string): string {
  return Buffer.from(`${kind}:${key}`).toString('base64');
}

/** `1712345678.000200` → the micro-second key the fake puts in history cursors. */
export function tsKey(ts: string): string {
  const [seconds, frac = ''] = ts.split('.') as [string, string?];
  return String(Number(seconds) * 1e6 + Number(frac.padEnd(6, '0').slice(0, 6)));
}

/** What a test compares of a recorded request. */
export function wire(request: RecordedRequest): { method: string; path: string; query: unknown; body: unknown } {
  return { method: request.method, path: request.path, query: request.query, body: request.body };
}

/** Deep copy through JSON: what a record looks like after the wire. */
export function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export { rejection } from '../support/expect.js';
