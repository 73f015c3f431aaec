import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  SwitchyardError,
  TimeoutError,
  VendorError,
  type ConnectorMetadata,
} from '@switchyard/runtime';
import { DEFAULT_RETRY_POLICY, backoffDelay, serverRequestedDelay, shouldRetryStatus } from '@switchyard/runtime/internal';
import {
  abortOnArrival,
  captureLogger,
  rejection,
  routes,
  useServers,
  widgetsClient,
  widgetsMetadata,
  type FakeServer,
} from './helpers.js';

const WIDGET = { id: 'w1', name: 'Sprocket' };

const vendor = routes({
  'GET /widgets/:id': (_req, p) => ({ body: { ok: true, widget: { ...WIDGET, id: decodeURIComponent(p['id']!) } } }),
  'POST /widgets': (req) => ({ status: 201, body: { ok: true, widget: { id: 'w-new', ...(req.body as { widget: object }).widget } } }),
  'POST /graphql': (req) => {
    const { operationName, variables } = req.body as { operationName: string; variables: Record<string, any> };
    if (operationName === 'IssueGet') return { body: { data: { issue: { id: variables['id'], title: 'Bug' } } } };
    return { body: { data: { issueCreate: { success: true, issue: { id: 'i-new', title: variables['input'].title } } } } };
  },
});

