/**
 * `api_search`: HubSpot's search endpoint with the request in a JSON body (filterGroups, sorts,
 * query, properties, limit, after), `meta.total`, iteration that carries the cursor in the body,
 * and the search limits decided for this family (HubSpot's 5 groups of ≤ 10 filters, 25 filters in
 * all; the contract's query ≤ 3,000 characters; the fields BETWEEN, IN and NOT_IN need) enforced
 * before any request, in the runtime's ValidationError and in the published JSON Schema alike.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ValidationError, paramSchemas, type Filter } from '@switchyard/connector-crm';
import { apiRequests, connectorFor, live, useHubspotFake } from './helpers.js';

const filter = (n: number): Filter => ({ propertyName: `p${n}`, operator: 'EQ', value: 'x' });
const groupsOf = (...sizes: number[]) => sizes.map((size, g) => ({ filters: Array.from({ length: size }, (_, i) => filter(g * 10 + i)) }));

async function issuesOf(promise: PromiseLike<unknown>) {
  const error = await Promise.resolve(promise).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((i) => `${i.path} ${i.rule}`);
}

describe('crm api_search', () => {
  const start = useHubspotFake();

  it('sends the documented JSON body and returns results with total, next_cursor and next_link', async () => {
    const fake = await start();
    const params = {
      filterGroups: [
        { filters: [{ propertyName: 'lifecyclestage', operator: 'IN' as const, values: ['customer', 'lead'] }] },
        {
          filters: [
            { propertyName: 'email', operator: 'CONTAINS_TOKEN' as const, value: '*example.com' },
            { propertyName: 'phone', operator: 'HAS_PROPERTY' as const },
          ],
        },
      ],
      sorts: [{ propertyName: 'lastname', direction: 'DESCENDING' as const }],
      properties: ['email', 'lastname', 'lifecyclestage'],
      limit: 4,
    };
    const page = await connectorFor(fake).contacts.api_search(params);
    const request = apiRequests(fake)[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/crm/v3/objects/contacts/search');
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.body).toEqual(params);

    const expected = live(fake, 'contacts')
      .filter(
        (c) =>
          ['customer', 'lead'].includes(c.properties['lifecyclestage']!) ||
          (c.properties['email']!.endsWith('example.com') && c.properties['phone'] !== null),
      )
      .sort(
        (a, b) =>
          b.properties['lastname']!.toLowerCase().localeCompare(a.properties['lastname']!.toLowerCase()) || a.id.localeCompare(b.id),
      );
    expect(page.meta.total).toBe(expected.length);
    expect(page.data.map((c) => c.properties['lastname'])).toEqual(expected.slice(0, 4).map((c) => c.properties['lastname']));
    expect(page.meta).toMatchObject({ next_cursor: '4', next_link: '?after=4' });
  });

  it('iteration carries the cursor in the body: every match once, across pages', async () => {
    const fake = await start();
    const ids: string[] = [];
    const params = { filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'GTE' as const, value: '20000' }] }], limit: 5 };
    for await (const deal of connectorFor(fake).deals.api_search(params)) ids.push(deal.id);
    const expected = live(fake, 'deals').filter((d) => d.properties['amount'] !== null && Number(d.properties['amount']) >= 20000);
    expect(ids).toEqual(expected.map((d) => d.id).sort());
    const bodies = apiRequests(fake).map((r) => r.body as { after?: string });
    expect(bodies.map((b) => b.after)).toEqual([undefined, ...Array.from({ length: bodies.length - 1 }, (_, i) => String((i + 1) * 5))]);
    expect(bodies.every((b) => JSON.stringify((b as { filterGroups: unknown }).filterGroups) === JSON.stringify(params.filterGroups))).toBe(
      true,
    );
  });

  it('query text up to 3,000 characters is sent; one more is refused before any request', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    const hit = live(fake, 'companies')[3]!.properties['name']!;
    const found = await crm.companies.api_search({ query: hit });
    expect(found.data.map((c) => c.id)).toContain(live(fake, 'companies')[3]!.id);
    await crm.companies.api_search({ query: 'x'.repeat(3000) });
    expect(await issuesOf(crm.companies.api_search({ query: 'x'.repeat(3001) }))).toEqual(['query maxLength']);
    expect(apiRequests(fake)).toHaveLength(2);
  });

  // What HubSpot judges itself goes to HubSpot: a comparison without a value is its 400 (the fake's too).
  it('a filter HubSpot would refuse for a missing value is sent, and HubSpot’s 400 comes back', async () => {
    const fake = await start();
    const error = await connectorFor(fake)
      .contacts.api_search({ filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ' }] }] })
      .catch((e: unknown) => e);
    expect(apiRequests(fake)).toHaveLength(1);
    expect(error).toMatchObject({ name: 'ApiError', status: 400 });
  });

  // Recorded HubSpot answers: an empty filter group and an empty `after` are accepted and answered
  // with results (the first page of every record), so neither is refused here.
  it('a group with no filters and after: "" reach HubSpot and are answered with results', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    for (const params of [{ filterGroups: [{ filters: [] }] }, { after: '' }, { filterGroups: [{ filters: [] }], after: '', limit: 3 }]) {
      const page = await crm.contacts.api_search(params);
      expect(apiRequests(fake).at(-1)!.body).toEqual(params);
      expect(page.meta.total).toBe(live(fake, 'contacts').length);
      expect(page.data.length).toBeGreaterThan(0);
    }
    expect(apiRequests(fake)).toHaveLength(3);
    const validate = new Ajv({ strict: false }).compile(paramSchemas.contacts.api_search);
    expect(validate({ filterGroups: [{ filters: [] }], after: '' })).toBe(true);
  });

  it('the filter limits are enforced before I/O: 5 groups, 10 filters per group, 25 in all', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    expect(await issuesOf(crm.tickets.api_search({ filterGroups: groupsOf(1, 1, 1, 1, 1, 1) }))).toEqual(['filterGroups maxItems']);
    expect(await issuesOf(crm.tickets.api_search({ filterGroups: groupsOf(11) }))).toEqual(['filterGroups[0].filters maxItems']);
    expect(await issuesOf(crm.tickets.api_search({ filterGroups: groupsOf(10, 10, 5, 1) }))).toEqual(['filterGroups totalItems']);
    expect(apiRequests(fake)).toHaveLength(0);
    // At the limits, HubSpot (and its fake) accept the request.
    const atLimit = await crm.tickets.api_search({ filterGroups: groupsOf(10, 10, 5) });
    expect(atLimit.meta.total).toBe(0);
    expect(apiRequests(fake)).toHaveLength(1);
  });

  it('operator rules name the field path: BETWEEN needs highValue, IN needs values', async () => {
    const fake = await start();
    const crm = connectorFor(fake);
    const error = await crm.deals
      .api_search({
        filterGroups: [
          { filters: [{ propertyName: 'amount', operator: 'BETWEEN', value: '100' }] },
          {
            filters: [
              { propertyName: 'dealstage', operator: 'EQ', value: 'closedwon' },
              { propertyName: 'pipeline', operator: 'IN', value: 'default' },
            ],
          },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: 'filterGroups[0].filters[0].highValue', rule: 'required-when', message: 'is required when operator is "BETWEEN"' },
      { path: 'filterGroups[1].filters[1].values', rule: 'required-when', message: 'is required when operator is "IN"' },
    ]);
    expect(String((error as Error).message)).toContain('filterGroups[0].filters[0].highValue');
    expect(apiRequests(fake)).toHaveLength(0);
    const ok = await crm.deals.api_search({
      filterGroups: [{ filters: [{ propertyName: 'amount', operator: 'BETWEEN', value: '10000', highValue: '30000' }] }],
      limit: 200,
    });
    const amount = (d: { properties: Record<string, string | null> }) => Number(d.properties['amount']);
    expect(ok.data.every((d) => amount(d) >= 10000 && amount(d) <= 30000)).toBe(true);
    expect(ok.data.length).toBe(
      live(fake, 'deals').filter((d) => d.properties['amount'] !== null && amount(d) >= 10000 && amount(d) <= 30000).length,
    );
  });

  it('the published JSON Schema says the same: if/then for the operators, maxItems for groups and filters', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(paramSchemas.contacts.api_search);
    const ok = { filterGroups: [{ filters: [{ propertyName: 'a', operator: 'BETWEEN', value: '1', highValue: '2' }] }] };
    expect(validate(ok)).toBe(true);
    expect(validate({ filterGroups: [{ filters: [{ propertyName: 'a', operator: 'BETWEEN', value: '1' }] }] })).toBe(false);
    expect(validate({ filterGroups: [{ filters: [{ propertyName: 'a', operator: 'IN' }] }] })).toBe(false);
    expect(validate({ filterGroups: [{ filters: [{ propertyName: 'a', operator: 'HAS_PROPERTY' }] }] })).toBe(true);
    expect(validate({ filterGroups: groupsOf(1, 1, 1, 1, 1, 1) })).toBe(false);
    expect(validate({ query: 'x'.repeat(3001) })).toBe(false);
    // The total across groups cannot be said in JSON Schema: the description carries it.
    expect(JSON.stringify(paramSchemas.contacts.api_search.properties.filterGroups)).toContain('At most 25 filters across all items.');
  });
});
