/**
 * Matrix fixture of the messaging connector (specs/messaging.yaml) on the Slack fake.
 */
import * as pkg from '@switchyard/connector-messaging';
import { startSlackFake, type SlackFake, type SlackMessage } from '../../fakes/slack.js';
import { memberChannel, plainMessage, threadOf } from '../../messaging/helpers.js';
import { defineFixture } from '../fixture.js';

/** `+`, `/` and `=` make the URL-, form- and base64-encoded forms of the token all differ from it. */
const TOKEN = 'xoxb-1111111111-2222222222-SwItCh+YaRd/SeCrEt=';
const TS = '1712345678.000200';

/**
 * A message the bot posted in `general`: Slack lets a bot token edit only those, and the seeded
 * workspace has none. Added once, like a prior chat.postMessage would.
 */
function botMessage(fake: SlackFake): SlackMessage {
  const channel = memberChannel(fake);
  const history = fake.data.messages.get(channel.id)!;
  const { userId, botId } = fake.data.bot;
  let message = history.find((m) => m.user === userId && m.bot_id === botId);
  if (!message) {
    message = { ...plainMessage(fake, channel), user: userId, bot_id: botId, ts: '1799999999.000100', text: 'Posted by the bot' };
    history.push(message);
  }
  return message;
}

export default defineFixture<SlackFake>({
  pkg,
  create: (options) => new pkg.MessagingConnector(options as pkg.MessagingConnectorOptions),
  start: () => startSlackFake({ token: TOKEN }),
  baseUrl: (fake) => `${fake.url}/api`,
  credentials: { api_token: TOKEN },
  authHeader: { name: 'authorization', value: `Bearer ${TOKEN}` },
  examples: {
    'users.get': (fake) => ({ user: fake.data.users[5]!.id }),
    'channels.get': (fake) => ({ channel: memberChannel(fake).id }),
    'channels.create': () => ({ name: 'matrix-launch', is_private: true }),
    'channels.update': (fake) => ({ channel: memberChannel(fake).id, name: 'matrix-renamed' }),
    'channel_messages.list': (fake) => ({ channel: memberChannel(fake).id, limit: 5 }),
    'threads.list': (fake) => ({ channel: memberChannel(fake).id, ts: threadOf(fake, memberChannel(fake)).parent.ts }),
    'messages.create': (fake) => ({ channel: memberChannel(fake).id, text: 'Deploy finished :rocket:' }),
    'messages.update': (fake) => ({ channel: memberChannel(fake).id, ts: botMessage(fake).ts, text: 'Deploy rolled back' }),
    'channel_topics.create': (fake) => ({ channel: memberChannel(fake).id, topic: 'Release day' }),
    'channel_purposes.create': (fake) => ({ channel: memberChannel(fake).id, purpose: 'Announcements' }),
    'reactions.create': (fake) => ({
      channel: memberChannel(fake).id,
      timestamp: plainMessage(fake, memberChannel(fake)).ts,
      name: 'tada',
    }),
  },
  values: { types: 'public_channel,im', oldest: TS, latest: TS, thread_ts: TS },
  paging: [
    {
      action: 'users.list',
      params: () => ({ limit: 10 }),
      expectedIds: (fake) => fake.data.users.map((u) => u.id),
      idOf: (user: { id: string }) => user.id,
    },
    {
      action: 'channel_messages.list',
      params: (fake) => ({ channel: memberChannel(fake).id, limit: 7 }),
      expectedIds: (fake) => [...fake.data.messages.get(memberChannel(fake).id)!].reverse().map((m) => m.ts),
      idOf: (message: { ts: string }) => message.ts,
    },
  ],
});
