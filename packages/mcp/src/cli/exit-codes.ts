/**
 * The CLI's exit codes and the `code` of its JSON errors, from one table keyed by error class.
 * Failures reach the CLI as the runtime's error classes whichever way they happened: in
 * open-source mode the connector raises them; from the service, the runtime's problem table maps
 * each problem+json answer back to its class (`errorFromProblem`). So a RateLimitError exits 6
 * whether Slack or the service said 429, and scripts branch on the exit code or `code`, never on
 * wording. The codes are documented in the root README ("CLI") and `switchyard --help`.
 */
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  HostedOnlyError,
  MalformedResponseError,
  NotFoundError,
  PaginationLoopError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ResponseTooLargeError,
  ServerError,
  SwitchyardError,
  SyncNotReadyError,
  TimeoutError,
  ValidationError,
  VendorError,
} from '@switchyard/runtime';
import { MissingCredentialsError } from '../connectors/env-credentials.js';
import { UsageError } from './options.js';

export const EXIT = {
  ok: 0,
  usage: 1,
  validation: 2,
  auth: 3,
  notFound: 4,
  failure: 5,
  rateLimited: 6,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A stored profile that cannot be used: missing, unreadable, or readable by others. */
export class ProfileError extends SwitchyardError {
  override readonly name: string = 'ProfileError';
}

/** `sync --wait`: an entity's run failed; `causeName` is the runtime class the service reported for it. */
export class SyncFailedError extends SwitchyardError {
  override readonly name: string = 'SyncFailedError';
  constructor(
    message: string,
    readonly causeName: string,
  ) {
    super(message);
  }
}

/** `sync --wait --timeout`: the runs had not finished in time (they go on at the service). */
export class WaitTimeoutError extends SwitchyardError {
  override readonly name: string = 'WaitTimeoutError';
}

type AnyErrorClass = abstract new (...args: never[]) => Error;

export interface ExitRow {
  readonly error: AnyErrorClass;
  readonly code: string;
  readonly exit: ExitCode;
  /** Whether the same command may succeed later unchanged (after `retry_after_ms` when given). */
  readonly retryable: boolean;
}

/** Subclasses before their parents: an error takes the first row it is an instance of. */
export const EXIT_TABLE: readonly ExitRow[] = [
  { error: UsageError, code: 'usage', exit: EXIT.usage, retryable: false },
  { error: ValidationError, code: 'validation_failed', exit: EXIT.validation, retryable: false },
  { error: ConfigurationError, code: 'configuration', exit: EXIT.validation, retryable: false },
  { error: HostedOnlyError, code: 'hosted_only', exit: EXIT.validation, retryable: false },
  { error: MissingCredentialsError, code: 'missing_credentials', exit: EXIT.auth, retryable: false },
  { error: ProfileError, code: 'profile', exit: EXIT.auth, retryable: false },
  { error: AuthenticationError, code: 'unauthorized', exit: EXIT.auth, retryable: false },
  { error: PermissionDeniedError, code: 'forbidden', exit: EXIT.auth, retryable: false },
  { error: NotFoundError, code: 'not_found', exit: EXIT.notFound, retryable: false },
  // A used-up daily or monthly quota: waiting seconds does not help.
  { error: QuotaExceededError, code: 'quota_exceeded', exit: EXIT.rateLimited, retryable: false },
  { error: RateLimitError, code: 'rate_limited', exit: EXIT.rateLimited, retryable: true },
  { error: SyncNotReadyError, code: 'search_not_ready', exit: EXIT.failure, retryable: true },
  { error: ConflictError, code: 'conflict', exit: EXIT.failure, retryable: false },
  { error: ServerError, code: 'server_error', exit: EXIT.failure, retryable: true },
  { error: ApiError, code: 'api_error', exit: EXIT.failure, retryable: false },
  { error: VendorError, code: 'vendor_error', exit: EXIT.failure, retryable: false },
  { error: TimeoutError, code: 'timeout', exit: EXIT.failure, retryable: true },
  { error: ConnectionError, code: 'connection_failed', exit: EXIT.failure, retryable: true },
  { error: MalformedResponseError, code: 'malformed_response', exit: EXIT.failure, retryable: true },
  { error: ResponseTooLargeError, code: 'response_too_large', exit: EXIT.failure, retryable: false },
  { error: PaginationLoopError, code: 'pagination_loop', exit: EXIT.failure, retryable: false },
  { error: AbortError, code: 'aborted', exit: EXIT.failure, retryable: false },
  { error: WaitTimeoutError, code: 'wait_timeout', exit: EXIT.failure, retryable: true },
  { error: SwitchyardError, code: 'error', exit: EXIT.failure, retryable: false },
  { error: Error, code: 'internal_error', exit: EXIT.failure, retryable: false },
];

/** The row of an error; anything thrown that is not an Error is an internal error. */
export function exitRowOf(error: unknown): ExitRow {
  if (error instanceof SyncFailedError) return { ...exitRowNamed(error.causeName), code: 'sync_failed' };
  return EXIT_TABLE.find((row) => error instanceof row.error) ?? EXIT_TABLE[EXIT_TABLE.length - 1]!;
}

/** The row of a runtime class known by name only (a sync's `error.name`); a name not in the table is a service failure. */
export function exitRowNamed(name: string): ExitRow {
  return (
    EXIT_TABLE.find((row) => row.error.name === name) ?? { error: SwitchyardError, code: 'error', exit: EXIT.failure, retryable: false }
  );
}
