/**
 * pnpm generate            regenerate every connector package from specs/*.yaml, and
 *                          generator/src/spec-types.ts from specs/connector.schema.json
 * pnpm generate --check    fail (exit 1) when committed output differs from what the specs produce
 * pnpm new-connector NAME  write a starter spec to specs/NAME.yaml
 *
 * The root scripts call this package's scripts, which run this file with tsx and the
 * `@switchyard/source` export condition: `@switchyard/runtime` then resolves to the runtime's
 * TypeScript source instead of its dist/, so generating works on a fresh clone before anything
 * is built (see generator/README.md).
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSpec, defaultPaths, emitPackage } from './pipeline.js';
import { formatProblem, type Problem } from './problems.js';
import { scaffoldSpec } from './scaffold.js';
import { specTypesSource } from './spec-types-from-schema.js';
import { syncFile, syncPackage, type Drift } from './write.js';

// SWITCHYARD_ROOT lets tests run the CLI against a copy of the repository.
const root = process.env['SWITCHYARD_ROOT'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function generate(check: boolean, only: string[]): Promise<number> {
  const started = performance.now();
  const paths = defaultPaths(root);
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
    const files = await emitPackage(ir!, paths);
    const result = syncPackage(join(root, 'packages', `connector-${ir!.name}`), files, check, root);
    drift.push(...result.drift);
    written.push(...result.written);
  }
  const ms = Math.round(performance.now() - started);
  if (check) {
    if (drift.length > 0) {
      console.error(drift.map((d) => `  ${d.reason.padEnd(7)} ${d.file}`).join('\n'));
      console.error(
        `\nGenerated packages are out of date with specs/ (${drift.length} file${drift.length === 1 ? '' : 's'}). Run: pnpm generate`,
      );
      return 1;
    }
    console.log(
      `generate --check: ${compiled.length} connector packages match their specs and generator/src/spec-types.ts matches the schema (${ms} ms)`,
    );
    return 0;
  }
  for (const file of written) console.log(`  wrote ${file}`);
  console.log(
    `generated ${compiled.length} connector package${compiled.length === 1 ? '' : 's'}: ${written.length} file${written.length === 1 ? '' : 's'} changed (${ms} ms)`,
  );
  return 0;
}

function newConnector(name: string | undefined): number {
  if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    console.error('usage: pnpm new-connector <family>   (kebab-case, e.g. support-desk)');
    return 2;
  }
  const target = join(root, 'specs', `${name}.yaml`);
  if (existsSync(target)) {
    console.error(`specs/${name}.yaml already exists; not overwriting it`);
    return 1;
  }
  writeFileSync(target, scaffoldSpec(name));
  console.log(`wrote specs/${name}.yaml — fill in the TODOs, then run: pnpm generate`);
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const exit =
  command === 'generate'
    ? await generate(
        rest.includes('--check'),
        rest.filter((a) => !a.startsWith('--')),
      )
    : command === 'new'
      ? newConnector(rest[0])
      : (console.error('usage: cli.ts generate [--check] [family…] | new <family>'), 2);
process.exitCode = exit;
