/**
 * Transport limits, observed from the server side: a timed-out or aborted attempt closes its
 * socket, bodies have a size cap, connections per origin are capped, a 2xx that is not JSON is
 * retried only for reads, header values are checked before any I/O, and redirects follow the
 * origin rule. Each runs against both wires: the built-in pool and a caller-supplied fetch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  ConfigurationError,
  ConnectionError,
  MalformedResponseError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
  AbortError,
} from '@switchyard/runtime';
import { StaticHeaderAuth } from '@switchyard/runtime';
import { DEFAULT_MAX_CONNECTIONS, HttpClient, Redactor, type HttpClientConfig, type HttpRequest } from '@switchyard/runtime/internal';
import { AUTH, FAST_RETRY, SECRETS, rejection, widgetsClient, type FakeServer } from './helpers.js';
import { flood, loopback, trickle, within, type Loopback, type LoopbackHandler } from './loopback.js';

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: LoopbackHandler): Promise<Loopback> {
  const server = await loopback(handler);
  servers.push(server);
  return server;
}

const WIRES = {
  'built-in pool': {},
  'caller fetch': { fetch: ((input, init) => fetch(input, init)) as typeof fetch },
} satisfies Record<string, Partial<HttpClientConfig>>;

function client(extra: Partial<HttpClientConfig> = {}): HttpClient {
  return new HttpClient({ redactor: new Redactor(), retry: FAST_RETRY, ...extra });
}

function get(url: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return { operation: 'test items.list', method: 'GET', url, idempotent: true, auth: null, responseType: 'json', ...overrides };
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

for (const [wire, wireOptions] of Object.entries(WIRES)) {
  describe(`a timed-out or aborted attempt ends for real (${wire})`, () => {
    it('after a TimeoutError on a body that never ends, the server sees the socket closed', async () => {
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"items":[');
        trickle(res, '"x",'.repeat(1024), 10, 64 * 1024 * 1024);
      });
      // The timeout must fall mid-body, after the response started: long enough for the first
      // request of a cold pool (its module loads on first use) on a loaded machine.
      const http = client({ ...wireOptions, timeout: 1_000, maxRetries: 0 });
      const error = await rejection(http.send(get(`${server.url}/items`)));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(server.connections).toBe(1);
      // Before the fix the abandoned body kept streaming into memory and the socket stayed open.
      await within(server.socketClosed(0), 5_000, 'the server seeing the socket close');
    });

    it('the caller aborting mid-body closes the socket too', async () => {
      const controller = new AbortController();
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"items":[');
        trickle(res, '"x",'.repeat(1024), 10, 64 * 1024 * 1024);
        // Aborted once the body is under way, not at a time counted from the call: a cold pool on
        // a loaded machine had not even sent the request 100 ms after the call (a fresh clone's
        // run: "no request #0 was received").
        setTimeout(() => controller.abort(), 100);
      });
      const pending = client(wireOptions).send(get(`${server.url}/items`, { options: { signal: controller.signal } }));
      expect(await rejection(pending)).toBeInstanceOf(AbortError);
      await within(server.socketClosed(0), 5_000, 'the server seeing the socket close');
    });

    it('a JSON body over maxResponseBytes is a ResponseTooLargeError and the socket is closed', async () => {
      // Chunked, no Content-Length: the cap must be enforced while reading.
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        flood(res, 'y'.repeat(16 * 1024), 16 * 1024 * 1024);
      });
      const error = await rejection(client({ ...wireOptions, maxResponseBytes: 64 * 1024 }).send(get(`${server.url}/items`)));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect(error.limitBytes).toBe(64 * 1024);
      expect(error.message).toContain('maxResponseBytes');
      expect(server.requests).toHaveLength(1); // a size is not a transient failure: no retry
      await within(server.socketClosed(0), 5_000, 'the server seeing the socket close');
    });

    it('a Content-Length over the cap is refused before the body is read', async () => {
      const big = 'z'.repeat(200 * 1024);
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(big.length) });
        res.end(big);
      });
      const error = await rejection(client({ ...wireOptions, maxResponseBytes: 1024 }).send(get(`${server.url}/items`)));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
    });
  });

  describe(`a 2xx that is not JSON (${wire})`, () => {
    it('a read is retried like a 5xx and succeeds when a valid answer follows', async () => {
      let n = 0;
      const server = await serve((_req, res) => {
        if (n++ === 0) {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
        } else json(res, 200, { items: [1] });
      });
      const result = await client(wireOptions).send(get(`${server.url}/items`));
      expect(result.body).toEqual({ items: [1] });
      expect(server.requests).toHaveLength(2);
    });

    it('a read that keeps answering truncated JSON ends as MalformedResponseError after 1 + maxRetries requests', async () => {
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-9' });
        res.end('{"items":[{"id":1},{"id":');
      });
      const error = await rejection(client(wireOptions).send(get(`${server.url}/items`)));
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200, body: '{"items":[{"id":1},{"id":', requestId: 'req-9' });
      expect(server.requests).toHaveLength(3);
    });

    it('a write is never sent twice: MalformedResponseError after exactly 1 request', async () => {
      const server = await serve((_req, res) => {
        res.writeHead(201, { 'content-type': 'text/html' });
        res.end('<html>created?</html>');
      });
      const request = get(`${server.url}/items`, { method: 'POST', idempotent: false, body: '{"name":"a"}' });
      expect(await rejection(client(wireOptions).send(request))).toBeInstanceOf(MalformedResponseError);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe(`redirects (${wire})`, () => {
    const auth = new StaticHeaderAuth('authorization', `Bearer ${SECRETS.apiToken}`, [SECRETS.apiToken]);

    it('a same-origin redirect is followed with the credentials and custom headers', async () => {
      const server = await serve((req, res) => {
        if (req.url === '/old') {
          res.writeHead(302, { location: '/new' });
          res.end('<html>moved</html>');
        } else json(res, 200, { moved: true });
      });
      const http = client({ ...wireOptions, defaultHeaders: { 'x-api-key': 'k-123456' } });
      const result = await http.send(get(`${server.url}/old`, { auth }));
      expect(result.body).toEqual({ moved: true });
      expect(result.url).toBe(`${server.url}/new`);
      expect(server.requests[1]!.headers['authorization']).toBe(`Bearer ${SECRETS.apiToken}`);
      expect(server.requests[1]!.headers['x-api-key']).toBe('k-123456');
    });

    it("the vendor's response headers are its own: a `__proto__` header is kept, nothing inherited is read as one", async () => {
      const server = await serve((_req, res) => {
        res.writeHead(200, [
          ['content-type', 'application/json'],
          ['__proto__', 'p-1'],
          ['constructor', 'c-1'],
        ]);
        res.end('{}');
      });
      const polluted = Object.prototype as Record<string, unknown>;
      polluted['x-inherited'] = 'from the prototype';
      try {
        const result = await client(wireOptions).send(get(`${server.url}/items`));
        expect(result.headers.get('x-inherited')).toBeNull();
        expect(result.headers.get('__proto__')).toBe('p-1');
        expect(result.headers.get('constructor')).toBe('c-1');
      } finally {
        delete polluted['x-inherited'];
      }
    });

    // Only over the built-in pool: Node's own fetch drops a header named `__proto__` itself (it
    // copies the request's headers into a plain object by assignment before sending).
    it.skipIf(wire === 'caller fetch')(
      'a same-origin redirect keeps headers named like prototype members (own keys, not a prototype)',
      async () => {
        const server = await serve((req, res) => {
          if (req.url === '/old') {
            res.writeHead(302, { location: '/new' });
            res.end();
          } else json(res, 200, { moved: true });
        });
        const headers = JSON.parse('{"__proto__": "p-1", "constructor": "c-1"}') as Record<string, string>;
        await client(wireOptions).send(get(`${server.url}/old`, { headers }));
        const seen = server.requests.map(({ rawHeaders: raw }) => {
          const value = (name: string) => raw[raw.findIndex((part, i) => i % 2 === 0 && part.toLowerCase() === name) + 1];
          return [value('__proto__'), value('constructor')];
        });
        expect(seen).toEqual([
          ['p-1', 'c-1'],
          ['p-1', 'c-1'],
        ]);
      },
    );

    it('a redirect to another origin carries neither the credentials nor custom headers', async () => {
      const other = await serve((_req, res) => json(res, 200, { elsewhere: true }));
      const server = await serve((_req, res) => {
        res.writeHead(302, { location: `${other.url}/landing` });
        res.end();
      });
      const http = client({ ...wireOptions, defaultHeaders: { 'x-api-key': 'k-123456', accept: 'application/json' } });
      const result = await http.send(get(`${server.url}/old`, { auth, headers: { 'x-trace': 't-1' } }));
      expect(result.body).toEqual({ elsewhere: true });
      const forwarded = other.requests[0]!.headers;
      expect(forwarded['authorization']).toBeUndefined();
      expect(forwarded['x-api-key']).toBeUndefined();
      expect(forwarded['x-trace']).toBeUndefined();
      expect(forwarded['accept']).toBe('application/json');
    });

    it('a 307 to another origin is not followed: the request body is never re-sent there', async () => {
      const other = await serve((_req, res) => json(res, 201, { created: true }));
      const server = await serve((_req, res) => {
        res.writeHead(307, { location: `${other.url}/items` });
        res.end();
      });
      const request = get(`${server.url}/items`, { method: 'POST', idempotent: false, body: '{"secret":"payload"}', auth });
      const error = await rejection(client(wireOptions).send(request));
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(307);
      expect(error.message).toContain('the request body is never re-sent to another origin');
      expect(other.requests).toHaveLength(0);
      expect(server.requests).toHaveLength(1);
    });

    it('a 307 on the same origin re-sends the body; a 303 turns into a GET without it', async () => {
      const server = await serve((req, res) => {
        if (req.url === '/a') {
          res.writeHead(307, { location: '/b' });
          res.end();
        } else if (req.url === '/b') {
          res.writeHead(303, { location: '/c' });
          res.end();
        } else json(res, 200, { done: true });
      });
      const request = get(`${server.url}/a`, {
        method: 'POST',
        idempotent: false,
        body: '{"n":1}',
        headers: { 'content-type': 'application/json' },
      });
      expect((await client(wireOptions).send(request)).body).toEqual({ done: true });
      expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual(['POST /a {"n":1}', 'POST /b {"n":1}', 'GET /c ']);
    });
  });
}

describe('connections per origin', () => {
  const widgetServer = () =>
    serve((req, res) => {
      // Answer a little later so calls really overlap.
      setTimeout(() => json(res, 200, { ok: true, widget: { id: req.url.split('/').pop() } }), 2);
    });

  it('2,000 concurrent calls with maxConnections 16 open at most 16 sockets at the server, and all succeed', async () => {
    const server = await widgetServer();
    const connector = widgetsClient({ url: server.url } as FakeServer, AUTH.bearer, { maxConnections: 16 });
    const results = await Promise.all(Array.from({ length: 2_000 }, (_, i) => connector.execute('widgets', 'get', { id: `w${i}` })));
    expect(results.map((r) => (r.data as { id: string }).id)).toEqual(Array.from({ length: 2_000 }, (_, i) => `w${i}`));
    expect(server.requests).toHaveLength(2_000);
    expect(server.connections).toBeGreaterThan(1);
    expect(server.connections).toBeLessThanOrEqual(16);
  });

  it(`without the option a client opens at most DEFAULT_MAX_CONNECTIONS (${DEFAULT_MAX_CONNECTIONS}) sockets`, async () => {
    const server = await widgetServer();
    const connector = widgetsClient({ url: server.url } as FakeServer, AUTH.bearer);
    await Promise.all(Array.from({ length: 300 }, (_, i) => connector.execute('widgets', 'get', { id: `w${i}` })));
    expect(server.requests).toHaveLength(300);
    expect(server.connections).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS);
  });

  it('maxConnections and maxResponseBytes must be positive integers', () => {
    expect(() => client({ maxConnections: 0 })).toThrow(ConfigurationError);
    expect(() => client({ maxConnections: 2.5 })).toThrow(/`maxConnections` must be a positive integer/);
    expect(() => client({ maxResponseBytes: -1 })).toThrow(/`maxResponseBytes` must be a positive integer/);
  });
});

describe('header values are checked before any I/O', () => {
  const okServer = () => serve((_req, res) => json(res, 200, { ok: true, widget: { id: 'w1' } }));

  it('a CR/LF in a constructor header is a ConfigurationError at construction', async () => {
    const server = await okServer();
    expect(() => widgetsClient({ url: server.url } as FakeServer, AUTH.bearer, { headers: { 'x-trace': 'a\r\nx-injected: 1' } })).toThrow(
      ConfigurationError,
    );
    expect(() => widgetsClient({ url: server.url } as FakeServer, AUTH.bearer, { headers: { 'x-trace': 'a\nb' } })).toThrow(
      /headers\.x-trace must not contain CR, LF.*\[header-value\]/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('a CR/LF in a per-call header is a ValidationError (rule header-value) with no request sent', async () => {
    const server = await okServer();
    const connector = widgetsClient({ url: server.url } as FakeServer, AUTH.bearer);
    const error = await rejection(connector.execute('widgets', 'get', { id: 'w1' }, { headers: { 'x-trace': 'a\r\nx-injected: 1' } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error.issues).toEqual([{ path: 'options.headers.x-trace', rule: 'header-value', message: expect.stringContaining('CR, LF') }]);
    expect(server.requests).toHaveLength(0);
  });

  it('a credential with a trailing newline is a ConfigurationError naming the field, not the value', async () => {
    const server = await okServer();
    const token = `${SECRETS.apiToken}\n`;
    const error = (() => {
      try {
        widgetsClient({ url: server.url } as FakeServer, { apiToken: token });
      } catch (e) {
        return e as Error;
      }
      throw new Error('expected a ConfigurationError');
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain('auth.apiToken');
    expect(error.message).not.toContain(SECRETS.apiToken);
  });
});
