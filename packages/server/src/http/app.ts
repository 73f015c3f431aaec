/**
 * The HTTP service, wired from its parts. Everything it talks to comes in through `AppDeps`, so a
 * test can build the real app over an in-memory store, and `startService` (service.ts) builds the
 * production one from settings. Nothing here listens: the caller decides host and port.
 */
import { Redactor } from '@switchyard/runtime/internal';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { DEFAULT_LIMITS, DEFAULT_REQUEST_TIMEOUT_MS, type HttpLimits } from '../config.js';
import type { Execution } from '../execution/create-execution.js';
import type { ConnectorCatalog } from '../catalog/catalog.js';
import type { ConnectorRepository, SyncService, Tenancy } from '../service-types.js';
import type { SqlEngine } from '../store/sql-engine.js';
import { registerAuthHook } from './auth-hook.js';
import { answerClientError } from './client-errors.js';
import { jsonDepthOver, MAX_JSON_DEPTH } from './json-depth.js';
import { ServiceError } from '../service-error.js';
import { registerOpenApi } from './openapi.js';
import { registerRateLimit } from './rate-limit.js';
import { PROBLEM_CONTENT_TYPE, problem, toProblem } from './problem.js';
import type { AuditLog } from '../audit/audit-log.js';
import { registerMcpEndpoint } from './mcp-endpoint.js';
import { registerAdminRoutes } from './routes/admin.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerConnectorTypeRoutes } from './routes/connector-types.js';
import { registerConnectorRoutes } from './routes/connectors.js';
import { registerExecuteRoutes } from './routes/execute.js';
import { registerHealthRoutes } from './routes/health.js';
import { registerTokenRoutes } from './routes/tokens.js';
import { parseQueryString, rejectMalformedQuery } from './query-string.js';
import { textKeywordPlugin } from './text-keyword.js';
import { SERVICE_VERSION } from '../version.js';

/** Where log lines go: a level (`silent` for none) and, for tests, a stream to capture them. */
export interface LogSettings {
  readonly level?: string;
  readonly stream?: { write(line: string): void };
}

export interface AppDeps {
  readonly engine: SqlEngine;
  readonly tenancy: Tenancy;
  readonly connectors: ConnectorRepository;
  readonly sync: SyncService;
  readonly execution: Execution;
  /** Defaults to the execution layer's catalog. */
  readonly catalog?: ConnectorCatalog;
  /** Enables the admin API; without it the admin routes do not exist. */
  readonly adminToken?: string | undefined;
  /** `false` (or level `silent`) turns logging off. */
  readonly logger?: LogSettings | false;
  readonly limits?: Partial<HttpLimits>;
  /** The audit log `execution` writes to; enables GET /api/v1/audit. */
  readonly audit?: AuditLog;
  /** SWITCHYARD_PUBLIC_URL: how clients reach the service (the MCP endpoint's metadata names it). */
  readonly publicUrl?: string | undefined;
}

/**
 * Log fields that may hold a secret. pino removes them before a line is written, whichever part
 * of the service logged it; the request serializer below logs headers, so `authorization` must be here.
 */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'headers.authorization',
  'credentials',
  '*.credentials',
  '*.*.credentials',
  'client_secret',
  '*.client_secret',
  'access_token',
  '*.access_token',
  '*.*.access_token',
  'refresh_token',
  '*.refresh_token',
  '*.*.refresh_token',
];

/** Node's own bound on receiving a request's headers, kept unless the whole request must come sooner. */
const HEADERS_TIMEOUT_MS = 60_000;

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const limits: HttpLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const requestTimeoutMs = limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    bodyLimit: limits.bodyLimitBytes,
    // A request must arrive whole within requestTimeoutMs, or it gets 408 and its connection is
    // closed (Fastify's default is no limit, which lets a client that trickles a body hold a socket
    // for ever). Node looks for overdue requests every connectionsCheckingInterval (30 s by
    // default, as long as the usual timeout): a tenth of the timeout answers close to it.
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.round(requestTimeoutMs / 10))),
    },
    // `/healthz/` is not `/healthz` (one spelling per resource). Long path parameters reach the
    // handlers (up to 512 characters) so an over-long connector id gets the same 404 as any unknown one.
    // Query strings are decoded strictly (http/query-string.ts): an escape that is not UTF-8 is refused, not kept as text.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 512, querystringParser: parseQueryString },
    ajv: {
      // `x-switchyard-text`: identifiers follow tenancy/input-rules.ts wherever a schema names one.
      plugins: [textKeywordPlugin],
      customOptions: {
        // Report every problem of a request at once, reject unknown fields instead of dropping
        // them silently, and never coerce types (a `"5"` is not a number).
        allErrors: true,
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
      },
    },
    // What Fastify's router refuses before any route or hook runs (a path that is not
    // percent-encoded UTF-8, a path parameter over maxParamLength) is a problem like every other
    // refusal, not Fastify's own JSON shape.
    frameworkErrors: sendProblem,
    // What Node's HTTP parser refuses before Fastify sees a request (431, 408, 400): a problem too.
    clientErrorHandler: answerClientError,
    genReqId: requestIdGenerator(),
    requestIdHeader: false,
  });

  registerProblemHandlers(app);
  registerDrainOnClose(app);
  registerBodyParsers(app);
  app.addHook('preValidation', rejectMalformedQuery);
  // The limiter first: the auth hook charges the requests it refuses to the same budgets.
  const budget = await registerRateLimit(app, limits);
  registerAuthHook(app, { tenancy: deps.tenancy, adminToken: deps.adminToken, budget });
  await registerOpenApi(app, SERVICE_VERSION);

  const catalog = deps.catalog ?? deps.execution.catalog;
  registerHealthRoutes(app, deps.engine);
  registerConnectorTypeRoutes(app, catalog);
  if (deps.adminToken) registerAdminRoutes(app, deps.tenancy);
  registerTokenRoutes(app, deps.tenancy);
  registerConnectorRoutes(app, deps);
  registerExecuteRoutes(app, deps);
  if (deps.audit) registerAuditRoutes(app, deps.audit);
  registerMcpEndpoint(app, { ...deps, catalog });
  return app;
}

