import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordStore, dumpPgliteDataDir, migrate, openPgliteEngine, openSqlEngine, type SqlEngine } from '../src/index.js';
import { flushesDirectories } from '../src/flush-to-disk.js';
import { postgresUrl } from './support/engines.js';
import { RECORD_FLUSHES } from './support/flush-recorder.js';

/** Counts flushes on every thread of a child (support/count-flushes.mjs). */
const COUNT_FLUSHES = fileURLToPath(new URL('./support/count-flushes.mjs', import.meta.url));

describe('engines', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  // Each of these opens several stores on disk (one by initdb, seconds of CPU each), which on a
  // loaded machine can outlast the suite's 20 s default (the second failed once in an add-a-connector
  // check run beside other test runs).
  const STORES_ON_DISK = { timeout: 90_000 };
  /** The records every test writes and reads back. */
  const SCOPE = { tenantId: 't1', connectorId: 'c1', entity: 'users' };

  it(
    'PGlite in a data directory runs with fsync on, flushing its log by fsync, and keeps records across a restart',
    STORES_ON_DISK,
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-pglite-'));
      dirs.push(dataDir);
      const first = await openSqlEngine({ dataDir });
      expect(first.kind).toBe('pglite');
      expect(await first.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
      expect(await first.query('SHOW wal_sync_method')).toEqual([{ wal_sync_method: 'fsync' }]);
      // PGlite's buffer pool on disk; an in-memory store has a smaller one (below).
      expect(await first.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
      await migrate(first);
      await new RecordStore(first).upsert(SCOPE, [{ id: 'U1', data: { name: 'ada' } }]);
      await first.close();

      const second = await openSqlEngine({ dataDir });
      expect(await migrate(second)).toEqual([]);
      expect((await new RecordStore(second).get(SCOPE, 'U1'))?.data).toEqual({ name: 'ada' });
      await second.close();
    },
  );

  // PGlite 0.5's own Node filesystem turns fsync and fdatasync into nothing (traced: no such system
  // call over 20 committed inserts); the engine mounts a store on disk through one that passes fsync
  // on (src/store/durable-node-fs.ts). The child counts Node's fsyncSync calls: while it unpacks the
  // shipped data directory on the first open, up to the removal of the marker that says "not a store
  // yet" (every file and directory flushed first: shipped-template.ts), and around each commit, so a
  // PGlite upgrade that bypasses the added operation fails here; SIGKILL then shows no commit was left
  // in the process's memory.
  it(
    'a new store on disk is flushed whole before use, every commit is flushed with fsync, and commits survive SIGKILL',
    STORES_ON_DISK,
    async () => {
      const dataDir = join(await mkdtemp(join(tmpdir(), 'switchyard-pglite-')), 'store');
      dirs.push(dirname(dataDir));
      const built = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js');
      const { UNPACKING_MARKER } = await import('../dist/store/shipped-template.js');
      const commits = 5;
      const counter = join(dirname(dataDir), 'flushes');
      await writeFile(counter, '');
      // What the first open does to the disk, in order, until the marker is gone: files opened for
      // writing, flushes (by path), the marker written and removed.
      const script = `${RECORD_FLUSHES}
      const dataDir = ${JSON.stringify(dataDir)};
      const marker = ${JSON.stringify(join(dataDir, UNPACKING_MARKER))};
      const writeFileSync = fs.writeFileSync;
      fs.writeFileSync = (path, ...rest) => {
        if (path === marker) events.push(['marker written']);
        return writeFileSync(path, ...rest);
      };
      const rmSync = fs.rmSync;
      fs.rmSync = (path, ...rest) => {
        if (path === marker) events.push(['marker removed']);
        return rmSync(path, ...rest);
      };
      (await import('node:module')).syncBuiltinESMExports();
      // The store runs on its own thread (store/pglite-thread.ts): its flushes are counted there.
      const flushesOnEveryThread = () => fs.statSync(${JSON.stringify(counter)}).size;
      const { RecordStore, migrate, openSqlEngine } = await import(${JSON.stringify(built)});
      const engine = await openSqlEngine({ dataDir });
      recording = false;
      await migrate(engine);
      const flushed = [];
      for (let i = 1; i <= ${commits}; i++) {
        const before = flushesOnEveryThread();
        await new RecordStore(engine).upsert(${JSON.stringify(SCOPE)}, [{ id: 'U' + i, data: { name: 'ada ' + i } }]);
        flushed.push(flushesOnEveryThread() - before);
      }
      process.stdout.write(JSON.stringify({ events, flushed }) + '\\n');
      setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['--import', COUNT_FLUSHES, '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, SWITCHYARD_TEST_FLUSH_COUNT: counter },
      });
      const exited = once(child, 'exit');
      let out = '';
      try {
        for await (const chunk of child.stdout!) {
          out += String(chunk);
          if (out.includes('\n')) break;
        }
        const report = JSON.parse(out) as { events: string[][]; flushed: number[] };
        expectUnpackedDurably(report.events, dataDir, join(dataDir, UNPACKING_MARKER), await shippedTemplateEntries());
        // At least the write-ahead log's flush in each commit, before the commit returned.
        expect(report.flushed).toHaveLength(commits);
        for (const count of report.flushed) expect(count).toBeGreaterThanOrEqual(1);
      } finally {
        // Also when an assertion failed: the child would otherwise wait forever.
        child.kill('SIGKILL');
      }
      expect(await exited).toEqual([null, 'SIGKILL']);

      const reopened = await openSqlEngine({ dataDir });
      const records = new RecordStore(reopened);
      for (let i = 1; i <= commits; i++) expect((await records.get(SCOPE, `U${i}`))?.data).toEqual({ name: `ada ${i}` });
      await reopened.close();
    },
  );

  it(
    'the built package starts a new store on disk from the data directory it ships; an existing store opens as it is',
    STORES_ON_DISK,
    async () => {
      // The built module (`pnpm build` writes dist/store/pglite-template.tgz beside it); the sources
      // have no template and run initdb, which gives every store a system identifier of its own.
      const built = await import('../dist/index.js');
      const identifier = async (engine: SqlEngine) =>
        String((await engine.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()'))[0]!.id);
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => mkdtemp(join(tmpdir(), 'switchyard-pglite-'))));
      dirs.push(a!, b!, c!);

      const first = await built.openPgliteEngine({ dataDir: a! });
      const second = await built.openPgliteEngine({ dataDir: b! });
      const initdb = await openPgliteEngine({ dataDir: c! });
      try {
        expect(await identifier(first)).toBe(await identifier(second));
        expect(await identifier(first)).not.toBe(await identifier(initdb));
        expect(await first.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
        // The shipped directory is migrated already: a first start has nothing to apply.
        expect(await built.migrate(first)).toEqual([]);
        await new built.RecordStore(first).upsert(SCOPE, [{ id: 'U1', data: { name: 'ada' } }]);
      } finally {
        await first.close();
        await second.close();
        await initdb.close();
      }
      const again = await built.openPgliteEngine({ dataDir: a! });
      try {
        expect(await built.migrate(again)).toEqual([]);
        expect((await new built.RecordStore(again).get(SCOPE, 'U1'))?.data).toEqual({ name: 'ada' });
      } finally {
        await again.close();
      }
    },
  );

  it(
    'a first start cut short while it unpacked the shipped directory is unpacked again at the next start, not opened half-written',
    STORES_ON_DISK,
    async () => {
      const built = await import('../dist/index.js');
      const { SHIPPED_TEMPLATE_FILE } = await import('../dist/store/shipped-template.js');
      const { extract } = await import('tar');
      const dataDir = join(await mkdtemp(join(tmpdir(), 'switchyard-pglite-')), 'store');
      dirs.push(dirname(dataDir));
      // What a process killed halfway leaves: part of the files, one of them short, no PG_VERSION
      // (the next test has the case with it: the marker, not the order of the archive's entries,
      // says whether the directory is whole; shipped-template.ts).
      const template = fileURLToPath(new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url));
      const unpacked: string[] = [];
      await mkdir(dataDir);
      extract({ file: template, cwd: dataDir, sync: true, filter: (path) => /\/base\//.test(path) && unpacked.push(path) < 200 });
      expect(unpacked.some((path) => path.endsWith('PG_VERSION') && !path.includes('/base/'))).toBe(false);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
      await truncate(join(dataDir, unpacked.find((path) => /\/base\/\d+\/\d+$/.test(path))!.replace(/^\//, '')), 100);

      const store = await built.openPgliteEngine({ dataDir });
      try {
        expect(await built.migrate(store)).toEqual([]);
        await new built.RecordStore(store).upsert(SCOPE, [{ id: 'U1', data: { name: 'ada' } }]);
        expect((await new built.RecordStore(store).get(SCOPE, 'U1'))?.data).toEqual({ name: 'ada' });
        expect(await store.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'sy_records'`)).toEqual([{ n: 1 }]);
      } finally {
        await store.close();
      }
    },
  );

  it('a first start cut short after it unpacked PG_VERSION (the marker still there) is unpacked again too', STORES_ON_DISK, async () => {
    const built = await import('../dist/index.js');
    const { SHIPPED_TEMPLATE_FILE, UNPACKING_MARKER } = await import('../dist/store/shipped-template.js');
    const { extract } = await import('tar');
    const dataDir = join(await mkdtemp(join(tmpdir(), 'switchyard-pglite-')), 'store');
    dirs.push(dirname(dataDir));
    // What a process killed halfway leaves: the marker, PG_VERSION, part of the other files.
    const template = fileURLToPath(new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url));
    await mkdir(dataDir);
    await writeFile(join(dataDir, UNPACKING_MARKER), '');
    let kept = 0;
    extract({
      file: template,
      cwd: dataDir,
      sync: true,
      filter: (path) => /(^|\/)PG_VERSION$/.test(path) || (/\/base\//.test(path) && kept++ < 100),
    });
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

    const store = await built.openPgliteEngine({ dataDir });
    try {
      expect(existsSync(join(dataDir, UNPACKING_MARKER))).toBe(false);
      expect(await built.migrate(store)).toEqual([]);
      expect(await store.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname = 'sy_records'`)).toEqual([{ n: 1 }]);
    } finally {
      await store.close();
    }
  });

  // PostgreSQL's control file says how the cluster was left (ControlFileData in pg_control.h: a
  // 64-bit system identifier, two 32-bit versions, then `state`): shut down cleanly (1), so a store
  // started from the shipped directory runs no crash recovery (src/store/write-template.ts,
  // `writePgliteTemplate`); a dump of a running store says in production (6).
  it('the shipped data directory is a cluster shut down cleanly, every entry owner-only', async () => {
    const { list } = await import('tar');
    const { SHIPPED_TEMPLATE_FILE } = await import('../dist/store/shipped-template.js');
    const control: Buffer[] = [];
    const loose: string[] = [];
    list({
      file: fileURLToPath(new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url)),
      sync: true,
      onReadEntry: (entry) => {
        if (((entry.mode ?? 0) & 0o077) !== 0) loose.push(`${entry.path} ${(entry.mode ?? 0).toString(8)}`);
        if (/(^|\/)global\/pg_control$/.test(entry.path)) entry.on('data', (chunk: Buffer) => control.push(chunk));
        else entry.resume();
      },
    });
    const file = Buffer.concat(control);
    expect(file.length).toBeGreaterThan(20);
    expect({ pgControlVersion: file.readUInt32LE(8), state: file.readInt32LE(16) }).toEqual({ pgControlVersion: 1800, state: 1 });
    expect(loose).toEqual([]);
  });

  it('directories are flushed wherever the OS can flush one, not on Windows', () => {
    expect(flushesDirectories('linux')).toBe(true);
    expect(flushesDirectories('darwin')).toBe(true);
    expect(flushesDirectories('freebsd')).toBe(true);
    expect(flushesDirectories('win32')).toBe(false);
  });

  it('an in-memory PGlite started from a dumped data directory is a new, empty store of its own', async () => {
    const dump = await dumpPgliteDataDir();
    const first = await openPgliteEngine({ loadDataDir: dump });
    const second = await openPgliteEngine({ loadDataDir: dump });
    try {
      expect(await first.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 0 }]);
      // In memory the data directory is in this process already: a small buffer pool (pglite-engine.ts).
      expect(await first.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect((await migrate(first)).length).toBeGreaterThan(0);
      await new RecordStore(first).upsert(SCOPE, [{ id: 'U1', data: { name: 'ada' } }]);
      // The search operators need pg_trgm, which the dump must carry like a fresh store.
      expect(await first.query(`SELECT similarity('ada', 'adda') > 0 AS ok`)).toEqual([{ ok: true }]);
      // The second store shares nothing with the first.
      expect(await second.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 0 }]);
    } finally {
      await first.close();
      await second.close();
    }
    await expect(openPgliteEngine({ dataDir: '/nowhere', loadDataDir: dump })).rejects.toThrow(/in-memory store/);
  });

  it.skipIf(!postgresUrl)(
    'PostgreSQL connections run without JIT compilation (it costs search statements more than it saves)',
    async () => {
      const engine = await openSqlEngine({ databaseUrl: postgresUrl });
      try {
        expect(await engine.query('SHOW jit')).toEqual([{ jit: 'off' }]);
      } finally {
        await engine.close();
      }
    },
  );

  it.skipIf(!postgresUrl)('a database URL selects PostgreSQL, whose transactions roll back on error', async () => {
    const engine = await openSqlEngine({ databaseUrl: postgresUrl, dataDir: '/ignored' });
    expect(engine.kind).toBe('postgres');
    await engine.exec('CREATE TABLE IF NOT EXISTS sy_engine_probe (x int)');
    await expect(
      engine.transaction(async (tx) => {
        await tx.query('INSERT INTO sy_engine_probe VALUES (1)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await engine.query('SELECT count(*)::int AS n FROM sy_engine_probe')).toEqual([{ n: 0 }]);
    await engine.exec('DROP TABLE sy_engine_probe');
    await engine.close();
  });
});

/** Files and directories in the data directory the server's build ships. */
async function shippedTemplateEntries(): Promise<number> {
  const { list } = await import('tar');
  const { SHIPPED_TEMPLATE_FILE } = await import('../dist/store/shipped-template.js');
  let entries = 0;
  list({
    file: fileURLToPath(new URL(`../dist/store/${SHIPPED_TEMPLATE_FILE}`, import.meta.url)),
    sync: true,
    onReadEntry: (entry) => {
      if (entry.type === 'File' || entry.type === 'Directory') entries++;
    },
  });
  return entries;
}

/**
 * A first start's writes, in the order the store needs them on the disk: the marker ("not a store
 * yet") and its directory entry flushed before any file of the store is written; every file and
 * directory flushed before the marker is removed; the removal flushed before the store is opened.
 */
function expectUnpackedDurably(events: string[][], dataDir: string, marker: string, entries: number): void {
  const written = events.findIndex(([kind]) => kind === 'marker written');
  const removed = events.findIndex(([kind]) => kind === 'marker removed');
  expect(written, 'the marker is written').toBeGreaterThanOrEqual(0);
  expect(removed, 'the marker is removed').toBeGreaterThan(written);
  const isDirFlush = ([kind, path]: string[]) => kind === 'fsync' && path === dataDir;
  const firstFile = events.findIndex(([kind, path], i) => i > written && kind === 'open' && path !== marker);
  const markerFlushed = events.findIndex((event, i) => i > written && isDirFlush(event));
  expect(markerFlushed, 'the marker flushed before the first file of the store is written').toBeGreaterThan(written);
  expect(markerFlushed).toBeLessThan(firstFile);
  const flushes = events.slice(written, removed).filter(([kind]) => kind === 'fsync').length;
  expect(flushes, 'every file and directory unpacked flushed before the marker goes').toBeGreaterThanOrEqual(entries);
  // Before PostgreSQL starts writing to the store (it flushes the whole directory itself then).
  const next = events.findIndex((event, i) => i > removed && (isDirFlush(event) || event[0] === 'open'));
  expect(events[next], 'the removal flushed before the store is opened').toEqual(['fsync', dataDir]);
}
