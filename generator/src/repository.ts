/**
 * The repository's generator commands, `pnpm generate` and `pnpm new-connector`, as one function
 * of their arguments, the repository's root and where their lines go. cli.ts runs it for the
 * process (the root is this repository's, or SWITCHYARD_ROOT); the generator's tests run it
 * in-process against copies of the repository, which a process per check made seconds slower.
 * What each command does: cli.ts.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { formatFile } from './output/format.js';
import { CONSOLE_LINES, type Lines } from './output/lines.js';
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
import { makeDirectories } from '@switchyard/runtime/internal';

interface Flags {
  check: boolean;
  /** Run `pnpm install --offline` when the workspace's dependency graph changed (default). */
  install: boolean;
}

async function generate(root: string, out: Lines, flags: Flags, only: string[]): Promise<number> {
  const { check } = flags;
  const started = performance.now();
  const paths = defaultPaths(root);
  const allFamilies = specFamilies(root);
  const unknown = only.filter((family) => !allFamilies.includes(family));
  if (unknown.length > 0) {
    out.error(`no spec for ${unknown.map((f) => `specs/${f}.yaml`).join(', ')} (specs: ${allFamilies.join(', ')})`);
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
    out.error(problems.map(formatProblem).join('\n'));
    out.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was generated.`);
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
        out.error(drift.map((d) => `  ${d.reason.padEnd(7)} ${d.file}`).join('\n'));
        out.error(
          `\nGenerated files are out of date with specs/ (${drift.length} file${drift.length === 1 ? '' : 's'}). Run: pnpm generate`,
        );
      }
      if (lockfile.length > 0) {
        out.error(lockfile.map((line) => `  lockfile ${line}`).join('\n'));
        out.error(
          `\npnpm-lock.yaml is out of date with the workspace's package.json files. Run: pnpm generate (it updates the lockfile and links offline), or ${INSTALL_COMMAND}`,
        );
      }
      return 1;
    }
    out.log(
      `generate --check: ${compiled.length} connector packages match their specs, the workspace wiring and pnpm-lock.yaml name all ${allFamilies.length}, and ${SPEC_TYPES_FILE} matches the schema (${ms} ms)`,
    );
    return 0;
  }
  for (const file of written) out.log(`  wrote ${file}`);
  out.log(
    `generated ${compiled.length} connector package${compiled.length === 1 ? '' : 's'}: ${written.length} file${written.length === 1 ? '' : 's'} changed (${ms} ms)`,
  );
  for (const family of notYet) out.log(`  not wired yet: specs/${family}.yaml has no package; run: pnpm generate ${family}`);
  for (const family of orphans.removed) {
    const leftovers = leftoverReferences(root, family);
    if (leftovers.length > 0) out.log(`  removed connector ${family}: delete what still imports it: ${leftovers.join(', ')}`);
  }
  return syncInstallation(root, out, wired, wiring.dependenciesChanged || orphans.removed.length > 0, flags.install);
}

const FAMILY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

async function newConnector(root: string, out: Lines, name: string | undefined, flags: Flags): Promise<number> {
  if (!name || !FAMILY_NAME.test(name)) {
    out.error('usage: pnpm new-connector <family>   (kebab-case, e.g. support-desk)');
    return 2;
  }
  const target = join(root, 'specs', `${name}.yaml`);
  if (existsSync(target)) {
    out.error(`specs/${name}.yaml already exists; not overwriting it`);
    return 1;
  }
  if (existsSync(join(root, 'packages', `connector-${name}`))) {
    out.error(`packages/connector-${name} already exists without a spec; remove it or pick another name`);
    return 1;
  }
  writeFileSync(target, scaffoldSpec(name));
  out.log(`wrote specs/${name}.yaml`);
  const prettierConfig = defaultPaths(root).prettierConfig;
  for (const [path, source] of [
    [`test/fakes/${name}.ts`, scaffoldFake(name)],
    [`test/matrix/connectors/${name}.ts`, scaffoldFixture(name)],
  ] as const) {
    const file = join(root, path);
    if (existsSync(file)) {
      out.log(`kept ${path} (it exists)`);
      continue;
    }
    makeDirectories(dirname(file));
    writeFileSync(file, await formatFile(path, source, prettierConfig));
    out.log(`wrote ${path}`);
  }
  const generated = await generate(root, out, flags, [name]);
  if (generated !== 0) return generated;
  out.log(`
Next:
  pnpm --filter "@switchyard/connector-${name}..." build            # the runtime, then the new package
  SWITCHYARD_MATRIX_ONLY=${name} pnpm exec vitest run test/matrix    # green on the starter spec
Then fill in the TODOs of specs/${name}.yaml, change test/fakes/${name}.ts and
test/matrix/connectors/${name}.ts with it, and run pnpm generate (CONTRIBUTING.md, "Add a connector").`);
  return 0;
}

/**
 * Runs `generate [--check] [--no-install] [family…]` or `new [--no-install] <family>` against the
 * repository at `root`, writing its lines to `out`; resolves to the exit code.
 */
export async function runRepositoryCommand(argv: readonly string[], root: string, out: Lines = CONSOLE_LINES): Promise<number> {
  const [command, ...rest] = argv;
  const flags: Flags = { check: rest.includes('--check'), install: !rest.includes('--no-install') };
  const positional = rest.filter((a) => !a.startsWith('--'));
  if (command === 'generate') return generate(root, out, flags, positional);
  if (command === 'new') return newConnector(root, out, positional[0], { ...flags, check: false });
  out.error('usage: cli.ts generate [--check] [--no-install] [family…] | new [--no-install] <family>');
  return 2;
}
