/**
 * Shared pieces of the runtime suite: a fictional "widgets" vendor described as ConnectorMetadata
 * (every rule the runtime interprets appears once), a tiny router over the loopback harness, a
 * capturing logger and a few assertion helpers.
 */
import type { ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import {
  ConnectorClient,
  type ActionMetadata,
  type AuthKind,
  type ConnectorMetadata,
  type ExecuteResult,
  type OpenSourceOptions,
  type TokenSet,
} from '@switchyard/runtime';
import {
  abortOnArrival,
  one,
  startServer,
  type FakeServer,
  type Handler,
  type RecordedRequest,
  type Reply,
  type StartServerOptions,
} from '../../../test/fakes/harness.js';

export { abortOnArrival, one, startServer, type FakeServer, type RecordedRequest, type Reply };

/** Tiny backoff so retries cost milliseconds. */
export const FAST_RETRY = { initialDelayMs: 5, maxDelayMs: 20 } as const;

// ---------------------------------------------------------------------------------------------
// Credentials used across the suite (long and distinctive so a leak is easy to spot).
// ---------------------------------------------------------------------------------------------
export const SECRETS = {
  apiToken: 'wdg-api-token-7f3a9c2e51b84d06',
  apiKey: 'wdg-header-key-0c1d2e3f4a5b6c7d',
  basicUser: 'widget-user',
  basicPassword: 'wdg-basic-pass-9e8d7c6b5a',
  accessToken: 'wdg-access-initial-1a2b3c4d5e',
  refreshToken: 'wdg-refresh-initial-6f7a8b9c0d',
  clientId: 'wdg-client-id-42',
  clientSecret: 'wdg-client-secret-5566778899aabb',
} as const;

export const AUTH = {
  bearer: { apiToken: SECRETS.apiToken },
  basic: { username: SECRETS.basicUser, password: SECRETS.basicPassword },
  header: { apiKey: SECRETS.apiKey },
  refresh: {
    accessToken: SECRETS.accessToken,
    refreshToken: SECRETS.refreshToken,
    clientId: SECRETS.clientId,
    clientSecret: SECRETS.clientSecret,
  },
  clientCredentials: { clientId: SECRETS.clientId, clientSecret: SECRETS.clientSecret },
} as const;

export const b64 = (text: string) => Buffer.from(text).toString('base64');

// ---------------------------------------------------------------------------------------------
// Metadata
// ---------------------------------------------------------------------------------------------
type ActionDef = Omit<ActionMetadata, 'entity' | 'action'>;

function actions(defs: Record<string, Record<string, ActionDef>>): ConnectorMetadata['actions'] {
  const out: Record<string, Record<string, ActionMetadata>> = {};
  for (const [entity, byName] of Object.entries(defs)) {
    out[entity] = {};
    for (const [action, def] of Object.entries(byName)) out[entity]![action] = { entity, action, ...def };
  }
  return out;
}

export const TOKEN_PATH = '/oauth/token';

export function authKinds(serverUrl: string): AuthKind[] {
  const tokenUrl = `${serverUrl}${TOKEN_PATH}`;
  return [
    {
      name: 'Token',
      kind: 'bearer',
      token: '{apiToken}',
      fields: { apiToken: { required: true, secret: true } },
    },
    {
      name: 'Basic',
      kind: 'basic',
      username: '{username}',
      password: '{password}',
      fields: { username: { required: true, secret: false }, password: { required: false, secret: true } },
    },
    {
      name: 'ApiKey',
      kind: 'header',
      header: 'X-Widget-Key',
      value: '{apiKey}',
      fields: { apiKey: { required: true, secret: true } },
    },
    {
      name: 'OAuth',
      kind: 'oauth2',
      grant: 'refresh_token',
      accessToken: '{accessToken}',
      refreshToken: '{refreshToken}',
      tokenUrl,
      clientId: '{clientId}',
      clientSecret: '{clientSecret}',
      clientAuth: 'body',
      bodyFormat: 'form',
      fields: {
        accessToken: { required: true, secret: true },
        refreshToken: { required: false, secret: true },
        clientId: { required: true, secret: false },
        clientSecret: { required: true, secret: true },
      },
    },
    {
      name: 'ClientCredentials',
      kind: 'oauth2',
      grant: 'client_credentials',
      tokenUrl,
      clientId: '{clientId}',
      clientSecret: '{clientSecret}',
      clientAuth: 'body',
      bodyFormat: 'form',
      fields: { clientId: { required: true, secret: false }, clientSecret: { required: true, secret: true } },
    },
  ];
}

/** The widgets vendor. `serverUrl` is where the OAuth token endpoint lives (the fake server). */
export function widgetsMetadata(serverUrl = 'http://127.0.0.1:9'): ConnectorMetadata {
  return {
    name: 'widgets',
    title: 'Widgets',
    vendor: 'Widgets Inc.',
    baseUrl: 'https://{subdomain}.widgets.example/api',
    config: {
      subdomain: { type: 'string', required: true, pattern: /^[a-z0-9-]+$/, patternText: 'lowercase letters, digits and -' },
    },
    auth: authKinds(serverUrl),
    headers: { 'x-widgets-version': '2024-06-01' },
    bodyErrors: [
      { when: 'ok', equals: false, code: 'error', rateLimitCodes: ['ratelimited'] },
      { when: 'errors', nonEmpty: true, code: 'errors.0.extensions.code', message: 'errors.0.message', rateLimitCodes: ['RATELIMITED'] },
    ],
    errorMessage: ['error.message', 'message', 'detail'],
    errorCode: ['error.code', 'error', 'code'],
    requestIdHeaders: ['x-request-id'],
    actions: actions({
      widgets: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: {
            limit: { type: 'integer', in: 'query', minimum: 1, maximum: 100, default: 2 },
            cursor: { type: 'string', in: 'query' },
            tags: { type: 'array', in: 'query', items: { type: 'string' } },
            ids: { type: 'array', in: 'query', as: 'id', style: 'repeat', items: { type: 'string' } },
          },
          request: { method: 'GET', path: '/widgets' },
          response: { records: 'widgets', derive: { ownerId: 'owner.id', labelIds: 'labels.nodes[].id' } },
          pagination: {
            style: 'cursor',
            cursorParam: 'cursor',
            next: 'meta.next_cursor',
            hasMore: 'meta.has_more',
            metaMember: 'next_cursor',
          },
          meta: { next_cursor: '$next', total: 'meta.total', rate_remaining: '$header:x-ratelimit-remaining' },
        },
        get: {
          kind: 'get',
          idempotent: true,
          params: { id: { type: 'string', in: 'path', required: true, minLength: 1 } },
          request: { method: 'GET', path: '/widgets/{id}' },
          response: { records: 'widget' },
        },
        create: {
          kind: 'create',
          idempotent: false,
          params: {
            name: { type: 'string', required: true, minLength: 1, maxLength: 40 },
            color: { type: 'string', enum: ['red', 'green', 'blue'] },
            ownerId: { type: 'string', as: 'owner.id' },
            tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
            idempotencyKey: { type: 'string', in: 'header', as: 'Idempotency-Key' },
          },
          request: { method: 'POST', path: '/widgets', envelope: 'widget' },
          response: { records: 'widget' },
        },
        archive: {
          kind: 'update',
          idempotent: false,
          params: { id: { type: 'string', in: 'path', required: true }, reason: { type: 'string' }, notify: { type: 'boolean' } },
          request: { method: 'POST', path: '/widgets/{id}/archive', bodyFormat: 'form' },
          response: { records: '' },
        },
        search: {
          kind: 'search',
          hostedOnly: true,
          idempotent: true,
          params: { query: { type: 'object', required: true } },
        },
      },
      issues: {
        get: {
          kind: 'get',
          idempotent: true,
          params: { id: { type: 'string', in: 'variables', required: true } },
          request: {
            method: 'POST',
            path: '/graphql',
            graphql: {
              document: 'query IssueGet($id: ID!) { issue(id: $id) { id title } }',
              operationName: 'IssueGet',
              operationType: 'query',
            },
          },
          response: { records: 'data.issue' },
        },
        create: {
          kind: 'create',
          idempotent: false,
          params: {
            teamId: { type: 'string', in: 'variables', as: 'input.teamId', required: true },
            title: { type: 'string', in: 'variables', as: 'input.title', required: true },
          },
          request: {
            method: 'POST',
            path: '/graphql',
            graphql: {
              document: 'mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id title } } }',
              operationName: 'IssueCreate',
              operationType: 'mutation',
            },
          },
          response: { records: 'data.issueCreate.issue', success: 'data.issueCreate.success' },
        },
      },
      projects: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { first: { type: 'integer', in: 'variables', default: 2 }, after: { type: 'string', in: 'variables' } },
          request: {
            method: 'POST',
            path: '/graphql',
            graphql: {
              document:
                'query Projects($first: Int, $after: String) { projects(first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }',
              operationName: 'Projects',
              operationType: 'query',
            },
          },
          response: { records: 'data.projects.nodes' },
          pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.projects.pageInfo', metaMember: 'end_cursor' },
          meta: { end_cursor: '$next' },
        },
      },
      events: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { after: { type: 'string', in: 'query' } },
          request: { method: 'GET', path: '/events' },
          response: { records: 'events' },
          pagination: { style: 'cursor', cursorParam: 'after', next: 'links.next', fromUrlParam: 'after', metaMember: 'next_cursor' },
          meta: { next_cursor: '$next' },
        },
      },
      invoices: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { page: { type: 'integer', in: 'query' }, per_page: { type: 'integer', in: 'query' } },
          request: { method: 'GET', path: '/invoices' },
          response: { records: 'invoices' },
          pagination: { style: 'link-header', cursorParam: 'page', fromUrlParam: 'page', cursorType: 'integer', metaMember: 'next_page' },
          meta: { next_page: '$next' },
        },
      },
      reports: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { cursor: { type: 'string', in: 'query' }, from: { type: 'string', in: 'query', format: 'date' } },
          request: { method: 'GET', path: '/reports' },
          response: { records: 'reports' },
          pagination: {
            style: 'link-header',
            cursorParam: 'cursor',
            fromUrlParam: 'cursor',
            cursorType: 'string',
            exclusive: true,
            metaMember: 'next_cursor',
          },
          meta: { next_cursor: '$next' },
        },
      },
      orders: {
        list: {
          kind: 'list',
          returnsList: true,
          idempotent: true,
          params: { page: { type: 'integer', in: 'query', default: 1 } },
          request: { method: 'GET', path: '/orders' },
          response: { records: 'orders' },
          pagination: {
            style: 'page-number',
            cursorParam: 'page',
            currentPage: 'page',
            totalPages: 'total_pages',
            metaMember: 'next_page',
          },
          meta: { next_page: '$next', total_pages: 'total_pages' },
        },
      },
      files: {
        download: {
          kind: 'download',
          idempotent: true,
          params: { id: { type: 'string', in: 'path', required: true } },
          request: { method: 'GET', path: '/files/{id}/content' },
          download: { direct: true },
        },
      },
      attachments: {
        download: {
          kind: 'download',
          idempotent: true,
          params: {
            widgetId: { type: 'string', in: 'path', required: true },
            type: { type: 'string', in: 'select' },
            fileName: { type: 'string', in: 'select' },
            index: { type: 'integer', in: 'select', minimum: 0 },
            range: { type: 'string', in: 'file-header', as: 'Range' },
          },
          request: { method: 'GET', path: '/widgets/{widgetId}/attachments' },
          download: {
            from: 'attachments',
            match: { type: 'type', filename: 'fileName' },
            indexParam: 'index',
            url: 'url',
            itemName: 'attachment',
            fileName: 'filename',
          },
        },
      },
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Servers and clients
// ---------------------------------------------------------------------------------------------
export type RouteHandler = (
  req: RecordedRequest,
  params: Record<string, string>,
  res: ServerResponse,
) => Reply | void | Promise<Reply | void>;

