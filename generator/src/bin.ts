/**
 * `switchyard-generate <spec.yaml> --out <dir>`: the generator as a command anyone can run, in or
 * outside this repository (standalone.ts). It writes one connector package into the folder and
 * touches nothing else. stdout says what was written; spec problems go to stderr, all at once.
 * Exit 0 written (or, with --check, up to date), 1 spec problems (or, with --check, out of date),
 * 2 usage.
 */
import { parseArgs } from 'node:util';
import { formatProblem } from './spec/problems.js';
import { generateStandalone, StandaloneUsageError } from './standalone.js';

const HELP = `Usage:
  switchyard-generate <spec.yaml> --out <dir> [--name <package name>] [--check]

Writes the Switchyard connector package a spec describes into <dir> (missing, empty, or a package
this command wrote before; files it no longer produces under src/ are removed). Then, in <dir>:
npm install && npm run build. Run it in the execution service with
switchyard serve --connector-package <dir>.

Options:
  --out <dir>       where the package goes (required)
  --name <name>     the package's npm name (default switchyard-connector-<family>)
  --check           write nothing; exit 1 and list the files that differ from what the spec produces
  -h, --help        this text

The spec format: specs/connector.schema.json in the Switchyard repository (shipped in this
package as dist/assets/connector.schema.json).
`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, name: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length !== 1)
    return usage(positionals.length === 0 ? 'name one spec file' : `one spec at a time, got ${positionals.length}`);
  if (!values.out) return usage('--out <dir> is required: the folder the package is written into');
  let result;
  try {
    result = await generateStandalone({
      spec: positionals[0]!,
      out: values.out,
      ...(values.name !== undefined ? { packageName: values.name } : {}),
      check: values.check ?? false,
    });
  } catch (error) {
    if (error instanceof StandaloneUsageError) return usage(error.message);
    // The folder could not be written (no permission, a path under /proc, a dangling link on the
    // way): the operator's to fix, in one line, not a stack.
    const failure = error as NodeJS.ErrnoException;
    if (typeof failure.code === 'string' && typeof failure.syscall === 'string') {
      process.stderr.write(`switchyard-generate: cannot write the package into ${values.out}: ${failure.message}\n`);
      return 1;
    }
    throw error;
  }
  if (!result.ok) {
    process.stderr.write(
      `${result.problems.map(formatProblem).join('\n')}\n\n${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}; nothing was written.\n`,
    );
    return 1;
  }
  if (values.check) {
    if (result.drift.length === 0) {
      process.stdout.write(`${result.packageName} in ${values.out} matches the spec\n`);
      return 0;
    }
    process.stderr.write(
      `${result.drift.map((d) => `  ${d.reason.padEnd(7)} ${d.file}`).join('\n')}\n\n${values.out} is out of date with the spec: run switchyard-generate without --check\n`,
    );
    return 1;
  }
  for (const file of result.written) process.stdout.write(`  wrote ${file}\n`);
  process.stdout.write(
    `${result.packageName} (connector type ${result.family}) in ${values.out}: ${result.written.length} file${result.written.length === 1 ? '' : 's'} changed\n`,
  );
  return 0;
}

function usage(message: string): number {
  process.stderr.write(`switchyard-generate: ${message}\nRun "switchyard-generate --help" for usage.\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
