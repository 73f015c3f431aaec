/**
 * In-memory stores handed out again after a suite closes them, each first put back exactly as the
 * shipped data directory left it. Opening a PGlite store costs about half a CPU second of its own,
 * and more in a worker whose heap holds the suites' modules: every store allocates a WebAssembly
 * memory of 128 MB or more, which V8 counts as external memory and answers with full garbage
 * collections of the whole heap (CONTRIBUTING.md, "What the seventh session removed"). A store put
 * back costs a few statements instead (35–50 ms, however often it was used before).
 *
 * Put back means: the session's state discarded (`DISCARD ALL`: settings, prepared statements,
 * temporary tables), every relation the shipped directory does not have dropped (a partition per
 * entity, the search indexes), every table it has emptied with its identities restarted, the
 * planner's statistics and the activity counters cleared. Then the store's catalog is compared with
 * a new store's (relations, columns, indexes, constraints, functions, triggers, types, sequences,
 * extensions, roles, settings, statistics) and the migration ledger's rows with the new store's:
 * only an identical store is handed out again; any other (a suite altered a shipped table, left a
 * transaction open, made an object of a kind not dropped here, or its statements were still running
 * two seconds after it closed the store) is closed, as every store was before. The suite that
 * checks this describes both stores through PostgreSQL's documented views, not through the text
 * compared here (store-pool.test.ts beside this file).
 */
import type { SqlEngine, SqlParam, SqlRunner } from '../../src/index.js';

export interface StorePoolOptions {
  /** Stores kept for the next suite, per worker. */
  readonly maxIdle?: number;
  /** How long a closing suite's statements still running may take before the store is given up. */
  readonly settleMs?: number;
}

export interface StorePoolCounts {
  /** Stores opened new. */
  opened: number;
  /** Stores handed out again after being put back. */
  reused: number;
  /** Stores closed for good: they could not be put back, or the pool had enough idle ones. */
  discarded: number;
}

export interface StorePool {
  acquire(): Promise<SqlEngine>;
  readonly counts: Readonly<StorePoolCounts>;
}

/** Namespaces of PostgreSQL's own, left out of the comparison. */
const SYSTEM_NAMESPACE = `(n.nspname IN ('pg_catalog', 'information_schema') OR n.nspname LIKE 'pg\\_toast%' OR n.nspname LIKE 'pg\\_temp%')`;

export function createStorePool(open: () => Promise<SqlEngine>, options: StorePoolOptions = {}): StorePool {
  const maxIdle = options.maxIdle ?? 2;
  const settleMs = options.settleMs ?? 2_000;
  const counts: StorePoolCounts = { opened: 0, reused: 0, discarded: 0 };
  const idle: SqlEngine[] = [];
  let baseline: Promise<Snapshot> | undefined;

  const release = async (engine: SqlEngine, settled: boolean, reference: Promise<Snapshot>): Promise<void> => {
    const reusable = settled && idle.length < maxIdle && (await putBack(engine, await reference));
    if (reusable) idle.push(engine);
    else {
      counts.discarded += 1;
      await engine.close();
    }
  };

  return {
    counts,
    async acquire() {
      // A parked store was put back, so the baseline exists.
      const parked = idle.pop();
      if (parked) {
        counts.reused += 1;
        return new PooledEngine(parked, (settled) => release(parked, settled, baseline!), settleMs);
      }
      const engine = await open();
      counts.opened += 1;
      // The first new store is what every store put back must equal.
      const reference = (baseline ??= snapshot(engine));
      await reference;
      return new PooledEngine(engine, (settled) => release(engine, settled, reference), settleMs);
    },
  };
}

/**
 * What a suite holds: the store until it closes it, then nothing (every call after `close()` fails
 * as a closed PGlite's does). `close()` waits for the suite's statements still running, so none of
 * them lands in the next suite's store.
 */
class PooledEngine implements SqlEngine {
  readonly kind = 'pglite' as const;
  readonly #inner: SqlEngine;
  readonly #release: (settled: boolean) => Promise<void>;
  readonly #settleMs: number;
  readonly #running = new Set<Promise<unknown>>();
  #closing: Promise<void> | undefined;

