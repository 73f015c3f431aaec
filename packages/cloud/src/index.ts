/**
 * @switchyard/cloud — the handwritten cloud connection client: manage an extract-load connection
 * (a source and a destination paired inside a workspace) through the platform's public and config
 * APIs. Transport, retries, token cache and the base errors come from @switchyard/runtime.
 */
export {
  CloudWorkspace,
  DEFAULT_POLL_INTERVAL_MS,
  type CloudWorkspaceOptions,
  type CloudWorkspaceCommonOptions,
  type ClientCredentialsOptions,
  type BearerTokenOptions,
} from './workspace.js';
export {
  CloudConnection,
  type CallOptions,
  type DeleteOptions,
  type JobTypeFilter,
  type RunSyncOptions,
  type SyncLogsOptions,
} from './connection.js';
export { SyncResult, type LogTextOptions } from './sync-result.js';
export { DEFAULT_WAIT_TIMEOUT_S, type SyncProgress, type WaitOptions } from './wait.js';
export {
  MissingResourceError,
  WorkspaceMismatchError,
  ValueError,
  SyncFailedError,
  SyncTimeoutError,
  CascadeDeleteError,
  type ResourceType,
} from './errors.js';
export { CLOUD_API_ROOT, CLOUD_CONFIG_API_ROOT, CLOUD_WEB_ROOT, resolveRoots, type RootOptions, type ResolvedRoots } from './roots.js';
export { cronExpressionIssues } from './cron.js';
export { JOB_STATUSES, FINAL_JOB_STATUSES, FAILED_JOB_STATUSES, isFinalJobStatus, isFailedJobStatus } from './job-status.js';
export { MAX_JOBS_PAGE } from './jobs.js';
export type { LogAttempts } from './logs.js';
export type { StreamSelection } from './streams.js';
export type * from './types.js';
// The runtime's errors the client throws unchanged, re-exported so callers need one import.
export {
  SwitchyardError,
  ValidationError,
  ConfigurationError,
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  ServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  MalformedResponseError,
} from '@switchyard/runtime';
