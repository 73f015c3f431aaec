/**
 * A vendor that hands back a cursor already followed (the same token, next URL or page number)
 * must not make iteration endless: the repeat stops it with a PaginationLoopError, before the
 * repeated request is sent, in every pagination style and for records and pages alike.
 */
import { describe, expect, it } from 'vitest';
import { NoNextPageError, PaginationLoopError, SwitchyardError, type ConnectorMetadata, type Page } from '@switchyard/runtime';
import { one, rejection, routes, useServers, widgetsClient, widgetsMetadata, type FakeServer } from './helpers.js';

/** Cursor pages `c0 → c2 → c4 …`; `repeatAt` maps a request cursor to the (stale) next cursor the vendor answers. */
function cursorVendor(repeatAt: Record<string, string>) {
  return routes({
    'GET /widgets': (req) => {
      const cursor = one(req.query['cursor']) ?? 'c0';
      const offset = Number(cursor.slice(1));
      return {
        body: {
          widgets: [{ id: `w${offset + 1}` }, { id: `w${offset + 2}` }],
          meta: { next_cursor: repeatAt[cursor] ?? `c${offset + 2}`, has_more: true },
        },
      };
    },
  });
}

const sentCursors = (server: FakeServer) => server.requests.map((r) => r.query['cursor']);

/** Collects records until the iteration throws; returns both. */
async function drain<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: Error & Record<string, any> }> {
  const items: T[] = [];
  const error = await rejection(
    (async () => {
      for await (const item of iterable) items.push(item);
    })(),
  );
  return { items, error };
}

