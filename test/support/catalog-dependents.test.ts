/**
 * How the suites that depend on the set of connectors are found (catalog-dependents.ts), on a small
 * repository written for each route in and each way out, then on this repository.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogDependentSuites, suiteFiles } from './catalog-dependents.js';
import { REPO_ROOT, specNames } from './connectors.js';
import { SUITE_INCLUDE } from './suites.js';

const INCLUDE = ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'];
const temp = mkdtempSync(join(tmpdir(), 'switchyard-dependents-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(temp, 'repo-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A server package with a catalog, a store that does not use it, a barrel over both, and a CLI. */
const SERVER = {
  'packages/server/package.json': JSON.stringify({ name: '@switchyard/server', dependencies: { '@switchyard/runtime': '*' } }),
  'packages/server/src/catalog/catalog.ts':
    "import { CONNECTORS } from './connector-packages.js';\nexport const createCatalog = () => CONNECTORS;\n",
  'packages/server/src/catalog/connector-packages.ts': 'export const CONNECTORS = [];\n',
  'packages/server/src/store.ts': "import { helper } from '@switchyard/runtime';\nexport class RecordStore { h = helper; }\n",
  'packages/server/src/types.ts': 'export interface Catalog { names(): string[] }\n',
  'packages/server/src/index.ts': [
    "export { createCatalog } from './catalog/catalog.js';",
    "export { RecordStore } from './store.js';",
    "export type { Catalog } from './types.js';",
  ].join('\n'),
  'packages/server/src/everything.ts': "export * from './store.js';\nexport * from './catalog/catalog.js';\n",
  'packages/server/src/cli.ts': "import { createCatalog } from './catalog/catalog.js';\ncreateCatalog();\n",
  'packages/server/bin/server.js': "await import('../dist/cli.js');\n",
  'packages/runtime/package.json': JSON.stringify({ name: '@switchyard/runtime' }),
  'packages/runtime/src/index.ts': 'export const helper = 1;\n',
  'test/support/connectors.ts': 'export function specNames() { return []; }\nexport function readSpec() { return {}; }\n',
};

const dependents = (dir: string) => catalogDependentSuites(dir, INCLUDE).map(({ file }) => file);

describe('suites that depend on the set of connectors', () => {
  it('take the catalog by name through a barrel, through the package, or as the whole namespace', () => {
    const dir = repository({
      ...SERVER,
      'test/by-name.test.ts': "import { createCatalog } from '../packages/server/src/index.js';\n",
      'test/by-package.test.ts': "import { createCatalog } from '@switchyard/server';\n",
      'test/namespace.test.ts': "import * as server from '@switchyard/server';\n",
      'test/star.test.ts': "import { createCatalog } from '../packages/server/src/everything.js';\n",
      'test/dynamic.test.ts': "const { createCatalog } = await import('../packages/server/src/catalog/catalog.js');\n",
    });
    expect(dependents(dir)).toEqual([
      'test/by-name.test.ts',
      'test/by-package.test.ts',
      'test/dynamic.test.ts',
      'test/namespace.test.ts',
      'test/star.test.ts',
    ]);
  });

  it('start the service from a file they name, list specs/, or take the spec list, also through their helpers', () => {
    const dir = repository({
      ...SERVER,
      'test/spawns.test.ts': "const BIN = new URL('../packages/server/bin/server.js', import.meta.url);\n",
      'test/lists-specs.test.ts': "import { readdirSync } from 'node:fs';\nreaddirSync(join(root, 'specs'));\n",
      'test/lists-specs-async.test.ts':
        "import fs from 'node:fs/promises';\nawait fs.readdir(new URL('../specs', import.meta.url));\nconst SPECS = 'specs';\n",
      'test/spec-list.test.ts': "import { specNames } from './support/connectors.js';\n",
      'test/helpers/a.ts': "import { b } from './b.js';\nexport const a = 1;\n",
      'test/helpers/b.ts': "import { a } from './a.js';\nimport { specNames } from '../support/connectors.js';\nexport const b = a;\n",
      'test/through-cycle.test.ts': "import { a } from './helpers/a.js';\n",
    });
    expect(dependents(dir)).toEqual([
      'test/lists-specs-async.test.ts',
      'test/lists-specs.test.ts',
      'test/spawns.test.ts',
      'test/spec-list.test.ts',
      'test/through-cycle.test.ts',
    ]);
  });

  it('do not include suites that only share a barrel with the catalog, import its types, check one spec, or reach it only in a dead end', () => {
    const dir = repository({
      ...SERVER,
      'test/store.test.ts': "import { RecordStore } from '../packages/server/src/index.js';\n",
      'test/star-store.test.ts': "import { RecordStore } from '../packages/server/src/everything.js';\n",
      'test/types.test.ts':
        "import type { Catalog } from '../packages/server/src/index.js';\nimport { type createCatalog } from '@switchyard/server';\n",
      'test/one-spec.test.ts': "import { readSpec } from './support/connectors.js';\nreadFileSync(join(root, 'specs', 'x.yaml'));\n",
      'test/runtime.test.ts': "import { helper } from '@switchyard/runtime';\n",
      'test/helpers/a.ts': "import { b } from './b.js';\nexport const a = 1;\n",
      'test/helpers/b.ts': "import { a } from './a.js';\nexport const b = a;\n",
      'test/cycle.test.ts': "import { a } from './helpers/a.js';\n",
      'packages/runtime/test/unit.test.ts': "import { helper } from '../src/index.js';\n",
    });
    expect(dependents(dir)).toEqual([]);
    expect(suiteFiles(dir, INCLUDE)).toHaveLength(7);
  });

  it('say how each is reached', () => {
    const dir = repository({ ...SERVER, 'test/via.test.ts': "import { createCatalog } from '@switchyard/server';\n" });
    expect(catalogDependentSuites(dir, INCLUDE)).toEqual([
      {
        file: 'test/via.test.ts',
        via: ['test/via.test.ts', 'packages/server/src/index.ts#createCatalog', 'packages/server/src/catalog/catalog.ts#createCatalog'],
      },
    ]);
  });

  it(
    'in this repository: the matrix, the dual-mode suite and packaging are among them; the runtime and the family suites are not',
    { timeout: 60_000 },
    () => {
      const include = SUITE_INCLUDE;
      const found = catalogDependentSuites(REPO_ROOT, include).map(({ file }) => file);
      const all = suiteFiles(REPO_ROOT, include);
      expect(found).toEqual(expect.arrayContaining(all.filter((f) => f.startsWith('test/matrix/'))));
      expect(found).toEqual(expect.arrayContaining(['test/hosted/dual-mode.test.ts', 'test/packaging/packages.test.ts']));
      expect(found.filter((f) => f.startsWith('packages/runtime/'))).toEqual([]);
      // A family suite tests its own connector; adding or removing another does not reach it.
      const families = specNames();
      const familySuites = all.filter((f) => families.some((family) => f.startsWith(`test/${family}/`)));
      expect(familySuites.length).toBeGreaterThan(0);
      expect(found.filter((f) => familySuites.includes(f))).toEqual([]);
    },
  );
});
