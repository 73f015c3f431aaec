import { describe, expect, it } from 'vitest';
import { MalformedResponseError, NoNextPageError, Page, PagePromise, ServerError, SwitchyardError } from '@switchyard/runtime';
import { delay, one, rejection, routes, useServers, widgetsClient, type FakeServer } from './helpers.js';

type Widget = { id: string; ownerId?: unknown; labelIds?: unknown };
const WIDGETS = Array.from({ length: 7 }, (_, i) => ({
  id: `w${i + 1}`,
  owner: { id: `u${i + 1}` },
  labels: { nodes: [{ id: `l${i + 1}a` }, { id: `l${i + 1}b` }] },
}));

/** Cursor pages over WIDGETS: cursor `c<offset>`, '' on the last page. */
function widgetsVendor(options: { hasMoreFalseAt?: number } = {}) {
  return routes({
    'GET /widgets': (req) => {
      const limit = Number(one(req.query['limit']) ?? 2);
      const offset = Number((one(req.query['cursor']) ?? 'c0').slice(1));
      const slice = WIDGETS.slice(offset, offset + limit);
      const end = offset + limit >= WIDGETS.length;
      const page = offset / limit + 1;
      return {
        headers: { 'x-ratelimit-remaining': String(100 - page) },
        body: {
          ok: true,
          widgets: slice,
          meta: {
            next_cursor: end ? '' : `c${offset + limit}`,
            has_more: options.hasMoreFalseAt === page ? false : !end,
            total: WIDGETS.length,
          },
        },
      };
    },
  });
}

const cursors = (server: FakeServer) => server.requests.map((r) => r.query['cursor']);

