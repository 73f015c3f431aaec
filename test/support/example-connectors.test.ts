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
  namesAConnector,
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
  'test/matrix/connectors/demo-chat.ts':
    "import { serve } from '../../fakes/harness.js';\nimport { startSlackFake } from '../../fakes/slack.js';\n",
  'test/matrix/connectors/demo-tracker.ts':
    "import { serve } from '../../fakes/harness.js';\nimport { startLinearFake } from '../../fakes/linear.js';\n",
};

describe('a suite uses a connector as its example', () => {
  /** A suite that reaches the set of connectors (catalog-dependents.ts), as every suite that runs one by name does. */
  const REACHES = "import { specNames } from './support/connectors.js';\n";
  const SET = { 'test/support/connectors.ts': 'export const specNames = () => [];\n' };
  const use = (files: Record<string, string>, file: string, how: 'of' | 'mentions' = 'of') =>
    new ConnectorUse(repository({ ...TWO_CONNECTORS, ...SET, ...files }), ['demo-chat', 'demo-tracker'])[how](file);

  it('when it names it as a string where a string names a connector, itself or in a helper it imports', () => {
    expect(use({ 'test/a.test.ts': `${REACHES}createConnector('demo-chat', {});\n` }, 'test/a.test.ts')).toEqual(['demo-chat']);
    expect(use({ 'test/a.test.ts': `${REACHES}create({ connector_type: 'demo-chat' });\n` }, 'test/a.test.ts')).toEqual(['demo-chat']);
    expect(use({ 'test/a.test.ts': `${REACHES}type Family = 'demo-chat' | 'demo-tracker';\n` }, 'test/a.test.ts')).toEqual([
      'demo-chat',
      'demo-tracker',
    ]);
    expect(
      use(
        { 'test/a.test.ts': `${REACHES}const fakes = [['demo-chat']].filter(([f]) => f === family);\nif (family === 'demo-tracker') {}\n` },
        'test/a.test.ts',
      ),
    ).toEqual(['demo-tracker']);
    // A function the module declares gives the name of the parameter the string is passed as.
    expect(
      use(
        { 'test/a.test.ts': `${REACHES}function run(family: string, user: string) {}\nrun('demo-chat', 'demo-tracker');\n` },
        'test/a.test.ts',
      ),
    ).toEqual(['demo-chat']);
    // A command line: the word before it says it is a connector type.
    expect(
      use(
        { 'test/a.test.ts': `${REACHES}cli(['exec', 'demo-tracker', 'issues', 'list']); cli(['mcp', '--connector', 'demo-chat']);\n` },
        'test/a.test.ts',
      ),
    ).toEqual(['demo-chat', 'demo-tracker']);
    expect(
      use(
        {
          'test/a.test.ts': `${REACHES}import { h } from './helpers/h.js';\n`,
          'test/helpers/h.ts': "export const exampleFamily = 'demo-tracker';\n",
        },
        'test/a.test.ts',
      ),
    ).toEqual(['demo-tracker']);
    // A script it starts runs its own code.
    expect(
      use(
        {
          'test/a.test.ts': `${REACHES}spawn('tsx', ['test/example/start.ts']);\n`,
          'test/example/start.ts': "run({ connector_type: 'demo-chat' });\n",
        },
        'test/a.test.ts',
      ),
    ).toEqual(['demo-chat']);
    // A name inside a longer string is not the connector's.
    expect(
      use({ 'test/a.test.ts': `${REACHES}createConnector('demo-chat-ops', {}); log('demo-chat support');\n` }, 'test/a.test.ts'),
    ).toEqual([]);
  });

  it('but a string equal to its name anywhere else only may be declared: it is as often a test value', () => {
    const values = `${REACHES}expect(row.name).toBe('demo-chat');\nconst rows = [{ id: 'demo-tracker' }]; rows[0]['demo-chat'];\nfakes.get('demo-tracker');\n`;
    expect(use({ 'test/a.test.ts': values }, 'test/a.test.ts')).toEqual([]);
    expect(use({ 'test/a.test.ts': values }, 'test/a.test.ts', 'mentions')).toEqual(['demo-chat', 'demo-tracker']);
    // Nor in a suite that never reaches the set of connectors: no string of its can become one.
    expect(use({ 'test/a.test.ts': "createConnector('demo-chat', {});\n" }, 'test/a.test.ts')).toEqual([]);
    expect(use({ 'test/a.test.ts': "createConnector('demo-chat', {});\n" }, 'test/a.test.ts', 'mentions')).toEqual(['demo-chat']);
  });

  it("when it imports its package, or the fake that connector's matrix fixture starts (a shared harness belongs to none)", () => {
    expect(use({ 'test/a.test.ts': "import type { X } from '@switchyard/connector-demo-tracker';\n" }, 'test/a.test.ts')).toEqual([
      'demo-tracker',
    ]);
    expect(use({ 'test/a.test.ts': "type X = import('@switchyard/connector-demo-tracker').X;\n" }, 'test/a.test.ts')).toEqual([
      'demo-tracker',
    ]);
    expect(use({ 'test/a.test.ts': "import { startSlackFake } from './fakes/slack/index.js';\n" }, 'test/a.test.ts')).toEqual([
      'demo-chat',
    ]);
    expect(use({ 'test/a.test.ts': "import { serve } from './fakes/harness.js';\n" }, 'test/a.test.ts')).toEqual([]);
  });

  it("except in that connector's own folder", () => {
    expect(
      use(
        {
          'test/demo-chat/a.test.ts':
            "import { specNames } from '../support/connectors.js';\nimport { startSlackFake } from '../fakes/slack.js';\ncreateConnector('demo-chat'); createConnector('demo-tracker');\n",
        },
        'test/demo-chat/a.test.ts',
      ),
    ).toEqual(['demo-tracker']);
  });
});

