/**
 * The tarballs `pnpm publish` would upload, checked the way a registry's users meet them: packed
 * by pnpm (which rewrites `workspace:` ranges), the files in each (the build, the sources its maps
 * name, README and LICENSE, nothing else), then linted by publint (manifest and files: exports
 * order, entry points that exist and are packed, formats) and by arethetypeswrong (do the type
 * declarations resolve for every module resolution a TypeScript user may have).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { checkPackage, createPackageFromTarballData, type Problem } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPublished, publishedPackages, readPacked, root, type PackedPackage } from './published-set.js';

const destination = mkdtempSync(join(tmpdir(), 'switchyard-tarballs-'));
let packed: PackedPackage[] = [];
beforeAll(() => {
  packed = packPublished(destination);
});
afterAll(() => rmSync(destination, { recursive: true, force: true }));

const tarballOf = (dir: string) => packed.find((p) => p.dir === dir)!;

/**
 * The two things arethetypeswrong reports for every ESM-only package, which the packages mean:
 * - `node10` resolution (TypeScript's `moduleResolution: node`, no `exports` support) finds nothing:
 *   the packages publish `exports` only, as Node 20.19+ and every current bundler read them;
 * - `require()` from CommonJS resolves to ESM: Node 20.19+ loads ESM with require() (engines.node
 *   promises it; packages.test.ts proves it for every package).
 */
const intended = (problem: Problem) =>
  ('resolutionKind' in problem && problem.kind === 'NoResolution' && problem.resolutionKind === 'node10') ||
  ('resolutionKind' in problem && problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs');

describe.each(publishedPackages().map((p) => p.dir))('%s as packed for the registry', (dir) => {
  it('packs its build, its sources (for source and declaration maps), its README and LICENSE, and nothing else', () => {
    const { files, manifest } = tarballOf(dir);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts', 'src/index.ts']),
    );
    // The service also ships its bin shim (bin/switchyard.js), which its manifest names.
    const bins = Object.values((manifest['bin'] ?? {}) as Record<string, string>).map((bin) => bin.replace(/^\.\//, ''));
    expect(files.filter((f) => !/^(dist|src)\//.test(f) && !['package.json', 'README.md', 'LICENSE', ...bins].includes(f))).toEqual([]);
    // Every source a source map names is packed beside it (the map is the one in the tarball: pnpm packs the folder's file).
    for (const map of files.filter((f) => f.endsWith('.js.map'))) {
      const { sources } = JSON.parse(readFileSync(join(root, dir, map), 'utf8')) as { sources: string[] };
      for (const source of sources) expect(files, `${map} points at ${source}`).toContain(join(dirname(map), source));
    }
  });

  it('names its workspace dependencies with ^<their version>, never a workspace: or exact pin', () => {
    const { tarball } = tarballOf(dir);
    const manifest = JSON.parse(readPacked(tarball, 'package.json')) as Record<string, Record<string, string> | undefined>;
    const versions = new Map(packed.map((p) => [p.name, p.version]));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [name, range] of Object.entries(manifest[field] ?? {})) {
        expect(range, `${field}.${name}`).not.toMatch(/^(workspace|file|link):/);
        if (versions.has(name)) expect(range, `${field}.${name}`).toBe(`^${versions.get(name)}`);
      }
    }
  });

  it('publint finds nothing, not even a suggestion', async () => {
    const data = readFileSync(tarballOf(dir).tarball);
    const { messages, pkg } = await publint({ pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) } });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false }) ?? m.code}`)).toEqual([]);
  });

  it('arethetypeswrong: types resolve for node16 (ESM) and bundlers, and nothing else is wrong', async () => {
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarballOf(dir).tarball))));
    if (analysis.types === false) throw new Error(`${dir}: the package ships no types`);
    expect(analysis.types.kind).toBe('included');
    expect(analysis.problems.filter((problem) => !intended(problem))).toEqual([]);
    // Every code entry point (not `./package.json`) resolves to type declarations.
    const code = Object.values(analysis.entrypoints).filter((entrypoint) => !entrypoint.subpath.endsWith('.json'));
    expect(code.map((entrypoint) => entrypoint.subpath)).toContain('.');
    for (const entrypoint of code) {
      for (const kind of ['node16-esm', 'bundler'] as const) {
        expect(entrypoint.resolutions[kind]?.resolution?.isTypeScript, `${entrypoint.subpath} under ${kind}`).toBe(true);
      }
    }
  });
});
