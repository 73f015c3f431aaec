/**
 * Installable as published, proven end to end: every published package is packed with pnpm (as
 * `pnpm publish` packs it), the tarballs are installed with npm into a bare project outside the
 * repository, and `switchyard serve` is started from that project's node_modules/.bin on a
 * throwaway data directory, every connector family pointed at its vendor fake (test/fakes, started
 * here; the operator's `--vendor-base-url`). A platform then creates an application, tokens and one
 * connector per family that has hosted search, waits for each first sync, and searches every
 * searchable entity through the installed connector package's hosted client, imported by a script
 * in the bare project. Nothing of the repository is on that side: npm resolved it all. The
 * installed generator's bin, run on a spec outside the repository, writes byte for byte the
 * package the repository's own generator writes (its spec schema, templates and formatting
 * travel in its tarball).
 *
 * The registry: npm installs the third-party dependencies from its cache when the cache holds them
 * all (`--offline`, tried first; it resolves with the metadata the cache holds, which may be older
 * than the registry's), else from the registry (`--prefer-offline`; a CI machine with a fresh npm
 * cache resolves what a new user would get). Offline with a cache that lacks some, this file
 * skips with a message; under CI (`CI` set, as .ci/run sets it), where the registry is part of the
 * environment, that is a failure instead.
 */
// @module-tag long
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorMetadata } from '@switchyard/runtime';
import type { FakeServer } from '../fakes/harness.js';
import { platformClient, replicationConfig, type ConnectorStatus, type JsonSchema } from '../hosted/service.js';
import { connectors } from '../matrix/registry.js';
import { notesSpec } from '../plugins/notes-vendor.js';
import { specNames } from '../support/connectors.js';
import { childEnv, ok, packPublished, root, type PackedPackage } from './published-set.js';

const ADMIN_TOKEN = 'installed-set-admin-token-0b1c2d3e4f5a6b7c';
const EXTERNAL_USER = 'installed-user-1';
const SEARCH_LIMIT = 5;
/** npm on a loaded 2-core machine with a cold cache; the sync of every family. */
const INSTALL_TIMEOUT_MS = 240_000;
const SERVE_TIMEOUT_MS = 90_000;

const temp = mkdtempSync(join(tmpdir(), 'switchyard-installed-'));
const bare = join(temp, 'bare-project');
let packed: PackedPackage[] = [];
/** What npm printed while installing. */
let installOutput: string | undefined;
/** Why the install could not run (no registry and an incomplete cache), when it could not. */
let skipped: string | undefined;

/**
 * The environment a user's shell gives npm and the service: none of the variables pnpm and vitest
 * set for this run (npm would read pnpm's `npm_config_*` as its own configuration), and none of
 * the machine's own service settings (the service runs on its embedded store here).
 */
const userEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(
    Object.entries(childEnv()).filter(([key]) => !/^(npm|pnpm)_/i.test(key) && !key.startsWith('SWITCHYARD_') && key !== 'DATABASE_URL'),
  ),
  ...extra,
});

const npm = (args: string[]): SpawnSyncReturns<string> =>
  spawnSync('npm', args, { cwd: bare, env: userEnv(), encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });

/** npm's answer when it could not reach the registry (or, offline, found a package missing from its cache). */
const NETWORK_FAILURE = /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH|HOSTUNREACH|NOTCACHED)|network|offline/i;

beforeAll(() => {
  mkdirSync(join(temp, 'tarballs'));
  packed = packPublished(join(temp, 'tarballs'));
  mkdirSync(bare, { recursive: true });
  writeFileSync(join(bare, 'package.json'), `${JSON.stringify({ name: 'bare-project', version: '1.0.0', private: true }, null, 2)}\n`);
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=warn', ...packed.map((p) => p.tarball)];
  const offline = npm([...args, '--offline']);
  if (offline.status === 0) {
    installOutput = `${offline.stdout}${offline.stderr}`;
    return;
  }
  const online = npm([...args, '--prefer-offline']);
  const output = `${online.stdout}${online.stderr}`;
  if (online.status === 0) installOutput = output;
  else if (NETWORK_FAILURE.test(output) && !process.env['CI']) {
    const lines = output.split('\n').filter((line) => NETWORK_FAILURE.test(line));
    const reason = (lines.find((line) => line.includes('request to')) ?? lines[0]!).replace(/^npm error (FetchError: )?/, '');
    skipped = `npm could not reach the registry, and its cache lacks some of the service's dependencies (${reason})`;
    console.warn(`test/packaging/installed.test.ts skipped: ${skipped}`);
  } else ok(online, 'npm install of the packed tarballs');
}, INSTALL_TIMEOUT_MS * 2);

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  await rm(temp, { recursive: true, force: true });
}, 120_000);

