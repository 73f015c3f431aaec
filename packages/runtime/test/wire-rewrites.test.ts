/**
 * Two declared rewrites between the caller and the vendor, interpreted by general rules:
 * `response.fill` completes a record from the body around it (Slack's chat.update answers `ts`
 * beside `message`), and a parameter's `drop` removes text the vendor's endpoint refuses although
 * its own reference writes it (Zendesk's export search and `type:ticket`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConnectorClient, ValidationError, type ConnectorMetadata } from '@switchyard/runtime';
import { FAST_RETRY, rejection, routes, useServers } from './helpers.js';

const DROP = /(?:^|\s)type:ticket(?=\s|$)/g;

function metadata(): ConnectorMetadata {
  return {
    name: 'notes',
    title: 'Notes',
    vendor: 'Example',
    baseUrl: 'http://127.0.0.1:9',
    config: {},
    auth: [{ kind: 'bearer', name: 'Token', fields: { api_token: { required: true, secret: true } }, token: '{api_token}' }],
    bodyErrors: [],
    errorMessage: ['error'],
    errorCode: [],
    actions: {
      notes: {
        update: {
          entity: 'notes',
          action: 'update',
          kind: 'update',
          idempotent: false,
          params: { id: { type: 'string', required: true, in: 'body' } },
          request: { method: 'POST', path: '/notes.update' },
          response: { records: 'note', fill: { id: 'id', channel: 'where.channel' } },
        },
        list: {
          entity: 'notes',
          action: 'list',
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { channel: { type: 'string', in: 'query' } },
          request: { method: 'GET', path: '/notes.list' },
          response: { records: 'notes', fill: { channel: 'channel' } },
          pagination: { style: 'cursor', cursorParam: 'cursor', next: 'next', metaMember: 'next' },
          meta: { next: '$next' },
        },
        search: {
          entity: 'notes',
          action: 'search',
          kind: 'api_search',
          idempotent: true,
          params: {
            query: { type: 'string', required: true, minLength: 1, in: 'query', drop: DROP },
            ref: { type: 'string', in: 'query', drop: /-/g, prefix: 'refs/' },
          },
          request: { method: 'GET', path: '/search' },
          response: { records: 'results' },
        },
      },
    },
  };
}

describe('response.fill', () => {
  const serve = useServers();
  const client = (url: string) => new ConnectorClient(metadata(), { auth: { api_token: 'tok-1234' }, baseUrl: url, retry: FAST_RETRY });

  it('adds a field the record lacks from the body around it', async () => {
    const server = await serve(
      routes({ 'POST /notes.update': () => ({ body: { id: 'n1', where: { channel: 'C1' }, note: { text: 'hi' } } }) }),
    );
    const { data } = (await client(server.url).execute('notes', 'update', { id: 'n1' })) as { data: unknown };
    expect(data).toEqual({ text: 'hi', id: 'n1', channel: 'C1' });
  });

  it('never overrides what the record carries, and adds nothing the body lacks', async () => {
    const server = await serve(routes({ 'POST /notes.update': () => ({ body: { id: 'outer', note: { id: 'inner', text: 'hi' } } }) }));
    const { data } = (await client(server.url).execute('notes', 'update', { id: 'n1' })) as { data: unknown };
    expect(data).toEqual({ id: 'inner', text: 'hi' });
  });

  it('leaves a missing record null, and fills every record of a list', async () => {
    const empty = await serve(routes({ 'POST /notes.update': () => ({ body: { id: 'n1' } }) }));
    expect(((await client(empty.url).execute('notes', 'update', { id: 'n1' })) as { data: unknown }).data).toBeNull();
    const list = await serve(
      routes({ 'GET /notes.list': () => ({ body: { channel: 'C9', notes: [{ id: 'a' }, { id: 'b', channel: 'C2' }] } }) }),
    );
    const { data } = (await client(list.url).execute('notes', 'list', {})) as { data: unknown };
    expect(data).toEqual([
      { id: 'a', channel: 'C9' },
      { id: 'b', channel: 'C2' },
    ]);
  });
});

describe('param drop', () => {
  const serve = useServers();
  const client = (url: string) => new ConnectorClient(metadata(), { auth: { api_token: 'tok-1234' }, baseUrl: url, retry: FAST_RETRY });
  const sentQuery = async (params: Record<string, unknown>) => {
    const server = await serve(routes({ 'GET /search': () => ({ body: { results: [] } }) }));
    await client(server.url).execute('notes', 'search', params);
    return server.requests[0]!.query;
  };

  it.each([
    ['type:ticket status:open', 'status:open'],
    ['status:open type:ticket', 'status:open'],
    ['status:open type:ticket priority:high', 'status:open priority:high'],
    ['type:ticket type:ticket "printer fire"', '"printer fire"'],
    ['status:open', 'status:open'],
    ['type:tickets status:open', 'type:tickets status:open'],
    ['subject:type:ticket', 'subject:type:ticket'],
  ])('%j is sent as %j', async (query, wire) => {
    expect((await sentQuery({ query }))['query']).toBe(wire);
  });

  it('runs before the prefix, on every match (a regular expression without the g flag too)', async () => {
    expect((await sentQuery({ query: 'x', ref: 'a-b-c' }))['ref']).toBe('refs/abc');
    const meta = metadata();
    const search = meta.actions['notes']!['search']!;
    const once = { ...meta, actions: { notes: { search: { ...search, params: { query: { type: 'string', in: 'query', drop: /-/ } } } } } };
    const server = await serve(routes({ 'GET /search': () => ({ body: { results: [] } }) }));
    await new ConnectorClient(once as ConnectorMetadata, { auth: { api_token: 't' }, baseUrl: server.url }).execute('notes', 'search', {
      query: 'a-b-c',
    });
    expect(server.requests[0]!.query['query']).toBe('abc');
  });

  it('validation sees the value as given: a value that is only dropped text still passes minLength', async () => {
    expect((await sentQuery({ query: 'type:ticket' }))['query']).toBe('');
    const error = await rejection(client('http://127.0.0.1:9').execute('notes', 'search', { query: '' }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('never leaves a match on the wire, and keeps every other term in order', () => {
    const term = fc.constantFrom('type:ticket', 'status:open', 'priority:high', '"a b"', 'type:user', 'tags:x');
    fc.assert(
      fc.asyncProperty(fc.array(term, { minLength: 1, maxLength: 6 }), async (terms) => {
        const wire = String((await sentQuery({ query: terms.join(' ') }))['query']);
        expect(wire.split(' ').includes('type:ticket')).toBe(false);
        expect(wire).toBe(terms.filter((t) => t !== 'type:ticket').join(' '));
      }),
      { numRuns: 25 },
    );
  });
});
