/**
 * @switchyard/runtime — the handwritten core every generated connector runs on.
 * Public surface only; `internal/` is not exported.
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
  ServerError,
  VendorError,
  ConnectionError,
  TimeoutError,
  AbortError,
  HostedOnlyError,
  ConfigurationError,
  errorClassForStatus,
  type ValidationIssue,
  type ApiErrorInit,
} from './core/errors.js';
export type * from './core/metadata.js';
export { ConnectorClient, Resource, type OperationMap } from './core/connector.js';
export type { ExecuteRequest, ExecuteResult, Executor } from './core/executor.js';
export { OpenSourceExecutor, type OpenSourceOptions } from './core/open-source-executor.js';
export { Page, PagePromise, type PageFetcher } from './core/pagination.js';
export { DownloadStream, type DownloadInfo } from './core/download.js';
export { validateParams } from './core/validation.js';
export {
  HttpClient,
  describeFromPaths,
  type HttpRequest,
  type HttpResult,
  type HttpClientConfig,
  type RequestOptions,
  type TransportOptions,
  type DescribedError,
} from './core/http-client.js';
export { DEFAULT_RETRY_POLICY, backoffDelay, serverRequestedDelay, shouldRetryStatus, type RetryPolicy } from './core/retry-policy.js';
export {
  StaticHeaderAuth,
  OAuth2Auth,
  TokenManager,
  basicHeaderValue,
  type AuthProvider,
  type TokenSet,
  type TokenManagerOptions,
  type TokenRequester,
} from './core/auth.js';
export type { Logger } from './core/logger.js';
export { Redactor } from './core/redact.js';
export { sleep } from './internal/sleep.js';
export type { SearchFilter, SearchQuery, SearchParams, SearchHit, SearchMeta } from './core/search.js';
