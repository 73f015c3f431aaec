/**
 * Searches share the store fairly and in bounded time (src/search/limits/fair-queue.ts,
 * src/search/limits/search-deadline.ts), on PGlite and PostgreSQL: one tenant's backlog delays another
 * tenant's search by the one search in flight (asserted as the order statements reach the store,
 * never as a time); a statement PostgreSQL cancels for its statement_timeout, or a search that
 * is out of time before its next statement, answers SearchTimeoutError (422 `validation_failed`,
 * rule `search-timeout`); a tenant with a full queue answers 429 `rate_limited`; the service
 * counts a search against the connector's owner; an abandoned search leaves the queue.
 *
 * @module-tag connector/messaging
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { searchTenant } from '../src/execution/create-execution.js';
import { toProblem } from '../src/http/problem.js';
import {
  EntitySchema,
  RecordSearch,
  defaultSearchLimits,
  SearchTimeoutError,
  migrate,
  openPostgresEngine,
  type EntityScope,
  type SqlEngine,
  type SqlParam,
  type SqlRunner,
  type SearchResponse,
} from '../src/index.js';
import { startService } from '../src/service.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { createThrowawayDatabase, engineCases, postgresUrl, uniqueTenant } from './support/engines.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';
import { examplePackage } from './support/example-package.js';
import { waitFor } from '../../../test/support/expect.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';

const CURSOR_SECRET = 'fairness-test-cursor-secret-0123456789';
const { searchableFields } = await examplePackage('messaging');
const users = new EntitySchema('users', searchableFields['users']!);

/** `n` Slack-like users written straight into the copy (one statement, fast on both stores). */
async function fillCopy(engine: SqlRunner, scope: EntityScope, n: number): Promise<void> {
  await engine.query(
    `INSERT INTO sy_records (tenant_id, connector_id, entity, record_id, data)
     SELECT $1::text, $2::text, $3::text, 'U' || lpad(i::text, 7, '0'),
            jsonb_build_object('id', 'U' || lpad(i::text, 7, '0'), 'name', 'user' || i, 'deleted', false,
              'real_name', (ARRAY['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra'])[1 + i % 4] || ' ' || i,
              'profile', jsonb_build_object('title', 'Engineer ' || (i % 50)))
       FROM generate_series(1, $4::int) AS i`,
    [scope.tenantId, scope.connectorId, scope.entity, String(n)],
  );
}

async function dropCopy(engine: SqlRunner, scope: EntityScope): Promise<void> {
  await engine.query('DELETE FROM sy_records WHERE tenant_id = $1 AND connector_id = $2', [scope.tenantId, scope.connectorId]);
}

/** The engine, with a note of the tenant (first parameter) of every statement as it is sent. */
function recording(engine: SqlEngine, onStatement: (tenant: SqlParam | undefined) => void, holdMs = 0): SqlEngine {
  const wrap = (runner: SqlRunner): SqlRunner => ({
    query: async <R>(sql: string, params?: readonly SqlParam[]) => {
      onStatement(params?.[0]);
      const result = await runner.query<R>(sql, params);
      if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
      return result;
    },
    exec: (sql) => runner.exec(sql),
  });
  return { kind: engine.kind, ...wrap(engine), transaction: (fn) => engine.transaction((tx) => fn(wrap(tx))), close: () => engine.close() };
}

/** An infix like in record-id order: one statement, scanning the copy. */
const HEAVY = { query: { filter: { like: { name: '%er1%' } } }, limit: 1000 };
const LIGHT = { query: { filter: { eq: { name: 'user7' } } }, limit: 10 };