  constructor(inner: SqlEngine, release: (settled: boolean) => Promise<void>, settleMs: number) {
    this.#inner = inner;
    this.#release = release;
    this.#settleMs = settleMs;
  }

  query<R = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    return this.#track(() => this.#inner.query<R>(sql, params));
  }
  exec(sql: string): Promise<void> {
    return this.#track(() => this.#inner.exec(sql));
  }
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.#track(() => this.#inner.transaction(fn));
  }
  close(): Promise<void> {
    this.#closing ??= this.#settle().then((settled) => this.#release(settled));
    return this.#closing;
  }

  #track<T>(run: () => Promise<T>): Promise<T> {
    if (this.#closing) return Promise.reject(new Error('PGlite is closed'));
    const running = run();
    const settled: Promise<boolean> = running.then(
      () => this.#running.delete(settled),
      () => this.#running.delete(settled),
    );
    this.#running.add(settled);
    return running;
  }

  /** True when every statement the suite started has finished within the bound. */
  async #settle(): Promise<boolean> {
    if (this.#running.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.#settleMs)));
    const allDone = Promise.allSettled([...this.#running]).then(() => true as const);
    const settled = await Promise.race([allDone, timedOut]);
    clearTimeout(timer);
    return settled;
  }
}

/** A store's catalog as comparable text, and its tables with rows (the migration ledger). */
interface Snapshot {
  readonly catalog: string;
  /** Tables the store's own data directory ships with rows, and the rows' digest. */
  readonly seeded: ReadonlyMap<string, string>;
  /** Relations by name and kind (`r` table, `p` partitioned table, `i`/`I` index, `S` sequence, …). */
  readonly relations: ReadonlyMap<string, string>;
}

async function snapshot(engine: SqlEngine): Promise<Snapshot> {
  const relations = await relationsOf(engine);
  const seeded = new Map<string, string>();
  for (const table of tablesOf(relations)) {
    const digest = await contentDigest(engine, table);
    if (digest !== null) seeded.set(table, digest);
  }
  return { catalog: await catalogOf(engine), seeded, relations };
}

/**
 * Puts a closed suite's store back as the baseline store was; false when it cannot (then it is
 * closed). Any statement failing means the same: the store is not handed out again.
 */
async function putBack(engine: SqlEngine, baseline: Snapshot): Promise<boolean> {
  try {
    // Refused inside a transaction block: a suite that left one open gives its store up.
    await engine.exec('DISCARD ALL');
    const relations = await relationsOf(engine);
    const drops: string[] = [];
    const indexDrops: string[] = [];
    for (const [name, kind] of relations) {
      if (baseline.relations.get(name) === kind) continue;
      // Tables first: their indexes go with them (an index attached to a partitioned one cannot be
      // dropped alone); what is left is an index a suite added to a baseline table.
      if (kind === 'i' || kind === 'I') indexDrops.push(`DROP INDEX IF EXISTS ${name}`);
      else if (kind === 'r' || kind === 'p' || kind === 'f') drops.push(`DROP TABLE IF EXISTS ${name} CASCADE`);
      else if (kind === 'v') drops.push(`DROP VIEW IF EXISTS ${name} CASCADE`);
      else if (kind === 'm') drops.push(`DROP MATERIALIZED VIEW IF EXISTS ${name} CASCADE`);
      else if (kind === 'S') drops.push(`DROP SEQUENCE IF EXISTS ${name} CASCADE`);
      else return false;
    }
    for (const drop of [...drops, ...indexDrops]) await engine.exec(drop);
    const emptied = tablesOf(baseline.relations).filter((table) => !baseline.seeded.has(table));
    if (emptied.length > 0) await engine.exec(`TRUNCATE ${emptied.join(', ')} RESTART IDENTITY`);
    // Left by ANALYZE; TRUNCATE keeps them, and the search's plans read them.
    await engine.exec(
      `DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT ${SYSTEM_NAMESPACE})`,
    );
    await engine.query('SELECT pg_stat_reset()');
    if ((await catalogOf(engine)) !== baseline.catalog) return false;
    for (const [table, digest] of baseline.seeded) if ((await contentDigest(engine, table)) !== digest) return false;
    return true;
  } catch {
    return false;
  }
}

async function relationsOf(engine: SqlEngine): Promise<Map<string, string>> {
  const rows = await engine.query<{ name: string; kind: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, c.relkind::text AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT ${SYSTEM_NAMESPACE} AND c.relkind NOT IN ('c', 't')`,
  );
  return new Map(rows.map((row) => [row.name, row.kind]));
}

/** Tables that hold rows themselves (a partitioned table's rows are in its partitions). */
function tablesOf(relations: ReadonlyMap<string, string>): string[] {
  return [...relations].filter(([, kind]) => kind === 'r').map(([name]) => name);
}

/** A digest of a table's rows in a fixed order; null when it has none. */
async function contentDigest(engine: SqlEngine, table: string): Promise<string | null> {
  const [row] = await engine.query<{ digest: string | null }>(
    `SELECT md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM ${table} t`,
  );
  return row?.digest ?? null;
}

/**
 * Everything a suite could tell two stores apart by, short of their rows and timing, as one text:
 * what is defined (relations, columns with defaults, indexes, constraints, functions, triggers,
 * types, schemas, extensions, roles, stored settings), how far each sequence has gone, and how
 * many planner statistics exist.
 */
async function catalogOf(engine: SqlEngine): Promise<string> {
  const userRelation = `c.relnamespace = n.oid AND NOT ${SYSTEM_NAMESPACE}`;
  const rows = await engine.query<{ part: string }>(
    `SELECT 'relation ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text AS part
       FROM pg_class c, pg_namespace n WHERE ${userRelation}
     UNION ALL
     SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
            || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
            || CASE WHEN a.attisdropped THEN ' dropped' ELSE '' END
            || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON ${userRelation}
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0
     UNION ALL
     SELECT 'index ' || pg_get_indexdef(i.indexrelid)
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON ${userRelation}
     UNION ALL
     SELECT 'constraint ' || x.conrelid::regclass::text || ' ' || x.conname || ' ' || pg_get_constraintdef(x.oid)
       FROM pg_constraint x JOIN pg_namespace n ON n.oid = x.connamespace WHERE NOT ${SYSTEM_NAMESPACE}
     UNION ALL
     SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE NOT ${SYSTEM_NAMESPACE}
     UNION ALL
     SELECT 'trigger ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t WHERE NOT t.tgisinternal
     UNION ALL
     SELECT 'rule ' || r.ev_class::regclass::text || ' ' || r.rulename
       FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON ${userRelation}
     UNION ALL
     SELECT 'type ' || n.nspname || '.' || t.typname || ' ' || t.typtype::text
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE NOT ${SYSTEM_NAMESPACE}
     UNION ALL
     -- A session's temporary schemas stay once made, empty after DISCARD ALL (their tables are above).
     SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_temp%' AND nspname NOT LIKE 'pg\\_toast\\_temp%'
     UNION ALL
     SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
     UNION ALL
     SELECT 'role ' || rolname || ' ' || rolsuper::text FROM pg_roles
     UNION ALL
     SELECT 'stored setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
     UNION ALL
     SELECT 'sequence ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unused') FROM pg_sequences
     UNION ALL
     SELECT 'statistics ' || count(*)::text
       FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid JOIN pg_namespace n ON ${userRelation}
     UNION ALL
     SELECT 'extended statistics ' || count(*)::text FROM pg_statistic_ext
     UNION ALL
     SELECT 'session setting ' || name || '=' || setting FROM pg_settings WHERE source = 'session'
     UNION ALL
     SELECT 'prepared ' || name FROM pg_prepared_statements`,
  );
  return rows
    .map((row) => row.part)
    .sort()
    .join('\n');
}
