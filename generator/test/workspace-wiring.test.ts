/**
 * The workspace wiring `pnpm generate` keeps in step with specs/: the root and server manifests,
 * the server's connector catalog, pnpm-lock.yaml's importers, and generated packages whose spec is
 * gone. Unit tests on the pure parts, then the CLI on a copy of what it reads and writes.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEC_TYPES_FILE } from '../src/pipeline.js';
import { lockfileMismatches } from '../src/workspace/lockfile.js';
import { patchLockfile } from '../src/workspace/lockfile-patch.js';
import { orphanPackages, removeOrphanPackages } from '../src/workspace/orphan-packages.js';
import {
  CATALOG_FILE,
  LOADERS_FILE,
  catalogSource,
  connectorRange,
  loadersSource,
  specFamilies,
  WIRED_SOURCE_FILES,
  wireManifest,
} from '../src/workspace/workspace-wiring.js';
import { runGenerate } from './run-generate.js';
import { quickestSpec } from '../../test/support/connectors.js';

const root = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'switchyard-wiring-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const families = specFamilies(root);
const read = (base: string, path: string) => readFileSync(join(base, path), 'utf8');

/** What the wiring reads and writes, copied so a test can change it without touching the repository. */
function copyWorkspace(name: string): string {
  const copy = join(temp, name);
  const parts = [
    'specs',
    'templates',
    '.prettierrc.json',
    'LICENSE',
    SPEC_TYPES_FILE,
    'packages/runtime/package.json',
    'package.json',
    'pnpm-lock.yaml',
    'packages/server/package.json',
    ...WIRED_SOURCE_FILES,
    ...families.map((f) => `packages/connector-${f}`),
  ];
  for (const part of parts) {
    cpSync(join(root, part), join(copy, part), { recursive: true, filter: (src) => !/[/\\](node_modules|dist)([/\\]|$)/.test(src) });
  }
  return copy;
}

