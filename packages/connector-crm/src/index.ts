// Generated from specs/crm.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-crm: the CRM connector (HubSpot CRM API v3). */
export {
  CrmConnector,
  CompaniesResource,
  ContactsResource,
  DealsResource,
  ObjectsResource,
  SchemasResource,
  TicketsResource,
} from './client.js';
export type { CrmConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
