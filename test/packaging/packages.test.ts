/**
 * What users install: each package's published files, its entry points, and both module systems
 * (ESM import, and CommonJS require() of ESM, which Node 20.19+ allows and engines.node promises).
 * The packages are discovered, not listed: one generated package per spec in specs/, plus every
 * published (non-private) handwritten package in packages/, so a new connector is checked too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { narrowedToOnly, onlyConnectors, specNames } from '../support/connectors.js';

const root = join(import.meta.dirname, '..', '..');
const readManifest = (dir: string) => JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as Record<string, any>;

/** One generated package per spec: specs/<name>.yaml → packages/connector-<name>. */
const generated = specNames().map((name) => `connector-${name}`);
/** Handwritten packages: every other workspace package that is published (not `private`). */
const handwritten = readdirSync(join(root, 'packages'))
  .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')) && !generated.includes(dir))
  .filter((dir) => readManifest(dir)['private'] !== true)
  .sort();
/** SWITCHYARD_MATRIX_ONLY narrows the per-package checks to those connectors' packages (test/support/connectors.ts). */
const packages =
  onlyConnectors().length > 0 ? narrowedToOnly(specNames()).map((name) => `connector-${name}`) : [...handwritten, ...generated];

describe('published packages', () => {
  it('every spec has its generated package, and the handwritten ones are found', () => {
    for (const dir of generated) expect(existsSync(join(root, 'packages', dir, 'package.json')), `packages/${dir}`).toBe(true);
    expect(handwritten).toEqual(expect.arrayContaining(['runtime', 'cloud']));
    expect(generated.length).toBeGreaterThan(0);
  });
});

describe.each(packages)('@switchyard/%s as published', (dir) => {
  const pkgDir = join(root, 'packages', dir);
  const manifest = readManifest(dir);

  it('is ESM-only with types first, no side effects, and the Node floor that allows require()', () => {
    expect(manifest['type']).toBe('module');
    expect(manifest['sideEffects']).toBe(false);
    expect(manifest['engines']).toEqual({ node: '>=20.19' });
    // Conditions are matched in order: `types` first, `default` last (a custom condition such as
    // the runtime's source entry for workspace tooling may sit between them).
    const conditions = Object.keys(manifest['exports']['.']);
    expect(conditions[0]).toBe('types');
    expect(conditions.at(-1)).toBe('default');
  });

  it('packs its build, its sources (for source and declaration maps) and its README, and nothing else', () => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkgDir, encoding: 'utf8' }),
    ) as [{ files: { path: string }[] }];
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'src/index.ts']));
    expect(files.filter((f) => !/^(dist|src)\//.test(f) && !['package.json', 'README.md'].includes(f))).toEqual([]);
    const maps = files.filter((f) => f.endsWith('.js.map'));
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(pkgDir, map), 'utf8')) as { sources: string[] };
      for (const source of sources) expect(files, `${map} points at ${source}`).toContain(join(dirname(map), source));
    }
  });

  it('loads with require() from CommonJS as well as with import', () => {
    const name = manifest['name'] as string;
    const script = `const m = require(${JSON.stringify(name)}); process.stdout.write(JSON.stringify(Object.keys(m).sort()))`;
    const viaRequire = JSON.parse(
      execFileSync(process.execPath, ['--no-warnings', '-e', script], { cwd: root, encoding: 'utf8' }),
    ) as string[];
    const esm = `import(${JSON.stringify(name)}).then((m) => process.stdout.write(JSON.stringify(Object.keys(m).sort())))`;
    const viaImport = JSON.parse(execFileSync(process.execPath, ['-e', esm], { cwd: root, encoding: 'utf8' })) as string[];
    expect(viaRequire).toEqual(viaImport.filter((k) => k !== 'default' && k !== 'module.exports'));
    expect(viaRequire.length).toBeGreaterThan(5);
  });
});