describe.each(engineCases)('$name', ({ name, open, skip }) => {
  let engine: SqlEngine;
  const a: EntityScope = { tenantId: uniqueTenant('fair-a'), connectorId: 'conn-a', entity: 'users' };
  const b: EntityScope = { tenantId: uniqueTenant('fair-b'), connectorId: 'conn-b', entity: 'users' };

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
    await fillCopy(engine, a, 20_000);
    await fillCopy(engine, b, 50);
  }, 60_000);

  afterAll(async () => {
    if (skip) return;
    await dropCopy(engine, a);
    await dropCopy(engine, b);
    await engine.close();
  });

  it.skipIf(skip)("a tenant's backlog of heavy searches delays another tenant's search by the one in flight, no more", async () => {
    const order: string[] = [];
    let light!: Promise<SearchResponse>;
    const watched = recording(engine, (tenant) => {
      if (tenant !== a.tenantId && tenant !== b.tenantId) return;
      order.push(tenant === a.tenantId ? 'A' : 'B');
      // B's request comes in while A's first search is at the store, once all of A's are in.
      if (order.length === 1) queueMicrotask(() => (light = search.search(b, parseSearchParams(LIGHT, users))));
    });
    const search = new RecordSearch(watched, { cursorSecret: CURSOR_SECRET, limits: { concurrency: 1, tenantConcurrency: 1 } });
    await Promise.all(Array.from({ length: 8 }, () => search.search(a, parseSearchParams(HEAVY, users))));
    expect(order).toEqual(['A', 'B', 'A', 'A', 'A', 'A', 'A', 'A', 'A']);
    expect((await light).hits.map((hit) => hit.id)).toEqual(['U0000007']);
    expect(search.load).toEqual({ searches: 0, running: 0, waiting: 0 });
  });

  it.skipIf(skip)('a search out of time before its next statement answers SearchTimeoutError (422, rule search-timeout)', async () => {
    // A ranked fuzzy search tries stricter passes first; none fills the page for an unknown name,
    // so a further statement would start after the first pass scanned 20,000 records (no index).
    // Each statement is held 5 ms past its answer, so the first one uses up the 1 ms on any
    // store, however fast it answers (a trigram index answers an unknown name in well under 1 ms).
    const statements: string[] = [];
    const slowed = recording(engine, () => statements.push('statement'), 5);
    const search = new RecordSearch(slowed, { cursorSecret: CURSOR_SECRET, limits: { timeoutMs: 1 } });
    const error = await search
      .search(a, parseSearchParams({ query: { filter: { fuzzy: { real_name: 'zqxjv wkbnm' } } } }, users))
      .catch((e: unknown) => e);
    expect(statements).toEqual(['statement']);
    expect(error).toBeInstanceOf(SearchTimeoutError);
    expect((error as SearchTimeoutError).issues).toEqual([
      { path: 'query', rule: 'search-timeout', message: expect.stringContaining('1 ms') },
    ]);
    const { problem } = toProblem(error);
    expect(problem).toMatchObject({ status: 422, code: 'validation_failed', errors: [{ path: 'query', rule: 'search-timeout' }] });
    // The store is usable afterwards (the transaction was rolled back, the slot freed).
    expect((await search.search(b, parseSearchParams(LIGHT, users))).hits).toHaveLength(1);
    expect(search.load).toEqual({ searches: 0, running: 0, waiting: 0 });
  });

  it.skipIf(skip || name !== 'postgres')('a statement PostgreSQL cancels for statement_timeout answers SearchTimeoutError', async () => {
    const timed = openPostgresEngine({ connectionString: postgresUrl!, maxConnections: 1, statementTimeoutMs: 1 });
    try {
      // Even SHOW runs under the 1 ms limit, and a loaded machine can stretch it past that: a SHOW
      // cancelled for the timeout is asked again, any other error fails.
      const showTimeout = async (attempts: number): Promise<unknown> =>
        timed.query('SHOW statement_timeout').catch((error: unknown) => {
          if ((error as { code?: string }).code !== '57014' || attempts <= 1) throw error;
          return showTimeout(attempts - 1);
        });
      expect(await showTimeout(50)).toEqual([{ statement_timeout: '1ms' }]);
      // The search's own deadline is far away: only the server can stop this one statement
      // (sorting 20,000 records by an unindexed key).
      const search = new RecordSearch(timed, { cursorSecret: CURSOR_SECRET, limits: { timeoutMs: 60_000 } });
      const error = await search
        .search(a, parseSearchParams({ query: { filter: { neq: { deleted: true } }, sort: [{ name: 'desc' }] }, limit: 5 }, users))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchTimeoutError);
      expect((error as SearchTimeoutError).issues[0]).toMatchObject({ path: 'query', rule: 'search-timeout' });
    } finally {
      await timed.close();
    }
  });
});

