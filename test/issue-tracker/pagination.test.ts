/**
 * Relay pagination of the issue-tracker connector: records of later pages parsed like the first,
 * `meta.endCursor` (null on the last page) and `meta.hasNextPage`, early exit,
 * `hasNextPage()` / `getNextPage()`, and a nested connection (an issue's comments). Every record
 * once, one request per page and `after` carrying the previous endCursor are in test/matrix.
 */
import { describe, expect, it } from 'vitest';
import { Page } from '@switchyard/connector-issue-tracker';
import { allIssues, commentsOf, expectedIssue, linearErrors, makeConnector, rejection, useLinearFake, variablesOf } from './helpers.js';

describe('issues.list paging (27 issues, first 10)', () => {
  const ctx = useLinearFake({ issuesPerTeam: 9, commentsPerIssue: 7 });

  it('the records of later pages are parsed like the first (derived ids on every page)', async () => {
    const c = makeConnector(ctx.fake);
    const records = [];
    for await (const issue of c.issues.list({ first: 10 })) records.push(issue);
    expect(records).toEqual(allIssues(ctx.fake).map((row) => expectedIssue(ctx.fake, row, 'list')));
  });

  it('iterPages: each request carries the endCursor of the page before; the last page has endCursor null', async () => {
    const c = makeConnector(ctx.fake);
    const metas: Array<{ endCursor: string | null; hasNextPage: boolean }> = [];
    const sizes: number[] = [];
    for await (const page of (await c.issues.list({ first: 10 })).iterPages()) {
      metas.push(page.meta);
      sizes.push(page.data.length);
    }
    const expected = allIssues(ctx.fake);
    expect(sizes).toEqual([10, 10, 7]);
    expect(metas).toEqual([
      { endCursor: expected[9]!.id, hasNextPage: true },
      { endCursor: expected[19]!.id, hasNextPage: true },
      { endCursor: null, hasNextPage: false },
    ]);
    expect(variablesOf(ctx.fake.requests[0]!)).not.toHaveProperty('after');
    expect(variablesOf(ctx.fake.requests[1]!)['after']).toBe(metas[0]!.endCursor);
    expect(variablesOf(ctx.fake.requests[2]!)['after']).toBe(metas[1]!.endCursor);
  });

  it('breaking out of the loop stops fetching', async () => {
    const c = makeConnector(ctx.fake);
    const firstTwelve: string[] = [];
    for await (const issue of c.issues.list({ first: 10 })) {
      firstTwelve.push(issue.id);
      if (firstTwelve.length === 12) break;
    }
    expect(firstTwelve).toEqual(
      allIssues(ctx.fake)
        .slice(0, 12)
        .map((i) => i.id),
    );
    expect(ctx.fake.requests).toHaveLength(2);

    ctx.fake.reset();
    for await (const issue of c.issues.list({ first: 10 })) {
      expect(issue.id).toBe(allIssues(ctx.fake)[0]!.id);
      break;
    }
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('hasNextPage() / getNextPage() walk the pages and stop on the last one', async () => {
    const c = makeConnector(ctx.fake);
    const ids = allIssues(ctx.fake).map((i) => i.id);
    const first = await c.issues.list({ first: 10 });
    expect(first).toBeInstanceOf(Page);
    expect(first.data.map((i) => i.id)).toEqual(ids.slice(0, 10));
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((i) => i.id)).toEqual(ids.slice(10, 20));
    const third = await second.getNextPage();
    expect(third.data.map((i) => i.id)).toEqual(ids.slice(20));
    expect(third.meta).toEqual({ endCursor: null, hasNextPage: false });
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('No next page');
    expect(ctx.fake.requests).toHaveLength(3);
    expect(third.toJSON()).toEqual({ data: third.data, meta: third.meta });
  });

  it('the list helper sends nothing until awaited or iterated, and only once', async () => {
    const c = makeConnector(ctx.fake);
    const pending = c.issues.list({ first: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ctx.fake.requests).toHaveLength(0);
    const page = await pending;
    expect(await pending).toBe(page);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('an explicit `after` through execute continues from that cursor', async () => {
    const c = makeConnector(ctx.fake);
    const first = await c.execute('issues', 'list', { first: 10 });
    const second = await c.execute('issues', 'list', { first: 10, after: first.meta.endCursor! });
    expect(second.data.map((i) => i.id)).toEqual(
      allIssues(ctx.fake)
        .slice(10, 20)
        .map((i) => i.id),
    );
    expect(variablesOf(ctx.fake.requests[1]!)).toStrictEqual({ first: 10, after: first.meta.endCursor });
  });

  it('a page count that divides evenly ends with hasNextPage false and no extra request', async () => {
    const c = makeConnector(ctx.fake);
    const seen: string[] = [];
    for await (const issue of c.issues.list({ first: 9 })) seen.push(issue.id);
    expect(seen).toHaveLength(27);
    expect(ctx.fake.requests).toHaveLength(3);
  });

  it('hasNextPage true without an endCursor ends paging (no request with after: null)', async () => {
    const c = makeConnector(ctx.fake);
    ctx.fake.failNext('/graphql', {
      kind: 'body',
      body: { data: { issues: { nodes: [], pageInfo: { hasNextPage: true, endCursor: null } } } },
    });
    const page = await c.issues.list({ first: 10 });
    expect(page.meta).toEqual({ endCursor: null, hasNextPage: true });
    expect(page.hasNextPage()).toBe(false);
    expect(ctx.fake.requests).toHaveLength(1);
  });

  it('an error on a later page surfaces from the loop after the earlier records', async () => {
    const c = makeConnector(ctx.fake);
    const seen: string[] = [];
    const loop = (async () => {
      for await (const issue of c.issues.list({ first: 10 })) {
        seen.push(issue.id);
        if (seen.length === 10)
          ctx.fake.failNext('/graphql', { kind: 'body', body: linearErrors('INVALID_INPUT', 'Cursor provided for `after` is not valid') });
      }
    })();
    const error = await rejection(loop);
    expect(error.name).toBe('VendorError');
    expect(error.code).toBe('INVALID_INPUT');
    expect(seen).toHaveLength(10);
    expect(ctx.fake.requests).toHaveLength(2);
  });
});

describe('comments.list paging (an issue with 7 comments, first 3)', () => {
  const ctx = useLinearFake({ issuesPerTeam: 9, commentsPerIssue: 7 });

  it('meta per page: endCursor of the last comment, null on the last page', async () => {
    const c = makeConnector(ctx.fake);
    const issue = allIssues(ctx.fake)[4]!;
    const expected = commentsOf(ctx.fake, issue.id);
    const metas = [];
    for await (const page of (await c.comments.list({ issueId: issue.id, first: 3 })).iterPages()) metas.push(page.meta);
    expect(metas).toEqual([
      { endCursor: expected[2]!.id, hasNextPage: true },
      { endCursor: expected[5]!.id, hasNextPage: true },
      { endCursor: null, hasNextPage: false },
    ]);
  });

  it('breaking after the first comment fetches one page only', async () => {
    const c = makeConnector(ctx.fake);
    const issue = allIssues(ctx.fake)[4]!;
    for await (const comment of c.comments.list({ issueId: issue.id, first: 3 })) {
      expect(comment.id).toBe(commentsOf(ctx.fake, issue.id)[0]!.id);
      break;
    }
    expect(ctx.fake.requests).toHaveLength(1);
  });
});