describe('the published set, installed with npm from its tarballs', () => {
  it('installs with no engine warning on this Node, one copy of each package, every package at its packed version', (context) => {
    if (skipped) context.skip(skipped);
    // npm warns (EBADENGINE) for every installed dependency whose engines exclude this Node.
    expect(installOutput).toBeDefined();
    expect(installOutput).not.toMatch(/EBADENGINE/);
    for (const { name, version } of packed) {
      const installed = JSON.parse(readFileSync(join(bare, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, name).toBe(version);
    }
    // `^` ranges between the packages let npm share one copy: none is nested under another.
    for (const { name } of packed) expect(existsSync(join(bare, 'node_modules', name, 'node_modules', '@switchyard')), name).toBe(false);
  });

  it(
    '`switchyard serve` from node_modules/.bin syncs a connector of every family, and the installed hosted clients search it',
    { timeout: INSTALL_TIMEOUT_MS },
    async (context) => {
      if (skipped) context.skip(skipped);
      const searchable = connectors
        .map(({ name, fixture }) => ({ name, fixture, entities: searchEntities(fixture.pkg.metadata) }))
        .filter((c) => c.entities.length > 0);
      expect(searchable.length).toBeGreaterThan(0);

      const fakes = new Map<string, FakeServer>();
      for (const { name, fixture } of searchable) fakes.set(name, await fixture.start());
      cleanup.push(async () => void (await Promise.all([...fakes.values()].map((fake) => fake.close()))));
      const url = await serve(searchable.map(({ name, fixture }) => `${name}=${fixture.baseUrl(fakes.get(name)!)}`));

      const platform = await platformClient(url, ADMIN_TOKEN);
      // Every connector first, then every first sync: the service runs them side by side.
      const created: { family: string; connectorId: string; entities: string[] }[] = [];
      for (const { name, fixture, entities } of searchable) {
        const replication = replicationConfig(fixture.pkg['replicationSchema'] as JsonSchema | undefined);
        const { id } = await platform.createConnector(EXTERNAL_USER, name, fixture.credentials, replication, fixture.config);
        created.push({ family: name, connectorId: id, entities });
      }
      const runs: { family: string; connectorId: string; entities: string[]; status: ConnectorStatus }[] = await Promise.all(
        created.map(async (run) => ({ ...run, status: await platform.waitForSync(run.connectorId) })),
      );

      const searched = searchFromBareProject({
        baseUrl: url,
        externalUserId: EXTERNAL_USER,
        clientId: platform.application.clientId,
        clientSecret: platform.application.clientSecret,
        searches: created,
        limit: SEARCH_LIMIT,
      });
      for (const run of runs) {
        for (const entity of run.entities) {
          const result = searched.find((s) => s.family === run.family && s.entity === entity)!;
          // The client came from the bare project's node_modules, not from this repository.
          expect(result.resolved, `${run.family}`).toBe(
            `file://${join(bare, 'node_modules', '@switchyard', `connector-${run.family}`, 'dist', 'index.js')}`,
          );
          const records = run.status.entities.find((e) => e.entity === entity)!.records;
          expect(records, `${run.family}.${entity}: the fake has records to sync`).toBeGreaterThan(0);
          expect(result.hits, `${run.family}.${entity}`).toBe(Math.min(SEARCH_LIMIT, records));
        }
      }
    },
  );
});

describe('the generator, installed with npm from its tarball', () => {
  it('switchyard-generate from node_modules/.bin writes, outside the repository, the package the repository generator writes', (context) => {
    if (skipped) context.skip(skipped);
    const family = ['notes', 'notes-book', 'notes-kept'].find((name) => !specNames().includes(name))!;
    const specDir = join(temp, 'author');
    mkdirSync(specDir, { recursive: true });
    writeFileSync(join(specDir, `${family}.yaml`), notesSpec(family));
    const generate = (bin: string, out: string) =>
      ok(
        spawnSync(process.execPath, [bin, `${family}.yaml`, '--out', out], {
          cwd: specDir,
          env: userEnv(),
          encoding: 'utf8',
          timeout: 120_000,
        }),
        `${bin} ${family}.yaml --out ${out}`,
      );
    // The installed bin is npm's link to the package's shim; node runs the shim itself.
    generate(join(bare, 'node_modules', '@switchyard', 'generator', 'bin', 'switchyard-generate.js'), 'installed');
    generate(join(root, 'generator', 'bin', 'switchyard-generate.js'), 'from-repository');
    const files = (dir: string) =>
      readdirSync(join(specDir, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(join(specDir, dir).length + 1))
        .sort();
    expect(files('installed')).toEqual(files('from-repository'));
    for (const file of files('installed'))
      expect(readFileSync(join(specDir, 'installed', file), 'utf8'), file).toBe(
        readFileSync(join(specDir, 'from-repository', file), 'utf8'),
      );
    expect(existsSync(join(bare, 'node_modules', '.bin', 'switchyard-generate'))).toBe(true);
  });
});

/** The entities of a connector with a hosted `search` action. */
function searchEntities(metadata: ConnectorMetadata): string[] {
  return Object.entries(metadata.actions)
    .filter(([, actions]) => Object.values(actions).some((action) => action.kind === 'search'))
    .map(([entity]) => entity)
    .sort();
}

/** Starts the installed service's bin as a user would and returns its URL from the one line it prints. */
async function serve(vendorBaseUrls: string[]): Promise<string> {
  const dataDir = join(temp, 'data');
  const args = ['serve', '--data-dir', dataDir, '--port', '0', ...vendorBaseUrls.flatMap((v) => ['--vendor-base-url', v])];
  const child: ChildProcess = spawn(join(bare, 'node_modules', '.bin', 'switchyard'), args, {
    cwd: bare,
    env: userEnv({ SWITCHYARD_ADMIN_TOKEN: ADMIN_TOKEN, SWITCHYARD_LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`switchyard serve printed no "listening on" line in time; stderr:\n${err}`)),
      SERVE_TIMEOUT_MS,
    );
    child.stdout!.on('data', () => {
      const match = /^listening on (http:\/\/\S+)\n/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`switchyard serve exited with ${code} before listening; stderr:\n${err}`));
    });
  });
}

