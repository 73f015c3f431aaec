/**
 * Adding and removing connectors keeps the repository green, end to end, in a temporary copy of it
 * (the repository itself is never touched).
 *
 * Adding, as a newcomer does: `pnpm new-connector throwaway-widget`, an edit to the spec,
 * `pnpm generate` and `pnpm generate --check` must wire the package into the root and server
 * manifests, the server's catalog, the lockfile and node_modules with no other step. Removing, as
 * CONTRIBUTING.md describes it: two specs that were there before are deleted, `pnpm generate`
 * unwires and deletes their packages and names the handwritten files left, and those are deleted.
 *
 * Then, with one connector more and two fewer (so the set and its size both differ from the
 * repository's), a build of what changed and one vitest run of every suite that depends on the set
 * of connectors (test/support/catalog-dependents.ts finds them from the code: the server's suites
 * that reach its catalog, the matrix, the dual-mode suite, packaging, parameter schemas, whatever
 * lists specs/) must pass: no suite may hard-code the set or its size, or depend on a connector
 * outside that connector's own files unless it declares it and is left out when it is gone
 * (test/support/example-connectors.ts).
 *
 * Kept fast (CONTRIBUTING.md, "Tests and the set of connectors", has the figures): one copy, its
 * node_modules linked from the local pnpm store (`pnpm install --offline --frozen-lockfile`, hard
 * links, nothing downloaded), the built `dist/` of every package reused so only the new package and
 * the server are built, one vitest run on PGlite only, and the suites that run once per connector
 * (matrix, dual-mode, packaging, parameter schemas) run for the new connector only
 * (SWITCHYARD_MATRIX_ONLY): their instances for the others are the tests the main run already ran.
 * The generator's own suites are not run again: this file runs the generator on the changed set.
 *
 * `pnpm test` runs the scaffolding, wiring and removal; the run of the dependent suites in the copy
 * is `pnpm test:add-connector` (CI runs both): it runs tests the main run has just run, again.
 */
// @module-tag long
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogDependentSuites, suiteFiles } from '../../test/support/catalog-dependents.js';
import { specNames } from '../../test/support/connectors.js';
import { declaredConnectors, referenceConnector } from '../../test/support/example-connectors.js';
import { SUITE_INCLUDE } from '../../test/support/suites.js';
import { FORMAT_CACHE_ENV, formatCacheDir } from '../src/output/format-cache.js';
import { CATALOG_FILE, LOADERS_FILE, WIRED_SOURCE_FILES } from '../src/workspace/workspace-wiring.js';

const root = join(import.meta.dirname, '..', '..');
/**
 * The connector added. Built rather than written out: in the copy it is a connector, and a suite that
 * names one as a string must declare it as its example (test/support/example-connectors.ts).
 */
const FAMILY = ['throwaway', 'widget'].join('-');
const PACKAGE = `@switchyard/connector-${FAMILY}`;
/** How many connectors that were there before are removed: two, so the count differs from the repository's too. */
const REMOVED_COUNT = 2;
/** Per command but the suite run. */
const STEP_TIMEOUT_MS = 120_000;
/** The dependent suites in the copy, on a machine the main run also loads. */
const SUITES_TIMEOUT_MS = 600_000;
/**
 * Whether this run also runs every dependent suite in the copy (the last test). `pnpm test` does
 * not: that run executes again, in the changed copy, tests the main run has just executed, and it
 * cost more CPU than every other file together (CONTRIBUTING.md, "Where the suite's time goes").
 * `pnpm test:add-connector` sets it, and CI runs that after `pnpm test`.
 */
const ADD_CONNECTOR_ENV = 'SWITCHYARD_ADD_CONNECTOR_CHECK';
const runDependentSuites = process.env[ADD_CONNECTOR_ENV] === '1';
if (!runDependentSuites)
  console.info(
    `[switchyard] the run of every dependent suite with a connector added and two removed is left to \`pnpm test:add-connector\` (${ADD_CONNECTOR_ENV}=1; CI runs it): this run scaffolds, wires and removes them only.`,
  );
/** Dependencies and VCS state: recreated or not needed in the copy. Built `dist/` is copied and reused. */
const NOT_COPIED = new Set(['node_modules', '.git', '.turbo', 'coverage']);

let copy: string;
/** The connectors removed, and the suites that declare one of them as their example. */
let removed: { families: string[]; users: Map<string, string[]> };

