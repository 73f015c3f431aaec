/**
 * The CLI in open-source mode as a person or an agent types it (run in this process by the bin's
 * own dispatch, and a sample through the built `switchyard` bin: cli-support.ts): `describe` from
 * the packages alone, `exec` against the Slack fake with credentials in
 * SWITCHYARD_MESSAGING_* variables, `completion` scripts; human tables, `--json` shapes, and the
 * exit code of every failure class that can happen here. No output shows the credential.
 */
// @module-tag connector/messaging
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionMetadata } from '@switchyard/runtime';
import type { FakeServer } from '../../../test/fakes/harness.js';
// Every spec's connector, not narrowed by SWITCHYARD_MATRIX_ONLY: these suites name connectors as examples.
import { exampleConnectors as connectors } from '../../../test/matrix/registry.js';
import { readAll } from '../../../test/support/streams.js';
import { cliRunner, jsonError, sameThroughTheBin } from './cli-support.js';
import { envFor, expectNoSecret } from './support.js';

const messaging = connectors.find((c) => c.name === 'messaging')!.fixture;
let fake: FakeServer;
let dir: string;
const cli = cliRunner(() => ({ ...envFor('messaging', messaging.credentials), XDG_CONFIG_HOME: dir }));
const baseUrl = () => ['--base-url', `messaging=${messaging.baseUrl(fake)}`];
const direct = () => messaging.create({ auth: messaging.credentials, baseUrl: messaging.baseUrl(fake) });

beforeAll(async () => {
  fake = await messaging.start();
  dir = await mkdtemp(join(tmpdir(), 'switchyard-cli-os-'));
});

