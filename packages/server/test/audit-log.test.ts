/**
 * The audit log's store part (audit/audit-log.ts, audit/retention.ts) on PGlite and PostgreSQL:
 * rows are queued off the caller's path and all written (by the timer, under back-pressure, after a
 * failed write, on close); pages are newest first and a walk through them returns every row of the
 * application exactly once whatever the page size; cursors are bound to the application and the
 * filters; the retention purge deletes exactly the rows older than the setting.
 */
// @module-tag connector/messaging
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, type AuditEntry } from '../src/audit/audit-log.js';
import { startAuditRetention } from '../src/audit/retention.js';
import { migrate } from '../src/migrations/migrate.js';
import { ServiceError } from '../src/service-error.js';
import type { SqlEngine } from '../src/store/sql-engine.js';
import { engineCases, uniqueTenant } from './support/engines.js';

const SECRET = 'audit-log-test-cursor-secret-0123456789abcdef';

function entry(applicationId: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    occurredAt: new Date('2025-03-01T12:00:00.000Z'),
    applicationId,
    externalUserId: 'alice',
    connectorId: 'conn_a',
    connectorType: 'messaging',
    entity: 'users',
    action: 'list',
    intent: null,
    outcome: 'ok',
    errorClass: null,
    durationMs: 12,
    channel: 'http',
    tokenKind: 'scoped',
    ...overrides,
  };
}

