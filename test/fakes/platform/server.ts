/**
 * A stateful fake of the extract-load platform on 127.0.0.1 (port 0), laid out like a
 * self-managed install: public API under /api/public/v1, config API under /api/v1, token endpoint
 * at /api/public/v1/applications/token.
 *
 * It behaves like the platform where the client depends on it: expiring tokens (401 once expired),
 * job lifecycles that advance one step per poll, 100-row job pages with `next`, problem+json 404s,
 * 409 for a second concurrent sync or a locked connection, soft deletes, cascade deletes. Failures
 * can be injected (429 + Retry-After, 5xx, dropped connections, "processed then 503"). When the
 * official specs are available every request is checked against them: a non-conforming request
 * gets a 422 like Prism's and is listed in `violations`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  actorResponse,
  connectionResponse,
  currentStep,
  isFinal,
  jobInfoRead,
  jobResponse,
  uuid,
  type FakeActor,
  type FakeAttempt,
  type FakeConnection,
  type FakeJob,
  type JobStep,
} from './records.js';
import type { SpecValidator } from './spec-validator.js';

export interface RecordedRequest {
  api: 'public' | 'config' | 'token' | 'unknown';
  method: string;
  /** Path after the API root (`/jobs/12`, `/state/get`, `/applications/token`). */
  path: string;
  /** Full URL path as received. */
  rawPath: string;
  /** Path and query exactly as received (percent-encoding intact). */
  rawUrl: string;
  query: Record<string, string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON (or form fields); undefined when there was no body. */
  body: unknown;
  rawBody: string;
  /** The status the fake answered with (0 for a dropped connection). */
  status: number;
}

export interface FailureRule {
  method?: string;
  /** Matched against the path after the API root (`/jobs`, `/connections/<id>`). */
  path: string | RegExp;
  status?: number;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Retry-After header value ("0", "1", an HTTP date). */
  retryAfter?: string;
  /** Handle the request normally (state changes happen), then answer `status` anyway. */
  afterProcessing?: boolean;
  /** Destroy the socket instead of answering. */
  drop?: boolean;
  /** The error body; a function receives the request (to echo what the client sent, as some servers do). */
  body?: unknown | ((request: RecordedRequest) => unknown);
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const PROBLEM_BASE = 'https://reference.airbyte.com/reference/errors';
const DEFAULT_SCRIPT: JobStep[] = [
  { status: 'pending' },
  { status: 'running', rowsSynced: 0, bytesSynced: 0 },
  { status: 'running', rowsSynced: 500, bytesSynced: 40_000 },
  { status: 'succeeded', rowsSynced: 1000, bytesSynced: 80_000 },
];

export class FakePlatform {
  readonly requests: RecordedRequest[] = [];
  /** Spec violations of received requests; tests expect it to stay empty. */
  readonly violations: string[] = [];
  readonly workspaceId = uuid();
  readonly clientId = uuid();
  readonly clientSecret = `cs_${uuid().replace(/-/g, '')}`;
  /** Tokens accepted without the token endpoint (bearer-token mode). */
  readonly staticTokens = new Set<string>();
  readonly connections = new Map<string, FakeConnection>();
  readonly actors = new Map<string, FakeActor>();
  readonly jobs = new Map<number, FakeJob>();
  /** Ids the caller may not read: any request naming one gets 403. */
  readonly forbidden = new Set<string>();
  /** Lifetime of issued tokens in seconds (what `expires_in` says). */
  tokenLifetimeS = 180;
  /** `expires_in` value to report instead of the lifetime (to test missing or odd values). */
  reportedExpiresIn: unknown = undefined;
  /** `token_type` to report (the platform says "Bearer"). */
  reportedTokenType = 'Bearer';
  /** Milliseconds added to the fake's clock (token expiry). */
  clockOffsetMs = 0;
  private readonly tokens = new Map<string, number>();
  private readonly failures: Array<FailureRule & { left: number }> = [];
  private readonly syncScripts = new Map<string, JobStep[][]>();
  private readonly attemptScripts = new Map<string, FakeAttempt[][]>();
  private nextJobId = 1000;
  private jobClock = Date.UTC(2026, 0, 5, 8, 0, 0);
  private tokenCounter = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    private readonly validator: SpecValidator | null,
  ) {}

