/**
 * Emitted code imports only what the runtime exports: the generator reads the runtime's entries
 * (src/emit/runtime-surface.ts), routes each emitted name to the entry that has it and fails
 * generation for a name no entry has (src/emit/runtime-imports.ts).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';
import { defaultRuntimeDir, runtimeSurface } from '../src/emit/runtime-surface.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const fixture = join(root, 'generator', 'test', 'fixtures', 'valid', 'support-desk-mini.yaml');
const temp = mkdtempSync(join(tmpdir(), 'switchyard-surface-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of the runtime's manifest and sources whose entry files a test may rewrite. */
function runtimeCopy(name: string, edit: (files: { index: string; internal: string }) => { index?: string; internal?: string }): string {
  const dir = join(temp, name);
  cpSync(join(defaultRuntimeDir(), 'package.json'), join(dir, 'package.json'));
  cpSync(join(defaultRuntimeDir(), 'src'), join(dir, 'src'), { recursive: true });
  const files = { index: join(dir, 'src', 'index.ts'), internal: join(dir, 'src', 'internal', 'index.ts') };
  const edited = edit({ index: readFileSync(files.index, 'utf8'), internal: readFileSync(files.internal, 'utf8') });
  if (edited.index !== undefined) writeFileSync(files.index, edited.index);
  if (edited.internal !== undefined) writeFileSync(files.internal, edited.internal);
  return dir;
}

async function generate(runtimeDir?: string, source?: string): Promise<Map<string, string>> {
  const { ir, problems } = compileSpec(fixture, paths, source);
  expect(problems).toEqual([]);
  return emitPackage(ir!, runtimeDir ? { ...paths, runtimeDir } : paths);
}

/** Each entry as TypeScript's checker sees it: every exported name, through every re-export. */
function checkerNames(...entries: string[]): string[][] {
  // Export resolution needs no lib and no @types: leaving them out makes this a fraction of a second.
  const options = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noLib: true,
    types: [],
    noEmit: true,
  };
  const program = ts.createProgram(entries, options);
  const checker = program.getTypeChecker();
  return entries.map((entry) =>
    checker
      .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)!)!)
      .map((s) => s.name)
      .sort(),
  );
}

describe('the runtime surface the generator reads', () => {
  const surface = runtimeSurface();
  const [publicEntry, internalEntry] = surface.entries;

  it('has the public entry first, then the internal one, and no name in both', () => {
    expect(surface.entries.map((e) => e.specifier)).toEqual(['@switchyard/runtime', '@switchyard/runtime/internal']);
    expect([...publicEntry!.names].filter((name) => internalEntry!.names.has(name))).toEqual([]);
  });

  it('names what the TypeScript checker finds exported from each entry', () => {
    const runtime = defaultRuntimeDir();
    const [publicNames, internalNames] = checkerNames(join(runtime, 'src', 'index.ts'), join(runtime, 'src', 'internal', 'index.ts'));
    expect([...publicEntry!.names].sort()).toEqual(publicNames);
    expect([...internalEntry!.names].sort()).toEqual(internalNames);
  });

  it('counts as values exactly the names the built modules export at run time', async () => {
    const publicModule = await import('@switchyard/runtime');
    const internalModule = await import('@switchyard/runtime/internal');
    expect([...publicEntry!.values].sort()).toEqual(Object.keys(publicModule).sort());
    expect([...internalEntry!.values].sort()).toEqual(Object.keys(internalModule).sort());
  });
});

describe('emitted runtime imports', () => {
  it('go to the entry that has each name: the executors from internal, the rest from the public entry', async () => {
    const client = (await generate()).get('src/client.ts')!;
    expect(client).toContain("import { ConnectorClient, Resource } from '@switchyard/runtime';");
    expect(client).toContain("import { HostedExecutor } from '@switchyard/runtime/internal';");
  });

  it('follow a name the runtime moves from one entry to the other', async () => {
    const runtimeDir = runtimeCopy('moved', ({ index, internal }) => ({
      index: index.replace('export { ConnectorClient, Resource, type OperationMap }', 'export { ConnectorClient, type OperationMap }'),
      internal: `${internal}export { Resource } from '../core/connector.js';\n`,
    }));
    const client = (await generate(runtimeDir)).get('src/client.ts')!;
    expect(client).toContain("import { HostedExecutor, Resource } from '@switchyard/runtime/internal';");
  });

  it('fail generation when the runtime does not export a name the emitted code imports', async () => {
    const runtimeDir = runtimeCopy('missing', ({ internal }) => ({
      internal: internal.replace("export { HostedExecutor } from '../core/hosted-executor.js';\n", ''),
    }));
    await expect(generate(runtimeDir)).rejects.toThrow(
      /src\/client\.ts: HostedExecutor is not exported by @switchyard\/runtime or @switchyard\/runtime\/internal/,
    );
  });

  it('fail generation when a value is imported from an entry that exports it as a type only', async () => {
    const runtimeDir = runtimeCopy('type-only', ({ internal }) => ({
      internal: internal.replace('export { HostedExecutor }', 'export type { HostedExecutor }'),
    }));
    await expect(generate(runtimeDir)).rejects.toThrow(
      /HostedExecutor is a type in @switchyard\/runtime\/internal; import it with `import type`/,
    );
  });

  it("fail generation when the package's own export would hide a runtime name it re-exports", async () => {
    // A record named Page: the package's `export *` of the runtime would silently lose the runtime's Page.
    const source = readFileSync(fixture, 'utf8').replaceAll('Ticket', 'Page');
    await expect(generate(undefined, source)).rejects.toThrow(/src\/types\.ts exports Page, which hides @switchyard\/runtime's Page/);
  });

  it('re-export the whole public entry from every package index, and nothing from internal', async () => {
    const index = (await generate()).get('src/index.ts')!;
    expect(index).toContain("export * from '@switchyard/runtime';");
    expect(index).not.toContain('@switchyard/runtime/internal');
  });
});