describe('settings', () => {
  it('SWITCHYARD_SEARCH_* are read as integers; unset ones take the store defaults; bad ones are refused naming the variable', () => {
    expect(loadConfig({}, {}).search).toEqual({
      concurrency: undefined,
      tenantConcurrency: undefined,
      tenantQueue: undefined,
      timeoutMs: undefined,
    });
    expect(
      loadConfig(
        {},
        {
          SWITCHYARD_SEARCH_CONCURRENCY: '6',
          SWITCHYARD_SEARCH_TENANT_CONCURRENCY: '3',
          SWITCHYARD_SEARCH_TENANT_QUEUE: '0',
          SWITCHYARD_SEARCH_TIMEOUT_MS: '2500',
        },
      ).search,
    ).toEqual({ concurrency: 6, tenantConcurrency: 3, tenantQueue: 0, timeoutMs: 2500 });
    expect(() => loadConfig({}, { SWITCHYARD_SEARCH_CONCURRENCY: '0' })).toThrow(
      /SWITCHYARD_SEARCH_CONCURRENCY must be a positive integer, got "0"/,
    );
    expect(() => loadConfig({}, { SWITCHYARD_SEARCH_TIMEOUT_MS: '5s' })).toThrow(/SWITCHYARD_SEARCH_TIMEOUT_MS/);
    expect(() => loadConfig({}, { SWITCHYARD_SEARCH_TENANT_QUEUE: '-1' })).toThrow(
      /SWITCHYARD_SEARCH_TENANT_QUEUE must be an integer of 0 or more/,
    );
  });

  it('defaults: one statement at a time on PGlite; on PostgreSQL four, one per tenant; 32 waiting per tenant; 5 s', () => {
    expect(defaultSearchLimits('pglite')).toEqual({ concurrency: 1, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 });
    expect(defaultSearchLimits('postgres')).toEqual({ concurrency: 4, tenantConcurrency: 1, tenantQueue: 32, timeoutMs: 5_000 });
  });
});

