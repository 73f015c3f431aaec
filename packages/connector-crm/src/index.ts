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