/** `{'GET /widgets/:id': handler}` → a harness handler; unmatched requests get a JSON 404. */
export function routes(table: Record<string, RouteHandler>): Handler {
  const compiled = Object.entries(table).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const names: string[] = [];
    const source = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method, regex: new RegExp(`^${source}$`), names, handler };
  });
  return (req, res) => {
    for (const route of compiled) {
      if (route.method !== req.method) continue;
      const match = route.regex.exec(req.path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = match[i + 1]!));
      return route.handler(req, params, res);
    }
    return { status: 404, body: { error: { code: 'no_route', message: `no route for ${req.method} ${req.path}` } } };
  };
}

/** Starts servers for one test and closes them after it. */
export function useServers(): (handler: Handler, options?: StartServerOptions) => Promise<FakeServer> {
  const open: FakeServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (handler, options) => {
    const server = await startServer(handler, options);
    open.push(server);
    return server;
  };
}

export type ClientOptions = Partial<OpenSourceOptions<unknown, unknown>>;

/** Loosely typed operations, so tests can read `data` and `meta` of any action. */
export type WidgetOps = Record<
  string,
  Record<string, { params: Record<string, unknown> | undefined; result: ExecuteResult<any, Record<string, any>> }>
>;

/** How generated connectors build their client: metadata + `{auth, baseUrl, retry}`. */
export function widgetsClient(
  server: FakeServer,
  auth: object = AUTH.bearer,
  options: ClientOptions = {},
  metadata?: ConnectorMetadata,
): ConnectorClient<WidgetOps> {
  return new ConnectorClient<WidgetOps>(metadata ?? widgetsMetadata(server.url), {
    auth,
    baseUrl: server.url,
    retry: FAST_RETRY,
    ...options,
  } as OpenSourceOptions<unknown, unknown>);
}

/** Requests the fake received, minus the OAuth token endpoint. */
export const apiRequests = (server: FakeServer) => server.requests.filter((r) => r.path !== TOKEN_PATH);
export const tokenRequests = (server: FakeServer) => server.requests.filter((r) => r.path === TOKEN_PATH);

// ---------------------------------------------------------------------------------------------
// Logging and assertions
// ---------------------------------------------------------------------------------------------
export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown> | undefined;
}

export function captureLogger() {
  const lines: LogLine[] = [];
  const sink =
    (level: LogLine['level']) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, message, fields: fields === undefined ? undefined : structuredClone(fields) });
    };
  return {
    logger: { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') },
    lines,
    retries: () =>
      lines.filter((l) => l.message.endsWith('retrying')).map((l) => l.fields as { delayMs: number; reason: string; attempt: number }),
  };
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejection(promise: PromiseLike<unknown>): Promise<Error & Record<string, any>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, any>;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

export { deferred } from '../../../test/support/deferred.js';

export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type { TokenSet };
