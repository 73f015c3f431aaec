/**
 * README blocks marked `<!-- run: <setup> -->` run as a reader would run them: the block's text,
 * after its setup's prelude, as a module in a fresh temporary directory whose packages are this
 * workspace's built ones, with Node and tsx, in a child process; it must exit 0. The setups
 * (run-setups.ts) start the fakes or the service the block talks to. readme-compile.test.ts
 * type-checks the same blocks. Needs `pnpm build`.
 */
// @module-tag long
import { spawn } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, specNames } from '../support/connectors.js';
import { codeBlocks, connectorFamilies, readmeFiles, type CodeBlock } from './readme-blocks.js';
import { setupFamilies, setupPrelude, startSetup } from './run-setups.js';

const present = new Set(specNames());
const runnable = readmeFiles(REPO_ROOT)
  .flatMap((readme) => codeBlocks(REPO_ROOT, readme))
  .filter((block): block is CodeBlock & { directive: { kind: 'run' } } => block.directive.kind === 'run')
  .filter((block) => {
    const families = [...connectorFamilies(block.code), ...setupFamilies(block.directive.setup, block.directive.args)];
    const missing = families.filter((family) => !present.has(family));
    if (missing.length > 0)
      console.warn(`[connectors] leaving out ${block.readme}:${block.line}: it uses ${missing.join(', ')}, whose spec is absent`);
    return missing.length === 0;
  });

/** Runs `file` with Node and tsx in `cwd`; resolves with the exit code and everything it printed. */
function runModule(
  cwd: string,
  file: string,
  env: Record<string, string>,
  preload: string[],
): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The embedded store, as a reader without a database would run it.
  delete childEnv['DATABASE_URL'];
  const args = ['--import', 'tsx', ...preload.flatMap((module) => ['--import', module]), file];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('latin1')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('runnable README blocks', () => {
  it('finds them', () => {
    expect(runnable.length).toBeGreaterThan(0);
  });

  it.each(
    runnable.map(
      (block) => [`${block.readme}:${block.line} (run: ${[block.directive.setup, ...block.directive.args].join(' ')})`, block] as const,
    ),
  )('%s runs to the end', { timeout: 180_000 }, async (_name, block) => {
    const dir = await mkdtemp(join(tmpdir(), 'switchyard-readme-'));
    const setup = await startSetup(block.directive.setup, block.directive.args);
    try {
      await symlink(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
      const prelude = setupPrelude(block.directive.setup);
      await writeFile(join(dir, 'block.ts'), `${prelude}${prelude ? '\n' : ''}${block.code}\nexport {};\n`);
      const { code, output } = await runModule(dir, 'block.ts', setup.env, setup.preload);
      expect(code, `${block.readme}:${block.line} printed:\n${output.slice(-4000)}`).toBe(0);
    } finally {
      await setup.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
