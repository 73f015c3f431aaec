/**
 * No form of a credential in any error the cloud client throws, nor in its log lines.
 *
 * Each scenario makes the fake platform fail in one way while echoing every credential it received,
 * in every encoding a server or proxy might use: raw, base64, the Basic pair, percent-encoded and
 * form-encoded. The echo goes into the error body (and through it into the message and the problem
 * `type`, which becomes `error.code`) and into a `www-authenticate` header. fast-check varies the
 * secrets' shapes over the characters that change between encodings (+ / = % & and space).
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  CascadeDeleteError,
  CloudWorkspace,
  ConflictError,
  FAST,
  MalformedResponseError,
  MissingResourceError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  SyncFailedError,
  SyncTimeoutError,
  rejection,
  startFake,
  workspaceFor,
  type CloudConnection,
  type FakePlatform,
} from './helpers.js';
import type { FakeConnection } from '../fakes/platform/records.js';
import type { RecordedRequest } from '../fakes/platform/server.js';

/** The characters that differ between the raw, percent-encoded and form-encoded forms. */
const SHAPING = ['+', '/', '=', '%', '&', ' '] as const;

/**
 * A credential: a distinctive prefix (so no form of it can occur by chance in a stack trace) with
 * fast-check's choice of shaping characters between letters. Bearer tokens leave out the space,
 * because an Authorization header carries the token as one word.
 */
function credential(prefix: string, withSpace: boolean): fc.Arbitrary<string> {
  const shaping = withSpace ? SHAPING : SHAPING.filter((c) => c !== ' ');
  return fc
    .record({
      marks: fc.array(fc.constantFrom(...shaping), { minLength: 1, maxLength: 6 }),
      tail: fc.stringMatching(/^[A-Za-z0-9]{4,10}$/),
    })
    .map(({ marks, tail }) => `${prefix}${marks.map((mark, i) => `${mark}q${i}`).join('')}${tail}`);
}

/** Every encoding of `secret` that must stay out of errors and logs. */
function formsOf(secret: string, user?: string): Record<string, string> {
  return {
    raw: secret,
    base64: Buffer.from(secret).toString('base64'),
    ...(user === undefined ? {} : { basicPair: Buffer.from(`${user}:${secret}`).toString('base64') }),
    percentEncoded: encodeURIComponent(secret),
    formEncoded: new URLSearchParams({ v: secret }).toString().slice('v='.length),
  };
}

interface Credentials {
  clientSecret: string;
  bearerToken: string;
}

interface Run {
  fake: FakePlatform;
  workspace: CloudWorkspace;
  record: FakeConnection;
  connection: CloudConnection;
  /** A failure body that echoes every credential the request carried, in every form. */
  echo: (status: number, kind: string) => (request: RecordedRequest) => unknown;
  /** Every form of every credential the request carried, as one string. */
  echoText: (request: RecordedRequest) => string;
}

interface Scenario {
  name: string;
  /** client-credentials: the fake issues tokens; bearer: a fixed token of fast-check's shape. */
  mode: 'client-credentials' | 'bearer';
  expected: new (...args: never[]) => Error;
  act: (run: Run) => Promise<unknown>;
}

/** The credentials a request to the fake carried: its bearer token and, for the token endpoint, the client secret. */
function carried(request: { authorization?: string | undefined; body?: unknown }, clientId: string): string[] {
  const texts: string[] = [];
  const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
  if (bearer) texts.push(...Object.values(formsOf(bearer)));
  const secret = (request.body as { client_secret?: unknown } | undefined)?.client_secret;
  if (typeof secret === 'string') texts.push(...Object.values(formsOf(secret, clientId)));
  return texts;
}

/**
 * A fetch that adds a `www-authenticate` header echoing the request's credentials to every error
 * answer, as some gateways do. `echoes` counts them, so a scenario cannot pass without an echo.
 */
function echoingFetch(clientId: string, echoes: { headers: number }): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status < 400) return response;
    const headers = new Headers(response.headers);
    const sent = (init?.headers ?? {}) as Record<string, string>;
    let body: unknown;
    try {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = undefined;
    }
    const echoed = carried({ authorization: sent['authorization'], body }, clientId);
    if (echoed.length > 0) {
      echoes.headers++;
      headers.set('www-authenticate', `Bearer realm="platform", error="invalid_token", error_description="${echoed.join(' ')}"`);
    }
    return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
  };
}

