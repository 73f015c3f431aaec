/**
 * Set-up shared by the execute-*.test.ts and load.test.ts suites: the execute route on a real
 * Fastify app (the service's own auth hook and problem mapping), a real store and search on an
 * in-memory PGlite, and two stand-ins kept deliberately small: a connector repository in memory
 * (tenant visibility rules as in service-types.ts, credentials kept as given) and a sync status
 * board the test sets per entity. Tokens are fixed strings mapped to principals.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAuthHook } from '../src/http/auth-hook.js';
import { PROBLEM_SCHEMA } from '../src/http/schemas.js';
import { PROBLEM_CONTENT_TYPE, toProblem } from '../src/http/problem.js';
import { registerExecuteRoutes } from '../src/http/routes/execute.js';
import { textKeywordPlugin } from '../src/http/text-keyword.js';
import { createCatalog } from '../src/catalog/catalog.js';
import { createExecution, type Execution, type ExecutionOptions } from '../src/execution/create-execution.js';
import { ServiceError } from '../src/service-error.js';
import { hasFinishedFirstSync } from '../src/sync/status-view.js';
import type {
  ConnectorRecord,
  ConnectorRepository,
  EntitySyncStatus,
  NewConnector,
  Principal,
  SyncStatusView,
  Tenancy,
} from '../src/service-types.js';
import { RecordSearch, RecordStore, ensureSearchIndexes, migrate, type SqlEngine } from '../src/index.js';
import type { SearchLimits } from '../src/search/limits/search-limits.js';
import { openTestPglite } from './support/pglite-template.js';

export const CURSOR_SECRET = 'execute-test-cursor-secret-0123456789';

/** Principals behind the fixed test tokens: two applications, and scoped users of the first. */
export const PRINCIPALS: Readonly<Record<string, Principal>> = {
  'token-app-a': { kind: 'application', applicationId: 'app-a' },
  'token-app-b': { kind: 'application', applicationId: 'app-b' },
  'token-a-alice': { kind: 'scoped', applicationId: 'app-a', externalUserId: 'alice' },
  'token-a-bob': { kind: 'scoped', applicationId: 'app-a', externalUserId: 'bob' },
};

function visible(principal: Principal, record: ConnectorRecord): boolean {
  if (record.applicationId !== principal.applicationId) return false;
  return principal.kind === 'application' || record.externalUserId === principal.externalUserId;
}

/** ConnectorRepository in memory; counts credential reads so executor reuse can be observed. */
export class MemoryConnectorRepository implements ConnectorRepository {
  readonly records = new Map<string, { record: ConnectorRecord; credentials: Record<string, string> }>();
  credentialReads = 0;
  #clock = Date.parse('2026-01-01T00:00:00Z');

  #now(): string {
    // Strictly increasing, so an update always moves updatedAt (the executor cache key).
    this.#clock += 1000;
    return new Date(this.#clock).toISOString();
  }

  async create(input: NewConnector): Promise<ConnectorRecord> {
    const now = this.#now();
    const record: ConnectorRecord = {
      id: `conn_${randomUUID().replaceAll('-', '')}`,
      applicationId: input.applicationId,
      externalUserId: input.externalUserId,
      connectorType: input.connectorType,
      name: input.name,
      config: input.config,
      replicationConfig: input.replicationConfig,
      createdAt: now,
      updatedAt: now,
    };
    this.records.set(record.id, { record, credentials: { ...input.credentials } });
    return record;
  }

  async get(principal: Principal, id: string): Promise<ConnectorRecord | null> {
    const entry = this.records.get(id);
    return entry && visible(principal, entry.record) ? entry.record : null;
  }

  async list(principal: Principal, externalUserId?: string): Promise<ConnectorRecord[]> {
    return [...this.records.values()]
      .map((e) => e.record)
      .filter((r) => visible(principal, r) && (externalUserId === undefined || r.externalUserId === externalUserId));
  }

