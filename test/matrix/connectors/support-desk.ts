/**
 * Matrix fixture of the support-desk connector (specs/support-desk.yaml) on the Zendesk Support
 * fake, with Token credentials (HTTP Basic `{email}/token:{api_token}`).
 */
import * as pkg from '@switchyard/connector-support-desk';
import { startZendeskFake, type Json, type ZendeskFake } from '../../fakes/zendesk.js';
import { defineFixture } from '../fixture.js';

/** `+`, `/` and `=` make the URL-, form- and base64-encoded forms of the token all differ from it. */
const API_TOKEN = 'zd_api_7Qm+w/Kx3f9c2a7d=SwItChYaRd';
const EMAIL = 'matrix.agent@acme.example';

/** The smallest attachment: the matrix downloads it often. */
const smallestAttachment = (fake: ZendeskFake): number => [...fake.data.files.values()].sort((a, b) => a.size - b.size)[0]!.attachmentId;
/** A ticket that can still be updated (closed tickets cannot). */
const openTicket = (fake: ZendeskFake): Json => fake.data.tickets.find((t) => t.status === 'open')!;
/** The first ticket with the most comments (seeded with seven), for comment paging. */
const chattyTicket = (fake: ZendeskFake): number => {
  let best = fake.data.tickets[0]!;
  for (const t of fake.data.tickets)
    if (fake.data.comments.get(t.id as number)!.length > fake.data.comments.get(best.id as number)!.length) best = t;
  return best.id as number;
};
const UNSOLVED = ['new', 'open', 'pending', 'hold'];

export default defineFixture<ZendeskFake>({
  pkg,
  create: (options) => new pkg.SupportDeskConnector(options as pkg.SupportDeskConnectorOptions),
  // 35 tickets: four pages of 10.
  start: () => startZendeskFake({ email: EMAIL, apiToken: API_TOKEN, tickets: 35 }),
  baseUrl: (fake) => `${fake.url}/api/v2`,
  credentials: { api_token: API_TOKEN, email: EMAIL },
  // Required by the spec; the service's vendor base URL (the fake) takes precedence over it.
  config: { subdomain: 'acme' },
  authHeader: { name: 'authorization', value: `Basic ${Buffer.from(`${EMAIL}/token:${API_TOKEN}`).toString('base64')}` },
  examples: {
    'tickets.get': (fake) => ({ ticket_id: fake.data.tickets[4]!['id'] }),
    'tickets.create': (fake) => ({
      subject: 'Printer jammed again',
      comment: { body: 'Paper tray 2 jams on every job since Monday.' },
      requester_id: fake.data.users.find((u) => u['role'] === 'end-user')!['id'],
      priority: 'high',
      tags: ['hardware'],
    }),
    'tickets.update': (fake) => ({
      ticket_id: openTicket(fake)['id'],
      status: 'pending',
      comment: { body: 'Waiting for the customer to confirm the fix.', public: false },
    }),
    'tickets.api_search': () => ({ query: 'status<solved', page_size: 5 }),
    'ticket_comments.list': (fake) => ({ ticket_id: chattyTicket(fake) }),
    'ticket_attachments.get': (fake) => ({ attachment_id: smallestAttachment(fake) }),
    'ticket_attachments.download': (fake) => ({ attachment_id: smallestAttachment(fake) }),
    'users.get': (fake) => ({ user_id: fake.data.users[3]!['id'] }),
    'organizations.get': (fake) => ({ organization_id: fake.data.organizations[2]!['id'] }),
    'groups.get': (fake) => ({ group_id: fake.data.groups[1]!['id'] }),
    'ticket_fields.get': (fake) => ({ ticket_field_id: fake.data.ticketFields[7]!['id'] }),
    'brands.get': (fake) => ({ brand_id: fake.data.brands[1]!['id'] }),
    'views.get': (fake) => ({ view_id: fake.data.views[2]!['id'] }),
    'macros.get': (fake) => ({ macro_id: fake.data.macros[1]!['id'] }),
    'satisfaction_ratings.get': (fake) => ({ satisfaction_rating_id: fake.data.satisfactionRatings[0]!['id'] }),
  },
  values: { range_header: 'bytes=0-99', custom_fields: [{ id: 360_005_001, value: 'web' }] },
  paging: [
    {
      action: 'tickets.list',
      params: () => ({ page_size: 10 }),
      expectedIds: (fake) => fake.data.tickets.map((t) => t['id']),
      idOf: (ticket: { id: number }) => ticket.id,
    },
    {
      action: 'ticket_comments.list',
      params: (fake) => ({ ticket_id: chattyTicket(fake), page_size: 2 }),
      expectedIds: (fake) => fake.data.comments.get(chattyTicket(fake))!.map((c) => c['id']),
      idOf: (comment: { id: number }) => comment.id,
    },
    {
      action: 'tickets.api_search',
      params: () => ({ query: 'status<solved', page_size: 4 }),
      // Export results come newest first.
      expectedIds: (fake) =>
        fake.data.tickets
          .filter((t) => UNSOLVED.includes(t['status'] as string))
          .sort(
            (a, b) =>
              Date.parse(b['created_at'] as string) - Date.parse(a['created_at'] as string) || (b['id'] as number) - (a['id'] as number),
          )
          .map((t) => t['id']),
      idOf: (ticket: { id: number }) => ticket.id,
    },
  ],
});