afterAll(async () => {
  expectNoSecret(cli.outputs.join('\n'), Object.values(messaging.credentials));
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('switchyard describe', () => {
  it('without a type lists every connector type, as a table and as JSON', async () => {
    const [human, machine] = await Promise.all([cli(['describe']), cli(['describe', '--json'])]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.split('\n')[0]).toMatch(/^TYPE\s+NAME\s+VENDOR\s+ENTITIES$/);
    const listed = JSON.parse(machine.stdout).connectors as { connector_type: string; entities: string[] }[];
    expect(listed.map((c) => c.connector_type)).toEqual(connectors.map((c) => c.name).sort());
    for (const { name, fixture } of connectors) {
      expect(human.stdout).toMatch(new RegExp(`^${name}\\s`, 'm'));
      expect(listed.find((c) => c.connector_type === name)!.entities).toEqual(Object.keys(fixture.pkg.metadata.actions));
    }
  });

  it("a type's entities and actions, as describe_connector answers them", async () => {
    const result = await cli(['describe', 'messaging', '--json']);
    const described = JSON.parse(result.stdout);
    expect(described).toMatchObject({ connector: 'messaging', connector_type: 'messaging', vendor: messaging.pkg.metadata.vendor });
    const actions = Object.values(messaging.pkg.metadata.actions).flatMap((a) => Object.values(a));
    expect(described.entities.flatMap((e: any) => e.actions.map((a: any) => `${e.entity}.${a.action}`)).sort()).toEqual(
      actions.map((a) => `${a.entity}.${a.action}`).sort(),
    );
    const human = await cli(['describe', 'messaging']);
    expect(human.stdout).toMatch(/^users\s+search\s+search\s+hosted only \(--service\)/m);
    expect(human.stdout).toMatch(/^channels\s+create\s+create\s+write\s/m);
  });

  it("an entity's record fields and searchable fields; an action's parameter schema", async () => {
    const entity = JSON.parse((await cli(['describe', 'messaging', 'users', '--json'])).stdout);
    expect(entity.record.type).toBe('User');
    expect(Object.keys(entity.searchable_fields)).toEqual(Object.keys(messaging.pkg.searchableFields['users']!));
    const action = JSON.parse((await cli(['describe', 'messaging', 'users', 'get', '--json'])).stdout);
    expect(action.params).toEqual(messaging.pkg.paramSchemas['users']!['get']);
    const human = await cli(['describe', 'messaging', 'users', 'get']);
    expect(human.stdout).toMatch(/^PARAM\s+TYPE\s+REQUIRED/m);
    expect(human.stdout).toMatch(/^user\s+string\s+yes/m);
  });

  it('an unknown type is a usage error (1); an unknown entity or action a validation error (2) naming the known ones', async () => {
    const [type, entity, action] = await Promise.all([
      cli(['describe', 'nope']),
      cli(['describe', 'messaging', 'nope', '--json']),
      cli(['describe', 'messaging', 'users', 'nope', '--json']),
    ]);
    expect(type.code).toBe(1);
    expect(type.stderr).toMatch(/no such connector type .*known: .*messaging/);
    expect(entity.code).toBe(2);
    expect(jsonError(entity)).toMatchObject({ code: 'validation_failed', retryable: false, issues: [{ path: 'entity', rule: 'enum' }] });
    expect(action.code).toBe(2);
    expect(jsonError(action).message).toContain('known: list, get, search');
    // Named as what was asked: describe, not execute (a trial's nitpick).
    expect(jsonError(entity).message).toMatch(/^messaging describe: 1 invalid parameter/);
    const human = await cli(['describe', 'messaging', 'nope']);
    expect(human.stderr).toMatch(/^switchyard: messaging describe: 1 invalid parameter; entity: "nope" is not an entity/);
  });
});

describe('switchyard exec (open-source)', () => {
  it('answers {data, meta} exactly as the connector does, with --json', async () => {
    const result = await cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '{"limit":3}', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(await direct().execute('users', 'list', { limit: 3 }))));
  });

  it('prints a table for people, with the next page to ask for', async () => {
    const result = await cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '{"limit":2}', '--fields', 'id,name']);
    const page = await direct().execute('users', 'list', { limit: 2 });
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME$/);
    for (const [i, user] of (page.data as { id: string; name: string }[]).entries())
      expect(lines[i + 1]).toMatch(new RegExp(`^${user.id}\\s+${user.name}$`));
    expect(lines[3]).toBe(`2 records; next page: --params '{"cursor":"${page.meta.next_cursor}"}' (with the same other params)`);
  });

  it('--fields projects records to dot paths; --params reads a file or stdin', async () => {
    const file = join(dir, 'params.json');
    await writeFile(file, '{"limit": 2}');
    const [fromFile, fromStdin] = await Promise.all([
      cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', `@${file}`, '--fields', 'id,profile.email', '--json']),
      cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '@-', '--fields', 'id', '--fields', 'profile.email', '--json'], {
        input: '{"limit": 2}',
      }),
    ]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const users = (await direct().execute('users', 'list', { limit: 2 })).data as { id: string; profile: { email?: string } }[];
    const projected = users.map((u) => ({ id: u.id, profile: u.profile.email === undefined ? {} : { email: u.profile.email } }));
    expect(JSON.parse(fromFile.stdout).data).toEqual(projected);
    expect(JSON.parse(fromStdin.stdout).data).toEqual(projected);
  });

  it('a single record prints as key-value lines', async () => {
    const user = (await direct().execute('users', 'list', { limit: 1 })).data as { id: string; name: string }[];
    const result = await cli(['exec', 'messaging', 'users', 'get', ...baseUrl(), '--params', JSON.stringify({ user: user[0]!.id })]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^id\\s+${user[0]!.id}$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^name\\s+${user[0]!.name}$`, 'm'));
  });

  it('exit 1, usage: a missing argument, an unknown option, params that are not a JSON object; nothing is sent', async () => {
    const before = fake.requests.length;
    const cases: [string[], RegExp][] = [
      [['exec', 'messaging', 'users'], /missing <action>/],
      [['exec', 'messaging', 'users', 'list', '--parms', '{}'], /Unknown option '--parms'/],
      [['exec', 'messaging', 'users', 'list', '--params', '{"limit":'], /--params: the value is not valid JSON/],
      [['exec', 'messaging', 'users', 'list', '--params', '[1]'], /must be a JSON object, not an array/],
      [
        ['exec', 'messaging', 'users', 'list', '--params', '@/nonexistent/params.json'],
        /cannot read \/nonexistent\/params.json \(ENOENT\)/,
      ],
      [['exec', 'messaging', 'users', 'list', '--fields', 'a..b'], /not a dot path/],
      [['exec', 'messaging', 'users', 'list', '--external-user-id', 'u1'], /--external-user-id is for hosted mode/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli([...args, ...baseUrl()])));
    for (const [i, result] of results.entries()) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(cases[i]![1]);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('run "switchyard exec --help" for usage');
    }
    const machine = await cli(['exec', 'messaging', 'users', '--json']);
    expect(jsonError(machine)).toEqual({ code: 'usage', message: 'missing <action>', retryable: false });
    expect(fake.requests.length).toBe(before);
  });

  it('exit 2, validation: every bad parameter with its path, before anything is sent', async () => {
    const before = fake.requests.length;
    const result = await cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '{"limit":"ten","extra":1}', '--json']);
    expect(result.code).toBe(2);
    const error = jsonError(result);
    expect(error).toMatchObject({ code: 'validation_failed', retryable: false, class: 'ValidationError' });
    expect((error['issues'] as { path: string }[]).map((i) => i.path).sort()).toEqual(['extra', 'limit']);
    const human = await cli(['exec', 'messaging', 'users', 'get', ...baseUrl()]);
    expect(human.code).toBe(2);
    expect(human.stderr).toBe('switchyard: messaging users.get: 1 invalid parameter; user: is required [required]\n');
    const hostedOnly = await cli(['exec', 'messaging', 'users', 'search', ...baseUrl(), '--json']);
    expect(hostedOnly.code).toBe(2);
    expect(jsonError(hostedOnly).code).toBe('hosted_only');
    expect(fake.requests.length).toBe(before);
  });

  it('exit 3: missing credentials name the variables to set', async () => {
    const result = await cli(['exec', 'messaging', 'users', 'list', '--json'], { env: { SWITCHYARD_MESSAGING_API_TOKEN: '' } });
    expect(result.code).toBe(3);
    expect(jsonError(result)).toMatchObject({ code: 'missing_credentials', retryable: false });
    expect(jsonError(result).message).toContain('SWITCHYARD_MESSAGING_API_TOKEN');
    // What was asked for is checked first: a mistyped entity or action is named even without credentials.
    for (const [entity, action] of [
      ['userz', 'list'],
      ['users', 'lst'],
    ]) {
      const typo = await cli(['exec', 'messaging', entity!, action!, '--json'], { env: { SWITCHYARD_MESSAGING_API_TOKEN: '' } });
      expect(typo.code, `${entity}.${action}`).toBe(2);
      expect(jsonError(typo).code).toBe('validation_failed');
    }
  });

  it('exit 5: a vendor failure (retryable for a 5xx or a dropped connection, not for an error in the body)', async () => {
    fake.failNext('/api/users.list', { kind: 'status', status: 503, headers: { 'retry-after': '0' } }, 3);
    const server = await cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--json']);
    expect(server.code).toBe(5);
    expect(jsonError(server)).toMatchObject({ code: 'server_error', retryable: true, class: 'ServerError' });
    const vendor = await cli(['exec', 'messaging', 'users', 'get', ...baseUrl(), '--params', '{"user":"U_NOBODY"}', '--json']);
    expect(vendor.code).toBe(5);
    expect(jsonError(vendor)).toMatchObject({ code: 'vendor_error', retryable: false });
    const refused = await cli(['exec', 'messaging', 'users', 'list', '--base-url', 'messaging=http://127.0.0.1:1/api']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(/^switchyard: messaging users\.list could not complete/);
  });

  it('exit 6: rate limited, retryable, with the wait the vendor asked for', async () => {
    fake.failNext('/api/users.list', { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, 3);
    const result = await cli(['exec', 'messaging', 'users', 'list', ...baseUrl(), '--json']);
    expect(result.code).toBe(6);
    expect(jsonError(result)).toMatchObject({ code: 'rate_limited', retryable: true, class: 'RateLimitError', retry_after_ms: 0 });
  });

  it("a download streams the file's bytes to --output, or to stdout", async () => {
    const entry = connectors.flatMap(({ name, fixture }) => {
      const download = Object.values(fixture.pkg.metadata.actions)
        .flatMap((a) => Object.values(a))
        .find((a: ActionMetadata) => a.kind === 'download' && !a.hostedOnly && fixture.examples[`${a.entity}.${a.action}`]);
      return download ? [{ name, fixture, download }] : [];
    })[0];
    if (!entry) return console.warn('[cli] no connector has a download action with an example; the download test has nothing to run');
    const { name, fixture, download } = entry;
    // describe says what a download returns: bytes, not "a result".
    expect((await cli(['describe', name, download.entity, download.action])).stdout).toMatch(/returns +the file’s bytes/);
    const server = await fixture.start();
    try {
      const params = fixture.examples[`${download.entity}.${download.action}`]!(server);
      const expected = await readAll(
        (
          await fixture
            .create({ auth: fixture.credentials, baseUrl: fixture.baseUrl(server) })
            .execute(download.entity, download.action, params)
        ).data as AsyncIterable<Uint8Array>,
      );
      const args = [
        'exec',
        name,
        download.entity,
        download.action,
        '--base-url',
        `${name}=${fixture.baseUrl(server)}`,
        '--params',
        JSON.stringify(params),
      ];
      const env = envFor(name, { ...fixture.credentials, ...fixture.config });
      const file = join(dir, 'download.bin');
      // To stdout through the built bin: the bytes leave through a pipe before the process exits.
      const [toFile, toStdout] = await Promise.all([cli([...args, '--output', file, '--json'], { env }), cli.bin(args, { env })]);
      expect(toFile.code, toFile.stderr).toBe(0);
      expect(JSON.parse(toFile.stdout)).toMatchObject({ file, bytes: expected.byteLength });
      await expect((await import('node:fs/promises')).readFile(file)).resolves.toEqual(Buffer.from(expected));
      expect(Buffer.from(toStdout.stdout, 'utf8').byteLength).toBeGreaterThan(0);
      const noOutput = await cli([...args, '--json'], { env });
      expect(noOutput.code).toBe(1);
      expect(jsonError(noOutput).message).toContain('--output');

      // A file that cannot be written fails with its reason, never a silent success (seen in a trial:
      // exit 0, no file, no line). A missing folder or a folder as the file: refused before the call.
      const asked = server.requests.length;
      for (const output of [join(dir, 'no-such-folder', 'x.bin'), dir]) {
        const refused = await cli([...args, '--output', output, '--json'], { env });
        expect(refused.code, output).toBe(1);
        expect(jsonError(refused).message).toContain(`--output ${output}`);
      }
      expect(server.requests.length).toBe(asked);
      // A write that fails mid-way (a full disk: Linux's /dev/full refuses every write).
      if (existsSync('/dev/full')) {
        const full = await cli([...args, '--output', '/dev/full', '--json'], { env });
        expect(full.code).not.toBe(0);
        expect(jsonError(full).message).toMatch(/ENOSPC/);
      }
      cli.outputs.push(''); // the file's bytes are not text to search for credentials in
    } finally {
      await server.close();
    }
  });
});

describe('switchyard completion', () => {
  const bashHas = spawnSync('bash', ['--version']).status === 0;

  it('bash: a script bash accepts, completing commands, connector types, subcommands and option values', async () => {
    if (!bashHas) return console.warn('[cli] bash is not installed; skipping the bash completion test');
    const script = (await cli(['completion', 'bash'])).stdout;
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
    const complete = (line: string[]) => {
      const words = line.map((w) => `'${w}'`).join(' ');
      const result = spawnSync(
        'bash',
        ['-c', `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _switchyard; printf '%s\\n' "\${COMPREPLY[@]}"`],
        {
          encoding: 'utf8',
        },
      );
      expect(result.status, result.stderr).toBe(0);
      return result.stdout.trim().split('\n').filter(Boolean);
    };
    const types = connectors.map((c) => c.name).sort();
    expect(complete(['switchyard', ''])).toEqual(
      expect.arrayContaining(['describe', 'exec', 'connectors', 'search', 'sync', 'login', 'completion', 'mcp', 'tools', 'serve']),
    );
    expect(complete(['switchyard', 'exec', ''])).toEqual(types);
    expect(complete(['switchyard', 'describe', '--json', ''])).toEqual(types);
    expect(complete(['switchyard', 'mcp', '--connector', 'mess'])).toEqual(['messaging']);
    expect(complete(['switchyard', 'tools', '--provider', ''])).toEqual(['openai', 'anthropic', 'gemini', 'mcp']);
    expect(complete(['switchyard', 'connectors', ''])).toEqual(['list', 'create', 'delete']);
    expect(complete(['switchyard', 'sync', '--'])).toEqual(
      expect.arrayContaining(['--wait', '--timeout', '--json', '--profile', '--service']),
    );
    expect(complete(['switchyard', 'exec', 'messaging', ''])).toEqual([]);
  });

  it.each(['zsh', 'fish'])('%s: a script the shell parses', async (shell) => {
    const script = (await cli(['completion', shell])).stdout;
    expect(script).toContain('describe');
    for (const { name } of connectors) expect(script).toContain(name);
    if (spawnSync(shell, ['--version']).error)
      return console.warn(`[cli] ${shell} is not installed; only the script's content was checked`);
    const file = join(dir, `completion.${shell}`);
    await writeFile(file, script);
    const result = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });

  it('an unknown shell is a usage error', async () => {
    const result = await cli(['completion', 'tcsh']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the shells are bash, zsh, fish');
  });
});

