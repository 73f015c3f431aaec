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
// The contract between a connector package and the execution service, and its check: the
// service validates every package it loads (its own and the operator's plug-ins) with it, and a
// plug-in's author can run the same check in their own tests.
export type {
  ConnectorPackage,
  ConnectorPackageIssue,
  CredentialKindSchema,
  JsonSchema,
  SearchableFields,
  SearchableFieldType,
} from './core/connector-package.js';
export { checkConnectorPackage } from './core/check-connector-package.js';
export type { OpenSourceOptions } from './core/open-source-executor.js';
export type { HostedOptions } from './core/hosted-executor.js';
// Hosted callers that share one authorization between several connectors (HostedOptions.auth).
export { createHostedAuth, type HostedAuthOptions } from './core/hosted-executor.js';
export { StaticHeaderAuth, type AuthProvider } from './core/auth.js';
export { Page, PagePromise } from './core/pagination.js';
// The problem documents (RFC 9457) the execution service answers, as hosted callers read them.
export type { Problem, ProblemCode } from './core/problems.js';
export { DownloadStream, type DownloadInfo } from './core/download.js';
export type { TransportOptions, RequestOptions } from './core/transport-options.js';
export type { RetryPolicy } from './core/retry-policy.js';
export type { TokenSet } from './core/auth.js';
export type { Logger, LogLevel } from './core/logger.js';
// The hosted search types users write; the language itself (operators, limits, the published schema,
// the reader) is in the internal entry, defined once in core/search/.
export type { SearchFilter, SearchQuery, SearchParams, SearchHit, SearchMeta } from './core/search/types.js';
