/**
 * The customer-messaging connector on the Intercom fake: the exact request behind every action
 * (path, query, Bearer token, pinned Intercom-Version), the records and meta each returns, the
 * region choosing the API host, and the three paginations (cursor, page number, single page).
 */
import { describe, expect, it } from 'vitest';
import { CustomerMessagingConnector, ValidationError, type Contact, type Conversation } from '@switchyard/connector-customer-messaging';
import { json, loose, makeConnector, rejection, TOKEN, useIntercomFake, wire } from './helpers.js';

const BEARER = `Bearer ${TOKEN}`;

describe('customer-messaging on the Intercom fake', () => {
  const ctx = useIntercomFake({ contacts: 35 });

  it('contacts.list: per_page and starting_after on the wire, records at data, next_page from pages.next.starting_after', async () => {
    const c = makeConnector(ctx.fake);
    const first = await c.contacts.list({ per_page: 10 });
    expect(first.data.map((r: Contact) => r.id)).toEqual(ctx.fake.data.contacts.slice(0, 10).map((r) => r['id']));
    expect(typeof first.meta.next_page).toBe('string');
    const second = await c.contacts.list({ per_page: 10, starting_after: first.meta.next_page! });
    expect(second.data[0]!.id).toBe(ctx.fake.data.contacts[10]!['id']);
    expect(ctx.fake.requests.map(wire)).toEqual([
      { method: 'GET', path: '/contacts', query: { per_page: '10' }, authorization: BEARER, version: '2.11' },
      {
        method: 'GET',
        path: '/contacts',
        query: { per_page: '10', starting_after: first.meta.next_page },
        authorization: BEARER,
        version: '2.11',
      },
    ]);
    // A record is Intercom's JSON, whole (unknown keys kept).
    expect(json(first.data[0])).toEqual(ctx.fake.data.contacts[0]);
  });

  it('contacts.list without per_page sends Intercom’s default of 50, and the last page has next_page null', async () => {
    const page = await makeConnector(ctx.fake).contacts.list();
    expect(ctx.fake.requests[0]!.query).toEqual({ per_page: '50' });
    expect(page.data).toHaveLength(35);
    expect(page.meta).toEqual({ next_page: null });
    expect(page.hasNextPage()).toBe(false);
  });

  it('conversations.list iterates every conversation across pages; records at conversations', async () => {
    const ids: string[] = [];
    for await (const conversation of makeConnector(ctx.fake).conversations.list({ per_page: 7 })) ids.push(conversation.id);
    expect(ids).toEqual(ctx.fake.data.conversations.map((r) => r['id']));
    const cursors = ctx.fake.requests.map((r) => r.query['starting_after']);
    expect(cursors[0]).toBeUndefined();
    expect(new Set(cursors.slice(1)).size).toBe(ctx.fake.requests.length - 1);
    expect(ctx.fake.requests).toHaveLength(Math.ceil(ctx.fake.data.conversations.length / 7));
  });

  it('conversations: team_assignee_id arrives as Intercom’s integer; get adds conversation_parts', async () => {
    const c = makeConnector(ctx.fake);
    const assigned = ctx.fake.data.conversations.find((r) => r['team_assignee_id'] !== null)!;
    const { data } = await c.conversations.get({ id: assigned['id'] as string });
    const conversation: Conversation = data;
    expect(typeof conversation.team_assignee_id).toBe('number');
    expect(conversation.conversation_parts).toMatchObject({ type: 'conversation_part.list' });
    expect(ctx.fake.requests.at(-1)!.path).toBe(`/conversations/${String(assigned['id'])}`);
  });

  it('companies.list pages by number: starting_after travels as page, meta.next_page is the next page as a string', async () => {
    const c = makeConnector(ctx.fake);
    const listed = ctx.fake.data.companies.filter((r) => (r['user_count'] as number) > 0);
    const first = await c.companies.list({ per_page: 3 });
    expect(first.meta).toEqual({ next_page: '2' });
    const second = await c.companies.list({ per_page: 3, starting_after: '2' });
    expect(second.data.map((r) => r.id)).toEqual(listed.slice(3, 6).map((r) => r['id']));
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([{ per_page: '3' }, { per_page: '3', page: '2' }]);
    const all: string[] = [];
    for await (const company of c.companies.list({ per_page: 3 })) all.push(company.id);
    // Companies without contacts are not listed by Intercom, so not all seeded companies appear.
    expect(all).toEqual(listed.map((r) => r['id']));
    expect(all.length).toBeLessThan(ctx.fake.data.companies.length);
  });

  it('companies.list refuses a starting_after that is not a page cursor, before any request', async () => {
    const error = await rejection(makeConnector(ctx.fake).companies.list({ starting_after: ctx.fake.data.companies[0]!['id'] as string }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: 'starting_after', rule: 'pattern' })]);
    expect((error as Error).message).toContain('a page cursor from meta.next_page');
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it.each([
    ['teams', 'teams', 'team.list'],
    ['admins', 'admins', 'admin.list'],
    ['tags', 'data', 'list'],
    ['segments', 'segments', 'segment.list'],
  ] as const)('%s.list returns the whole list in one response, meta.next_page null', async (entity, _at, _type) => {
    const result = await loose(makeConnector(ctx.fake)).execute(entity, 'list', {});
    expect(json(result.data)).toEqual(ctx.fake.data[entity]);
    expect(result.meta).toEqual({ next_page: null });
    expect(ctx.fake.requests.map(wire)).toEqual([{ method: 'GET', path: `/${entity}`, query: {}, authorization: BEARER, version: '2.11' }]);
  });

  it('segments.list include_count adds each segment’s count', async () => {
    const { data } = await makeConnector(ctx.fake).segments.list({ include_count: true });
    expect(ctx.fake.requests[0]!.query).toEqual({ include_count: 'true' });
    expect(data.map((s) => s.count)).toEqual(ctx.fake.data.segments.map((s) => ctx.fake.data.segmentCounts.get(s['id'] as string)));
    expect(data.every((s) => typeof s.count === 'number')).toBe(true);
  });

  it.each([
    ['contacts', 'contacts'],
    ['companies', 'companies'],
    ['teams', 'teams'],
    ['admins', 'admins'],
    ['tags', 'tags'],
    ['segments', 'segments'],
  ] as const)('%s.get: GET /%s/{id}, the record whole', async (entity, collection) => {
    const row = ctx.fake.data[collection][1]!;
    const { data, meta } = await loose(makeConnector(ctx.fake)).execute(entity, 'get', { id: row['id'] });
    expect(json(data)).toEqual(row);
    expect(meta).toEqual({});
    expect(ctx.fake.requests.map(wire)).toEqual([
      { method: 'GET', path: `/${collection}/${String(row['id'])}`, query: {}, authorization: BEARER, version: '2.11' },
    ]);
  });

  it('search is hosted only', async () => {
    const error = await rejection(makeConnector(ctx.fake).contacts.search({ query: { filter: { eq: { role: 'lead' } } } }));
    expect((error as Error).name).toBe('HostedOnlyError');
    expect(ctx.fake.requests).toHaveLength(0);
  });
});

