// Generated from specs/support-desk.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-support-desk: the Support Desk connector (Zendesk Support API v2). */
export {
  SupportDeskConnector,
  BrandsResource,
  GroupsResource,
  MacrosResource,
  OrganizationsResource,
  SatisfactionRatingsResource,
  TicketAttachmentsResource,
  TicketCommentsResource,
  TicketFieldsResource,
  TicketsResource,
  UsersResource,
  ViewsResource,
} from './client.js';
export type { SupportDeskConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
