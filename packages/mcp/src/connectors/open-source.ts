/**
 * Open-source mode: the connector calls the vendor directly with credentials the caller holds.
 * Built on the runtime's OpenSourceExecutor, so validation, retries, redaction and errors are the
 * same as `new XConnector({ auth })`.
 */
import { ConfigurationError, type OpenSourceOptions } from '@switchyard/runtime';
import { OpenSourceExecutor } from '@switchyard/runtime/internal';
import type { AgentConnector } from './agent-connector.js';
import type { ConnectorPackage } from './connector-package.js';

/** A connector that runs its actions against the vendor with `options.auth`. */
export function openSourceConnector(pkg: ConnectorPackage, options: OpenSourceOptions<Record<string, string>>): AgentConnector {
  const executor = new OpenSourceExecutor(pkg.metadata, options);
  // Every credential field the kind marks secret (all of a kind's fields are secret unless the spec says otherwise).
  const secretFields = new Set(
    pkg.metadata.auth.flatMap((kind) =>
      Object.entries(kind.fields)
        .filter(([, f]) => f.secret)
        .map(([name]) => name),
    ),
  );
  const secrets = Object.entries(options.auth).flatMap(([field, value]) =>
    secretFields.has(field) && typeof value === 'string' ? [value] : [],
  );
  return {
    ref: pkg.metadata.name,
    type: pkg.metadata.name,
    name: pkg.metadata.title,
    mode: 'open-source',
    package: pkg,
    metadata: executor.metadata,
    secrets,
    // The caller's intent has no one to record it in open-source mode; only the service keeps an audit log.
    execute: (request, context) => executor.execute(request, context?.signal ? { signal: context.signal } : undefined),
  };
}

/**
 * A connector known only by its package: enough for tool definitions (`switchyard tools`), which
 * need no credentials. Running one of its actions is a ConfigurationError saying what is missing.
 */
export function definitionsOnlyConnector(pkg: ConnectorPackage): AgentConnector {
  const type = pkg.metadata.name;
  return {
    ref: type,
    type,
    name: pkg.metadata.title,
    mode: 'open-source',
    package: pkg,
    metadata: pkg.metadata,
    execute: async () => {
      throw new ConfigurationError(
        `${type}: this connector was given for tool definitions only (no credentials); run calls with openSourceConnector(pkg, { auth }) or a hosted connector`,
      );
    },
  };
}

/** Whether a value is a connector package rather than an AgentConnector. */
export function isConnectorPackage(value: AgentConnector | ConnectorPackage): value is ConnectorPackage {
  return 'paramSchemas' in value && !('ref' in value);
}