describe('the service', () => {
  it('counts a search against the connector owner: one external user of one application', () => {
    const alice = { applicationId: 'app-a', externalUserId: 'alice' };
    expect(searchTenant(alice)).toBe(searchTenant({ ...alice }));
    expect(searchTenant(alice)).not.toBe(searchTenant({ applicationId: 'app-a', externalUserId: 'bob' }));
    expect(searchTenant(alice)).not.toBe(searchTenant({ applicationId: 'app-b', externalUserId: 'alice' }));
    // No separator trick makes two owners one.
    expect(searchTenant({ applicationId: 'a', externalUserId: 'b","c' })).not.toBe(
      searchTenant({ applicationId: 'a","b', externalUserId: 'c' }),
    );
  });

  describe('over HTTP, with the store held', () => {
    const TIMEOUT_MS = 200;
    let h: Harness;
    let alice: ConnectorRecord;
    let bob: ConnectorRecord;
    let held = false;
    let slow = false;
    const parked: (() => void)[] = [];
    /** Releases the statements waiting at the store. */
    const release = (): void => {
      held = false;
      for (const go of parked.splice(0)) go();
    };

    beforeAll(async () => {
      h = await startHarness({
        searchLimits: { concurrency: 1, tenantConcurrency: 1, tenantQueue: 1, timeoutMs: TIMEOUT_MS },
        // Statements wait while `held`, and take longer than a search may while `slow`. The
        // searches of these tests are one statement each, except the fuzzy one.
        searchEngine: (engine) => {
          const hold = <T>(run: () => Promise<T>): Promise<T> =>
            held
              ? new Promise<void>((go) => parked.push(go)).then(run)
              : slow
                ? new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 50)).then(run)
                : run();
          const wrap = (runner: SqlRunner): SqlRunner => ({
            query: (sql, params) => hold(() => runner.query(sql, params)),
            exec: (sql) => hold(() => runner.exec(sql)),
          });
          return {
            kind: engine.kind,
            ...wrap(engine),
            transaction: (fn) => engine.transaction((tx) => fn(wrap(tx))),
            close: () => engine.close(),
          };
        },
      });
      alice = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-a' });
      bob = await createConnector(h.repo, 'messaging', { api_token: 'xoxb-b' }, { externalUserId: 'bob' });
      for (const record of [alice, bob]) {
        await fillCopy(h.engine, { tenantId: record.applicationId, connectorId: record.id, entity: 'users' }, 20);
        h.sync.ready(record.id, 'users', 20);
      }
    });

    afterAll(async () => {
      release();
      await h?.close();
    });

    const search = { entity: 'users', action: 'search', params: LIGHT };
    /** Polls `condition` for up to 15 s. */
    const until = async (condition: () => boolean): Promise<void> => {
      await waitFor('the condition', () => (condition() ? true : undefined), 15_000);
    };

    it("a tenant's full queue answers 429 rate_limited with Retry-After; another user of the same application still queues", async () => {
      held = true;
      const first = h.execute('token-a-alice', alice.id, search);
      await until(() => parked.length === 1);
      const second = h.execute('token-a-alice', alice.id, search);
      await until(() => h.search.load.waiting === 1);

      const refused = await h.execute('token-a-alice', alice.id, search);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toMatchObject({
        code: 'rate_limited',
        retry_after_ms: 1000,
        detail: expect.stringContaining('2 in progress'),
      });
      // The application's token on alice's connector uses alice's share.
      const viaApplication = await h.execute('token-app-a', alice.id, search);
      expect(viaApplication.status).toBe(429);
      await viaApplication.text();

      const other = h.execute('token-a-bob', bob.id, search);
      await until(() => h.search.load.waiting === 2);
      release();
      for (const response of await Promise.all([first, second, other])) {
        expect(response.status).toBe(200);
        await response.text();
      }
    });

    it('a search whose client went away while it waited leaves the queue and never reaches the store', async () => {
      held = true;
      const first = h.execute('token-a-alice', alice.id, search);
      await until(() => parked.length === 1);
      // A client of its own (no keep-alive pool), so hanging up closes its connection.
      const abandoned = request(`${h.url}/api/v1/connectors/sources/${bob.id}/execute`, {
        method: 'POST',
        agent: false,
        headers: { authorization: 'Bearer token-a-bob', 'content-type': 'application/json' },
      });
      abandoned.on('error', () => undefined);
      abandoned.end(JSON.stringify(search));
      await until(() => h.search.load.waiting === 1);
      abandoned.destroy();
      await until(() => h.search.load.waiting === 0);
      release();
      const answered = await first;
      expect(answered.status).toBe(200);
      await answered.text();
      expect(h.search.load).toEqual({ searches: 0, running: 0, waiting: 0 });
    });

    it('a search past its time answers 422 validation_failed naming query and the rule', async () => {
      // Each statement now takes longer than a search may: a search of several is out of time before its second.
      slow = true;
      try {
        const response = await h.execute('token-a-alice', alice.id, {
          entity: 'users',
          action: 'search',
          params: { query: { filter: { fuzzy: { real_name: 'ada lovelace' } } } },
        });
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({
          code: 'validation_failed',
          errors: [{ path: 'query', rule: 'search-timeout', message: expect.stringContaining('narrow it') }],
        });
      } finally {
        slow = false;
      }
    });
  });

  it.skipIf(!postgresUrl)(
    'startService on PostgreSQL gives searches connections of their own that cancel a statement after the search timeout',
    async () => {
      const database = await createThrowawayDatabase('fair');
      const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-fair-'));
      try {
        const config = loadConfig(
          { dataDir, port: 0 },
          {
            DATABASE_URL: database.url,
            SWITCHYARD_SEARCH_TIMEOUT_MS: '1234',
            SWITCHYARD_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
          },
        );
        const service = await startService(config, { log: false, sync: { concurrency: 0 } });
        try {
          expect(service.searchEngine).not.toBe(service.engine);
          expect(await service.searchEngine.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '1234ms' }]);
          expect(await service.engine.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '0' }]);
        } finally {
          await service.close();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    },
    60_000,
  );
});