describe('retries', () => {
  const serve = useServers();
  const start = () => serve(vendor);
  const create = (server: FakeServer, options = {}, clientOptions = {}) =>
    widgetsClient(server, undefined, clientOptions).execute('widgets', 'create', { name: 'Sprocket' }, options);

  describe('429 and Retry-After', () => {
    it('retries a POST create after a 429 with Retry-After: 1, waiting about a second', async () => {
      const server = await start();
      server.failNext('/widgets', {
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: { message: 'slow down' } },
      });
      const log = captureLogger();
      const started = Date.now();
      const result = await create(server, {}, { logger: log.logger });
      const elapsed = Date.now() - started;
      expect(result).toEqual({ data: { id: 'w-new', name: 'Sprocket' }, meta: {} });
      expect(server.requests.map((r) => r.method + ' ' + r.path)).toEqual(['POST /widgets', 'POST /widgets']);
      expect(log.retries()).toEqual([{ operation: 'widgets widgets.create', attempt: 1, delayMs: 1000, reason: 'HTTP 429' }]);
      expect(elapsed).toBeGreaterThanOrEqual(950);
      expect(elapsed).toBeLessThan(10_000); // the wait itself is the logged delayMs above
    });

    it('Retry-After: 0 retries at once', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
      const log = captureLogger();
      await create(server, {}, { logger: log.logger });
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.delayMs)).toEqual([0]);
    });

    it('Retry-After as an HTTP date is honoured', async () => {
      const server = await start();
      // A date in the past: wait 0 ms (a backoff would wait at least ~4 ms).
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': new Date(Date.now() - 5_000).toUTCString() } });
      const log = captureLogger();
      await create(server, {}, { logger: log.logger });
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.delayMs)).toEqual([0]);
      // A date two hours ahead is longer than maxRetryAfterMs (60 s): raised at once with the wait.
      server.reset();
      const at = new Date(Date.now() + 2 * 3600_000).toUTCString();
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': at } });
      const error = await rejection(create(server));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBeGreaterThan(2 * 3600_000 - 5_000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(2 * 3600_000);
      expect(server.requests).toHaveLength(1);
    });

    it('uses the vendor reset header (metadata.rateLimit) when there is no Retry-After', async () => {
      const server = await start();
      const metadata: ConnectorMetadata = {
        ...widgetsMetadata(server.url),
        rateLimit: { resetHeader: 'x-ratelimit-reset', resetFormat: 'unix-seconds' },
      };
      const log = captureLogger();
      const client = widgetsClient(server, undefined, { logger: log.logger }, metadata);
      server.failNext('/widgets', {
        kind: 'status',
        status: 429,
        headers: { 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) - 1) },
      });
      await client.execute('widgets', 'create', { name: 'a' });
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.delayMs)).toEqual([0]); // the window already reset
      server.reset();
      const reset = Math.floor(Date.now() / 1000) + 3600;
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'x-ratelimit-reset': String(reset) } });
      const error = await rejection(client.execute('widgets', 'create', { name: 'a' }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBeGreaterThan(3590_000);
      expect(error.retryAfterMs).toBeLessThanOrEqual(3600_000);
      expect(server.requests).toHaveLength(1);
    });

    it('a Retry-After longer than retry.maxRetryAfterMs raises RateLimitError at once', async () => {
      const server = await start();
      server.failNext('/widgets', {
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '120', 'x-request-id': 'req-429' },
        body: { error: { code: 'rate_limited', message: 'Too many widgets' } },
      });
      const started = Date.now();
      const error = await rejection(create(server));
      // At once: far below the 120 s it would have waited (a bound a loaded machine cannot reach).
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.name).toBe('RateLimitError');
      expect(error.retryAfterMs).toBe(120_000);
      expect(error.status).toBe(429);
      expect(error.code).toBe('rate_limited');
      expect(error.requestId).toBe('req-429');
      expect(error.message).toContain('Too many widgets');
      expect(error.message).toContain('Rate limited; wait before retrying');
      expect(server.requests).toHaveLength(1);
    });

    it('maxRetryAfterMs is configurable', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': '1' } });
      const error = await rejection(create(server, {}, { retry: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 500 } }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBe(1000);
      expect(server.requests).toHaveLength(1);
    });

    it('a call may bound maxRetryAfterMs for itself, lower or higher than its client', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': '1' } });
      // The client would wait the second; this call may not.
      const refused = await rejection(create(server, { maxRetryAfterMs: 500 }));
      expect(refused).toBeInstanceOf(RateLimitError);
      expect(server.requests).toHaveLength(1);
      server.reset();
      // The client would refuse to wait; this call may.
      server.failNext('/widgets', { kind: 'status', status: 429, headers: { 'retry-after': '1' } });
      const log = captureLogger();
      const clientOptions = { logger: log.logger, retry: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 500 } };
      await create(server, { maxRetryAfterMs: 2_000 }, clientOptions);
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.delayMs)).toEqual([1000]);
    });

    it('a 429 without any wait hint uses the (tiny) exponential backoff', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 429 }, 2);
      const log = captureLogger();
      await create(server, {}, { logger: log.logger });
      const delays = log.retries().map((r) => r.delayMs);
      expect(server.requests).toHaveLength(3);
      expect(delays).toHaveLength(2);
      expect(delays[0]).toBeGreaterThanOrEqual(3); // 5 ms ± 25 %
      expect(delays[0]).toBeLessThanOrEqual(7);
      expect(delays[1]).toBeGreaterThanOrEqual(7); // 10 ms ± 25 %
      expect(delays[1]).toBeLessThanOrEqual(13);
    });
  });

  describe('5xx: idempotent requests only', () => {
    it('503 then 200 on a GET succeeds after 2 requests', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'status', status: 503 });
      const log = captureLogger();
      const result = await widgetsClient(server, undefined, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' });
      expect(result.data).toEqual(WIDGET);
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.reason)).toEqual(['HTTP 503']);
    });

    it('503 on a POST create is not retried: ServerError after exactly 1 request', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 503, headers: { 'x-request-id': 'req-503' } }, 5);
      const error = await rejection(create(server));
      expect(error).toBeInstanceOf(ServerError);
      expect(error.status).toBe(503);
      expect(error.requestId).toBe('req-503');
      expect(error.message).toContain('the vendor failed; retry later');
      expect(server.requests).toHaveLength(1);
    });

    it('503 on a GraphQL mutation is not retried', async () => {
      const server = await start();
      server.failNext('/graphql', { kind: 'status', status: 503 }, 5);
      const error = await rejection(widgetsClient(server).execute('issues', 'create', { teamId: 't1', title: 'x' }));
      expect(error).toBeInstanceOf(ServerError);
      expect(server.requests).toHaveLength(1);
    });

    it('503 on the idempotent GraphQL query is retried', async () => {
      const server = await start();
      server.failNext('/graphql', { kind: 'status', status: 503 });
      const result = await widgetsClient(server).execute('issues', 'get', { id: 'i1' });
      expect(result.data).toEqual({ id: 'i1', title: 'Bug' });
      expect(server.requests).toHaveLength(2);
    });

    it('exhausting maxRetries throws the last error with its class and status', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'status', status: 502, headers: { 'x-request-id': 'first' } }, 2);
      server.failNext('/widgets/w1', { kind: 'status', status: 504, headers: { 'x-request-id': 'last' }, body: { message: 'gateway' } }, 5);
      const error = await rejection(widgetsClient(server).execute('widgets', 'get', { id: 'w1' }));
      expect(error).toBeInstanceOf(ServerError);
      expect(error.name).toBe('ServerError');
      expect(error.status).toBe(504);
      expect(error.requestId).toBe('last');
      expect(server.requests).toHaveLength(1 + DEFAULT_RETRY_POLICY.maxRetries);
    });

    it('client maxRetries and per-request maxRetries are honoured', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'status', status: 500 }, 20);
      await rejection(widgetsClient(server, undefined, { maxRetries: 4 }).execute('widgets', 'get', { id: 'w1' }));
      expect(server.requests).toHaveLength(5);
      server.requests.length = 0;
      const error = await rejection(
        widgetsClient(server, undefined, { maxRetries: 4 }).execute('widgets', 'get', { id: 'w1' }, { maxRetries: 0 }),
      );
      expect(error).toBeInstanceOf(ServerError);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('connection failures and timeouts', () => {
    it('a dropped connection on a GET is retried and succeeds', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'drop' });
      const log = captureLogger();
      const result = await widgetsClient(server, undefined, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' });
      expect(result.data).toEqual(WIDGET);
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.reason)).toEqual(['ConnectionError']);
    });

    it('a dropped connection on a POST is a ConnectionError after 1 request', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'drop' }, 5);
      const error = await rejection(create(server));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.name).toBe('ConnectionError');
      expect(error.message).toContain(`widgets widgets.create could not complete (POST ${server.url}/widgets)`);
      expect(server.requests).toHaveLength(1);
    });

    it('a connection dropped in the middle of the body on a GET is retried', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'drop-mid-body' });
      const result = await widgetsClient(server).execute('widgets', 'get', { id: 'w1' });
      expect(result.data).toEqual(WIDGET);
      expect(server.requests).toHaveLength(2);
    });

    it('a connection dropped mid-body on a POST is not retried', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'drop-mid-body' }, 5);
      expect(await rejection(create(server))).toBeInstanceOf(ConnectionError);
      expect(server.requests).toHaveLength(1);
    });

    it('a slow GET times out and is retried', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'delay', ms: 600 });
      const log = captureLogger();
      const client = widgetsClient(server, undefined, { timeout: 150, logger: log.logger });
      const result = await client.execute('widgets', 'get', { id: 'w1' });
      expect(result.data).toEqual(WIDGET);
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.reason)).toEqual(['TimeoutError']);
    });

    it('a GET that keeps timing out throws TimeoutError after 1 + maxRetries attempts', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'delay', ms: 30_000 }, 5);
      const started = Date.now();
      const error = await rejection(
        widgetsClient(server, undefined, { maxRetries: 1 }).execute('widgets', 'get', { id: 'w1' }, { timeout: 100 }),
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error.name).toBe('TimeoutError');
      expect(error.message).toContain(`widgets widgets.get timed out after 100 ms (GET ${server.url}/widgets/w1)`);
      expect(server.requests).toHaveLength(2);
      expect(Date.now() - started).toBeLessThan(10_000); // did not wait for the slow server (30 s)
    });

    it('a slow POST times out and is not retried', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'delay', ms: 600 }, 5);
      const error = await rejection(create(server, { timeout: 150 }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('caller aborts', () => {
    it('aborting during the request gives AbortError and no retry', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'delay', ms: 30_000 }, 5);
      const controller = new AbortController();
      const stopWatching = abortOnArrival(server, controller);
      const started = Date.now();
      const error = await rejection(
        widgetsClient(server).execute('widgets', 'get', { id: 'w1' }, { signal: controller.signal }).finally(stopWatching),
      );
      expect(error).toBeInstanceOf(AbortError);
      expect(error.name).toBe('AbortError');
      expect(error).not.toBeInstanceOf(TimeoutError);
      expect(Date.now() - started).toBeLessThan(10_000); // did not wait for the answer (30 s)
      expect(server.requests).toHaveLength(1);
    });

    it('an already aborted signal sends nothing', async () => {
      const server = await start();
      const error = await rejection(widgetsClient(server).execute('widgets', 'get', { id: 'w1' }, { signal: AbortSignal.abort() }));
      expect(error).toBeInstanceOf(AbortError);
      expect(server.requests).toHaveLength(0);
    });

    it('aborting during the backoff sleep stops waiting', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'status', status: 503 }, 5);
      const controller = new AbortController();
      const log = captureLogger();
      const retrying = log.logger.warn;
      log.logger.warn = (message, fields) => {
        retrying(message, fields);
        setTimeout(() => controller.abort(), 30);
      };
      const client = widgetsClient(server, undefined, { logger: log.logger, retry: { initialDelayMs: 20_000, maxDelayMs: 20_000 } });
      const started = Date.now();
      const error = await rejection(client.execute('widgets', 'get', { id: 'w1' }, { signal: controller.signal }));
      expect(error).toBeInstanceOf(AbortError);
      expect(Date.now() - started).toBeLessThan(10_000); // did not sleep the 20 s backoff out
      expect(log.retries()).toHaveLength(1);
      expect(log.retries()[0]!.delayMs).toBeGreaterThanOrEqual(15_000);
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('rate limits and failures reported in the body', () => {
    it('ok:false with a rate-limit code in a 200 is retried, even for a POST', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'body', body: { ok: false, error: 'ratelimited' } });
      const log = captureLogger();
      const result = await create(server, {}, { logger: log.logger });
      expect(result.data).toEqual({ id: 'w-new', name: 'Sprocket' });
      expect(server.requests).toHaveLength(2);
      expect(log.retries().map((r) => r.reason)).toEqual(['HTTP 200']); // a RateLimitError is an ApiError
    });

    it('the rate-limit code in a non-2xx body (HTTP 400) is a RateLimitError and is retried', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 400, body: { ok: false, error: 'ratelimited' } });
      await create(server);
      expect(server.requests).toHaveLength(2);
      server.reset();
      server.failNext('/widgets', { kind: 'status', status: 400, body: { ok: false, error: 'ratelimited' } }, 5);
      const error = await rejection(create(server, { maxRetries: 1 }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.status).toBe(400);
      expect(error.code).toBe('ratelimited');
      expect(server.requests).toHaveLength(2);
    });

    it('GraphQL RATELIMITED in errors[] is retried for a mutation', async () => {
      const server = await start();
      server.failNext('/graphql', { kind: 'body', body: { errors: [{ message: 'Slow down', extensions: { code: 'RATELIMITED' } }] } });
      const result = await widgetsClient(server).execute('issues', 'create', { teamId: 't1', title: 'x' });
      expect(result.data).toEqual({ id: 'i-new', title: 'x' });
      expect(server.requests).toHaveLength(2);
    });

    it('ok:false with another code is a VendorError with .code, not retried', async () => {
      const server = await start();
      server.failNext('/widgets/w1', { kind: 'body', body: { ok: false, error: 'widget_not_found' } }, 5);
      const error = await rejection(widgetsClient(server).execute('widgets', 'get', { id: 'w1' }));
      expect(error).toBeInstanceOf(VendorError);
      expect(error).toBeInstanceOf(SwitchyardError);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error.name).toBe('VendorError');
      expect(error.code).toBe('widget_not_found');
      expect(error.status).toBe(200);
      expect(error.body).toEqual({ ok: false, error: 'widget_not_found' });
      expect(error.message).toBe('widgets widgets.get failed: the vendor reported "widget_not_found"');
      expect(server.requests).toHaveLength(1);
    });

    it('GraphQL errors[] carry the code and the message', async () => {
      const server = await start();
      server.failNext('/graphql', {
        kind: 'body',
        body: { data: null, errors: [{ message: 'Team not found', extensions: { code: 'NOT_FOUND' } }] },
      });
      const error = await rejection(widgetsClient(server).execute('issues', 'get', { id: 'i1' }));
      expect(error).toBeInstanceOf(VendorError);
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('widgets issues.get failed: the vendor reported "NOT_FOUND" (Team not found)');
      expect(server.requests).toHaveLength(1);
    });

    it('a mutation payload with success:false is a VendorError', async () => {
      const server = await start();
      server.failNext('/graphql', { kind: 'body', body: { data: { issueCreate: { success: false, issue: null } } } });
      const error = await rejection(widgetsClient(server).execute('issues', 'create', { teamId: 't', title: 'x' }));
      expect(error).toBeInstanceOf(VendorError);
      expect(error.code).toBe('unsuccessful');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('status → error class', () => {
    const cases = [
      [400, ApiError, 'ApiError', ''],
      [401, AuthenticationError, 'AuthenticationError', 'Check the credentials passed in `auth`'],
      [403, PermissionDeniedError, 'PermissionDeniedError', 'The credentials lack a permission or scope this call needs'],
      [404, NotFoundError, 'NotFoundError', 'Check the identifiers in the parameters'],
      [409, ConflictError, 'ConflictError', 'The resource changed or already exists'],
      [422, ApiError, 'ApiError', ''],
      [500, ServerError, 'ServerError', 'the vendor failed; retry later'],
    ] as const;

    for (const [status, ErrorClass, name, hint] of cases) {
      it(`HTTP ${status} → ${name}`, async () => {
        const server = await start();
        server.failNext('/widgets', {
          kind: 'status',
          status,
          headers: { 'x-request-id': `req-${status}` },
          body: { error: { code: `E${status}`, message: `vendor says ${status}` } },
        });
        const error = await rejection(create(server));
        expect(error).toBeInstanceOf(ErrorClass);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toBeInstanceOf(SwitchyardError);
        expect(error.name).toBe(name);
        expect(error.constructor.name).toBe(name);
        expect(error.status).toBe(status);
        expect(error.requestId).toBe(`req-${status}`);
        expect(error.code).toBe(`E${status}`);
        expect(error.headers.get('x-request-id')).toBe(`req-${status}`);
        expect(error.body).toEqual({ error: { code: `E${status}`, message: `vendor says ${status}` } });
        expect(error.message).toBe(
          `widgets widgets.create failed with HTTP ${status} (E${status}): vendor says ${status} — POST ${server.url}/widgets` +
            `${hint ? `. ${hint}` : ''} [request id req-${status}]`,
        );
        expect(server.requests).toHaveLength(1);
      });
    }

    it('a plain-text error body becomes the message', async () => {
      const server = await start();
      server.failNext('/widgets', { kind: 'status', status: 418, body: 'I am a teapot' });
      const error = await rejection(create(server));
      expect(error.constructor).toBe(ApiError);
      expect(error.body).toBe('I am a teapot');
      expect(error.message).toBe(`widgets widgets.create failed with HTTP 418: I am a teapot — POST ${server.url}/widgets`);
    });
  });
});

