/**
 * Crash recovery on PostgreSQL with the processes users start (`switchyard serve`, `switchyard
 * worker`, the built bin), default heartbeat and lease settings, one database:
 *
 * - a worker killed (SIGKILL) mid-sync: the other worker resumes the run from its checkpoint
 *   within 20 s of the death and finishes it;
 * - a worker frozen (SIGSTOP; its process is still there, so only its lease can tell): the other
 *   takes over once the lease lapses, and the frozen one, woken, learns it was taken for dead and
 *   cannot move the checkpoint any more;
 * - the only `serve` process killed mid-sync: while it is dead the status shows the run open but
 *   no rate; restarted, it resumes from the checkpoint by itself within 20 s, and `POST …/sync`
 *   then answers 202.
 *
 * Every time: each vendor page fetched at most twice (the page in flight at the death), every
 * record stored exactly once. Needs SWITCHYARD_TEST_DATABASE_URL (a role that may create
 * databases): the suite uses a database of its own.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import {
  createConnectorRepository,
  createSyncService,
  migrate,
  openPostgresEngine,
  type ConnectorRecord,
  type SqlEngine,
} from '../src/index.js';
import { KeyRing } from '../src/crypto/key-ring.js';
import { parseMasterKeys } from '../src/crypto/master-key.js';
import { createThrowawayDatabase, postgresUrl, type ThrowawayDatabase } from './support/engines.js';
import { copiedIds, sortedIds, waitFor } from './support/sync-harness.js';
import { killAll, startSwitchyard, type SwitchyardProcess } from './support/switchyard-process.js';
import { examplePackage } from './support/example-package.js';

const { metadata: messaging } = await examplePackage('messaging');

if (!postgresUrl) console.info('[switchyard/server] SWITCHYARD_TEST_DATABASE_URL is not set: the crash recovery suite is skipped.');

const ADMIN = 'admin-token-for-crash-tests';
const USERS = 4_000;
/** users.list pages: the connector always sends `limit`, 200 by default (specs/messaging.yaml). */
const PAGE = 200;
const PAGES = Math.ceil(USERS / PAGE);
const PAGE_DELAY_MS = 300;
/** The bound: a dead worker's sync is taken over within 20 s of its death (or of the restart). */
const TAKEOVER_MS = 20_000;

