/**
 * Connector packages an operator names (`--connector-package <name or path>`,
 * `SWITCHYARD_CONNECTOR_PACKAGES`), for the service (load-packages.ts) and for the bin's agent
 * commands (agent-commands.ts): each is found (resolve-package.ts), imported and checked against
 * the runtime's ConnectorPackage contract; a failure is one ConfigurationError naming the package
 * and what is wrong. This module imports no connector package of its own, so a short command that
 * names a plug-in does not load the built-in ones.
 */
import { checkConnectorPackage, ConfigurationError, type ConnectorPackage, type ConnectorPackageIssue } from '@switchyard/runtime';
import { resolveConnectorPackage } from './resolve-package.js';

/** A package as the operator names it (a package name or a path), or a module already imported. */
export type ConnectorPackageSource = string | object;

export interface LoadedConnectorPackage {
  /** How the operator named it (for messages). */
  readonly source: string;
  readonly pkg: ConnectorPackage;
}

/** What a caller needs beyond the contract (the service: that it can serve the package); a reason, or undefined. */
export type PackageCheck = (pkg: ConnectorPackage) => string | undefined;

/** Issues listed in the one line before the rest are counted. */
const ISSUES_SHOWN = 6;

export async function importConnectorPackages(
  sources: readonly ConnectorPackageSource[],
  cwd: string,
  check?: PackageCheck,
): Promise<LoadedConnectorPackage[]> {
  const loaded: LoadedConnectorPackage[] = [];
  for (const [index, source] of sources.entries()) {
    if (typeof source !== 'string') {
      loaded.push({ source: `#${index + 1}`, pkg: checked(`#${index + 1} (given in-process)`, source, check) });
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
    loaded.push({ source: shown, pkg: checked(`${shown} (${url})`, exportsOf(namespace), check) });
  }
  return loaded;
}

/**
 * Throws unless every plug-in has a connector type of its own: not one built in (`builtInTypes`),
 * nor another plug-in's. A stored connector's type must mean one package. (To run another release
 * of a built-in connector, install that release in place of the service's own dependency.)
 */
export function claimConnectorTypes(builtInTypes: Iterable<string>, plugins: readonly LoadedConnectorPackage[]): void {
  const owners = new Map<string, string>([...builtInTypes].map((type) => [type, 'built in']));
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
}

/** The package's exports: the module itself, or its default export when only that carries them (a CommonJS module). */
function exportsOf(namespace: Record<string, unknown>): unknown {
  const fallback = namespace['default'];
  const carries = (value: unknown) => typeof value === 'object' && value !== null && Object.hasOwn(value, 'metadata');
  return !carries(namespace) && carries(fallback) ? fallback : namespace;
}

/** The value as a ConnectorPackage, or a ConfigurationError listing what it lacks. */
function checked(shown: string, value: unknown, check: PackageCheck | undefined): ConnectorPackage {
  const issues = checkConnectorPackage(value);
  if (issues.length > 0)
    throw new ConfigurationError(`connector package ${shown} does not satisfy the ConnectorPackage contract: ${listed(issues)}`);
  const pkg = value as ConnectorPackage;
  const problem = check?.(pkg);
  if (problem !== undefined) throw new ConfigurationError(`connector package ${shown} cannot be served: ${problem}`);
  return pkg;
}

function listed(issues: readonly ConnectorPackageIssue[]): string {
  const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
  const more = issues.length - ISSUES_SHOWN;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
