/**
 * `switchyard` as an operator runs it: a child process of the built package (`pnpm test` builds
 * first), the embedded store in a fresh data directory, SIGTERM to stop.
 *
 * @module-tag connector/messaging
 */
// @module-tag long
import { existsSync, readFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../src/crypto/key-ring.js';
import { parseVendorBaseUrls } from '../src/config.js';
import { parseMasterKeys } from '../src/crypto/master-key.js';
import { openPgliteEngine } from '../src/store/pglite-engine.js';
import { credentialsContext } from '../src/tenancy/connector-rows.js';
import { createThrowawayDatabase, postgresUrl } from './support/engines.js';
import { BIN, cleanEnv, serve as serveCli, type Served, type ServeOptions } from './support/switchyard-cli.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const serve = (args: string[], env: Record<string, string> = {}, options: ServeOptions = {}): Promise<Served> =>
  serveCli(args, env, (step) => cleanup.push(step), options);

/** A module hook that appends the URL of every module the process loads to SWITCHYARD_RECORD_LOADS (cli-start.test.ts has more). */
const RECORD_LOADS = fileURLToPath(new URL('./support/record-loads.mjs', import.meta.url));
const MCP_SDK = /\/@modelcontextprotocol\//;
const recorded = (file: string): string[] => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : []);

