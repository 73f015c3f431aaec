/**
 * Connector packages the operator adds to the service (`--connector-package <name or path>`,
 * `SWITCHYARD_CONNECTOR_PACKAGES`): each is found (resolve-package.ts), imported, checked against
 * the runtime's ConnectorPackage contract and against what the service needs to serve it, and
 * joined to the packages built into the service. Any failure stops the start with one line that
 * names the package and what is wrong, before the store is opened.
 *
 * A plug-in may not take the connector type of a built-in package, nor of another plug-in: a
 * stored connector's type must mean one package. (To run another release of a built-in connector,
 * install that release in place of the service's own dependency; see the server README.)
 */
import { checkConnectorPackage, ConfigurationError, type ConnectorPackage, type ConnectorPackageIssue } from '@switchyard/runtime';
import { rulesFromObjectSchema } from './schema-rules.js';
import { createCatalog, type ConnectorCatalog } from './catalog.js';
import { CONNECTOR_PACKAGES } from './connector-packages.js';
import { resolveConnectorPackage } from './resolve-package.js';

/** A package as the operator names it (a package name or a path), or a module already imported. */
export type ConnectorPackageSource = string | object;

export interface LoadedConnectorPackage {
  /** How the operator named it (for messages). */
  readonly source: string;
  readonly pkg: ConnectorPackage;
}

/** Issues listed in the one line before the rest are counted. */
const ISSUES_SHOWN = 6;

/** The built-in packages and the operator's, as one catalog; throws ConfigurationError naming the first package that cannot be served. */
export async function catalogWithPlugins(sources: readonly ConnectorPackageSource[], cwd = process.cwd()): Promise<ConnectorCatalog> {
  const plugins = await loadConnectorPackages(sources, cwd);
  const owners = new Map<string, string>(CONNECTOR_PACKAGES.map((pkg) => [pkg.metadata.name, 'built in']));
  for (const { source, pkg } of plugins) {
    const type = pkg.metadata.name;
    const owner = owners.get(type);
    if (owner === 'built in')
      throw new ConfigurationError(
        `connector package ${source}: its connector type "${type}" is built into this service, and a plug-in cannot replace a built-in connector`,
      );
    if (owner !== undefined)
      throw new ConfigurationError(`connector packages ${owner} and ${source} both provide the connector type "${type}"`);
    owners.set(type, source);
  }
  return createCatalog([...CONNECTOR_PACKAGES, ...plugins.map((plugin) => plugin.pkg)]);
}

export async function loadConnectorPackages(
  sources: readonly ConnectorPackageSource[],
  cwd = process.cwd(),
): Promise<LoadedConnectorPackage[]> {
  const loaded: LoadedConnectorPackage[] = [];
  for (const [index, source] of sources.entries()) {
    if (typeof source !== 'string') {
      loaded.push({ source: `#${index + 1}`, pkg: checked(`#${index + 1} (given in-process)`, source) });
      continue;
    }
    const shown = JSON.stringify(source);
    const { url } = resolveConnectorPackage(source, cwd);
    let namespace: Record<string, unknown>;
    try {
      namespace = (await import(url)) as Record<string, unknown>;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
      throw new ConfigurationError(`connector package ${shown}: importing ${url} failed: ${reason}`);
    }
    loaded.push({ source: shown, pkg: checked(`${shown} (${url})`, exportsOf(namespace)) });
  }
  return loaded;
}

/** The package's exports: the module itself, or its default export when only that carries them (a CommonJS module). */
function exportsOf(namespace: Record<string, unknown>): unknown {
  const fallback = namespace['default'];
  const carries = (value: unknown) => typeof value === 'object' && value !== null && Object.hasOwn(value, 'metadata');
  return !carries(namespace) && carries(fallback) ? fallback : namespace;
}

/** The value as a ConnectorPackage, or a ConfigurationError listing what it lacks. */
function checked(shown: string, value: unknown): ConnectorPackage {
  const issues = checkConnectorPackage(value);
  if (issues.length > 0)
    throw new ConfigurationError(`connector package ${shown} does not satisfy the ConnectorPackage contract: ${listed(issues)}`);
  const pkg = value as ConnectorPackage;
  const problem = unservable(pkg);
  if (problem !== undefined) throw new ConfigurationError(`connector package ${shown} cannot be served: ${problem}`);
  return pkg;
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

function listed(issues: readonly ConnectorPackageIssue[]): string {
  const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
  const more = issues.length - ISSUES_SHOWN;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
