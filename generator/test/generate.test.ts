/**
 * The generator end to end: whole generated packages are snapshot-tested, output is
 * byte-identical across runs, files are rewritten only when they change, and --check catches drift.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage } from '../src/pipeline.js';
import { scaffoldSpec } from '../src/scaffold.js';
import { syncPackage } from '../src/write.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const valid = (name: string) => join(root, 'generator', 'test', 'fixtures', 'valid', `${name}.yaml`);
const temp = mkdtempSync(join(tmpdir(), 'switchyard-gen-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

async function generateFixture(name: string) {
  const { ir, problems } = compileSpec(valid(name), paths);
  expect(problems).toEqual([]);
  return emitPackage(ir!, paths);
}

describe('generated package snapshot', () => {
  it('matches the committed snapshot of every file (support-desk-mini)', async () => {
    const files = await generateFixture('support-desk-mini');
    expect([...files.keys()].sort()).toEqual([
      'README.md',
      'package.json',
      'src/client.ts',
      'src/index.ts',
      'src/metadata.ts',
      'src/schemas.ts',
      'src/types.ts',
      'tsconfig.json',
    ]);
    for (const [path, content] of files) {
      await expect(content).toMatchFileSnapshot(join('__snapshots__', 'support-desk-mini', `${path}.snap`));
    }
  });

  it('starts every generated file with a do-not-edit header naming the spec', async () => {
    const files = await generateFixture('support-desk-mini');
    const spec = 'generator/test/fixtures/valid/support-desk-mini.yaml';
    for (const [path, content] of files) {
      const first = path === 'package.json' ? JSON.parse(content)['//'] : content.split('\n')[0];
      expect(first, path).toContain(`Generated from ${spec}`);
      expect(first, path).toContain('Do not edit');
    }
  });
});

describe('determinism and writing', () => {
  it('emits byte-identical output on a second run', async () => {
    const a = await generateFixture('support-desk-mini');
    const b = await generateFixture('support-desk-mini');
    expect([...b]).toEqual([...a]);
  });

  it('writes only changed files, removes stale ones, and reports drift in check mode', async () => {
    const files = await generateFixture('support-desk-mini');
    const dir = join(temp, 'pkg');
    const first = syncPackage(dir, files, false, temp);
    expect(first.written).toHaveLength(files.size);
    const mtime = statSync(join(dir, 'src', 'client.ts')).mtimeMs;

    const second = syncPackage(dir, files, false, temp);
    expect(second.written).toEqual([]);
    expect(statSync(join(dir, 'src', 'client.ts')).mtimeMs).toBe(mtime);

    writeFileSync(join(dir, 'src', 'types.ts'), '// edited by hand\n');
    writeFileSync(join(dir, 'src', 'leftover.ts'), 'export {};\n');
    const check = syncPackage(dir, files, true, temp);
    expect(check.drift).toEqual([
      { file: 'pkg/src/types.ts', reason: 'changed' },
      { file: 'pkg/src/leftover.ts', reason: 'stale' },
    ]);
    expect(readFileSync(join(dir, 'src', 'types.ts'), 'utf8')).toBe('// edited by hand\n'); // check mode writes nothing

    const repaired = syncPackage(dir, files, false, temp);
    expect(repaired.written).toEqual(['pkg/src/types.ts', 'pkg/src/leftover.ts (removed)']);
    expect(syncPackage(dir, files, true, temp).drift).toEqual([]);
  });

  it('pnpm generate --check passes on the repository and fails on a hand edit', () => {
    const copy = join(temp, 'repo');
    for (const part of [
      'specs',
      'templates',
      'packages/connector-messaging',
      'packages/connector-issue-tracker',
      'packages/connector-recruiting',
      '.prettierrc.json',
    ]) {
      cpSync(join(root, part), join(copy, part), {
        recursive: true,
        filter: (src) => !src.includes('node_modules') && !src.includes('/dist'),
      });
    }
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'generator', 'src', 'cli.ts'), 'generate', '--check'], {
        cwd: root,
        env: { ...process.env, SWITCHYARD_ROOT: copy },
        encoding: 'utf8',
      });
    const clean = run();
    expect(clean.stdout + clean.stderr).toContain('match their specs');
    expect(clean.status).toBe(0);

    const client = join(copy, 'packages', 'connector-messaging', 'src', 'client.ts');
    writeFileSync(client, readFileSync(client, 'utf8').replace('requestPage', 'requestPages'));
    const drifted = run();
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toContain('changed packages/connector-messaging/src/client.ts');
    expect(drifted.stderr).toContain('Run: pnpm generate');
  });
});

describe('other specs', () => {
  it('the scaffold of new-connector validates and generates', async () => {
    const file = join(temp, 'ticketing.yaml');
    writeFileSync(file, scaffoldSpec('ticketing'));
    const { ir, problems } = compileSpec(file, paths);
    expect(problems).toEqual([]);
    const files = await emitPackage(ir!, paths);
    expect(files.get('src/client.ts')).toContain('export class TicketingConnector');
  });

  it('a Harvest v3 variant (OAuth2 client credentials, exclusive cursor Link paging) is expressible', async () => {
    const files = await generateFixture('recruiting-v3');
    const metadata = files.get('src/metadata.ts')!;
    expect(metadata).toContain("grant: 'client_credentials'");
    expect(metadata).toMatch(/style: 'link-header'[^}]*exclusive: true/);
  });
});
