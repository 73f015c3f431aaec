/**
 * What is specific to Zendesk: the subdomain config, both credential kinds on the wire, cursor
 * paging (never offset), the ticket envelope, api_search on the export endpoint, Zendesk's error
 * bodies (422 details, 403 object errors, 409 on a stale safe update) and the start_time filter
 * the incremental sync uses.
 */
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  PermissionDeniedError,
  RateLimitError,
  SupportDeskConnector,
  ValidationError,
  ApiError,
} from '@switchyard/connector-support-desk';
import { ACCESS_TOKEN, API_TOKEN, EMAIL, basic, capturingLogger, makeConnector, rejection, useZendeskFake } from './helpers.js';

const ctx = useZendeskFake({ tickets: 45 });

describe('config and credentials', () => {
  it('builds https://{subdomain}.zendesk.com/api/v2 from config.subdomain', async () => {
    const urls: string[] = [];
    const c = new SupportDeskConnector({
      auth: { email: EMAIL, api_token: API_TOKEN },
      config: { subdomain: 'acme-eu' },
      maxRetries: 0,
      fetch: async (input: RequestInfo | URL) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return new Response(JSON.stringify({ ticket: { id: 7 } }), { headers: { 'content-type': 'application/json' } });
      },
    } as never);
    await c.tickets.get({ ticket_id: 7 });
    expect(urls).toEqual(['https://acme-eu.zendesk.com/api/v2/tickets/7']);
  });

  it.each([
    ['missing', undefined, 'required'],
    ['empty', { subdomain: '' }, 'pattern'],
    ['a full host name', { subdomain: 'acme.zendesk.com' }, 'pattern'],
    ['a host-changing', { subdomain: 'evil.example/x' }, 'pattern'],
  ])('a %s subdomain is a ValidationError naming config.subdomain, before any request', (_what, config, rule) => {
    let error: unknown;
    try {
      new SupportDeskConnector({ auth: { email: EMAIL, api_token: API_TOKEN }, ...(config ? { config } : {}) } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toContainEqual(['subdomain', rule]);
    expect((error as Error).message).toContain('subdomain');
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('Token sends Basic {email}/token:{api_token}; OAuth sends Bearer; refresh_token is never sent or logged', async () => {
    await makeConnector(ctx.fake).users.get({ user_id: ctx.fake.data.users[0]!['id'] as number });
    const { logger, lines } = capturingLogger();
    const oauth = makeConnector(ctx.fake, {
      auth: { access_token: ACCESS_TOKEN, refresh_token: 'zd_refresh_SECRETSECRET' },
      logger,
    } as never);
    await oauth.users.get({ user_id: ctx.fake.data.users[0]!['id'] as number });
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([basic, `Bearer ${ACCESS_TOKEN}`]);
    expect(JSON.stringify(ctx.fake.requests)).not.toContain('zd_refresh_SECRETSECRET');
    expect(lines.join('\n')).not.toContain(ACCESS_TOKEN);
  });

  it("a refused token is an AuthenticationError with Zendesk's message, not retried", async () => {
    const c = makeConnector(ctx.fake, { auth: { email: EMAIL, api_token: 'wrong' } } as never);
    const error = await rejection(c.tickets.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain("Couldn't authenticate you");
    expect(ctx.fake.requests).toHaveLength(1);
  });
});

describe('reads and cursor paging', () => {
  it('tickets.get returns the ticket as Zendesk sends it, nulls included', async () => {
    const ticket = ctx.fake.data.tickets.find((t) => (t['custom_fields'] as { value: unknown }[]).some((f) => f.value === null))!;
    const { data } = await makeConnector(ctx.fake).tickets.get({ ticket_id: ticket['id'] as number });
    expect(data).toEqual(JSON.parse(JSON.stringify(ticket)));
    expect(data.custom_fields!.some((f) => f.value === null)).toBe(true);
  });

  it('iterates every ticket with page[size] and page[after], never offset parameters', async () => {
    const ids: number[] = [];
    for await (const t of makeConnector(ctx.fake).tickets.list({ page_size: 20 })) ids.push(t.id);
    expect(ids).toEqual(ctx.fake.data.tickets.map((t) => t['id']));
    expect(ctx.fake.requests).toHaveLength(3);
    for (const r of ctx.fake.requests) {
      expect(r.query['page[size]']).toBe('20');
      expect(r.query['page']).toBeUndefined();
      expect(r.query['per_page']).toBeUndefined();
    }
  });

  it('the last page ends on meta.has_more = false although Zendesk still sends an after_cursor', async () => {
    const page = await makeConnector(ctx.fake).tickets.list({ page_size: 100 });
    expect(page.meta).toEqual({ after_cursor: null, has_more: false });
    expect(page.hasNextPage()).toBe(false);
    const raw = await fetch(`${ctx.fake.url}/api/v2/tickets?page[size]=100`, { headers: { authorization: basic } });
    expect(((await raw.json()) as { meta: { after_cursor: unknown } }).meta.after_cursor).toEqual(expect.any(String));
  });

  it('start_time (the incremental sync filter) returns only tickets changed since then', async () => {
    const sorted = ctx.fake.data.tickets.map((t) => t['generated_timestamp'] as number).sort((a, b) => a - b);
    const since = sorted[30]!;
    const { data } = await makeConnector(ctx.fake).tickets.list({ start_time: since });
    expect(data.length).toBe(sorted.filter((s) => s >= since).length);
    expect(data.every((t) => t.generated_timestamp! >= since)).toBe(true);
    expect(ctx.fake.requests[0]!.query['start_time']).toBe(String(since));
  });
});

describe('tickets.create and tickets.update', () => {
  it('create sends {"ticket": {…}} with the comment and returns the ticket and its audit', async () => {
    const requester = ctx.fake.data.users.find((u) => u['role'] === 'end-user')!;
    const { data, meta } = await makeConnector(ctx.fake).tickets.create({
      subject: 'Printer on fire',
      comment: { body: 'Smoke from tray 2.', public: true },
      requester_id: requester['id'] as number,
      priority: 'urgent',
      tags: ['hardware'],
      custom_fields: [{ id: 360_005_001, value: 'web' }],
    });
    expect(ctx.fake.requests[0]!.body).toEqual({
      ticket: {
        subject: 'Printer on fire',
        comment: { body: 'Smoke from tray 2.', public: true },
        requester_id: requester['id'],
        priority: 'urgent',
        tags: ['hardware'],
        custom_fields: [{ id: 360_005_001, value: 'web' }],
      },
    });
    expect(data).toMatchObject({
      subject: 'Printer on fire',
      priority: 'urgent',
      status: 'new',
      requester_id: requester['id'],
      description: 'Smoke from tray 2.',
    });
    expect((meta.audit as { events: { type: string }[] }).events[0]!.type).toBe('Comment');
  });

  it("a comment without body is Zendesk's 422 RecordInvalid, with its details on the error", async () => {
    const error = await rejection(makeConnector(ctx.fake).tickets.create({ subject: 'x', comment: { public: true } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('RecordInvalid');
    expect(error.message).toContain('Record validation errors');
    expect(error.body.details.base[0].description).toBe('Description: cannot be blank');
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('update with a comment adds an internal note; null unassigns', async () => {
    const ticket = ctx.fake.data.tickets.find((t) => t['status'] === 'open' && t['assignee_id'] !== null)!;
    const before = ctx.fake.data.comments.get(ticket['id'] as number)!.length;
    const { data } = await makeConnector(ctx.fake).tickets.update({
      ticket_id: ticket['id'] as number,
      assignee_id: null,
      comment: { body: 'Escalating to tier 2.', public: false },
    });
    expect(ctx.fake.requests[0]!.body).toEqual({
      ticket: { assignee_id: null, comment: { body: 'Escalating to tier 2.', public: false } },
    });
    expect(data.assignee_id).toBeNull();
    const comments = ctx.fake.data.comments.get(ticket['id'] as number)!;
    expect(comments).toHaveLength(before + 1);
    expect(comments.at(-1)).toMatchObject({ body: 'Escalating to tier 2.', public: false });
  });

  it('safe_update with a stale updated_stamp is a ConflictError (409), sent once and not applied', async () => {
    const ticket = ctx.fake.data.tickets.find((t) => t['status'] === 'pending')!;
    const error = await rejection(
      makeConnector(ctx.fake).tickets.update({
        ticket_id: ticket['id'] as number,
        status: 'solved',
        safe_update: true,
        updated_stamp: '2020-01-01T00:00:00Z',
      }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('UpdateConflict');
    expect(ctx.fake.requests).toHaveLength(1);
    expect(ticket['status']).toBe('pending');
    // With the stamp as read, the same update goes through.
    const { data } = await makeConnector(ctx.fake).tickets.update({
      ticket_id: ticket['id'] as number,
      status: 'solved',
      safe_update: true,
      updated_stamp: ticket['updated_at'] as string,
    });
    expect(data.status).toBe('solved');
  });

  it('bad enum values are refused before any request', async () => {
    const error = await rejection(makeConnector(ctx.fake).tickets.update({ ticket_id: 1, status: 'archived' as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toContainEqual(expect.objectContaining({ path: 'status', rule: 'enum' }));
    expect(ctx.fake.requests).toHaveLength(0);
  });
});

describe('tickets.api_search', () => {
  it('queries GET /search/export with filter[type]=ticket and cursor paging, results newest first', async () => {
    const page = await makeConnector(ctx.fake).tickets.api_search({ query: 'status:pending', page_size: 3 });
    const r = ctx.fake.requests[0]!;
    expect(r.path).toBe('/api/v2/search/export');
    expect(r.query).toEqual({ query: 'status:pending', 'filter[type]': 'ticket', 'page[size]': '3' });
    const all: number[] = [];
    for await (const t of makeConnector(ctx.fake).tickets.api_search({ query: 'status:pending', page_size: 3 })) all.push(t.id);
    const expected = ctx.fake.data.tickets
      .filter((t) => t['status'] === 'pending')
      .sort((a, b) => Date.parse(b['created_at'] as string) - Date.parse(a['created_at'] as string))
      .map((t) => t['id']);
    expect(all).toEqual(expected);
    expect(page.data.map((t) => t.id)).toEqual(expected.slice(0, 3));
  });

  // Zendesk's reference writes ticket searches as `type:ticket status:open`; the export endpoint
  // refuses any type in the query (support-oas.yaml, ExportSearchResults). See the spec's note.
  it.each(['type:ticket status:open', 'status:open type:ticket', 'type:ticket  status:open type:ticket'])(
    '%j works: the redundant type:ticket term is left out on the wire',
    async (query) => {
      const { data } = await makeConnector(ctx.fake).tickets.api_search({ query });
      expect(ctx.fake.requests).toHaveLength(1);
      expect(ctx.fake.requests[0]!.query).toEqual({ query: 'status:open', 'filter[type]': 'ticket', 'page[size]': '100' });
      const open = ctx.fake.data.tickets.filter((t) => t['status'] === 'open').map((t) => t['id']);
      expect(open.length).toBeGreaterThan(0);
      expect(data.map((t) => t.id).sort()).toEqual(open.sort());
    },
  );

  it.each([
    ['type:user status:open', 'another type'],
    ['status:open type:organization', 'another type, after a term'],
    ['-type:ticket status:open', 'a negated type'],
    ['type:tickets', 'a type that is not exactly ticket'],
    ['type:ticket', 'nothing besides type:ticket'],
    ['', 'an empty query'],
  ])('%j (%s) is refused before any request, naming query', async (query) => {
    const error = await rejection(makeConnector(ctx.fake).tickets.api_search({ query }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([expect.objectContaining({ path: 'query', rule: 'pattern' })]);
    expect(error.message).toContain('no other type: term');
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('a type: inside another term is not a type term and is sent as written', async () => {
    await makeConnector(ctx.fake).tickets.api_search({ query: 'subject:"type:user" status:open' });
    expect(ctx.fake.requests[0]!.query['query']).toBe('subject:"type:user" status:open');
  });

  it("the fake answers a type in the query as Zendesk's export endpoint does: a 400 naming filter[type]", async () => {
    const response = await fetch(
      `${ctx.fake.url}/api/v2/search/export?query=type%3Aticket+status%3Aopen&filter%5Btype%5D=ticket&page%5Bsize%5D=10`,
      {
        headers: { authorization: basic },
      },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('filter[type]');
  });
});

describe('Zendesk error bodies and throttling', () => {
  it('a 403 with an object error {title, message} gives its message and no code', async () => {
    ctx.fake.failNext('/api/v2/macros', {
      kind: 'status',
      status: 403,
      body: { error: { title: 'Forbidden', message: 'You do not have access to this page.' } },
    });
    const error = await rejection(makeConnector(ctx.fake).macros.list());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.message).toContain('You do not have access to this page.');
    expect(error.code).toBeUndefined();
  });

  it('a 429 waits for Retry-After and retries; without it the ratelimit-reset header is read', async () => {
    ctx.fake.failNext('/api/v2/users', { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const { data } = await makeConnector(ctx.fake).users.list({ page_size: 5 });
    expect(data).toHaveLength(5);
    expect(ctx.fake.requests).toHaveLength(2);
    ctx.fake.failNext('/api/v2/users', { kind: 'status', status: 429, headers: { 'ratelimit-reset': '7' } }, 2);
    const error = await rejection(makeConnector(ctx.fake, { maxRetries: 0 }).users.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe('APIRateLimitExceeded');
    expect(error.retryAfterMs).toBe(7_000);
  });

  it('a missing record is a NotFoundError with code RecordNotFound', async () => {
    const error = await rejection(makeConnector(ctx.fake).tickets.get({ ticket_id: 999_999_999 }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('RecordNotFound');
    expect(error.message).toContain('Not found');
  });
});
