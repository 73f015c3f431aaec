/**
 * The README's first command ends here: a connector working end to end without credentials,
 * against a local fake of the Slack Web API on 127.0.0.1 (the same fake the tests use).
 */
import { MessagingConnector, ValidationError, VendorError } from '@switchyard/connector-messaging';
import { startSlackFake } from '../fakes/slack.js';

const slack = await startSlackFake({ token: 'xoxb-demo-token', users: 45, channels: 6, messagesPerChannel: 12 });
try {
  const connector = new MessagingConnector({ auth: { api_token: 'xoxb-demo-token' }, baseUrl: `${slack.url}/api` });

  // One page: { data, meta }, where meta.next_cursor is the next page's cursor (null on the last page).
  const page = await connector.users.list({ limit: 20 });
  console.log(`users.list → ${page.data.length} users on the first page, meta.next_cursor = ${JSON.stringify(page.meta.next_cursor)}`);

  // Every record, page after page.
  let users = 0;
  for await (const user of connector.users.list({ limit: 20 })) if (user.id) users++;
  console.log(`for await over users.list → ${users} users across ${Math.ceil(users / 20)} pages`);

  // The contract's call, identical result shape.
  const channels = await connector.execute('channels', 'list', { limit: 100 });
  const general = channels.data[0]!;
  console.log(`execute('channels', 'list') → ${channels.data.length} channels; first is #${general.name}`);

  const history = await connector.channel_messages.list({ channel: general.id, limit: 5 });
  console.log(`channel_messages.list → ${history.data.length} messages, has_more = ${history.meta.has_more}`);

  const posted = await connector.messages.create({ channel: general.id, text: 'Hello from Switchyard :wave:' });
  console.log(`messages.create → posted at ts ${posted.data.ts}`);

  // Bad input never reaches the network.
  try {
    await connector.channels.create({ name: 'Launch Plans', topic: 'x' } as never);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(`channels.create with a bad name → ${error.name}:\n${error.message}`);
  }

  // Slack's {"ok": false} inside HTTP 200 becomes a typed error with Slack's code.
  try {
    await connector.channels.get({ channel: 'C_DOES_NOT_EXIST' });
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    console.log(`channels.get on a missing channel → ${error.name} (code ${error.code})`);
  }
  console.log(`\nThe fake Slack served ${slack.requests.length} requests. Next: pnpm test`);
} finally {
  await slack.close();
}
