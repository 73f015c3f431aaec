/**
 * The execution service in its own process for bench/hosted-execute.ts: embedded store in a
 * temporary directory, the messaging family pointed at the vendor fake named on the command line,
 * one application and one messaging connector created through the HTTP API. Prints one JSON line
 * (`{url, clientId, clientSecret, connectorId, externalUserId}`) when ready and shuts down when
 * its stdin closes.
 *
 *   node --import tsx bench/lib/service-child.ts <vendor base url> <api token>
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startService, tuneServiceProcess } from '@switchyard/server';

// What `switchyard serve` does before it starts the service (packages/server/src/process-tuning.ts).
tuneServiceProcess();
const [vendorUrl, apiToken] = process.argv.slice(2);
if (!vendorUrl || !apiToken) throw new Error('usage: service-child.ts <vendor base url> <api token>');
const adminToken = randomBytes(24).toString('base64url');
const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-bench-service-'));
const config = loadConfig(
  { dataDir, port: 0, vendorBaseUrls: [`messaging=${vendorUrl}`] },
  // The benchmark sends thousands of requests a minute from one principal.
  { SWITCHYARD_ADMIN_TOKEN: adminToken, SWITCHYARD_LOG_LEVEL: 'silent', SWITCHYARD_RATE_LIMIT_MAX: '10000000' },
);
const service = await startService(config, { log: false });

async function call(path: string, token: string | undefined, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, string>;
}

const externalUserId = 'bench-user';
const app = await call('/api/v1/admin/applications', adminToken, { name: 'bench' });
const appToken = await call('/api/v1/account/applications/token', undefined, {
  client_id: app['client_id'],
  client_secret: app['client_secret'],
});
const connector = await call('/v1/integrations/connectors', appToken['access_token'], {
  external_user_id: externalUserId,
  connector_type: 'messaging',
  name: 'bench',
  credentials: { api_token: apiToken },
  replication_config: { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false },
});
// The first sync starts at creation; let it finish so the measurement is the execute path alone,
// not execute competing with a sync writing to the same embedded store.
const settleBy = Date.now() + 60_000;
for (;;) {
  const view = await fetch(`${service.url}/api/v1/connectors/sources/${connector['id']}`, {
    headers: { authorization: `Bearer ${appToken['access_token']}` },
  }).then((r) => r.json() as Promise<{ sync_status?: string }>);
  if (view.sync_status !== 'pending' && view.sync_status !== 'syncing') break;
  if (Date.now() > settleBy) throw new Error(`the first sync did not settle within 60 s (${view.sync_status})`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
process.stdout.write(
  `${JSON.stringify({ url: service.url, clientId: app['client_id'], clientSecret: app['client_secret'], connectorId: connector['id'], externalUserId })}\n`,
);
process.stdin.resume();
process.stdin.once('end', () => {
  void service
    .close()
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});
