/**
 * Vendor quirks the spec format declares for later families, interpreted by general rules:
 * a status meaning "nothing matched" (Gong answers an empty call query with 404) and a non-429
 * answer meaning "throttled" (GitHub's secondary limit: 403 with Retry-After).
 */
import { describe, expect, it } from 'vitest';
import { ConnectorClient, NotFoundError, PermissionDeniedError, RateLimitError, type ConnectorMetadata } from '@switchyard/runtime';
import { FAST_RETRY, rejection, routes, useServers } from './helpers.js';

function metadata(): ConnectorMetadata {
  return {
    name: 'calls',
    title: 'Calls',
    vendor: 'Example',
    baseUrl: 'http://127.0.0.1:9',
    config: {},
    auth: [{ kind: 'bearer', name: 'Token', fields: { api_token: { required: true, secret: true } }, token: '{api_token}' }],
    bodyErrors: [],
    errorMessage: ['errors.0'],
    errorCode: [],
    rateLimit: {
      alsoWhen: [
        { status: 403, header: 'retry-after' },
        { status: 403, header: 'x-ratelimit-remaining', equals: '0' },
      ],
    },
    actions: {
      calls: {
        list: {
          entity: 'calls',
          action: 'list',
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { cursor: { type: 'string', in: 'query' } },
          request: { method: 'GET', path: '/calls' },
          response: { records: 'calls', emptyOnStatus: [404] },
          pagination: { style: 'cursor', cursorParam: 'cursor', next: 'records.cursor', metaMember: 'next_cursor' },
          meta: { next_cursor: '$next', pagination: 'records' },
        },
        get: {
          entity: 'calls',
          action: 'get',
          kind: 'get',
          idempotent: true,
          params: { id: { type: 'string', required: true, in: 'path' } },
          request: { method: 'GET', path: '/calls/{id}' },
          response: { records: 'call' },
        },
      },
    },
  };
}

describe('declared vendor rules', () => {
  const serve = useServers();
  const client = (url: string) =>
    new ConnectorClient(metadata(), { auth: { api_token: 'tok-1234' }, baseUrl: url, retry: FAST_RETRY, maxRetries: 2 });

  it('a status declared as "nothing matched" gives an empty page with null meta, in one request', async () => {
    const server = await serve(
      routes({
        'GET /calls': () => ({ status: 404, body: { requestId: 'r1', errors: ['No calls found corresponding to the provided filters'] } }),
      }),
    );
    const page = await client(server.url).execute('calls', 'list', {});
    expect(page).toEqual({ data: [], meta: { next_cursor: null, pagination: null } });
    expect(server.requests).toHaveLength(1);
    const all: unknown[] = [];
    for await (const call of client(server.url).requestPage('calls', 'list', {})) all.push(call);
    expect(all).toEqual([]);
  });

  it('the same status on an action without the rule stays an error', async () => {
    const server = await serve(routes({ 'GET /calls/:id': () => ({ status: 404, body: { errors: ['Call not found'] } }) }));
    const error = await rejection(client(server.url).execute('calls', 'get', { id: 'c1' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('Call not found');
  });

  it('a 403 with Retry-After is throttling: retried after the wait, then succeeds', async () => {
    let calls = 0;
    const server = await serve(
      routes({
        'GET /calls/:id': () =>
          ++calls === 1
            ? { status: 403, headers: { 'retry-after': '0' }, body: { errors: ['You have exceeded a secondary rate limit'] } }
            : { body: { call: { id: 'c1' } } },
      }),
    );
    const result = (await client(server.url).execute('calls', 'get', { id: 'c1' })) as { data: unknown };
    expect(result.data).toEqual({ id: 'c1' });
    expect(server.requests).toHaveLength(2);
  });

  it('a 403 with X-RateLimit-Remaining: 0 is throttling too; after the retries it is a RateLimitError', async () => {
    const server = await serve(
      routes({
        'GET /calls/:id': () => ({ status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: { errors: ['API rate limit exceeded'] } }),
      }),
    );
    const error = await rejection(client(server.url).execute('calls', 'get', { id: 'c1' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.status).toBe(403);
    expect(server.requests).toHaveLength(3);
  });

  it('a plain 403 (a missing permission) is not throttling: PermissionDeniedError, not retried', async () => {
    const server = await serve(
      routes({
        'GET /calls/:id': () => ({
          status: 403,
          headers: { 'x-ratelimit-remaining': '4999' },
          body: { errors: ['Resource not accessible'] },
        }),
      }),
    );
    const error = await rejection(client(server.url).execute('calls', 'get', { id: 'c1' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(server.requests).toHaveLength(1);
  });
});
