/**
 * What the agent surface reads from a generated connector package (`import * as pkg from
 * '@switchyard/connector-messaging'`): the runtime's `ConnectorPackage` contract, the same one the
 * service checks its plug-ins against. The set of packages is the caller's input (the `switchyard`
 * command takes it from the service's catalog), so adding a connector needs no change here.
 */
import type { ConnectorPackage, JsonSchema } from '@switchyard/runtime';

export type { ConnectorPackage, JsonSchema };

/** A package's param schema for entity.action, own properties only (an action named `constructor` is not Object's). */
export function paramSchemaOf(pkg: ConnectorPackage, entity: string, action: string): JsonSchema | undefined {
  const actions = Object.hasOwn(pkg.paramSchemas, entity) ? pkg.paramSchemas[entity] : undefined;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** The record schemas of a package (`recordSchemas.definitions`), by record type name. */
export function recordDefinitions(pkg: ConnectorPackage): Readonly<Record<string, JsonSchema>> {
  const definitions = pkg.recordSchemas?.['definitions'];
  return typeof definitions === 'object' && definitions !== null ? (definitions as Record<string, JsonSchema>) : {};
}

/** The record schema named `type`, or undefined. */
export function recordSchemaOf(pkg: ConnectorPackage, type: string | undefined): JsonSchema | undefined {
  const definitions = recordDefinitions(pkg);
  return type !== undefined && Object.hasOwn(definitions, type) ? definitions[type] : undefined;
}