describe('a suite declares its example connectors with vitest module tags', () => {
  it('read from line or block comments, other tags ignored', () => {
    expect(
      declaredConnectors(`/**\n * Suite.\n *\n * ${tag('demo-chat')}\n */\n// ${tag('demo-tracker')}\n// @${'module-tag'} slow\n`),
    ).toEqual(['demo-chat', 'demo-tracker']);
    expect(declaredConnectors("it('mentions connector/demo-chat in prose', () => {});\n")).toEqual([]);
  });

  it('is left out, with a line naming the connector and its spec, when that connector is absent', () => {
    const dir = repository({
      'test/uses-chat.test.ts': `// ${tag('demo-chat')}\n`,
      'test/uses-both.test.ts': `// ${tag('demo-chat')}\n// ${tag('demo-tracker')}\n`,
      'test/uses-none.test.ts': '\n',
      'test/helper.ts': `// ${tag('demo-tracker')}\n`,
    });
    const leftOut = suitesWithoutTheirConnectors(dir, ['test/**/*.test.ts'], ['demo-chat']);
    expect(leftOut).toEqual([{ file: 'test/uses-both.test.ts', missing: ['demo-tracker'] }]);
    expect(leftOutMessage(leftOut[0]!)).toBe(
      '[connectors] leaving out test/uses-both.test.ts: it uses the demo-tracker connector as its example, and specs/demo-tracker.yaml is absent',
    );
    expect(connectorTags(['demo-chat']).map((t) => t.name)).toEqual(['connector/demo-chat']);
  });
});

describe('in this repository', () => {
  const present = specNames();

  it('every suite declares exactly the connectors it uses as its examples', { timeout: 60_000 }, () => {
    const use = new ConnectorUse(REPO_ROOT, present);
    const wrong = suiteFiles(REPO_ROOT, SUITE_INCLUDE).flatMap((file) => {
      const used = use.of(file);
      const mentioned = use.mentions(file);
      const declared = declaredConnectors(readFileSync(join(REPO_ROOT, file), 'utf8')).sort();
      // A suite that declares a connector the repository no longer has is left out, not checked.
      if (declared.some((family) => !present.includes(family))) return [];
      const add = used.filter((f) => !declared.includes(f)).map((f) => `add "${tag(f)}"`);
      const drop = declared.filter((f) => !mentioned.includes(f)).map((f) => `drop "${tag(f)}"`);
      if (add.length + drop.length === 0) return [];
      return [`${file}: ${[...add, ...drop].join(', ')}`];
    });
    expect(wrong, 'see test/support/example-connectors.ts').toEqual([]);
  });

  it(
    'a new connector named like a test value (x, a, email, users, search, acme, …) asks no suite to declare it',
    { timeout: 60_000 },
    () => {
      // Every kebab-case string the suites and their helpers write is a name someone might give a
      // connector; `pnpm new-connector x` once asked 66 suites to declare connector/x.
      const code = suiteFiles(REPO_ROOT, ['test/**/*.ts', 'packages/*/test/**/*.ts', 'generator/test/**/*.ts']);
      const parsed = code.map((file) => parseModule(join(REPO_ROOT, file)));
      // A family name as the spec format defines it (the name a spec, and so `pnpm new-connector`, may take).
      const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'specs', 'connector.schema.json'), 'utf8'));
      const familyName = new RegExp(schema.properties.name.pattern as string);
      const candidates = new Set(parsed.flatMap((m) => [...m.strings.keys()].filter((s) => familyName.test(s))));
      for (const family of present) candidates.delete(family);
      // Those a helper or suite writes where a string names a connector (a plug-in test's own family)
      // are fair uses, and asking that suite to declare them is right.
      const namedSomewhere = new Set(parsed.flatMap((m) => [...m.strings].filter(([, names]) => namesAConnector(names)).map(([s]) => s)));
      const use = new ConnectorUse(REPO_ROOT, [...present, ...candidates]);
      const asked = suiteFiles(REPO_ROOT, SUITE_INCLUDE).flatMap((file) =>
        use
          .of(file)
          .filter((family) => candidates.has(family) && !namedSomewhere.has(family))
          .map((family) => `${file}: ${family}`),
      );
      expect(candidates.size).toBeGreaterThan(500);
      // Among them the names that once asked most (skipped once a connector has the name: then it is one).
      const everyday = ['x', 'a', 'email', 'users', 'search', 'orders', 'events', 'test', 'acme'].filter((n) => !present.includes(n));
      for (const name of everyday) expect(candidates.has(name) && !namedSomewhere.has(name), name).toBe(true);
      expect(asked).toEqual([]);
    },
  );

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
