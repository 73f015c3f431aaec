import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongFirstSequencer, { declaresLong } from './long-first-sequencer.js';
import { REPO_ROOT } from './connectors.js';

/** Built, not written out: vitest reads the tags of this file from its text, literals included. */
const TAG = ['@module', 'tag'].join('-');

const dir = mkdtempSync(join(tmpdir(), 'switchyard-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A test file on disk and the specification vitest would hand the sequencer for it. */
function spec(name: string, source: string): TestSpecification {
  const moduleId = join(dir, name);
  writeFileSync(moduleId, source);
  const project = { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } };
  return { moduleId, project } as unknown as TestSpecification;
}

/** A vitest without a last run (no cached durations or results, as in a fresh clone): it knows the files' sizes. */
const freshVitest = {
  config: { root: dir },
  cache: {
    getFileTestResults: () => undefined,
    // Keys are `<project name>:<path from the root>`.
    getFileStats: (key: string) => ({ size: statSync(join(dir, key.slice(key.indexOf(':') + 1))).size }),
  },
} as unknown as Vitest;

describe('long files first', () => {
  it('reads the tag as vitest writes it, and nothing that only looks like it', () => {
    expect(declaresLong(`/**\n * doc\n */\n// ${TAG} long\nimport x;`)).toBe(true);
    expect(declaresLong(`/**\n * ${TAG} long\n */`)).toBe(true);
    expect(declaresLong(`// ${TAG} connector/messaging\n// ${TAG} long`)).toBe(true);
    expect(declaresLong(`// ${TAG} longer`)).toBe(false);
    expect(declaresLong(`// ${TAG} long-ish`)).toBe(false);
    expect(declaresLong(`// ${TAG} connector/messaging`)).toBe(false);
    expect(declaresLong("const tag = 'long';")).toBe(false);
  });

  it('hands the tagged files to the workers before the others, keeping vitest’s order within each', async () => {
    const files = [
      spec('a.test.ts', 'x'.repeat(300)),
      spec('b.test.ts', `// ${TAG} long\n`),
      spec('c.test.ts', 'x'.repeat(200)),
      spec('d.test.ts', `// ${TAG} long\n${'x'.repeat(100)}`),
    ];
    const sorted = await new LongFirstSequencer(freshVitest).sort(files);
    // Without a last run vitest orders by size, largest first: d before b, a before c.
    expect(sorted.map((s) => s.moduleId.slice(dir.length + 1))).toEqual(['d.test.ts', 'b.test.ts', 'a.test.ts', 'c.test.ts']);
  });

  it('the add-a-connector check, the longest file of the suite, is tagged, so it starts first', () => {
    expect(declaresLong(readFileSync(join(REPO_ROOT, 'generator', 'test', 'new-connector.test.ts'), 'utf8'))).toBe(true);
  });
});
