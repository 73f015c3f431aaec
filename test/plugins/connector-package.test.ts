/**
 * A connector from outside this repository, end to end, as an operator would run one: in a
 * temporary folder outside the workspace, a spec for a family the service does not have is turned
 * into a package by the generator's bin (`switchyard-generate <spec> --out <dir>`), built with tsc
 * against the runtime it depends on, and handed to `switchyard serve --connector-package <dir>`,
 * started as a process with the family pointed at a loopback fake of its vendor. A platform
 * creates a connector of the new type over the HTTP API, waits for its sync, and the package's own
 * hosted client (imported from the built package by a script in that folder) reads and searches
 * through the service. A package that does not satisfy the contract stops `serve` at start with
 * one line that names it and what it lacks.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformClient } from '../hosted/service.js';
import { specNames } from '../support/connectors.js';
import { API_TOKEN, NOTES, notesSpec, startNotesFake, type NotesFake } from './notes-vendor.js';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const GENERATE_BIN = join(packageDir('@switchyard/generator'), 'bin', 'switchyard-generate.js');
const SERVE_BIN = join(packageDir('@switchyard/server'), 'bin', 'switchyard.js');
const TSC = require.resolve('typescript/bin/tsc');

const ADMIN_TOKEN = 'plugin-suite-admin-token-8d7c6b5a4f3e';
const EXTERNAL_USER = 'plugin-user-1';
/** A family no spec of this repository has, so the plug-in never clashes with a built-in connector. */
const FAMILY = ['notes', 'notes-book', 'notes-kept'].find((name) => !specNames().includes(name))!;
const STEP_TIMEOUT_MS = 90_000;

const temp = mkdtempSync(join(tmpdir(), 'switchyard-plugin-'));
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(temp, { recursive: true, force: true });
}, 60_000);

