/**
 * Runs the repository's generator commands against a copy of the repository, with the arguments
 * given, for tests that change a copy and check what the CLI says or writes.
 *
 * `runGenerate` calls what `pnpm generate` runs (src/repository.ts) in the test's own process: a
 * process per check cost about 3 CPU seconds more than the check itself (pnpm, tsx, loading
 * prettier and TypeScript again). `spawnGenerate` runs the generator package's own `generate`
 * script, as `pnpm generate` does, for the test that proves the command itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runRepositoryCommand } from '../src/repository.js';

const generatorDir = join(import.meta.dirname, '..');

/** What a run printed and how it ended, as spawnSync reports it. */
export interface GenerateRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function splitArgs(args: string): string[] {
  return args.split(/\s+/).filter((arg) => arg.length > 0);
}

export async function runGenerate(copy: string, args: string): Promise<GenerateRun> {
  let stdout = '';
  let stderr = '';
  const status = await runRepositoryCommand(['generate', ...splitArgs(args)], copy, {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { status, stdout, stderr };
}

export function spawnGenerate(copy: string, args: string): GenerateRun {
  const script = JSON.parse(readFileSync(join(generatorDir, 'package.json'), 'utf8')).scripts.generate as string;
  return spawnSync(`${script} ${args}`, {
    cwd: generatorDir,
    shell: true,
    env: {
      ...process.env,
      SWITCHYARD_ROOT: copy,
      PATH: [join(generatorDir, 'node_modules', '.bin'), process.env['PATH']].join(delimiter),
    },
    encoding: 'utf8',
  });
}
