/**
 * The package of a connector a suite uses as its example, loaded by name when the suite runs rather
 * than imported: a static import of `@switchyard/connector-<family>` would stop `pnpm typecheck`
 * once that connector is removed, while the suite itself is then left out by its
 * `@module-tag connector/<family>` (test/support/example-connectors.ts). Calls go through the
 * runtime's `ConnectorClient`, which every generated client class extends.
 */
import { ConnectorClient, type Executor, type OpenSourceOptions } from '@switchyard/runtime';
import type { ConnectorPackage } from '../../src/catalog/catalog.js';

export async function examplePackage(family: string): Promise<ConnectorPackage> {
  return (await import(`@switchyard/connector-${family}`)) as ConnectorPackage;
}

/** The executor of an open-source client of the example connector, as `new <Family>Connector(options).executor`. */
export async function exampleExecutor(family: string, options: OpenSourceOptions): Promise<Executor> {
  return new ConnectorClient((await examplePackage(family)).metadata, options).executor;
}
