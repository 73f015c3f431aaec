/**
 * Fairness between tenants at the store: tenant B's simple `eq` search, idle and while tenant A
 * runs 16 heavy searches at once (like, fuzzy and keyword, limit 1000), on PGlite and PostgreSQL,
 * through the real service (`switchyard serve` in its own process, A's load from another process,
 * B timed from this one). Targets (issue "Safe with strangers", 3b): on PGlite, B's p50 ≤ 50 ms
 * and p99 ≤ 150 ms under A's load; on PostgreSQL, B's p50 ≤ 3× its idle p50 measured in the
 * same run. The same store is then measured once more with the fair queue opened wide
 * (SWITCHYARD_SEARCH_CONCURRENCY = TENANT_CONCURRENCY = 64, so every search goes straight to the
 * store, as before the queue existed), to show what the queue changes.
 *
 * Each tenant's copy is filled by the service's own sync from a vendor fake
 * (bench/lib/fairness-vendor.ts) serving the search benchmark's generated users: A 50,000,
 * B 5,000 (SWITCHYARD_BENCH_FAIRNESS_USERS overrides A's). A's rate budget is raised so that
 * none of its requests is refused: the rate limiter is not what protects B here.
 *
 * Opt-in (`pnpm bench search-fairness`): each store is filled afresh (PGlite in a temporary
 * directory; PostgreSQL in a database `<name>_fairness` created beside the one
 * SWITCHYARD_BENCH_DATABASE_URL names, dropped afterwards), a few minutes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresEngine } from '@switchyard/server';
import { ROOT, startLongLived, tsxArgs } from './lib/child.js';
import { datasetToken } from './lib/fairness-vendor.js';
import type { Result, Row } from './lib/result.js';
import { TEAM_IDS } from './lib/search-dataset.js';
import { benchDatabaseUrl } from './lib/search-stores.js';
import { serve, type ServeProcess } from './lib/serve-process.js';
import { int, ms, percentile, progress } from './lib/stats.js';

type StoreKind = 'pglite' | 'postgres';
const LABEL: Record<StoreKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

const A_USERS = Number(process.env['SWITCHYARD_BENCH_FAIRNESS_USERS'] ?? 50_000);
const B_USERS = 5_000;
const A_WORKERS = 16;
/** B's searches per measurement, one at a time, with a pause between them. */
const B_SAMPLES = Number(process.env['SWITCHYARD_BENCH_FAIRNESS_SAMPLES'] ?? 300);
/**
 * Mean pause before each of B's searches (exponentially distributed, so B's searches arrive at
 * random moments of A's, not in step with them: a fixed pause would land each of B's searches
 * at the same point of A's cycle).
 */
const B_PAUSE_MS = 50;
/** A's load runs this long before B's timing starts, so B meets a queue in its steady state. */
const LOAD_WARMUP_MS = 3_000;
const PGLITE_TARGET = { p50: 50, p99: 150 };
const POSTGRES_TARGET_RATIO = 3;

/** A's heavy searches, limit 1000 each, rotated by every worker. */
const HEAVY: Record<string, unknown>[] = [
  ...['%son%', '%mar%', '%er %', '%ill%'].map((pattern) => ({ query: { filter: { like: { real_name: pattern } } }, limit: 1000 })),
  ...['jmaes smith', 'mary jonson', 'john willaims', 'micheal brown'].map((text) => ({
    query: { filter: { fuzzy: { real_name: text } } },
    limit: 1000,
  })),
  ...['smith', 'johnson williams', 'james', 'mary brown'].map((text) => ({
    query: { filter: { keyword: { real_name: text } } },
    limit: 1000,
  })),
];
/** B's simple search: one team's users, a page of 20. */
const LIGHT = (v: number): Record<string, unknown> => ({ query: { filter: { eq: { team_id: TEAM_IDS[v % 10] } } }, limit: 20 });

interface Tenant {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly externalUserId: string;
  readonly connectorId: string;
}

