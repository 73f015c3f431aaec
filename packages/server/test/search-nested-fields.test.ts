/**
 * Searchable fields declared at nested paths (`properties.email: string`, a CRM record's property
 * bag): typed like top-level fields (string sort and range keys, not "unknown"), indexed on their
 * path, filtered and sorted, and carried at their place in hits.
 *
 * @module-tag connector/messaging
 */
import { describe, expect, it } from 'vitest';
// Direct module imports: the package index also loads every connector package (the catalog).
import { searchIndexStatements } from '../src/search/indexes/search-indexes.js';
import { EntitySchema } from '../src/search/query/searchable-fields.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { useSearchedCopy } from './support/store-fixture.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

const contacts = new EntitySchema('contacts', {
  id: 'string',
  archived: 'boolean',
  'properties.email': 'string',
  'properties.lifecyclestage': 'string',
  'properties.num_employees': 'string',
});

const records = Array.from({ length: 40 }, (_, i) => ({
  id: String(1000 + i),
  data: {
    id: String(1000 + i),
    archived: i % 7 === 0,
    properties: {
      email: `person${String(39 - i).padStart(2, '0')}@example.com`,
      lifecyclestage: ['lead', 'customer', 'subscriber'][i % 3],
      firstname: `First${i}`,
      num_employees: i % 5 === 0 ? null : String(i * 10),
    },
  },
}));

describe('declared nested fields resolve with their declared type', () => {
  it('an exact declared path is typed; other paths below an undeclared parent are refused', () => {
    expect(contacts.resolve('properties.email')).toEqual({ name: 'properties.email', path: ['properties', 'email'], type: 'string' });
    expect(contacts.resolve('properties.firstname')).toBe('"properties" is not a searchable field of contacts');
    expect(contacts.resolve('id')).toMatchObject({ type: 'string' });
  });

  it('a declared parent object still allows its other paths, of unknown type', () => {
    const withParent = new EntitySchema('contacts', { properties: 'object', 'properties.email': 'string' });
    expect(withParent.resolve('properties.email')).toMatchObject({ type: 'string' });
    expect(withParent.resolve('properties.firstname')).toMatchObject({ type: 'unknown' });
  });

  it('unsafe segments in a declared path are refused when the schema is built', () => {
    expect(() => new EntitySchema('contacts', { "properties.e'mail": 'string' })).toThrow(TypeError);
  });

  it('index statements use the nested path and a plain identifier', () => {
    const statements = searchIndexStatements(contacts).filter((s) => s.includes('properties'));
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements)
      expect(statement).toMatch(/^CREATE INDEX IF NOT EXISTS sy_contacts_properties_[a-z_]+_[a-z0-9]+_[0-9a-f]{8} ON/);
    expect(statements.some((s) => s.includes("(data #>> '{properties,email}')"))).toBe(true);
  });
});

describe.each(engineCases)('search on nested declared fields on $name', (engineCase) => {
  const { skip } = engineCase;
  const scope = { tenantId: uniqueTenant('nested'), connectorId: 'crm-1', entity: 'contacts' };
  const copy = useSearchedCopy(engineCase, contacts, scope, records);

  it.skipIf(skip)('eq and in filter on the nested value; hits carry it at its place', async () => {
    const eq = await copy.search.search(
      scope,
      parseSearchParams({ query: { filter: { eq: { 'properties.email': 'person05@example.com' } } } }, contacts),
    );
    expect(eq.hits.map((h) => h.id)).toEqual(['1034']);
    expect(eq.hits[0]!.data).toEqual({
      id: '1034',
      archived: false,
      properties: { email: 'person05@example.com', lifecyclestage: 'customer', num_employees: '340' },
    });
    const customers = await copy.search.search(
      scope,
      parseSearchParams(
        {
          query: { filter: { in: { 'properties.lifecyclestage': ['customer'] } } },
        },
        contacts,
      ),
    );
    expect(customers.hits.map((h) => h.id)).toEqual(
      records.filter((r) => r.data.properties.lifecyclestage === 'customer').map((r) => r.id),
    );
  });

  it.skipIf(skip)('sorts by the nested string (it is declared, so it is sortable) and ranges compare strings', async () => {
    const sorted = await copy.search.search(
      scope,
      parseSearchParams({ query: { sort: [{ 'properties.email': 'asc' }] }, limit: 5 }, contacts),
    );
    expect(sorted.hits.map((h) => (h.data as { properties: { email: string } }).properties.email)).toEqual([
      'person00@example.com',
      'person01@example.com',
      'person02@example.com',
      'person03@example.com',
      'person04@example.com',
    ]);
    const range = await copy.search.search(
      scope,
      parseSearchParams({ query: { filter: { gte: { 'properties.email': 'person30' } } } }, contacts),
    );
    expect(range.hits.map((h) => h.id).sort()).toEqual(
      records
        .filter((r) => r.data.properties.email >= 'person30')
        .map((r) => r.id)
        .sort(),
    );
  });

  it.skipIf(skip)('like and fuzzy reach the nested string through its own text indexes', async () => {
    const like = await copy.search.search(
      scope,
      parseSearchParams({ query: { filter: { like: { 'properties.email': 'person1%' } } } }, contacts),
    );
    expect(like.hits.map((h) => h.id).sort()).toEqual(
      records
        .filter((r) => r.data.properties.email.startsWith('person1'))
        .map((r) => r.id)
        .sort(),
    );
    const fuzzy = await copy.search.search(
      scope,
      parseSearchParams(
        {
          query: { filter: { fuzzy: { 'properties.email': 'person07@exampel.com' } } },
          limit: 3,
        },
        contacts,
      ),
    );
    expect(fuzzy.hits[0]!.id).toBe('1032');
  });
});
