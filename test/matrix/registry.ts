/**
 * The connectors the matrix runs: one per spec in specs/*.yaml, each with its fixture module
 * test/matrix/connectors/<spec name>.ts. A spec without a fixture module throws here, at import,
 * so every matrix file fails loudly instead of a new connector silently skipping the matrix.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SPECS_DIR, narrowedToOnly, onlyConnectors, specNames } from '../support/connectors.js';
import type { FakeServer } from '../fakes/harness.js';
import type { ConnectorFixture } from './fixture.js';

export { SPECS_DIR, specNames };
export const FIXTURES_DIR = join(import.meta.dirname, 'connectors');

export interface RegisteredConnector {
  /** The spec's `name` (`messaging`), also the connector's `metadata.name`. */
  name: string;
  fixture: ConnectorFixture<FakeServer>;
}

/** Loads the fixture of every spec in `specsDir`; throws naming every spec without one. */
export async function loadConnectors(
  specsDir: string = SPECS_DIR,
  fixturesDir: string = FIXTURES_DIR,
  only: string[] = onlyConnectors(),
): Promise<RegisteredConnector[]> {
  const names = narrowedToOnly(specNames(specsDir), only);
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

/** SWITCHYARD_MATRIX_ONLY, see test/support/connectors.ts. */
export const onlyFromEnvironment = onlyConnectors;

export const connectors: RegisteredConnector[] = await loadConnectors();

/**
 * Every spec's fixture whatever SWITCHYARD_MATRIX_ONLY says: for suites that borrow a connector by
 * name as their example (declared with `@module-tag connector/<family>`), which must find it when
 * the matrix is narrowed to another one (the add-a-connector check narrows it to the new one).
 */
export const exampleConnectors: RegisteredConnector[] =
  onlyConnectors().length > 0 ? await loadConnectors(SPECS_DIR, FIXTURES_DIR, []) : connectors;
