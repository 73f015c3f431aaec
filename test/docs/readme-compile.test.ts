/**
 * Every TypeScript block in every README compiles against the built packages, as a user would
 * paste it (CONTRIBUTING.md, "Code blocks in READMEs"). Fragments compile after the declarations
 * of their `compile: fragment` comment; runnable blocks after their setup's prelude (and run in
 * readme-run.test.ts). Generated packages' READMEs come from templates/README.md.hbs: fix the
 * template, then `pnpm generate`. Needs `pnpm build` (the suites import `dist/`).
 */
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, specNames } from '../support/connectors.js';
import { blockSource, compileBlocks, type BlockSource } from './compile-blocks.js';
import { codeBlocks, connectorFamilies, readmeFiles, type CodeBlock } from './readme-blocks.js';
import { setupFamilies, setupPrelude } from './run-setups.js';

const present = new Set(specNames());
const readmes = readmeFiles(REPO_ROOT);

/** A block that needs a connector whose spec is gone is left out, as suites are (CONTRIBUTING.md, "Tests and the set of connectors"). */
function absentConnectors(block: CodeBlock): string[] {
  const { directive } = block;
  const families = [
    ...connectorFamilies(block.code),
    ...(directive.kind === 'fragment' ? connectorFamilies(directive.preamble) : []),
    ...(directive.kind === 'run' ? setupFamilies(directive.setup, directive.args) : []),
  ];
  return families.filter((family) => !present.has(family));
}

const blocks = readmes.flatMap((readme) => codeBlocks(REPO_ROOT, readme));
const kept = blocks.filter((block) => {
  const missing = absentConnectors(block);
  if (missing.length > 0)
    console.warn(`[connectors] leaving out ${block.readme}:${block.line}: it uses ${missing.join(', ')}, whose spec is absent`);
  return missing.length === 0;
});

function prefixOf(block: CodeBlock): string {
  if (block.directive.kind === 'fragment') return block.directive.preamble;
  if (block.directive.kind === 'run') return setupPrelude(block.directive.setup);
  return '';
}

let compiled: Map<BlockSource, string[]> | undefined;
function problemsOf(readme: string): string[] {
  compiled ??= compileBlocks(
    REPO_ROOT,
    kept.map((block) => blockSource(REPO_ROOT, block, prefixOf(block))),
  );
  return [...compiled].filter(([source]) => source.block.readme === readme).flatMap(([, problems]) => problems);
}

describe('README code blocks', () => {
  it('finds the blocks: the root README, the packages, the generated connectors', () => {
    const withCode = new Set(blocks.map((block) => block.readme));
    expect(withCode).toContain('README.md');
    expect(withCode).toContain('packages/runtime/README.md');
    expect([...withCode].some((readme) => readme.startsWith('packages/connector-'))).toBe(true);
  });

  const withBlocks = readmes.filter((readme) => kept.some((block) => block.readme === readme));
  it.each(withBlocks)('%s: every TypeScript block compiles', (readme) => {
    expect(problemsOf(readme)).toEqual([]);
  });
});