describe('PagePromise and Page (cursor style)', () => {
  const serve = useServers();

  it('is lazy and fetches the first page once even if awaited twice', async () => {
    const server = await serve(widgetsVendor());
    const client = widgetsClient(server);
    const pages = client.requestPage<Widget, Record<string, unknown>>('widgets', 'list', {});
    expect(pages).toBeInstanceOf(PagePromise);
    await delay(30);
    expect(server.requests).toHaveLength(0);
    const first = await pages;
    const again = await pages;
    expect(again).toBe(first);
    expect(first).toBeInstanceOf(Page);
    expect(server.requests).toHaveLength(1);
    // Iterating afterwards reuses that first page.
    const ids: string[] = [];
    for await (const w of pages) ids.push(w.id);
    expect(ids).toEqual(WIDGETS.map((w) => w.id));
    expect(server.requests).toHaveLength(4);
    expect(cursors(server)).toEqual([undefined, 'c2', 'c4', 'c6']);
  });

  it('iteration alone starts the first request', async () => {
    const server = await serve(widgetsVendor());
    const pages = widgetsClient(server).requestPage<Widget, unknown>('widgets', 'list', { limit: 3 });
    await delay(20);
    expect(server.requests).toHaveLength(0);
    const ids: string[] = [];
    for await (const w of pages) ids.push(w.id);
    expect(ids).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
    expect(server.requests.map((r) => r.query)).toEqual([{ limit: '3' }, { limit: '3', cursor: 'c3' }, { limit: '3', cursor: 'c6' }]);
  });

  it('for await over 4 pages yields every record once, in order, with exactly 4 requests', async () => {
    const server = await serve(widgetsVendor());
    const ids: string[] = [];
    for await (const w of widgetsClient(server).requestPage<Widget, unknown>('widgets', 'list', {})) ids.push(w.id);
    expect(ids).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
    expect(server.requests).toHaveLength(4);
    expect(server.requests.every((r) => r.query['limit'] === '2')).toBe(true);
  });

  it('break after the first record of page 2 → exactly 2 requests', async () => {
    const server = await serve(widgetsVendor());
    const seen: string[] = [];
    for await (const w of widgetsClient(server).requestPage<Widget, unknown>('widgets', 'list', {})) {
      seen.push(w.id);
      if (w.id === 'w3') break;
    }
    await delay(20);
    expect(seen).toEqual(['w1', 'w2', 'w3']);
    expect(server.requests).toHaveLength(2);
  });

  it('per-call options (headers) apply to every page', async () => {
    const server = await serve(widgetsVendor());
    const pages = widgetsClient(server).requestPage<Widget, unknown>('widgets', 'list', {}, { headers: { 'x-trace': 't-1' } });
    for await (const _ of pages);
    expect(server.requests.map((r) => r.headers['x-trace'])).toEqual(['t-1', 't-1', 't-1', 't-1']);
  });

  it('hasNextPage, nextCursor, getNextPage, iterPages and toJSON', async () => {
    const server = await serve(widgetsVendor());
    const first = await widgetsClient(server).requestPage<Widget, Record<string, unknown>>('widgets', 'list', {});
    expect(first.hasNextPage()).toBe(true);
    expect(first.nextCursor()).toBe('c2');
    const second = await first.getNextPage();
    expect(second.data.map((w) => w.id)).toEqual(['w3', 'w4']);
    expect(first.data.map((w) => w.id)).toEqual(['w1', 'w2']); // pages are independent
    const sizes: number[] = [];
    let last: Page<Widget, Record<string, unknown>> = second;
    for await (const page of second.iterPages()) {
      sizes.push(page.data.length);
      last = page;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(last.hasNextPage()).toBe(false);
    expect(last.nextCursor()).toBeNull();
    expect(last.meta['next_cursor']).toBeNull(); // the vendor's empty cursor is the end
    const noNext = await rejection(last.getNextPage());
    expect(noNext).toBeInstanceOf(NoNextPageError);
    expect(noNext).toBeInstanceOf(SwitchyardError);
    expect(noNext.message).toBe('No next page: widgets widgets.list is on its last page; check hasNextPage() first');
    expect(JSON.parse(JSON.stringify(last))).toEqual({ data: [expect.objectContaining({ id: 'w7' })], meta: last.meta });
    expect(server.requests).toHaveLength(4);
  });

  it('has_more: false ends the listing even when a cursor is present', async () => {
    const server = await serve(widgetsVendor({ hasMoreFalseAt: 2 }));
    const ids: string[] = [];
    for await (const w of widgetsClient(server).requestPage<Widget, unknown>('widgets', 'list', {})) ids.push(w.id);
    expect(ids).toEqual(['w1', 'w2', 'w3', 'w4']);
    expect(server.requests).toHaveLength(2);
  });

  it('meta members come from $next, body paths and $header:', async () => {
    const server = await serve(widgetsVendor());
    const client = widgetsClient(server);
    const result = await client.execute('widgets', 'list', {});
    expect(result.meta).toEqual({ next_cursor: 'c2', total: 7, rate_remaining: '99' });
    const last = await client.execute('widgets', 'list', { cursor: 'c6' });
    expect(last.meta).toEqual({ next_cursor: null, total: 7, rate_remaining: '96' });
  });

  it('a failing page rejects the iteration with the error', async () => {
    const server = await serve(widgetsVendor());
    server.failNext('/widgets', { kind: 'status', status: 500 }, 1);
    const ids: string[] = [];
    const pages = widgetsClient(server, undefined, { maxRetries: 0 }).requestPage<Widget, unknown>('widgets', 'list', {});
    const error = await rejection(
      (async () => {
        for await (const w of pages) ids.push(w.id);
      })(),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(ids).toEqual([]);
    await expect(pages).rejects.toBeInstanceOf(ServerError); // the failed first page is not refetched
    expect(server.requests).toHaveLength(1);
  });
});

describe('derive', () => {
  const serve = useServers();

  it('adds fields from paths (with [] mapping, each value once) without overriding what the vendor sent', async () => {
    const server = await serve(
      routes({
        'GET /widgets': () => ({
          body: {
            widgets: [
              { id: 'a', owner: { id: 'u1' }, labels: { nodes: [{ id: 'l1' }, { id: 'l2' }, { id: 'l1' }] } },
              { id: 'b', ownerId: 'kept', labelIds: ['mine'], owner: { id: 'u2' }, labels: { nodes: [] } },
              { id: 'c', owner: null },
            ],
            meta: { next_cursor: '' },
          },
        }),
      }),
    );
    const { data } = await widgetsClient(server).execute('widgets', 'list', {});
    expect(data).toEqual([
      {
        id: 'a',
        owner: { id: 'u1' },
        labels: { nodes: [{ id: 'l1' }, { id: 'l2' }, { id: 'l1' }] },
        ownerId: 'u1',
        labelIds: ['l1', 'l2'],
      },
      { id: 'b', ownerId: 'kept', labelIds: ['mine'], owner: { id: 'u2' }, labels: { nodes: [] } },
      { id: 'c', owner: null, ownerId: null, labelIds: null },
    ]);
  });

  it('a list answer without a list of records (nothing there, null, an object) is a MalformedResponseError, never an empty list', async () => {
    for (const widgets of [undefined, null, { id: 'a' }, 'a']) {
      const server = await serve(routes({ 'GET /widgets': () => ({ body: { widgets, meta: {} } }) }));
      const error = await rejection(widgetsClient(server).requestPage('widgets', 'list', {}));
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(server.requests.length).toBeGreaterThan(1); // a read: retried like an answer that is not JSON
      expect(error.message).toMatch(/^widgets widgets\.list: the vendor's answer \(HTTP 200\) has no list of records at "widgets" \(got /);
    }
  });
});

describe('other pagination styles', () => {
  const serve = useServers();

  it('cursor from a URL (fromUrlParam)', async () => {
    const server = await serve(
      routes({
        'GET /events': (req) => {
          const after = one(req.query['after']);
          if (!after) return { body: { events: [{ id: 1 }], links: { next: '/events?after=e2&limit=1' } } };
          if (after === 'e2') return { body: { events: [{ id: 2 }], links: { next: `${server.url}/events?limit=1&after=e3` } } };
          return { body: { events: [{ id: 3 }], links: { next: null } } };
        },
      }),
    );
    const ids: number[] = [];
    for await (const e of widgetsClient(server).requestPage<{ id: number }, unknown>('events', 'list', {})) ids.push(e.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(server.requests.map((r) => r.query)).toEqual([{}, { after: 'e2' }, { after: 'e3' }]);
  });

  it('relay: pageInfo.endCursor until hasNextPage is false', async () => {
    const server = await serve(
      routes({
        'POST /graphql': (req) => {
          const { variables } = req.body as { variables: { first: number; after?: string } };
          const at = variables.after ? Number(variables.after.slice(3)) : 0;
          const nodes = [{ id: `p${at + 1}` }, { id: `p${at + 2}` }];
          // The last page still carries an endCursor: hasNextPage decides.
          return { body: { data: { projects: { nodes, pageInfo: { hasNextPage: at < 4, endCursor: `cur${at + 2}` } } } } };
        },
      }),
    );
    const ids: string[] = [];
    for await (const p of widgetsClient(server).requestPage<{ id: string }, unknown>('projects', 'list', {})) ids.push(p.id);
    expect(ids).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(server.requests.map((r) => (r.body as { variables: unknown }).variables)).toEqual([
      { first: 2 },
      { first: 2, after: 'cur2' },
      { first: 2, after: 'cur4' },
    ]);
  });

  it('link header: rel="next" with an integer page cursor; other params are kept', async () => {
    const server = await serve(
      routes({
        'GET /invoices': (req) => {
          const page = Number(one(req.query['page']) ?? 1);
          const links = [`<${server.url}/invoices?page=1&per_page=2>; rel="first"`];
          if (page < 3) links.push(`<${server.url}/invoices?page=${page + 1}&per_page=2>; rel="next"`);
          links.push(`<${server.url}/invoices?page=3&per_page=2>; rel="last"`);
          return { headers: { link: links.join(', ') }, body: { invoices: [{ n: page }] } };
        },
      }),
    );
    const client = widgetsClient(server);
    const first = await client.requestPage<{ n: number }, Record<string, unknown>>('invoices', 'list', { per_page: 2 });
    expect(first.meta).toEqual({ next_page: 2 });
    const second = await first.getNextPage();
    expect(second.meta['next_page']).toBe(3); // parsed from <…?page=3>; rel="next"
    const all: number[] = [];
    for await (const i of first) all.push(i.n);
    expect(all).toEqual([1, 2, 3]);
    // first, getNextPage (page 2), then iteration from the cached first page: pages 2 and 3.
    expect(server.requests.map((r) => r.query)).toEqual([
      { per_page: '2' },
      { per_page: '2', page: '2' },
      { per_page: '2', page: '2' },
      { per_page: '2', page: '3' },
    ]);
    expect((await client.execute('invoices', 'list', { page: 3 })).meta).toEqual({ next_page: null });
  });

  it('link header with exclusive: true sends only the cursor on later pages', async () => {
    const server = await serve(
      routes({
        'GET /reports': (req) => {
          const cursor = one(req.query['cursor']);
          if (!cursor) return { headers: { link: `</reports?cursor=abc%3D%3D>; rel="next"` }, body: { reports: ['r1'] } };
          return { body: { reports: ['r2'] } };
        },
      }),
    );
    const all: string[] = [];
    for await (const r of widgetsClient(server).requestPage<string, unknown>('reports', 'list', { from: '2024-01-01' })) all.push(r);
    expect(all).toEqual(['r1', 'r2']);
    expect(server.requests.map((r) => r.query)).toEqual([{ from: '2024-01-01' }, { cursor: 'abc==' }]);
  });

  it('page number: current page + 1 until total_pages', async () => {
    const server = await serve(
      routes({
        'GET /orders': (req) => {
          const page = Number(one(req.query['page']));
          return { body: { orders: [`o${page}`], page, total_pages: 3 } };
        },
      }),
    );
    const client = widgetsClient(server);
    const all: string[] = [];
    for await (const o of client.requestPage<string, unknown>('orders', 'list', {})) all.push(o);
    expect(all).toEqual(['o1', 'o2', 'o3']);
    expect(server.requests.map((r) => r.query['page'])).toEqual(['1', '2', '3']);
    expect((await client.execute('orders', 'list', { page: 3 })).meta).toEqual({ next_page: null, total_pages: 3 });
  });
});
