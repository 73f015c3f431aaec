import { inspect } from 'node:util';
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
  TimeoutError,
  VendorError,
  type ConnectorMetadata,
} from '@switchyard/runtime';
import { Redactor } from '@switchyard/runtime/internal';
import {
  AUTH,
  SECRETS,
  TOKEN_PATH,
  b64,
  captureLogger,
  rejection,
  routes,
  useServers,
  widgetsClient,
  widgetsMetadata,
  type RecordedRequest,
} from './helpers.js';

const ROTATED_ACCESS = 'wdg-access-rotated-1-xyz';
const ROTATED_REFRESH = 'wdg-refresh-rotated-1-xyz';
const SIGNED = 'sig-0f9e8d7c6b5a4f3e';

/** Everything a vendor could echo back about the credentials it received. */
function echo(req: RecordedRequest) {
  const authorization = req.headers['authorization'] ?? '';
  const key = req.headers['x-widget-key'] ?? '';
  return {
    error: {
      code: 'rejected',
      message: `rejected ${authorization} ${key}; see https://cdn.widgets.example/f?token=${SIGNED}&x=1`,
    },
    echo: { headers: req.headers, body: req.rawBody, credentials: authorization.split(' ')[1] ?? '' },
  };
}

/** Every text a caller or a log sink could see. */
function exposed(error: Error & Record<string, any>, lines: unknown[]): string[] {
  return [error.message, error.stack ?? '', JSON.stringify(error.body ?? null), inspect(error, { depth: 8 }), JSON.stringify(lines)];
}

function expectClean(texts: string[], secrets: readonly string[]) {
  for (const secret of secrets) {
    for (const text of texts) {
      expect(text, `secret ${secret} leaked`).not.toContain(secret);
      expect(text, `base64 of ${secret} leaked`).not.toContain(b64(secret));
    }
  }
}

const STATIC_SECRETS = {
  bearer: [SECRETS.apiToken],
  basic: [SECRETS.basicPassword, `${SECRETS.basicUser}:${SECRETS.basicPassword}`],
  header: [SECRETS.apiKey],
} as const;

