/**
 * A small stand-in for the Switchyard execution service, speaking its HTTP API exactly as
 * packages/server documents it: application and scoped token endpoints (tokens expire by the
 * clock, can be revoked), the connector list, and the execute endpoint, with failures answered as
 * RFC 9457 problem+json. What execute answers is up to each test.
 */
import type { ServerResponse } from 'node:http';
import { expect } from 'vitest';
import { type ConnectorMetadata, type HostedOptions } from '@switchyard/runtime';
import {
  HostedExecutor,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_BASE,
  SEARCH_PARAM_RULES,
  buildProblem,
  isProblemCode,
} from '@switchyard/runtime/internal';
import { ConnectorClient } from '@switchyard/runtime';
import type { FakeServer, RecordedRequest, Reply } from './helpers.js';
import { FAST_RETRY, widgetsMetadata, type WidgetOps } from './helpers.js';

export const SERVICE_SECRETS = {
  clientId: 'app-client-id-3f2a',
  clientSecret: 'app-client-secret-9c8b7a6f5e4d3c2b',
} as const;
export const EXTERNAL_USER = 'user-42';

export const APP_TOKEN_PATH = '/api/v1/account/applications/token';
export const SCOPED_TOKEN_PATH = '/api/v1/embedded/scoped-token';
export const SOURCES_PATH = '/api/v1/connectors/sources';

export interface ConnectorView {
  id: string;
  external_user_id: string;
  connector_type: string;
  name: string;
}

export type ExecuteHandler = (
  call: { id: string; entity: string; action: string; params: unknown },
  req: RecordedRequest,
  res: ServerResponse,
) => Reply | void | Promise<Reply | void>;

export interface FakeServiceState {
  /** Token lifetime the service announces, in seconds (15 minutes like the real service). */
  expiresIn: number;
  connectors: ConnectorView[];
  execute: ExecuteHandler;
  /** Tokens issued so far, each with its expiry (epoch ms) and kind. */
  tokens: Map<string, { kind: 'application' | 'scoped'; expiresAt: number; externalUserId?: string }>;
  /** Invalidates every token issued so far, as a restart with a new signing key or a revocation would. */
  revokeAll(): void;
}

/** A problem as the service answers it: `type` and `title` from the runtime's table (a code it does not know keeps its name as title). */
export function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}): Reply {
  return {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
    body: isProblemCode(code)
      ? { ...buildProblem(code, detail, {}, status), ...extra }
      : { type: `${PROBLEM_TYPE_BASE}${code}`, title: code, status, detail, code, ...extra },
  };
}

/** Builds the router; the returned state is live (tests change connectors and execute). */
export function fakeService(): { state: FakeServiceState; handler: (req: RecordedRequest, res: ServerResponse) => Promise<Reply | void> } {
  let serial = 0;
  const state: FakeServiceState = {
    expiresIn: 900,
    connectors: [{ id: 'conn-1', external_user_id: EXTERNAL_USER, connector_type: 'widgets', name: 'Widgets' }],
    execute: () => problem(500, 'internal_error', 'no execute handler set by the test'),
    tokens: new Map(),
    revokeAll() {
      state.tokens.clear();
    },
  };
  const issue = (kind: 'application' | 'scoped', externalUserId?: string): Reply => {
    const token = `${kind}-token-${++serial}-${Math.random().toString(36).slice(2, 10)}`;
    state.tokens.set(token, { kind, expiresAt: Date.now() + state.expiresIn * 1000, ...(externalUserId ? { externalUserId } : {}) });
    return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: state.expiresIn } };
  };
  const principal = (req: RecordedRequest) => {
    const token = /^Bearer (.+)$/.exec(req.headers['authorization'] ?? '')?.[1];
    const entry = token ? state.tokens.get(token) : undefined;
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  };
  const handler = async (req: RecordedRequest, res: ServerResponse): Promise<Reply | void> => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && req.path === APP_TOKEN_PATH) {
      const ok = body['client_id'] === SERVICE_SECRETS.clientId && body['client_secret'] === SERVICE_SECRETS.clientSecret;
      return ok ? issue('application') : problem(401, 'unauthorized', 'unknown client_id or wrong client_secret');
    }
    const who = principal(req);
    if (!who) return problem(401, 'unauthorized', 'missing, expired or invalid bearer token');
    if (req.method === 'POST' && req.path === SCOPED_TOKEN_PATH) {
      if (who.kind !== 'application') return problem(403, 'forbidden', 'scoped tokens are issued to application tokens only');
      return issue('scoped', String(body['external_user_id']));
    }
    if (who.kind !== 'scoped') return problem(403, 'forbidden', 'this test service takes scoped tokens only');
    if (req.method === 'GET' && req.path === SOURCES_PATH) {
      return { status: 200, body: { data: state.connectors.filter((c) => c.external_user_id === who.externalUserId) } };
    }
    const execute = /^\/api\/v1\/connectors\/sources\/([^/]+)\/execute$/.exec(req.path);
    if (req.method === 'POST' && execute) {
      const id = decodeURIComponent(execute[1]!);
      if (!state.connectors.some((c) => c.id === id && c.external_user_id === who.externalUserId)) {
        return problem(404, 'not_found', `no connector ${id}`);
      }
      return state.execute({ id, entity: String(body['entity']), action: String(body['action']), params: body['params'] }, req, res);
    }
    return problem(404, 'not_found', `no route ${req.method} ${req.path}`);
  };
  return { state, handler };
}

/** The widgets test connector, its search action taking the standard search parameters as generated connectors do. */
export function hostedMetadata(serverUrl?: string): ConnectorMetadata {
  const base = widgetsMetadata(serverUrl);
  const search = base.actions['widgets']!['search']!;
  return {
    ...base,
    actions: {
      ...base.actions,
      widgets: {
        ...base.actions['widgets'],
        search: {
          ...search,
          params: Object.fromEntries(Object.entries(SEARCH_PARAM_RULES).map(([name, rule]) => [name, { ...rule, in: 'body' }])),
        },
      },
    },
  };
}

export function hostedOptions(server: FakeServer, extra: Partial<HostedOptions> = {}): HostedOptions {
  return {
    baseUrl: server.url,
    externalUserId: EXTERNAL_USER,
    clientId: SERVICE_SECRETS.clientId,
    clientSecret: SERVICE_SECRETS.clientSecret,
    ...extra,
  };
}

/** A connector client in hosted mode, as `XConnector.hosted()` builds it. */
export function hostedClient(metadata: ConnectorMetadata, options: HostedOptions): ConnectorClient<WidgetOps> {
  // Tests run with tiny backoff so a retry costs milliseconds.
  const executor = new HostedExecutor(metadata, { retry: FAST_RETRY, ...options });
  return new ConnectorClient<WidgetOps>(metadata, { executor });
}

export const requestsTo = (server: FakeServer, path: string | RegExp) =>
  server.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));

export function expectNoSecrets(text: string): void {
  expect(text).not.toContain(SERVICE_SECRETS.clientSecret);
  expect(text).not.toMatch(/(application|scoped)-token-\d+/);
}
