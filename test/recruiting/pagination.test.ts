/**
 * Link-header pagination of the recruiting connector: `for await` over every record, each
 * follow-up request carrying the `page` of the previous response's `rel="next"` URL (not a page
 * the client counted) with the other filters kept, `meta.next_page` null on the last page, early
 * exit, and `hasNextPage()` / `getNextPage()`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page } from '@switchyard/connector-recruiting';
import { startServer, type FakeServer, type Reply } from '../fakes/harness.js';
import { basic, json, makeConnector, useGreenhouseFake } from './helpers.js';

/** A fetch that records the Link header of every response it hands to the connector. */
function linkRecorder(): { fetch: typeof fetch; links: (string | null)[] } {
  const links: (string | null)[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    links.push(response.headers.get('link'));
    return response;
  };
  return { fetch: recording, links };
}

/** rel → page number of a Link header (RFC 8288), parsed independently of the runtime. */
function relPages(header: string | null): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const m = /^<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part.trim());
    if (m) out[m[2]!] = new URL(m[1]!).searchParams.get('page');
  }
  return out;
}

describe('candidates.list paging (35 candidates, per_page 10)', () => {
  const ctx = useGreenhouseFake({ candidates: 35 });

  it('for await yields every candidate once, in order, one request per page', async () => {
    const recorder = linkRecorder();
    const c = makeConnector(ctx.fake, { fetch: recorder.fetch });
    const seen: number[] = [];
    for await (const candidate of c.candidates.list({ per_page: 10 })) seen.push(candidate.id);

    const ids = ctx.fake.data.candidates.map((x) => x['id']);
    expect(ids).toHaveLength(35);
    expect(seen).toEqual(ids);
    expect(new Set(seen).size).toBe(35);
    expect(ctx.fake.requests).toHaveLength(4);
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([
      { per_page: '10' },
      { per_page: '10', page: '2' },
      { per_page: '10', page: '3' },
      { per_page: '10', page: '4' },
    ]);
    for (const r of ctx.fake.requests) {
      expect(r.method).toBe('GET');
      expect(r.path).toBe('/v1/candidates');
      expect(r.headers['authorization']).toBe(basic());
    }
    // Every follow-up asks for exactly the page the previous response's rel="next" named.
    expect(recorder.links).toHaveLength(4);
    for (let i = 1; i < 4; i++) {
      const next = relPages(recorder.links[i - 1]!)['next'];
      expect(next, `Link of response ${i}`).toBeTruthy();
      expect(ctx.fake.requests[i]!.query['page']).toBe(next);
    }
    // The last page has a Link header (prev, last) but no rel="next".
    expect(recorder.links[3]).not.toBeNull();
    expect(relPages(recorder.links[3]!)).toEqual({ prev: '3', last: '4' });
  });

  it('meta.next_page is the number from rel="next" on each page and null on the last one', async () => {
    const c = makeConnector(ctx.fake);
    const metas: unknown[] = [];
    const sizes: number[] = [];
    for await (const page of (await c.candidates.list({ per_page: 10 })).iterPages()) {
      metas.push(page.meta);
      sizes.push(page.data.length);
    }
    expect(metas).toStrictEqual([{ next_page: 2 }, { next_page: 3 }, { next_page: 4 }, { next_page: null }]);
    expect(sizes).toEqual([10, 10, 10, 5]);
    expect(ctx.fake.requests).toHaveLength(4);
  });

  it('breaking out of the loop stops fetching', async () => {
    const c = makeConnector(ctx.fake);
    const firstTwelve: number[] = [];
    for await (const candidate of c.candidates.list({ per_page: 10 })) {
      firstTwelve.push(candidate.id);
      if (firstTwelve.length === 12) break;
    }
    expect(firstTwelve).toEqual(ctx.fake.data.candidates.slice(0, 12).map((x) => x['id']));
    expect(ctx.fake.requests).toHaveLength(2);

    ctx.fake.reset();
    for await (const candidate of c.candidates.list({ per_page: 10 })) {
      expect(candidate.id).toBe(ctx.fake.data.candidates[0]!['id']);
      break;
    }
    expect(ctx.fake.requests).toHaveLength(1);

    // Breaking exactly at a page boundary does not prefetch the next page.
    ctx.fake.reset();
    let n = 0;
    for await (const _ of c.candidates.list({ per_page: 10 })) if (++n === 10) break;
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('hasNextPage() / getNextPage() walk the pages and stop on the last one', async () => {
    const c = makeConnector(ctx.fake);
    const all = json(ctx.fake.data.candidates);
    const first = await c.candidates.list({ per_page: 15 });
    expect(first).toBeInstanceOf(Page);
    expect(first.data).toEqual(all.slice(0, 15));
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data).toEqual(all.slice(15, 30));
    const third = await second.getNextPage();
    expect(third.data).toEqual(all.slice(30));
    expect(third.meta).toStrictEqual({ next_page: null });
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('No next page');
    expect(ctx.fake.requests.map((r) => r.query)).toEqual([
      { per_page: '15' },
      { per_page: '15', page: '2' },
      { per_page: '15', page: '3' },
    ]);
  });

  it('starting from a page the caller names (meta.next_page of an earlier read) continues from there', async () => {
    const c = makeConnector(ctx.fake);
    const first = await c.candidates.list({ per_page: 10 });
    const resumed: number[] = [];
    for await (const candidate of c.candidates.list({ per_page: 10, page: first.meta.next_page! })) resumed.push(candidate.id);
    expect(resumed).toEqual(ctx.fake.data.candidates.slice(10).map((x) => x['id']));
    expect(ctx.fake.requests.map((r) => r.query['page'])).toEqual([undefined, '2', '3', '4']);
  });

  it('a list that fits on one page has no Link header: next_page null, one request', async () => {
    const recorder = linkRecorder();
    const c = makeConnector(ctx.fake, { fetch: recorder.fetch });
    const seen: unknown[] = [];
    for await (const department of c.departments.list()) seen.push(department.id);
    expect(seen).toEqual(ctx.fake.data.departments.map((d) => d['id']));
    expect(recorder.links).toEqual([null]);
    expect((await c.departments.list()).meta).toStrictEqual({ next_page: null });
  });
});

describe('applications.list paging keeps the filters', () => {
  const ctx = useGreenhouseFake({ candidates: 40 });

  it('status + per_page on every request; pages follow the Link header', async () => {
    const recorder = linkRecorder();
    const c = makeConnector(ctx.fake, { fetch: recorder.fetch });
    const seen: number[] = [];
    for await (const application of c.applications.list({ status: 'active', per_page: 5 })) seen.push(application.id);

    const active = ctx.fake.data.applications.filter((a) => a['status'] === 'active').map((a) => a['id']);
    expect(active.length).toBeGreaterThan(10);
    expect(seen).toEqual(active);
    const pages = Math.ceil(active.length / 5);
    expect(ctx.fake.requests).toHaveLength(pages);
    ctx.fake.requests.forEach((r, i) => {
      expect(r.path).toBe('/v1/applications');
      expect(r.query).toEqual(
        i === 0 ? { status: 'active', per_page: '5' } : { status: 'active', per_page: '5', page: relPages(recorder.links[i - 1]!)['next'] },
      );
    });
    expect(relPages(recorder.links.at(-1)!)['next']).toBeUndefined();
  });
});

describe('the next page comes from the Link header, not from counting', () => {
  let server: FakeServer;
  /** page → [records, Link header]: 1 → 7 → 3 → end, in Greenhouse's `<url>; rel="…"` form. */
  const plan = (base: string): Record<string, [object[], string | undefined]> => ({
    '1': [[{ id: 1 }, { id: 2 }], `<${base}/v1/sources?page=7&per_page=2>; rel="next", <${base}/v1/sources?page=9&per_page=2>; rel="last"`],
    '7': [
      [{ id: 3 }, { id: 4 }],
      `<${base}/v1/sources?page=1&per_page=2>; rel="prev", <${base}/v1/sources?per_page=2&page=3>; rel="next", <${base}/v1/sources?page=9&per_page=2>; rel="last"`,
    ],
    // The last page: Link with prev and last only.
    '3': [[{ id: 5 }], `<${base}/v1/sources?page=7&per_page=2>; rel="prev", <${base}/v1/sources?page=3&per_page=2>; rel="last"`],
  });

  beforeAll(async () => {
    server = await startServer((req): Reply => {
      const page = typeof req.query['page'] === 'string' ? req.query['page'] : '1';
      const entry = plan(server.url)[page];
      if (!entry) return { status: 404, body: { message: 'Resource not found' } };
      const headers: Record<string, string> = entry[1] ? { link: entry[1] } : {};
      return { body: entry[0], headers };
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requests page 7 then 3 as the Link header says; meta.next_page carries those numbers', async () => {
    server.reset();
    const c = makeConnector(server);
    const ids: unknown[] = [];
    for await (const source of c.sources.list({ per_page: 2 })) ids.push(source.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(server.requests.map((r) => r.query)).toEqual([{ per_page: '2' }, { per_page: '2', page: '7' }, { per_page: '2', page: '3' }]);

    server.reset();
    const metas: unknown[] = [];
    for await (const page of (await c.sources.list({ per_page: 2 })).iterPages()) metas.push(page.meta);
    expect(metas).toStrictEqual([{ next_page: 7 }, { next_page: 3 }, { next_page: null }]);
  });
});
