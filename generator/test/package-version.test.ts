/**
 * Versions belong to changesets, not to the generator: `pnpm changeset version` bumps every
 * package of the release set, and `pnpm generate --check` must stay green afterwards (it would
 * report every connector's package.json as changed if the generator wrote a version of its own).
 * A new connector joins the set at the runtime's version.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPEC_TYPES_FILE } from '../src/pipeline.js';
import { connectorVersion } from '../src/workspace/package-version.js';
import { WIRED_SOURCE_FILES, specFamilies } from '../src/workspace/workspace-wiring.js';
import { runGenerate } from './run-generate.js';
import { quickestSpec } from '../../test/support/connectors.js';

const root = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'switchyard-version-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const families = specFamilies(root);
const versionOf = (base: string, dir: string) =>
  (JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')) as { version: string }).version;

/** What changesets and `pnpm generate --check` read: every workspace manifest, the changesets, the specs and the wiring. */
function copyRepository(name: string): string {
  const copy = join(temp, name);
  const manifests = readdirSync(join(root, 'packages')).map((dir) => `packages/${dir}/package.json`);
  const parts = [
    '.changeset',
    'specs',
    'templates',
    '.prettierrc.json',
    'LICENSE',
    'package.json',
    'pnpm-workspace.yaml',
    'pnpm-lock.yaml',
    'generator/package.json',
    SPEC_TYPES_FILE,
    ...WIRED_SOURCE_FILES,
    ...manifests,
    ...families.map((f) => `packages/connector-${f}`),
  ];
  for (const part of parts) {
    cpSync(join(root, part), join(copy, part), { recursive: true, filter: (src) => !/[/\\](node_modules|dist)([/\\]|$)/.test(src) });
  }
  return copy;
}

describe('connectorVersion', () => {
  it('keeps the version a generated package has, and starts a new one at the runtime version', () => {
    const base = join(temp, 'unit');
    mkdirSync(join(base, 'packages', 'runtime'), { recursive: true });
    mkdirSync(join(base, 'packages', 'connector-demo-ledger'), { recursive: true });
    writeFileSync(join(base, 'packages', 'runtime', 'package.json'), JSON.stringify({ name: '@switchyard/runtime', version: '0.4.0' }));
    writeFileSync(
      join(base, 'packages', 'connector-demo-ledger', 'package.json'),
      JSON.stringify({ name: '@switchyard/connector-demo-ledger', version: '0.3.2' }),
    );
    expect(connectorVersion(base, 'demo-ledger')).toBe('0.3.2');
    expect(connectorVersion(base, 'demo-ticketing')).toBe('0.4.0');

    writeFileSync(join(base, 'packages', 'runtime', 'package.json'), JSON.stringify({ name: '@switchyard/runtime' }));
    expect(() => connectorVersion(base, 'demo-ticketing')).toThrow(/packages\/runtime\/package\.json has no version/);
  });
});

describe('the release flow', () => {
  // `changeset version`, then the generator on one spec: seconds, more on a loaded machine.
  it('after `changeset version` bumps the set, `pnpm generate --check` is still green', { timeout: 120_000 }, async () => {
    const copy = copyRepository('release');
    const before = versionOf(copy, 'packages/runtime');
    execFileSync(join(root, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
    const after = versionOf(copy, 'packages/runtime');
    expect(after).not.toBe(before);
    // One fixed set: every connector moved with the runtime.
    for (const family of families) expect(versionOf(copy, `packages/connector-${family}`), family).toBe(after);

    const family = quickestSpec();
    const check = await runGenerate(copy, `--check ${family}`);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
