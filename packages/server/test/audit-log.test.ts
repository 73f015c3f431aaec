/**
 * The audit log's store part (audit/audit-log.ts, audit/retention.ts) on PGlite and PostgreSQL:
 * rows are queued off the caller's path and all written (by the timer, before a read, under
 * back-pressure, after a failed write, on close); pages are newest first and a walk through them returns every row of the
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
import { waitFor } from '../../../test/support/expect.js';
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
  /** The store, but a statement `fails` picks is refused as a store that went away. */
  const failingWhen = (fails: (sql: string) => boolean): SqlEngine => ({
    ...engine,
    kind: engine.kind,
    query: (sql, params) => (fails(sql) ? Promise.reject(new Error('store away')) : engine.query(sql, params)),
  });
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
    // A delay the count below comes well within, however loaded the machine; the wait after it ends with the write.
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 300 });
    await log.record(entry(app));
    expect(log.pending).toBe(1);
    expect(await count(app)).toBe(0);
    await waitFor('the timer to write the row', async () => ((await count(app)) > 0 ? true : undefined));
    expect(await count(app)).toBe(1);
    const slow = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    for (let i = 0; i < 3; i++) await slow.record(entry(app));
    await slow.close();
    expect(await count(app)).toBe(4);
    // A call that ends after close is written at once.
    await slow.record(entry(app));
    expect(await count(app)).toBe(5);
  });

  it.skipIf(skip)('a read writes the queue first: a call answered before it is on the page, with no wait', async () => {
    const app = uniqueTenant('read-your-calls');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    await log.record(entry(app, { intent: 'just now' }));
    expect(log.pending).toBe(1);
    const page = await log.list(app, { limit: 10 });
    expect(page.data.map((row) => row.intent)).toEqual(['just now']);
    expect(log.pending).toBe(0);
    await log.close();
  });

  it.skipIf(skip)('a read whose write fails still answers with what the store has, and keeps the queued rows', async () => {
    const app = uniqueTenant('read-store-away');
    let failInserts = false;
    const flaky = failingWhen((sql) => failInserts && /^\s*INSERT/i.test(sql));
    const log = new AuditLog(flaky, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    await log.record(entry(app, { intent: 'written' }));
    await log.flush();
    failInserts = true;
    await log.record(entry(app, { intent: 'queued' }));
    expect((await log.list(app, { limit: 10 })).data.map((row) => row.intent)).toEqual(['written']);
    expect(log.pending).toBe(1);
    failInserts = false;
    expect((await log.list(app, { limit: 10 })).data.map((row) => row.intent).sort()).toEqual(['queued', 'written']);
    await log.close();
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
    const flaky = failingWhen(() => fail);
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
    'pages are exact across segments whose times overlap (a long call written after later, shorter ones), with any filters',
    async () => {
      // Rows recorded in an order their start times do not follow, written in several segments
      // (a flush after any row, and a segment per ten minutes of start times in a write), read with
      // any page size and filters: the walk must return the rows a sort of all of them would, each
      // once.
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              // Mostly within a few milliseconds, often the same one (the id breaks the tie, and a
              // segment's newest call may tie with another's); sometimes ten minutes (a segment's
              // span) or more apart, so one write makes several segments.
              at: fc.oneof(
                fc.integer({ min: 0, max: 4 }),
                fc.integer({ min: 0, max: 20 }),
                fc.constantFrom(599_990, 600_000, 600_005, 1_800_000, 1_800_001),
              ),
              user: fc.constantFrom('alice', 'bob'),
              connector: fc.constantFrom('conn_0', 'conn_1', 'conn_2'),
              flush: fc.boolean(),
            }),
            { minLength: 1, maxLength: 60 },
          ),
          fc.integer({ min: 1, max: 7 }),
          fc.constantFrom(undefined, 'alice'),
          fc.constantFrom(undefined, 'conn_1'),
          fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
          fc.option(fc.constantFrom(3, 10, 15, 599_995, 600_003, 1_800_001, 2_500_000), { nil: undefined }),
          async (rows, limit, externalUserId, connectorId, sinceAt, untilAt) => {
            const app = uniqueTenant('overlap');
            const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
            const base = Date.parse('2025-03-01T00:00:00Z');
            for (const [i, row] of rows.entries()) {
              await log.record(
                entry(app, {
                  occurredAt: new Date(base + row.at),
                  externalUserId: row.user,
                  connectorId: row.connector,
                  intent: `row ${i}`,
                }),
              );
              if (row.flush) await log.flush();
            }
            await log.close();
            const since = sinceAt === undefined ? undefined : new Date(base + sinceAt);
            const until = untilAt === undefined ? undefined : new Date(base + untilAt);
            // Recording order is id order.
            const expected = rows
              .map((row, i) => ({ ...row, i }))
              .filter(
                (row) =>
                  (externalUserId === undefined || row.user === externalUserId) &&
                  (connectorId === undefined || row.connector === connectorId) &&
                  (sinceAt === undefined || row.at >= sinceAt) &&
                  (untilAt === undefined || row.at < untilAt),
              )
              .sort((a, b) => b.at - a.at || b.i - a.i)
              .map((row) => `row ${row.i}`);
            const seen: (string | null)[] = [];
            let cursor: string | undefined;
            for (;;) {
              const page = await log.list(app, { limit, externalUserId, connectorId, since, until, cursor });
              expect(page.data.length).toBeLessThanOrEqual(limit);
              seen.push(...page.data.map((r) => r.intent));
              if (!page.next_cursor) break;
              cursor = page.next_cursor;
            }
            expect(seen).toEqual(expected);
          },
        ),
        { numRuns: 40 },
      );
    },
  );

  it.skipIf(skip)('a page never passes over a call in a segment not read yet whose newest call ties with the last one read', async () => {
    // Segments are read in batches ordered by (newest call, id). A call in an earlier segment may
    // start at the same millisecond as a later segment's newest; such a call is only certain of its
    // place once every segment with that newest call has been read. Filler segments move the batch
    // boundary across the tie, whatever the batch size.
    const base = Date.parse('2025-03-01T00:00:00Z');
    for (let fillers = 0; fillers <= 10; fillers++) {
      const app = uniqueTenant('tie');
      const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
      const write = async (...offsets: number[]) => {
        for (const offset of offsets) await log.record(entry(app, { occurredAt: new Date(base + offset), intent: `${offset}` }));
        await log.flush();
      };
      await write(9, 1);
      await write(10, 1);
      await write(1);
      await write(1);
      for (let i = 0; i < fillers; i++) await write(8);
      await log.close();
      const all = (await log.list(app, { limit: 100 })).data.map((row) => row.id);
      const limit = 2 + fillers + 2;
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await log.list(app, { limit, cursor });
        seen.push(...page.data.map((row) => row.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(seen, `${fillers} filler segments`).toEqual(all);
      expect(all).toHaveLength(6 + fillers);
    }
  });

  it.skipIf(skip)(
    "every read walks the application's segments backwards by their newest row, with no sort, whatever its filters",
    async () => {
      const app = uniqueTenant('plan');
      const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
      const base = Date.parse('2025-03-01T00:00:00Z');
      // 30 writes of 10 rows: 30 segments.
      for (let i = 0; i < 300; i++) {
        await log.record(entry(app, { occurredAt: new Date(base + i), externalUserId: `user_${i % 10}`, connectorId: `conn_${i % 30}` }));
        if (i % 10 === 9) await log.flush();
      }
      await log.close();
      // Statistics that know this application's segments: estimated at one (a table analyzed before
      // they were written), a PostgreSQL planner may fairly scan and sort that one, which says
      // nothing about the index.
      await engine.exec('ANALYZE sy_audit_segments');
      // The statements list() sends, each explained as it was sent: the reads the service makes,
      // not a copy of their SQL here.
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
      // On a table this small the planner may prefer a scan and a sort; told not to, it must
      // still find the application's index, walked in the order of the walk.
      const plansOf = async (query: Parameters<AuditLog['list']>[1]) => {
        const from = sent.length;
        const page = await reader.list(app, query);
        const plans: string[] = [];
        for (const { sql, params } of sent.slice(from)) {
          const plan = await engine.transaction(async (tx) => {
            await tx.exec(
              'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_incremental_sort = off',
            );
            return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
          });
          plans.push(plan.map((row) => row['QUERY PLAN']).join('\n'));
        }
        return { page, plans };
      };
      const first = await plansOf({ limit: 20 });
      const cases = [
        ['no filter', first.plans],
        ['external user', (await plansOf({ limit: 20, externalUserId: 'user_3' })).plans],
        ['connector', (await plansOf({ limit: 20, connectorId: 'conn_7' })).plans],
        ['cursor', (await plansOf({ limit: 20, cursor: first.page.next_cursor! })).plans],
        ['time range', (await plansOf({ limit: 20, since: new Date(base + 10), until: new Date(base + 200) })).plans],
      ] as const;
      for (const [what, plans] of cases) {
        expect(plans.length, what).toBeGreaterThan(0);
        for (const text of plans) {
          expect(text, what).toContain('Index Scan Backward using sy_audit_segments_application');
          expect(text, what).not.toMatch(/\bSort\b/);
        }
      }
      // A user or a connector rare in a large log (a quiet service writes a segment per call): the
      // segments holding it come from their own index instead of a walk through all of them.
      const quiet = uniqueTenant('plan-quiet');
      const quietLog = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
      for (let i = 0; i < 400; i++) {
        const rare = i % 100 === 7;
        await quietLog.record(
          entry(quiet, {
            occurredAt: new Date(base + i),
            externalUserId: rare ? 'user_rare' : 'user_common',
            connectorId: rare ? 'conn_rare' : 'conn_common',
          }),
        );
        await quietLog.flush();
      }
      await engine.exec('ANALYZE sy_audit_segments');
      const rare = [
        ['external user', { limit: 20, externalUserId: 'user_rare' }, 'sy_audit_segments_external_users'],
        ['connector', { limit: 20, connectorId: 'conn_rare' }, 'sy_audit_segments_connectors'],
      ] as const;
      // Whether the planner prefers that index depends on its estimates; what the service owes is a
      // filter the index can serve. So each statement is explained once more with the application's
      // index dropped, in a transaction rolled back: it must then find the filter's own.
      class RolledBack extends Error {}
      for (const [what, query, index] of rare) {
        const from = sent.length;
        expect((await reader.list(quiet, query)).data, what).toHaveLength(4);
        for (const { sql, params } of sent.slice(from)) {
          let text = '';
          await engine
            .transaction(async (tx) => {
              await tx.exec('DROP INDEX sy_audit_segments_application; SET LOCAL enable_seqscan = off');
              text = (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');
              throw new RolledBack();
            })
            .catch((error: unknown) => {
              if (!(error instanceof RolledBack)) throw error;
            });
          expect(text, what).toContain(`Bitmap Index Scan on ${index}`);
        }
      }
      expect(await engine.query("SELECT 1 FROM pg_indexes WHERE indexname = 'sy_audit_segments_application'")).toHaveLength(1);
      // A page reads the segments it needs and one batch more at most, not the application's all:
      // the first page of 20 rows (two segments) in one statement, and the page after it starts
      // from the segment the first one left rows in.
      expect(first.plans).toHaveLength(1);
      const next = await plansOf({ limit: 20, cursor: first.page.next_cursor! });
      expect(next.plans).toHaveLength(1);
      expect(next.page.data.map((r) => r.occurred_at)).toEqual(
        Array.from({ length: 20 }, (_, i) => new Date(base + 279 - i).toISOString()),
      );
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

  it.skipIf(skip)('a retention longer than the calendar purges nothing and reports no failure', async () => {
    // SWITCHYARD_AUDIT_RETENTION_DAYS takes any safe integer: a cutoff before year 1 (or past what a
    // Date holds) is one PostgreSQL could not read, and no row is that old.
    const app = uniqueTenant('retention-long');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    await log.record(entry(app, { occurredAt: new Date('0001-01-02T00:00:00.000Z') }));
    await log.flush();
    const failures: unknown[] = [];
    const logger = { error: (...args: unknown[]) => void failures.push(args) };
    for (const days of [800_000, Number.MAX_SAFE_INTEGER]) {
      const retention = startAuditRetention(log, { days, logger, now: () => Date.parse('2030-06-30T00:00:00Z') });
      expect(await retention.lastRun, `${days} days`).toBe(0);
      await retention.stop();
    }
    expect(failures).toEqual([]);
    expect(await count(app)).toBe(1);
    await log.close();
  });

  it.skipIf(skip)('retention deletes exactly the rows older than the setting, at start and then periodically', async () => {
    const app = uniqueTenant('retention');
    const log = new AuditLog(engine, { cursorSecret: SECRET, flushDelayMs: 60_000 });
    const now = Date.parse('2030-06-30T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    for (const age of [31, 30.5, 29, 1]) await log.record(entry(app, { occurredAt: new Date(now - age * day), intent: `age ${age}` }));
    await log.flush();
    const idsBefore = new Map((await log.list(app, { limit: 10 })).data.map((row) => [row.intent, row.id]));
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
    // The four shared one segment: the rows kept keep their ids (a cursor issued before still holds).
    expect((await log.list(app, { limit: 10 })).data.map((row) => [row.intent, row.id])).toEqual([
      ['age 1', idsBefore.get('age 1')],
      ['age 29', idsBefore.get('age 29')],
    ]);
    clock = now + 2 * day;
    await waitFor('the next purge', async () => ((await count(app)) < 2 ? true : undefined));
    await retention.stop();
    expect(await count(app)).toBe(1);
    await log.close();
  });
});
