/**
 * `switchyard fake <family>` as a newcomer runs it: one bundled fake per connector family found in
 * specs/ (none hard-coded here), each started through the CLI, and the printed base URL and
 * credentials used as they are by the family's generated connector in open-source mode.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ActionMetadata, ConnectorMetadata } from '@switchyard/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledFakes } from '../../../test/fakes/registry.js';
import { familyList, offeredFakes } from '../src/fake-command.js';
import { BIN, cleanEnv } from './support/switchyard-cli.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FAMILIES = readdirSync(join(ROOT, 'specs'))
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => file.replace(/\.ya?ml$/, ''))
  .sort();

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

interface RunningFake {
  readonly url: string;
  readonly baseUrl: string;
  readonly credentials: Record<string, string>;
  readonly config: Record<string, unknown> | undefined;
  readonly output: () => string;
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `switchyard fake <args>` until it printed its description; the fields read from what it printed. */
async function startFake(args: string[]): Promise<RunningFake> {
  const child = spawn(process.execPath, [BIN, 'fake', ...args], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': what the child wrote is read after this, and 'exit' can come before the
    // last of its output has been read from the pipe (a loaded machine lost a whole stderr line so).
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const deadline = Date.now() + 60_000;
  while (!out.includes('Ctrl-C stops it.\n')) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`switchyard fake ${args.join(' ')} did not start; stderr:\n${err}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const field = (name: string): string | undefined => new RegExp(`^${name}: +(.+)$`, 'm').exec(out)?.[1];
  const config = field('config');
  return {
    url: /^listening on (http:\/\/127\.0\.0\.1:\d+) /m.exec(out)![1]!,
    baseUrl: field('base url')!,
    credentials: JSON.parse(field('credentials')!) as Record<string, string>,
    config: config === undefined ? undefined : (JSON.parse(config) as Record<string, unknown>),
    output: () => out,
    async stop() {
      child.kill('SIGINT');
      return exited;
    },
  };
}

/** List actions a caller can run with no parameters, plain GETs first (as the service's credential check picks). */
function parameterlessLists(metadata: ConnectorMetadata): ActionMetadata[] {
  const lists = Object.values(metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .filter((action) => action.kind === 'list' && !action.hostedOnly)
    .filter((action) => !Object.values(action.params).some((rule) => rule.required === true && rule.default === undefined));
  return [...lists.filter((a) => a.request?.method === 'GET'), ...lists.filter((a) => a.request?.method !== 'GET')];
}

interface ConnectorLike {
  execute(entity: string, action: string, params?: Record<string, unknown>): Promise<{ data: unknown }>;
}

async function openSourceConnector(
  family: string,
  options: Record<string, unknown>,
): Promise<{ connector: ConnectorLike; metadata: ConnectorMetadata }> {
  const pkg = (await import(`@switchyard/connector-${family}`)) as Record<string, unknown> & { metadata: ConnectorMetadata };
  // The generated class is named from the family name (generator/src/spec/defaults.ts, pascalCase): crm → CrmConnector.
  const className = `${family.replace(/(^|-)([a-z0-9])/g, (_m, _dash, letter: string) => letter.toUpperCase())}Connector`;
  const Connector = pkg[className] as new (options: Record<string, unknown>) => ConnectorLike;
  expect(typeof Connector, `${className} exported by @switchyard/connector-${family}`).toBe('function');
  return { connector: new Connector(options), metadata: pkg.metadata };
}

describe('the bundled fakes', () => {
  it('there is one for every connector family in specs/', async () => {
    expect(FAMILIES.length).toBeGreaterThan(0);
    const families = (await bundledFakes()).map((fake) => fake.family);
    for (const family of FAMILIES) expect(families, `a bundled fake for ${family}`).toContain(family);
  });

  it('switchyard fake offers exactly the families the service runs: a fake left behind by a removed connector is not offered', async () => {
    const fakes = { BUNDLED_FAKES: await bundledFakes() };
    expect(offeredFakes(fakes, FAMILIES).map((fake) => fake.family)).toEqual(FAMILIES);
    const [kept, ...gone] = FAMILIES;
    expect(offeredFakes(fakes, [kept!]).map((fake) => fake.family)).toEqual([kept]);
    for (const family of gone) expect(familyList(offeredFakes(fakes, [kept!]))).not.toContain(family);
  });

  it.each(FAMILIES)(
    'switchyard fake %s: the printed base URL and credentials work as printed through the generated connector',
    async (family) => {
      const fake = await startFake([family, '--port', '0']);
      expect(fake.baseUrl.startsWith(fake.url)).toBe(true);
      expect(fake.output()).toContain(`switchyard serve --vendor-base-url ${family}=${fake.baseUrl}`);
      const { connector, metadata } = await openSourceConnector(family, {
        auth: fake.credentials,
        baseUrl: fake.baseUrl,
        ...(fake.config ? { config: fake.config } : {}),
        maxRetries: 0,
      });
      const listed: string[] = [];
      for (const action of parameterlessLists(metadata)) {
        const page = await connector.execute(action.entity, action.action, {});
        if (Array.isArray(page.data) && page.data.length > 0) {
          listed.push(`${action.entity}.${action.action}`);
          break;
        }
      }
      expect(listed, `${family}: some list action returns records from the fake`).toHaveLength(1);
      expect(await fake.stop()).toEqual({ code: 0, signal: null });
    },
    90_000,
  );
});

describe('switchyard fake, as a command', () => {
  it('--port listens on the port asked for; a port another process holds is named in one line', async () => {
    const port = await freePort();
    const fake = await startFake([FAMILIES[0]!, '--port', String(port)]);
    expect(fake.url).toBe(`http://127.0.0.1:${port}`);
    // A second fake on the same port: one line naming the setting (a trial saw a raw stack), exit 1.
    const taken = spawnSync(process.execPath, [BIN, 'fake', FAMILIES[0]!, '--port', String(port)], {
      cwd: ROOT,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(taken.status).toBe(1);
    expect(taken.stderr).toBe(
      `switchyard: cannot listen on 127.0.0.1:${port} (EADDRINUSE): another process is listening there; pick another --port (0 picks a free one)\n`,
    );
    expect(await fake.stop()).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('without a family, or with an unknown one, it lists every fake (exit 2)', () => {
    for (const args of [[], ['fax-machine']]) {
      const result = spawnSync(process.execPath, [BIN, 'fake', ...args], { cwd: ROOT, env: cleanEnv(), encoding: 'utf8', timeout: 60_000 });
      expect(result.status).toBe(2);
      for (const family of FAMILIES) expect(result.stderr).toContain(family);
    }
  }, 120_000);

  it('is found from the repository root through pnpm exec, as the README runs it', async () => {
    const execPath = process.env['npm_execpath'];
    const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
    const result = spawnSync(command, [...prefix, 'exec', 'switchyard', 'fake'], {
      cwd: ROOT,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toContain('the fakes are:');
  }, 60_000);

  it('where @switchyard/fakes is not installed (the service from npm), it says the fakes come with the repository', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'switchyard-no-fakes-'));
    cleanup.push(() => rm(elsewhere, { recursive: true, force: true }));
    // In a process of its own without NODE_PATH: vitest, run by pnpm, puts the workspace's
    // node_modules/.pnpm/node_modules there, where @switchyard/fakes is found from anywhere.
    const env = { ...cleanEnv() };
    delete env['NODE_PATH'];
    const script =
      `import { loadFakes } from ${JSON.stringify(pathToFileURL(join(ROOT, 'packages/server/dist/fake-command.js')).href)};\n` +
      `await loadFakes([${JSON.stringify(pathToFileURL(join(elsewhere, 'package.json')).href)}]).then(` +
      `() => console.log('loaded'), (error) => console.log(error.message));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: elsewhere,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stdout).toMatch(/come with the Switchyard repository, not with @switchyard\/server: clone the repository/);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
