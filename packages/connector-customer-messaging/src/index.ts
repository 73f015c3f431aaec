// Generated from specs/customer-messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-customer-messaging: the Customer Messaging connector (Intercom REST API 2.11). */
export {
  CustomerMessagingConnector,
  AdminsResource,
  CompaniesResource,
  ContactsResource,
  ConversationsResource,
  SegmentsResource,
  TagsResource,
  TeamsResource,
} from './client.js';
export type { CustomerMessagingConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
