/**
 * The generator outside the repository (src/standalone.ts, src/bin.ts): one spec into one folder,
 * the same package `pnpm generate` writes but for what ties that one to this workspace, nothing
 * written anywhere else, a folder of the caller's never overwritten, and --check for drift.
 * test/plugins/connector-package.test.ts builds such a package and runs it in the service.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';
import { scaffoldSpec } from '../src/workspace/scaffold.js';
import { generateStandalone, runtimeVersion, StandaloneUsageError } from '../src/standalone.js';

const root = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'switchyard-standalone-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A family no spec of the repository has: the starter spec `pnpm new-connector` writes, valid as written. */
const FAMILY = 'ledger-book';
const specFile = join(temp, `${FAMILY}.yaml`);
writeFileSync(specFile, scaffoldSpec(FAMILY));

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const HEADER_COMMAND = /run (pnpm generate|switchyard-generate)\./g;

describe('switchyard-generate <spec> --out <dir>', () => {
  const out = join(temp, 'out', 'ledger');

  it('writes the workspace package but for its name, runtime range, tsconfig and headers, and only into --out', async () => {
    const result = await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.family).toBe(FAMILY);
    expect([...result.written].sort()).toEqual(
      readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath.slice(out.length + 1), e.name))
        .sort(),
    );
    expect(readdirSync(temp).sort()).toEqual(['ledger-book.yaml', 'out']);

    const { ir } = compileSpec(specFile, { ...defaultPaths(root), root: temp });
    const workspace = await emitPackage(ir!, defaultPaths(root));
    for (const [path, text] of workspace) {
      if (!path.startsWith('src/') && path !== 'LICENSE') continue;
      // The code is the workspace package's, but for the package name in the index's doc comment.
      const expected = text.replace(HEADER_COMMAND, 'run switchyard-generate.').replace(`@switchyard/connector-${FAMILY}`, '@acme/ledger');
      expect(read(out, path), path).toBe(expected);
    }
    const manifest = JSON.parse(read(out, 'package.json')) as Record<string, any>;
    expect(manifest['name']).toBe('@acme/ledger');
    expect(manifest['//']).toBe(
      `Generated from ${FAMILY}.yaml by the Switchyard generator. Do not edit: change the spec and run switchyard-generate.`,
    );
    expect(manifest['dependencies']).toEqual({ '@switchyard/runtime': `^${runtimeVersion()}` });
    expect(runtimeVersion()).toBe((JSON.parse(read(root, 'packages/runtime/package.json')) as { version: string }).version);
    const tsconfig = read(out, 'tsconfig.json');
    expect(tsconfig).not.toContain('extends');
    expect(tsconfig).toContain('"outDir": "dist"');
    expect(read(out, 'README.md')).not.toContain('../../README.md');
  });

  it('--check finds the package up to date, then names what drifted; regenerating keeps the version and drops stale sources', async () => {
    const check = await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger', check: true });
    expect(check.ok && check.drift).toEqual([]);
    // The package's owner bumps its version; a source file the spec no longer produces lingers.
    const manifestFile = join(out, 'package.json');
    writeFileSync(manifestFile, read(out, 'package.json').replace('"version": "0.1.0"', '"version": "1.4.0"'));
    writeFileSync(join(out, 'src', 'old.ts'), 'export const old = 1;\n');
    writeFileSync(join(out, 'src', 'index.ts'), `${read(out, 'src/index.ts')}// edited\n`);
    const drifted = await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger', check: true });
    // The version is the owner's: not drift.
    expect(drifted.ok && [...drifted.drift].sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: 'src/index.ts', reason: 'changed' },
      { file: 'src/old.ts', reason: 'stale' },
    ]);
    const regenerated = await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger' });
    expect(regenerated.ok && [...regenerated.written].sort()).toEqual(['src/index.ts', 'src/old.ts (removed)']);
    expect(JSON.parse(read(out, 'package.json'))['version']).toBe('1.4.0');
    expect(existsSync(join(out, 'src', 'old.ts'))).toBe(false);
  });

  it('regenerating without --name keeps the name, and keeps a runtime dependency pointed off the registry', async () => {
    const manifestFile = join(out, 'package.json');
    const manifest = () => JSON.parse(read(out, 'package.json')) as { name: string; dependencies: Record<string, string> };
    expect((await generateStandalone({ spec: specFile, out, check: true })).ok).toBe(true);
    const unchanged = await generateStandalone({ spec: specFile, out, check: true });
    expect(unchanged.ok && unchanged.drift).toEqual([]);
    await generateStandalone({ spec: specFile, out });
    expect(manifest().name).toBe('@acme/ledger');
    // A tarball of the runtime (before it is on npm, or a build of one's own) stays what the owner set.
    const tarball = 'file:../switchyard-runtime-0.1.0.tgz';
    writeFileSync(manifestFile, read(out, 'package.json').replace(`"^${runtimeVersion()}"`, JSON.stringify(tarball)));
    await generateStandalone({ spec: specFile, out });
    expect(manifest().dependencies).toEqual({ '@switchyard/runtime': tarball });
    // A version range is the generator's: the code it writes needs the runtime it emits for.
    writeFileSync(manifestFile, read(out, 'package.json').replace(JSON.stringify(tarball), '"^0.0.1"'));
    await generateStandalone({ spec: specFile, out });
    expect(manifest().dependencies).toEqual({ '@switchyard/runtime': `^${runtimeVersion()}` });
    // --name still renames.
    await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger-two' });
    expect(manifest().name).toBe('@acme/ledger-two');
    await generateStandalone({ spec: specFile, out, packageName: '@acme/ledger' });
  });

  it('never writes into a folder that holds files it did not write', async () => {
    const mine = join(temp, 'someone-elses');
    mkdirSync(join(mine, 'src'), { recursive: true });
    writeFileSync(join(mine, 'src', 'app.ts'), 'export {};\n');
    writeFileSync(join(mine, 'package.json'), JSON.stringify({ name: 'app' }));
    await expect(generateStandalone({ spec: specFile, out: mine })).rejects.toThrow(StandaloneUsageError);
    await expect(generateStandalone({ spec: specFile, out: mine })).rejects.toThrow(
      /is not empty and holds no package this generator wrote/,
    );
    expect(readdirSync(join(mine, 'src'))).toEqual(['app.ts']);
  });

  it('refuses a name npm would refuse, and a spec that is not there, before reading anything', async () => {
    await expect(generateStandalone({ spec: specFile, out: join(temp, 'x'), packageName: 'Ledger Book' })).rejects.toThrow(
      /--name "Ledger Book" is not an npm package name/,
    );
    await expect(generateStandalone({ spec: join(temp, 'nope.yaml'), out: join(temp, 'x') })).rejects.toThrow(/no spec at /);
    await expect(generateStandalone({ spec: temp, out: join(temp, 'x') })).rejects.toThrow(/is not a file: name the spec's YAML file/);
    await expect(generateStandalone({ spec: specFile, out: specFile })).rejects.toThrow(/--out .* is not a directory/);
    expect(existsSync(join(temp, 'x'))).toBe(false);
  });

  it('the bin says in one line why --out cannot be written (a dangling link on the way, /proc), and ends', () => {
    const bin = join(root, 'generator', 'bin', 'switchyard-generate.js');
    symlinkSync(join(temp, 'not-mounted'), join(temp, 'dangling'));
    const cases: [string, RegExp][] = [
      ['dangling/ledger', /ENOTDIR: cannot make .*dangling\/ledger: .*dangling exists and is not a directory/],
    ];
    if (process.platform === 'linux') cases.push(['/proc/switchyard-not-a-process/ledger', /ENOENT/]);
    for (const [out, why] of cases) {
      // SIGKILL: Node's own recursive mkdir spun there, deaf to SIGTERM.
      const result = spawnSync(process.execPath, [bin, specFile, '--out', out], {
        cwd: temp,
        encoding: 'utf8',
        timeout: 60_000,
        killSignal: 'SIGKILL',
      });
      expect(result.signal, out).toBeNull();
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(`^switchyard-generate: cannot write the package into ${out.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `),
      );
      expect(result.stderr).toMatch(why);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('the bin reports every problem of a broken spec by file name, writes nothing and exits 1; a usage mistake exits 2', () => {
    const broken = join(temp, 'broken.yaml');
    writeFileSync(broken, scaffoldSpec(FAMILY).replace('kind: bearer', 'kind: bearr').replace('path: /items', 'path: items'));
    const bin = join(root, 'generator', 'bin', 'switchyard-generate.js');
    const failed = spawnSync(process.execPath, [bin, 'broken.yaml', '--out', 'broken-out'], {
      cwd: temp,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^broken\.yaml:\d+:\d+ SY\d+ /m);
    expect(failed.stderr).toMatch(/\d+ problems; nothing was written\.\n$/);
    expect(existsSync(join(temp, 'broken-out'))).toBe(false);
    const usage = spawnSync(process.execPath, [bin, 'broken.yaml'], { cwd: temp, encoding: 'utf8', timeout: 60_000 });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--out <dir> is required');
  });
});
