/**
 * The execution service end to end, with nothing to install and no real vendor: it starts the
 * service in this process on the embedded store (a temporary data directory), points the
 * messaging connector family at the bundled Slack fake, then does over HTTP what a platform does:
 * create an application, get tokens, create a connector, wait for its first sync, search it. It
 * prints the curl commands to try the running service yourself and serves until Ctrl-C.
 *
 *   tsx test/example/hosted-quickstart.ts           # demo, then keep serving
 *   tsx test/example/hosted-quickstart.ts --once    # demo, then shut down
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startService, untilShutdownSignal } from '@switchyard/server';
import { startSlackFake } from '../fakes/slack.js';

const once = process.argv.includes('--once');
// From the start: Ctrl-C during the demo stops it too, and still removes the data directory.
const stopped = untilShutdownSignal();
const SLACK_TOKEN = 'xoxb-demo-token';
const adminToken = randomBytes(24).toString('base64url');

const slack = await startSlackFake({ token: SLACK_TOKEN, users: 45, channels: 6, messagesPerChannel: 12 });
const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-quickstart-'));
const config = loadConfig(
  { dataDir, port: 0, vendorBaseUrls: [`messaging=${slack.url}/api`] },
  { SWITCHYARD_ADMIN_TOKEN: adminToken, SWITCHYARD_LOG_LEVEL: 'warn' },
);
const service = await startService(config, { log: { level: 'warn', stream: process.stderr } });
const base = service.url;

async function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return parsed;
}

/** Closes everything and removes the data directory, whatever failed before. */
async function shutDown(): Promise<void> {
  try {
    await service.close();
    await slack.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function demo(): Promise<void> {
  console.log(`Switchyard execution service on ${base} (embedded store in ${dataDir}; messaging → the Slack fake at ${slack.url})\n`);

  // 1. The operator creates a platform application (admin API; the secret is shown once).
  const app = await call('POST', '/api/v1/admin/applications', adminToken, { name: 'quickstart' });
  console.log(`1. application ${app.application_id}: client_id ${app.client_id}`);

  // 2. The application exchanges its client credentials for an application token …
  const appToken = await call('POST', '/api/v1/account/applications/token', undefined, {
    client_id: app.client_id,
    client_secret: app.client_secret,
  });
  // … and asks for a token scoped to one of its end users.
  const scoped = await call('POST', '/api/v1/embedded/scoped-token', appToken.access_token, { external_user_id: 'user-42' });
  console.log(`2. application token and scoped token for external user "user-42" (each valid ${scoped.expires_in / 60} minutes)`);

  // 3. A messaging connector for that user; `check: true` verifies the credentials with one live read.
  // The scoped token names its external user, so the body need not repeat it.
  const connector = await call('POST', '/v1/integrations/connectors', scoped.access_token, {
    connector_type: 'messaging',
    name: 'Acme Slack',
    credentials: { api_token: SLACK_TOKEN },
    replication_config: { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false },
    check: true,
  });
  console.log(`3. connector ${connector.id} created, sync_status ${connector.sync_status}`);

  // 4. Its first sync copies the searchable entities (channels, users) into the store.
  let view = connector;
  const deadline = Date.now() + 60_000;
  while (view.sync_status !== 'ready') {
    if (view.sync_status === 'failed' || Date.now() > deadline) throw new Error(`sync did not finish: ${JSON.stringify(view.entities)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    view = await call('GET', `/api/v1/connectors/sources/${connector.id}`, scoped.access_token);
  }
  const counts = view.entities.map((e: { entity: string; records: number }) => `${e.records} ${e.entity}`).join(', ');
  console.log(`4. first sync ready: ${counts}`);

  // 5. Search the synced copy: a misspelt, reordered name still finds the person (fuzzy).
  const person = slack.data.users.find((u) => !u.is_bot && !u.deleted && u.real_name && u.real_name.includes(' '))!;
  const [first, last] = person.real_name!.split(' ');
  const typo = `${last} ${first!.slice(0, -2)}${first!.slice(-1)}${first!.slice(-2, -1)}`.toLowerCase();
  const searchBody = {
    entity: 'users',
    action: 'search',
    params: {
      query: { filter: { and: [{ fuzzy: { real_name: typo } }, { eq: { is_bot: false } }] } },
      limit: 3,
      fields: ['real_name', 'tz'],
    },
  };
  const found = await call('POST', `/api/v1/connectors/sources/${connector.id}/execute`, scoped.access_token, searchBody);
  console.log(`5. search users for ${JSON.stringify(typo)} → ${found.hits.length} hit(s) in ${found.took_ms} ms:`);
  for (const hit of found.hits) console.log(`     ${hit.id}  score ${hit.score.toFixed(2)}  ${JSON.stringify(hit.data)}`);

  // 6. The same connector runs live vendor actions too, with the same {data, meta} shape as open-source mode.
  const live = await call('POST', `/api/v1/connectors/sources/${connector.id}/execute`, scoped.access_token, {
    entity: 'channels',
    action: 'list',
    params: { limit: 3 },
  });
  console.log(`6. channels.list (live, through the service) → ${live.data.length} channels, meta ${JSON.stringify(live.meta)}`);

  const token = scoped.access_token as string;
  console.log(`
Try it yourself while this runs (the scoped token is valid for 15 minutes):

  export SY=${base}
  export TOKEN=${token}

  curl -s $SY/api/v1/connectors/sources -H "Authorization: Bearer $TOKEN"
  curl -s $SY/api/v1/connectors/sources/${connector.id}/execute -H "Authorization: Bearer $TOKEN" \\
       -H 'Content-Type: application/json' \\
       -d '${JSON.stringify({ entity: 'users', action: 'search', params: { query: { filter: { like: { name: 'a%' } }, sort: [{ name: 'asc' }] }, limit: 5, fields: ['name'] } })}'
  curl -s $SY/api/v1/connectors/sources/${connector.id}/execute -H "Authorization: Bearer $TOKEN" \\
       -H 'Content-Type: application/json' -d '{"entity":"users","action":"list","params":{"limit":2}}'

  # fresh tokens: client credentials → application token → scoped token
  APP_TOKEN=$(curl -s $SY/api/v1/account/applications/token -H 'Content-Type: application/json' \\
       -d '{"client_id":"${app.client_id}","client_secret":"${app.client_secret}"}' | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/')
  curl -s $SY/api/v1/embedded/scoped-token -H "Authorization: Bearer $APP_TOKEN" \\
       -H 'Content-Type: application/json' -d '{"external_user_id":"user-42"}'

API reference: ${base}/docs   OpenAPI: ${base}/openapi.json   Connector types: ${base}/api/v1/connector-types
`);
}

const running = demo();
// After a Ctrl-C mid-demo its remaining calls fail on the closed service: expected, not an error.
running.catch(() => undefined);
try {
  const first = await Promise.race([running.then(() => 'done' as const), stopped.then(() => 'signal' as const)]);
  if (first === 'done' && !once) {
    console.log('Serving until Ctrl-C (the data directory is removed on exit).');
    await stopped;
  }
} finally {
  await shutDown();
}
console.log(`Stopped: the service is closed and ${dataDir} is removed.`);
