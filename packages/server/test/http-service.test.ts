/**
 * The production wiring (`startService`: embedded store on disk, key file, pino logging) driven
 * over HTTP: no secret reaches a log line, and shutdown lets an in-flight request finish.
 *
 * @module-tag connector/messaging
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { loadConfig } from '../src/config.js';
import { startService, type RunningService } from '../src/service.js';
import { openPgliteEngine } from '../src/store/pglite-engine.js';

const ADMIN_TOKEN = 'admin-secret-token-abcdefghijklmnop';
const MASTER_KEY = randomBytes(32).toString('base64');
const SLACK_TOKEN = 'xoxb-test-token';
const WRONG_SLACK_TOKEN = 'xoxb-wrong-token-that-must-not-leak';
const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };

let slack: SlackFake;
let dataDir: string;
let service: RunningService;
const logs: string[] = [];

async function call(
  method: string,
  path: string,
  token?: string,
  json?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  slack = await startSlackFake({ users: 5, channels: 2, messagesPerChannel: 2 });
  dataDir = await mkdtemp(join(tmpdir(), 'switchyard-service-'));
  const config = loadConfig(
    { dataDir, port: 0, vendorBaseUrls: [`messaging=${slack.url}/api`] },
    { SWITCHYARD_ADMIN_TOKEN: ADMIN_TOKEN, SWITCHYARD_MASTER_KEY: MASTER_KEY },
  );
  service = await startService(config, { log: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } } });
}, 90_000);

afterAll(async () => {
  await service?.close();
  await slack?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('log redaction', () => {
  it('no token, client secret, credential or master key appears in any log line, at trace level', async () => {
    const created = await call('POST', '/api/v1/admin/applications', ADMIN_TOKEN, { name: 'log test' });
    expect(created.status).toBe(201);
    const appToken = await call('POST', '/api/v1/account/applications/token', undefined, {
      client_id: created.body.client_id,
      client_secret: created.body.client_secret,
    });
    const scoped = await call('POST', '/api/v1/embedded/scoped-token', appToken.body.access_token, { external_user_id: 'u1' });
    const connector = await call('POST', '/v1/integrations/connectors', scoped.body.access_token, {
      external_user_id: 'u1',
      connector_type: 'messaging',
      credentials: { api_token: SLACK_TOKEN },
      replication_config: replication,
      check: true,
    });
    expect(connector.status).toBe(201);
    const listed = await call('POST', `/api/v1/connectors/sources/${connector.body.id}/execute`, scoped.body.access_token, {
      entity: 'users',
      action: 'list',
      params: { limit: 2 },
    });
    expect(listed.status).toBe(200);
    // A refused credential and a forged token, so the failure paths log too.
    const refused = await call('POST', '/v1/integrations/connectors', appToken.body.access_token, {
      external_user_id: 'u2',
      connector_type: 'messaging',
      credentials: { api_token: WRONG_SLACK_TOKEN },
      replication_config: replication,
      check: true,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await call('GET', '/api/v1/connectors/sources', `${appToken.body.access_token}x`)).status).toBe(401);

    const text = logs.join('');
    // The log really holds these requests, headers included (so redaction had work to do).
    expect(text).toContain('/api/v1/embedded/scoped-token');
    expect(text).toContain('"authorization":"[redacted]"');
    // The executors' per-request debug lines reach the log at this level (the logger says it writes them).
    expect(text).toContain('[switchyard] request');
    for (const secret of [
      ADMIN_TOKEN,
      MASTER_KEY,
      created.body.client_secret,
      appToken.body.access_token,
      scoped.body.access_token,
      SLACK_TOKEN,
      WRONG_SLACK_TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('embedded store', () => {
  it('with SWITCHYARD_MASTER_KEY set, the data directory holds the store and no key file', async () => {
    expect((await stat(join(dataDir, 'store'))).isDirectory()).toBe(true);
    await expect(stat(join(dataDir, 'master.key'))).rejects.toThrow();
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request, writes its audit row before the store closes, then refuses new connections', async () => {
    const app = await service.tenancy.createApplication('shutdown');
    const token = (await service.tenancy.issueApplicationToken(app.client_id, app.client_secret)).access_token;
    const connector = await call('POST', '/v1/integrations/connectors', token, {
      external_user_id: 'u3',
      connector_type: 'messaging',
      credentials: { api_token: SLACK_TOKEN },
      replication_config: replication,
    });
    // Its first sync reads users.list too: let it finish, so the slow answer below is ours.
    await waitUntilAsync(
      async () => (await call('GET', `/api/v1/connectors/sources/${connector.body.id}`, token)).body.sync_status === 'ready',
    );
    slack.reset();
    // The vendor is slow: the execute is still running when shutdown starts.
    slack.failNext('/api/users.list', { kind: 'delay', ms: 800 });
    const intent = 'still running when the shutdown began';
    const inFlight = call(
      'POST',
      `/api/v1/connectors/sources/${connector.body.id}/execute`,
      token,
      { entity: 'users', action: 'list', params: { limit: 1 } },
      { 'x-switchyard-intent': encodeURIComponent(intent) },
    );
    await waitUntil(() => slack.requests.some((r) => r.path === '/api/users.list'));
    const closed = service.close();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    await closed;
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    // The audit row of the call that finished during the shutdown is in the store.
    const store = await openPgliteEngine({ dataDir: join(dataDir, 'store') });
    try {
      const rows = await store.query<{ intent: string; outcome: string }>('SELECT intent, outcome FROM sy_audit WHERE connector_id = $1', [
        connector.body.id,
      ]);
      expect(rows).toContainEqual({ intent, outcome: 'ok' });
    } finally {
      await store.close();
    }
  });
});

async function waitUntilAsync(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
