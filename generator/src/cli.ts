/**
 * pnpm generate            regenerate every connector package from specs/*.yaml, and
 *                          generator/src/spec/spec-types.ts from specs/connector.schema.json; keep the
 *                          workspace wired to the specs (root and server package.json, the server's
 *                          connector catalog), remove packages whose spec is gone, and run
 *                          `pnpm install --offline` when a dependency list changed
 * pnpm generate --check    fail (exit 1) when committed output differs from what the specs produce,
 *                          including the wiring and pnpm-lock.yaml's entries for those packages
 * pnpm generate --no-install   as `pnpm generate`, but only print the install command
 * pnpm new-connector NAME  write a starter spec to specs/NAME.yaml, a fake and a matrix fixture for
 *                          it, and generate its package
 *
 * The root scripts call this package's scripts, which run this file with tsx and the
 * `@switchyard/source` export condition: `@switchyard/runtime` then resolves to the runtime's
 * TypeScript source instead of its dist/, so generating works on a fresh clone before anything
 * is built (see generator/README.md).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatFile } from './output/format.js';
import { INSTALL_COMMAND, syncInstallation } from './workspace/install.js';
import { lockfileMismatches } from './workspace/lockfile.js';
import { leftoverReferences, removeOrphanPackages } from './workspace/orphan-packages.js';
import { connectorVersion } from './workspace/package-version.js';
import { compileSpec, defaultPaths, emitPackage, SPEC_TYPES_FILE } from './pipeline.js';
import { formatProblem, type Problem } from './spec/problems.js';
import { scaffoldSpec } from './workspace/scaffold.js';
import { scaffoldFake, scaffoldFixture } from './workspace/scaffold-matrix.js';
import { specTypesSource } from './workspace/spec-types-from-schema.js';
import { specFamilies, syncWiring } from './workspace/workspace-wiring.js';
import { syncFile, syncPackage, type Drift } from './output/write.js';

// SWITCHYARD_ROOT lets tests run the CLI against a copy of the repository.
const root = process.env['SWITCHYARD_ROOT'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Flags {
  check: boolean;
  /** Run `pnpm install --offline` when the workspace's dependency graph changed (default). */
  install: boolean;
}

async function generate(flags: Flags, only: string[]): Promise<number> {
  const { check } = flags;
  const started = performance.now();
  const paths = defaultPaths(root);
  const allFamilies = specFamilies(root);
  const unknown = only.filter((family) => !allFamilies.includes(family));
  if (unknown.length > 0) {
    console.error(`no spec for ${unknown.map((f) => `specs/${f}.yaml`).join(', ')} (specs: ${allFamilies.join(', ')})`);
    return 2;
  }
  const specFiles = readdirSync(join(root, 'specs'))
    .filter((f) => /\.ya?ml$/.test(f))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.ya?ml$/, '')))
    .sort()
    .map((f) => join(root, 'specs', f));
  const problems: Problem[] = [];
  const compiled = specFiles.map((file) => compileSpec(file, paths));
  for (const c of compiled) problems.push(...c.problems);
  if (problems.length > 0) {
    console.error(problems.map(formatProblem).join('\n'));
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was generated.`);
    return 1;
  }
  const drift: Drift[] = [];
  const written: string[] = [];
  const specTypes = syncFile(
    paths.specTypesFile,
    await specTypesSource(paths.schemaFile, paths.prettierConfig, relative(root, paths.specTypesFile)),
    check,
    root,
  );
  if (specTypes.drift) drift.push(specTypes.drift);
  if (specTypes.written) written.push(specTypes.written);
  for (const { ir } of compiled) {
    const files = await emitPackage(ir!, paths, connectorVersion(root, ir!.name));
    const result = syncPackage(join(root, 'packages', `connector-${ir!.name}`), files, check, root);
    drift.push(...result.drift);
    written.push(...result.written);
  }

  // Wiring follows every spec present, whatever families were named (see workspace/workspace-wiring.ts).
  const orphans = removeOrphanPackages(root, check);
  drift.push(...orphans.drift);
  written.push(...orphans.written);
  const packaged = (family: string) => existsSync(join(root, 'packages', `connector-${family}`, 'package.json'));
  // A spec that has never generated (say it is still broken) gets wired on the run that generates it.
  const notYet = check ? [] : allFamilies.filter((family) => !packaged(family));
  const wired = allFamilies.filter((family) => !notYet.includes(family));
  const wiring = await syncWiring(root, wired, check, paths.prettierConfig);
  drift.push(...wiring.drift);
  written.push(...wiring.written);

  const ms = Math.round(performance.now() - started);
  if (check) {
    const lockfile = lockfileMismatches(root);
    if (drift.length > 0 || lockfile.length > 0) {
      if (drift.length > 0) {
        console.error(drift.map((d) => `  ${d.reason.padEnd(7)} ${d.file}`).join('\n'));
        console.error(
          `\nGenerated files are out of date with specs/ (${drift.length} file${drift.length === 1 ? '' : 's'}). Run: pnpm generate`,
        );
      }
      if (lockfile.length > 0) {
        console.error(lockfile.map((line) => `  lockfile ${line}`).join('\n'));
        console.error(
          `\npnpm-lock.yaml is out of date with the workspace's package.json files. Run: pnpm generate (it updates the lockfile and links offline), or ${INSTALL_COMMAND}`,
        );
      }
      return 1;
    }
    console.log(
      `generate --check: ${compiled.length} connector packages match their specs, the workspace wiring and pnpm-lock.yaml name all ${allFamilies.length}, and ${SPEC_TYPES_FILE} matches the schema (${ms} ms)`,
    );
    return 0;
  }
  for (const file of written) console.log(`  wrote ${file}`);
  console.log(
    `generated ${compiled.length} connector package${compiled.length === 1 ? '' : 's'}: ${written.length} file${written.length === 1 ? '' : 's'} changed (${ms} ms)`,
  );
  for (const family of notYet) console.log(`  not wired yet: specs/${family}.yaml has no package; run: pnpm generate ${family}`);
  for (const family of orphans.removed) {
    const leftovers = leftoverReferences(root, family);
    if (leftovers.length > 0) console.log(`  removed connector ${family}: delete what still imports it: ${leftovers.join(', ')}`);
  }
  return syncInstallation(root, wired, wiring.dependenciesChanged || orphans.removed.length > 0, flags.install);
}

