/**
 * Conformance of the crm connector's requests with HubSpot's documented CRM v3 calls. No
 * machine-readable HubSpot specification is kept next to the other vendors' in the shared vendor
 * specs (HubSpot's own collection is marked not licensed for external use), so this checks every
 * entity.action against the documented facts restated below: method, path under
 * https://api.hubapi.com, where each parameter travels and under which name, where records are.
 */
import { describe, expect, it } from 'vitest';
import { metadata } from '@switchyard/connector-crm';

const HOST = 'https://api.hubapi.com';
const LIST_QUERY = ['after', 'archived', 'associations', 'limit', 'properties', 'propertiesWithHistory'];
const GET_QUERY = ['archived', 'associations', 'idProperty', 'properties', 'propertiesWithHistory'];
const SEARCH_BODY = ['after', 'filterGroups', 'limit', 'properties', 'query', 'sorts'];

interface Documented {
  method: 'GET' | 'POST';
  path: string;
  query?: string[];
  body?: string[];
  records: string;
}

const objects = (type: string, id: string): Record<string, Documented> => ({
  list: { method: 'GET', path: `/crm/v3/objects/${type}`, query: LIST_QUERY, records: 'results' },
  get: { method: 'GET', path: `/crm/v3/objects/${type}/{${id}}`, query: GET_QUERY, records: '' },
  api_search: { method: 'POST', path: `/crm/v3/objects/${type}/search`, body: SEARCH_BODY, records: 'results' },
});

const DOCUMENTED: Record<string, Record<string, Documented>> = {
  contacts: objects('contacts', 'contactId'),
  companies: objects('companies', 'companyId'),
  deals: objects('deals', 'dealId'),
  tickets: objects('tickets', 'ticketId'),
  schemas: {
    list: { method: 'GET', path: '/crm/v3/schemas', query: ['archived'], records: 'results' },
    get: { method: 'GET', path: '/crm/v3/schemas/{objectType}', records: '' },
  },
  objects: {
    list: { method: 'GET', path: '/crm/v3/objects/{objectType}', query: LIST_QUERY, records: 'results' },
    get: { method: 'GET', path: '/crm/v3/objects/{objectType}/{objectId}', query: GET_QUERY, records: '' },
  },
};

describe('crm requests match HubSpot’s documented CRM v3 calls', () => {
  const base = new URL(metadata.baseUrl);

  it('the base URL is HubSpot’s API host with the v3 CRM base path', () => {
    expect(base.origin).toBe(HOST);
    expect(base.pathname).toBe('/crm/v3');
  });

  const vendorActions = Object.values(metadata.actions).flatMap((byName) => Object.values(byName).filter((a) => !a.hostedOnly));

  it('every vendor call of the connector is documented, and every documented call is there (19 entity.actions with search)', () => {
    const declared = vendorActions.map((a) => `${a.entity}.${a.action}`).sort();
    const documented = Object.entries(DOCUMENTED)
      .flatMap(([entity, byName]) => Object.keys(byName).map((action) => `${entity}.${action}`))
      .sort();
    expect(declared).toEqual(documented);
    const hosted = Object.values(metadata.actions).flatMap((byName) => Object.values(byName).filter((a) => a.hostedOnly));
    expect(hosted.map((a) => `${a.entity}.${a.action}`).sort()).toEqual(['companies.search', 'contacts.search', 'deals.search']);
    expect(declared.length + hosted.length).toBe(19);
  });

  it.each(vendorActions.map((a) => [`${a.entity}.${a.action}`, a] as const))('%s', (_key, action) => {
    const doc = DOCUMENTED[action.entity]![action.action]!;
    expect(action.request!.method).toBe(doc.method);
    expect(`${base.pathname}${action.request!.path}`).toBe(doc.path);
    const wire = (where: string) =>
      Object.entries(action.params)
        .filter(([, rule]) => rule.in === where)
        .map(([name, rule]) => rule.as ?? name)
        .sort();
    expect(wire('query')).toEqual(doc.query ?? []);
    expect(wire('body')).toEqual(doc.body ?? []);
    expect(wire('path')).toEqual([...doc.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    expect(action.response!.records).toBe(doc.records);
    // Searches only read: safe to retry after a dropped connection, like the GETs.
    expect(action.idempotent).toBe(true);
  });
});
