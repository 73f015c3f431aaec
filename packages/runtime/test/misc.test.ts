import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConfigurationError,
  ConnectorClient,
  HostedOnlyError,
  MalformedResponseError,
  ValidationError,
  type ConnectorMetadata,
  type ExecuteRequest,
  type Executor,
} from '@switchyard/runtime';
import { OpenSourceExecutor } from '@switchyard/runtime/internal';
import { type WidgetOps, AUTH, FAST_RETRY, SECRETS, rejection, routes, useServers, widgetsClient, widgetsMetadata } from './helpers.js';

describe('execute: dispatch', () => {
  const serve = useServers();

  it('an unknown entity or action is a ValidationError naming the known ones, before any request', async () => {
    const server = await serve(routes({}));
    const client = widgetsClient(server);
    const entity = await rejection(client.execute('gadgets', 'list'));
    expect(entity).toBeInstanceOf(ValidationError);
    expect(entity.issues).toEqual([
      {
        path: 'entity',
        rule: 'enum',
        message:
          '"gadgets" is not an entity of this connector; known: widgets, issues, projects, events, invoices, reports, orders, files, attachments',
      },
    ]);
    expect(entity.message).toMatch(/^widgets execute: 1 invalid parameter\n/);
    const action = await rejection(client.execute('widgets', 'destroy'));
    expect(action.issues).toEqual([
      { path: 'action', rule: 'enum', message: '"destroy" is not an action of widgets; known: list, get, create, archive, search' },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it('a hosted-only search is a HostedOnlyError before any request (and before validation)', async () => {
    const server = await serve(routes({}));
    const client = widgetsClient(server);
    expect(client.mode).toBe('open-source');
    const error = await rejection(client.execute('widgets', 'search', { query: { filter: { eq: { name: 'x' } } } }));
    expect(error).toBeInstanceOf(HostedOnlyError);
    expect(error.name).toBe('HostedOnlyError');
    expect(error.message).toMatch(/^widgets widgets\.search queries the synced copy kept by the Switchyard execution service/);
    expect(error.message).toContain('read widgets through its list or get actions');
    expect(await rejection(client.execute('widgets', 'search', { nope: 1 }))).toBeInstanceOf(HostedOnlyError);
    expect(server.requests).toHaveLength(0);
  });

  it('request() resolves to {data, meta} of non-list actions', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': () => ({ body: { widget: { id: 'w1' } } }) }));
    expect(await widgetsClient(server).request('widgets', 'get', { id: 'w1' })).toEqual({ data: { id: 'w1' }, meta: {} });
  });

  it('a custom executor (hosted mode) receives {entity, action, params} and pages through the same Page class', async () => {
    const calls: ExecuteRequest[] = [];
    const executor: Executor = {
      mode: 'hosted',
      async execute(request) {
        calls.push(request);
        const cursor = request.params?.['cursor'];
        return cursor ? { data: [3], meta: { next_cursor: null } } : { data: [1, 2], meta: { next_cursor: 'n1' } };
      },
    };
    const client = new ConnectorClient(widgetsMetadata(), { executor });
    expect(client.mode).toBe('hosted');
    const all: number[] = [];
    for await (const n of client.requestPage<number, unknown>('widgets', 'list', { limit: 2 })) all.push(n);
    expect(all).toEqual([1, 2, 3]);
    expect(calls).toEqual([
      { entity: 'widgets', action: 'list', params: { limit: 2 } },
      { entity: 'widgets', action: 'list', params: { limit: 2, cursor: 'n1' } },
    ]);
  });
});

describe('building requests', () => {
  const serve = useServers();

  it('GraphQL: {query, variables, operationName} with dot-path variables', async () => {
    const server = await serve(
      routes({ 'POST /graphql': () => ({ body: { data: { issueCreate: { success: true, issue: { id: 'i1', title: 'Fix' } } } } }) }),
    );
    const result = await widgetsClient(server).execute('issues', 'create', { teamId: 't-9', title: 'Fix' });
    expect(result).toEqual({ data: { id: 'i1', title: 'Fix' }, meta: {} });
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.rawBody)).toEqual({
      query: 'mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id title } } }',
      variables: { input: { teamId: 't-9', title: 'Fix' } },
      operationName: 'IssueCreate',
    });
  });

  it('JSON body: the envelope wraps body params, dot-path `as` nests, header params become headers', async () => {
    const server = await serve(
      routes({ 'POST /widgets': (req) => ({ status: 201, body: { widget: { id: 'w9', ...(req.body as any).widget } } }) }),
    );
    const result = await widgetsClient(server).execute('widgets', 'create', {
      name: 'Sprocket',
      color: 'red',
      ownerId: 'u1',
      tags: ['a', 'b'],
      idempotencyKey: 'idem-1',
    });
    expect(result.data).toEqual({ id: 'w9', name: 'Sprocket', color: 'red', owner: { id: 'u1' }, tags: ['a', 'b'] });
    const request = server.requests[0]!;
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request.headers['idempotency-key']).toBe('idem-1');
    expect(JSON.parse(request.rawBody)).toEqual({ widget: { name: 'Sprocket', color: 'red', owner: { id: 'u1' }, tags: ['a', 'b'] } });
    expect(request.query).toEqual({});
  });

  it('form body', async () => {
    const server = await serve(routes({ 'POST /widgets/:id/archive': () => ({ body: { ok: true } }) }));
    await widgetsClient(server).execute('widgets', 'archive', { id: 'w1', reason: 'old & unused', notify: true });
    const request = server.requests[0]!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.rawBody).toBe('reason=old+%26+unused&notify=true');
  });

  it('path params are URI-encoded', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': (_req, p) => ({ body: { widget: { id: decodeURIComponent(p['id']!) } } }) }));
    const result = await widgetsClient(server).execute('widgets', 'get', { id: 'a/b c?#%' });
    expect(server.requests[0]!.path).toBe('/widgets/a%2Fb%20c%3F%23%25');
    expect(result.data).toEqual({ id: 'a/b c?#%' });
  });

  it('arrays in the query: csv by default, repeated keys with style repeat', async () => {
    const server = await serve(routes({ 'GET /widgets': () => ({ body: { widgets: [], meta: {} } }) }));
    await widgetsClient(server).execute('widgets', 'list', { tags: ['x', 'y z'], ids: ['1', '2'], limit: 5 });
    const request = server.requests[0]!;
    expect(request.query).toEqual({ limit: '5', tags: 'x,y z', id: ['1', '2'] });
    expect(request.body).toBeUndefined(); // a GET carries no body
  });

  it('a 2xx body that is not JSON is a MalformedResponseError (not an ApiError) after the read is retried', async () => {
    const server = await serve(
      routes({ 'GET /widgets/:id': () => ({ headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' }) }),
    );
    const error = await rejection(widgetsClient(server).execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/^widgets widgets\.get: the vendor answered HTTP 200 with a body that is not JSON \(GET /);
    expect(error.body).toBe('<html>maintenance</html>');
    expect(server.requests).toHaveLength(3); // 1 + maxRetries (2)
  });

  it('an injected fetch is used for every request', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': () => ({ body: { widget: { id: 'w1' } } }) }));
    const seen: string[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    };
    await widgetsClient(server, AUTH.bearer, { fetch: fetchImpl }).execute('widgets', 'get', { id: 'w1' });
    expect(seen).toEqual([`GET ${server.url}/widgets/w1`]);
  });
});

describe('base URL', () => {
  const serve = useServers();

  it('is filled from config (values URI-encoded) when no baseUrl is given', () => {
    const client = new ConnectorClient(widgetsMetadata(), { auth: AUTH.bearer, config: { subdomain: 'acme-1' } });
    expect((client.executor as OpenSourceExecutor).baseUrl).toBe('https://acme-1.widgets.example/api');
  });

  it('config is validated like params', () => {
    const make = (config: unknown) => () => new ConnectorClient(widgetsMetadata(), { auth: AUTH.bearer, config });
    expect(make(undefined)).toThrow(ValidationError);
    expect(make({})).toThrow('Widgets connector config: 1 invalid parameter\n  - subdomain: is required [required]');
    expect(make({ subdomain: 'Acme Corp' })).toThrow('subdomain: must be lowercase letters, digits and -; got "Acme Corp" [pattern]');
    expect(make({ subdomian: 'acme' })).toThrow('subdomian: is not a known parameter; did you mean "subdomain"?');
  });

  it("a baseUrl that cannot take a call's path is a ConfigurationError when the connector is made, not a ConnectionError or a 404 at its first call", () => {
    const cases: [string, string][] = [
      ['ftp://widgets.example/api', 'only http and https URLs are allowed'],
      ['javascript:alert(1)', 'only http and https URLs are allowed'],
      ['widgets.example/api', 'not an absolute URL'],
      ['not a url', 'not an absolute URL'],
      ['/api', 'not an absolute URL'],
      ['https://user:secret-pass@widgets.example/api', 'the URL must not carry credentials'],
      // Seen in a trial: the action's path went after the query, and the call asked for …/api.
      ['https://widgets.example/api?region=eu', "the URL must not carry a query or fragment (each call's path is appended to it)"],
      ['https://widgets.example/api?', "the URL must not carry a query or fragment (each call's path is appended to it)"],
      ['https://widgets.example/api#top', "the URL must not carry a query or fragment (each call's path is appended to it)"],
    ];
    for (const [baseUrl, problem] of cases) {
      expect(() => new ConnectorClient(widgetsMetadata(), { auth: AUTH.bearer, baseUrl }), baseUrl).toThrow(
        new ConfigurationError(`Widgets connector: \`baseUrl\`: ${problem}`),
      );
    }
    expect(
      (new ConnectorClient(widgetsMetadata(), { auth: AUTH.bearer, baseUrl: 'HTTP://127.0.0.1:9/api/' }).executor as OpenSourceExecutor)
        .baseUrl,
    ).toBe('HTTP://127.0.0.1:9/api');
  });

  it('no options at all (plain JavaScript) is a ConfigurationError saying what to pass', () => {
    for (const options of [undefined, null, 'token', []]) {
      expect(() => new ConnectorClient(widgetsMetadata(), options as never), String(options)).toThrow(
        /^Widgets connector: give an options object \(\{ auth: \{ … \} \} for open-source mode\)/,
      );
    }
  });

  it('a filled template reaches the server; an explicit baseUrl wins and loses its trailing slash', async () => {
    const server = await serve(routes({ 'GET /tenants/:tenant/widgets/:id': (_req, p) => ({ body: { widget: p } }) }));
    const port = Number(new URL(server.url).port);
    const metadata: ConnectorMetadata = {
      ...widgetsMetadata(server.url),
      baseUrl: 'http://127.0.0.1:{port}/tenants/{tenant}',
      config: { port: { type: 'integer', required: true }, tenant: { type: 'string', required: true } },
    };
    const client = new ConnectorClient<WidgetOps>(metadata, { auth: AUTH.bearer, config: { port, tenant: 'a b' }, retry: FAST_RETRY });
    const result = await client.execute('widgets', 'get', { id: 'w1' });
    expect(server.requests[0]!.path).toBe('/tenants/a%20b/widgets/w1');
    expect(result.data).toEqual({ tenant: 'a%20b', id: 'w1' });
    expect(server.requests[0]!.headers['authorization']).toBe(`Bearer ${SECRETS.apiToken}`);

    const direct = new ConnectorClient(metadata, { auth: AUTH.bearer, baseUrl: `${server.url}/tenants/t//` });
    expect((direct.executor as OpenSourceExecutor).baseUrl).toBe(`${server.url}/tenants/t`);
    await direct.execute('widgets', 'get', { id: 'w2' });
    expect(server.requests[1]!.path).toBe('/tenants/t/widgets/w2');
  });
});
