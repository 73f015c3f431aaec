/**
 * Pagination, for every connector's paging cases: iterating a list yields every record exactly
 * once across three or more pages, fetching each page once and carrying the previous page's
 * cursor; a vendor that hands back a cursor already used stops the iteration with
 * PaginationLoopError instead of looping (the fake replays the previous page's answer).
 */
import { describe, expect, it } from 'vitest';
import { rejection } from '../support/expect.js';
import { connectors } from './registry.js';
import { connect, errorClass, findAction, routeOf, useFreshFake, type AnyConnector } from './setup.js';
import { wireValue } from './wire.js';
import type { PagingCase } from './fixture.js';
import type { FakeServer } from '../fakes/harness.js';

interface PageLike {
  data: unknown[];
  meta: Record<string, unknown>;
  iterPages(): AsyncIterable<PageLike>;
}

const list = (c: AnyConnector, entity: string, action: string, params: unknown) =>
  (c[entity] as Record<string, (p: unknown) => AsyncIterable<unknown> & PromiseLike<PageLike>>)[action]!(params);

describe.each(connectors)('$name', ({ name, fixture }) => {
  const cases = fixture.paging.map((paging) => ({ ...paging, ref: findAction(fixture, paging.action) }));

  describe.each(cases)('$action', (paging: PagingCase<FakeServer> & { ref: ReturnType<typeof findAction> }) => {
    const ctx = useFreshFake(fixture);
    const { ref } = paging;
    const rule = ref.meta.pagination!;

    it('for await yields every record once, in order, fetching each page once (3+ pages)', async () => {
      const c = connect(fixture, ctx.fake);
      const seen: unknown[] = [];
      for await (const record of list(c, ref.entity, ref.action, paging.params(ctx.fake))) seen.push(paging.idOf(record));

      expect(seen).toEqual(paging.expectedIds(ctx.fake));
      expect(new Set(seen).size).toBe(seen.length);
      const requests = ctx.fake.requests;
      expect(requests.length).toBeGreaterThanOrEqual(3);
      // Each page once: no two requests alike, the first without a cursor, each later one with a new cursor.
      const cursors = requests.map((r) => wireValue(r, ref.meta, rule.cursorParam));
      expect(cursors[0]).toBeUndefined();
      expect(cursors.slice(1).every((cursor) => cursor !== undefined)).toBe(true);
      expect(new Set(cursors.map(String)).size).toBe(requests.length);
      // Every page asks for the same thing as the first, the cursor aside.
      const withoutCursor = (i: number) => {
        const r = requests[i]!;
        // The cursor travels under its wire name (`as`), e.g. Zendesk's page[after].
        const { [ref.meta.params[rule.cursorParam]?.as ?? rule.cursorParam]: _cursor, ...query } = r.query;
        const body = r.rawBody === '' ? undefined : (JSON.parse(r.rawBody) as Record<string, any>);
        if (body?.['variables']) delete body['variables'][rule.cursorParam];
        else if (body) delete body[rule.cursorParam];
        return { method: r.method, path: r.path, query, body };
      };
      for (let i = 1; i < requests.length; i++) expect(withoutCursor(i)).toEqual(withoutCursor(0));
    });

    it('each page request carries the cursor the page before it returned; the last page has none', async () => {
      const c = connect(fixture, ctx.fake);
      const metas: Record<string, unknown>[] = [];
      let records = 0;
      for await (const page of (await list(c, ref.entity, ref.action, paging.params(ctx.fake))).iterPages()) {
        metas.push(page.meta);
        records += page.data.length;
      }
      expect(records).toBe(paging.expectedIds(ctx.fake).length);
      expect(ctx.fake.requests).toHaveLength(metas.length);
      expect(metas.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < metas.length; i++) {
        const cursor = metas[i - 1]![rule.metaMember];
        expect(cursor).not.toBeNull();
        expect(String(wireValue(ctx.fake.requests[i]!, ref.meta, rule.cursorParam))).toBe(String(cursor));
      }
      expect(metas.at(-1)![rule.metaMember]).toBeNull();
    });

    it('a cursor handed back twice stops iterPages() with PaginationLoopError, without requesting it again', async () => {
      const PaginationLoopError = errorClass(fixture, 'PaginationLoopError');
      expect(PaginationLoopError, `PaginationLoopError exported by the ${name} package or @switchyard/runtime`).toBeTypeOf('function');
      const c = connect(fixture, ctx.fake);
      const params = paging.params(ctx.fake);
      const route = routeOf(fixture, ref, ctx.fake, params);
      let repeated: unknown;
      const error = await rejection(
        (async () => {
          for await (const page of (await list(c, ref.entity, ref.action, params)).iterPages()) {
            // After page 2, the vendor answers page 3 with page 2 again: the cursor it just used.
            if (ctx.fake.requests.length === 2) {
              repeated = page.meta[rule.metaMember];
              ctx.fake.failNext(route, { kind: 'replay' });
            }
          }
        })(),
      );
      expect(error).toBeInstanceOf(PaginationLoopError!);
      expect(error.name).toBe('PaginationLoopError');
      expect(error.connector).toBe(name);
      expect(error.operation).toBe(`${name} ${ref.key}`);
      expect(String(error.cursor)).toBe(String(repeated));
      expect(ctx.fake.requests).toHaveLength(3);
    });

    it('a cursor handed back twice stops for await over records too', async () => {
      const PaginationLoopError = errorClass(fixture, 'PaginationLoopError');
      expect(PaginationLoopError, `PaginationLoopError exported by the ${name} package or @switchyard/runtime`).toBeTypeOf('function');
      const c = connect(fixture, ctx.fake);
      const params = paging.params(ctx.fake);
      const route = routeOf(fixture, ref, ctx.fake, params);
      let queued = false;
      const error = await rejection(
        (async () => {
          for await (const _record of list(c, ref.entity, ref.action, params)) {
            // Records of page 2 are being yielded: page 3 has not been asked for yet.
            if (ctx.fake.requests.length === 2 && !queued) {
              queued = true;
              ctx.fake.failNext(route, { kind: 'replay' });
            }
          }
        })(),
      );
      expect(queued).toBe(true);
      expect(error).toBeInstanceOf(PaginationLoopError!);
      expect(ctx.fake.requests).toHaveLength(3);
    });
  });
});
