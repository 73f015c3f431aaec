/**
 * One problem table, both ends: every code in the runtime's PROBLEMS table, as the service builds
 * it (`toProblem`, the function behind its error handler), answered over HTTP and read by the SDK's
 * hosted executor, comes back as the runtime class, status and title the table gives it. And every
 * failure a connector meets at its vendor raises the same class in hosted mode as in open-source
 * mode, with the same status, vendor code, request id, retry delay, vendor words and issues.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncNotReadyError, type Problem, type ProblemCode, type SwitchyardError } from '@switchyard/runtime';
import { HostedExecutor, OpenSourceExecutor, PROBLEMS, PROBLEM_CONTENT_TYPE, problemType } from '@switchyard/runtime/internal';
import { ServiceError, toProblem } from '../src/index.js';
import {
  FAILURE_SCENARIOS,
  GADGETS_METADATA,
  MAX_RESPONSE_BYTES,
  credentialsOf,
  serviceFailure,
  vendorFetch,
} from './support/failing-vendor.js';

const BASE_URL = 'https://gadgets-proxy4.internal7:8443/v2';
const SECRET = 'gadgets-round-trip-token-0123456789';

/** What the stand-in service answers to the next execute: whatever was thrown inside it. */
let thrown: unknown;
/** The last problem it answered with, as sent. */
let answered: Problem | undefined;
let executes = 0;
let server: Server;
let serviceUrl: string;

