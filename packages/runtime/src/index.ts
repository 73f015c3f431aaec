/**
 * @switchyard/runtime — the handwritten core every generated connector runs on.
 *
 * This entry is the public surface: what a user of a connector package names in their own code
 * (errors to catch, the connector and page classes, the options, result, metadata and search
 * types). Every generated connector re-exports all of it, so users depend on one package. What
 * only Switchyard's own packages use (the generated connectors, the service, the cloud client)
 * is in `@switchyard/runtime/internal` (src/internal/index.ts), with no semver promise; the rule
 * and the list are in the README. packages/runtime/test/public-surface.test.ts pins both lists,
 * so a name is added to either deliberately.
 */
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
  type SyncProgress,
  type EntitySyncProgress,
  type ValidationIssue,
  type ApiErrorInit,
} from './core/errors.js';
// The shape of every connector's exported `metadata` (entities, actions, parameter rules, …).
export type * from './core/metadata.js';
export { ConnectorClient, Resource, type OperationMap } from './core/connector.js';
export type { ExecuteRequest, ExecuteResult, Executor } from './core/executor.js';
export type { OpenSourceOptions } from './core/open-source-executor.js';
export type { HostedOptions } from './core/hosted-executor.js';
export { Page, PagePromise } from './core/pagination.js';
export { DownloadStream, type DownloadInfo } from './core/download.js';
export type { TransportOptions, RequestOptions } from './core/transport-options.js';
export type { RetryPolicy } from './core/retry-policy.js';
export type { TokenSet } from './core/auth.js';
export type { Logger } from './core/logger.js';
export type { SearchFilter, SearchQuery, SearchParams, SearchHit, SearchMeta } from './core/search.js';