interface SearchRequest {
  baseUrl: string;
  externalUserId: string;
  clientId: string;
  clientSecret: string;
  searches: { family: string; connectorId: string; entities: string[] }[];
  limit: number;
}

/**
 * A user's script in the bare project: imports each connector package by name, takes its
 * connector class (the export with a static `hosted`), and searches through the hosted client.
 */
const SEARCH_SCRIPT = `
const request = JSON.parse(process.argv[2]);
const results = [];
for (const { family, connectorId, entities } of request.searches) {
  const specifier = '@switchyard/connector-' + family;
  const pkg = await import(specifier);
  const Connector = Object.values(pkg).find((value) => typeof value === 'function' && typeof value.hosted === 'function');
  const { baseUrl, externalUserId, clientId, clientSecret } = request;
  const connector = Connector.hosted({ baseUrl, externalUserId, clientId, clientSecret, connectorId });
  for (const entity of entities) {
    const { data } = await connector.execute(entity, 'search', { query: {}, limit: request.limit });
    results.push({ family, entity, resolved: import.meta.resolve(specifier), hits: data.length });
  }
}
process.stdout.write(JSON.stringify(results));
`;

function searchFromBareProject(request: SearchRequest): { family: string; entity: string; resolved: string; hits: number }[] {
  writeFileSync(join(bare, 'search.mjs'), SEARCH_SCRIPT);
  const result = spawnSync(process.execPath, ['search.mjs', JSON.stringify(request)], {
    cwd: bare,
    env: userEnv(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  ok(result, 'the search script in the bare project');
  return JSON.parse(result.stdout) as { family: string; entity: string; resolved: string; hits: number }[];
}
