/**
 * Fairness between tenants in the sync queue, as the trial behind it went: tenant A's three
 * recruiting connectors sync from a vendor answering each page after 4 s, and tenant B creates a
 * messaging connector on a fast vendor. How long does B's first sync take while A's syncs go on,
 * against B's first sync with nothing else running (same service, same run)?
 *
 * The service runs as `switchyard serve` does by default (embedded store, in-process runner, two
 * runs at once, default turn), started in this process; everything goes through its HTTP API.
 * The vendor fakes (test/fakes) run here too; the figure is wall-clock time to `ready`, dominated
 * by A's 4 s pages, not by CPU.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startService } from '@switchyard/server';
import { startGreenhouseFake } from '../test/fakes/greenhouse.js';
import { startSlackFake } from '../test/fakes/slack.js';
import type { Result } from './lib/result.js';
import { median, ms, progress } from './lib/stats.js';

/** The trial's vendor: every page after 4 s. */
const SLOW_PAGE_MS = 4_000;
/** The trial's target for B's first sync while A syncs. */
const TARGET_MS = 10_000;
const RUNS = 3;
const A_CONNECTORS = 3;

export async function run(): Promise<Result> {
  const greenhouse = await startGreenhouseFake({ candidates: 1_500, applications: 2_000, record: false });
  greenhouse.failNext(/^\/v1\//, { kind: 'delay', ms: SLOW_PAGE_MS }, 1_000_000);
  const slack = await startSlackFake({ users: 45, channels: 12, record: false });
  const adminToken = randomBytes(24).toString('base64url');
  const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-bench-fairness-'));
  const service = await startService(
    loadConfig(
      { dataDir, port: 0, vendorBaseUrls: [`recruiting=${greenhouse.url}/v1`, `messaging=${slack.url}/api`] },
      { SWITCHYARD_ADMIN_TOKEN: adminToken, SWITCHYARD_LOG_LEVEL: 'silent', SWITCHYARD_RATE_LIMIT_MAX: '10000000' },
    ),
    { log: false },
  );
  try {
    const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
      const response = await fetch(`${service.url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const tenant = async (name: string) => {
      const app = await call('POST', '/api/v1/admin/applications', adminToken, { name });
      const token = await call('POST', '/api/v1/account/applications/token', undefined, {
        client_id: app['client_id'],
        client_secret: app['client_secret'],
      });
      return String(token['access_token']);
    };
    const a = await tenant('tenant A');
    const b = await tenant('tenant B');
    const create = async (token: string, type: 'recruiting' | 'messaging', user: string) =>
      String(
        (
          await call('POST', '/v1/integrations/connectors', token, {
            external_user_id: user,
            connector_type: type,
            name: `${type} of ${user}`,
            credentials: type === 'recruiting' ? { api_key: 'gh_test_key' } : { api_token: 'xoxb-test-token' },
            replication_config:
              type === 'messaging' ? { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false } : {},
          })
        )['id'],
      );
    const syncStatus = async (token: string, id: string) =>
      String((await call('GET', `/api/v1/connectors/sources/${id}`, token))['sync_status']);
    /** B creates a connector; ms until its first sync is ready. */
    const firstSync = async (): Promise<number> => {
      const started = performance.now();
      const id = await create(b, 'messaging', 'b-user');
      while ((await syncStatus(b, id)) !== 'ready') {
        if (performance.now() - started > 120_000) throw new Error('B’s first sync did not complete within 120 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return performance.now() - started;
    };

    const alone: number[] = [];
    for (let i = 0; i < RUNS; i++) alone.push(await firstSync());
    progress(`B alone: ${alone.map(ms).join(', ')}`);

    const aIds: string[] = [];
    for (let i = 0; i < A_CONNECTORS; i++) aIds.push(await create(a, 'recruiting', 'a-user'));
    // A holds both slots and its runs are past their turn, as in the trial.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const contended: number[] = [];
    for (let i = 0; i < RUNS; i++) contended.push(await firstSync());
    progress(`B while A syncs: ${contended.map(ms).join(', ')}`);
    const aStates = await Promise.all(aIds.map((id) => syncStatus(a, id)));
    if (aStates.every((s) => s === 'ready')) throw new Error('A’s syncs had finished: the measurement did not overlap them');

    const worst = Math.max(...contended);
    const figure = median(contended);
    const baseline = median(alone);
    return {
      name: 'sync-fairness',
      rows: [
        {
          question: `Sync fairness: a new tenant's first sync while another tenant's ${A_CONNECTORS} connectors sync from a vendor answering in 4 s per page`,
          figure: `median ${ms(figure)}, max ${ms(worst)} (${RUNS} runs)`,
          baseline: `alone median ${ms(baseline)}`,
          ratio: figure / baseline,
          target: `max < ${TARGET_MS / 1000} s`,
          met: worst < TARGET_MS,
          method:
            'switchyard serve defaults (embedded store, in-process runner, 2 runs at once, 5 s turns) in this process, driven through ' +
            `its HTTP API; tenant A's ${A_CONNECTORS} recruiting connectors on a Greenhouse fake delaying every page ${SLOW_PAGE_MS / 1000} s ` +
            '(about a minute of work each), tenant B creating a messaging connector on a fast Slack fake and polling its status every ' +
            "100 ms until ready; B alone first, then B 7 s after A's syncs started, while they still run.",
        },
      ],
      notes: [
        `B alone: ${alone.map(ms).join(', ')}`,
        `B while A syncs: ${contended.map(ms).join(', ')}`,
        `A at the end: ${aStates.join(', ')}`,
      ],
      data: { alone, contended, slowPageMs: SLOW_PAGE_MS },
    };
  } finally {
    // A's runs are mid-page: close lets them finish it and checkpoint (up to one slow page).
    await service.close();
    await greenhouse.close();
    await slack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
