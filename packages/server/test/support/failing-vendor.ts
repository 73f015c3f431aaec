/**
 * A made-up vendor ("demo-gadgets", its entity `gadgets`) that fails on demand: one scenario per way a connector fails at its
 * vendor, each making the runtime's open-source executor raise one error class. The vendor is a
 * `fetch` handed to the executor, so no socket is opened and any base URL works: the property tests
 * configure random ones, as an operator's `--vendor-base-url` would (an internal proxy, a regional
 * host). Like a careless vendor or gateway, its error words repeat the URL it was asked for, its
 * host and the caller's token, so a problem that passed any of them on would be caught.
 *
 * The connector is declared here rather than borrowed from specs/, so the suites that use it do
 * not depend on which connectors ship (CONTRIBUTING.md, "Tests and the set of connectors").
 */
import type { ConnectorMetadata, ExecuteRequest } from '@switchyard/runtime';
import { createCatalog, createExecution, type ConnectorRecord, type Principal } from '../../src/index.js';

type ConnectorPackage = NonNullable<Parameters<typeof createCatalog>[0]>[number];

const CREDENTIAL = 'api_token';

export const GADGETS_METADATA: ConnectorMetadata = {
  name: 'demo-gadgets',
  title: 'Gadgets',
  vendor: 'Gadgets Ltd.',
  baseUrl: 'https://api.gadgets.example/v2',
  config: {},
  auth: [{ name: 'Token', kind: 'bearer', token: `{${CREDENTIAL}}`, fields: { [CREDENTIAL]: { required: true, secret: true } } }],
  // Failures inside a 200, Slack-style: `{ok: false, error: <code>, detail: <words>}`.
  bodyErrors: [{ when: 'ok', equals: false, code: 'error', message: 'detail', rateLimitCodes: ['ratelimited'] }],
  errorMessage: ['error.message'],
  errorCode: ['error.code'],
  requestIdHeaders: ['x-request-id'],
  rateLimit: { quota: [{ status: 429, bodyPath: 'error.code', equals: 'daily_quota_exceeded' }] },
  actions: {
    gadgets: {
      get: {
        entity: 'gadgets',
        action: 'get',
        kind: 'get',
        idempotent: true,
        params: { id: { type: 'string', in: 'path', required: true, minLength: 1 } },
        request: { method: 'GET', path: '/gadgets/{id}' },
        response: { records: 'gadget' },
      },
      create: {
        entity: 'gadgets',
        action: 'create',
        kind: 'create',
        idempotent: false,
        params: { name: { type: 'string', required: true, minLength: 1 } },
        request: { method: 'POST', path: '/gadgets' },
        response: { records: 'gadget' },
      },
      archive: {
        entity: 'gadgets',
        action: 'archive',
        kind: 'update',
        idempotent: false,
        params: { id: { type: 'string', in: 'path', required: true } },
        request: { method: 'POST', path: '/gadgets/{id}/archive' },
        unsupported: 'Gadgets archives only with an admin token; create the connector with one.',
      },
    },
  },
};

/** The package the service's catalog loads for it. */
export const GADGETS_PACKAGE: ConnectorPackage = {
  metadata: GADGETS_METADATA,
  paramSchemas: {},
  credentialKinds: {
    Token: {
      kind: 'bearer',
      schema: {
        type: 'object',
        required: [CREDENTIAL],
        additionalProperties: false,
        properties: { [CREDENTIAL]: { type: 'string', minLength: 1 } },
      },
    },
  },
  configSchema: { type: 'object', additionalProperties: false, properties: {} },
  replicationSchema: { type: 'object', additionalProperties: false, properties: {} },
  searchableFields: {},
};

export const credentialsOf = (secret: string): Record<string, string> => ({ [CREDENTIAL]: secret });

/** One request as the vendor sees it. */
export interface VendorCall {
  readonly url: URL;
  readonly method: string;
  readonly signal: AbortSignal | undefined;
}

export type VendorAnswer = (call: VendorCall, secret: string) => Promise<Response>;