  async updateCredentials(principal: Principal, id: string, credentials: Record<string, string>): Promise<ConnectorRecord | null> {
    const entry = this.records.get(id);
    if (!entry || !visible(principal, entry.record)) return null;
    const record = { ...entry.record, updatedAt: this.#now() };
    this.records.set(id, { record, credentials: { ...credentials } });
    return record;
  }

  async rename(principal: Principal, id: string, name: string): Promise<ConnectorRecord | null> {
    const entry = this.records.get(id);
    if (!entry || !visible(principal, entry.record)) return null;
    const record = { ...entry.record, name, updatedAt: this.#now() };
    this.records.set(id, { ...entry, record });
    return record;
  }

  async delete(principal: Principal, id: string): Promise<boolean> {
    const entry = this.records.get(id);
    if (!entry || !visible(principal, entry.record)) return false;
    return this.records.delete(id);
  }

  async credentials(record: ConnectorRecord): Promise<Record<string, string>> {
    this.credentialReads += 1;
    const entry = this.records.get(record.id);
    if (!entry) throw new Error(`no credentials for ${record.id}`);
    return { ...entry.credentials };
  }

  async listAll(afterId = '', limit = 100): Promise<ConnectorRecord[]> {
    return [...this.records.values()]
      .map((e) => e.record)
      .filter((r) => r.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }
}

/** The sync engine's status as search reads it, set by the test per connector and entity. */
export class SyncBoard {
  readonly #entities = new Map<string, Map<string, EntitySyncStatus>>();

  set(connectorId: string, entity: string, status: Partial<EntitySyncStatus>): void {
    const map = this.#entities.get(connectorId) ?? new Map<string, EntitySyncStatus>();
    map.set(entity, {
      entity,
      state: 'pending',
      records: 0,
      records_per_second: null,
      last_synced_at: null,
      mode: null,
      error: null,
      ...status,
    });
    this.#entities.set(connectorId, map);
  }

  ready(connectorId: string, entity: string, records: number): void {
    this.set(connectorId, entity, { state: 'ready', records, last_synced_at: '2026-01-01T00:00:00.000Z', mode: 'full' });
  }

  async firstSyncFinished(record: ConnectorRecord, entity: string): Promise<boolean> {
    return hasFinishedFirstSync((await this.status(record)).entities.find((e) => e.entity === entity));
  }

  async statuses(records: readonly ConnectorRecord[]): Promise<SyncStatusView[]> {
    return Promise.all(records.map((record) => this.status(record)));
  }

  async status(record: ConnectorRecord): Promise<SyncStatusView> {
    const entities = [...(this.#entities.get(record.id)?.values() ?? [])];
    const state =
      entities.length > 0 && entities.every((e) => e.state === 'ready')
        ? 'ready'
        : entities.some((e) => e.state === 'syncing')
          ? 'syncing'
          : 'pending';
    return { sync_status: state, last_synced_at: null, next_sync_at: null, entities };
  }
}

const tenancy: Tenancy = {
  createApplication: () => Promise.reject(new Error('not used')),
  issueApplicationToken: () => Promise.reject(new Error('not used')),
  issueScopedToken: () => Promise.reject(new Error('not used')),
  async verify(token) {
    const principal = PRINCIPALS[token];
    if (!principal) throw new ServiceError('unauthorized', 'unknown test token');
    return principal;
  },
};

export interface Harness {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly engine: SqlEngine;
  readonly store: RecordStore;
  readonly repo: MemoryConnectorRepository;
  readonly sync: SyncBoard;
  readonly search: RecordSearch;
  readonly execution: Execution;
  /** POSTs an execute request with a test token. */
  execute(token: string, connectorId: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export type HarnessOptions = Omit<ExecutionOptions, 'catalog' | 'connectors' | 'search' | 'sync'> & {
  /**
   * Create the search indexes of these connector types, or of every type with `true` (slow on
   * PGlite; search is correct without them, only slower).
   */
  readonly searchIndexes?: boolean | readonly string[];
  /** How searches share the store (defaults: PGlite's). */
  readonly searchLimits?: Partial<SearchLimits>;
  /** Wraps the engine searches run on (to hold or slow their statements). */
  readonly searchEngine?: (engine: SqlEngine) => SqlEngine;
};

export async function startHarness({ searchIndexes = false, searchLimits, searchEngine, ...options }: HarnessOptions): Promise<Harness> {
  const engine = await openTestPglite();
  await migrate(engine);
  const catalog = createCatalog();
  const indexed =
    searchIndexes === true ? catalog.families() : searchIndexes ? catalog.families().filter((f) => searchIndexes.includes(f.name)) : [];
  for (const family of indexed) {
    for (const entity of Object.keys(family.searchableFields)) await ensureSearchIndexes(engine, family.entitySchema(entity)!);
  }
  const store = new RecordStore(engine);
  const repo = new MemoryConnectorRepository();
  const sync = new SyncBoard();
  const search = new RecordSearch(searchEngine ? searchEngine(engine) : engine, {
    cursorSecret: CURSOR_SECRET,
    ...(searchLimits ? { limits: searchLimits } : {}),
  });
  const execution = createExecution({
    ...options,
    catalog,
    connectors: repo,
    search,
    sync,
    transport: { retry: { initialDelayMs: 5, maxDelayMs: 20 }, ...options.transport },
  });

  // The service's request schemas use its identifier keyword (http/text-keyword.ts).
  const app = Fastify({ ajv: { plugins: [textKeywordPlugin] } });
  app.addSchema(PROBLEM_SCHEMA);
  registerAuthHook(app, { tenancy });
  // The same mapping the service's error handler applies.
  app.setErrorHandler(async (error, _request, reply) => {
    const { problem, headers } = toProblem(error);
    return reply.code(problem.status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(problem);
  });
  registerExecuteRoutes(app, { connectors: repo, execution });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    app,
    engine,
    store,
    repo,
    sync,
    search,
    execution,
    execute: (token, connectorId, body, init = {}) =>
      fetch(`${url}/api/v1/connectors/sources/${connectorId}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...init,
      }),
    async close() {
      await app.close();
      await engine.close();
    },
  };
}

/** A connector record of app-a's user alice (unless told otherwise), created through the repository. */
export function createConnector(
  repo: MemoryConnectorRepository,
  connectorType: string,
  credentials: Record<string, string>,
  owner: { applicationId?: string; externalUserId?: string } = {},
): Promise<ConnectorRecord> {
  return repo.create({
    applicationId: owner.applicationId ?? 'app-a',
    externalUserId: owner.externalUserId ?? 'alice',
    connectorType,
    name: connectorType,
    credentials,
    config: {},
    replicationConfig: {},
  });
}
