/**
 * Matrix fixture of the crm connector (specs/crm.yaml) on the HubSpot CRM fake. Every action is a
 * read (GET, or a search POST that only reads).
 */
import * as pkg from '@switchyard/connector-crm';
import { startHubspotFake, type HubspotFake } from '../../fakes/hubspot.js';
import { defineFixture } from '../fixture.js';

/** A private app token; `+`, `/` and `=` make its URL-, form- and base64-encoded forms differ. */
const TOKEN = 'pat-na1-7c2e9f41+b6d3/4a08=SwItChYaRd';

const live = (fake: HubspotFake, type: string) => fake.data.types.get(type)!.records.filter((r) => !r.archived);

export default defineFixture<HubspotFake>({
  pkg,
  create: (options) => new pkg.CrmConnector(options as pkg.CrmConnectorOptions),
  start: () => startHubspotFake({ accessToken: TOKEN }),
  baseUrl: (fake) => `${fake.url}/crm/v3`,
  credentials: { access_token: TOKEN },
  authHeader: { name: 'authorization', value: `Bearer ${TOKEN}` },
  examples: {
    'contacts.get': (fake) => ({ contactId: live(fake, 'contacts')[4]!.id }),
    'companies.get': (fake) => ({ companyId: live(fake, 'companies')[2]!.id }),
    'deals.get': (fake) => ({ dealId: live(fake, 'deals')[6]!.id }),
    'tickets.get': (fake) => ({ ticketId: live(fake, 'tickets')[1]!.id }),
    'schemas.get': () => ({ objectType: '2-3453421' }),
    'objects.list': (fake) => ({ objectType: fake.data.types.get('cars')!.name }),
    'objects.get': (fake) => ({ objectType: '2-3453421', objectId: live(fake, 'cars')[3]!.id }),
    'contacts.api_search': () => ({
      filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'IN', values: ['lead', 'customer'] }] }],
      sorts: [{ propertyName: 'lastname', direction: 'ASCENDING' }],
      properties: ['email', 'firstname', 'lastname', 'lifecyclestage'],
      limit: 5,
    }),
  },
  // Filter groups and sorts the matrix cannot make up from the rules (each filter's operator decides its other fields).
  values: {
    filterGroups: [
      { filters: [{ propertyName: 'createdate', operator: 'BETWEEN', value: '2023-01-01T00:00:00Z', highValue: '2024-06-03T00:00:00Z' }] },
    ],
    sorts: [{ propertyName: 'createdate', direction: 'DESCENDING' }],
  },
  paging: [
    {
      action: 'contacts.list',
      params: () => ({ limit: 10, properties: 'email,firstname,lastname' }),
      expectedIds: (fake) => live(fake, 'contacts').map((r) => r.id),
      idOf: (contact: { id: string }) => contact.id,
    },
    {
      action: 'deals.api_search',
      params: () => ({ filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'HAS_PROPERTY' }] }], limit: 7 }),
      expectedIds: (fake) =>
        live(fake, 'deals')
          .filter((d) => d.properties['amount'] !== null)
          .map((d) => d.id)
          .sort(),
      idOf: (deal: { id: string }) => deal.id,
    },
  ],
});