beforeAll(async () => {
  // The service's HTTP framing of a problem (http/app.ts's error handler), and tokens for the SDK.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.endsWith('/token') || req.url?.endsWith('/scoped-token')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `token-${Math.random()}`, token_type: 'bearer', expires_in: 900 }));
        return;
      }
      executes += 1;
      const { problem, headers } = toProblem(thrown);
      answered = { ...problem, instance: req.url!.split('?', 1)[0]! };
      res.writeHead(problem.status, { ...headers, 'content-type': PROBLEM_CONTENT_TYPE });
      res.end(JSON.stringify(answered));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const hosted = () =>
  new HostedExecutor(GADGETS_METADATA, {
    baseUrl: serviceUrl,
    externalUserId: 'user-1',
    clientId: 'client-1',
    clientSecret: 'client-secret-0123456789',
    connectorId: 'conn-gadgets-1',
    maxRetries: 0,
  });

async function hostedFailure(
  request: { entity: string; action: string; params?: Record<string, unknown> } = {
    entity: 'gadgets',
    action: 'get',
    params: { id: 'g-1' },
  },
): Promise<SwitchyardError & Record<string, unknown>> {
  answered = undefined;
  try {
    await hosted().execute(request);
  } catch (error) {
    return error as SwitchyardError & Record<string, unknown>;
  }
  throw new Error('the hosted call succeeded');
}

/** How the service raises each code: a part of the service throws a ServiceError, the executor its runtime errors. */
const RAISED: { readonly [C in Exclude<ProblemCode, 'connector_error'>]: () => unknown } = {
  invalid_request: () => new ServiceError('invalid_request', 'the request body is not valid JSON'),
  validation_failed: () =>
    new ServiceError('validation_failed', 'params.limit must be at most 1000', {
      errors: [{ path: 'params.limit', rule: 'maximum', message: 'must be at most 1000' }],
    }),
  unauthorized: () => new ServiceError('unauthorized', 'the token has expired'),
  forbidden: () =>
    new ServiceError('forbidden', 'a scoped token can create connectors only for its own external user', {
      errors: [{ path: 'external_user_id', rule: 'scoped-token', message: 'must be the external user the token is scoped to' }],
    }),
  not_found: () => new ServiceError('not_found', 'no connector with this id'),
  payload_too_large: () => new ServiceError('payload_too_large', 'the request body is larger than the service accepts'),
  unsupported_media_type: () => new ServiceError('unsupported_media_type', 'send the request body as JSON'),
  rate_limited: () => new ServiceError('rate_limited', 'too many requests for this token', { retry_after_ms: 120_000 }),
  search_not_ready: () =>
    new SyncNotReadyError('demo-gadgets gadgets.search: the first sync of gadgets has not finished yet', {
      progress: { sync_status: 'syncing', last_synced_at: null, next_sync_at: null, entities: [] },
    }),
  internal_error: () => new Error('a bug'),
};

describe('every code of the table, built by the service and read back by the SDK', () => {
  // connector_error: every class of it is covered below, from a real failure.
  const codes = Object.keys(RAISED) as (keyof typeof RAISED)[];

  it('covers every code of the table', () => {
    expect([...codes, 'connector_error'].sort()).toEqual(Object.keys(PROBLEMS).sort());
  });

  it.each(codes)('%s: the status, title and type the table gives it, and the class it names', async (code) => {
    thrown = RAISED[code]();
    const definition = PROBLEMS[code];
    const error = await hostedFailure();
    expect(answered).toMatchObject({ code, status: definition.status, title: definition.title, type: problemType(code) });
    // Members beyond the table's are not sent.
    const members = Object.keys(answered!).filter((key) => !['type', 'title', 'status', 'detail', 'code', 'instance'].includes(key));
    expect(definition.members).toEqual(expect.arrayContaining(members));
    expect(error).toBeInstanceOf(definition.errorClass!);
    expect(error.name).toBe(definition.errorClass!.name);
    if ('status' in error) expect(error['status']).toBe(definition.status);
    if (code === 'validation_failed') expect(error['issues']).toEqual(answered!.errors);
    if (code === 'rate_limited') expect(error['retryAfterMs']).toBe(120_000);
    if (code === 'search_not_ready') expect(error['progress']).toEqual(answered!.progress);
  });
});

describe('connector_error: the class open-source mode raises, in hosted mode', () => {
  /** What user code reads of an error, in either mode. */
  const observed = (error: SwitchyardError & Record<string, unknown>) => ({
    name: error.name,
    status: error['status'],
    code: error['code'],
    requestId: error['requestId'],
    retryAfterMs: error['retryAfterMs'],
    vendorMessage: error['vendorMessage'],
    issues: error['issues'],
    resetAt: error['resetAt'] instanceof Date ? 'a date' : error['resetAt'],
  });

  it.each(FAILURE_SCENARIOS.map((s) => [s.title, s] as const))('%s', async (_title, scenario) => {
    const openSource = new OpenSourceExecutor(GADGETS_METADATA, {
      auth: credentialsOf(SECRET),
      baseUrl: BASE_URL,
      fetch: vendorFetch(() => scenario.answer, SECRET),
      maxRetries: 0,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      ...(scenario.timeoutMs ? { timeout: scenario.timeoutMs } : {}),
    });
    let expected: SwitchyardError & Record<string, unknown>;
    try {
      await openSource.execute(scenario.request, scenario.abort ? { signal: AbortSignal.abort() } : undefined);
      throw new Error('the open-source call succeeded');
    } catch (error) {
      expected = error as SwitchyardError & Record<string, unknown>;
    }
    expect(expected.name).toBe(scenario.raises);

    thrown = await serviceFailure(scenario, BASE_URL, SECRET);
    executes = 0;
    const error = await hostedFailure(scenario.request as Parameters<typeof hostedFailure>[0]);
    expect(observed(error)).toStrictEqual(observed(expected));
    expect(error).toBeInstanceOf(Object.getPrototypeOf(expected).constructor as typeof Error);
    if (expected['resetAt'] instanceof Date) {
      expect(Math.abs((error['resetAt'] as Date).getTime() - expected['resetAt'].getTime())).toBeLessThan(60_000);
    }
    // The message names the call, as every SDK error does, and then says what the service said.
    if (answered) {
      expect(error.message).toBe(`demo-gadgets ${scenario.request.entity}.${scenario.request.action}: ${answered.detail}`);
      // The service retried the vendor with the connector's own policy already: the SDK sends the call once.
      expect(executes).toBe(1);
    }
  });
});