describe('the built bin', () => {
  it('answers every command exactly as the runs in this process do: exit code, stdout and stderr', async () => {
    const runs = await sameThroughTheBin(
      cli,
      [
        ['describe', '--json'],
        ['describe', 'messaging', 'users', 'get'],
        ['describe', 'nope'],
        ['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '{"limit":2}', '--fields', 'id,name'],
        ['exec', 'messaging', 'users', 'get', ...baseUrl(), '--params', '{"user":"U_NOBODY"}', '--json'],
        ['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '{"limit":"ten","extra":1}', '--json'],
        ['exec', 'messaging', 'users', 'list', ...baseUrl(), '--params', '@-', '--fields', 'id', '--json'],
        ['completion', 'fish'],
        ['exec', '--help'],
      ],
      { input: '{"limit":1}' },
    );
    expect(runs.map((run) => run.code)).toEqual([0, 0, 1, 0, 5, 2, 0, 0, 0]);
  });
});

describe('--help', () => {
  it('every CLI command lists its usage, options and the exit codes', async () => {
    const commands = ['describe', 'exec', 'connectors', 'search', 'sync', 'login', 'completion'];
    const results = await Promise.all(commands.map((c) => cli([c, '--help'])));
    for (const [i, result] of results.entries()) {
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`switchyard ${commands[i]}`);
      expect(result.stdout).toContain('--help');
    }
    expect(results[1]!.stdout).toContain('1 usage, 2 validation, 3 authentication or permission, 4 not found');
    const top = await cli(['--help']);
    for (const command of commands) expect(top.stdout).toContain(`switchyard ${command}`);
  });
});
