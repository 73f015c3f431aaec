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
export {
  SwitchyardError,
  ValidationError,
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  QuotaExceededError,
  ServerError,
  VendorError,
  ConnectionError,
  TimeoutError,
  AbortError,
  HostedOnlyError,
  ConfigurationError,
  PaginationLoopError,
  NoNextPageError,
  MalformedResponseError,
  ResponseTooLargeError,
  SyncNotReadyError,
  Page,
  PagePromise,
  DownloadStream,
} from '@switchyard/runtime';
export type {
  ExecuteResult,
  RequestOptions,
  Logger,
  TokenSet,
  SearchFilter,
  SearchQuery,
  SearchHit,
  SearchMeta,
  ValidationIssue,
  HostedOptions,
  SyncProgress,
} from '@switchyard/runtime';
