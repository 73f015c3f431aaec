// Generated from specs/messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-messaging: the Messaging connector (Slack Web API). */
export {
  MessagingConnector,
  ChannelMessagesResource,
  ChannelPurposesResource,
  ChannelTopicsResource,
  ChannelsResource,
  MessagesResource,
  ReactionsResource,
  ThreadsResource,
  UsersResource,
} from './client.js';
export type { MessagingConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
