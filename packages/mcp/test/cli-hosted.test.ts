/**
 * The CLI's service commands as a user types them (run in this process by the bin's own dispatch,
 * and a sample and the terminal cases through the built `switchyard` bin: cli-support.ts) against the real
 * execution service, started as the hosted suite starts it (embedded store, the messaging family
 * pointed at the Slack fake): `login` and profiles (owner-only file in an XDG_CONFIG_HOME of the
 * test's own, `--profile`), `connectors list|create|delete`, `exec --service`, `search`, `sync`
 * and `sync --wait` (NDJSON with --json, the live progress line on a terminal), and the exit
 * codes the service's answers map to. No output shows a credential.
 */
// @module-tag connector/messaging
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../test/fakes/harness.js';
import { deferred } from '../../../test/support/deferred.js';
import { replicationConfig, startHostedService, type HostedService, type JsonSchema } from '../../../test/hosted/service.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { cliRunner, jsonError, sameThroughTheBin } from './cli-support.js';
import { BIN, cleanEnv, envFor, expectNoSecret } from './support.js';

const USER = 'cli-user';
const OTHER = 'cli-other-user';
const messaging = connectors.find((c) => c.name === 'messaging')!.fixture;
const replication = JSON.stringify(replicationConfig(messaging.pkg['replicationSchema'] as JsonSchema));
let fake: FakeServer;
let service: HostedService;
let xdg: string;
let connectorId: string;
const cli = cliRunner(() => ({ XDG_CONFIG_HOME: xdg }));
const appEnv = () => ({ SWITCHYARD_CLIENT_ID: service.application.clientId, SWITCHYARD_CLIENT_SECRET: service.application.clientSecret });
const profileFile = () => join(xdg, 'switchyard', 'profiles.json');

beforeAll(async () => {
  fake = await messaging.start();
  service = await startHostedService({ messaging: messaging.baseUrl(fake) });
  xdg = await mkdtemp(join(tmpdir(), 'switchyard-cli-hosted-'));
}, 60_000);

afterAll(async () => {
  expectNoSecret(cli.outputs.join('\n'), [service.application.clientSecret, ...Object.values(messaging.credentials)]);
  await service?.close();
  await fake?.close();
  await rm(xdg, { recursive: true, force: true });
});

describe('switchyard login', () => {
  it('checks the credentials with the service and stores the profile owner-only in the XDG config directory', async () => {
    const result = await cli(['login', '--service', service.url, '--json'], { env: appEnv() });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: 'default',
      service: service.url,
      client_id: service.application.clientId,
      path: profileFile(),
    });
    expect((await stat(profileFile())).mode & 0o777).toBe(0o600);
    expect((await stat(join(xdg, 'switchyard'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(profileFile(), 'utf8')).profiles.default).toEqual({
      service: service.url,
      client_id: service.application.clientId,
      client_secret: service.application.clientSecret,
    });
  });

  it('--profile names another; the secret can come from stdin', async () => {
    const result = await cli(
      [
        'login',
        '--service',
        `${service.url}/`,
        '--profile',
        'second',
        '--client-id',
        service.application.clientId,
        '--client-secret-stdin',
      ],
      {
        input: `${service.application.clientSecret}\n`,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      `logged in to ${service.url} as ${service.application.clientId}; profile "second" stored in ${profileFile()}\n`,
    );
    const stored = JSON.parse(await readFile(profileFile(), 'utf8')).profiles;
    expect(Object.keys(stored).sort()).toEqual(['default', 'second']);
    expect((await stat(profileFile())).mode & 0o777).toBe(0o600);
  });

  it('exit 3 when the service refuses the credentials, and nothing is stored', async () => {
    const before = await readFile(profileFile(), 'utf8');
    const result = await cli(['login', '--service', service.url, '--profile', 'bad', '--json'], {
      env: { ...appEnv(), SWITCHYARD_CLIENT_SECRET: 'sy_secret_wrong-wrong-wrong' },
    });
    expect(result.code).toBe(3);
    expect(jsonError(result)).toMatchObject({ code: 'unauthorized', retryable: false, class: 'AuthenticationError' });
    expect(await readFile(profileFile(), 'utf8')).toBe(before);
  });

  it('exit 3 (profile) when the profiles folder cannot be made, naming it; the credentials are checked first', async () => {
    const blocked = join(xdg, 'not-a-folder');
    await writeFile(blocked, '');
    const result = await cli(['login', '--service', service.url, '--json'], { env: { ...appEnv(), XDG_CONFIG_HOME: blocked } });
    expect(result.code).toBe(3);
    expect(jsonError(result)).toMatchObject({ code: 'profile', retryable: false });
    expect(jsonError(result).message).toMatch(/^cannot store profiles in .*not-a-folder\/switchyard: ENOTDIR: /);
  });

  it('on a terminal it asks, without echoing the secret', async (context) => {
    if (spawnSync('script', ['--version']).error)
      return context.skip('util-linux script is not installed: no terminal to test the prompt on');
    const child = spawn('script', ['-qec', `${process.execPath} ${BIN} login --service ${service.url} --profile prompted`, '/dev/null'], {
      env: cleanEnv({ XDG_CONFIG_HOME: xdg }),
    });
    let seen = '';
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (seen.includes(text) ? resolve() : setTimeout(check, 20));
        check();
      });
    child.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waitFor('Client id: ');
    child.stdin.write(`${service.application.clientId}\r`);
    await waitFor('Client secret: ');
    child.stdin.write(`${service.application.clientSecret}\r`);
    expect(await exited).toBe(0);
    cli.outputs.push(seen);
    expect(seen).toContain(service.application.clientId);
    expect(seen).toContain('profile "prompted" stored');
    expect(JSON.parse(await readFile(profileFile(), 'utf8')).profiles.prompted.client_secret).toBe(service.application.clientSecret);
  });
});

