/**
 * Config variables whose enum values stand for other text in the base URL (`substitutes`, e.g. a
 * region choosing a regional host), and page-number paging whose cursor parameter is a string.
 * Both are general rules read from metadata; the vendors here are made up.
 */
import { describe, expect, it } from 'vitest';
import { ConnectorClient, ValidationError, type ActionMetadata, type ConnectorMetadata } from '@switchyard/runtime';

const LIST: ActionMetadata = {
  entity: 'orders',
  action: 'list',
  kind: 'list',
  idempotent: true,
  returnsList: true,
  params: {
    per_page: { type: 'integer', in: 'query', minimum: 1, default: 2 },
    starting_after: { type: 'string', in: 'query', as: 'page', pattern: /^[1-9][0-9]*$/, patternText: 'a page cursor' },
  },
  request: { method: 'GET', path: '/orders' },
  response: { records: 'data' },
  pagination: {
    style: 'page-number',
    cursorParam: 'starting_after',
    currentPage: 'pages.page',
    totalPages: 'pages.total_pages',
    cursorType: 'string',
    metaMember: 'next_page',
  },
  meta: { next_page: '$next' },
};

function metadata(baseUrl: string, config: ConnectorMetadata['config']): ConnectorMetadata {
  return {
    name: 'regional',
    title: 'Regional',
    vendor: 'Regional Inc.',
    baseUrl,
    config,
    auth: [{ name: 'Token', kind: 'bearer', fields: { token: { required: true, secret: true } }, token: '{token}' }],
    bodyErrors: [],
    errorMessage: ['message'],
    errorCode: ['code'],
    actions: { orders: { list: LIST } },
  };
}

const REGION = {
  type: 'string',
  enum: ['US', 'EU', 'AU'],
  default: 'US',
  substitutes: { US: 'api.regional.example', EU: 'api.eu.regional.example', AU: 'api.au.regional.example' },
} as const;

/** A client whose fetch records URLs and answers page `page` of 3. */
function client(meta: ConnectorMetadata, config?: Record<string, unknown>) {
  const urls: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = new URL(String(input));
    urls.push(url.toString());
    const page = Number(url.searchParams.get('page') ?? '1');
    const body = { data: [{ id: `o${page}` }], pages: { page, total_pages: 3 } };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const c = new ConnectorClient<any>(meta, { auth: { token: 't' }, config, fetch, maxRetries: 0 });
  return { client: c, urls };
}

describe('config substitutes in the base URL', () => {
  it.each([
    [undefined, 'https://api.regional.example/v2/orders?per_page=2'],
    [{ region: 'US' }, 'https://api.regional.example/v2/orders?per_page=2'],
    [{ region: 'EU' }, 'https://api.eu.regional.example/v2/orders?per_page=2'],
    [{ region: 'AU' }, 'https://api.au.regional.example/v2/orders?per_page=2'],
  ])('config %j → %s', async (config, url) => {
    const { client: c, urls } = client(metadata('https://{region}/v2', { region: REGION }), config);
    await c.execute('orders', 'list', {});
    expect(urls).toEqual([url]);
  });

  it('a value outside the enum is a ValidationError naming the variable, at construction', () => {
    const error = (() => {
      try {
        client(metadata('https://{region}/v2', { region: REGION }), { region: 'eu' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path: 'region', rule: 'enum' })]);
  });

  it('a variable without substitutes keeps the one-DNS-label rule beside a substituted one', async () => {
    const meta = metadata('https://{tenant}.{region}/v2', {
      tenant: { type: 'string', required: true },
      region: REGION,
    });
    const { client: c, urls } = client(meta, { tenant: 'acme', region: 'EU' });
    await c.execute('orders', 'list', {});
    expect(urls[0]).toBe('https://acme.api.eu.regional.example/v2/orders?per_page=2');
    // A dotted value from the caller would move the host: refused, unlike the spec's own text.
    expect(() => client(meta, { tenant: 'evil.example', region: 'EU' })).toThrow(ValidationError);
  });

  it('no value and no default leaves the placeholder unfilled: a ValidationError naming it', () => {
    const { default: _omitted, ...noDefault } = REGION;
    expect(() => client(metadata('https://{region}/v2', { region: noDefault }))).toThrow(/region/);
  });
});

describe('page-number paging with a string cursor parameter', () => {
  it('meta carries the next page number as a string, and iteration sends it as the page', async () => {
    const { client: c, urls } = client(metadata('https://{region}/v2', { region: REGION }));
    const first = await c.requestPage<{ id: string }, { next_page: unknown }>('orders', 'list', {});
    expect(first.meta).toEqual({ next_page: '2' });
    const ids: string[] = [];
    for await (const order of first) ids.push(order.id);
    expect(ids).toEqual(['o1', 'o2', 'o3']);
    expect(urls.map((u) => new URL(u).searchParams.get('page'))).toEqual([null, '2', '3']);
    const last = await c.execute('orders', 'list', { starting_after: '3' });
    expect(last.meta).toEqual({ next_page: null });
  });

  it('without cursorType the next page stays a number (existing integer page params)', async () => {
    const { cursorType: _dropped, ...integerRule } = LIST.pagination as Extract<ActionMetadata['pagination'], { style: 'page-number' }>;
    const meta = metadata('https://{region}/v2', { region: REGION });
    const list: ActionMetadata = { ...LIST, pagination: integerRule };
    const { client: c } = client({ ...meta, actions: { orders: { list } } });
    expect((await c.execute('orders', 'list', {})).meta).toEqual({ next_page: 2 });
  });
});
