/**
 * A search's time budget (src/search/limits/search-deadline.ts) over a stand-in engine whose statements
 * take the time the test says, on a fake clock: the budget counts the search's own statements,
 * not the time between them; a statement after the budget is used up is refused before it is
 * sent, inside a transaction too; PostgreSQL's query_canceled becomes SearchTimeoutError.
 */
import { describe, expect, it } from 'vitest';
import { SearchTimeoutError, searchTimeBudget } from '../src/search/limits/search-deadline.js';
import type { SqlEngine, SqlRunner } from '../src/store/sql-engine.js';

function fakeEngine(clock: { now: number }, costs: number[], sent: string[]): SqlEngine {
  const runner: SqlRunner = {
    async query<R>(sql: string) {
      sent.push(sql);
      clock.now += costs.shift() ?? 0;
      if (sql === 'cancelled') throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
      if (sql === 'broken') throw Object.assign(new Error('syntax error'), { code: '42601' });
      return [] as R[];
    },
    async exec(sql: string) {
      await runner.query(sql);
    },
  };
  const transaction = async <T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> => {
    sent.push('BEGIN'); // a connection taken and a transaction opened
    return fn(runner);
  };
  return { kind: 'postgres', ...runner, transaction, close: async () => {} };
}

describe('searchTimeBudget', () => {
  it("counts the search's own statements, not the time between them", async () => {
    const clock = { now: 0 };
    const sent: string[] = [];
    const engine = searchTimeBudget(fakeEngine(clock, [40, 40], sent), 100, () => clock.now);
    await engine.query('one');
    clock.now += 1_000; // waiting for its next turn
    await engine.query('two');
    await engine.exec('three'); // 80 ms used: still within the budget
    expect(sent).toEqual(['one', 'two', 'three']);
  });

  it('refuses the statement after the budget is used up, before sending it', async () => {
    const clock = { now: 0 };
    const sent: string[] = [];
    const engine = searchTimeBudget(fakeEngine(clock, [70, 40], sent), 100, () => clock.now);
    await engine.query('one');
    await engine.query('two'); // runs past the budget: its answer is kept
    const error = await engine.query('three').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchTimeoutError);
    expect((error as SearchTimeoutError).issues).toEqual([
      { path: 'query', rule: 'search-timeout', message: expect.stringContaining('100 ms a search may take') },
    ]);
    await expect(engine.exec('four')).rejects.toBeInstanceOf(SearchTimeoutError);
    // Not even a transaction is opened.
    await expect(engine.transaction(async (tx) => tx.query('five'))).rejects.toBeInstanceOf(SearchTimeoutError);
    expect(sent).toEqual(['one', 'two']);
  });

  it('inside a transaction: each statement is counted and checked', async () => {
    const clock = { now: 0 };
    const sent: string[] = [];
    const engine = searchTimeBudget(fakeEngine(clock, [60, 60, 60], sent), 100, () => clock.now);
    const error = await engine
      .transaction(async (tx) => {
        await tx.query('strict pass 0.6');
        await tx.query('strict pass 0.45');
        await tx.query('plain pass');
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchTimeoutError);
    expect(sent).toEqual(['BEGIN', 'strict pass 0.6', 'strict pass 0.45']);
  });

  it("PostgreSQL's query_canceled (statement_timeout) is SearchTimeoutError; other errors pass unchanged", async () => {
    const clock = { now: 0 };
    const engine = searchTimeBudget(fakeEngine(clock, [], []), 5_000, () => clock.now);
    await expect(engine.query('cancelled')).rejects.toMatchObject({ name: 'SearchTimeoutError', timeoutMs: 5_000 });
    await expect(engine.transaction((tx) => tx.query('cancelled'))).rejects.toBeInstanceOf(SearchTimeoutError);
    await expect(engine.query('broken')).rejects.toMatchObject({ code: '42601' });
  });
});