export interface FailureScenario {
  readonly title: string;
  /** `error.name` of what the executor raises. */
  readonly raises: string;
  readonly request: ExecuteRequest;
  /** The vendor's answer; unused when the call fails before any request. */
  readonly answer: VendorAnswer;
  /** The caller gives up before the call starts (the client went away). */
  readonly abort?: true;
  /** The executor's per-attempt timeout for this scenario, when it matters. */
  readonly timeoutMs?: number;
}

/** Bodies above this are refused (the executor's `maxResponseBytes` in these suites). */
export const MAX_RESPONSE_BYTES = 16 * 1024;

/** What a careless vendor says about a failure: the URL it was asked for, its host, the token. */
function echo(call: VendorCall, secret: string): string {
  return `no luck with ${call.method} ${call.url.href} for token ${secret} (host ${call.url.host}; see ${call.url.origin}/docs on ${call.url.hostname})`;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-gadgets-7', ...headers },
  });

const vendorError =
  (status: number, code: string, headers: Record<string, string> = {}): VendorAnswer =>
  async (call, secret) =>
    json(status, { error: { code, message: echo(call, secret) } }, headers);

const GET: ExecuteRequest = { entity: 'gadgets', action: 'get', params: { id: 'g-1' } };
const CREATE: ExecuteRequest = { entity: 'gadgets', action: 'create', params: { name: 'Sprocket' } };
const never: VendorAnswer = () => Promise.reject(new Error('the vendor was called by a scenario that fails before any request'));

/** Every scenario; together they raise every class in the runtime's CONNECTOR_ERRORS table, and ValidationError. */
export const FAILURE_SCENARIOS: readonly FailureScenario[] = [
  { title: 'vendor 401', raises: 'AuthenticationError', request: GET, answer: vendorError(401, 'invalid_token') },
  { title: 'vendor 403', raises: 'PermissionDeniedError', request: GET, answer: vendorError(403, 'missing_scope') },
  { title: 'vendor 404', raises: 'NotFoundError', request: GET, answer: vendorError(404, 'gadget_not_found') },
  { title: 'vendor 409 on a write', raises: 'ConflictError', request: CREATE, answer: vendorError(409, 'name_taken') },
  { title: 'vendor 422 on a write', raises: 'ApiError', request: CREATE, answer: vendorError(422, 'invalid_name') },
  { title: 'vendor 503', raises: 'ServerError', request: GET, answer: vendorError(503, 'maintenance') },
  {
    title: 'vendor 429 asking for two minutes',
    raises: 'RateLimitError',
    request: GET,
    answer: vendorError(429, 'slow_down', { 'retry-after': '120' }),
  },
  {
    title: 'throttling reported inside a 200',
    raises: 'RateLimitError',
    request: GET,
    answer: async (call, secret) => json(200, { ok: false, error: 'ratelimited', detail: echo(call, secret) }, { 'retry-after': '90' }),
  },
  {
    title: 'the daily quota used up',
    raises: 'QuotaExceededError',
    request: GET,
    answer: vendorError(429, 'daily_quota_exceeded', { 'retry-after': '7200' }),
  },
  {
    title: 'a failure inside a 200',
    raises: 'VendorError',
    request: GET,
    answer: async (call, secret) => json(200, { ok: false, error: 'gadget_locked', detail: echo(call, secret) }),
  },
  {
    title: "a gateway's HTML page instead of JSON",
    raises: 'MalformedResponseError',
    request: GET,
    answer: async (call, secret) =>
      new Response(`<html><body><h1>Bad gateway</h1><p>${echo(call, secret)}</p></body></html>`, {
        status: 200,
        headers: { 'content-type': 'text/html' },
      }),
  },
  {
    title: 'an answer over the size cap',
    raises: 'ResponseTooLargeError',
    request: GET,
    answer: async (call) => json(200, { gadget: { id: 'g-1', notes: `${call.url.href} `.repeat(MAX_RESPONSE_BYTES / 10) } }),
  },
  {
    title: 'a vendor that never answers',
    raises: 'TimeoutError',
    request: GET,
    timeoutMs: 50,
    answer: (call) =>
      new Promise((_resolve, reject) => {
        call.signal?.addEventListener('abort', () => reject(call.signal!.reason as Error), { once: true });
      }),
  },
  {
    title: "a host the service's network cannot resolve",
    raises: 'ConnectionError',
    request: GET,
    // What undici's fetch throws: the host in the cause's message.
    answer: (call) =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${call.url.hostname}`), { code: 'ENOTFOUND', hostname: call.url.hostname }),
        }),
      ),
  },
  {
    title: 'a redirect to another origin for a write',
    raises: 'ApiError',
    request: CREATE,
    answer: async (call) => new Response(null, { status: 307, headers: { location: `https://elsewhere.example${call.url.pathname}` } }),
  },
  { title: 'the caller gone before the call', raises: 'AbortError', request: GET, abort: true, answer: never },
  {
    title: 'an action the credentials cannot run',
    raises: 'ConfigurationError',
    request: { entity: 'gadgets', action: 'archive', params: { id: 'g-1' } },
    answer: never,
  },
  { title: 'bad params', raises: 'ValidationError', request: { entity: 'gadgets', action: 'get', params: { id: '' } }, answer: never },
];