  static async start(options: { validator?: SpecValidator | null } = {}): Promise<FakePlatform> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const platform = new FakePlatform(server, `http://127.0.0.1:${port}`, options.validator ?? null);
    server.on('request', (req, res) => void platform.handle(req, res));
    return platform;
  }

  get apiRoot(): string {
    return `${this.origin}/api/public/v1`;
  }
  get configApiRoot(): string {
    return `${this.origin}/api/v1`;
  }
  get tokenUrl(): string {
    return `${this.apiRoot}/applications/token`;
  }
  /** Every access token the token endpoint issued, oldest first. */
  get issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ── Seeding ──

  addConnection(overrides: Partial<FakeConnection> = {}): FakeConnection {
    const workspaceId = overrides.workspaceId ?? this.workspaceId;
    const source = this.addActor('source', { workspaceId, ...(overrides.sourceId ? { id: overrides.sourceId } : {}) });
    const destination = this.addActor('destination', { workspaceId, ...(overrides.destinationId ? { id: overrides.destinationId } : {}) });
    const connection: FakeConnection = {
      connectionId: uuid(),
      name: 'Postgres → Warehouse',
      workspaceId,
      sourceId: source.id,
      destinationId: destination.id,
      status: 'active',
      schedule: { scheduleType: 'cron', cronExpression: '0 0 0 * * ? UTC' },
      prefix: 'raw_',
      streams: [
        { name: 'users', syncMode: 'incremental_append', cursorField: ['updated_at'] },
        { name: 'orders', syncMode: 'full_refresh_overwrite' },
      ],
      createdAt: 1_767_600_000,
      availableStreams: ['users', 'orders', 'invoices', 'events'],
      catalog: {
        streams: [
          {
            stream: {
              name: 'users',
              namespace: 'public',
              jsonSchema: { type: 'object' },
              supportedSyncModes: ['full_refresh', 'incremental'],
              sourceDefinedCursor: true,
              defaultCursorField: ['updated_at'],
              sourceDefinedPrimaryKey: [['id']],
            },
            config: {
              syncMode: 'incremental',
              destinationSyncMode: 'append',
              cursorField: ['updated_at'],
              primaryKey: [['id']],
              selected: true,
              aliasName: 'users',
            },
          },
        ],
      },
      state: { stateType: 'not_set' },
      ...overrides,
    };
    this.connections.set(connection.connectionId, connection);
    return connection;
  }

  addActor(kind: 'source' | 'destination', overrides: Partial<FakeActor> = {}): FakeActor {
    const actor: FakeActor = {
      id: uuid(),
      kind,
      name: kind === 'source' ? 'Production Postgres' : 'Analytics Warehouse',
      type: kind === 'source' ? 'postgres' : 'bigquery',
      workspaceId: this.workspaceId,
      definitionId: uuid(),
      configuration:
        kind === 'source'
          ? { host: 'db.internal', port: 5432, password: '**********' }
          : { project_id: 'analytics', credentials_json: '**********' },
      createdAt: 1_767_500_000,
      ...overrides,
    };
    this.actors.set(actor.id, actor);
    return actor;
  }

  /** Adds a job in the past (createdAt ascending with each call unless given). */
  addJob(
    connectionId: string,
    init: {
      status?: string;
      steps?: JobStep[];
      jobType?: string;
      createdAt?: number;
      attempts?: FakeAttempt[];
      rowsSynced?: number;
      bytesSynced?: number;
    } = {},
  ): FakeJob {
    this.jobClock += 60_000;
    const job: FakeJob = {
      jobId: this.nextJobId++,
      connectionId,
      jobType: init.jobType ?? 'sync',
      createdAt: init.createdAt ?? this.jobClock,
      steps: init.steps ?? [
        { status: init.status ?? 'succeeded', rowsSynced: init.rowsSynced ?? 10, bytesSynced: init.bytesSynced ?? 1000 },
      ],
      index: 0,
      attempts: init.attempts ?? [{ status: 'succeeded', logs: { logLines: ['sync started', 'sync finished'] } }],
    };
    this.jobs.set(job.jobId, job);
    return job;
  }

  /** The lifecycle the next `POST /jobs` for this connection follows (queue; default pending → running → succeeded). */
  scriptNextSync(connectionId: string, steps: JobStep[], attempts?: FakeAttempt[]): void {
    const list = this.syncScripts.get(connectionId) ?? [];
    list.push(steps);
    this.syncScripts.set(connectionId, list);
    const attemptList = this.attemptScripts.get(connectionId) ?? [];
    attemptList.push(attempts ?? []);
    this.attemptScripts.set(connectionId, attemptList);
  }

  fail(rule: FailureRule): void {
    this.failures.push({ ...rule, left: rule.times ?? 1 });
  }

  /** Server-side expiry: every issued token is rejected from now on. */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  /** Requests to the public or config API matching method and path. */
  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** Requests other than token requests, as "METHOD path?query" strings, for sequence assertions. */
  trail(): string[] {
    return this.requests
      .filter((r) => r.api !== 'token')
      .map((r) => {
        const q = new URLSearchParams();
        for (const [k, vs] of Object.entries(r.query)) for (const v of vs) q.append(k, v);
        const qs = q.toString();
        return `${r.method} ${r.api === 'config' ? 'config:' : ''}${r.path}${qs ? `?${decodeURIComponent(qs)}` : ''}`;
      });
  }

  // ── HTTP ──

  private now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.origin);
    const method = req.method ?? 'GET';
    const rawPath = url.pathname;
    let api: RecordedRequest['api'] = 'unknown';
    let path = rawPath;
    if (rawPath === '/api/public/v1/applications/token') [api, path] = ['token', '/applications/token'];
    else if (rawPath.startsWith('/api/public/v1/')) [api, path] = ['public', rawPath.slice('/api/public/v1'.length)];
    else if (rawPath.startsWith('/api/v1/')) [api, path] = ['config', rawPath.slice('/api/v1'.length)];
    const contentType = String(req.headers['content-type'] ?? '');
    let body: unknown;
    if (rawBody !== '') {
      try {
        body = contentType.includes('application/x-www-form-urlencoded')
          ? Object.fromEntries(new URLSearchParams(rawBody))
          : JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const query: Record<string, string[]> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key);
    const record: RecordedRequest = {
      api,
      method,
      path,
      rawPath,
      rawUrl: req.url ?? '/',
      query,
      headers: { ...req.headers },
      body,
      rawBody,
      status: 0,
    };
    this.requests.push(record);

    const send = (reply: Reply) => {
      record.status = reply.status;
      const isProblem = reply.status >= 400 && api !== 'config';
      const headers: Record<string, string> = { ...reply.headers };
      if (reply.body !== undefined) headers['content-type'] = isProblem ? 'application/problem+json' : 'application/json';
      res.writeHead(reply.status, headers);
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    };

    if (this.validator && api !== 'unknown') {
      const problems = this.validator.check({
        spec: api === 'public' ? 'public' : 'config',
        method,
        path: api === 'public' ? path : api === 'token' ? '/public/v1/applications/token' : `/v1${path}`,
        query: url.searchParams,
        headers: req.headers,
        body: rawBody,
      });
      if (problems.length > 0) {
        this.violations.push(...problems);
        return send(problem(422, 'invalid-input', `The request does not match the spec: ${problems.join('; ')}`));
      }
    }
    if (api === 'unknown') return send(problem(404, 'resource-not-found', `No route for ${rawPath}`));
    if (api !== 'token') {
      if (!this.authorized(req.headers.authorization))
        return send(problem(401, 'unauthorized', 'The access token is missing, invalid or expired'));
      for (const id of this.forbidden) {
        if (path.includes(id) || rawBody.includes(id))
          return send(problem(403, 'forbidden', 'Caller does not have the required permissions'));
      }
    }

    const rule = this.takeFailure(method, path);
    if (rule && !rule.afterProcessing) {
      if (rule.drop) {
        record.status = 0;
        req.socket.destroy();
        return;
      }
      return send(this.failureReply(rule, record));
    }
    let reply: Reply;
    try {
      reply =
        api === 'token'
          ? this.issueToken(body)
          : api === 'public'
            ? this.public(method, path, url.searchParams, body)
            : this.config(path, body);
    } catch (error) {
      reply = problem(500, 'internal-server-error', (error as Error).message);
    }
    if (rule?.afterProcessing) {
      if (rule.drop) {
        record.status = 0;
        req.socket.destroy();
        return;
      }
      return send(this.failureReply(rule, record));
    }
    send(reply);
  }

  private takeFailure(method: string, path: string): (FailureRule & { left: number }) | undefined {
    const rule = this.failures.find(
      (f) => f.left > 0 && (!f.method || f.method === method) && (typeof f.path === 'string' ? f.path === path : f.path.test(path)),
    );
    if (rule) rule.left--;
    return rule;
  }

  private failureReply(rule: FailureRule, request: RecordedRequest): Reply {
    const status = rule.status ?? 503;
    const reply = problem(
      status,
      status === 429 ? 'rate-limited' : 'internal-server-error',
      status === 429 ? 'Too many requests' : 'Upstream failure',
    );
    if (rule.body !== undefined)
      reply.body = typeof rule.body === 'function' ? (rule.body as (r: RecordedRequest) => unknown)(request) : rule.body;
    if (rule.retryAfter !== undefined) reply.headers = { 'retry-after': rule.retryAfter };
    return reply;
  }

  private authorized(header: string | undefined): boolean {
    const match = /^Bearer (\S+)$/.exec(header ?? '');
    if (!match) return false;
    const token = match[1]!;
    if (this.staticTokens.has(token)) return true;
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  private issueToken(body: unknown): Reply {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b['client_id'] !== this.clientId || b['client_secret'] !== this.clientSecret) {
      return problem(401, 'unauthorized', 'Invalid client credentials');
    }
    const token = `tok_${++this.tokenCounter}_${uuid().replace(/-/g, '')}`;
    this.tokens.set(token, this.now() + this.tokenLifetimeS * 1000);
    const expiresIn = this.reportedExpiresIn === undefined ? this.tokenLifetimeS : this.reportedExpiresIn;
    return {
      status: 200,
      body: { access_token: token, token_type: this.reportedTokenType, ...(expiresIn === null ? {} : { expires_in: expiresIn }) },
    };
  }

  // ── Public API ──

  private public(method: string, path: string, query: URLSearchParams, body: unknown): Reply {
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    const [collection, id] = segments;
    if (collection === 'jobs' && id === undefined && method === 'GET') return this.listJobs(query);
    if (collection === 'jobs' && id === undefined && method === 'POST') return this.createJob(body as Record<string, unknown>);
    if (collection === 'jobs' && id !== undefined) {
      const job = this.jobs.get(Number(id));
      if (!job) return notFound('job', id);
      if (method === 'GET') {
        job.index = Math.min(job.index + 1, job.steps.length - 1);
        return { status: 200, body: jobResponse(job) };
      }
      if (method === 'DELETE') {
        if (isFinal(currentStep(job).status)) return problem(409, 'state-conflict', `Job ${id} is not currently running`);
        job.steps = [...job.steps.slice(0, job.index + 1), { ...currentStep(job), status: 'cancelled' }];
        job.index = job.steps.length - 1;
        return { status: 200, body: jobResponse(job) };
      }
    }
    if (collection === 'connections' && id !== undefined) {
      const connection = this.connections.get(id);
      if (!connection) return notFound('connection', id);
      if (method === 'GET') return { status: 200, body: connectionResponse(connection) };
      if (method === 'PATCH') return this.patchConnection(connection, body as Record<string, unknown>);
      if (method === 'DELETE') {
        connection.status = 'deprecated'; // a soft delete: GET by id still answers
        return { status: 204 };
      }
    }
    if ((collection === 'sources' || collection === 'destinations') && id !== undefined) {
      const kind = collection === 'sources' ? 'source' : 'destination';
      const actor = this.actors.get(id);
      if (!actor || actor.kind !== kind) return notFound(kind, id);
      if (method === 'GET') return { status: 200, body: actorResponse(actor) };
      if (method === 'DELETE') {
        this.actors.delete(id);
        // The platform also deletes every connection that uses the deleted actor.
        for (const c of this.connections.values()) if (c.sourceId === id || c.destinationId === id) c.status = 'deprecated';
        return { status: 204 };
      }
    }
    return problem(404, 'resource-not-found', `No public route for ${method} ${path}`);
  }

  private listJobs(query: URLSearchParams): Reply {
    const limit = Number(query.get('limit') ?? 20);
    const offset = Number(query.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return problem(422, 'invalid-input', 'limit must be between 1 and 100');
    if (!Number.isInteger(offset) || offset < 0) return problem(422, 'invalid-input', 'offset must be at least 0');
    const orderBy = query.get('orderBy') ?? 'createdAt|ASC';
    const order = /^(createdAt|updatedAt)\|(ASC|DESC)$/.exec(orderBy);
    if (!order) return problem(400, 'bad-request', 'Invalid order by clause');
    const connectionId = query.get('connectionId');
    const jobType = query.get('jobType');
    const status = query.get('status');
    const rows = [...this.jobs.values()]
      .filter(
        (j) =>
          (!connectionId || j.connectionId === connectionId) &&
          (!jobType || j.jobType === jobType) &&
          (!status || currentStep(j).status === status),
      )
      .sort((a, b) => (order[2] === 'ASC' ? a.createdAt - b.createdAt : b.createdAt - a.createdAt));
    const page = rows.slice(offset, offset + limit);
    const link = (o: number) => {
      const q = new URLSearchParams(query);
      q.set('offset', String(o));
      // An absolute URL built by the server: the client must not need it.
      return `https://api.airbyte.com/v1/jobs?${q.toString()}`;
    };
    return {
      status: 200,
      body: {
        data: page.map(jobResponse),
        ...(offset + limit < rows.length ? { next: link(offset + limit) } : {}),
        ...(offset > 0 ? { previous: link(Math.max(0, offset - limit)) } : {}),
      },
    };
  }

  private createJob(body: Record<string, unknown>): Reply {
    const connectionId = String(body['connectionId'] ?? '');
    const connection = this.connections.get(connectionId);
    if (!connection || connection.status === 'deprecated') return notFound('connection', connectionId);
    if (body['jobType'] === 'refresh') return problem(422, 'invalid-input', 'refresh is not supported in the public API');
    const running = [...this.jobs.values()].find((j) => j.connectionId === connectionId && !isFinal(currentStep(j).status));
    if (running) return problem(409, 'try-again-later', `A sync is already running for connection ${connectionId} (job ${running.jobId})`);
    const steps = this.syncScripts.get(connectionId)?.shift() ?? DEFAULT_SCRIPT;
    const attempts = this.attemptScripts.get(connectionId)?.shift();
    const job = this.addJob(connectionId, {
      jobType: String(body['jobType']),
      steps,
      createdAt: Date.now(),
      attempts: attempts && attempts.length > 0 ? attempts : [{ status: 'running', logs: { logLines: ['starting'] } }],
    });
    return { status: 200, body: jobResponse(job) };
  }

  private patchConnection(connection: FakeConnection, body: Record<string, unknown>): Reply {
    if (connection.status === 'locked') {
      return {
        status: 409,
        body: {
          type: 'error:connection/locked',
          title: 'connection-locked',
          status: 409,
          detail: 'The connection is locked and cannot be modified',
          data: { statusReason: connection.statusReason ?? 'locked by the platform' },
        },
      };
    }
    const schedule = body['schedule'] as Record<string, unknown> | undefined;
    if (schedule) {
      if (schedule['scheduleType'] === 'cron') {
        const expression = String(schedule['cronExpression'] ?? '');
        const fields = expression
          .replace(/\s+UTC$/i, '')
          .trim()
          .split(/\s+/);
        if (expression === '' || fields.length < 6 || fields.length > 7 || !/^\d+$/.test(fields[0]!) || !/^\d+$/.test(fields[1]!)) {
          return problem(
            400,
            'bad-request',
            `Invalid cron expression "${expression}": seconds and minutes cannot be * (minimum interval one hour)`,
          );
        }
        connection.schedule = { scheduleType: 'cron', cronExpression: `${fields.join(' ')} UTC` };
      } else {
        connection.schedule = { scheduleType: String(schedule['scheduleType']) };
      }
    }
    const configurations = body['configurations'] as { streams?: Array<Record<string, unknown>> } | undefined;
    if (configurations?.streams && configurations.streams.length > 0) {
      const unknown = configurations.streams.filter((s) => !connection.availableStreams.includes(String(s['name'])));
      if (unknown.length > 0) return problem(400, 'bad-request', `Invalid stream found: ${unknown.map((s) => s['name']).join(', ')}`);
      // Replaces the whole catalog: unlisted streams are deselected; no syncMode → full refresh overwrite.
      connection.streams = configurations.streams.map((s) => ({
        name: String(s['name']),
        syncMode: String(s['syncMode'] ?? 'full_refresh_overwrite'),
      }));
    }
    if (typeof body['name'] === 'string') connection.name = body['name'];
    if (typeof body['prefix'] === 'string') connection.prefix = body['prefix'];
    if (body['status'] === 'active' || body['status'] === 'inactive') connection.status = body['status'];
    return { status: 200, body: connectionResponse(connection) };
  }

  // ── Config API (every call a POST with a JSON body; 404 bodies are {message, exceptionClassName}) ──

  private config(path: string, body: unknown): Reply {
    const b = (body ?? {}) as Record<string, unknown>;
    const configNotFound = (what: string, id: unknown): Reply => ({
      status: 404,
      body: {
        message: `Could not find ${what} with id: ${String(id)}`,
        exceptionClassName: 'io.airbyte.commons.server.errors.IdNotFoundKnownException',
        exceptionStack: [],
      },
    });
    if (path === '/jobs/get') {
      const job = this.jobs.get(Number(b['id']));
      return job ? { status: 200, body: jobInfoRead(job) } : configNotFound('job', b['id']);
    }
    const connection = this.connections.get(String(b['connectionId']));
    if (path === '/state/get') {
      return connection
        ? { status: 200, body: { connectionId: connection.connectionId, ...connection.state } }
        : configNotFound('connection', b['connectionId']);
    }
    if (path === '/web_backend/connections/get') {
      if (!connection) return configNotFound('connection', b['connectionId']);
      return {
        status: 200,
        body: {
          connectionId: connection.connectionId,
          name: connection.name,
          status: connection.status,
          isSyncing: [...this.jobs.values()].some((j) => j.connectionId === connection.connectionId && !isFinal(currentStep(j).status)),
          ...(connection.catalog ? { syncCatalog: connection.catalog } : {}),
        },
      };
    }
    return configNotFound('route', path);
  }
}

function problem(status: number, kind: string, detail: string): Reply {
  return { status, body: { type: `${PROBLEM_BASE}#${kind}`, title: kind, status, detail } };
}

function notFound(kind: string, id: string): Reply {
  return problem(404, 'resource-not-found', `Could not find a resource for: ${kind} ${id}`);
}
