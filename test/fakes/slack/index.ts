/**
 * Slack Web API fake. Point a connector at `${url}/api` (Slack's real base is
 * `https://slack.com/api`); authenticate with `Authorization: Bearer <token>`.
 */
import { startServer, type FakeServer } from '../harness.js';
import { FakeClock } from '../shared/clock.js';
import { createRandom } from '../shared/random.js';
import { buildSlackData, IdMaker } from './data.js';
import { createSlackHandler } from './handlers.js';
import { CursorBook } from './paging.js';
import type { SlackData } from './types.js';

export interface SlackFakeOptions {
  /** Accepted bearer token (default `xoxb-test-token`). An `xoxp-` token reads channels without membership. */
  token?: string;
  /** Workspace members including Slackbot and two bot users (default 25, minimum 4). */
  users?: number;
  /** Public and private channels, not counting the 2 IMs and 1 MPIM that are always added (default 12). */
  channels?: number;
  /** Top-level messages per channel, before thread broadcasts and topic messages (default 30; IMs get at most 8). */
  messagesPerChannel?: number;
  /** Keep `requests` (default true); benchmarks pass false. */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface SlackFake extends FakeServer {
  readonly data: SlackData;
}

export async function startSlackFake(opts: SlackFakeOptions = {}): Promise<SlackFake> {
  const data = buildSlackData({ users: opts.users, channels: opts.channels, messagesPerChannel: opts.messagesPerChannel });
  const handler = createSlackHandler({
    data,
    token: opts.token ?? 'xoxb-test-token',
    clock: new FakeClock(),
    cursors: new CursorBook(),
    ids: new IdMaker(createRandom('slack-writes')),
  });
  const server = await startServer(handler, {
    record: opts.record,
    port: opts.port,
    defaultHeaders: {
      'x-oauth-scopes':
        'channels:history,channels:join,channels:manage,channels:read,chat:write,groups:history,groups:read,im:read,mpim:read,reactions:write,users:read,users:read.email',
    },
    // What Slack sends with a 429 or a 5xx when a test injects one without a body.
    failureBody: (status) => ({ ok: false, error: status === 429 ? 'ratelimited' : status >= 500 ? 'fatal_error' : 'request_failed' }),
  });
  return Object.assign(server, { data });
}

export type { SlackChannel, SlackData, SlackMessage, SlackUser } from './types.js';