describe('retry policy functions', () => {
  it('backoffDelay doubles, caps and jitters ±25 %', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, initialDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 0, () => 0.5)).toBe(100);
    expect(backoffDelay(policy, 1, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 2, () => 0)).toBe(300);
    expect(backoffDelay(policy, 2, () => 1)).toBe(500);
    expect(backoffDelay(policy, 10, () => 0.5)).toBe(1000);
  });

  it('shouldRetryStatus: 429 for any request, 408/5xx for idempotent ones', () => {
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 429, false)).toBe(true);
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 503, false)).toBe(false);
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 503, true)).toBe(true);
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 408, true)).toBe(true);
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 501, true)).toBe(false);
    expect(shouldRetryStatus(DEFAULT_RETRY_POLICY, 404, true)).toBe(false);
  });

  it('serverRequestedDelay reads Retry-After seconds, dates, and reset headers in each format', () => {
    const now = Date.parse('2024-05-01T12:00:00Z');
    const h = (init: Record<string, string>) => new Headers(init);
    expect(serverRequestedDelay(h({ 'retry-after': '3' }), undefined, now)).toBe(3000);
    expect(serverRequestedDelay(h({ 'retry-after': '1.5' }), undefined, now)).toBe(1500);
    expect(serverRequestedDelay(h({ 'retry-after': 'Wed, 01 May 2024 12:00:07 GMT' }), undefined, now)).toBe(7000);
    expect(serverRequestedDelay(h({ 'retry-after': 'Wed, 01 May 2024 11:00:00 GMT' }), undefined, now)).toBe(0);
    expect(serverRequestedDelay(h({}), undefined, now)).toBeUndefined();
    expect(serverRequestedDelay(h({ 'retry-after': 'soon' }), undefined, now)).toBeUndefined();
    const reset = (format: 'unix-seconds' | 'unix-ms' | 'delta-seconds') => ({ header: 'x-reset', format });
    expect(serverRequestedDelay(h({ 'x-reset': String(now / 1000 + 4) }), reset('unix-seconds'), now)).toBe(4000);
    expect(serverRequestedDelay(h({ 'x-reset': String(now + 250) }), reset('unix-ms'), now)).toBe(250);
    expect(serverRequestedDelay(h({ 'x-reset': '2' }), reset('delta-seconds'), now)).toBe(2000);
    expect(serverRequestedDelay(h({ 'x-reset': String(now / 1000 - 4) }), reset('unix-seconds'), now)).toBe(0);
    // Retry-After wins over the reset header.
    expect(serverRequestedDelay(h({ 'retry-after': '1', 'x-reset': '9' }), reset('delta-seconds'), now)).toBe(1000);
  });
});
