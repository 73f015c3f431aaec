/**
 * @switchyard/runtime/internal — the runtime pieces Switchyard's own packages use and users do
 * not: the executors generated connectors construct, the transport, auth and redaction the cloud
 * client is built from, the validators and helpers the service and the generator call.
 *
 * No semver promise: anything here may change in any release. Every published Switchyard package
 * depends on the runtime of its own release (one fixed version group), so they move together. A
 * name a user needs belongs in the public entry (src/index.ts) instead; see the README's
 * "Public surface" for the rule.
 */
export { errorClassForStatus } from '../core/errors.js';
export { OpenSourceExecutor } from '../core/open-source-executor.js';
export { HostedExecutor } from '../core/hosted-executor.js';
// The application's own token, for calls it makes for itself rather than one external user (the CLI's service commands).
export { createApplicationAuth, type ApplicationAuthOptions } from '../core/hosted-executor.js';
// An action's metadata by entity and action name, or the ValidationError every mode raises for an unknown one.
export { findAction } from '../core/find-action.js';
// The intent header of an execute request and its bound: the MCP package sends it, the service checks it.
export { INTENT_HEADER, INTENT_MAX_LENGTH } from '../core/intent-header.js';
// Frozen all the way down, for schemas shared by every caller (the MCP package's output schemas).
export { deepFreeze } from '../core/deep-freeze.js';
// The execution service's problems (RFC 9457): one table for the service that answers them and the
// hosted executor that maps them back to these error classes.
export {
  PROBLEMS,
  CONNECTOR_ERRORS,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_BASE,
  buildProblem,
  problemType,
  isProblemCode,
  connectorErrorOf,
  connectorErrorNamed,
  type ProblemMembers,
  type ProblemMember,
  type ProblemDefinition,
  type ConnectorErrorDefinition,
  type ErrorClass,
} from '../core/problems.js';
// A problem answer as the runtime error class open-source mode raises for the same cause: the
// hosted executor's mapping, which the service's in-process /mcp connectors and the CLI share.
export { errorFromProblem } from '../core/problem-mapping.js';
export type { PageFetcher, PageSource } from '../core/pagination.js';
export { validateParams } from '../core/validation.js';
// The document a GraphQL action with run-time field selection sends for given field names.
export { selectionDocument } from '../core/field-selection.js';
export { describeCredentialKinds } from '../core/credential-kinds.js';
export { metadataForKind, actionForKind } from '../core/variants.js';
// The RFC 3339 grammar the published JSON Schemas pin next to `format: date-time` (the generator
// emits these), so a schema consumer and the runtime's validator accept exactly the same values.
export { DATE_TIME_PATTERN, UTC_DATE_TIME_PATTERN, isDate } from '../core/string-formats.js';
export { HttpClient } from '../core/http-client.js';
export {
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_RESPONSE_BYTES,
  type HttpRequest,
  type HttpResult,
  type HttpClientConfig,
  type ResponseHead,
  type DescribedError,
} from '../core/transport-options.js';
export { describeFromPaths } from '../core/error-mapping.js';
export { DEFAULT_RETRY_POLICY, backoffDelay, serverRequestedDelay, shouldRetryStatus } from '../core/retry-policy.js';
export { OAuth2Auth, TokenManager, basicHeaderValue, type TokenManagerOptions, type TokenRequester } from '../core/auth.js';
export { Redactor } from '../core/redact.js';
export { redactError } from '../core/redact-error.js';
export { sleep } from '../core/sleep.js';
// Client-side rate spacing (one per connector instance); exported so other clients and tests can
// use a bucket with their own clock.
export { RateSpacing, TokenBucket, type SpacingClock } from '../core/rate-spacing.js';
// Placeholder names of a `{name}` template (base URLs, paths, auth templates): tooling such as the
// generator checks that every placeholder names a declared variable, parameter or credential field.
export { templateNames } from '../core/template.js';
// The placeholder that is a URL template's whole host: the only place a config variable declared
// `hostname` may hold a whole host name (the generator's rules and the runtime share this test).
export { wholeHostPlaceholder } from '../core/template.js';
// Own-property reads and writes by keys and paths that come from outside (vendor records, request
// bodies, search field paths): `__proto__`, `constructor` and `prototype` are ordinary keys, and no
// write goes through a prototype. The service's search projection and filters use the same ones.
export { getOwn, setOwn, getOwnPath, setOwnPath, type SetOwnPathOptions } from '../core/own-keys.js';
// The hosted search language, defined once (core/search/): operators and the values each takes,
// limits and defaults (language.ts); the published JSON Schema and parameter rules of every search
// action (params-schema.ts, which the generator emits); the one reader the hosted executor checks a
// search with before sending and the execution service parses it with (read-search.ts).
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
} from '../core/search/language.js';
export { searchParamsSchema, SEARCH_PARAM_RULES } from '../core/search/params-schema.js';
export { readSearchParams, searchParamsIssues, SEARCH_PARAM_NAMES, type ReadSearch } from '../core/search/read-search.js';
export type { SearchFields, SearchProblem } from '../core/search/read-filter.js';
export type { JsonValue, SearchNode, SearchSortKey } from '../core/search/types.js';
// `mkdir -p` that ends where Node's recursive mkdir spins for ever (under /proc, past a dangling link).
export { makeDirectories } from './make-directories.js';
// Why a URL cannot be a base URL calls are sent to (core/http-url.ts: the one rule for every base URL).
export { baseUrlProblem } from '../core/http-url.js';
