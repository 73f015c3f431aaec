/**
 * "Add a connector by writing a spec", end to end, in a temporary copy of the repository (the
 * repository itself is never touched): `pnpm new-connector throwaway-widget`, an edit to the spec,
 * `pnpm generate`, `pnpm generate --check`, a build of the runtime and the new package, and the
 * shared connector matrix for it must all succeed with no other step — which holds only if the
 * tooling wired the package into the root and server manifests, the server's catalog, the lockfile
 * and node_modules. Then removing the spec must unwire and delete it again.
 *
 * The copy gets its node_modules from the local pnpm store (`pnpm install --offline
 * --frozen-lockfile`, hard links, a few seconds); nothing is downloaded.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FAMILY = 'throwaway-widget';
const PACKAGE = `@switchyard/connector-${FAMILY}`;
/** Per command; the whole scenario takes about 30 s on 2 cores. */
const STEP_TIMEOUT_MS = 120_000;
/** Build output, dependencies and VCS state: recreated or not needed in the copy. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.turbo']);

let copy: string;

/** The environment of a child command: this vitest run's own variables would confuse the copy's vitest. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TINYPOOL_WORKER_ID') delete env[key];
  return env;
}

/** Runs pnpm in the copy: the pnpm that runs this suite when there is one (CI runs it through npx), else the one on PATH. */
function pnpm(args: string[], extraEnv: Record<string, string> = {}): SpawnSyncReturns<string> {
  const execPath = process.env['npm_execpath'];
  const options = { cwd: copy, encoding: 'utf8' as const, timeout: STEP_TIMEOUT_MS, env: childEnv(extraEnv), maxBuffer: 64 * 1024 * 1024 };
  if (execPath && /pnpm/.test(execPath) && /\.[cm]?js$/.test(execPath)) return spawnSync(process.execPath, [execPath, ...args], options);
  return spawnSync(execPath && /pnpm/.test(execPath) ? execPath : 'pnpm', args, options);
}

