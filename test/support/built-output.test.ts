/**
 * The packages the suites import by name are loaded by Node itself (test/support/built-output.ts):
 * every workspace package whose entry is built output, as this worker resolves and loads it. A
 * package added in a folder the pattern misses, or a config that stops passing the pattern to
 * vitest, fails here.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_BUILT_OUTPUT } from './built-output.js';
import { REPO_ROOT } from './connectors.js';

/** The workspace packages the root depends on (`workspace:` ranges): every package the suites import by name. */
function workspacePackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const ranges = { ...manifest['dependencies'], ...manifest['devDependencies'] };
  return Object.keys(ranges).filter((name) => ranges[name]!.startsWith('workspace:'));
}

/**
 * Whether vitest's module runner handed `file` to Node rather than evaluating it itself. Read from
 * the worker's own record of the modules it loaded (`__vitest_worker__.evaluatedModules`, vitest's
 * internal state at the pinned version: a vitest that moves it fails here, loudly).
 */
function loadedByNode(file: string): boolean {
  const worker = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap: Map<string, { meta?: object }> } } })
    .__vitest_worker__;
  const modules = worker?.evaluatedModules?.idToModuleMap;
  if (!modules) throw new Error("vitest's worker state has no evaluatedModules: this check needs updating for this vitest");
  const meta = modules.get(file)?.meta;
  if (!meta) throw new Error(`vitest's worker has no record of ${file}`);
  return 'externalize' in meta;
}

describe("the workspace's built output", () => {
  it('the pattern takes built JavaScript outside node_modules, and nothing else', () => {
    expect(WORKSPACE_BUILT_OUTPUT.test('/repo/packages/runtime/dist/index.js')).toBe(true);
    expect(WORKSPACE_BUILT_OUTPUT.test('/tmp/copy/generator/dist/emit/index.js')).toBe(true);
    // A dependency's own dist keeps vitest's rules.
    expect(WORKSPACE_BUILT_OUTPUT.test('/repo/node_modules/.pnpm/a@1.0.0/node_modules/a/dist/index.js')).toBe(false);
    // Sources and type declarations are not Node's to load.
    expect(WORKSPACE_BUILT_OUTPUT.test('/repo/packages/runtime/src/index.ts')).toBe(false);
    expect(WORKSPACE_BUILT_OUTPUT.test('/repo/packages/runtime/dist/index.d.ts')).toBe(false);
    expect(WORKSPACE_BUILT_OUTPUT.test('/repo/test/fakes/index.js')).toBe(false);
  });

  it('every workspace package built to dist/ is loaded by Node when a suite imports it by name', async () => {
    const require = createRequire(join(REPO_ROOT, 'package.json'));
    const checked: string[] = [];
    for (const name of workspacePackages()) {
      const entry = realpathSync(require.resolve(name));
      if (!/\/dist\//.test(entry)) continue; // a package that ships its sources as they are (the fakes)
      expect(WORKSPACE_BUILT_OUTPUT.test(entry), `${name} → ${entry}`).toBe(true);
      await import(/* @vite-ignore */ name);
      expect(loadedByNode(entry), `${name} → ${entry}`).toBe(true);
      checked.push(name);
    }
    expect(checked).toContain('@switchyard/runtime');
    expect(checked).toContain('@switchyard/server');
  });
});