const PRINCIPAL: Principal = { kind: 'scoped', applicationId: 'app-1', externalUserId: 'user-1' };

/**
 * The error the service's execution (its catalog, executor pool and the runtime's open-source
 * executor) raises for `scenario`, with the operator's `baseUrl` for the family and `secret` as the
 * connector's credential.
 */
export async function serviceFailure(scenario: FailureScenario, baseUrl: string, secret: string): Promise<Error> {
  const execution = createExecution({
    catalog: createCatalog([GADGETS_PACKAGE]),
    connectors: { credentials: async () => credentialsOf(secret) },
    search: { search: () => Promise.reject(new Error('no search here')) },
    sync: { status: () => Promise.reject(new Error('no sync here')), firstSyncFinished: () => Promise.reject(new Error('no sync here')) },
    vendorBaseUrls: { 'demo-gadgets': baseUrl },
    timeoutMs: scenario.timeoutMs ?? 30_000,
    transport: { fetch: vendorFetch(() => scenario.answer, secret), maxRetries: 0, maxResponseBytes: MAX_RESPONSE_BYTES },
  });
  const now = new Date().toISOString();
  const record: ConnectorRecord = {
    id: 'conn-gadgets-1',
    applicationId: PRINCIPAL.applicationId,
    externalUserId: PRINCIPAL.externalUserId!,
    connectorType: 'demo-gadgets',
    name: 'gadgets',
    config: {},
    replicationConfig: {},
    createdAt: now,
    updatedAt: now,
  };
  try {
    await execution.execute(PRINCIPAL, record, scenario.request, scenario.abort ? AbortSignal.abort() : undefined);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${scenario.title}: the call succeeded`);
}

/** A fetch that plays `answer()`'s current scenario. */
export function vendorFetch(answer: () => VendorAnswer, secret: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return answer()({ url, method: init?.method ?? 'GET', signal: init?.signal ?? undefined }, secret);
  };
}

/**
 * SDK wording an API client must not be told: option names in backticks or by name, "the … option",
 * advice to pass something in `auth` or to the constructor.
 */
export const SDK_WORDING: readonly RegExp[] = [
  /`[^`]+`/,
  /\boptions?\b/i,
  /\bpass(?:ed)?\b/i,
  /\bauth\b/,
  /\b(?:baseUrl|maxResponseBytes|maxRetries|onTokenRefresh|timeout|hasNextPage|getNextPage)\b/,
];

/** Where `text` shows something of the operator's setting, a credential or SDK wording; empty when nothing. */
export function leaksIn(text: string, { baseUrl, secret }: { baseUrl: string; secret: string }): string[] {
  const url = new URL(baseUrl);
  const found: string[] = [];
  for (const [what, value] of [
    ['the vendor base URL', baseUrl],
    ['its origin', url.origin],
    ['its host', url.host],
    ['its host name', url.hostname],
    ['the credential', secret],
    ['the credential, base64', Buffer.from(secret).toString('base64')],
  ] as const) {
    if (text.toLowerCase().includes(value.toLowerCase())) found.push(what);
  }
  for (const pattern of SDK_WORDING) if (pattern.test(text)) found.push(`SDK wording ${pattern}`);
  return found;
}