function ok(result: SpawnSyncReturns<string>, what: string): string {
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status}, ${result.error?.message ?? 'no spawn error'}):\n${output.slice(-6000)}`);
  return output;
}

const readJson = (path: string) => JSON.parse(readFileSync(join(copy, path), 'utf8')) as Record<string, Record<string, string>>;
const read = (path: string) => readFileSync(join(copy, path), 'utf8');

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'switchyard-new-connector-'));
  cpSync(root, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(basename(src)) });
  ok(pnpm(['install', '--offline', '--frozen-lockfile']), 'pnpm install --offline --frozen-lockfile in the copy');
}, STEP_TIMEOUT_MS);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('adding a connector by writing a spec', { timeout: STEP_TIMEOUT_MS * 2 }, () => {
  it('pnpm new-connector scaffolds the spec, a fake and a matrix fixture, generates the package and wires it in', () => {
    expect(existsSync(join(copy, 'specs', `${FAMILY}.yaml`))).toBe(false);
    const output = ok(pnpm(['new-connector', FAMILY]), 'pnpm new-connector');

    for (const file of [`specs/${FAMILY}.yaml`, `test/fakes/${FAMILY}.ts`, `test/matrix/connectors/${FAMILY}.ts`]) {
      expect(existsSync(join(copy, file)), file).toBe(true);
    }
    expect(readJson(`packages/connector-${FAMILY}/package.json`)['name']).toBe(PACKAGE);
    // The wiring nobody has to write by hand.
    expect(readJson('package.json')['devDependencies']![PACKAGE]).toBe('workspace:*');
    expect(readJson('packages/server/package.json')['dependencies']![PACKAGE]).toBe('workspace:^');
    expect(read('packages/server/src/execution/connector-packages.ts')).toContain(`from '${PACKAGE}';`);
    expect(read('pnpm-lock.yaml')).toContain(`\n  packages/connector-${FAMILY}:\n`);
    expect(read('pnpm-lock.yaml')).toContain(`version: link:packages/connector-${FAMILY}\n`);
    // Linked where the root tests and the server import it from.
    expect(existsSync(join(copy, 'node_modules', PACKAGE, 'package.json'))).toBe(true);
    expect(existsSync(join(copy, 'packages', 'server', 'node_modules', PACKAGE, 'package.json'))).toBe(true);
    expect(output).toContain('running pnpm install --offline --frozen-lockfile');
  });

  it('an edited spec regenerates without another install, and --check finds the wiring and lockfile in step', () => {
    const specFile = join(copy, 'specs', `${FAMILY}.yaml`);
    const spec = readFileSync(specFile, 'utf8');
    // What a newcomer does first: describe the vendor (the fake already answers what the starter spec declares).
    writeFileSync(specFile, spec.replace('vendor: TODO vendor API name', 'vendor: Widget REST API'));
    const generated = ok(pnpm(['generate']), 'pnpm generate');
    expect(generated).toContain(`wrote packages/connector-${FAMILY}/README.md`);
    expect(generated).not.toContain('running pnpm install');
    expect(read(`packages/connector-${FAMILY}/README.md`)).toContain('Widget REST API');

    // Named family: its package is compared; the wiring and lockfile are for every spec whatever the filter.
    const check = ok(pnpm(['generate', '--check', FAMILY]), 'pnpm generate --check');
    expect(check).toContain('the workspace wiring and pnpm-lock.yaml name all');
  });

  it('builds, and the shared connector matrix runs green for it', () => {
    ok(pnpm(['--filter', `${PACKAGE}...`, 'build']), 'building the runtime and the new package');
    expect(existsSync(join(copy, 'packages', `connector-${FAMILY}`, 'dist', 'index.js'))).toBe(true);

    const report = join(copy, 'matrix-report.json');
    ok(
      pnpm(['exec', 'vitest', 'run', 'test/matrix', '--reporter=json', `--outputFile=${report}`], { SWITCHYARD_MATRIX_ONLY: FAMILY }),
      `SWITCHYARD_MATRIX_ONLY=${FAMILY} vitest run test/matrix`,
    );
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
    };
    expect(results.numFailedTests).toBe(0);
    // Every behaviour file of the matrix ran tests for the new connector (not an empty, vacuous pass).
    for (const file of ['requests', 'pagination', 'failures', 'timeouts', 'validation', 'secrets', 'registry']) {
      const ran = results.testResults.find((r) => r.name.endsWith(`test/matrix/${file}.test.ts`));
      expect(ran, file).toBeDefined();
      const passed = ran!.assertionResults.filter((a) => a.status === 'passed');
      expect(passed.length, file).toBeGreaterThan(0);
      if (file !== 'registry')
        expect(
          passed.every((a) => a.fullName.includes(FAMILY)),
          file,
        ).toBe(true);
    }
  });

  it('removing the spec removes the package and its wiring, and names the handwritten files left', () => {
    rmSync(join(copy, 'specs', `${FAMILY}.yaml`));
    const output = ok(pnpm(['generate']), 'pnpm generate after removing the spec');
    expect(existsSync(join(copy, 'packages', `connector-${FAMILY}`))).toBe(false);
    expect(readJson('package.json')['devDependencies']![PACKAGE]).toBeUndefined();
    expect(readJson('packages/server/package.json')['dependencies']![PACKAGE]).toBeUndefined();
    expect(read('packages/server/src/execution/connector-packages.ts')).not.toContain(PACKAGE);
    expect(read('pnpm-lock.yaml')).not.toContain(`connector-${FAMILY}`);
    expect(existsSync(join(copy, 'node_modules', PACKAGE))).toBe(false);
    expect(output).toContain(`delete what still imports it: test/matrix/connectors/${FAMILY}.ts, test/fakes/${FAMILY}.ts`);
    const remaining = readdirSync(join(copy, 'specs'))
      .find((f) => f.endsWith('.yaml'))!
      .replace(/\.yaml$/, '');
    ok(pnpm(['generate', '--check', remaining]), 'pnpm generate --check after removing the spec');
  });
});
