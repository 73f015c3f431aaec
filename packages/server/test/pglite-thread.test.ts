/**
 * The embedded store on its own thread (src/store/pglite-thread.ts) answers as the same store in
 * the caller's thread does (the same rows and types, transactions that commit or roll back, other
 * statements held back while one is open, errors with their SQLSTATE, bad parameters refused
 * before anything is sent, and nothing after close), and the caller's thread runs on while a statement does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnstorableTextError, openPgliteEngine, type SqlEngine } from '../src/index.js';
import { openPgliteThread } from '../src/store/pglite-thread.js';

const SETUP = `CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL, tags jsonb, at timestamptz, big bigint, ok boolean)`;

describe('the store on its own thread', { timeout: 60_000 }, () => {
  let root: string;
  let threaded: SqlEngine;
  let inThread: SqlEngine;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'switchyard-pglite-thread-'));
    [threaded, inThread] = await Promise.all([
      openPgliteThread({ dataDir: join(root, 'threaded') }),
      openPgliteEngine({ dataDir: join(root, 'in-thread') }),
    ]);
    for (const engine of [threaded, inThread]) await engine.exec(SETUP);
  });

  afterAll(async () => {
    await Promise.all([threaded?.close(), inThread?.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it('gives the rows and types the same store gives in this thread', async () => {
    const insert = `INSERT INTO t (id, name, tags, at, big, ok) VALUES ($1::integer, $2, $3::jsonb, $4::timestamptz, $5::bigint, $6::boolean) RETURNING *`;
    const params = ['1', 'Zoë "quoted" \\ name', '{"a":[1,2,{"b":null}]}', '2026-11-29T04:00:00.123Z', '9007199254740993', 'true'];
    const select = `SELECT id, name, tags, at, big, ok, NULL::text AS nothing, array[1,2] AS numbers FROM t ORDER BY id`;
    for (const engine of [threaded, inThread]) await engine.query(insert, params);
    const [there, here] = [await threaded.query(select), await inThread.query(select)];
    expect(there).toEqual(here);
    expect(there[0]!['at']).toBeInstanceOf(Date);
    expect(there[0]!['tags']).toEqual({ a: [1, 2, { b: null }] });
    await Promise.all([threaded.exec('DELETE FROM t'), inThread.exec('DELETE FROM t')]);
  });

  it('commits a transaction whose function returns, and gives back what it returned', async () => {
    const result = await threaded.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, name) VALUES (10, 'a')`);
      await tx.exec(`INSERT INTO t (id, name) VALUES (11, 'b')`);
      return (await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM t'))[0]!.n;
    });
    expect(result).toBe(2);
    expect(await threaded.query('SELECT id FROM t ORDER BY id')).toEqual([{ id: 10 }, { id: 11 }]);
    await threaded.exec('DELETE FROM t');
  });

  it('rolls back a transaction whose function throws, and rethrows that very error', async () => {
    const thrown = new Error('the caller changed its mind');
    await expect(
      threaded.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (id, name) VALUES (20, 'gone')`);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect(await threaded.query('SELECT id FROM t')).toEqual([]);
  });

  it('holds a statement sent while a transaction is open until it ends, as PGlite does in one thread', async () => {
    let outside: Promise<unknown[]> | undefined;
    await threaded.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id, name) VALUES (30, 'inside')`);
      outside = threaded.query('SELECT id FROM t');
      // Give the held statement every chance to run early.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query(`INSERT INTO t (id, name) VALUES (31, 'inside')`);
    });
    expect(await outside).toEqual([{ id: 30 }, { id: 31 }]);
    await threaded.exec('DELETE FROM t');
  });

  it("fails a statement with PostgreSQL's error: message, SQLSTATE code and detail, as in this thread", async () => {
    for (const engine of [threaded, inThread]) await engine.query(`INSERT INTO t (id, name) VALUES (40, 'first')`);
    const failure = async (engine: SqlEngine) => {
      try {
        await engine.query(`INSERT INTO t (id, name) VALUES (40, 'again')`);
      } catch (error) {
        const { message, code, detail } = error as { message: string; code: string; detail: string };
        return { message, code, detail };
      }
      throw new Error('the insert did not fail');
    };
    const there = await failure(threaded);
    expect(there).toEqual(await failure(inThread));
    expect(there.code).toBe('23505');
    // A failed statement inside a transaction fails the transaction, which is rolled back.
    await expect(threaded.transaction((tx) => tx.query('SELECT * FROM no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    expect(await threaded.query<{ n: number }>('SELECT count(*)::integer AS n FROM t')).toEqual([{ n: 1 }]);
    await Promise.all([threaded.exec('DELETE FROM t'), inThread.exec('DELETE FROM t')]);
  });

  it("leaves the caller's thread free while the store works, which the same store in that thread does not", async () => {
    // PostgreSQL's work runs inside the thread that holds PGlite: there, no timer fires until a
    // statement is done; here the caller's timers keep firing (the service keeps answering HTTP).
    const timerTicksDuring = async (engine: SqlEngine) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      try {
        await engine.query('SELECT pg_sleep(0.3)');
      } finally {
        clearInterval(timer);
      }
      return ticks;
    };
    expect(await timerTicksDuring(inThread)).toBe(0);
    expect(await timerTicksDuring(threaded)).toBeGreaterThanOrEqual(5);
  });

  it('refuses a parameter the store cannot keep before sending anything', async () => {
    await expect(threaded.query('SELECT $1::text AS v', ['nul \u0000 inside'])).rejects.toBeInstanceOf(UnstorableTextError);
    expect(await threaded.query('SELECT $1::text AS v', ['still answering'])).toEqual([{ v: 'still answering' }]);
  });

  it('answers nothing after close, however often it is closed, and the data stays on disk', async () => {
    const dataDir = join(root, 'closing');
    const engine = await openPgliteThread({ dataDir });
    await engine.exec(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('here')`);
    await Promise.all([engine.close(), engine.close()]);
    await expect(engine.query('SELECT 1')).rejects.toThrow('PGlite is closed');
    const reopened = await openPgliteThread({ dataDir });
    expect(await reopened.query('SELECT v FROM kept')).toEqual([{ v: 'here' }]);
    await reopened.close();
  });
});

describe("the store's thread in a process started with flags", () => {
  it('opens in a process running its own --eval text as a module, with a process-wide flag', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-pglite-thread-flags-'));
    try {
      const built = new URL('../dist/store/pglite-thread.js', import.meta.url).href;
      const script = `const { openPgliteThread } = await import(${JSON.stringify(built)});
        const engine = await openPgliteThread({ dataDir: ${JSON.stringify(join(dataDir, 'store'))} });
        process.stdout.write(JSON.stringify(await engine.query('SELECT 41 + 1 AS answer')));
        await engine.close();`;
      const child = spawnSync(process.execPath, ['--max-old-space-size=512', '--expose-gc', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(child.stderr).toBe('');
      expect(JSON.parse(child.stdout)).toEqual([{ answer: 42 }]);
      expect(child.status).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