/** A connector package as the generator leaves it: a sibling's manifest under a new name. */
function addGeneratedPackage(base: string, family: string, from = families[0]!): void {
  const manifest = JSON.parse(read(base, `packages/connector-${from}/package.json`)) as Record<string, unknown>;
  manifest['//'] = `Generated from specs/${family}.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.`;
  manifest['name'] = `@switchyard/connector-${family}`;
  mkdirSync(join(base, 'packages', `connector-${family}`), { recursive: true });
  writeFileSync(join(base, 'packages', `connector-${family}`, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

describe('manifests and the catalog', () => {
  it('the committed root and server manifests and the catalog are exactly what the specs give', async () => {
    expect(wireManifest(read(root, 'package.json'), 'devDependencies', families)).toBe(read(root, 'package.json'));
    expect(wireManifest(read(root, 'packages/server/package.json'), 'dependencies', families)).toBe(
      read(root, 'packages/server/package.json'),
    );
    for (const family of families) {
      expect(read(root, CATALOG_FILE)).toContain(`from '@switchyard/connector-${family}';`);
      expect(read(root, LOADERS_FILE)).toContain(`import('@switchyard/connector-${family}')`);
    }
  });

  it('adds and removes connector dependencies only, keeping every other one, sorted as pnpm sorts', () => {
    const manifest = JSON.stringify({
      name: 'x',
      private: true,
      devDependencies: { zod: '1.0.0', '@switchyard/connector-old': 'workspace:*', '@switchyard/runtime': 'workspace:*', ajv: '8.0.0' },
    });
    const wired = JSON.parse(wireManifest(manifest, 'devDependencies', ['new-one', 'chat'])) as { devDependencies: Record<string, string> };
    expect(Object.entries(wired.devDependencies)).toEqual([
      ['@switchyard/connector-chat', 'workspace:*'],
      ['@switchyard/connector-new-one', 'workspace:*'],
      ['@switchyard/runtime', 'workspace:*'],
      ['ajv', '8.0.0'],
      ['zod', '1.0.0'],
    ]);
  });

  it('a published manifest names connectors with workspace:^ (pnpm publishes ^<version>), a private one with workspace:*', () => {
    const wire = (manifest: Record<string, unknown>) =>
      (JSON.parse(wireManifest(JSON.stringify(manifest), 'dependencies', ['ledger'])) as { dependencies: Record<string, string> })
        .dependencies;
    expect(wire({ name: '@switchyard/server', dependencies: { '@switchyard/connector-ledger': 'workspace:*' } })).toEqual({
      '@switchyard/connector-ledger': 'workspace:^',
    });
    expect(wire({ name: 'switchyard', private: true })).toEqual({ '@switchyard/connector-ledger': 'workspace:*' });
    expect(connectorRange(JSON.parse(read(root, 'packages/server/package.json')) as Record<string, unknown>)).toBe('workspace:^');
  });

  it('the catalog imports each connector once under a name that is never a reserved word', () => {
    const source = catalogSource(['delete', 'help-desk']);
    expect(source.split('\n')[0]).toMatch(/^\/\/ Generated from specs\/\*\.yaml .*Do not edit/);
    expect(source).toContain("import * as deletePackage from '@switchyard/connector-delete';");
    expect(source).toContain("import * as helpDeskPackage from '@switchyard/connector-help-desk';");
    expect(source).toContain('CONNECTOR_PACKAGES: readonly ConnectorPackage[] = [deletePackage, helpDeskPackage];');
  });

  it('the loaders are keyed by type, each importing its package when called', () => {
    const source = loadersSource(['delete', 'help-desk']);
    expect(source.split('\n')[0]).toMatch(/^\/\/ Generated from specs\/\*\.yaml .*Do not edit/);
    expect(source).toContain(`"delete": () => import('@switchyard/connector-delete'),`);
    expect(source).toContain(`"help-desk": () => import('@switchyard/connector-help-desk'),`);
    expect(source).not.toMatch(/^import (?!type)/m);
  });
});

describe('pnpm-lock.yaml', () => {
  it('agrees with the manifests in the repository, and patching it for the same connectors changes nothing', () => {
    expect(lockfileMismatches(root)).toEqual([]);
    const lock = read(root, 'pnpm-lock.yaml');
    expect(patchLockfile(root, lock, families)).toBe(lock);
  });

  it('a new connector gets a sibling importer entry and links from the root and the server; removing it restores the file', () => {
    const copy = copyWorkspace('lock-add');
    const lock = read(copy, 'pnpm-lock.yaml');
    addGeneratedPackage(copy, 'zz-widget');
    for (const [file, field] of [
      ['package.json', 'devDependencies'],
      ['packages/server/package.json', 'dependencies'],
    ] as const) {
      writeFileSync(join(copy, file), wireManifest(read(copy, file), field, [...families, 'zz-widget']));
    }
    expect(lockfileMismatches(copy)).toEqual([
      'pnpm-lock.yaml: . devDependencies lacks @switchyard/connector-zz-widget',
      'pnpm-lock.yaml has no importer packages/connector-zz-widget',
      'pnpm-lock.yaml: packages/server dependencies lacks @switchyard/connector-zz-widget',
    ]);

    const patched = patchLockfile(copy, lock, [...families, 'zz-widget'])!;
    writeFileSync(join(copy, 'pnpm-lock.yaml'), patched);
    expect(lockfileMismatches(copy)).toEqual([]);
    expect(patched).toContain(
      "      '@switchyard/connector-zz-widget':\n        specifier: workspace:*\n        version: link:packages/connector-zz-widget\n",
    );
    expect(patched).toContain(
      "      '@switchyard/connector-zz-widget':\n        specifier: workspace:^\n        version: link:../connector-zz-widget\n",
    );
    const sibling = /\n {2}packages\/connector-[^\n]+:\n((?: {4}[^\n]*\n)+)/.exec(lock)![1];
    expect(patched).toContain(`\n  packages/connector-zz-widget:\n${sibling}`);
    // Everything else (resolved packages, snapshots) is untouched.
    expect(patched.slice(patched.indexOf('\npackages:\n'))).toBe(lock.slice(lock.indexOf('\npackages:\n')));

    rmSync(join(copy, 'packages', 'connector-zz-widget'), { recursive: true });
    for (const [file, field] of [
      ['package.json', 'devDependencies'],
      ['packages/server/package.json', 'dependencies'],
    ] as const) {
      writeFileSync(join(copy, file), wireManifest(read(copy, file), field, families));
    }
    expect(lockfileMismatches(copy)).toEqual([
      'pnpm-lock.yaml: . devDependencies still locks @switchyard/connector-zz-widget',
      'pnpm-lock.yaml still locks packages/connector-zz-widget, which no longer exists',
      'pnpm-lock.yaml: packages/server dependencies still locks @switchyard/connector-zz-widget',
    ]);
    expect(patchLockfile(copy, patched, families)).toBe(lock);
  });

  it('gives up (undefined) when no sibling has the new package dependency list, so pnpm resolves it instead', () => {
    const copy = copyWorkspace('lock-unknown');
    addGeneratedPackage(copy, 'zz-other');
    const manifestFile = join(copy, 'packages', 'connector-zz-other', 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { dependencies: Record<string, string> };
    manifest.dependencies['left-pad'] = '1.3.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(patchLockfile(copy, read(copy, 'pnpm-lock.yaml'), [...families, 'zz-other'])).toBeUndefined();
  });
});

describe('packages whose spec is gone', () => {
  it('are found by the generator header naming a missing spec; handwritten ones are left alone', () => {
    const copy = copyWorkspace('orphans');
    addGeneratedPackage(copy, 'gone');
    mkdirSync(join(copy, 'packages', 'connector-handmade'), { recursive: true });
    writeFileSync(join(copy, 'packages', 'connector-handmade', 'package.json'), JSON.stringify({ name: '@switchyard/connector-handmade' }));
    expect(orphanPackages(copy)).toEqual([{ dir: 'packages/connector-gone', spec: 'specs/gone.yaml', family: 'gone' }]);

    expect(removeOrphanPackages(copy, true).drift).toEqual([
      { file: 'packages/connector-gone/ (specs/gone.yaml is gone)', reason: 'stale' },
    ]);
    expect(existsSync(join(copy, 'packages', 'connector-gone'))).toBe(true); // check mode removes nothing
    expect(removeOrphanPackages(copy, false).removed).toEqual(['gone']);
    expect(existsSync(join(copy, 'packages', 'connector-gone'))).toBe(false);
    expect(existsSync(join(copy, 'packages', 'connector-handmade', 'package.json'))).toBe(true);
  });
});

describe('the CLI on a copy', () => {
  // The quickest to generate: these check the wiring of every family, whichever one is named.
  const family = quickestSpec();

  // The generator on one spec: a second or two, more on a loaded machine.
  it(
    '--check reports a connector missing from a manifest, the catalog and the lockfile, even when generating one family',
    { timeout: 120_000 },
    async () => {
      const copy = copyWorkspace('check');
      const dropped = families.find((f) => f !== family)!;
      const others = families.filter((f) => f !== dropped);
      writeFileSync(join(copy, 'package.json'), wireManifest(read(copy, 'package.json'), 'devDependencies', others));
      writeFileSync(
        join(copy, CATALOG_FILE),
        read(copy, CATALOG_FILE).replace(`from '@switchyard/connector-${dropped}';`, "from 'elsewhere';"),
      );

      const drifted = await runGenerate(copy, `--check ${family}`);
      expect(drifted.status).toBe(1);
      expect(drifted.stderr).toContain('changed package.json');
      expect(drifted.stderr).toContain(`changed ${CATALOG_FILE}`);
      expect(drifted.stderr).toContain(`lockfile pnpm-lock.yaml: . devDependencies still locks @switchyard/connector-${dropped}`);
      expect(drifted.stderr).toContain('Run: pnpm generate');
    },
  );

  // The generator on one spec, twice: seconds, more on a loaded machine.
  it(
    'generating one family rewrites the wiring for every spec present, and says how to install when told not to',
    { timeout: 120_000 },
    async () => {
      const copy = copyWorkspace('filter');
      writeFileSync(join(copy, 'package.json'), wireManifest(read(copy, 'package.json'), 'devDependencies', [family]));
      writeFileSync(
        join(copy, 'packages/server/package.json'),
        wireManifest(read(copy, 'packages/server/package.json'), 'dependencies', []),
      );
      rmSync(join(copy, CATALOG_FILE));

      const result = await runGenerate(copy, `--no-install ${family}`);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(read(copy, 'package.json')).toBe(read(root, 'package.json'));
      expect(read(copy, 'packages/server/package.json')).toBe(read(root, 'packages/server/package.json'));
      expect(read(copy, CATALOG_FILE)).toBe(read(root, CATALOG_FILE));
      expect(result.stdout).toContain('package.json dependency lists changed; not installing (--no-install). Run: pnpm install --offline');
      expect((await runGenerate(copy, `--check ${family}`)).status).toBe(0);
    },
  );

  it('an unknown family on the command line is an error, not a silent no-op', { timeout: 120_000 }, async () => {
    const result = await runGenerate(copyWorkspace('unknown'), 'no-such-family');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no spec for specs/no-such-family.yaml');
  });
});
