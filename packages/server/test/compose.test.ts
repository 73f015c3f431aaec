/**
 * The composition root (src/compose.ts): execute and the sync engine run a connector on one
 * executor, so they share its OAuth token manager (and its connection pool and rate spacing). Seen
 * from the vendor: a Harvest v3 connector (OAuth client credentials) fetches one token for an
 * execute and a whole sync, where a sync with an executor of its own fetched a second one.
 *
 * @module-tag connector/recruiting
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseV3Fake, type GreenhouseV3Fake } from '../../../test/fakes/greenhouse/v3.js';
import { buildServiceParts, type ServiceParts } from '../src/compose.js';
import type { ConnectorRecord, SyncService, SyncStatusView } from '../src/service-types.js';
import { openTestPglite } from './support/pglite-template.js';

const CLIENT_ID = 'gh_v3_client_compose';
const CLIENT_SECRET = 'gh_v3_secret_compose_5f0e9a';
const TOKEN_URL = 'https://auth.greenhouse.io/token';

let fake: GreenhouseV3Fake;
let parts: ServiceParts;
let record: ConnectorRecord;

beforeAll(async () => {
  fake = await startGreenhouseV3Fake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, candidates: 12 });
  // The token endpoint is absolute (auth.greenhouse.io): routed to the fake, as the operator's proxy would.
  const routed: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url === TOKEN_URL ? `${fake.url}/token` : url, init);
  };
  parts = await buildServiceParts(await openTestPglite(), {
    masterKey: randomBytes(32).toString('base64'),
    vendorBaseUrls: { recruiting: `${fake.url}/v3` },
    transport: { fetch: routed, retry: { initialDelayMs: 1, maxDelayMs: 5 } },
    sync: { schedule: { checkEveryMs: 3_600_000 }, concurrency: 1 },
  });
  const app = await parts.tenancy.createApplication('compose');
  record = await parts.connectors.create({
    applicationId: app.application_id,
    externalUserId: 'user-1',
    connectorType: 'recruiting',
    name: 'harvest v3',
    credentials: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    config: {},
    replicationConfig: {},
  });
}, 60_000);

/** The connector's status once every entity has left pending/syncing. */
async function settled(sync: SyncService, connector: ConnectorRecord, timeoutMs: number): Promise<SyncStatusView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await sync.status(connector);
    if (status.entities.every((e) => e.state === 'ready' || e.state === 'failed')) return status;
    if (Date.now() > deadline) throw new Error(`the sync did not settle: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  await parts?.sync.stop();
  await parts?.engine.close();
  await fake?.close();
});

describe('one executor per connector, for execute and sync', () => {
  it('an execute and a whole sync of the connector fetch one OAuth token between them', async () => {
    const principal = { kind: 'application' as const, applicationId: record.applicationId };
    const outcome = await parts.execution.execute(principal, record, { entity: 'departments', action: 'list', params: {} });
    expect(outcome.kind).toBe('json');
    expect(fake.tokenRequests).toHaveLength(1);

    await parts.sync.start();
    await parts.sync.requestSync(record);
    const status = await settled(parts.sync, record, 120_000);
    expect(status.entities.filter((e) => e.state === 'ready').length).toBeGreaterThan(0);
    expect(fake.requests.filter((r) => r.path !== '/token').length).toBeGreaterThan(1);
    // The sync ran on the executor execute built: its token manager already held a valid token.
    expect(fake.tokenRequests).toHaveLength(1);
    expect(parts.executors.size).toBe(1);
  }, 150_000);
});