/** A command run to completion in the temporary folder; fails the test with its output when it failed. */
function run(command: string, args: string[], cwd = temp): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: userEnv() });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (${result.status}):\n${output}`);
  return result.stdout;
}

/**
 * A script run to completion without blocking this process: the vendor fake it reaches through
 * the service answers from here.
 */
async function runAsync(args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: temp, env: userEnv(env), timeout: STEP_TIMEOUT_MS });
  return stdout;
}

/** The operator's shell: none of this test run's or the machine's own service settings. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('SWITCHYARD_') && !key.startsWith('VITEST') && key !== 'DATABASE_URL'),
  );
  return { ...env, ...extra };
}

interface Serving {
  readonly child: ChildProcess;
  readonly url: Promise<string>;
  readonly exited: Promise<{ code: number | null; stderr: string }>;
}

/** `switchyard serve <args>` from the temporary folder, as an operator starts it. */
function serve(args: string[]): Serving {
  const child = spawn(process.execPath, [SERVE_BIN, 'serve', '--port', '0', ...args], {
    cwd: temp,
    env: userEnv({ SWITCHYARD_ADMIN_TOKEN: ADMIN_TOKEN, SWITCHYARD_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    // 'close', not 'exit': what the child wrote is read after this, and 'exit' can come before the
    // last of its output has been read from the pipe (a loaded machine lost a whole stderr line so).
    child.on('close', (code) => resolve({ code, stderr: err })),
  );
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /^listening on (http:\/\/\S+)\n/.exec(out);
      if (match) resolve(match[1]!);
    });
    void exited.then(({ code, stderr }) => reject(new Error(`switchyard serve exited with ${code} before listening:\n${stderr}`)));
  });
  // A serve that is meant to stop at start is awaited through `exited`, not `url`.
  url.catch(() => undefined);
  return { child, url, exited };
}

describe('a connector package generated outside the repository, run by the service', () => {
  let fake: NotesFake;

  beforeAll(async () => {
    fake = await startNotesFake();
    cleanup.push(() => fake.close());
  });

  it(
    'switchyard-generate writes the package, tsc builds it, and serve --connector-package syncs, reads and searches it',
    { timeout: STEP_TIMEOUT_MS * 3 },
    async () => {
      writeFileSync(join(temp, `${FAMILY}.yaml`), notesSpec(FAMILY));
      const generated = run(process.execPath, [
        GENERATE_BIN,
        `${FAMILY}.yaml`,
        '--out',
        'notes-connector',
        '--name',
        '@acme/notes-connector',
      ]);
      expect(generated).toContain(`@acme/notes-connector (connector type ${FAMILY}) in notes-connector`);
      const pkgDir = join(temp, 'notes-connector');
      const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Record<string, any>;
      const runtimeVersion = (
        JSON.parse(readFileSync(join(packageDir('@switchyard/runtime'), 'package.json'), 'utf8')) as { version: string }
      ).version;
      // Installable outside the workspace: a real range on the runtime, nothing of this repository's.
      expect(manifest['dependencies']).toEqual({ '@switchyard/runtime': `^${runtimeVersion}` });
      expect(readFileSync(join(pkgDir, 'tsconfig.json'), 'utf8')).not.toContain('extends');

      // What `npm install` would put there: the runtime it depends on and Node's types, linked from this checkout.
      mkdirSync(join(pkgDir, 'node_modules', '@switchyard'), { recursive: true });
      mkdirSync(join(pkgDir, 'node_modules', '@types'), { recursive: true });
      symlinkSync(packageDir('@switchyard/runtime'), join(pkgDir, 'node_modules', '@switchyard', 'runtime'), 'dir');
      symlinkSync(packageDir('@types/node'), join(pkgDir, 'node_modules', '@types', 'node'), 'dir');
      run(process.execPath, [TSC, '-p', 'tsconfig.json'], pkgDir);

      const service = serve([
        '--data-dir',
        'data',
        '--connector-package',
        './notes-connector',
        '--vendor-base-url',
        `${FAMILY}=${fake.url}`,
      ]);
      const url = await service.url;
      const types = (await (await fetch(`${url}/api/v1/connector-types`)).json()) as {
        data: { connector_type: string; entities: unknown[] }[];
      };
      expect(types.data.find((t) => t.connector_type === FAMILY)?.entities).toEqual([
        { entity: 'notes', actions: ['list', 'get', 'search'], searchable_fields: ['id', 'pinned', 'title'] },
      ]);

      const platform = await platformClient(url, ADMIN_TOKEN);
      const { id } = await platform.createConnector(EXTERNAL_USER, FAMILY, { api_token: API_TOKEN }, {});
      const status = await platform.waitForSync(id, STEP_TIMEOUT_MS);
      expect(status.entities).toEqual([expect.objectContaining({ entity: 'notes', state: 'ready', records: NOTES.length })]);
      // Three pages of two, the second throttled once and retried after the vendor's Retry-After.
      expect(fake.requests.filter((r) => r.startsWith('GET /v2/notes?')).length).toBe(4);

      // The package's own hosted client, from the built package, as the author's application would use it.
      writeFileSync(
        join(temp, 'use-it.mjs'),
        `const { NotesConnector } = await import('./notes-connector/dist/index.js');
