/**
 * `--only type.entity.action,…`: the actions a server exposes, in either toolset. Every entry must
 * name an action some known connector has, so a typo fails at start instead of silently hiding
 * everything.
 */
import { ConfigurationError } from '@switchyard/runtime';
import type { ConnectorPackage } from '../connectors/connector-package.js';
import { actionOf } from '../connectors/agent-connector.js';
import { isRead } from '../tools/action-kinds.js';

export type AllowList = (type: string, entity: string, action: string) => boolean;

/** Where the tools run: an entry naming an action they cannot call there is a mistake too. */
export interface AllowListContext {
  /** Through a service (hosted actions callable), or open-source (they are not). */
  readonly hosted?: boolean | undefined;
  /** Read-only mode: write actions are hidden. */
  readonly readOnly?: boolean | undefined;
}

export function allowList(
  entries: readonly string[] | undefined,
  packages: readonly ConnectorPackage[],
  context: AllowListContext = {},
): AllowList {
  if (entries === undefined || entries.length === 0) return () => true;
  const problems = allowListProblems(entries, packages, context);
  if (problems.length > 0) throw new ConfigurationError(`--only: ${problems.join('; ')}`);
  const allowed = new Set(entries.map((entry) => entry.trim()));
  return (type, entity, action) => allowed.has(`${type}.${entity}.${action}`);
}

/**
 * What is wrong with allow-list entries, one line per entry that names no action of `packages`, or
 * one the tools cannot call in `context` (a trial's `--only messaging.users.search` in open-source
 * mode started a server with no tool); none: all are good. The CLI's `--only` and the service's
 * `/mcp?only=` both check with it.
 */
export function allowListProblems(
  entries: readonly string[],
  packages: readonly ConnectorPackage[],
  context: AllowListContext = {},
): string[] {
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
    const found = actionOf(pkg.metadata, entity, action);
    if (!found) {
      const actions = Object.hasOwn(pkg.metadata.actions, entity) ? pkg.metadata.actions[entity] : undefined;
      problems.push(
        actions
          ? `"${entry}": ${type} ${entity} has no action ${action} (it has ${Object.keys(actions).join(', ')})`
          : `"${entry}": ${type} has no entity ${entity}`,
      );
    } else if (context.hosted === false && found.hostedOnly) {
      problems.push(`"${entry}" runs through a Switchyard service only (it reads the service's synced copy), not open-source`);
    } else if (context.readOnly && !isRead(found.kind)) {
      problems.push(`"${entry}" writes (${found.kind}), and read-only mode hides writes`);
    }
  }
  return problems;
}
