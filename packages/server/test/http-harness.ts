/**
 * The real HTTP service over an in-memory PGlite (or a store the suite opens), listening on 127.0.0.1, for the http-* suites:
 * the production wiring (buildServiceParts + createApp), with log lines captured for inspection.
 */
import { randomBytes } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import type { HttpLimits } from '../src/config.js';
import { createApp } from '../src/http/app.js';
import { buildServiceParts, type ServiceParts } from '../src/compose.js';
import type { SqlEngine } from '../src/store/sql-engine.js';
import type { TokenResponse } from '../src/service-types.js';
import { openTestPglite } from './support/pglite-template.js';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

export interface HarnessOptions {
  readonly adminToken?: string | undefined;
  readonly limits?: Partial<HttpLimits>;
  readonly vendorBaseUrls?: Readonly<Record<string, string>>;
  readonly logLevel?: string;
  /** Run the sync engine (only with every family a test touches pointed at a fake). */
  readonly startSync?: boolean;
  /** The store (default: an in-memory PGlite); with `databaseUrl` syncs run through pg-boss, as in production on PostgreSQL. */
  readonly store?: { readonly open: () => Promise<SqlEngine>; readonly databaseUrl?: string };
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  readonly body: any;
}

export interface RequestOptions {
  readonly token?: string;
  /** Sent as JSON unless `raw` is given. */
  readonly json?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  /** Send from this loopback address (127.0.0.2, …): another client address to the service. */
  readonly from?: string;
}

export interface Harness {
  readonly url: string;
  readonly parts: ServiceParts;
  readonly masterKey: string;
  /** Every log line the app wrote, as raw text. */
  readonly logs: string[];
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  /** Creates an application through the tenancy part and returns its credentials. */
  application(name?: string): Promise<{ applicationId: string; clientId: string; clientSecret: string; token: string }>;
  scopedToken(applicationToken: string, externalUserId: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const engine = await (options.store?.open ?? openTestPglite)();
  const masterKey = randomBytes(32).toString('base64');
  const parts = await buildServiceParts(engine, {
    masterKey,
    vendorBaseUrls: options.vendorBaseUrls ?? {},
    ...(options.store?.databaseUrl ? { databaseUrl: options.store.databaseUrl } : {}),
    // Tests trigger syncs explicitly; the hourly schedule never fires during a test.
    sync: { schedule: { checkEveryMs: 3_600_000 } },
  });
  const logs: string[] = [];
  const app = await createApp({
    ...parts,
    adminToken: options.adminToken,
    limits: options.limits ?? {},
    logger: { level: options.logLevel ?? 'info', stream: { write: (line: string) => void logs.push(line) } },
  });
  if (options.startSync) await parts.sync.start();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const agents = new Map<string, Agent>();
  const agentFrom = (address: string): Agent => {
    let agent = agents.get(address);
    if (!agent) agents.set(address, (agent = new Agent({ localAddress: address })));
    return agent;
  };

  async function request(method: string, path: string, req: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...req.headers };
    if (req.token !== undefined) headers['authorization'] = `Bearer ${req.token}`;
    let body: string | undefined = req.raw;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] ??= 'application/json';
    }
    const init = { method, headers, ...(body !== undefined ? { body } : {}) };
    const response = req.from
      ? await undiciFetch(`${url}${path}`, { ...init, dispatcher: agentFrom(req.from) })
      : await fetch(`${url}${path}`, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    // Every JSON body the service sends says so, whichever route sent it (a download's bytes
    // carry the vendor's own type and are left alone), and every refusal is a problem document,
    // whichever part refused it (a route, a hook, or Fastify before routing): clients other than
    // ours read the header and the document's code.
    const type = response.headers.get('content-type') ?? '';
    if (parsed !== undefined && !response.headers.has('content-disposition') && !/^application\/(problem\+)?json\b/.test(type)) {
      throw new Error(`${method} ${path} answered ${response.status} with a JSON body but content-type "${type}"`);
    }
    const reply: Reply = { status: response.status, headers: response.headers, text, body: parsed };
    const fault = response.status >= 400 ? problemShapeFault(reply) : undefined;
    if (fault) throw new Error(`${method} ${path} answered ${response.status}, not a problem document: ${fault}`);
    return reply;
  }

  async function token(clientId: string, clientSecret: string): Promise<string> {
    const reply = await request('POST', '/api/v1/account/applications/token', {
      json: { client_id: clientId, client_secret: clientSecret },
    });
    if (reply.status !== 200) throw new Error(`token exchange failed: ${reply.status} ${reply.text}`);
    return (reply.body as TokenResponse).access_token;
  }

  return {
    url,
    parts,
    masterKey,
    logs,
    request,
    async application(name = 'test app') {
      const created = await parts.tenancy.createApplication(name);
      return {
        applicationId: created.application_id,
        clientId: created.client_id,
        clientSecret: created.client_secret,
        token: await token(created.client_id, created.client_secret),
      };
    },
    async scopedToken(applicationToken, externalUserId) {
      const reply = await request('POST', '/api/v1/embedded/scoped-token', {
        token: applicationToken,
        json: { external_user_id: externalUserId },
      });
      if (reply.status !== 200) throw new Error(`scoped token failed: ${reply.status} ${reply.text}`);
      return (reply.body as TokenResponse).access_token;
    },
    async close() {
      await Promise.all([...agents.values()].map((agent) => agent.close()));
      await app.close();
      // As the service shuts down: the audit rows of finished requests are written before the store closes.
      await parts.audit.close();
      await parts.sync.stop();
      await engine.close();
    },
  };
}

/** The problem members every problem has, checked together. */
export function expectProblemShape(reply: Reply): void {
  const fault = problemShapeFault(reply);
  if (fault) throw new Error(fault);
}

/** Why `reply` is not an RFC 9457 problem document as the service writes them; undefined when it is one. */
function problemShapeFault(reply: Reply): string | undefined {
  const type = reply.headers.get('content-type');
  if (!type?.startsWith('application/problem+json')) return `expected application/problem+json, got ${type}: ${reply.text}`;
  if (typeof reply.body !== 'object' || reply.body === null) return `a problem is a JSON object: ${reply.text}`;
  for (const member of ['type', 'title', 'status', 'detail', 'code']) {
    if (!(member in reply.body)) return `problem lacks ${member}: ${reply.text}`;
  }
  if (reply.body.status !== reply.status) return `problem status ${reply.body.status} != HTTP ${reply.status}`;
  return undefined;
}
