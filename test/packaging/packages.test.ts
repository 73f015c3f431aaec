/**
 * What users install: each package's entry points and both module systems (ESM import, and
 * CommonJS require() of ESM, which Node 20.19+ allows and engines.node promises), and the manifest
 * facts that make the packages publishable as one set (changesets' fixed group, public access, the
 * license, `workspace:^` between them). The packages are discovered, not listed: every workspace
 * package that is not private (published-set.ts), and one generated package per spec in specs/
 * must be among them, so a new connector is checked too. The packed tarballs themselves (the files
 * in each) are checked in tarballs.test.ts, and installed and run in installed.test.ts.
 */
// @module-tag long
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { narrowedToOnly, onlyConnectors, specNames } from '../support/connectors.js';
import { publishedPackages, root, workspacePackages } from './published-set.js';

/** One generated package per spec: specs/<name>.yaml → packages/connector-<name>. */
const generated = specNames().map((name) => `packages/connector-${name}`);
/** Every published (non-private) workspace package: the generated ones and the handwritten ones. */
const published = publishedPackages();
/** SWITCHYARD_MATRIX_ONLY narrows the per-package checks to those connectors' packages (test/support/connectors.ts). */
/** The `exports` entries that load code (every subpath but `./package.json`), with their conditions. */
function codeEntries(manifest: Record<string, any>): [string, Record<string, string>][] {
  return Object.entries(manifest['exports'] as Record<string, string | Record<string, string>>).filter(
    (entry): entry is [string, Record<string, string>] => !entry[0].endsWith('.json'),
  );
}

const narrowed = new Set(narrowedToOnly(specNames()).map((name) => `packages/connector-${name}`));
const packages = onlyConnectors().length > 0 ? published.filter((p) => narrowed.has(p.dir)) : published;

describe('published packages', () => {
  it('every spec has its generated package, published, and the handwritten ones are found', () => {
    const dirs = published.map((p) => p.dir);
    for (const dir of generated) expect(dirs, dir).toContain(dir);
    expect(dirs).toEqual(expect.arrayContaining(['packages/runtime', 'packages/cloud', 'packages/server']));
    expect(generated.length).toBeGreaterThan(0);
  });
});

describe.each(packages.map((p) => p.dir))('%s as published', (dir) => {
  const pkgDir = join(root, dir);
  const manifest = packages.find((p) => p.dir === dir)!.manifest;

  it('is ESM-only with types first, no side effects, and the Node floor that allows require()', () => {
    expect(manifest['type']).toBe('module');
    expect(manifest['sideEffects']).toBe(false);
    expect(manifest['engines']).toEqual({ node: '>=20.19' });
    // Conditions are matched in order: `types` first, `default` last (a custom condition such as
    // the runtime's source entry for workspace tooling may sit between them), in every code entry
    // (the runtime's `./internal` too).
    expect(Object.keys(manifest['exports'])).toContain('.');
    for (const [subpath, target] of codeEntries(manifest)) {
      const conditions = Object.keys(target);
      expect(conditions[0], subpath).toBe('types');
      expect(conditions.at(-1), subpath).toBe('default');
    }
  });

  it('is published publicly under the project license, with the LICENSE text beside it', () => {
    expect(manifest['publishConfig']).toEqual({ access: 'public' });
    expect(manifest['license']).toBe('MIT');
    expect(manifest['files']).toContain('LICENSE');
    expect(readFileSync(join(pkgDir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
  });

  it('names the other workspace packages it depends on with workspace:^ (pnpm publishes ^<version>)', () => {
    const workspaceNames = new Set(workspacePackages().map((p) => p.manifest['name'] as string));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [name, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
        if (workspaceNames.has(name)) expect(range, `${field}.${name}`).toBe('workspace:^');
        else expect(range, `${field}.${name}`).not.toMatch(/^(workspace|file|link):/);
      }
    }
  });

  // Every code entry loaded by require() first (CommonJS loading the ESM build, as Node 20.19+
  // allows), then by import, in one process for the package: each require() is the module's
  // first load, so a top-level await or a CommonJS-only problem fails it. One process per
  // package rather than two per entry (about 5 CPU s of the suite, CONTRIBUTING.md).
  let loaded: Record<string, { require: string[] | { error: string }; import: string[] }> = {};
  beforeAll(async () => {
    const names = codeEntries(manifest).map(([subpath]) => `${manifest['name'] as string}${subpath.slice(1)}`);
    const script = `
      const names = ${JSON.stringify(names)};
      const out = {};
      for (const name of names) {
        try { out[name] = { require: Object.keys(require(name)).sort() }; }
        catch (error) { out[name] = { require: { error: String(error) } }; }
      }
      Promise.all(names.map((name) => import(name))).then((modules) => {
        modules.forEach((m, i) => { out[names[i]].import = Object.keys(m).sort(); });
        process.stdout.write(JSON.stringify(out));
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--no-warnings', '-e', script], { cwd: root, encoding: 'utf8' });
    loaded = JSON.parse(stdout) as typeof loaded;
  });

  it.each(codeEntries(manifest).map(([subpath]) => subpath))('loads %s with require() from CommonJS as well as with import', (subpath) => {
    const name = `${manifest['name'] as string}${subpath.slice(1)}`;
    const { require: viaRequire, import: viaImport } = loaded[name]!;
    expect(viaRequire).toBeInstanceOf(Array);
    expect(viaRequire).toEqual(viaImport.filter((k) => k !== 'default' && k !== 'module.exports'));
    expect((viaRequire as string[]).length).toBeGreaterThan(5);
  });
});

describe('the release set', () => {
  const config = JSON.parse(readFileSync(join(root, '.changeset', 'config.json'), 'utf8')) as Record<string, any>;
  /** changesets matches fixed-group entries with micromatch; the entries here are names or `prefix*`. */
  const matches = (pattern: string, name: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern);

  it('releases every published package together: one fixed changesets group, one version, public access', () => {
    expect(config['fixed']).toHaveLength(1);
    const [group] = config['fixed'] as string[][];
    const published = publishedPackages();
    for (const { manifest } of published) {
      expect(
        group!.some((pattern) => matches(pattern, manifest['name'])),
        `${manifest['name']} is in .changeset/config.json's fixed group`,
      ).toBe(true);
    }
    expect(new Set(published.map((p) => p.manifest['version'])).size, 'one version across the published packages').toBe(1);
    expect(config['access']).toBe('public');
    expect(config['baseBranch']).toBe('main');
  });

  it('publishes the generator with the set (it emits code for the runtime of the same version), with its bin', () => {
    const generator = publishedPackages().find((p) => p.manifest['name'] === '@switchyard/generator');
    expect(generator, '@switchyard/generator is published').toBeDefined();
    expect(generator!.manifest['bin']).toEqual({ 'switchyard-generate': './bin/switchyard-generate.js' });
    expect(generator!.manifest['dependencies']['@switchyard/runtime']).toBe('workspace:^');
    // Private workspace packages (the vendor fakes) are versioned with the set but never tagged or published.
    expect(config['privatePackages']).toEqual({ version: true, tag: false });
  });
});
