/**
 * Suites that use a connector as their example say so, and are left out when it is gone
 * (example-connectors.ts): how uses are found and declarations read, on a small repository written
 * for each case, then the rule on this repository.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseModule, suiteFiles } from './catalog-dependents.js';
import { REPO_ROOT, specNames } from './connectors.js';
import {
  ConnectorUse,
  connectorTags,
  declaredConnectors,
  leftOutMessage,
  referenceConnector,
  suitesWithoutTheirConnectors,
} from './example-connectors.js';
import { SUITE_INCLUDE } from './suites.js';

const temp = mkdtempSync(join(tmpdir(), 'switchyard-examples-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(temp, 'repo-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The declaration, built so that this file's own source declares nothing. */
const tag = (family: string) => '@' + `module-tag connector/${family}`;

/** Two connectors with their fixtures and fakes, and a harness both fixtures share. */
const TWO_CONNECTORS = {
  'test/fakes/harness.ts': 'export const serve = 1;\n',
  'test/fakes/slack.ts': "export { startSlackFake } from './slack/index.js';\n",
  'test/fakes/slack/index.ts': 'export const startSlackFake = 1;\n',
  'test/fakes/linear.ts': 'export const startLinearFake = 1;\n',
  'test/matrix/connectors/chat.ts':
    "import { serve } from '../../fakes/harness.js';\nimport { startSlackFake } from '../../fakes/slack.js';\n",
  'test/matrix/connectors/tracker.ts':
    "import { serve } from '../../fakes/harness.js';\nimport { startLinearFake } from '../../fakes/linear.js';\n",
};

describe('a suite uses a connector as its example', () => {
  const use = (files: Record<string, string>, file: string) =>
    new ConnectorUse(repository({ ...TWO_CONNECTORS, ...files }), ['chat', 'tracker']).of(file);

  it('when it names it as a string, itself or in a helper it imports', () => {
    expect(use({ 'test/a.test.ts': "create('chat', {});\n" }, 'test/a.test.ts')).toEqual(['chat']);
    expect(
      use(
        { 'test/a.test.ts': "import { h } from './helpers/h.js';\n", 'test/helpers/h.ts': "export const h = 'tracker';\n" },
        'test/a.test.ts',
      ),
    ).toEqual(['tracker']);
    // A script it starts runs its own code.
    expect(
      use({ 'test/a.test.ts': "spawn('tsx', ['test/example/start.ts']);\n", 'test/example/start.ts': "run('chat');\n" }, 'test/a.test.ts'),
    ).toEqual(['chat']);
    // A name inside a longer string is not the connector's.
    expect(use({ 'test/a.test.ts': "create('chat-ops', {}); log('chat support');\n" }, 'test/a.test.ts')).toEqual([]);
  });

  it("when it imports its package, or the fake that connector's matrix fixture starts (a shared harness belongs to none)", () => {
    expect(use({ 'test/a.test.ts': "import type { X } from '@switchyard/connector-tracker';\n" }, 'test/a.test.ts')).toEqual(['tracker']);
    expect(use({ 'test/a.test.ts': "type X = import('@switchyard/connector-tracker').X;\n" }, 'test/a.test.ts')).toEqual(['tracker']);
    expect(use({ 'test/a.test.ts': "import { startSlackFake } from './fakes/slack/index.js';\n" }, 'test/a.test.ts')).toEqual(['chat']);
    expect(use({ 'test/a.test.ts': "import { serve } from './fakes/harness.js';\n" }, 'test/a.test.ts')).toEqual([]);
  });

  it("except in that connector's own folder", () => {
    expect(
      use(
        { 'test/chat/a.test.ts': "import { startSlackFake } from '../fakes/slack.js';\ncreate('chat'); create('tracker');\n" },
        'test/chat/a.test.ts',
      ),
    ).toEqual(['tracker']);
  });
});

describe('a suite declares its example connectors with vitest module tags', () => {
  it('read from line or block comments, other tags ignored', () => {
    expect(declaredConnectors(`/**\n * Suite.\n *\n * ${tag('chat')}\n */\n// ${tag('tracker')}\n// @${'module-tag'} slow\n`)).toEqual([
      'chat',
      'tracker',
    ]);
    expect(declaredConnectors("it('mentions connector/chat in prose', () => {});\n")).toEqual([]);
  });

  it('is left out, with a line naming the connector and its spec, when that connector is absent', () => {
    const dir = repository({
      'test/uses-chat.test.ts': `// ${tag('chat')}\n`,
      'test/uses-both.test.ts': `// ${tag('chat')}\n// ${tag('tracker')}\n`,
      'test/uses-none.test.ts': '\n',
      'test/helper.ts': `// ${tag('tracker')}\n`,
    });
    const leftOut = suitesWithoutTheirConnectors(dir, ['test/**/*.test.ts'], ['chat']);
    expect(leftOut).toEqual([{ file: 'test/uses-both.test.ts', missing: ['tracker'] }]);
    expect(leftOutMessage(leftOut[0]!)).toBe(
      '[connectors] leaving out test/uses-both.test.ts: it uses the tracker connector as its example, and specs/tracker.yaml is absent',
    );
    expect(connectorTags(['chat']).map((t) => t.name)).toEqual(['connector/chat']);
  });
});

describe('in this repository', () => {
  const present = specNames();

  it('every suite declares exactly the connectors it uses as its examples', { timeout: 60_000 }, () => {
    const use = new ConnectorUse(REPO_ROOT, present);
    const wrong = suiteFiles(REPO_ROOT, SUITE_INCLUDE).flatMap((file) => {
      const used = use.of(file);
      const declared = declaredConnectors(readFileSync(join(REPO_ROOT, file), 'utf8')).sort();
      // A suite that declares a connector the repository no longer has is left out, not checked.
      if (declared.some((family) => !present.includes(family))) return [];
      if (used.join() === declared.join()) return [];
      const add = used.filter((f) => !declared.includes(f)).map((f) => `add "${tag(f)}"`);
      const drop = declared.filter((f) => !used.includes(f)).map((f) => `drop "${tag(f)}"`);
      return [`${file}: ${[...add, ...drop].join(', ')}`];
    });
    expect(wrong, 'see test/support/example-connectors.ts').toEqual([]);
  });

  it("no code outside a connector's own files imports its package (the type check would fail once it is removed)", () => {
    const reference = referenceConnector(REPO_ROOT);
    expect(reference, 'the connector test/example/quickstart.ts imports').toBeDefined();
    const code = suiteFiles(REPO_ROOT, ['test/**/*.ts', 'packages/*/test/**/*.ts', 'generator/test/**/*.ts', 'bench/**/*.ts']);
    const imports = code.flatMap((file) =>
      [...parseModule(join(REPO_ROOT, file)).specifiers].flatMap((specifier) => {
        const family = /^@switchyard\/connector-(.+)$/.exec(specifier)?.[1];
        if (!family) return [];
        const own = file.startsWith(`test/${family}/`) || file === `test/matrix/connectors/${family}.ts`;
        // The quickstart examples and the benchmarks show and measure the reference connector.
        const shown = family === reference && (file.startsWith('test/example/') || file.startsWith('bench/'));
        return own || shown ? [] : [`${file} imports ${specifier}`];
      }),
    );
    expect(imports).toEqual([]);
  });
});
