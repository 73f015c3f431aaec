/**
 * Seeded HubSpot CRM data: contacts, companies, deals, tickets, one custom object type with its
 * schema, and the associations between them. Property values are strings or null, as HubSpot
 * sends them; a few records of each standard type are archived (seen only with `archived=true`).
 */
import { DAY_MS, SEED_NOW_MS, iso } from '../shared/clock.js';
import { COMPANIES, JOB_TITLES, makePeople, slugify } from '../shared/people.js';
import { createRandom } from '../shared/random.js';

export type Json = Record<string, any>;

export interface CrmRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  /** Earlier values per property, newest first (served with propertiesWithHistory). */
  history: Record<string, { value: string | null; timestamp: string; sourceType: string }[]>;
  /** Associated record ids by object type name (companies, contacts, deals, tickets, line_items). */
  associations: Record<string, string[]>;
}

export interface ObjectType {
  /** Name used in paths (contacts) or the custom object's fully qualified name. */
  name: string;
  /** 0-1, 0-2, … or 2-… for custom objects. */
  objectTypeId: string;
  /** Properties returned when the request names none. */
  defaultProperties: string[];
  /** Properties a search `query` looks in. */
  queryProperties: string[];
  /** The association type label between this type and another (contact_to_company). */
  singular: string;
  records: CrmRecord[];
}

export interface HubspotData {
  portalId: number;
  types: Map<string, ObjectType>;
  /** Custom object schemas as /crm/v3/schemas returns them. */
  schemas: Json[];
}

export interface HubspotDataOptions {
  contacts?: number;
  companies?: number;
  deals?: number;
  tickets?: number;
  cars?: number;
}

export const PORTAL_ID = 24681357;
const LIFECYCLE = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer'];
const INDUSTRIES = ['COMPUTER_SOFTWARE', 'HOSPITAL_HEALTH_CARE', 'LOGISTICS_AND_SUPPLY_CHAIN', 'FOOD_PRODUCTION', 'RETAIL'];
const DEAL_STAGES = ['appointmentscheduled', 'qualifiedtobuy', 'presentationscheduled', 'decisionmakerboughtin', 'closedwon', 'closedlost'];
const TICKET_STAGES = ['1', '2', '3', '4'];
const TICKET_SUBJECTS = [
  'Cannot log in',
  'Invoice shows wrong VAT',
  'Export times out',
  'Webhook retries',
  'SSO setup',
  'Data import failed',
];