/** The environment of a child command: this vitest run's own variables would confuse the copy's vitest. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TINYPOOL_WORKER_ID') delete env[key];
  // The PostgreSQL variants check the same assertions on another engine; the set of connectors is seen on PGlite.
  delete env['SWITCHYARD_TEST_DATABASE_URL'];
  // The copy formats with the repository's formatting cache (src/output/format-cache.ts), not one of
  // its own that starts empty: an entry depends only on prettier, its settings and the text.
  const formatCache = formatCacheDir(process.env, join(root, 'generator'));
  if (formatCache !== undefined) env[FORMAT_CACHE_ENV] ??= formatCache;
  return env;
}

/** Runs pnpm in the copy: the pnpm that runs this suite when there is one (CI runs it through npx), else the one on PATH. */
function pnpm(args: string[], extraEnv: Record<string, string> = {}, timeout = STEP_TIMEOUT_MS): SpawnSyncReturns<string> {
  const execPath = process.env['npm_execpath'];
  const options = { cwd: copy, encoding: 'utf8' as const, timeout, env: childEnv(extraEnv), maxBuffer: 64 * 1024 * 1024 };
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

/**
 * The connectors to remove: ones that were there before, those the fewest suites use as their
 * example (so the run leaves out as few suites as it can), never the quickstart's reference
 * connector, which the examples and benchmarks import by name.
 */
function connectorsToRemove(): { families: string[]; users: Map<string, string[]> } {
  const users = new Map(specNames(join(copy, 'specs')).map((family) => [family, [] as string[]]));
  users.delete(FAMILY);
  users.delete(referenceConnector(copy) ?? '');
  for (const file of suiteFiles(copy, SUITE_INCLUDE))
    for (const family of declaredConnectors(readFileSync(join(copy, file), 'utf8'))) users.get(family)?.push(file);
  const families = [...users.keys()]
    .sort((a, b) => users.get(a)!.length - users.get(b)!.length || (a < b ? -1 : 1))
    .slice(0, REMOVED_COUNT);
  return { families, users: new Map(families.map((family) => [family, users.get(family)!])) };
}

interface SuiteReport {
  testResults: {
    name: string;
    status: string;
    message: string;
    assertionResults: { fullName: string; status: string; duration?: number; failureMessages?: string[] }[];
  }[];
}

/**
 * The first line of a failed test's first error. Vitest's JSON report carries stacks, and a
 * timeout's stack starts "Error: STACK_TRACE_ERROR" (the error it captured where the test was
 * declared), which says nothing: that one is told as the timeout it is.
 */
function firstLineOfWhy(result: { duration?: number; failureMessages?: string[] }): string {
  const line = (result.failureMessages?.[0] ?? '').split('\n')[0]!;
  return line.includes('STACK_TRACE_ERROR') ? `timed out (after ${Math.round(result.duration ?? 0)} ms)` : line;
}

/** The report of one suite, by its root-relative path. */
function suiteResult(report: SuiteReport, path: string) {
  return report.testResults.find((r) => r.name.endsWith(`/${path}`));
}

beforeAll(() => {
  // On disk, not in the suites' in-memory temp directory (test/support/scratch-dir.ts): pnpm installs
  // offline only from a package store on the copy's own file system, and it hard-links from there.
  copy = mkdtempSync(join(process.env['SWITCHYARD_DISK_TMPDIR'] ?? tmpdir(), 'switchyard-new-connector-'));
  cpSync(root, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(basename(src)) });
  ok(pnpm(['install', '--offline', '--frozen-lockfile']), 'pnpm install --offline --frozen-lockfile in the copy');
}, STEP_TIMEOUT_MS);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('adding and removing connectors keeps every suite green', { timeout: SUITES_TIMEOUT_MS + STEP_TIMEOUT_MS * 2 }, () => {
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
    expect(read(CATALOG_FILE)).toContain(`from '${PACKAGE}';`);
    expect(read(LOADERS_FILE)).toContain(`import('${PACKAGE}')`);
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
    // Only the edited family: every spec's package is checked by generate.test.ts.
    const generated = ok(pnpm(['generate', FAMILY]), `pnpm generate ${FAMILY}`);
    expect(generated).toContain(`wrote packages/connector-${FAMILY}/README.md`);
    expect(generated).not.toContain('running pnpm install');
    expect(read(`packages/connector-${FAMILY}/README.md`)).toContain('Widget REST API');

    // Named family: its package is compared; the wiring and lockfile are for every spec whatever the filter.
    const check = ok(pnpm(['generate', '--check', FAMILY]), 'pnpm generate --check');
    expect(check).toContain('the workspace wiring and pnpm-lock.yaml name all');
  });

  it('removing specs that were there before unwires and deletes their packages and names their handwritten files', () => {
    removed = connectorsToRemove();
    expect(removed.families).toHaveLength(REMOVED_COUNT);
    for (const family of removed.families) rmSync(join(copy, 'specs', `${family}.yaml`));
    // Named or not, a run removes the packages whose spec is gone and rewires for the specs present
    // (generator/src/repository.ts), so it names only the quickest family to regenerate: the new one.
    const output = ok(pnpm(['generate', FAMILY]), `pnpm generate ${FAMILY} after removing specs/{${removed.families.join(',')}}.yaml`);

    for (const family of removed.families) {
      const name = `@switchyard/connector-${family}`;
      expect(existsSync(join(copy, 'packages', `connector-${family}`)), family).toBe(false);
      expect(readJson('package.json')['devDependencies']![name]).toBeUndefined();
      expect(readJson('packages/server/package.json')['dependencies']![name]).toBeUndefined();
      for (const file of WIRED_SOURCE_FILES) expect(read(file), file).not.toContain(name);
      expect(read('pnpm-lock.yaml')).not.toContain(`connector-${family}`);
      expect(existsSync(join(copy, 'node_modules', name)), `node_modules/${name}`).toBe(false);

      // The handwritten files it names are deleted, as CONTRIBUTING.md says.
      const named = new RegExp(`removed connector ${family}: delete what still imports it: (.+)`).exec(output)?.[1];
      expect(named, output).toBeDefined();
      const leftovers = named!.split(', ');
      expect(leftovers).toContain(`test/matrix/connectors/${family}.ts`);
      for (const leftover of leftovers) rmSync(join(copy, leftover), { recursive: true });
    }
    ok(pnpm(['generate', '--check', FAMILY]), 'pnpm generate --check after removing connectors');
  });

  it.runIf(runDependentSuites)('with one connector added and two removed, every suite that depends on the set of connectors passes', () => {
    ok(pnpm(['--filter', PACKAGE, '--filter', '@switchyard/server', 'build']), 'building the new package and the server');
    expect(existsSync(join(copy, 'packages', `connector-${FAMILY}`, 'dist', 'index.js'))).toBe(true);
    expect(read('packages/server/dist/catalog/connector-packages.js')).toContain(PACKAGE);

    // The generator's suites are left to the main run: this file has just run the generator on the changed set.
    const suites = catalogDependentSuites(copy, SUITE_INCLUDE)
      .map(({ file }) => file)
      .filter((file) => !file.startsWith('generator/test/'));
    expect(suites).toEqual(expect.arrayContaining(['test/hosted/dual-mode.test.ts', 'test/matrix/registry.test.ts']));
    const reportFile = join(copy, 'dependent-suites.json');
    const run = pnpm(
      ['exec', 'vitest', 'run', ...suites, '--reporter=json', `--outputFile=${reportFile}`],
      { SWITCHYARD_MATRIX_ONLY: FAMILY },
      SUITES_TIMEOUT_MS,
    );
    if (!existsSync(reportFile)) ok(run, 'vitest run of the dependent suites');
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as SuiteReport;
    const failures = report.testResults.flatMap((file) => [
      ...(file.status === 'failed' && file.assertionResults.every((a) => a.status !== 'failed') ? [`${file.name}: ${file.message}`] : []),
      // The first line of why, so a failure in the copy can be told from a log alone.
      ...file.assertionResults
        .filter((a) => a.status === 'failed')
        .map((a) => `${file.name.slice(copy.length + 1)} > ${a.fullName}: ${firstLineOfWhy(a)}`),
    ]);
    expect(failures, 'suites that fail').toEqual([]);
    expect(run.status, 'vitest exit status').toBe(0);

    // Every dependent suite ran, but those that use a removed connector as their example: left out, saying so.
    const output = `${run.stdout}${run.stderr}`;
    for (const suite of suites) {
      const uses = removed.families.filter((family) => removed.users.get(family)!.includes(suite));
      if (uses.length === 0) expect(suiteResult(report, suite)?.status, suite).toBe('passed');
      else {
        expect(suiteResult(report, suite), `${suite} uses ${uses.join(', ')}`).toBeUndefined();
        expect(output).toContain(`leaving out ${suite}: it uses the `);
      }
    }
    // Every behaviour file of the matrix ran tests for the new connector (not an empty, vacuous pass).
    for (const file of ['requests', 'pagination', 'failures', 'timeouts', 'validation', 'secrets', 'registry']) {
      const passed = suiteResult(report, `test/matrix/${file}.test.ts`)?.assertionResults.filter((a) => a.status === 'passed') ?? [];
      expect(passed.length, file).toBeGreaterThan(0);
      if (file !== 'registry')
        expect(
          passed.every((a) => a.fullName.includes(FAMILY)),
          file,
        ).toBe(true);
    }
    // And the dual-mode suite compared both modes for it.
    expect(suiteResult(report, 'test/hosted/dual-mode.test.ts')?.assertionResults.some((a) => a.fullName.includes(FAMILY))).toBe(true);
  });
});
