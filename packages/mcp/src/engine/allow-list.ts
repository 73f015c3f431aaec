/**
 * `--only type.entity.action,…`: the actions a server exposes, in either toolset. Every entry must
 * name an action some known connector has, so a typo fails at start instead of silently hiding
 * everything.
 */
import { ConfigurationError } from '@switchyard/runtime';
import type { ConnectorPackage } from '../connectors/connector-package.js';
import { actionOf } from '../connectors/agent-connector.js';

export type AllowList = (type: string, entity: string, action: string) => boolean;

export function allowList(entries: readonly string[] | undefined, packages: readonly ConnectorPackage[]): AllowList {
  if (entries === undefined || entries.length === 0) return () => true;
  const problems = allowListProblems(entries, packages);
  if (problems.length > 0) throw new ConfigurationError(`--only: ${problems.join('; ')}`);
  const allowed = new Set(entries.map((entry) => entry.trim()));
  return (type, entity, action) => allowed.has(`${type}.${entity}.${action}`);
}

/**
 * What is wrong with allow-list entries, one line per entry that names no action of `packages`
 * (none: all are good). The CLI's `--only` and the service's `/mcp?only=` both check with it.
 */
export function allowListProblems(entries: readonly string[], packages: readonly ConnectorPackage[]): string[] {
  const byType = new Map(packages.map((pkg) => [pkg.metadata.name, pkg]));
  const problems: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    const parts = entry.split('.');
    if (parts.length !== 3 || parts.some((p) => p === '')) {
      problems.push(`"${entry}" is not type.entity.action (e.g. messaging.users.list)`);
      continue;
    }
    const [type, entity, action] = parts as [string, string, string];
    const pkg = byType.get(type);
    if (!pkg) {
      problems.push(`"${entry}": no connector type ${type} (known: ${[...byType.keys()].sort().join(', ')})`);
      continue;
    }
    if (!actionOf(pkg.metadata, entity, action)) {
      const actions = Object.hasOwn(pkg.metadata.actions, entity) ? pkg.metadata.actions[entity] : undefined;
      problems.push(
        actions
          ? `"${entry}": ${type} ${entity} has no action ${action} (it has ${Object.keys(actions).join(', ')})`
          : `"${entry}": ${type} has no entity ${entity}`,
      );
    }
  }
  return problems;
}
