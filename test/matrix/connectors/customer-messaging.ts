/**
 * Matrix fixture of the customer-messaging connector (specs/customer-messaging.yaml) on the
 * Intercom fake. Every action is a GET: the connector has no writes.
 */
import * as pkg from '@switchyard/connector-customer-messaging';
import { startIntercomFake, type IntercomFake } from '../../fakes/intercom.js';
import { defineFixture } from '../fixture.js';

/** `+`, `/` and `=` make the token's URL-, form- and base64-encoded forms differ. */
const TOKEN = 'dG9rOjQ2ZWQ5+ZjE1/LWI0YzMtNDQxNy1hZmM4=SwItChYaRd';

const listed = (fake: IntercomFake) => fake.data.companies.filter((c) => (c['user_count'] as number) > 0);

export default defineFixture<IntercomFake>({
  pkg,
  create: (options) => new pkg.CustomerMessagingConnector(options as pkg.CustomerMessagingConnectorOptions),
  // 35 contacts (four pages of 10), 27 conversations (six pages of 5), 8 listed companies (three pages of 3).
  start: () => startIntercomFake({ accessToken: TOKEN, contacts: 35 }),
  baseUrl: (fake) => fake.url,
  credentials: { access_token: TOKEN },
  authHeader: { name: 'authorization', value: `Bearer ${TOKEN}` },
  examples: {
    'contacts.get': (fake) => ({ id: fake.data.contacts[7]!['id'] }),
    'conversations.get': (fake) => ({ id: fake.data.conversations[3]!['id'] }),
    'companies.get': (fake) => ({ id: fake.data.companies[2]!['id'] }),
    'teams.get': (fake) => ({ id: fake.data.teams[1]!['id'] }),
    'admins.get': (fake) => ({ id: fake.data.admins[4]!['id'] }),
    'tags.get': (fake) => ({ id: fake.data.tags[2]!['id'] }),
    'segments.get': (fake) => ({ id: fake.data.segments[0]!['id'] }),
  },
  // companies.list pages by number: its starting_after is a page cursor ("2"), never a record id.
  values: { 'companies.list.starting_after': '2' },
  paging: [
    {
      action: 'contacts.list',
      params: () => ({ per_page: 10 }),
      expectedIds: (fake) => fake.data.contacts.map((c) => c['id']),
      idOf: (contact: { id: string }) => contact.id,
    },
    {
      action: 'conversations.list',
      params: () => ({ per_page: 5 }),
      expectedIds: (fake) => fake.data.conversations.map((c) => c['id']),
      idOf: (conversation: { id: string }) => conversation.id,
    },
    {
      action: 'companies.list',
      params: () => ({ per_page: 3 }),
      expectedIds: (fake) => listed(fake).map((c) => c['id']),
      idOf: (company: { id: string }) => company.id,
    },
  ],
});
