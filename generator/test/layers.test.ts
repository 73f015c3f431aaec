/**
 * The generator's stages are enforced by lint (eslint.config.js, GENERATOR_LAYERS): a folder of
 * generator/src imports neither a later stage nor the entry points. These cases state the design
 * independently of the table, lint an in-memory file placed in a folder, and expect the import to
 * be reported (or not); a folder added to generator/src without a rule in the table fails too.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const src = join(root, 'generator', 'src');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages for `import` written in a file at `file` (relative to generator/src). */
async function restrictedImports(file: string, specifier: string): Promise<string[]> {
  const code = `import { probe } from '${specifier}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(src, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const FORBIDDEN: [file: string, specifier: string, why: string][] = [
  ['load/probe.ts', '../check/semantic.js', 'loading comes before the rules'],
  ['load/probe.ts', '../ir/connector-ir.js', 'loading comes before the IR'],
  ['load/probe.ts', '../emit/types.js', 'loading comes before emitting'],
  ['check/probe.ts', '../ir/connector-ir.js', 'the rules judge the spec, not the IR built from it'],
  ['check/probe.ts', '../emit/metadata.js', 'the rules do not know the emitted code'],
  ['ir/probe.ts', '../emit/types.js', 'emitters read the IR, not the other way'],
  ['ir/probe.ts', '../workspace/workspace-wiring.js', 'the IR knows nothing of this repository'],
  ['ir/probe.ts', '../check/semantic.js', 'the IR assumes a checked spec'],
  ['emit/probe.ts', '../load/yaml.js', 'emitters read the IR only, never the YAML'],
  ['emit/probe.ts', '../check/semantic.js', 'emitters do not run rules'],
  ['emit/probe.ts', '../output/write.js', 'emitting is in memory'],
  ['spec/probe.ts', '../ir/connector-ir.js', 'the spec language is below every stage'],
  ['output/probe.ts', '../ir/connector-ir.js', 'writing files knows nothing of connectors'],
  ['workspace/probe.ts', '../emit/package-files.js', 'the wiring is not a stage of one package'],
  ['emit/probe.ts', '../pipeline.js', 'the entry points compose the stages'],
  ['workspace/probe.ts', '../cli.js', 'the entry points compose the stages'],
];

const ALLOWED: [file: string, specifier: string][] = [
  ['load/probe.ts', '../spec/problems.js'],
  ['check/probe.ts', '../load/yaml.js'],
  ['check/probe.ts', './param-rules.js'],
  ['ir/probe.ts', '../spec/defaults.js'],
  ['emit/probe.ts', '../ir/connector-ir.js'],
  ['workspace/probe.ts', '../output/write.js'],
  ['pipeline.ts', './emit/types.js'],
  ['cli.ts', './workspace/install.js'],
];

describe('generator layers (lint)', () => {
  it.each(FORBIDDEN)('%s importing %s is reported (%s)', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`generator/src/${file.split('/')[0]}/`);
    expect(messages[0]).toContain('generator/README.md, "Layout"');
  });

  it.each(ALLOWED)('%s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([]);
  });

  it('every folder of generator/src has a layer rule', async () => {
    const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const { name } of folders) {
      const config = await eslint.calculateConfigForFile(join(src, name, 'probe.ts'));
      const [, options] = config.rules['no-restricted-imports'] as [unknown, { patterns: { message: string }[] }];
      expect(
        options.patterns.map((p) => p.message).some((m) => m.startsWith(`generator/src/${name}/ `)),
        name,
      ).toBe(true);
    }
  });
});