function capturingLogger() {
  const lines: unknown[] = [];
  const sink = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  return { logger: { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') }, lines };
}

/** Every place a credential could surface from an error: the error itself and its whole cause chain. */
function surfaces(error: Error): Record<string, string> {
  const e = error as Error & { body?: unknown; code?: unknown; headers?: unknown };
  let headers = JSON.stringify(e.headers ?? null);
  if (e.headers instanceof Headers) {
    const pairs: string[][] = [];
    e.headers.forEach((value, name) => pairs.push([name, value]));
    headers = JSON.stringify(pairs);
  }
  return {
    message: e.message,
    stack: e.stack ?? '',
    body: JSON.stringify(e.body ?? null),
    code: String(e.code ?? ''),
    headers,
    'JSON.stringify(error)': JSON.stringify(e),
    'util.inspect(error)': inspect(e, { depth: 12 }),
    ...(e.cause instanceof Error ? prefixed('cause.', surfaces(e.cause)) : {}),
  };
}

function prefixed(prefix: string, record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [prefix + k, v]));
}

function expectNoForm(texts: Record<string, string>, secrets: Record<string, string>): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const [form, value] of Object.entries(secrets)) {
      expect(text.includes(value), `${form} form of a credential in ${where}: ${text.slice(0, 400)}`).toBe(false);
    }
  }
}

/** A job row as the platform sends it, for answers a scenario replaces. */
function jobRow(jobId: unknown, connectionId: string, extra: Record<string, unknown>): Record<string, unknown> {
  return { jobId, jobType: 'sync', connectionId, startTime: '2026-01-05T08:00Z', ...extra };
}