describe.skipIf(!postgresUrl)('crash recovery with switchyard processes on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let engine: SqlEngine;
  let slack: SlackFake;
  let env: Record<string, string>;
  const masterKey = randomBytes(32).toString('base64');
  let started: SwitchyardProcess[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase('crash');
    engine = openPostgresEngine({ connectionString: database.url, maxConnections: 4 });
    await migrate(engine);
    slack = await startSlackFake({ users: USERS, channels: 4 });
    env = { DATABASE_URL: database.url, SWITCHYARD_MASTER_KEY: masterKey, SWITCHYARD_ADMIN_TOKEN: ADMIN };
  }, 60_000);
  afterEach(async () => {
    await killAll(started);
    started = [];
  }, 30_000);
  afterAll(async () => {
    await killAll(started);
    await engine?.close();
    await slack?.close();
    await database?.drop();
  }, 60_000);

  const vendor = () => ['--vendor-base-url', `messaging=${slack.url}/api`];
  const serve = (extra: Record<string, string> = {}) =>
    startSwitchyard('serve', ['--port', '0', ...vendor()], { ...env, ...extra }, started);
  const worker = () => startSwitchyard('worker', vendor(), env, started);

  async function call(url: string, method: string, path: string, token: string | undefined, body?: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** An application and a messaging connector on the Slack fake, made through the API; its first sync starts. */
  async function newConnector(url: string): Promise<{ id: string; token: string }> {
    const app = (await call(url, 'POST', '/api/v1/admin/applications', ADMIN, { name: 'crash' })).body;
    const token = String(
      (
        await call(url, 'POST', '/api/v1/account/applications/token', undefined, {
          client_id: app['client_id'],
          client_secret: app['client_secret'],
        })
      ).body['access_token'],
    );
    const created = await call(url, 'POST', '/v1/integrations/connectors', token, {
      external_user_id: 'crash-user',
      connector_type: 'messaging',
      name: 'crash',
      credentials: { api_token: 'xoxb-test-token' },
      replication_config: { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: String(created.body['id']), token };
  }

  const status = async (url: string, id: string, token: string) => (await call(url, 'GET', `/api/v1/connectors/sources/${id}`, token)).body;
  /** Polls the connector view until its sync is ready, five times a second (the API's rate limit is 600 a minute). */
  async function untilReady(url: string, id: string, token: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    while ((await status(url, id, token))['sync_status'] !== 'ready') {
      if (Date.now() > deadline) throw new Error('timed out waiting for the sync to be ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const usersRequests = () => slack.requests.filter((r) => r.path === '/api/users.list');
  /** The users page a request asked for, by its cursor ('' for the first). */
  const cursorOf = (r: { query: Record<string, unknown> }) => String(r.query['cursor'] ?? '');

  /** The process whose last users run of the connector started and has not ended. */
  const running = (id: string) =>
    started.find((p) => {
      if (p.child.exitCode !== null || p.child.signalCode !== null) return false;
      const events = p.logs.filter((l) => l['connector_id'] === id && l['entity'] === 'users');
      return events.at(-1)?.['msg'] === 'sync run started';
    });

  const connectors = () => createConnectorRepository(engine, new KeyRing(parseMasterKeys(masterKey, 'test key')));
  async function record(id: string): Promise<ConnectorRecord> {
    const rows = await engine.query<{ application_id: string }>('SELECT application_id FROM sy_connectors WHERE id = $1', [id]);
    return (await connectors().get({ kind: 'application', applicationId: rows[0]!.application_id }, id))!;
  }

  /** Each page at most twice (the one in flight at the death), all pages, every record once. */
  async function expectExactlyOnce(id: string): Promise<void> {
    const counts = new Map<string, number>();
    for (const r of usersRequests()) counts.set(cursorOf(r), (counts.get(cursorOf(r)) ?? 0) + 1);
    expect(counts.size).toBe(PAGES);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    expect(usersRequests().length).toBeLessThanOrEqual(PAGES + 1);
    const rows = await engine.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM sy_records WHERE connector_id = $1 AND entity = 'users'",
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(USERS);
    expect(await copiedIds(engine, await record(id), 'users')).toEqual(sortedIds(slack.data.users));
  }

  function slowPages(): void {
    slack.reset();
    slack.failNext('/api/users.list', { kind: 'delay', ms: PAGE_DELAY_MS }, 100_000);
  }

  it('a worker killed mid-sync: the other one resumes from the checkpoint within 20 s and finishes', async () => {
    const api = await serve({ SWITCHYARD_SYNC_CONCURRENCY: '0' });
    await Promise.all([worker(), worker()]);
    slowPages();
    const { id, token } = await newConnector(api.url);
    await waitFor('a third of the pages', async () => (usersRequests().length >= PAGES / 3 ? true : undefined), 60_000);
    const victim = await waitFor('the worker running the sync', async () => running(id), 10_000);
    const survivor = started.find((p) => p !== victim && p !== api)!;
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(usersRequests().length).toBeLessThan(PAGES);

    await untilReady(api.url, id, token);
    const resumed = survivor.logs.find(
      (l) => l.at >= killedAt && l['connector_id'] === id && l['entity'] === 'users' && l['msg'] === 'sync run started',
    );
    expect(resumed, 'the survivor resumed the run').toBeDefined();
    expect(resumed!.at - killedAt).toBeLessThan(TAKEOVER_MS);
    expect(survivor.logs.some((l) => l['connector_id'] === id && l['msg'] === 'sync run ended' && l['outcome'] === 'completed')).toBe(true);
    await expectExactlyOnce(id);
  }, 120_000);

  it('a frozen worker: the other takes over once its lease lapses; woken, it stops without moving the checkpoint', async () => {
    const api = await serve({ SWITCHYARD_SYNC_CONCURRENCY: '0' });
    await Promise.all([worker(), worker()]);
    slowPages();
    const { id, token } = await newConnector(api.url);
    await waitFor('a quarter of the pages', async () => (usersRequests().length >= PAGES / 4 ? true : undefined), 60_000);
    const frozen = await waitFor('the worker running the sync', async () => running(id), 10_000);
    const other = started.find((p) => p !== frozen && p !== api)!;
    frozen.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await untilReady(api.url, id, token);
    const resumed = other.logs.find(
      (l) => l.at >= frozenAt && l['connector_id'] === id && l['entity'] === 'users' && l['msg'] === 'sync run started',
    );
    expect(resumed, 'the other worker resumed the run').toBeDefined();
    // Not before the lease (10 s by default) lapsed: the frozen process was still there.
    expect(resumed!.at - frozenAt).toBeGreaterThan(8_000);
    expect(resumed!.at - frozenAt).toBeLessThan(TAKEOVER_MS);
    const requestsAtReady = usersRequests().length;

    frozen.child.kill('SIGCONT');
    await waitFor('the woken worker to learn it was taken for dead', async () =>
      frozen.logs.some((l) => String(l['msg']).includes('taken for dead')) ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // At most the page it had in flight came back; it fetched nothing more and the copy is intact.
    expect(usersRequests().length).toBe(requestsAtReady);
    expect((await status(api.url, id, token))['sync_status']).toBe('ready');
    await expectExactlyOnce(id);
  }, 120_000);

  it('the only serve process killed mid-sync: no rate while it is dead; restarted, it resumes from the checkpoint within 20 s', async () => {
    const first = await serve();
    slowPages();
    const { id, token } = await newConnector(first.url);
    await waitFor('page 10', async () => (usersRequests().length >= 10 ? true : undefined), 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const requestsAtKill = usersRequests().length;

    // While dead: the run is open and shows as syncing, but with no rate (nothing is running it).
    const observer = createSyncService({
      engine,
      connectors: connectors(),
      catalog: new Map([['messaging', messaging]]),
    });
    const dead = await observer.status(await record(id));
    const users = dead.entities.find((e) => e.entity === 'users')!;
    expect(users.state).toBe('syncing');
    expect(users.records).toBeGreaterThan(0);
    expect(users.records_per_second).toBeNull();
    const checkpoint = (
      await engine.query<{ page_cursor: string }>(
        "SELECT page_cursor FROM sy_sync_checkpoints WHERE connector_id = $1 AND entity = 'users'",
        [id],
      )
    )[0]!.page_cursor;
    const resumeCursor = String((JSON.parse(checkpoint) as { next: unknown }).next);

    const second = await serve();
    const restartedAt = Date.now();
    // Nothing asks it to: the restarted process takes the dead worker's run over once its lease has
    // lapsed. (A POST …/sync here raced that takeover: when it came after the run was taken over,
    // it queued the documented follow-up run behind it, a whole second run of every page.)
    await untilReady(second.url, id, token);
    const resumed = second.logs.find((l) => l['connector_id'] === id && l['entity'] === 'users' && l['msg'] === 'sync run started');
    expect(resumed!.at - restartedAt).toBeLessThan(TAKEOVER_MS);
    // From the checkpoint: the first page asked for after the restart is the checkpoint's.
    expect(cursorOf(usersRequests()[requestsAtKill]!)).toBe(resumeCursor);
    await expectExactlyOnce(id);
    // And the restarted service takes triggers as before.
    expect((await call(second.url, 'POST', `/api/v1/connectors/sources/${id}/sync`, token, {})).status).toBe(202);
  }, 120_000);
});