export function buildHubspotData(options: HubspotDataOptions = {}): HubspotData {
  const rng = createRandom('hubspot');
  // Ids as HubSpot issues them: large numbers rendered as strings, increasing with creation time.
  let nextId = 51_000_000_001;
  const stamp = (ageDays: number) => SEED_NOW_MS - ageDays * DAY_MS + rng.int(0, DAY_MS - 1);
  const record = (ageDays: number, properties: Record<string, string | null>, archivedEvery: number, index: number): CrmRecord => {
    const created = stamp(ageDays);
    const updated = Math.min(SEED_NOW_MS, created + rng.int(0, 40) * DAY_MS);
    const archived = archivedEvery > 0 && index % archivedEvery === archivedEvery - 1;
    const id = String(nextId++);
    return {
      id,
      properties: { ...properties, createdate: iso(created), hs_lastmodifieddate: iso(updated), hs_object_id: id },
      createdAt: iso(created),
      updatedAt: iso(updated),
      archived,
      ...(archived ? { archivedAt: iso(updated + DAY_MS) } : {}),
      history: {},
      associations: {},
    };
  };

  const companyNames = [...COMPANIES, 'Blue Harbor Freight', 'Kestrel Bank', 'Lumen Optics', 'Orchard Health', 'Pioneer Metals'];
  const companies = Array.from({ length: options.companies ?? 17 }, (_, i) => {
    const name = companyNames[i % companyNames.length]! + (i >= companyNames.length ? ` ${Math.floor(i / companyNames.length) + 1}` : '');
    const domain = `${slugify(name).replace(/-/g, '')}.example.com`;
    return record(
      400 - i * 11,
      {
        name,
        domain,
        industry: rng.pick(INDUSTRIES),
        city: rng.pick(['Berlin', 'Boston', 'Lisbon', 'Toronto', 'Osaka']),
        numberofemployees: rng.chance(0.2) ? null : String(rng.int(5, 5000)),
      },
      9,
      i,
    );
  });

  const people = makePeople(rng, options.contacts ?? 57);
  const contacts = people.map((person, i) => {
    const company = companies[i % companies.length]!;
    const c = record(
      380 - i * 5,
      {
        email: `${person.handle}@${company.properties['domain']}`,
        firstname: person.first,
        lastname: person.last,
        jobtitle: rng.chance(0.15) ? null : rng.pick(JOB_TITLES),
        phone: rng.chance(0.3) ? null : `+1 555 01${String(rng.int(0, 99)).padStart(2, '0')}`,
        lifecyclestage: rng.pick(LIFECYCLE),
        lastmodifieddate: null,
      },
      11,
      i,
    );
    c.properties['lastmodifieddate'] = c.properties['hs_lastmodifieddate']!;
    c.history['lifecyclestage'] = [
      { value: c.properties['lifecyclestage']!, timestamp: c.updatedAt, sourceType: 'CRM_UI' },
      { value: 'lead', timestamp: c.createdAt, sourceType: 'FORM' },
    ];
    link(c, 'contacts', 'companies', company);
    return c;
  });

  const lineItemIds = Array.from({ length: 40 }, (_, i) => String(61_000_000_001 + i));
  const deals = Array.from({ length: options.deals ?? 31 }, (_, i) => {
    const stage = rng.pick(DEAL_STAGES);
    const d = record(
      300 - i * 7,
      {
        dealname: `${companies[i % companies.length]!.properties['name']} — ${rng.pick(['renewal', 'expansion', 'pilot', 'new business'])}`,
        dealstage: stage,
        pipeline: 'default',
        amount: rng.chance(0.1) ? null : String(rng.int(10, 900) * 100),
        closedate: iso(SEED_NOW_MS + rng.int(-60, 90) * DAY_MS),
      },
      10,
      i,
    );
    link(d, 'deals', 'companies', companies[i % companies.length]!);
    for (const contact of rng.sample(
      contacts.filter((c) => c.associations['companies']![0] === companies[i % companies.length]!.id),
      2,
    )) {
      link(d, 'deals', 'contacts', contact);
    }
    d.associations['line_items'] = lineItemIds.slice((i * 3) % 37, ((i * 3) % 37) + rng.int(0, 3));
    return d;
  });

  const tickets = Array.from({ length: options.tickets ?? 19 }, (_, i) =>
    record(
      120 - i * 4,
      {
        subject: `${rng.pick(TICKET_SUBJECTS)} (#${1000 + i})`,
        content: rng.chance(0.2) ? null : 'Customer reports the problem since the last release.',
        hs_pipeline: '0',
        hs_pipeline_stage: rng.pick(TICKET_STAGES),
        hs_ticket_priority: rng.pick(['LOW', 'MEDIUM', 'HIGH']),
      },
      8,
      i,
    ),
  );

  const cars = Array.from({ length: options.cars ?? 12 }, (_, i) =>
    record(
      90 - i * 3,
      {
        vin: `1HGCM82633A${String(100000 + i * 7919).slice(0, 6)}`,
        make: rng.pick(['Volvo', 'Toyota', 'Ford', 'Kia']),
        model: rng.pick(['XC60', 'Corolla', 'Focus', 'Niro']),
        year: String(rng.int(2015, 2024)),
      },
      0,
      i,
    ),
  );

  const carsName = `p${PORTAL_ID}_cars`;
  const types = new Map<string, ObjectType>();
  const add = (names: string[], type: ObjectType) => names.forEach((n) => types.set(n, type));
  add(['contacts', '0-1'], {
    name: 'contacts',
    objectTypeId: '0-1',
    defaultProperties: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
    queryProperties: ['firstname', 'lastname', 'email', 'phone'],
    singular: 'contact',
    records: contacts,
  });
  add(['companies', '0-2'], {
    name: 'companies',
    objectTypeId: '0-2',
    defaultProperties: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
    queryProperties: ['name', 'domain', 'city'],
    singular: 'company',
    records: companies,
  });
  add(['deals', '0-3'], {
    name: 'deals',
    objectTypeId: '0-3',
    defaultProperties: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
    queryProperties: ['dealname'],
    singular: 'deal',
    records: deals,
  });
  add(['tickets', '0-5'], {
    name: 'tickets',
    objectTypeId: '0-5',
    defaultProperties: [
      'content',
      'createdate',
      'hs_lastmodifieddate',
      'hs_object_id',
      'hs_pipeline',
      'hs_pipeline_stage',
      'hs_ticket_priority',
      'subject',
    ],
    queryProperties: ['subject', 'content'],
    singular: 'ticket',
    records: tickets,
  });
  const carsType: ObjectType = {
    name: carsName,
    objectTypeId: '2-3453421',
    defaultProperties: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
    queryProperties: ['vin', 'make', 'model'],
    singular: 'car',
    records: cars,
  };
  add(['cars', carsName, carsType.objectTypeId], carsType);

  const schemas: Json[] = [
    {
      id: '3453421',
      name: 'cars',
      objectTypeId: carsType.objectTypeId,
      fullyQualifiedName: carsName,
      primaryDisplayProperty: 'vin',
      metaType: 'PORTAL_SPECIFIC',
      labels: { singular: 'Car', plural: 'Cars' },
      requiredProperties: ['vin'],
      searchableProperties: ['vin', 'make', 'model'],
      secondaryDisplayProperties: ['make'],
      description: 'Vehicles on lease to customers.',
      allowsSensitiveProperties: false,
      archived: false,
      restorable: true,
      createdAt: iso(SEED_NOW_MS - 200 * DAY_MS),
      updatedAt: iso(SEED_NOW_MS - 20 * DAY_MS),
      createdByUserId: 7811023,
      updatedByUserId: 7811023,
      properties: ['vin', 'make', 'model', 'year'].map((name, i) => ({
        name,
        label: name.toUpperCase(),
        type: 'string',
        fieldType: 'text',
        groupName: 'car_information',
        displayOrder: i,
        hasUniqueValue: name === 'vin',
        archived: false,
      })),
      associations: [{ id: '137', name: 'car_to_contact', fromObjectTypeId: carsType.objectTypeId, toObjectTypeId: '0-1' }],
    },
    {
      id: '3453422',
      name: 'leases',
      objectTypeId: '2-3453422',
      fullyQualifiedName: `p${PORTAL_ID}_leases`,
      primaryDisplayProperty: 'lease_number',
      metaType: 'PORTAL_SPECIFIC',
      labels: { singular: 'Lease', plural: 'Leases' },
      requiredProperties: ['lease_number'],
      searchableProperties: ['lease_number'],
      secondaryDisplayProperties: [],
      description: null,
      allowsSensitiveProperties: true,
      archived: true,
      restorable: true,
      createdAt: iso(SEED_NOW_MS - 150 * DAY_MS),
      updatedAt: iso(SEED_NOW_MS - 10 * DAY_MS),
      createdByUserId: 7811023,
      updatedByUserId: 7811099,
      properties: [],
      associations: [],
    },
  ];
  return { portalId: PORTAL_ID, types, schemas };
}

/** Both directions of an association: `from` (of type fromType) with `to` (of type toType). */
function link(from: CrmRecord, fromType: string, toType: string, to: CrmRecord): void {
  (from.associations[toType] ??= []).push(to.id);
  (to.associations[fromType] ??= []).push(from.id);
}
