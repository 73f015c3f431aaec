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
  errorClassForStatus,
  type SyncProgress,
  type EntitySyncProgress,
  type ValidationIssue,
  type ApiErrorInit,
} from './core/errors.js';
export type * from './core/metadata.js';
export { ConnectorClient, Resource, type OperationMap } from './core/connector.js';
export type { ExecuteRequest, ExecuteResult, Executor } from './core/executor.js';
export { OpenSourceExecutor, type OpenSourceOptions } from './core/open-source-executor.js';
export { HostedExecutor, type HostedOptions } from './core/hosted-executor.js';
export { Page, PagePromise, type PageFetcher, type PageSource } from './core/pagination.js';
export { DownloadStream, type DownloadInfo } from './core/download.js';
export { validateParams } from './core/validation.js';
// The document a GraphQL action with run-time field selection sends for given field names.
export { selectionDocument } from './core/field-selection.js';
export { describeCredentialKinds } from './core/credential-kinds.js';
export { metadataForKind, actionForKind } from './core/variants.js';
// The RFC 3339 grammar the published JSON Schemas pin next to `format: date-time` (the generator
// emits these), so a schema consumer and the runtime's validator accept exactly the same values.
export { DATE_TIME_PATTERN, UTC_DATE_TIME_PATTERN } from './core/string-formats.js';
export { HttpClient } from './core/http-client.js';
export {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_RESPONSE_BYTES,
  type HttpRequest,
  type HttpResult,
  type HttpClientConfig,
  type RequestOptions,
  type ResponseHead,
  type TransportOptions,
  type DescribedError,
} from './core/transport-options.js';
export { describeFromPaths } from './core/error-mapping.js';
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
export { redactError } from './core/redact-error.js';
export { sleep } from './core/sleep.js';
// Client-side rate spacing (one per connector instance); exported so other clients and tests can
// use a bucket with their own clock.
export { RateSpacing, TokenBucket, type SpacingClock } from './core/rate-spacing.js';
// Placeholder names of a `{name}` template (base URLs, paths, auth templates): tooling such as the
// generator checks that every placeholder names a declared variable, parameter or credential field.
export { templateNames } from './core/template.js';
// The hosted search language, defined once (core/search/language.ts): the published JSON Schema of
// search parameters, the SDK's check before sending and the execution service's parser derive from it.
export type { SearchFilter, SearchQuery, SearchParams, SearchHit, SearchMeta, JsonValue, SearchNode, SearchSortKey } from './core/search/types.js';
export {
  SEARCH_OPERATORS,
  SEARCH_OPERATOR_NAMES,
  SEARCH_LIMITS,
  SORT_DIRECTIONS,
  FIELD_PATH_PATTERN,
  FIELD_SEGMENT_PATTERN,
  CURSOR_PATTERN,
  fieldPathProblem,
  isSearchOperator,
  type SearchOperator,
  type SearchOperatorRule,
  type SearchOperandKind,
  type FieldOperator,
  type CompareOperator,
  type SortDirection,
} from './core/search/language.js';
export { searchParamsSchema, SEARCH_PARAM_RULES } from './core/search/params-schema.js';
export { readSearchParams, searchParamsIssues, SEARCH_PARAM_NAMES, type ReadSearch } from './core/search/read-search.js';
export type { SearchFields, SearchProblem } from './core/search/read-filter.js';
// Own-property reads and writes by keys and paths that come from outside (vendor records, request
// bodies, search field paths): `__proto__`, `constructor` and `prototype` are ordinary keys, and no
// write goes through a prototype. The service's search projection and filters use the same ones.
export { getOwn, setOwn, getOwnPath, setOwnPath, type SetOwnPathOptions } from './core/own-keys.js';
