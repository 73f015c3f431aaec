/**
 * The connector catalog: every connector family the service runs, keyed by its family name
 * (`metadata.name`: `messaging`, `issue-tracker`, …), built from the packages' exports (the
 * ConnectorPackage contract of the runtime): by default the packages built into the service
 * (connector-packages.ts); the composition root adds the operator's plug-ins (load-packages.ts).
 */
import type { ConnectorMetadata, ConnectorPackage, JsonSchema } from '@switchyard/runtime';
import { EntitySchema } from '../search/query/searchable-fields.js';
import { CONNECTOR_PACKAGES } from './connector-packages.js';

export type { ConnectorPackage } from '@switchyard/runtime';

export interface ConnectorFamily extends ConnectorPackage {
  /** The family name, as `connector_type` in requests. */
  readonly name: string;
  /** The search schema of an entity; undefined when the entity is not searchable. */
  entitySchema(entity: string): EntitySchema | undefined;
}

export interface ConnectorCatalog {
  get(connectorType: string): ConnectorFamily | undefined;
  /** Family names, sorted. */
  names(): string[];
  families(): ConnectorFamily[];
  /** Connector metadata by family name (the sync engine's view). */
  metadataByType(): ReadonlyMap<string, ConnectorMetadata>;
}

/** One entry of `GET /api/v1/connector-types`. */
export interface ConnectorTypeView {
  readonly connector_type: string;
  readonly title: string;
  readonly credential_kinds: readonly { readonly name: string; readonly schema: JsonSchema }[];
  readonly config_schema: JsonSchema;
  readonly replication_schema: JsonSchema;
  readonly entities: readonly {
    readonly entity: string;
    readonly actions: readonly string[];
    readonly searchable_fields: readonly string[];
  }[];
}

export function createCatalog(packages: readonly ConnectorPackage[] = CONNECTOR_PACKAGES): ConnectorCatalog {
  const families = new Map<string, ConnectorFamily>();
  for (const pkg of packages) {
    const name = pkg.metadata.name;
    if (families.has(name)) throw new TypeError(`two connector packages share the family name ${JSON.stringify(name)}`);
    families.set(name, makeFamily(pkg));
  }
  const sorted = [...families.keys()].sort();
  return {
    get: (connectorType) => families.get(connectorType),
    names: () => [...sorted],
    families: () => sorted.map((name) => families.get(name)!),
    metadataByType: () => new Map(sorted.map((name) => [name, families.get(name)!.metadata])),
  };
}

function makeFamily(pkg: ConnectorPackage): ConnectorFamily {
  const schemas = new Map<string, EntitySchema>();
  for (const [entity, fields] of Object.entries(pkg.searchableFields)) schemas.set(entity, new EntitySchema(entity, fields));
  return {
    metadata: pkg.metadata,
    paramSchemas: pkg.paramSchemas,
    // The record schemas describe results to agents (the /mcp tools' record fields and output schemas).
    ...(pkg.recordSchemas ? { recordSchemas: pkg.recordSchemas } : {}),
    credentialKinds: pkg.credentialKinds,
    configSchema: pkg.configSchema,
    replicationSchema: pkg.replicationSchema,
    searchableFields: pkg.searchableFields,
    name: pkg.metadata.name,
    entitySchema: (entity) => schemas.get(entity),
  };
}

/** The connector-types listing of one family: its schemas and, per entity, actions and searchable fields. */
export function describeConnectorType(family: ConnectorFamily): ConnectorTypeView {
  return {
    connector_type: family.name,
    title: family.metadata.title,
    credential_kinds: Object.entries(family.credentialKinds).map(([name, kind]) => ({ name, schema: kind.schema })),
    config_schema: family.configSchema,
    replication_schema: family.replicationSchema,
    entities: Object.entries(family.metadata.actions)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([entity, actions]) => ({
        entity,
        actions: Object.keys(actions),
        searchable_fields: Object.keys(family.searchableFields[entity] ?? {}).sort(),
      })),
  };
}
