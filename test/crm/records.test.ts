/**
 * Lists and gets against the HubSpot fake: the exact request HubSpot receives (path under
 * /crm/v3, the comma-separated query parameters, the bearer token), records typed as the contract
 * says (property bags of strings or null, associated ids derived), and the cursor meta.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { recordSchemas } from '@switchyard/connector-crm';
import { TOKEN, apiRequests, connectorFor, live, useHubspotFake } from './helpers.js';

const ajv = new Ajv({ strict: false, allErrors: true });
for (const [name, schema] of Object.entries(recordSchemas.definitions)) ajv.addSchema(schema as object, `#/definitions/${name}`);
const validate = (name: string) => ajv.compile({ $ref: `#/definitions/${name}`, definitions: recordSchemas.definitions });

describe('crm lists and gets', () => {
  const start = useHubspotFake();

  it('contacts.list sends limit, after, properties and associations as HubSpot documents them and parses typed records', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    const first = await crm.contacts.list({ limit: 3, properties: 'email,lifecyclestage', associations: 'companies' });
    const request = apiRequests(fake)[0]!;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/crm/v3/objects/contacts');
    expect(request.query).toEqual({ limit: '3', properties: 'email,lifecyclestage', associations: 'companies' });
    expect(request.headers['authorization']).toBe(`Bearer ${TOKEN}`);

    const expected = live(fake, 'contacts').slice(0, 3);
    expect(first.data.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    const contact = first.data[0]!;
    expect(contact.properties['email']).toBe(expected[0]!.properties['email']);
    expect(Object.keys(contact.properties).sort()).toEqual([
      'createdate',
      'email',
      'hs_lastmodifieddate',
      'hs_object_id',
      'lastmodifieddate',
      'lifecyclestage',
    ]);
    // Derived from associations.companies.results[].id, for hosted search.
    expect(contact.companies).toEqual(expected[0]!.associations['companies']);
    expect(first.meta).toEqual({ next_cursor: live(fake, 'contacts')[3]!.id, next_link: `?after=${live(fake, 'contacts')[3]!.id}` });
    for (const record of first.data) expect(validate('Contact')(record), JSON.stringify(validate('Contact').errors)).toBe(true);

    const second = await crm.contacts.list({ limit: 3, after: first.meta.next_cursor! });
    expect(apiRequests(fake)[1]!.query).toEqual({ limit: '3', after: live(fake, 'contacts')[3]!.id });
    expect(second.data[0]!.id).toBe(live(fake, 'contacts')[3]!.id);
    // Without associations asked for, the derived ids are null (the vendor sent none).
    expect(second.data[0]!.companies).toBeNull();
  });

  it('the last page has null meta members, and archived: true lists only archived records', async () => {
    const fake = await start();
    const archived = fake.data.types.get('tickets')!.records.filter((r) => r.archived);
    expect(archived.length).toBeGreaterThan(0);
    const page = await connectorFor(fake).tickets.list({ archived: true, limit: 100 });
    expect(apiRequests(fake)[0]!.query).toEqual({ archived: 'true', limit: '100' });
    expect(page.data.map((t) => [t.id, t.archived, typeof t.archivedAt])).toEqual(archived.map((t) => [t.id, true, 'string']));
    expect(page.meta).toEqual({ next_cursor: null, next_link: null });
  });

  it('iterating deals follows paging.next.after to the end, with associated companies, contacts and line items', async () => {
    const fake = await start();
    const deals = [];
    for await (const deal of connectorFor(fake).deals.list({ limit: 8, associations: 'companies,contacts,line_items' })) deals.push(deal);
    expect(deals.map((d) => d.id)).toEqual(live(fake, 'deals').map((d) => d.id));
    const withContacts = deals.find((d) => (d.contacts?.length ?? 0) > 0)!;
    const source = live(fake, 'deals').find((d) => d.id === withContacts.id)!;
    expect(withContacts.contacts).toEqual(source.associations['contacts']);
    expect(withContacts.companies).toEqual(source.associations['companies']);
    expect(apiRequests(fake).map((r) => r.query['after'] ?? null)).toEqual([null, ...[8, 16, 24].map((i) => live(fake, 'deals')[i]!.id)]);
  });

  it('contacts.get by email with idProperty, and propertiesWithHistory', async () => {
    const fake = await start();
    const target = live(fake, 'contacts')[9]!;
    const { data } = await connectorFor(fake).contacts.get({
      contactId: target.properties['email']!,
      idProperty: 'email',
      propertiesWithHistory: 'lifecyclestage',
    });
    const request = apiRequests(fake)[0]!;
    expect(request.path).toBe(`/crm/v3/objects/contacts/${encodeURIComponent(target.properties['email']!)}`);
    expect(request.query).toEqual({ idProperty: 'email', propertiesWithHistory: 'lifecyclestage' });
    expect(data.id).toBe(target.id);
    expect(data.propertiesWithHistory).toEqual({ lifecyclestage: target.history['lifecyclestage'] });
  });

  it('objects.list and objects.get read a custom object by fully qualified name and by object type id', async () => {
    const fake = await start();
    const cars = fake.data.types.get('cars')!;
    const crm = connectorFor(fake);
    const page = await crm.objects.list({ objectType: cars.name, limit: 5, properties: 'vin,make' });
    expect(apiRequests(fake)[0]!.path).toBe(`/crm/v3/objects/${cars.name}`);
    expect(page.data.map((r) => r.properties['vin'])).toEqual(cars.records.slice(0, 5).map((r) => r.properties['vin']));
    const one = await crm.objects.get({ objectType: '2-3453421', objectId: cars.records[2]!.id });
    expect(apiRequests(fake)[1]!.path).toBe(`/crm/v3/objects/2-3453421/${cars.records[2]!.id}`);
    // Without `properties`, the type's default set (of which the record has these two).
    expect(one.data.properties).toEqual({
      hs_lastmodifieddate: cars.records[2]!.properties['hs_lastmodifieddate'],
      hs_object_id: cars.records[2]!.id,
    });
    expect(validate('CrmObject')(one.data)).toBe(true);
  });

  it('schemas.list and schemas.get parse into ObjectSchema records', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    const list = await crm.schemas.list();
    expect(apiRequests(fake)[0]!.path).toBe('/crm/v3/schemas');
    expect(list.data.map((s) => s.fullyQualifiedName)).toEqual(['p24681357_cars']);
    const archived = await crm.schemas.list({ archived: true });
    expect(archived.data.map((s) => s.name)).toEqual(['leases']);
    const one = await crm.schemas.get({ objectType: 'p24681357_cars' });
    expect(apiRequests(fake)[2]!.path).toBe('/crm/v3/schemas/p24681357_cars');
    expect(one.data.searchableProperties).toEqual(['vin', 'make', 'model']);
    for (const schema of [...list.data, ...archived.data, one.data]) {
      expect(validate('ObjectSchema')(schema), JSON.stringify(validate('ObjectSchema').errors)).toBe(true);
    }
  });

  it('the published record schema types properties as a map of strings or null: a number value is refused', () => {
    const record = { id: '1', properties: { email: 'a@b.example', phone: null }, createdAt: 'x', updatedAt: 'y', archived: false };
    expect(validate('CrmObject')(record)).toBe(true);
    expect(validate('CrmObject')({ ...record, properties: { amount: 1200 } })).toBe(false);
  });
});
