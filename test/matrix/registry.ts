/**
 * The connectors the matrix runs: one per spec in specs/*.yaml, each with its fixture module
 * test/matrix/connectors/<spec name>.ts. A spec without a fixture module throws here, at import,
 * so every matrix file fails loudly instead of a new connector silently skipping the matrix.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { FakeServer } from '../fakes/harness.js';
import type { ConnectorFixture } from './fixture.js';

const root = resolve(import.meta.dirname, '..', '..');
export const SPECS_DIR = join(root, 'specs');
export const FIXTURES_DIR = join(import.meta.dirname, 'connectors');

/** `name` of every connector spec (`<dir>/*.yaml`), sorted. */
export function specNames(dir: string = SPECS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => {
      const name = (parse(readFileSync(join(dir, file), 'utf8')) as { name?: unknown }).name;
      if (typeof name !== 'string') throw new Error(`specs/${file} has no \`name\``);
      return name;
    })
    .sort();
}

export interface RegisteredConnector {
  /** The spec's `name` (`messaging`), also the connector's `metadata.name`. */
  name: string;
  fixture: ConnectorFixture<FakeServer>;
}

/** Loads the fixture of every spec in `specsDir`; throws naming every spec without one. */
export async function loadConnectors(
  specsDir: string = SPECS_DIR,
  fixturesDir: string = FIXTURES_DIR,
  only: string[] = onlyFromEnvironment(),
): Promise<RegisteredConnector[]> {
  const names = specNames(specsDir).filter((name) => only.length === 0 || only.includes(name));
  const missing = names.filter((name) => !existsSync(join(fixturesDir, `${name}.ts`)));
  if (missing.length > 0) {
    throw new Error(
      `connector matrix: no fixture module for ${missing.map((n) => `specs/${n}.yaml`).join(', ')}. ` +
        `Add test/matrix/connectors/<name>.ts exporting a ConnectorFixture (see test/matrix/README.md).`,
    );
  }
  return Promise.all(
    names.map(async (name) => {
      const module = (await import(pathToFileURL(join(fixturesDir, `${name}.ts`)).href)) as { default?: ConnectorFixture<FakeServer> };
      if (!module.default) throw new Error(`test/matrix/connectors/${name}.ts has no default export`);
      return { name, fixture: module.default };
    }),
  );
}

/**
 * `SWITCHYARD_MATRIX_ONLY=crm,messaging` narrows every matrix file (and the dual-mode suite) to
 * those connectors: for working on one connector while another's fixture is unfinished. CI never
 * sets it, so there every spec needs its fixture.
 */
export function onlyFromEnvironment(): string[] {
  const value = process.env['SWITCHYARD_MATRIX_ONLY'] ?? '';
  return value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export const connectors: RegisteredConnector[] = await loadConnectors();