interface Figures {
  idle: { p50: number; p99: number };
  loaded: { p50: number; p99: number };
  load: { requests: number; statuses: Record<string, number>; hits: number; p50: number; p99: number; seconds: number };
  /** Share of one core the service process used while A's load ran (its one thread saturates at about 1). */
  serviceCpu: number;
}

function storesToMeasure(): StoreKind[] {
  const wanted = process.env['SWITCHYARD_BENCH_SEARCH_STORES'];
  const available: StoreKind[] = benchDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
  return wanted ? available.filter((kind) => wanted.split(',').includes(kind)) : available;
}

export async function run(): Promise<Result> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const data: Record<string, unknown> = {};
  if (!benchDatabaseUrl()) notes.push('PostgreSQL not measured: set SWITCHYARD_BENCH_DATABASE_URL to a database the benchmark may use.');
  const vendor = await startLongLived(...tsxArgs('bench/lib/fairness-vendor.ts'));
  const loadBefore = loadavg()[0]!;
  try {
    for (const kind of storesToMeasure()) {
      const store = await freshStore(kind);
      try {
        const measured = await measureStore(kind, store, String(vendor.hello['url']));
        data[kind] = measured;
        rows.push(row(kind, measured));
        const { fair, open } = measured;
        notes.push(
          `${LABEL[kind]}: B idle p50 ${ms(fair.idle.p50)} p99 ${ms(fair.idle.p99)}; under A's load p50 ${ms(fair.loaded.p50)} ` +
            `p99 ${ms(fair.loaded.p99)}; A ran ${int(fair.load.requests)} searches in ${fair.load.seconds.toFixed(0)} s ` +
            `(p50 ${ms(fair.load.p50)}, p99 ${ms(fair.load.p99)}, statuses ${JSON.stringify(fair.load.statuses)}); ` +
            `the service process used ${(fair.serviceCpu * 100).toFixed(0)} % of a core`,
          `${LABEL[kind]} without the fair queue (concurrency 64): B idle p50 ${ms(open.idle.p50)}; under A's load p50 ` +
            `${ms(open.loaded.p50)} p99 ${ms(open.loaded.p99)}; A ran ${int(open.load.requests)} searches ` +
            `(p50 ${ms(open.load.p50)}, p99 ${ms(open.load.p99)}); the service process used ${(open.serviceCpu * 100).toFixed(0)} % of a core`,
          `${LABEL[kind]}: the sync filled A's ${int(A_USERS)} users at ${int(measured.ingestRate)} records/s`,
        );
      } finally {
        await store.drop();
      }
    }
  } finally {
    await vendor.stop();
  }
  // Other work on the machine slows B's idle searches as much as A does: the ratios are the figures to compare.
  notes.push(`machine load average (1 min) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`);
  data['loadAverage'] = { start: loadBefore, end: loadavg()[0] };
  return { name: 'search-fairness', rows, notes, data };
}

function row(kind: StoreKind, measured: { fair: Figures; open: Figures }): Row {
  const { fair, open } = measured;
  const ratio = fair.loaded.p50 / fair.idle.p50;
  const met =
    kind === 'pglite' ? fair.loaded.p50 <= PGLITE_TARGET.p50 && fair.loaded.p99 <= PGLITE_TARGET.p99 : ratio <= POSTGRES_TARGET_RATIO;
  return {
    question: `Search fairness on ${LABEL[kind]}: B's eq search while A runs ${A_WORKERS} heavy searches at once`,
    figure: `p50 ${ms(fair.loaded.p50)}, p99 ${ms(fair.loaded.p99)} (without the fair queue: p50 ${ms(open.loaded.p50)}, p99 ${ms(open.loaded.p99)})`,
    baseline: `B idle p50 ${ms(fair.idle.p50)}, p99 ${ms(fair.idle.p99)}`,
    ratio,
    target:
      kind === 'pglite'
        ? `p50 ≤ ${PGLITE_TARGET.p50} ms, p99 ≤ ${PGLITE_TARGET.p99} ms`
        : `p50 ratio ≤ ${POSTGRES_TARGET_RATIO.toFixed(2)}`,
    met,
    method:
      `\`switchyard serve\` in its own process (default search settings) with two applications' connectors synced by the service from a ` +
      `vendor fake: A ${int(A_USERS)} generated users, B ${int(B_USERS)} (bench/lib/search-dataset.ts). B sends ${B_SAMPLES} eq searches ` +
      `(team_id, limit 20) one at a time after random pauses (exponential, mean ${B_PAUSE_MS} ms), first idle, then while another process keeps ${A_WORKERS} of A's ` +
      "searches in flight (infix like, fuzzy and keyword on real_name, limit 1000, rotating; A's rate budget raised so none is refused). " +
      'The figure in brackets is the same run with SWITCHYARD_SEARCH_CONCURRENCY and _TENANT_CONCURRENCY at 64 (no queue in effect).',
  };
}

