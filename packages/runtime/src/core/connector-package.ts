/**
 * The contract of a connector package: what a package exports for the execution service to run
 * its connectors. Every generated package satisfies it (its module namespace is the package); a
 * package written by hand may too. The service loads the packages it is built with and any the
 * operator names (`switchyard serve --connector-package <name or path>`), and checks each one with
 * `checkConnectorPackage` (check-connector-package.ts) before it serves anything.
 */
import type { ConnectorMetadata } from './metadata.js';

/** A JSON Schema (draft-07) document, as the generated packages publish them. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The type of a field the hosted search index holds; `object` and `any` fields accept nested paths. */
export type SearchableFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'any';

/** An entity's searchable fields: field name (or dot path into an object field) → type. */
export type SearchableFields = Readonly<Record<string, SearchableFieldType>>;

/** A credential kind as published: the `auth` object must carry the fields of exactly one. */
export interface CredentialKindSchema {
  /** `bearer`, `basic`, `header` or `oauth2` (the kind in `metadata.auth` of the same name). */
  readonly kind: string;
  readonly description?: string;
  /** JSON Schema of the kind's credential fields. */
  readonly schema: JsonSchema;
}

export interface ConnectorPackage {
  /** Everything the runtime needs to run the connector; `metadata.name` is its family (`connector_type`). */
  readonly metadata: ConnectorMetadata;
  /** JSON Schema of each action's params, by entity then action: one for every action in `metadata.actions`. */
  readonly paramSchemas: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>;
  /** JSON Schemas of the records (documentation; the service does not read them). */
  readonly recordSchemas?: JsonSchema;
  /** Credential kinds by name: one for every kind in `metadata.auth`. */
  readonly credentialKinds: Readonly<Record<string, CredentialKindSchema>>;
  /** JSON Schema of the config variables of the base URL. */
  readonly configSchema: JsonSchema;
  /** JSON Schema of `replication_config` for hosted connector records. */
  readonly replicationSchema: JsonSchema;
  /** Searchable fields of each entity that has a `search` action. */
  readonly searchableFields: Readonly<Record<string, SearchableFields>>;
}

/** One way a value falls short of the contract: where (`metadata.actions.items.list.kind`) and what. */
export interface ConnectorPackageIssue {
  /** Dot path from the package's exports; '' is the value itself. */
  readonly path: string;
  readonly message: string;
}
