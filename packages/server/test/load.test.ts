/**
 * A bounded load test on loopback over the real service (production wiring: tenancy, encrypted
 * credentials, SQL repository, the in-process sync engine, execution, PGlite): two tenants run
 * executes and searches concurrently while a sync writes one tenant's copy. Every answer must be
 * the expected one (zero errors), and no search may ever return the other tenant's records.
 *
 * The two copies are told apart by their content: the Slack fake's users carry `tz: Tenant/B`
 * while tenant B's connector makes its first sync, then `tz: Tenant/A` for tenant A's, so a hit
 * from the wrong copy is visible in its data.
 *
 * @module-tag connector/messaging
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { startHarness, type Harness, type Reply } from './http-harness.js';

const USERS = 600;
const DURATION_MS = 3_000;
const MIN_REQUESTS = 48;
const MAX_REQUESTS = 1_500;
const WORKERS = 8;
const REPLICATION = { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false };

let slack: SlackFake;
let h: Harness;

beforeAll(async () => {
  slack = await startSlackFake({ users: USERS, channels: 6, messagesPerChannel: 2, record: false });
  h = await startHarness({
    vendorBaseUrls: { messaging: `${slack.url}/api` },
    startSync: true,
    logLevel: 'silent',
    limits: { rateLimitMax: 100_000 },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await slack?.close();
});

function setTimeZone(tz: string): void {
  for (const user of slack.data.users as { tz?: string }[]) user.tz = tz;
}

async function createConnector(token: string, externalUserId: string): Promise<string> {
  const reply = await h.request('POST', '/v1/integrations/connectors', {
    token,
    json: {
      external_user_id: externalUserId,
      connector_type: 'messaging',
      credentials: { api_token: 'xoxb-test-token' },
      replication_config: REPLICATION,
    },
  });
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.body.id as string;
}

/** Polls the connector until every entity has finished a sync since `after` (bounded). */
async function waitForSync(token: string, id: string, after = ''): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const reply = await h.request('GET', `/api/v1/connectors/sources/${id}`, { token });
    const entities = reply.body.entities as { state: string; last_synced_at: string | null }[];
    if (entities.some((e) => e.state === 'failed')) throw new Error(`sync failed: ${reply.text}`);
    if (entities.length > 0 && entities.every((e) => e.state === 'ready' && (e.last_synced_at ?? '') > after)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sync of ${id} did not finish`);
}

it('concurrent executes and searches of two tenants while a sync writes: zero errors, zero cross-tenant results', async () => {
  const appA = await h.application('tenant A');
  const appB = await h.application('tenant B');
  const tokenA = await h.scopedToken(appA.token, 'user-a');
  const tokenB = await h.scopedToken(appB.token, 'user-b');

  setTimeZone('Tenant/B');
  const connectorB = await createConnector(tokenB, 'user-b');
  await waitForSync(tokenB, connectorB);
  setTimeZone('Tenant/A');
  const connectorA = await createConnector(tokenA, 'user-a');
  await waitForSync(tokenA, connectorA);

  // The writer: a new sync of tenant A's copy, running while the load runs. The vendor answers its
  // channel listing slowly (the load never lists channels), so the run cannot finish before the load starts.
  slack.failNext('/api/conversations.list', { kind: 'delay', ms: 1_500 });
  const syncStarted = new Date().toISOString();
  expect((await h.request('POST', `/api/v1/connectors/sources/${connectorA}/sync`, { token: tokenA })).status).toBe(202);

  const search = (cursorless: boolean) => ({
    entity: 'users',
    action: 'search',
    params: {
      query: { filter: { or: [{ like: { name: '%a%' } }, { eq: { is_bot: false } }] }, sort: [{ name: 'asc' }] },
      limit: cursorless ? 50 : 20,
    },
  });
  type Check = (reply: Reply) => string | null;
  const tenantOf = (reply: Reply): Set<string> => new Set((reply.body?.hits ?? []).map((hit: { data: { tz?: string } }) => hit.data.tz));
  const searchOk =
    (tz: string): Check =>
    (reply) => {
      if (reply.status !== 200) return `search: HTTP ${reply.status} ${reply.text.slice(0, 200)}`;
      if (reply.body.hits.length === 0) return 'search: no hits';
      const zones = [...tenantOf(reply)];
      return zones.every((z) => z === tz) ? null : `CROSS-TENANT search result: ${zones.join(', ')} in ${tz}'s search`;
    };
  const executeOk: Check = (reply) =>
    reply.status === 200 && Array.isArray(reply.body.data) && reply.body.data.length === 5
      ? null
      : `execute: HTTP ${reply.status} ${reply.text.slice(0, 200)}`;
  const notFound: Check = (reply) =>
    reply.status === 404 && reply.body.code === 'not_found' ? null : `CROSS-TENANT execute: HTTP ${reply.status}`;
  const list = { entity: 'users', action: 'list', params: { limit: 5 } };

  const mix: [token: string, id: string, body: unknown, check: Check][] = [
    [tokenA, connectorA, search(true), searchOk('Tenant/A')],
    [tokenB, connectorB, search(true), searchOk('Tenant/B')],
    [tokenA, connectorA, search(false), searchOk('Tenant/A')],
    [tokenB, connectorB, search(false), searchOk('Tenant/B')],
    [tokenA, connectorA, list, executeOk],
    [tokenB, connectorB, list, executeOk],
    // Each tenant probing the other's connector id, for search and for execute.
    [tokenA, connectorB, search(true), notFound],
    [tokenB, connectorA, list, notFound],
  ];

  const errors: string[] = [];
  const counts = { requests: 0, searches: 0, executes: 0, probes: 0 };
  const loadStarted = new Date().toISOString();
  const deadline = Date.now() + DURATION_MS;
  let next = 0;
  async function worker(): Promise<void> {
    // At least MIN_REQUESTS whatever the machine's speed (so the test is never vacuous), more while time is left.
    while ((counts.requests < MIN_REQUESTS || Date.now() < deadline) && counts.requests < MAX_REQUESTS) {
      const [token, id, body, check] = mix[next++ % mix.length]!;
      counts.requests += 1;
      const kind = check === notFound ? 'probes' : (body as { action: string }).action === 'search' ? 'searches' : 'executes';
      counts[kind] += 1;
      const problem = check(await h.request('POST', `/api/v1/connectors/sources/${id}/execute`, { token, json: body }));
      if (problem) errors.push(problem);
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, () => worker()));

  expect(errors.slice(0, 5)).toEqual([]);
  expect(counts.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
  expect(Math.min(counts.searches, counts.executes, counts.probes)).toBeGreaterThanOrEqual(MIN_REQUESTS / 8);
  // The writer was still running when the load started, and left tenant A's copy whole.
  await waitForSync(tokenA, connectorA, syncStarted);
  const view = await h.request('GET', `/api/v1/connectors/sources/${connectorA}`, { token: tokenA });
  const entities = view.body.entities as { entity: string; records: number; last_synced_at: string }[];
  expect(
    entities
      .map((e) => e.last_synced_at)
      .sort()
      .at(-1)! > loadStarted,
  ).toBe(true);
  expect(entities.find((e) => e.entity === 'users')!.records).toBe((slack.data.users as unknown[]).length);
}, 60_000);