interface Store {
  readonly args: string[];
  readonly env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/** An empty store: a temporary data directory, or a database of its own beside the benchmark's. */
async function freshStore(kind: StoreKind): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-fairness-'));
    return { args: ['--data-dir', dataDir], env: {}, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const base = new URL(benchDatabaseUrl()!);
  const name = `${base.pathname.slice(1)}_fairness`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`cannot derive a database name from ${base.pathname}`);
  const admin = async (sql: string): Promise<void> => {
    const engine = openPostgresEngine({ connectionString: base.toString(), maxConnections: 1 });
    try {
      await engine.exec(sql);
    } finally {
      await engine.close();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-fairness-'));
  return {
    args: ['--data-dir', dataDir],
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function measureStore(
  kind: StoreKind,
  store: Store,
  vendorUrl: string,
): Promise<{ fair: Figures; open: Figures; ingestRate: number }> {
  const adminToken = randomBytes(24).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    ...store.env,
    SWITCHYARD_ADMIN_TOKEN: adminToken,
    SWITCHYARD_MASTER_KEY: randomBytes(32).toString('base64'),
    SWITCHYARD_RATE_LIMIT_MAX: '1000000',
  };
  const args = [...store.args, '--port', '0', '--vendor-base-url', `messaging=${vendorUrl}/api`];
  progress(`${LABEL[kind]}: starting the service and syncing A's ${int(A_USERS)} and B's ${int(B_USERS)} users`);
  let service = await serve(args, env);
  let a: Tenant;
  let b: Tenant;
  let ingestRate: number;
  try {
    const t0 = performance.now();
    [a, b] = await Promise.all([
      createTenant(service.url, adminToken, 'tenant-a', datasetToken(11, A_USERS)),
      createTenant(service.url, adminToken, 'tenant-b', datasetToken(12, B_USERS)),
    ]);
    await Promise.all([waitForCopy(service.url, a), waitForCopy(service.url, b)]);
    ingestRate = (A_USERS + B_USERS) / ((performance.now() - t0) / 1000);
    progress(`${LABEL[kind]}: copies ready (${int(ingestRate)} records/s); measuring with the fair queue`);
    const fair = await measure(service, a, b);
    await service.stop();
    progress(`${LABEL[kind]}: measuring again without the fair queue (concurrency 64)`);
    service = await serve(args, { ...env, SWITCHYARD_SEARCH_CONCURRENCY: '64', SWITCHYARD_SEARCH_TENANT_CONCURRENCY: '64' });
    const open = await measure(service, a, b);
    return { fair, open, ingestRate };
  } finally {
    await service.stop();
  }
}

async function post(url: string, token: string | undefined, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function scopedToken(base: string, tenant: Pick<Tenant, 'clientId' | 'clientSecret' | 'externalUserId'>): Promise<string> {
  const app = await post(`${base}/api/v1/account/applications/token`, undefined, {
    client_id: tenant.clientId,
    client_secret: tenant.clientSecret,
  });
  const scoped = await post(`${base}/api/v1/embedded/scoped-token`, String(app['access_token']), {
    external_user_id: tenant.externalUserId,
  });
  return String(scoped['access_token']);
}

async function createTenant(base: string, adminToken: string, name: string, vendorToken: string): Promise<Tenant> {
  const app = await post(`${base}/api/v1/admin/applications`, adminToken, { name });
  const tenant = { clientId: String(app['client_id']), clientSecret: String(app['client_secret']), externalUserId: `${name}-user` };
  const connector = await post(`${base}/v1/integrations/connectors`, await scopedToken(base, tenant), {
    external_user_id: tenant.externalUserId,
    connector_type: 'messaging',
    name,
    credentials: { api_token: vendorToken },
    replication_config: { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false },
  });
  return { ...tenant, connectorId: String(connector['id']) };
}

/** Until the connector's users entity has a copy (its first sync finished). */
async function waitForCopy(base: string, tenant: Tenant): Promise<void> {
  const token = await scopedToken(base, tenant);
  for (;;) {
    const response = await fetch(`${base}/api/v1/connectors/sources/${tenant.connectorId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const view = (await response.json()) as { entities?: { entity: string; state: string; error?: unknown }[] };
    const users = view.entities?.find((e) => e.entity === 'users');
    if (users?.state === 'ready') return;
    if (users?.state === 'failed') throw new Error(`the sync of ${tenant.externalUserId} failed: ${JSON.stringify(users.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** mulberry32: the same pauses on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function measure(service: ServeProcess, a: Tenant, b: Tenant): Promise<Figures> {
  const base = service.url;
  const random = seeded(42);
  const bToken = await scopedToken(base, b);
  const aToken = await scopedToken(base, a);
  const searchB = async (v: number): Promise<number> => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/v1/connectors/sources/${b.connectorId}/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'users', action: 'search', params: LIGHT(v) }),
    });
    const body = (await response.json()) as { hits?: unknown[] };
    const elapsed = performance.now() - t0;
    if (response.status !== 200 || !body.hits?.length) throw new Error(`B's search answered ${response.status}: ${JSON.stringify(body)}`);
    return elapsed;
  };
  const sampleB = async (): Promise<{ p50: number; p99: number }> => {
    const samples: number[] = [];
    for (let i = 0; i < B_SAMPLES; i++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(5 * B_PAUSE_MS, -Math.log(1 - random()) * B_PAUSE_MS)));
      samples.push(await searchB(i));
    }
    return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
  };
  // Warm-up: plans, caches and connections, for both tenants.
  for (let i = 0; i < 20; i++) await searchB(i);
  const idle = await sampleB();
  const load = await startLoad({ url: base, connectorId: a.connectorId, token: aToken, workers: A_WORKERS, searches: HEAVY });
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, LOAD_WARMUP_MS));
  const [cpu0, t1] = [service.cpuMs(), performance.now()];
  const loaded = await sampleB();
  const serviceCpu = (service.cpuMs() - cpu0) / (performance.now() - t1);
  const stats = await load.stop();
  return { idle, loaded, load: { ...stats, seconds: (performance.now() - t0) / 1000 }, serviceCpu };
}

interface LoadStats {
  requests: number;
  statuses: Record<string, number>;
  hits: number;
  p50: number;
  p99: number;
}

/** A's load in its own process (bench/lib/fairness-load.ts); `stop()` ends it and returns its figures. */
function startLoad(plan: Record<string, unknown>): Promise<{ stop: () => Promise<LoadStats> }> {
  const [command, args] = tsxArgs('bench/lib/fairness-load.ts', [JSON.stringify(plan)]);
  const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  let onLine: (() => void) | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      lines.push(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      onLine?.();
    }
  });
  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const line = lines.shift();
        if (line !== undefined) resolve(line);
      };
      onLine = check;
      child.once('exit', (code) => reject(new Error(`A's load process exited with ${code}`)));
      check();
    });
  return nextLine().then(() => ({
    stop: async () => {
      const done = nextLine();
      child.stdin.end();
      return JSON.parse(await done) as LoadStats;
    },
  }));
}