describe('static credentials never leak', () => {
  const serve = useServers();
  const vendor = () =>
    serve(
      routes({
        'POST /widgets': (req) => ({
          status: Number(req.headers['x-want-status'] ?? 400),
          headers: { 'retry-after': '120' },
          body: echo(req),
        }),
        'GET /widgets/:id': (req) => ({ body: { ok: false, error: 'invalid_auth', detail: echo(req) } }),
        'POST /graphql': (req) => ({
          body: {
            data: null,
            errors: [{ message: `token ${req.headers['authorization']} is invalid`, extensions: { code: 'UNAUTHENTICATED' } }],
          },
        }),
      }),
    );

  const classes = [
    [400, ApiError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, ServerError],
  ] as const;

  for (const kind of ['bearer', 'basic', 'header'] as const) {
    for (const [status, ErrorClass] of classes) {
      it(`${kind}: HTTP ${status} (${ErrorClass.name}) echoing the credentials`, async () => {
        const server = await vendor();
        const log = captureLogger();
        const client = widgetsClient(server, AUTH[kind], { logger: log.logger });
        const error = await rejection(client.execute('widgets', 'create', { name: 'x' }, { headers: { 'x-want-status': String(status) } }));
        expect(error).toBeInstanceOf(ErrorClass);
        expect(error.message).toContain('[REDACTED]'); // the echo reached the message, redacted
        expect(error.message).toContain(`token=[REDACTED]`);
        expect(error.message).not.toContain(SIGNED);
        expect(JSON.stringify(error.body)).toContain('[REDACTED]');
        expect(log.lines.length).toBeGreaterThan(0);
        expectClean(exposed(error, log.lines), STATIC_SECRETS[kind]);
      });
    }
  }

  // BUG: VendorError (failures inside a 2xx body) is built from the raw body: neither its `body`
  // nor its message go through the redactor.
  for (const kind of ['bearer', 'basic', 'header'] as const) {
    it(`${kind}: VendorError from ok:false echoing the credentials`, async () => {
      const server = await vendor();
      const log = captureLogger();
      const error = await rejection(widgetsClient(server, AUTH[kind], { logger: log.logger }).execute('widgets', 'get', { id: 'w1' }));
      expect(error).toBeInstanceOf(VendorError);
      expect(error.code).toBe('invalid_auth');
      expectClean(exposed(error, log.lines), STATIC_SECRETS[kind]);
    });
  }

  // BUG: for Basic auth the redactor knows the password, its base64, and the whole "Basic <b64>"
  // header value, but not the bare base64 of "user:pass". The password's own base64 only lines up
  // inside it when "user:" is a multiple of 3 bytes; "widgets:" (8 bytes) is not.
  it('basic: an echo of the bare base64 credentials (without "Basic ") is redacted', async () => {
    const server = await serve(routes({ 'POST /widgets': (req) => ({ status: 400, body: echo(req) }) }));
    const error = await rejection(
      widgetsClient(server, { username: 'widgets', password: SECRETS.basicPassword }).execute('widgets', 'create', { name: 'x' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expectClean(exposed(error, []), [SECRETS.basicPassword, `widgets:${SECRETS.basicPassword}`]);
  });

  it('bearer: VendorError from GraphQL errors[] whose message echoes the token', async () => {
    const server = await vendor();
    const error = await rejection(widgetsClient(server, AUTH.bearer).execute('issues', 'get', { id: 'i1' }));
    expect(error).toBeInstanceOf(VendorError);
    expect(error.message).toContain('is invalid');
    expectClean(exposed(error, []), [SECRETS.apiToken]);
  });

  it('bearer: VendorError from a mutation payload with success:false carries a redacted body', async () => {
    const server = await serve(
      routes({
        'POST /graphql': (req) => ({
          body: { data: { issueCreate: { success: false, issue: null } }, extensions: { debug: `seen ${req.headers['authorization']}` } },
        }),
      }),
    );
    const error = await rejection(widgetsClient(server, AUTH.bearer).execute('issues', 'create', { teamId: 't', title: 'x' }));
    expect(error).toBeInstanceOf(VendorError);
    expect(error.code).toBe('unsuccessful');
    expectClean(exposed(error, []), [SECRETS.apiToken]);
  });

  it('ConnectionError, TimeoutError and AbortError messages carry no query secrets', async () => {
    const server = await serve(routes({ 'GET /exports/:id': () => ({ body: {} }) }));
    const base = widgetsMetadata(server.url);
    const metadata: ConnectorMetadata = {
      ...base,
      actions: {
        ...base.actions,
        exports: {
          get: {
            entity: 'exports',
            action: 'get',
            kind: 'get',
            idempotent: true,
            params: { id: { type: 'string', in: 'path', required: true }, token: { type: 'string', in: 'query' } },
            request: { method: 'GET', path: '/exports/{id}' },
          },
        },
      },
    };
    const log = captureLogger();
    const client = widgetsClient(server, AUTH.bearer, { logger: log.logger, maxRetries: 0 }, metadata);
    const call = (options = {}) => client.execute('exports', 'get', { id: 'e1', token: SIGNED }, options);

    server.failNext('/exports/e1', { kind: 'drop' });
    const dropped = await rejection(call());
    expect(dropped).toBeInstanceOf(ConnectionError);
    expect(dropped.message).toContain(`GET ${server.url}/exports/e1)`);

    server.failNext('/exports/e1', { kind: 'delay', ms: 400 });
    const slow = await rejection(call({ timeout: 50 }));
    expect(slow).toBeInstanceOf(TimeoutError);

    server.failNext('/exports/e1', { kind: 'delay', ms: 400 });
    const aborted = await rejection(call({ signal: AbortSignal.timeout(50) }));
    expect(aborted).toBeInstanceOf(AbortError);

    server.failNext('/exports/e1', { kind: 'status', status: 404, body: { message: 'gone' } });
    const missing = await rejection(call());
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.message).toBe(
      `widgets exports.get failed with HTTP 404: gone — GET ${server.url}/exports/e1. Check the identifiers in the parameters`,
    );

    // The request URL is logged with the query secret redacted.
    const urls = log.lines.filter((l) => l.message === '[switchyard] request').map((l) => l.fields!['url']);
    expect(urls).toContain(`${server.url}/exports/e1?token=[REDACTED]`);
    for (const error of [dropped, slow, aborted, missing]) expectClean(exposed(error, log.lines), [SIGNED, SECRETS.apiToken]);
  });
});

describe('OAuth credentials never leak', () => {
  const serve = useServers();
  const oauthSecrets = [SECRETS.accessToken, SECRETS.refreshToken, SECRETS.clientSecret, ROTATED_ACCESS, ROTATED_REFRESH];

  function vendor(firstTokenIs401: boolean) {
    return serve(
      routes({
        [`POST ${TOKEN_PATH}`]: () => ({
          body: { access_token: ROTATED_ACCESS, refresh_token: ROTATED_REFRESH, token_type: 'bearer', expires_in: 3600 },
        }),
        'GET /widgets/:id': (req) => {
          if (firstTokenIs401 && req.headers['authorization'] === `Bearer ${SECRETS.accessToken}`) {
            return { status: 401, body: echo(req) };
          }
          return { status: 400, body: echo(req) };
        },
      }),
    );
  }

  it('refresh_token: the 401 and the refresh are logged without any token', async () => {
    const server = await vendor(true);
    const log = captureLogger();
    const error = await rejection(widgetsClient(server, AUTH.refresh, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(log.lines.some((l) => l.message.includes('credentials refreshed after 401'))).toBe(true);
    expectClean([JSON.stringify(log.lines)], oauthSecrets);
  });

  // BUG: the executor registers `auth.secrets()` with its redactor only before `http.send`; a token
  // obtained during the call (refresh after a 401) is unknown to the redactor when the error is built.
  it('refresh_token: an error echoing the freshly rotated access token is redacted', async () => {
    const server = await vendor(true);
    const log = captureLogger();
    const error = await rejection(widgetsClient(server, AUTH.refresh, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' }));
    expect(error.status).toBe(400);
    expectClean(exposed(error, log.lines), oauthSecrets);
  });

  // BUG: same cause: the first client-credentials token is fetched inside `send`, after the
  // executor registered the (then empty) secrets.
  it('client_credentials: an error echoing the fetched access token is redacted', async () => {
    const server = await vendor(false);
    const log = captureLogger();
    const error = await rejection(
      widgetsClient(server, AUTH.clientCredentials, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' }),
    );
    expect(error.status).toBe(400);
    expectClean(exposed(error, log.lines), [SECRETS.clientSecret, ROTATED_ACCESS]);
  });

  it('a token endpoint refusal echoing the client secret and refresh token is redacted', async () => {
    const server = await serve(
      routes({
        [`POST ${TOKEN_PATH}`]: (req) => ({
          status: 400,
          body: { error: 'invalid_client', error_description: `bad request ${req.rawBody}`, echo: req.body },
        }),
        'GET /widgets/:id': () => ({ status: 401, body: {} }),
      }),
    );
    const log = captureLogger();
    const error = await rejection(widgetsClient(server, AUTH.refresh, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('invalid_client');
    expect(error.message).toContain('[REDACTED]');
    expectClean(exposed(error, log.lines), [SECRETS.clientSecret, SECRETS.refreshToken, SECRETS.accessToken]);
  });
});

describe('logs', () => {
  const serve = useServers();

  it('every level is captured and carries no credential; retries are logged', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': () => ({ body: { widget: { id: 'w1' } } }) }));
    server.failNext('/widgets/w1', { kind: 'status', status: 503 });
    const log = captureLogger();
    for (const kind of ['bearer', 'basic', 'header'] as const) {
      await widgetsClient(server, AUTH[kind], { logger: log.logger }).execute('widgets', 'get', { id: 'w1' });
    }
    expect(new Set(log.lines.map((l) => l.level))).toEqual(new Set(['debug', 'warn']));
    expect(log.lines.filter((l) => l.message === '[switchyard] response')).toHaveLength(4);
    expectClean([JSON.stringify(log.lines)], [...STATIC_SECRETS.bearer, ...STATIC_SECRETS.basic, ...STATIC_SECRETS.header]);
  });

  // GAP: HttpClient never logs request headers, so there is no redacted Authorization to see.
  // DESIGN.md: "logging hook with redaction of every credential header and parameter".
  it('the request log shows the Authorization header as [REDACTED]', async () => {
    const server = await serve(routes({ 'GET /widgets/:id': () => ({ body: { widget: { id: 'w1' } } }) }));
    const log = captureLogger();
    await widgetsClient(server, AUTH.bearer, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' });
    await widgetsClient(server, AUTH.header, { logger: log.logger }).execute('widgets', 'get', { id: 'w1' });
    const requests = log.lines.filter((l) => l.message === '[switchyard] request');
    expect(requests).toHaveLength(2);
    const headers = requests.map((l) => l.fields!['headers'] as Record<string, string> | undefined);
    expect(headers[0]?.['authorization']).toBe('[REDACTED]');
    expect(headers[0]?.['accept']).toBe('application/json');
    expect(headers[1]?.['x-widget-key']).toBe('[REDACTED]');
    expectClean([JSON.stringify(log.lines)], [SECRETS.apiToken, SECRETS.apiKey]);
  });
});

describe('Redactor (unit)', () => {
  it('replaces secrets, their base64 form, and secret query parameters', () => {
    const r = new Redactor();
    r.add('abc', undefined, null, '', 'supersecret', 'supersecret-longer');
    expect(r.text('x supersecret-longer y supersecret z abc')).toBe('x [REDACTED] y [REDACTED] z abc'); // short values are ignored
    expect(r.text(`auth ${b64('supersecret')}`)).toBe('auth [REDACTED]');
    expect(r.text('https://h/p?a=1&access_token=zzz&X-Amz-Signature=qq#f')).toBe(
      'https://h/p?a=1&access_token=[REDACTED]&X-Amz-Signature=[REDACTED]#f',
    );
    expect(r.headers({ Authorization: 'Bearer x', Cookie: 'c', 'X-Other': 'has supersecret', Accept: 'json' })).toEqual({
      Authorization: '[REDACTED]',
      Cookie: '[REDACTED]',
      'X-Other': 'has [REDACTED]',
      Accept: 'json',
    });
    const input = { a: ['supersecret', 1, null, { b: 'supersecret' }], c: true };
    expect(r.value(input)).toEqual({ a: ['[REDACTED]', 1, null, { b: '[REDACTED]' }], c: true });
    expect(input.a[0]).toBe('supersecret'); // a copy
  });
});