/** Whatever was thrown, answered as the problem it is (http/problem.ts), and logged by how much it matters. */
function sendProblem(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const { problem: body, headers, unexpected } = toProblem(error);
  if (unexpected) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.code, status: body.status }, 'request refused');
  // A stream already sending bytes cannot turn into a problem; let Fastify close it.
  if (reply.sent) return;
  void reply
    .code(body.status)
    .headers(headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send({ ...body, instance: request.url.split('?', 1)[0] });
}

function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler(sendProblem);
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type(PROBLEM_CONTENT_TYPE)
      .send(problem('not_found', `no route ${request.method} ${request.url.split('?', 1)[0]}`, { instance: request.url.split('?', 1)[0] }));
  });
}

/**
 * Graceful shutdown: once `close()` starts, every response still being produced tells its client
 * `Connection: close`, so keep-alive sockets end with their last answer and the server can finish
 * closing instead of waiting for clients to hang up.
 */
function registerDrainOnClose(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook, not an async one: it runs on every response, and a promise per response costs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * JSON is the one media type the service reads: every other type answers 415 on every route,
 * before any handler runs (Fastify's built-in `text/plain` parser would hand a string to the
 * schema, a 400 that says nothing about the real mistake). An empty body is "no body", whatever its
 * declared type: clients that send a content type on every request can still call the body-less
 * endpoints (sync, delete). Routes that need a body reject a missing one.
 *
 * JSON bodies have JSON.parse's meaning. A `"__proto__"` or `"constructor"` key is kept as the own
 * key JSON.parse makes of it, not refused as Fastify does by default ("not valid JSON", for valid
 * JSON): every part that reads a body by key reads own properties only and writes through the
 * runtime's own-keys helpers, so such a key is data, and the request gets the answer open-source
 * mode gives for the same params (an unknown parameter is a validation_failed naming it; a vendor
 * object that holds the key is sent as it is).
 *
 * The bytes must be UTF-8 (RFC 8259 §8.1). Decoding them leniently would turn each invalid
 * sequence into U+FFFD, so `"eve\xED\xA0\x80"` would arrive as the different, valid
 * `"eve\uFFFD\uFFFD\uFFFD"`; such a body is refused (400 invalid_request) instead.
 */
function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(new ServiceError('invalid_request', 'the request body is not valid UTF-8'), undefined);
      return;
    }
    if (text.trim() === '') return done(null, undefined);
    const tooDeep = jsonDepthOver(text, MAX_JSON_DEPTH);
    if (tooDeep) {
      done(
        new ServiceError('invalid_request', `the request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
  // Any other type, or none: nothing is read; only an empty body gets through.
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (request.headers['content-length'] === '0') return done(null, undefined);
    const declared = request.headers['content-type'];
    const got = declared ? `got ${JSON.stringify(declared.slice(0, 100))}` : 'got a body with no Content-Type';
    done(
      new ServiceError('unsupported_media_type', `send the request body as JSON with Content-Type: application/json (${got})`),
      undefined,
    );
  });
}

/** Redacts URLs in log lines; it knows no secret values, only credential-named query parameters. */
const URL_REDACTOR = new Redactor();

function loggerOptions(settings: LogSettings | false | undefined): object | false {
  if (settings === false) return false;
  return {
    level: settings?.level ?? 'info',
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
    serializers: {
      // Headers help when diagnosing a client (user agent, content type and length); pino's
      // redaction removes the ones that carry secrets.
      req: (request: FastifyRequest) => ({
        method: request.method,
        // A client that puts a token in the query string (some MCP clients do) must not leave it
        // in the log: the runtime's redaction hides the values of credential-named parameters.
        url: URL_REDACTOR.text(request.url),
        headers: { ...request.headers },
        remoteAddress: request.ip,
      }),
    },
    ...(settings?.stream ? { stream: settings.stream } : {}),
  };
}

function requestIdGenerator(): () => string {
  let next = 0;
  const prefix = Math.random().toString(36).slice(2, 8);
  return () => `req-${prefix}-${(next++).toString(36)}`;
}
