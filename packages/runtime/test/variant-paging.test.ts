/**
 * Pages of an action with credential-kind variants when the executor does not know the kind
 * (hosted mode: the service holds the credentials). Each kind fills only its own next-page meta
 * member, so the first page tells which pagination rule the rest follows.
 */
import { describe, expect, it } from 'vitest';
import { ConnectorClient, type ConnectorMetadata, type ExecuteRequest, type ExecuteResult, type Executor } from '@switchyard/runtime';
import { widgetsMetadata } from './helpers.js';

/** widgets.list as declared, plus a kind `V3` that pages with `after` and `meta.after_cursor`. */
function metadataWithVariant(): ConnectorMetadata {
  const base = widgetsMetadata();
  const list = base.actions['widgets']!['list']!;
  return {
    ...base,
    actions: {
      ...base.actions,
      widgets: {
        ...base.actions['widgets'],
        list: {
          ...list,
          variants: {
            V3: {
              params: { after: { type: 'string', in: 'query' } },
              pagination: { style: 'cursor', cursorParam: 'after', next: 'links.next', metaMember: 'after_cursor' },
              meta: { after_cursor: '$next' },
            },
          },
        },
      },
    },
  };
}

/** An executor that answers from a script of pages, recording what it was asked. */
function scripted(pages: { data: unknown[]; meta: Record<string, unknown> }[]): Executor & { calls: ExecuteRequest[] } {
  const calls: ExecuteRequest[] = [];
  return {
    mode: 'hosted',
    calls,
    async execute(request: ExecuteRequest): Promise<ExecuteResult> {
      calls.push(request);
      const page = pages[calls.length - 1];
      if (!page) throw new Error(`no page ${calls.length}`);
      return page as ExecuteResult;
    },
  };
}

async function iterate(executor: Executor): Promise<unknown[]> {
  const client = new ConnectorClient(metadataWithVariant(), { executor });
  const ids: unknown[] = [];
  for await (const record of client.requestPage<{ id: string }, unknown>('widgets', 'list', { limit: 2 })) ids.push(record.id);
  return ids;
}

describe('paging an action with credential-kind variants through an executor that does not know the kind', () => {
  it("follows the variant's rule when the first page fills the variant's member", async () => {
    const executor = scripted([
      { data: [{ id: 'a' }, { id: 'b' }], meta: { next_cursor: null, total: null, rate_remaining: null, after_cursor: 'cur-2' } },
      { data: [{ id: 'c' }, { id: 'd' }], meta: { next_cursor: null, total: null, rate_remaining: null, after_cursor: 'cur-3' } },
      { data: [{ id: 'e' }], meta: { next_cursor: null, total: null, rate_remaining: null, after_cursor: null } },
    ]);
    expect(await iterate(executor)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(executor.calls.map((c) => c.params)).toEqual([{ limit: 2 }, { limit: 2, after: 'cur-2' }, { limit: 2, after: 'cur-3' }]);
  });

  it("follows the action's own rule when the first page fills its member", async () => {
    const executor = scripted([
      { data: [{ id: 'a' }], meta: { next_cursor: 'c1', total: 2, rate_remaining: null, after_cursor: null } },
      { data: [{ id: 'b' }], meta: { next_cursor: null, total: 2, rate_remaining: null, after_cursor: null } },
    ]);
    expect(await iterate(executor)).toEqual(['a', 'b']);
    expect(executor.calls.map((c) => c.params)).toEqual([{ limit: 2 }, { limit: 2, cursor: 'c1' }]);
  });

  it('a single page with no next member filled is the whole list', async () => {
    const executor = scripted([{ data: [{ id: 'a' }], meta: { next_cursor: null, total: 1, rate_remaining: null, after_cursor: null } }]);
    expect(await iterate(executor)).toEqual(['a']);
    expect(executor.calls).toHaveLength(1);
  });
});
