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