describe('region chooses the Intercom host', () => {
  /** A connector without a baseUrl override whose fetch records the URL and answers an empty team list. */
  const hostOf = async (config?: { region?: 'US' | 'EU' | 'AU' }): Promise<{ url: string; version: string | null }> => {
    let seen: { url: string; version: string | null } | undefined;
    const c = new CustomerMessagingConnector({
      auth: { access_token: TOKEN },
      ...(config ? { config } : {}),
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        seen = { url: String(input), version: new Headers(init?.headers).get('intercom-version') };
        return new Response(JSON.stringify({ type: 'team.list', teams: [] }), { headers: { 'content-type': 'application/json' } });
      },
    });
    await c.teams.list();
    return seen!;
  };

  it.each([
    [undefined, 'https://api.intercom.io/teams'],
    [{ region: 'US' } as const, 'https://api.intercom.io/teams'],
    [{ region: 'EU' } as const, 'https://api.eu.intercom.io/teams'],
    [{ region: 'AU' } as const, 'https://api.au.intercom.io/teams'],
  ])('config %j → %s, with Intercom-Version 2.11', async (config, url) => {
    expect(await hostOf(config)).toEqual({ url, version: '2.11' });
  });

  it('an unknown region is a ValidationError naming region and the allowed values, at construction', () => {
    let error: unknown;
    try {
      new CustomerMessagingConnector({ auth: { access_token: TOKEN }, config: { region: 'eu' as 'EU' } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: 'region', rule: 'enum' })]);
    expect((error as Error).message).toContain('"US", "EU", "AU"');
  });
});
