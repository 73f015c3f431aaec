/**
 * The generator end to end: whole generated packages are snapshot-tested, output is
 * byte-identical across runs, files are rewritten only when they change, and --check catches drift.
 */
// @module-tag long
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSpec, defaultPaths, emitPackage, SPEC_TYPES_FILE } from '../src/pipeline.js';
import { scaffoldSpec } from '../src/workspace/scaffold.js';
import { specTypesSource } from '../src/workspace/spec-types-from-schema.js';
import { WIRED_SOURCE_FILES } from '../src/workspace/workspace-wiring.js';
import { syncPackage } from '../src/output/write.js';
import { runGenerate, spawnGenerate } from './run-generate.js';
import { quickestSpec } from '../../test/support/connectors.js';

const root = join(import.meta.dirname, '..', '..');
const paths = defaultPaths(root);
const valid = (name: string) => join(root, 'generator', 'test', 'fixtures', 'valid', `${name}.yaml`);
const temp = mkdtempSync(join(tmpdir(), 'switchyard-gen-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every connector family with a spec: the --check tests cover whatever specs/ holds. */
const families = readdirSync(join(root, 'specs'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => f.replace(/\.ya?ml$/, ''))
  .sort();

/** What `pnpm generate` reads and writes, copied so a test can break it without touching the repository. */
function copyRepository(name: string): string {
  const copy = join(temp, name);
  const parts = [
    'specs',
    'templates',
    '.prettierrc.json',
    'LICENSE',
    SPEC_TYPES_FILE,
    'packages/runtime/package.json',
    ...families.map((f) => `packages/connector-${f}`),
    // The workspace wiring --check also compares (see src/workspace/workspace-wiring.ts and src/workspace/lockfile.ts).
    'package.json',
    'pnpm-lock.yaml',
    'packages/server/package.json',
    ...WIRED_SOURCE_FILES,
  ];
  for (const part of parts) {
    cpSync(join(root, part), join(copy, part), {
      recursive: true,
      filter: (src) => !src.includes('node_modules') && !src.includes('/dist'),
    });
  }
  return copy;
}

async function generateFixture(name: string) {
  const { ir, problems } = compileSpec(valid(name), paths);
  expect(problems).toEqual([]);
  return emitPackage(ir!, paths);
}

describe('generated package snapshot', () => {
  it('matches the committed snapshot of every file (support-desk-mini)', async () => {
    const files = await generateFixture('support-desk-mini');
    expect([...files.keys()].sort()).toEqual([
      'LICENSE',
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
      if (path === 'LICENSE') continue; // the project's LICENSE, copied verbatim (checked below)
      await expect(content).toMatchFileSnapshot(join('__snapshots__', 'support-desk-mini', `${path}.snap`));
    }
  });

  it('starts every generated file with a do-not-edit header naming the spec', async () => {
    const files = await generateFixture('support-desk-mini');
    const spec = 'generator/test/fixtures/valid/support-desk-mini.yaml';
    // LICENSE is the project's license text, byte for byte: no header is added to a license.
    expect(files.get('LICENSE')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    for (const [path, content] of files) {
      if (path === 'LICENSE') continue;
      const first = path === 'package.json' ? JSON.parse(content)['//'] : content.split('\n')[0];
      expect(first, path).toContain(`Generated from ${spec}`);
      expect(first, path).toContain('Do not edit');
    }
  });
});

describe('title and class name', () => {
  it('the title is display text (acronyms kept as written); the class is named from the family name', async () => {
    const spec = join(temp, 'support-desk-mini.yaml');
    writeFileSync(spec, readFileSync(valid('support-desk-mini'), 'utf8').replace(/^title: .*$/m, 'title: SDM API Desk'));
    const { ir, problems } = compileSpec(spec, paths);
    expect(problems).toEqual([]);
    expect(ir!.className).toBe('SupportDeskMiniConnector');
    const files = await emitPackage(ir!, paths);
    expect(JSON.parse(files.get('package.json')!).description).toMatch(/^SDM API Desk connector for Switchyard/);
    expect(files.get('README.md')).toContain('SDM API Desk connector for [Switchyard]');
    expect(files.get('src/metadata.ts')).toContain("title: 'SDM API Desk'");
    expect(files.get('src/client.ts')).toContain('export class SupportDeskMiniConnector');
  });

  it("no spec title lowers an acronym of the family's own description (CRM, not Crm)", () => {
    for (const family of families) {
      const text = readFileSync(join(root, 'specs', `${family}.yaml`), 'utf8');
      const title = /^title: (.*)$/m.exec(text)![1]!;
      const acronyms = new Set(text.match(/\b[A-Z]{2,}\b/g) ?? []);
      for (const word of title.split(/\s+/)) {
        const upper = word.toUpperCase();
        if (word !== upper && acronyms.has(upper))
          expect.fail(`specs/${family}.yaml: title word "${word}" is written "${upper}" in the spec`);
      }
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

  // The check on every spec, then the generator's own script (as `pnpm generate --check` runs it) on
  // one: seconds, more on a loaded machine.
  it('pnpm generate --check passes on the repository and fails on a hand edit', { timeout: 120_000 }, async () => {
    const copy = copyRepository('check');
    const clean = await runGenerate(copy, '--check');
    expect(clean.stdout + clean.stderr).toContain(`${families.length} connector packages match their specs`);
    expect(clean.status).toBe(0);

    const family = quickestSpec();
    const client = join(copy, 'packages', `connector-${family}`, 'src', 'client.ts');
    writeFileSync(client, readFileSync(client, 'utf8').replace('requestPage', 'requestPages'));
    // The drift is in one package: checking that family alone finds it (the whole set was just checked).
    const drifted = spawnGenerate(copy, `--check ${family}`);
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toContain(`changed packages/connector-${family}/src/client.ts`);
    expect(drifted.stderr).toContain('Run: pnpm generate');
  });

  it('pnpm generate --check fails when spec-types.ts no longer matches the schema', { timeout: 120_000 }, async () => {
    const copy = copyRepository('schema');
    const schemaFile = join(copy, 'specs', 'connector.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
    schema.properties.vendor.description = 'The vendor API behind the family (edited).';
    writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    // spec-types.ts is checked whatever families are named, so one family keeps the check short.
    const drifted = await runGenerate(copy, `--check ${quickestSpec()}`);
    expect(drifted.status).toBe(1);
    expect(drifted.stderr).toContain(`changed ${SPEC_TYPES_FILE}`);
    expect(drifted.stderr).not.toContain('packages/connector-');
  });
});

describe('spec types', () => {
  it(`${SPEC_TYPES_FILE} is what json-schema-to-typescript derives from specs/connector.schema.json`, async () => {
    const derived = await specTypesSource(paths.schemaFile, paths.prettierConfig, SPEC_TYPES_FILE);
    expect(readFileSync(paths.specTypesFile, 'utf8')).toBe(derived);
    expect(derived.split('\n')[0]).toContain('Generated from specs/connector.schema.json');
  });
});

describe('running the generator through its workspace package', () => {
  const scripts = JSON.parse(readFileSync(join(root, 'generator', 'package.json'), 'utf8')).scripts as Record<string, string>;

  it('resolves @switchyard/runtime to its TypeScript source, so generating needs no build', () => {
    const condition = /--conditions=(\S+)/.exec(scripts['generate']!)?.[1];
    expect(condition).toBeDefined();
    const resolved = spawnSync(
      process.execPath,
      [`--conditions=${condition}`, '--input-type=module', '-e', "console.log(import.meta.resolve('@switchyard/runtime'))"],
      { cwd: join(root, 'generator'), encoding: 'utf8' },
    );
    expect(resolved.stdout.trim()).toBe(new URL('../../packages/runtime/src/index.ts', import.meta.url).href);
  });

  it('the root scripts delegate to the generator package', () => {
    const rootScripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(rootScripts['generate']).toBe('pnpm --filter @switchyard/generator generate');
    expect(rootScripts['new-connector']).toBe('pnpm --filter @switchyard/generator new-connector');
    expect(scripts['new-connector']).toBe(scripts['generate']!.replace(/ generate$/, ' new'));
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
