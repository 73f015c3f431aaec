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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformClient } from '../hosted/service.js';
import { specNames } from '../support/connectors.js';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const GENERATE_BIN = join(packageDir('@switchyard/generator'), 'bin', 'switchyard-generate.js');
const SERVE_BIN = join(packageDir('@switchyard/server'), 'bin', 'switchyard.js');
const TSC = require.resolve('typescript/bin/tsc');

const ADMIN_TOKEN = 'plugin-suite-admin-token-8d7c6b5a4f3e';
const API_TOKEN = 'notes_tok_3b1f9c2e7a';
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

/** The spec an outside author writes: one entity, cursor-paged list, get, hosted search over a synced copy. */
const SPEC = `
name: ${FAMILY}
title: Notes
vendor: Notes API
description: Notes a team keeps, listed newest first with an opaque cursor.
baseUrl: https://api.notes.example/v2
auth:
  Token:
    kind: bearer
    description: An API token from the account settings.
    fields:
      api_token: { description: The API token. }
    token: '{api_token}'
errors:
  message: [message]
  code: [code]
records:
  Note:
    description: A note.
    fields:
      id: string
      title: string
      body: string?
      pinned: boolean
      updated_at: string
entities:
  notes:
    record: Note
    searchable:
      id: string
      title: string
      pinned: boolean
    sync: { action: list, params: { limit: 2 } }
    actions:
      list:
        description: Lists notes, newest first.
        request: { method: GET, path: /notes }
        params:
          cursor: { type: string, description: Cursor from meta.next_cursor. }
          limit: { type: integer, minimum: 1, maximum: 100, default: 50, description: Notes per page. }
        response: { records: data }
        pagination: { style: cursor, cursorParam: cursor, next: next_cursor }
        meta:
          next_cursor: $next
      get:
        description: Reads one note.
        request: { method: GET, path: '/notes/{id}' }
        params:
          id: { type: string, required: true, minLength: 1, description: The note id. }
        response: { records: '' }
      search:
        description: Searches the synced copy of notes (hosted mode only).
`;

const NOTES = [
  { id: 'n_5', title: 'Launch checklist', body: 'Ship the docs first.', pinned: true, updated_at: '2026-11-20T09:00:00Z' },
  { id: 'n_4', title: 'Retro notes', body: null, pinned: false, updated_at: '2026-11-18T16:30:00Z' },
  { id: 'n_3', title: 'On-call handbook', body: 'Page the owner, then the lead.', pinned: true, updated_at: '2026-11-10T08:15:00Z' },
  { id: 'n_2', title: 'Lunch orders', body: 'Fridays.', pinned: false, updated_at: '2026-10-02T12:00:00Z' },
  { id: 'n_1', title: 'Welcome', body: 'Hello.', pinned: false, updated_at: '2026-09-01T07:00:00Z' },
];

interface NotesFake {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * The vendor: bearer auth (401 otherwise), pages of `limit` (1–100, else 400) with an opaque cursor,
 * 404 for an unknown note, and one 429 with Retry-After on the second page the way a busy vendor
 * throttles (the sync must wait and carry on).
 */
async function startNotesFake(): Promise<NotesFake> {
  const requests: string[] = [];
  let throttled = false;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://notes.fake');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${API_TOKEN}`) return send(res, 401, { code: 'unauthorized', message: 'Invalid API token' });
    if (req.method === 'GET' && url.pathname === '/v2/notes') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return send(res, 400, { code: 'bad_request', message: 'limit must be 1 to 100' });
      const cursor = url.searchParams.get('cursor');
      const offset = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (offset > 0 && !throttled) {
        throttled = true;
        return send(res, 429, { code: 'rate_limited', message: 'Slow down' }, { 'retry-after': '1' });
      }
      const page = NOTES.slice(offset, offset + limit);
      const next = offset + limit < NOTES.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
      return send(res, 200, { data: page, next_cursor: next });
    }
    const one = /^\/v2\/notes\/([^/]+)$/.exec(url.pathname);
    const note = one ? NOTES.find((n) => n.id === decodeURIComponent(one[1]!)) : undefined;
    if (req.method === 'GET' && note) return send(res, 200, note);
    return send(res, 404, { code: 'not_found', message: 'No such note' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/v2`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
async function runAsync(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: temp, env: userEnv(), timeout: STEP_TIMEOUT_MS });
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
    child.on('exit', (code) => resolve({ code, stderr: err })),
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
      writeFileSync(join(temp, `${FAMILY}.yaml`), SPEC);
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
  });
});