describe.each(engineCases)('audit log ($name)', ({ open, skip }) => {
  let engine: SqlEngine;
  const count = async (applicationId: string) =>
    Number((await engine.query<{ n: string }>('SELECT count(*) AS n FROM sy_audit WHERE application_id = $1', [applicationId]))[0]!.n);

  beforeAll(async () => {
    if (skip) return;
    engine = await open();
    await migrate(engine);
  });
  afterAll(async () => engine?.close());

  it.skipIf(skip)('record() returns before the row is written; the timer writes it, close() writes what is left', async () => {
    const app = uniqueTenant('queued');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 50 });
    await log.record(entry(app));
    expect(log.pending).toBe(1);
    expect(await count(app)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count(app)).toBe(1);
    const slow = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    for (let i = 0; i < 3; i++) await slow.record(entry(app));
    await slow.close();
    expect(await count(app)).toBe(4);
    // A call that ends after close is written at once.
    await slow.record(entry(app));
    expect(await count(app)).toBe(5);
  });

  it.skipIf(skip)('a full queue makes the caller wait for a flush instead of growing or dropping rows', async () => {
    const app = uniqueTenant('pressure');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000, maxPending: 3 });
    await log.record(entry(app));
    await log.record(entry(app));
    expect(await count(app)).toBe(0);
    await log.record(entry(app));
    expect(log.pending).toBe(0);
    expect(await count(app)).toBe(3);
    await log.close();
  });

  it.skipIf(skip)('a failed write keeps its rows, in order, for the next flush', async () => {
    const app = uniqueTenant('failing');
    let fail = true;
    const flaky: SqlEngine = {
      ...engine,
      kind: engine.kind,
      query: (sql, params) => (fail ? Promise.reject(new Error('store away')) : engine.query(sql, params)),
    };
    const log = new AuditLog(flaky, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    await log.record(entry(app, { intent: 'first' }));
    await log.record(entry(app, { intent: 'second' }));
    await expect(log.flush()).rejects.toThrow('store away');
    expect(log.pending).toBe(2);
    fail = false;
    await log.close();
    const rows = await engine.query<{ intent: string }>('SELECT intent FROM sy_audit WHERE application_id = $1 ORDER BY id', [app]);
    expect(rows.map((r) => r.intent)).toEqual(['first', 'second']);
  });

  it.skipIf(skip)('pages newest first; walking them returns every row of the application once, whatever the page size', async () => {
    const app = uniqueTenant('paging');
    const other = uniqueTenant('paging-other');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    // Many rows share a millisecond: the id breaks the tie, so no row is skipped or repeated.
    const base = Date.parse('2025-03-01T00:00:00Z');
    for (let i = 0; i < 40; i++) {
      await log.record(
        entry(app, { occurredAt: new Date(base + (i % 7) * 1000), externalUserId: i % 2 ? 'alice' : 'bob', connectorId: `conn_${i % 3}` }),
      );
      await log.record(entry(other, { occurredAt: new Date(base + i) }));
    }
    await log.flush();
    const everything = (await log.list(app, { limit: 500 })).data;
    expect(everything).toHaveLength(40);
    const keys = everything.map((r) => [Date.parse(r.occurred_at), Number(r.id)] as const);
    expect([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1])).toEqual(keys);

    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 15 }),
        fc.constantFrom(undefined, 'alice', 'bob'),
        fc.constantFrom(undefined, 'conn_0', 'conn_2'),
        async (limit, externalUserId, connectorId) => {
          const expected = everything.filter(
            (r) =>
              (externalUserId === undefined || r.external_user_id === externalUserId) &&
              (connectorId === undefined || r.connector_id === connectorId),
          );
          const seen: string[] = [];
          let cursor: string | undefined;
          for (;;) {
            const page = await log.list(app, { limit, externalUserId, connectorId, cursor });
            expect(page.data.length).toBeLessThanOrEqual(limit);
            seen.push(...page.data.map((r) => r.id));
            if (!page.next_cursor) break;
            cursor = page.next_cursor;
          }
          expect(seen).toEqual(expected.map((r) => r.id));
        },
      ),
      { numRuns: 15 },
    );

    const since = new Date(base + 3000);
    const until = new Date(base + 5000);
    const ranged = (await log.list(app, { limit: 500, since, until })).data;
    expect(ranged.map((r) => r.id)).toEqual(
      everything.filter((r) => r.occurred_at >= since.toISOString() && r.occurred_at < until.toISOString()).map((r) => r.id),
    );
    expect(ranged.length).toBeGreaterThan(0);
    await log.close();
  });

  it.skipIf(skip)('every text a row holds is read back exactly as recorded, whatever its characters', async () => {
    // The batch goes to the store as one array literal per column (store/sql-text.ts): quotes,
    // backslashes, commas, braces, spaces and the word NULL must stay data. U+0000 and lone
    // surrogates never get this far (the entry points refuse them, tenancy/input-rules.ts).
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((value) => !value.includes('\u0000'));
    const tricky = fc.constantFrom('NULL', 'null', '', ' ', '"', '\\', '\\"', '{a,b}', 'a,b', '{', '}', ' padded ', 'x"y\\z');
    const value = fc.oneof(text, tricky);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ intent: fc.option(value), externalUserId: value, entity: value, action: value, errorClass: fc.option(value) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (rows) => {
          const app = uniqueTenant('text');
          const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
          const base = Date.parse('2025-03-01T00:00:00Z');
          for (const [i, row] of rows.entries()) await log.record(entry(app, { ...row, occurredAt: new Date(base + i) }));
          await log.close();
          const read = (await log.list(app, { limit: 100 })).data.reverse();
          expect(
            read.map((r) => ({
              intent: r.intent,
              externalUserId: r.external_user_id,
              entity: r.entity,
              action: r.action,
              errorClass: r.error_class,
            })),
          ).toEqual(rows);
        },
      ),
      { numRuns: 25 },
    );
  });

  it.skipIf(skip)(
    'each filter of a read walks its index backwards, newest first with no sort (the indexes ascend, so a new row is appended)',
    async () => {
      const app = uniqueTenant('plan');
      const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
      const base = Date.parse('2025-03-01T00:00:00Z');
      for (let i = 0; i < 300; i++) {
        await log.record(entry(app, { occurredAt: new Date(base + i), externalUserId: `user_${i % 10}`, connectorId: `conn_${i % 30}` }));
      }
      await log.close();
      // Statistics that know this application's rows: estimated at one row (a table analyzed before
      // they were written), a PostgreSQL planner may fairly pick any index of the application and
      // sort that one row, which says nothing about the indexes.
      await engine.exec('ANALYZE sy_audit');
      // The statements list() sends, each explained as it was sent: a read the service makes, not
      // a copy of its SQL here.
      const sent: { sql: string; params: readonly (string | null)[] }[] = [];
      const recording: SqlEngine = {
        kind: engine.kind,
        exec: (sql) => engine.exec(sql),
        transaction: (fn) => engine.transaction(fn),
        close: async () => undefined,
        query: (sql, params = []) => {
          sent.push({ sql, params });
          return engine.query(sql, params);
        },
      };
      const reader = new AuditLog(recording, { cursorSecret: SECRET });
      // On a table this small the planner may prefer a scan, or another index and a sort; told not
      // to, it must still find the filter's index, walked in the keyset order.
      const planOf = async (query: Parameters<AuditLog['list']>[1]) => {
        const page = await reader.list(app, query);
        const { sql, params } = sent.at(-1)!;
        const plan = await engine.transaction(async (tx) => {
          await tx.exec(
            'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_incremental_sort = off',
          );
          return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        });
        return { page, text: plan.map((row) => row['QUERY PLAN']).join('\n') };
      };
      const first = await planOf({ limit: 20 });
      const cases = [
        ['no filter', first.text, 'sy_audit_application'],
        ['external user', (await planOf({ limit: 20, externalUserId: 'user_3' })).text, 'sy_audit_external_user'],
        ['connector', (await planOf({ limit: 20, connectorId: 'conn_7' })).text, 'sy_audit_connector'],
        ['cursor', (await planOf({ limit: 20, cursor: first.page.next_cursor! })).text, 'sy_audit_application'],
        ['time range', (await planOf({ limit: 20, since: new Date(base + 10), until: new Date(base + 200) })).text, 'sy_audit_application'],
      ] as const;
      for (const [what, text, index] of cases) {
        expect(text, what).toContain(`Index Scan Backward using ${index}`);
        expect(text, what).not.toMatch(/\bSort\b/);
      }
    },
  );

  it.skipIf(skip)('a cursor works only for its application and filters, and only as issued', async () => {
    const app = uniqueTenant('cursor');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    for (let i = 0; i < 3; i++) await log.record(entry(app));
    await log.flush();
    const cursor = (await log.list(app, { limit: 1 })).next_cursor!;
    const refused = async (applicationId: string, query: Parameters<AuditLog['list']>[1]) => {
      const error = await log.list(applicationId, query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('validation_failed');
      expect((error as ServiceError).extra.errors?.[0]?.path).toBe('cursor');
    };
    await refused(uniqueTenant('cursor-other'), { limit: 1, cursor });
    await refused(app, { limit: 1, cursor, externalUserId: 'alice' });
    await refused(app, { limit: 1, cursor: `${cursor.slice(0, -3)}abc` });
    await refused(app, { limit: 1, cursor: 'not-a-cursor' });
    const forged = new AuditLog(engine, { cursorSecret: `${SECRET}-another-key` });
    await refused(app, { limit: 1, cursor: (await forged.list(app, { limit: 1 })).next_cursor! });
    expect((await log.list(app, { limit: 1, cursor })).data).toHaveLength(1);
    await log.close();
  });

  it.skipIf(skip)('retention deletes exactly the rows older than the setting, at start and then periodically', async () => {
    const app = uniqueTenant('retention');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    const now = Date.parse('2030-06-30T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    for (const age of [31, 30.5, 29, 1]) await log.record(entry(app, { occurredAt: new Date(now - age * day), intent: `age ${age}` }));
    await log.flush();
    const forever = startAuditRetention(log, { days: null, now: () => now });
    await forever.stop();
    expect(await count(app)).toBe(4);
    let clock = now;
    const retention = startAuditRetention(log, { days: 30, now: () => clock, intervalMs: 50 });
    await retention.lastRun;
    const left = await engine.query<{ intent: string }>('SELECT intent FROM sy_audit WHERE application_id = $1 ORDER BY occurred_at', [
      app,
    ]);
    expect(left.map((r) => r.intent)).toEqual(['age 29', 'age 1']);
    clock = now + 2 * day;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await retention.stop();
    expect(await count(app)).toBe(1);
    await log.close();
  });
});