const FAMILY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

async function newConnector(name: string | undefined, flags: Flags): Promise<number> {
  if (!name || !FAMILY_NAME.test(name)) {
    console.error('usage: pnpm new-connector <family>   (kebab-case, e.g. support-desk)');
    return 2;
  }
  const target = join(root, 'specs', `${name}.yaml`);
  if (existsSync(target)) {
    console.error(`specs/${name}.yaml already exists; not overwriting it`);
    return 1;
  }
  if (existsSync(join(root, 'packages', `connector-${name}`))) {
    console.error(`packages/connector-${name} already exists without a spec; remove it or pick another name`);
    return 1;
  }
  writeFileSync(target, scaffoldSpec(name));
  console.log(`wrote specs/${name}.yaml`);
  const prettierConfig = defaultPaths(root).prettierConfig;
  for (const [path, source] of [
    [`test/fakes/${name}.ts`, scaffoldFake(name)],
    [`test/matrix/connectors/${name}.ts`, scaffoldFixture(name)],
  ] as const) {
    const file = join(root, path);
    if (existsSync(file)) {
      console.log(`kept ${path} (it exists)`);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await formatFile(path, source, prettierConfig));
    console.log(`wrote ${path}`);
  }
  const generated = await generate(flags, [name]);
  if (generated !== 0) return generated;
  console.log(`
Next:
  pnpm --filter "@switchyard/connector-${name}..." build            # the runtime, then the new package
  SWITCHYARD_MATRIX_ONLY=${name} pnpm exec vitest run test/matrix    # green on the starter spec
Then fill in the TODOs of specs/${name}.yaml, change test/fakes/${name}.ts and
test/matrix/connectors/${name}.ts with it, and run pnpm generate (CONTRIBUTING.md, "Add a connector").`);
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const flags: Flags = { check: rest.includes('--check'), install: !rest.includes('--no-install') };
const positional = rest.filter((a) => !a.startsWith('--'));
const exit =
  command === 'generate'
    ? await generate(flags, positional)
    : command === 'new'
      ? await newConnector(positional[0], { ...flags, check: false })
      : (console.error('usage: cli.ts generate [--check] [--no-install] [family…] | new [--no-install] <family>'), 2);
process.exitCode = exit;