describe('switchyard connectors', () => {
  it('create: credentials from SWITCHYARD_<TYPE>_<FIELD>, the view without them', async () => {
    const result = await cli(
      [
        'connectors',
        'create',
        'messaging',
        '--external-user-id',
        USER,
        '--replication-config',
        replication,
        '--name',
        'Team Slack',
        '--json',
      ],
      {
        env: envFor('messaging', messaging.credentials),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const view = JSON.parse(result.stdout);
    expect(view).toMatchObject({ connector_type: 'messaging', external_user_id: USER, name: 'Team Slack' });
    expect(view).not.toHaveProperty('credentials');
    connectorId = view.id;
  });

  it('create with no credentials at all: one line naming the variables of each kind and --credentials (exit 3)', async () => {
    const result = await cli(['connectors', 'create', 'messaging', '--external-user-id', USER, '--replication-config', replication]);
    expect(result.code).toBe(3);
    // Seen in a trial as "switchyard: ; messaging: no credentials…".
    expect(result.stderr).toMatch(/^switchyard: messaging: no credentials; set SWITCHYARD_MESSAGING_/);
    expect(result.stderr).toContain('; or give --credentials <json>|@file|@-');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('create: credentials from stdin; --check refuses bad ones before storing; bad credentials are a validation error (2)', async () => {
    const other = await cli(
      ['connectors', 'create', 'messaging', '--external-user-id', OTHER, '--credentials', '@-', '--replication-config', replication],
      {
        input: JSON.stringify(messaging.credentials),
      },
    );
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).toMatch(/^created conn_\S+\nid\s+conn_\S+\ntype\s+messaging/);
    const count = async () => (JSON.parse((await cli(['connectors', 'list', '--json'])).stdout).data as unknown[]).length;
    const before = await count();
    // Slack refuses a token inside a 200 (invalid_auth): the service answers it as a connector error (5).
    const refused = await cli([
      'connectors',
      'create',
      'messaging',
      '--external-user-id',
      OTHER,
      '--credentials',
      '{"api_token":"xoxb-not-a-token"}',
      '--replication-config',
      replication,
      '--check',
      '--json',
    ]);
    expect(refused.code).toBe(5);
    expect(jsonError(refused)).toMatchObject({ code: 'vendor_error', class: 'VendorError' });
    expect(await count()).toBe(before);
    const invalid = await cli([
      'connectors',
      'create',
      'messaging',
      '--external-user-id',
      OTHER,
      '--credentials',
      '{"unknown":"x"}',
      '--json',
    ]);
    expect(invalid.code).toBe(2);
    expect(jsonError(invalid)).toMatchObject({
      code: 'validation_failed',
      issues: expect.arrayContaining([expect.objectContaining({ path: 'credentials' })]),
    });
    const noService = await cli(['connectors', 'list', '--json'], { env: appEnv() });
    expect(noService.code).toBe(1);
    expect(jsonError(noService).message).toContain('give --service <url>');
  });

  it('list: every connector of the application, or one external user’s; a table for people', async () => {
    const all = JSON.parse((await cli(['connectors', 'list', '--json'])).stdout).data as { id: string; external_user_id: string }[];
    expect(new Set(all.map((c) => c.external_user_id))).toEqual(new Set([USER, OTHER]));
    const mine = JSON.parse((await cli(['connectors', 'list', '--external-user-id', USER, '--json'])).stdout).data as { id: string }[];
    expect(mine.map((c) => c.id)).toEqual([connectorId]);
    const human = await cli(['connectors', 'list', '--profile', 'second']);
    expect(human.stdout.split('\n')[0]).toMatch(/^ID\s+TYPE\s+NAME\s+EXTERNAL USER\s+SYNC\s+LAST SYNCED$/);
    expect(human.stdout).toMatch(new RegExp(`^${connectorId}\\s+messaging\\s+Team Slack\\s+${USER}\\s`, 'm'));
  });

  it('delete: gone afterwards; exit 4 for an id that is not there', async () => {
    const created = JSON.parse(
      (
        await cli(['connectors', 'create', 'messaging', '--external-user-id', OTHER, '--replication-config', replication, '--json'], {
          env: envFor('messaging', messaging.credentials),
        })
      ).stdout,
    ) as { id: string };
    const deleted = await cli(['connectors', 'delete', created.id, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: created.id });
    const again = await cli(['connectors', 'delete', created.id, '--json']);
    expect(again.code).toBe(4);
    expect(jsonError(again)).toMatchObject({ code: 'not_found', retryable: false, class: 'NotFoundError' });
  });

  it('exit 1 for a missing or unknown subcommand and for create without its owner', async () => {
    for (const args of [['connectors'], ['connectors', 'rename', 'x'], ['connectors', 'create', 'messaging'], ['connectors', 'delete']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(1);
    }
  });
});

describe('switchyard sync', () => {
  it('--wait --json streams NDJSON progress events, then done with the status', async () => {
    const result = await cli(['sync', connectorId, '--wait', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', connector: connectorId, sync_status: 'ready' });
    expect(events.filter((e) => e['event'] === 'progress').length).toBeGreaterThan(0);
    const syncedEntities = Object.keys(messaging.pkg.metadata.sync ?? {}).sort();
    expect(done['entities'].map((e: { entity: string }) => e.entity).sort()).toEqual(syncedEntities);
    for (const event of events.slice(0, -1)) {
      expect(event).toMatchObject({ event: 'progress', connector: connectorId });
      expect(Object.keys(event)).toEqual(expect.arrayContaining(['entity', 'state', 'records', 'records_per_second', 'at']));
    }
    for (const entity of done['entities']) expect(entity.state).toBe('ready');
  });

  it('without --wait starts a sync and answers the view at once', async () => {
    const result = await cli(['sync', connectorId, '--profile', 'second', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: connectorId, connector_type: 'messaging' });
  });

  it('on a terminal, --wait shows a live progress line: entity, records, records/s, state', async (context) => {
    if (spawnSync('script', ['--version']).error) return context.skip('util-linux script is not installed: no terminal to test on');
    // Spawned asynchronously: the service answering it runs in this process.
    const child = spawn('script', ['-qec', `${process.execPath} ${BIN} sync ${connectorId} --wait`, '/dev/null'], {
      env: cleanEnv({ XDG_CONFIG_HOME: xdg }),
    });
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    cli.outputs.push(seen);
    expect(code, seen).toBe(0);
    const entity = Object.keys(messaging.pkg.metadata.sync ?? {})[0]!;
    expect(seen).toMatch(new RegExp(`\\r\\u001b\\[2K.*${entity} [\\d,]+ records( [\\d,]+/s)? (pending|syncing|ready)`));
    expect(seen).toMatch(/^ENTITY\s+STATE\s+RECORDS\s+RECORDS\/S\s+LAST SYNCED/m);
  });

  it('a failed run exits with its class’s code and code sync_failed', async () => {
    const bad = JSON.parse(
      (
        await cli([
          'connectors',
          'create',
          'messaging',
          '--external-user-id',
          OTHER,
          '--credentials',
          '{"api_token":"xoxb-revoked-token"}',
          '--replication-config',
          replication,
          '--json',
        ])
      ).stdout,
    ) as { id: string };
    const result = await cli(['sync', bad.id, '--wait', '--json']);
    expect(result.code).toBe(5);
    expect(jsonError(result)).toMatchObject({ code: 'sync_failed', retryable: false });
    const done = JSON.parse(result.stdout.trim().split('\n').at(-1)!);
    expect(done).toMatchObject({ event: 'done', sync_status: 'failed' });
  }, 30_000);
});

describe('switchyard exec --service and search', () => {
  it('exec runs a connector of the service: the same {data, meta} as open-source mode', async () => {
    const direct = await messaging
      .create({ auth: messaging.credentials, baseUrl: messaging.baseUrl(fake) })
      .execute('users', 'list', { limit: 2 });
    const [viaEnv, viaProfile, asUser] = await Promise.all([
      cli(['exec', '--service', service.url, connectorId, 'users', 'list', '--params', '{"limit":2}', '--json'], { env: appEnv() }),
      cli(['exec', '--profile', 'second', connectorId, 'users', 'list', '--params', '{"limit":2}', '--json', '--intent', 'check the CLI']),
      cli(['exec', '--profile', 'default', connectorId, 'users', 'list', '--params', '{"limit":2}', '--external-user-id', USER, '--json']),
    ]);
    for (const result of [viaEnv, viaProfile, asUser]) {
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(direct)));
    }
  });

  it("exit 4 for another user's connector (exactly like a missing one) and 3 for a refused secret", async () => {
    const [foreign, missing, refused] = await Promise.all([
      cli(['exec', '--profile', 'default', connectorId, 'users', 'list', '--external-user-id', OTHER, '--json']),
      cli(['exec', '--profile', 'default', 'conn_doesnotexist', 'users', 'list', '--json']),
      cli(['exec', '--service', service.url, connectorId, 'users', 'list', '--json'], {
        env: { ...appEnv(), SWITCHYARD_CLIENT_SECRET: 'sy_secret_nope-nope-nope' },
      }),
    ]);
    expect(foreign.code).toBe(4);
    expect(missing.code).toBe(4);
    expect(jsonError(foreign).code).toBe('not_found');
    expect(refused.code).toBe(3);
    expect(jsonError(refused)).toMatchObject({ code: 'unauthorized', retryable: false });
  });

  it('search answers hits from the synced copy, projected by --fields', async () => {
    const result = await cli([
      'search',
      connectorId,
      'users',
      '--query',
      '{"filter":{"eq":{"is_bot":false}}}',
      '--limit',
      '2',
      '--fields',
      'id,is_bot',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const page = JSON.parse(result.stdout) as {
      data: { id: string; score: number; data: { id: string; is_bot: boolean } }[];
      meta: Record<string, unknown>;
    };
    expect(page.data).toHaveLength(2);
    for (const hit of page.data) expect(hit.data).toEqual({ id: hit.id, is_bot: false });
    expect(Object.keys(page.meta).sort()).toEqual(['next_cursor', 'took_ms']);
    const human = await cli(['search', connectorId, 'users', '--query', '{}', '--limit', '1', '--fields', 'name']);
    // Without --fields the record's own id is not a second ID column (a trial's nitpick).
    const [header] = (await cli(['search', connectorId, 'users', '--query', '{}', '--limit', '1'])).stdout.split('\n');
    expect(
      header!
        .trim()
        .split(/\s+/)
        .filter((column) => column.toLowerCase() === 'id'),
    ).toHaveLength(1);
    expect(human.stdout).toMatch(/^ID\s+SCORE\s+NAME$/m);
    expect(human.stdout).toMatch(/^1 hit; next page: --cursor \S+$/m);
  });

  it('exit 2 for a query the search language refuses; exit 5, retryable, before the first sync finished', async () => {
    const bad = await cli(['search', connectorId, 'users', '--query', '{"filter":{"eq":{"no_such_field":1}}}', '--json']);
    expect(bad.code).toBe(2);
    expect(jsonError(bad).code).toBe('validation_failed');
    // Its first sync's users page is held until the search below has been answered.
    const searched = deferred();
    fake.failNext('/api/users.list', { kind: 'hold', until: searched.promise });
    const fresh = JSON.parse(
      (
        await cli(['connectors', 'create', 'messaging', '--external-user-id', USER, '--replication-config', replication, '--json'], {
          env: envFor('messaging', messaging.credentials),
        })
      ).stdout,
    ) as { id: string };
    const early = await cli(['search', fresh.id, 'users', '--json']).finally(searched.resolve);
    expect(early.code).toBe(5);
    expect(jsonError(early)).toMatchObject({ code: 'search_not_ready', retryable: true, class: 'SyncNotReadyError' });
  });
});

describe('the built bin', () => {
  it('answers the service commands exactly as the runs in this process do: exit code, stdout and stderr', async () => {
    // Search pages carry the time the store took and a signed cursor, which differ between runs.
    const normalize = (text: string) =>
      text
        .replace(/"took_ms":\s*[\d.]+/g, '"took_ms":0')
        .replace(/("next_cursor":\s*)"[^"]+"/g, '$1"…"')
        .replace(/--cursor \S+/g, '--cursor …');
    const runs = await sameThroughTheBin(
      cli,
      [
        ['connectors', 'list', '--json'],
        ['connectors', 'list', '--external-user-id', USER],
        ['exec', '--profile', 'second', connectorId, 'users', 'list', '--params', '{"limit":2}', '--json'],
        ['exec', '--profile', 'default', connectorId, 'users', 'list', '--external-user-id', OTHER, '--json'],
        ['search', connectorId, 'users', '--query', '{"filter":{"eq":{"is_bot":false}}}', '--limit', '2', '--json'],
        ['search', connectorId, 'users', '--query', '{}', '--limit', '1', '--fields', 'name'],
        ['search', connectorId, 'users', '--query', '{"filter":{"eq":{"no_such_field":1}}}', '--json'],
        ['connectors', 'delete', 'conn_doesnotexist', '--json'],
        ['connectors', 'list', '--profile', 'nope'],
      ],
      { normalize },
    );
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 4, 0, 0, 2, 4, 3]);
    // login stores the same profile either way (the second run overwrites the first with the same).
    const [login] = await sameThroughTheBin(cli, [['login', '--service', service.url, '--profile', 'through-the-bin', '--json']], {
      env: appEnv(),
    });
    expect(login!.code, login!.stderr).toBe(0);
  });
});

describe('profiles and credentials', () => {
  it('exit 3 when there is none, naming switchyard login; for an unknown --profile, naming the ones there are', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'switchyard-cli-empty-'));
    try {
      const none = await cli(['connectors', 'list', '--json'], { env: { XDG_CONFIG_HOME: empty } });
      expect(none.code).toBe(3);
      expect(jsonError(none)).toMatchObject({ code: 'missing_credentials' });
      expect(jsonError(none).message).toContain('switchyard login --service <url>');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
    const unknown = await cli(['connectors', 'list', '--profile', 'nope']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no profile "nope"');
    expect(unknown.stderr).toContain('there are: default, second');
  });

  it('a profile file others can read is refused, saying how to fix it', async () => {
    await chmod(profileFile(), 0o644);
    try {
      const result = await cli(['connectors', 'list', '--json']);
      expect(result.code).toBe(3);
      expect(jsonError(result)).toMatchObject({ code: 'profile' });
      expect(jsonError(result).message).toContain(`chmod 600 ${profileFile()}`);
    } finally {
      await chmod(profileFile(), 0o600);
    }
  });
});