describe('switchyard serve', () => {
  it('prints one listening line, serves health, readiness, OpenAPI and docs, loads the MCP SDK at the first /mcp request only, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-cli-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const loads = `${dataDir}-loads.txt`;
    cleanup.push(() => rm(loads, { force: true }));
    // Every module the process loads is recorded: the MCP SDK must wait for the first /mcp request.
    const served = await serve(
      ['--port', '0', '--data-dir', dataDir],
      { SWITCHYARD_RECORD_LOADS: loads },
      { nodeArgs: ['--import', RECORD_LOADS] },
    );

    const health = await fetch(`${served.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${served.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    const openapi = await fetch(`${served.url}/openapi.json`);
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty([
      '/api/v1/connectors/sources/{id}/execute',
    ]);
    const docs = await fetch(`${served.url}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);

    // /mcp is served by @switchyard/mcp and the MCP SDK, loaded by the endpoint's first request
    // (src/http/mcp-endpoint.ts): not by the start, nor by the requests above. The recorder saw the
    // service's own modules, so it was running.
    expect(recorded(loads).some((url) => /\/fastify\//.test(url))).toBe(true);
    expect(recorded(loads).filter((url) => MCP_SDK.test(url))).toEqual([]);
    // Nor does the embedded store load the PostgreSQL client or its queue (src/store/open-engine.ts, src/sync/pg-boss-runner.ts).
    expect(recorded(loads).filter((url) => /\/node_modules\/(pg|pg-boss)\//.test(url))).toEqual([]);
    const mcp = await fetch(`${served.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toBe(
      `Bearer realm="switchyard", resource_metadata="${served.url}/.well-known/oauth-protected-resource"`,
    );
    expect(recorded(loads).some((url) => MCP_SDK.test(url))).toBe(true);

    // The embedded default made a key file only its owner can read, and said so.
    const keyFile = await stat(join(dataDir, 'master.key'));
    expect(keyFile.mode & 0o777).toBe(0o600);
    expect(served.stderr()).toContain('master.key');

    served.child.kill('SIGTERM');
    expect(await served.exited).toEqual({ code: 0, signal: null });
    // stdout carried exactly the one line a script waits for; logs went to stderr.
    expect(served.stdout()).toBe(`listening on ${served.url}\n`);
    expect(served.stderr()).toContain('shutting down');
  }, 120_000);
});

if (!postgresUrl)
  console.info('[switchyard/server] SWITCHYARD_TEST_DATABASE_URL is not set: the PostgreSQL variant of the serve test is skipped.');

describe.skipIf(!postgresUrl)('switchyard serve on PostgreSQL (DATABASE_URL)', () => {
  // A database of its own: the service adopts every connector it finds and schedules their syncs,
  // so it must never start on tables another suite fills (their connectors name no fake vendor).
  let databaseUrl = '';
  beforeAll(async () => {
    const database = await createThrowawayDatabase('cli');
    databaseUrl = database.url;
    cleanup.push(database.drop);
  });
  it('migrates, serves, writes nothing to the data directory when the master key comes from the environment, and stops on SIGTERM', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'switchyard-cli-pg-'));
    cleanup.push(() => rm(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'unused');
    const served = await serve(['--port', '0', '--data-dir', dataDir], {
      DATABASE_URL: databaseUrl,
      SWITCHYARD_MASTER_KEY: randomBytes(32).toString('base64'),
    });
    const ready = await fetch(`${served.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    await expect(stat(dataDir)).rejects.toThrow();
    served.child.kill('SIGTERM');
    expect(await served.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('switchyard worker starts on the same database, says so, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'worker'], {
      env: cleanEnv({ DATABASE_URL: databaseUrl, SWITCHYARD_MASTER_KEY: randomBytes(32).toString('base64') }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    // 'close', not 'exit': its output is read after this.
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    const deadline = Date.now() + 60_000;
    while (!out.includes('worker running\n')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker did not start; stderr:\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});

describe('switchyard rotate-keys', () => {
  const ADMIN = 'rotate-keys-admin-token-0123456789';

  async function post(url: string, path: string, token: string | undefined, body: unknown): Promise<Record<string, string>> {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as Record<string, string>;
  }

  it('embedded: adds a new active key to the key file, re-encrypts the credentials, and the restarted service reads them and old tokens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-rotate-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await serve(['--port', '0', '--data-dir', dataDir], { SWITCHYARD_ADMIN_TOKEN: ADMIN });
    const app = await post(first.url, '/api/v1/admin/applications', ADMIN, { name: 'rotation' });
    const token = await post(first.url, '/api/v1/account/applications/token', undefined, {
      client_id: app['client_id'],
      client_secret: app['client_secret'],
    });
    const created = await post(first.url, '/v1/integrations/connectors', token['access_token'], {
      external_user_id: 'u1',
      connector_type: 'messaging',
      name: 'rotation',
      credentials: { api_token: 'xoxb-rotate-me' },
      replication_config: { start_date: '2024-01-01T00:00:00Z', lookback_window: 0, join_channels: false },
    });
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const keyFileBefore = (await readFile(join(dataDir, 'master.key'), 'utf8')).trim().split('\n');

    const rotated = spawnSync(process.execPath, [BIN, 'rotate-keys', '--data-dir', dataDir], {
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(rotated.status, rotated.stderr).toBe(0);
    const newKeyId = /rotated 1 credentials to master key "(k\d{8}T\d{4}Z)" \(from key file\)/.exec(rotated.stdout)?.[1];
    expect(newKeyId, rotated.stdout).toBeDefined();
    // The old key stays (old envelopes and tokens), the new one is last (active), the file stays owner-only.
    const keyFileAfter = (await readFile(join(dataDir, 'master.key'), 'utf8')).trim().split('\n');
    expect(keyFileAfter.slice(0, -1)).toEqual(keyFileBefore);
    expect(keyFileAfter.at(-1)).toMatch(new RegExp(`^${newKeyId}:`));
    expect((await stat(join(dataDir, 'master.key'))).mode & 0o777).toBe(0o600);
    const second = await serve(['--port', '0', '--data-dir', dataDir], { SWITCHYARD_ADMIN_TOKEN: ADMIN });
    // The token signed before the rotation still verifies; new tokens are signed with the new key.
    const view = await fetch(`${second.url}/api/v1/connectors/sources/${created['id']}`, {
      headers: { authorization: `Bearer ${token['access_token']}` },
    });
    expect(view.status).toBe(200);
    const fresh = await post(second.url, '/api/v1/account/applications/token', undefined, {
      client_id: app['client_id'],
      client_secret: app['client_secret'],
    });
    expect(JSON.parse(Buffer.from(fresh['access_token']!.split('.')[0]!, 'base64url').toString('utf8'))).toMatchObject({ kid: newKeyId });
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    // The stored envelope is under the new key and opens to the same credentials.
    const stored = await storedEnvelopes(dataDir);
    expect(stored.map((row) => row.key_id)).toEqual([newKeyId]);
    const ring = new KeyRing(parseMasterKeys(await readFile(join(dataDir, 'master.key'), 'utf8'), 'test'));
    expect(JSON.parse(ring.openText(stored[0]!.envelope, credentialsContext(created['id']!)))).toEqual({ api_token: 'xoxb-rotate-me' });
  }, 180_000);
});

/** Every stored credential envelope with its key id, read straight from the embedded store. */
async function storedEnvelopes(dataDir: string): Promise<{ key_id: string; envelope: string }[]> {
  const engine = await openPgliteEngine({ dataDir: join(dataDir, 'store') });
  try {
    return await engine.query<{ key_id: string; envelope: string }>(
      'SELECT key_id, envelope FROM sy_connector_credentials ORDER BY connector_id',
    );
  } finally {
    await engine.close();
  }
}

describe('switchyard usage', () => {
  function run(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [BIN, ...args], { env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('--help prints the commands, flags and environment variables', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    for (const word of [
      'serve',
      'worker',
      '--data-dir',
      '--host',
      '--port',
      '--vendor-base-url',
      '--connector-package',
      'SWITCHYARD_CONNECTOR_PACKAGES',
      'SWITCHYARD_ADMIN_TOKEN',
      'SWITCHYARD_MASTER_KEY',
      'DATABASE_URL',
      'SWITCHYARD_SEARCH_TIMEOUT_MS',
    ]) {
      expect(result.stdout).toContain(word);
    }
  });

  it('--version (and -v) prints the package version alone', () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = run([flag]);
      expect(result, flag).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: '' });
    }
    // Never a way to start a command by accident.
    const withCommand = run(['serve', '--version']);
    expect(withCommand.status).toBe(2);
    expect(withCommand.stderr).toContain('--version goes alone');
  });

  it('an empty --data-dir or --host (an unset shell variable) is refused: the current directory is left alone, nothing listens', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'switchyard-empty-flags-'));
    try {
      for (const [flag, message] of [
        ['--data-dir=', '--data-dir is empty: give a directory'],
        ['--host=', '--host is empty: give an address'],
      ] as const) {
        const result = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', flag], {
          cwd,
          env: cleanEnv(),
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(result.status, flag).toBe(1);
        expect(result.stderr, flag).toContain(message);
        expect(result.stdout, flag).not.toContain('listening');
      }
      expect(await readdir(cwd)).toEqual([]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it('an unknown flag or command is a usage error (exit 2) naming it', () => {
    const flag = run(['serve', '--prot', '8080']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--prot');
    const command = run(['srve']);
    expect(command.status).toBe(2);
    expect(command.stderr).toContain('srve');
  });

  it('a malformed --vendor-base-url or --port stops startup with one clear line (exit 1)', () => {
    const url = run(['serve', '--vendor-base-url', 'messaging', '--data-dir', join(tmpdir(), 'switchyard-unused')]);
    expect(url.status).toBe(1);
    expect(url.stderr).toMatch(/--vendor-base-url must look like <family>=<url>/);
    const port = run(['serve', '--port', '70000']);
    expect(port.status).toBe(1);
    expect(port.stderr).toMatch(/--port must be an integer from 0 to 65535/);
  });

  it('a family named like a prototype member is a family name like any other (refused later as unknown), never "given twice"', () => {
    const urls = parseVendorBaseUrls(['constructor=http://127.0.0.1:9/api/', 'prototype=http://127.0.0.1:9/v1']);
    expect(JSON.stringify(urls)).toBe('{"constructor":"http://127.0.0.1:9/api","prototype":"http://127.0.0.1:9/v1"}');
    expect(() => parseVendorBaseUrls(['constructor=http://127.0.0.1:9/a', 'constructor=http://127.0.0.1:9/b'])).toThrow(/given twice/);
  });

  it('accepts the `--` that `pnpm serve -- --port …` passes through', () => {
    // Reaching the port check proves the flags after `--` were read as flags.
    const result = run(['serve', '--', '--port', '70000']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/--port must be an integer/);
  });

  it('serve and worker refuse an unknown family in --vendor-base-url with the same line, before opening any store', async () => {
    const dataDir = join(tmpdir(), `switchyard-never-created-${randomBytes(4).toString('hex')}`);
    const args = ['--vendor-base-url', 'no-such-family=http://127.0.0.1:9/api'];
    const served = run(['serve', '--data-dir', dataDir, ...args]);
    // The worker's database is unreachable: the check must come first for the line to be the same.
    const worker = run(['worker', ...args], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      SWITCHYARD_MASTER_KEY: randomBytes(32).toString('base64'),
    });
    const line = 'switchyard: --vendor-base-url no-such-family=…: "no-such-family" is not a connector type; known: ';
    for (const result of [served, worker]) {
      expect(result.status).toBe(1);
      expect(result.stderr.startsWith(line)).toBe(true);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(worker.stderr).toBe(served.stderr);
    await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('worker without DATABASE_URL explains what it needs (exit 1)', () => {
    const result = run(['worker']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
  });
});

/**
 * What an operator gets wrong in the environment (a port another process has, a database that is
 * down or a DATABASE_URL that is not one) is one line naming the setting and the reason, exit 1:
 * not a stack from inside Fastify or node-postgres, and never the database password.
 */
describe('switchyard serve with a setting the machine cannot honour', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [BIN, ...args], { env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
  /** A loopback port nothing listens on (one the OS just handed out and took back). */
  const closedPort = async (): Promise<number> => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  };
  const oneLine = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('switchyard: '));

  it('a port another process listens on', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-port-taken-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const result = run(['serve', '--port', String(port), '--data-dir', dataDir]);
      expect(result.status).toBe(1);
      expect(oneLine(result.stderr)).toEqual([
        `switchyard: cannot listen on 127.0.0.1:${port} (EADDRINUSE): another process is listening there; pick another --port (0 picks a free one)`,
      ]);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a database that does not answer, or a DATABASE_URL that is not a URL: named without its password', async () => {
    const masterKey = randomBytes(32).toString('base64');
    const password = 'pw-never-printed-7c1e';
    const down = `postgres://switchyard:${password}@127.0.0.1:${await closedPort()}/switchyard`;
    for (const command of ['serve', 'worker']) {
      const result = run([command, '--port', '0'].slice(0, command === 'serve' ? 3 : 1), {
        DATABASE_URL: down,
        SWITCHYARD_MASTER_KEY: masterKey,
      });
      expect(result.status, command).toBe(1);
      expect(oneLine(result.stderr), command).toEqual([
        `switchyard: cannot use the database in DATABASE_URL (${down.replace(password, '***')}): connect ECONNREFUSED ${new URL(down).host}`,
      ]);
      expect(result.stderr).not.toContain(password);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    const malformed = run(['serve', '--port', '0'], {
      DATABASE_URL: `postgres://switchyard:${password}@[::1`,
      SWITCHYARD_MASTER_KEY: masterKey,
    });
    expect(malformed.status).toBe(1);
    expect(oneLine(malformed.stderr)).toEqual([
      'switchyard: DATABASE_URL is not a URL: give postgres://user:password@host:port/database (or a socket directory path)',
    ]);
    expect(malformed.stderr).not.toContain(password);
  });
});
