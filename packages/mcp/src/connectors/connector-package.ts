/**
 * What the agent surface reads from a generated connector package (`import * as pkg from
 * '@switchyard/connector-messaging'`): the runtime's metadata and the published JSON Schemas. The
 * set of packages is the caller's input (the `switchyard` command takes it from the service's
 * catalog), so adding a connector needs no change here.
 */
import type { ConnectorMetadata } from '@switchyard/runtime';

export type JsonSchema = Readonly<Record<string, unknown>>;

export interface ConnectorPackage {
  readonly metadata: ConnectorMetadata;
  /** JSON Schema of each action's params, by entity then action. */
  readonly paramSchemas: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>;
  /** `{definitions: {<RecordType>: JSON Schema}}`; an action's `recordType` names its record. */
  readonly recordSchemas?: { readonly definitions?: Readonly<Record<string, JsonSchema>> } | undefined;
  /** Searchable fields (field → type) of each entity with a search action. */
  readonly searchableFields?: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined;
  /** JSON Schema of the config variables (used in the base URL). */
  readonly configSchema?: JsonSchema | undefined;
}

/** A package's param schema for entity.action, own properties only (an action named `constructor` is not Object's). */
export function paramSchemaOf(pkg: ConnectorPackage, entity: string, action: string): JsonSchema | undefined {
  const actions = Object.hasOwn(pkg.paramSchemas, entity) ? pkg.paramSchemas[entity] : undefined;
  return actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** The record schema named `type`, or undefined. */
export function recordSchemaOf(pkg: ConnectorPackage, type: string | undefined): JsonSchema | undefined {
  const definitions = pkg.recordSchemas?.definitions;
  return type !== undefined && definitions && Object.hasOwn(definitions, type) ? definitions[type] : undefined;
}