const scenarios: Scenario[] = [
  {
    name: 'a platform 400 echoing the token (ApiError)',
    mode: 'client-credentials',
    expected: ApiError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'PATCH', path: /^\/connections\//, status: 400, body: echo(400, 'bad-request') });
      return connection.rename('renamed');
    },
  },
  {
    name: 'a platform 400 echoing a fixed bearer token (ApiError)',
    mode: 'bearer',
    expected: ApiError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'GET', path: /^\/connections\//, status: 400, body: echo(400, 'bad-request') });
      return connection.checkIsValid();
    },
  },
  {
    name: 'a bearer token the platform refuses (AuthenticationError, echoed in www-authenticate)',
    mode: 'bearer',
    expected: AuthenticationError,
    act: async ({ fake, connection }) => {
      fake.staticTokens.clear();
      return connection.enabled;
    },
  },
  {
    name: 'a 401 after the one renewal (AuthenticationError)',
    mode: 'client-credentials',
    expected: AuthenticationError,
    act: async ({ fake, connection }) => {
      fake.tokenLifetimeS = 0; // every issued token is already invalid
      return connection.enabled;
    },
  },
  {
    name: 'a 403 echoing the token (PermissionDeniedError)',
    mode: 'client-credentials',
    expected: PermissionDeniedError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'GET', path: /^\/connections\//, status: 403, body: echo(403, 'forbidden') });
      return connection.checkIsValid();
    },
  },
  {
    name: 'a 404 echoing the token (MissingResourceError and its cause)',
    mode: 'bearer',
    expected: MissingResourceError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'GET', path: /^\/connections\//, status: 404, body: echo(404, 'resource-not-found') });
      return connection.name;
    },
  },
  {
    name: 'a 409 whose problem type carries the token (ConflictError code)',
    mode: 'bearer',
    expected: ConflictError,
    act: async ({ fake, connection, echoText }) => {
      fake.fail({
        method: 'POST',
        path: '/jobs',
        status: 409,
        body: (request: RecordedRequest) => ({
          type: `https://reference.airbyte.com/reference/errors#${/^Bearer (.+)$/.exec(String(request.headers['authorization']))?.[1]}`,
          title: 'try-again-later',
          status: 409,
          detail: `A sync is already running for ${echoText(request)}`,
        }),
      });
      return connection.runSync({ wait: false });
    },
  },
  {
    name: 'a 429 with a Retry-After too long to wait (RateLimitError)',
    mode: 'client-credentials',
    expected: RateLimitError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'GET', path: /^\/connections\//, status: 429, retryAfter: '86400', body: echo(429, 'rate-limited') });
      return connection.enabled;
    },
  },
  {
    name: 'a 503 on every retry (ServerError)',
    mode: 'bearer',
    expected: ServerError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'GET', path: /^\/connections\//, status: 503, times: 3, body: echo(503, 'internal-server-error') });
      return connection.enabled;
    },
  },
  {
    name: 'the token endpoint refusing the client secret with a 401 (AuthenticationError)',
    mode: 'client-credentials',
    expected: AuthenticationError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ path: '/applications/token', status: 401, body: echo(401, 'unauthorized') });
      return connection.checkIsValid();
    },
  },
  {
    name: 'the token endpoint refusing the client secret with a 400 (AuthenticationError)',
    mode: 'client-credentials',
    expected: AuthenticationError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ path: '/applications/token', status: 400, body: echo(400, 'bad-request') });
      return connection.checkIsValid();
    },
  },
  {
    name: 'the token endpoint failing on every retry (ServerError)',
    mode: 'client-credentials',
    expected: ServerError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ path: '/applications/token', status: 503, times: 3, body: echo(503, 'internal-server-error') });
      return connection.checkIsValid();
    },
  },
  {
    name: 'a started job without a jobId (malformed row)',
    mode: 'bearer',
    expected: MalformedResponseError,
    act: async ({ fake, connection, record, echoText }) => {
      fake.fail({
        method: 'POST',
        path: '/jobs',
        status: 200,
        body: (request: RecordedRequest) => ({ status: 'pending', connectionId: record.connectionId, note: echoText(request) }),
      });
      return connection.runSync({ wait: false });
    },
  },
  {
    name: 'a job page with a row without a jobId (malformed row)',
    mode: 'client-credentials',
    expected: MalformedResponseError,
    act: async ({ fake, connection, record, echoText }) => {
      fake.fail({
        method: 'GET',
        path: '/jobs',
        status: 200,
        times: 3, // reads of a malformed answer are retried
        body: (request: RecordedRequest) => ({ data: [{ status: 'failed', connectionId: record.connectionId, note: echoText(request) }] }),
      });
      return connection.getPreviousSyncLogs();
    },
  },
  {
    name: 'one job read without a usable jobId (malformed row)',
    mode: 'bearer',
    expected: MalformedResponseError,
    act: async ({ fake, connection, record, echoText }) => {
      const job = fake.addJob(record.connectionId);
      fake.fail({
        method: 'GET',
        path: `/jobs/${job.jobId}`,
        status: 200,
        times: 3, // reads of a malformed answer are retried
        body: (request: RecordedRequest) => jobRow(echoText(request), record.connectionId, { status: 'running' }),
      });
      return connection.getSyncResult(job.jobId);
    },
  },
  {
    name: 'a failed sync whose job row echoes the token (SyncFailedError)',
    mode: 'bearer',
    expected: SyncFailedError,
    act: async ({ fake, connection, record, echoText }) => {
      fake.fail({
        method: 'GET',
        path: /^\/jobs\/\d+$/,
        status: 200,
        body: (request: RecordedRequest) =>
          jobRow(Number(request.path.split('/')[2]), record.connectionId, { status: 'failed', failureReason: echoText(request) }),
      });
      return connection.runSync();
    },
  },
  {
    name: 'a sync timing out on a status that echoes the token (SyncTimeoutError)',
    mode: 'client-credentials',
    expected: SyncTimeoutError,
    act: async ({ fake, connection, record, echoText }) => {
      fake.fail({
        method: 'GET',
        path: /^\/jobs\/\d+$/,
        status: 200,
        times: 1_000,
        body: (request: RecordedRequest) =>
          jobRow(Number(request.path.split('/')[2]), record.connectionId, { status: `running as ${echoText(request)}` }),
      });
      return connection.runSync({ waitTimeout: 0.05, pollIntervalMs: 5 });
    },
  },
  {
    name: 'job logs failing with an echo (ServerError from getFullLogText)',
    mode: 'client-credentials',
    expected: ServerError,
    act: async ({ fake, connection, record }) => {
      const job = fake.addJob(record.connectionId);
      const result = await connection.getSyncResult(job.jobId);
      fake.fail({
        method: 'POST',
        path: '/jobs/get',
        status: 500,
        times: 3,
        body: (request: RecordedRequest) => ({
          message: `log storage refused ${carried({ authorization: String(request.headers['authorization']) }, '').join(' ')}`,
          exceptionClassName: 'io.airbyte.LogStorageException',
        }),
      });
      return result!.getFullLogText();
    },
  },
  {
    name: 'a cascade delete whose source step fails with an echo (CascadeDeleteError)',
    mode: 'bearer',
    expected: CascadeDeleteError,
    act: async ({ fake, connection, echo }) => {
      fake.fail({ method: 'DELETE', path: /^\/sources\//, status: 400, body: echo(400, 'bad-request') });
      return connection.permanentlyDelete({ cascadeDeleteSource: true });
    },
  },
];

async function runScenario(scenario: Scenario, credentials: Credentials): Promise<void> {
  const fake = await startFake();
  try {
    // The fake accepts whatever secret it is told to expect; fast-check picks its shape.
    (fake as { clientSecret: string }).clientSecret = credentials.clientSecret;
    const { logger, lines } = capturingLogger();
    const echoes = { headers: 0, bodies: 0 };
    const transport = { fetch: echoingFetch(fake.clientId, echoes), logger };
    let workspace: CloudWorkspace;
    if (scenario.mode === 'bearer') {
      fake.staticTokens.add(credentials.bearerToken);
      workspace = new CloudWorkspace({
        workspaceId: fake.workspaceId,
        bearerToken: credentials.bearerToken,
        apiRoot: fake.apiRoot,
        ...FAST,
        ...transport,
      });
    } else {
      workspace = workspaceFor(fake, { clientSecret: credentials.clientSecret, ...transport });
    }
    const record = fake.addConnection();
    const echoText = (request: RecordedRequest) => {
      echoes.bodies++;
      const texts = carried({ authorization: request.headers['authorization'] as string | undefined, body: request.body }, fake.clientId);
      return texts.join(' | ');
    };
    const echo = (status: number, kind: string) => (request: RecordedRequest) => ({
      type: `https://reference.airbyte.com/reference/errors#${kind}`,
      title: kind,
      status,
      detail: `rejected ${echoText(request)}`,
      data: { received: echoText(request) },
    });
    const connection = workspace.getConnection(record.connectionId);
    const error = await rejection(scenario.act({ fake, workspace, record, connection, echo, echoText }));

    expect(error).toBeInstanceOf(scenario.expected);
    expect(echoes.headers + echoes.bodies, 'the platform echoed the credentials').toBeGreaterThan(0);
    const secrets: Record<string, string> = {};
    const add = (label: string, forms: Record<string, string>) => {
      for (const [form, value] of Object.entries(forms)) secrets[`${label} ${form}`] = value;
    };
    add('client secret', formsOf(credentials.clientSecret, fake.clientId));
    add('bearer token', formsOf(credentials.bearerToken));
    fake.issuedTokens.forEach((token, i) => add(`issued token ${i}`, formsOf(token)));
    expectNoForm({ ...surfaces(error), 'logger lines': JSON.stringify(lines) }, secrets);
    expect(fake.violations).toEqual([]);
  } finally {
    await fake.close();
  }
}

describe('no form of a credential in any error the cloud client throws', () => {
  const credentials = fc.record({ clientSecret: credential('cS7ecret', true), bearerToken: credential('bT0ken', false) });

  it.each(scenarios.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
    await fc.assert(
      fc.asyncProperty(credentials, (given) => runScenario(scenario, given)),
      { numRuns: 5 },
    );
  });

  it('leaves no credential in log text the platform returns, when its logs echo the token', async () => {
    await fc.assert(
      fc.asyncProperty(credential('bT0ken', false), async (token) => {
        const fake = await startFake();
        try {
          fake.staticTokens.add(token);
          const workspace = new CloudWorkspace({ workspaceId: fake.workspaceId, bearerToken: token, apiRoot: fake.apiRoot, ...FAST });
          const record = fake.addConnection();
          const job = fake.addJob(record.connectionId, {
            attempts: [{ status: 'succeeded', logs: { logLines: ['connecting', `using ${Object.values(formsOf(token)).join(' ')}`] } }],
          });
          const result = await workspace.getConnection(record.connectionId).getSyncResult(job.jobId);
          const text = await result!.getFullLogText();
          expect(text).toContain('connecting');
          expectNoForm({ 'log text': text, 'SyncResult inspected': inspect(result, { depth: 12 }) }, prefixed('token ', formsOf(token)));
        } finally {
          await fake.close();
        }
      }),
      { numRuns: 5 },
    );
  });
});