const [baseUrl, clientId, clientSecret, externalUserId] = process.argv.slice(2);
const notes = NotesConnector.hosted({ baseUrl, clientId, clientSecret, externalUserId });
const one = await notes.notes.get({ id: 'n_3' });
const pinned = await notes.notes.search({ query: { filter: { eq: { pinned: true } } } });
process.stdout.write(JSON.stringify({ title: one.data.title, pinned: pinned.data.map((hit) => hit.data.id).sort() }));
`,
      );
      const used = JSON.parse(
        await runAsync(['use-it.mjs', url, platform.application.clientId, platform.application.clientSecret, EXTERNAL_USER]),
      ) as { title: string; pinned: string[] };
      expect(used).toEqual({ title: 'On-call handbook', pinned: ['n_3', 'n_5'] });
      expect(fake.requests).toContain('GET /v2/notes/n_3');

      // The bin's agent commands take the same package, by flag or by the variable serve reads.
      const described = await runAsync([SERVE_BIN, 'describe', FAMILY, '--connector-package', './notes-connector']);
      expect(described).toMatch(/^notes\s+search\s+search\s/m);
      const client = { SWITCHYARD_CLIENT_ID: platform.application.clientId, SWITCHYARD_CLIENT_SECRET: platform.application.clientSecret };
      const hostedArgs = ['--service', url, '--external-user-id', EXTERNAL_USER, '--json'];
      const got = JSON.parse(
        await runAsync(
          [SERVE_BIN, 'exec', id, 'notes', 'get', '--params', '{"id":"n_5"}', ...hostedArgs, '--connector-package=./notes-connector'],
          client,
        ),
      ) as { data: { title: string } };
      expect(got.data.title).toBe(NOTES.find((note) => note.id === 'n_5')!.title);
      const found = JSON.parse(
        await runAsync([SERVE_BIN, 'search', id, 'notes', '--query', '{"filter":{"eq":{"pinned":true}}}', ...hostedArgs], {
          ...client,
          SWITCHYARD_CONNECTOR_PACKAGES: './notes-connector',
        }),
      ) as { data: { id: string }[] };
      expect(found.data.map((hit) => hit.id).sort()).toEqual(['n_3', 'n_5']);

      // The same data directory started without the plug-in: its connector is stored, but no
      // package serves its type, and the start says so.
      service.child.kill('SIGTERM');
      expect((await service.exited).code).toBe(0);
      const without = serve(['--data-dir', 'data', '--vendor-base-url', `messaging=${fake.url}`]);
      await without.url;
      without.child.kill('SIGTERM');
      const { stderr } = await without.exited;
      const messages = stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg?: string }).msg);
      expect(messages).toContainEqual(
        expect.stringContaining(`1 stored connector is of type "${FAMILY}", which no connector package of this service provides`),
      );
    },
  );

  it('a package that does not satisfy the contract stops serve at start with one line naming it and what it lacks', async () => {
    const bad = join(temp, 'bad-connector');
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, 'package.json'), JSON.stringify({ name: 'bad-connector', version: '1.0.0', type: 'module', main: 'index.js' }));
    // A metadata that lost its actions and a searchable field of a type the service does not have.
    writeFileSync(
      join(bad, 'index.js'),
      `export const metadata = { name: 'bad-notes', title: 'Bad', vendor: 'Bad API', baseUrl: 'https://bad.example', config: {},
  auth: [{ name: 'Token', kind: 'bearer', token: '{t}', fields: { t: { required: true, secret: true } } }],
  bodyErrors: [], errorMessage: [], errorCode: [] };
export const paramSchemas = {};
export const credentialKinds = { Token: { kind: 'bearer', schema: { type: 'object' } } };
export const configSchema = { type: 'object' };
export const replicationSchema = { type: 'object' };
export const searchableFields = { notes: { id: 'uuid' } };
`,
    );
    const dataDir = join(temp, 'never-created');
    const { code, stderr } = await serve(['--data-dir', dataDir, '--connector-package', './bad-connector']).exited;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `switchyard: connector package "./bad-connector" (file://${bad}/index.js) does not satisfy the ConnectorPackage contract: ` +
        'metadata.actions is missing (expected an object of entities, each an object of actions); ' +
        'searchableFields.notes.id must be one of string, integer, number, boolean, object, array, any, got "uuid"',
    ]);
    expect(() => readFileSync(join(dataDir, 'master.key'))).toThrow(/ENOENT/);

    // The agent commands refuse it the same way, in one line, with the CLI's exit code for a configuration (2).
    const described = spawnSync(process.execPath, [SERVE_BIN, 'describe', '--connector-package', './bad-connector'], {
      cwd: temp,
      encoding: 'utf8',
      env: userEnv(),
    });
    expect({ status: described.status, stderr: described.stderr.trim().split('\n') }).toEqual({
      status: 2,
      stderr: [
        expect.stringMatching(
          /^switchyard: connector package "\.\/bad-connector" \(file:.*\) does not satisfy the ConnectorPackage contract: metadata\.actions is missing/,
        ),
      ],
    });
  });
});
