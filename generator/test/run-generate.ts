/**
 * Runs the generator package's own `generate` script (as `pnpm generate` does) against a copy of
 * the repository, with the arguments given; for tests that change a copy and check what the CLI
 * says or writes.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const generatorDir = join(import.meta.dirname, '..');

export function runGenerate(copy: string, args: string): SpawnSyncReturns<string> {
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
