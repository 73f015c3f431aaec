// Generated from specs/conversation-intelligence.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-conversation-intelligence: the Conversation Intelligence connector (Gong API v2). */
export {
  ConversationIntelligenceConnector,
  CallAudioResource,
  CallTranscriptsResource,
  CallVideoResource,
  CallsResource,
  CallsExtensiveResource,
  CoachingResource,
  LibraryFolderContentResource,
  LibraryFoldersResource,
  SettingsScorecardsResource,
  SettingsTrackersResource,
  StatsActivityAggregateResource,
  StatsActivityDayByDayResource,
  StatsInteractionResource,
  UsersResource,
  WorkspacesResource,
} from './client.js';
export type { ConversationIntelligenceConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
