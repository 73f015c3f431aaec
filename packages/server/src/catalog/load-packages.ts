/**
 * Connector packages the operator adds to the service (`--connector-package <name or path>`,
 * `SWITCHYARD_CONNECTOR_PACKAGES`): each is imported and checked (plugin-packages.ts), then
 * checked against what the service needs to serve it, and joined to the packages built into the
 * service. Any failure stops the start with one line that names the package and what is wrong,
 * before the store is opened. A plug-in may not take the connector type of a built-in package,
 * nor of another plug-in.
 */
import type { ConnectorPackage } from '@switchyard/runtime';
import { rulesFromObjectSchema } from './schema-rules.js';
import { createCatalog, type ConnectorCatalog } from './catalog.js';
import { CONNECTOR_PACKAGES } from './connector-packages.js';
import {
  claimConnectorTypes,
  importConnectorPackages,
  type ConnectorPackageSource,
  type LoadedConnectorPackage,
} from './plugin-packages.js';

export type { ConnectorPackageSource, LoadedConnectorPackage } from './plugin-packages.js';

/** The built-in packages and the operator's, as one catalog; throws ConfigurationError naming the first package that cannot be served. */
export async function catalogWithPlugins(sources: readonly ConnectorPackageSource[], cwd = process.cwd()): Promise<ConnectorCatalog> {
  const plugins = await loadConnectorPackages(sources, cwd);
  claimConnectorTypes(
    CONNECTOR_PACKAGES.map((pkg) => pkg.metadata.name),
    plugins,
  );
  return createCatalog([...CONNECTOR_PACKAGES, ...plugins.map((plugin) => plugin.pkg)]);
}

/** The operator's packages, each checked against the contract and against what the service needs to serve it. */
export function loadConnectorPackages(sources: readonly ConnectorPackageSource[], cwd = process.cwd()): Promise<LoadedConnectorPackage[]> {
  return importConnectorPackages(sources, cwd, unservable);
}

/**
 * What the service needs beyond the contract: plain entity and field names (search reaches SQL
 * through them) and schemas its creation-time validator can read (schema-rules.ts).
 */
function unservable(pkg: ConnectorPackage): string | undefined {
  try {
    createCatalog([pkg]);
    rulesFromObjectSchema('replicationSchema', pkg.replicationSchema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
