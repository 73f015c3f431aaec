/**
 * The matrix covers every connector: each spec has a fixture module, a missing one fails loudly,
 * and each fixture gives what the matrix cannot derive (valid params for every action that has
 * required parameters, paging cases over list actions).
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, SPECS_DIR, connectors, loadConnectors, onlyFromEnvironment, specNames } from './registry.js';
import { callableActions, findAction } from './setup.js';

describe('connector registry', () => {
  it('registers one fixture per spec in specs/, named after the spec, for the package generated from it', () => {
    const names = specNames();
    expect(names.length).toBeGreaterThanOrEqual(3);
    // SWITCHYARD_MATRIX_ONLY narrows the run (and tolerates other specs' missing fixtures); unset, it is every spec.
    const only = onlyFromEnvironment();
    expect(connectors.map((c) => c.name)).toEqual(names.filter((name) => only.length === 0 || only.includes(name)));
    for (const { name, fixture } of connectors) expect(fixture.pkg.metadata.name).toBe(name);
    // No stray fixture for a spec that no longer exists.
    const modules = readdirSync(FIXTURES_DIR)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(modules.filter((module) => !names.includes(module))).toEqual([]);
    if (only.length === 0) expect(modules).toEqual(names);
  });

  it('fails loudly, naming the spec, when a spec has no fixture module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matrix-specs-'));
    try {
      for (const file of readdirSync(SPECS_DIR).filter((f) => f.endsWith('.yaml'))) copyFileSync(join(SPECS_DIR, file), join(dir, file));
      // A new connector: a spec whose `name` has no fixture module yet.
      const spec = readdirSync(SPECS_DIR).find((f) => f.endsWith('.yaml'))!;
      writeFileSync(join(dir, 'chat-ops.yaml'), readFileSync(join(SPECS_DIR, spec), 'utf8').replace(/^name: .*$/m, 'name: chat-ops'));
      // Explicitly unnarrowed: SWITCHYARD_MATRIX_ONLY must not hide the missing fixture from this test.
      await expect(loadConnectors(dir, FIXTURES_DIR, [])).rejects.toThrow(/no fixture module for specs\/chat-ops\.yaml/);
      await expect(loadConnectors(dir, FIXTURES_DIR, [])).rejects.toThrow(/test\/matrix\/connectors\/<name>\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(connectors)('$name fixture', ({ fixture }) => {
  it('gives valid params for every action with required parameters, and names only declared actions', () => {
    const callable = callableActions(fixture);
    for (const ref of callable) {
      const required = Object.entries(ref.meta.params)
        .filter(([, rule]) => rule.required)
        .map(([name]) => name);
      if (required.length > 0)
        expect(fixture.examples[ref.key], `examples['${ref.key}'] (required: ${required.join(', ')})`).toBeTypeOf('function');
    }
    for (const key of Object.keys(fixture.examples)) expect(callable.map((a) => a.key)).toContain(key);
  });

  it('pages list actions only', () => {
    expect(fixture.paging.length).toBeGreaterThan(0);
    for (const paging of fixture.paging) expect(findAction(fixture, paging.action).meta.pagination, paging.action).toBeDefined();
  });
});