describe('pagination loop guard', () => {
  const serve = useServers();

  it('a vendor repeating the same cursor stops `for await` with a typed error, before the repeated request', async () => {
    // Page 2 (cursor c2) answers next_cursor c2 again.
    const server = await serve(cursorVendor({ c2: 'c2' }));
    const { items, error } = await drain(widgetsClient(server).requestPage<{ id: string }, unknown>('widgets', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error).toBeInstanceOf(SwitchyardError);
    expect(error.name).toBe('PaginationLoopError');
    expect(error).toMatchObject({ connector: 'widgets', operation: 'widgets widgets.list', cursor: 'c2' });
    expect(error.message).toMatch(/^widgets widgets\.list: the vendor returned the cursor "c2", which this iteration has already followed/);
    expect(items.map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w4']);
    expect(sentCursors(server)).toEqual([undefined, 'c2']);
  });

  it('a longer cycle (c2 → c4 → c2) is caught too', async () => {
    const server = await serve(cursorVendor({ c4: 'c2' }));
    const { items, error } = await drain(widgetsClient(server).requestPage<{ id: string }, unknown>('widgets', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error.cursor).toBe('c2');
    expect(items).toHaveLength(6);
    expect(sentCursors(server)).toEqual([undefined, 'c2', 'c4']);
  });

  it("the first page's own cursor counts as followed", async () => {
    const server = await serve(cursorVendor({ c4: 'c4' }));
    const { items, error } = await drain(widgetsClient(server).requestPage<{ id: string }, unknown>('widgets', 'list', { cursor: 'c4' }));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(items.map((w) => w.id)).toEqual(['w5', 'w6']);
    expect(sentCursors(server)).toEqual(['c4']);
  });

  it('iterPages() is guarded the same way', async () => {
    const server = await serve(cursorVendor({ c2: 'c2' }));
    const first = await widgetsClient(server).requestPage<{ id: string }, unknown>('widgets', 'list', {});
    const { items: pages, error } = await drain(first.iterPages());
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(pages).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('a hand-written getNextPage() loop is guarded, while branching from one page is not a loop', async () => {
    const server = await serve(cursorVendor({ c4: 'c2' }));
    const first = await widgetsClient(server).requestPage<{ id: string }, unknown>('widgets', 'list', {});
    // Two independent walks from the same page both follow c2 once: no false alarm.
    const a = await first.getNextPage();
    const b = await first.getNextPage();
    expect(a.data).toEqual(b.data);
    let page: Page<{ id: string }, unknown> = await a.getNextPage(); // c4, which points back to c2
    const error = await rejection(page.getNextPage());
    expect(error).toBeInstanceOf(PaginationLoopError);
    page = await b.getNextPage(); // the other branch still reaches c4, and is stopped the same way
    expect(await rejection(page.getNextPage())).toBeInstanceOf(PaginationLoopError);
    expect(sentCursors(server)).toEqual([undefined, 'c2', 'c2', 'c4', 'c4']);
  });

  it('relay: the same endCursor with hasNextPage true', async () => {
    const server = await serve(
      routes({
        'POST /graphql': () => ({
          body: { data: { projects: { nodes: [{ id: 'p1' }], pageInfo: { hasNextPage: true, endCursor: 'end-1' } } } },
        }),
      }),
    );
    const { items, error } = await drain(widgetsClient(server).requestPage<{ id: string }, unknown>('projects', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error).toMatchObject({ operation: 'widgets projects.list', cursor: 'end-1' });
    expect(items).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('Link header: a rel="next" page number that does not advance', async () => {
    const server = await serve(
      routes({
        'GET /invoices': () => ({ headers: { link: `<${server.url}/invoices?page=2>; rel="next"` }, body: { invoices: [{ n: 1 }] } }),
      }),
    );
    const { error } = await drain(widgetsClient(server).requestPage('invoices', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error.cursor).toBe('2');
    expect(server.requests.map((r) => r.query['page'])).toEqual([undefined, '2']);
  });

  it('page numbers: a defaulted first page counts as followed', async () => {
    // The vendor reports page 0 whatever it is asked, so "next" is always page 1: the default.
    const server = await serve(routes({ 'GET /orders': () => ({ body: { orders: ['o'], page: 0, total_pages: 5 } }) }));
    const { items, error } = await drain(widgetsClient(server).requestPage('orders', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error.cursor).toBe('1');
    expect(items).toEqual(['o']);
    expect(server.requests.map((r) => r.query['page'])).toEqual(['1']);
  });

  it('a cursor given as a number and sent again as a string is the same cursor', async () => {
    const server = await serve(
      routes({
        'GET /invoices': (req) => {
          const page = Number(one(req.query['page']) ?? 1);
          // Page 3 links back to page 2.
          return {
            headers: { link: `<${server.url}/invoices?page=${page === 3 ? 2 : page + 1}>; rel="next"` },
            body: { invoices: [page] },
          };
        },
      }),
    );
    const { items, error } = await drain(widgetsClient(server).requestPage('invoices', 'list', { page: 2 }));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(items).toEqual([2, 3]);
  });
});

describe('the repeated cursor in the error is redacted', () => {
  const serve = useServers();

  /** An action whose cursor is the vendor's whole next URL (sent back as `page_url`). */
  function feedMetadata(serverUrl: string): ConnectorMetadata {
    const base = widgetsMetadata(serverUrl);
    return {
      ...base,
      actions: {
        ...base.actions,
        feed: {
          list: {
            entity: 'feed',
            action: 'list',
            kind: 'list',
            idempotent: true,
            params: { page_url: { type: 'string', in: 'query' } },
            request: { method: 'GET', path: '/feed' },
            response: { records: 'items' },
            pagination: { style: 'cursor', cursorParam: 'page_url', next: 'next', metaMember: 'next' },
            meta: { next: '$next' },
          },
        },
      },
    };
  }

  it('userinfo and secret-looking query values are removed; page tokens and other parameters stay', async () => {
    const next =
      'https://svc-user:svc-pass-8f7e6d@files.example/feed?pageToken=pt-2&limit=2&token=tok-a1b2c3&access_token=acc-d4e5f6' +
      '&key=key-778899&signature=sig-aabbcc&X-Amz-Signature=amz-ddeeff&X-Amz-Credential=AKIA123%2F20240101&sig=az-001';
    const server = await serve(routes({ 'GET /feed': () => ({ body: { items: [1], next } }) }));
    const client = widgetsClient(server, undefined, {}, feedMetadata(server.url));
    const { error } = await drain(client.requestPage('feed', 'list', {}));
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(server.requests).toHaveLength(2);
    expect(error.cursor).toBe(
      'https://files.example/feed?pageToken=pt-2&limit=2&token=[REDACTED]&access_token=[REDACTED]&key=[REDACTED]' +
        '&signature=[REDACTED]&X-Amz-Signature=[REDACTED]&X-Amz-Credential=[REDACTED]&sig=[REDACTED]',
    );
    for (const secret of [
      'svc-user',
      'svc-pass-8f7e6d',
      'tok-a1b2c3',
      'acc-d4e5f6',
      'key-778899',
      'sig-aabbcc',
      'amz-ddeeff',
      'AKIA123',
      'az-001',
    ]) {
      expect(error.message).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
    expect(error.message).toContain('pageToken=pt-2');
  });
});

describe('getNextPage() without a next page', () => {
  const serve = useServers();

  it('throws NoNextPageError naming the operation, and sends nothing', async () => {
    const server = await serve(routes({ 'GET /widgets': () => ({ body: { widgets: [], meta: { next_cursor: '' } } }) }));
    const page = await widgetsClient(server).requestPage('widgets', 'list', {});
    expect(page.hasNextPage()).toBe(false);
    const error = await rejection(page.getNextPage());
    expect(error).toBeInstanceOf(NoNextPageError);
    expect(error).toBeInstanceOf(SwitchyardError);
    expect(error.name).toBe('NoNextPageError');
    expect(error.message).toBe('No next page: widgets widgets.list is on its last page; check hasNextPage() first');
    expect(server.requests).toHaveLength(1);
  });

  it('an action without pagination has no next page either', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': () => ({ body: { widget: { id: 'w1' } } }) }));
    const page = await widgetsClient(server).requestPage('widgets', 'get', { id: 'w1' });
    expect(await rejection(page.getNextPage())).toBeInstanceOf(NoNextPageError);
  });
});
