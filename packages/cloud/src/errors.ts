/**
 * Errors the cloud connection client adds to the runtime's hierarchy. Every one extends
 * SwitchyardError, so one `catch (e) { if (e instanceof SwitchyardError) … }` covers the client,
 * and each sets `name` so logs and `console.error` say what went wrong without a stack dive.
 * Transport failures (401, 403, 409, 429, 5xx, timeouts) stay the runtime's own classes.
 *
 * Messages carry ids and statuses only; credentials never reach them.
 */
import { SwitchyardError } from '@switchyard/runtime';
import type { SyncResult } from './sync-result.js';

export type ResourceType = 'connection' | 'job' | 'source' | 'destination' | 'workspace';

/**
 * The resource does not exist: any 404 from either platform API, a job that belongs to another
 * connection, or a soft-deleted (`deprecated`) connection where a live one is needed.
 */
export class MissingResourceError extends SwitchyardError {
  override readonly name: string = 'MissingResourceError';
  readonly resourceType: ResourceType;
  readonly resourceId: string;
  constructor(message: string, init: { resourceType: ResourceType; resourceId: string; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.resourceType = init.resourceType;
    this.resourceId = init.resourceId;
  }
}

/**
 * The resource exists but lives in another workspace than the one the client was built for. It can
 * only happen when the credentials see both workspaces; otherwise the platform answers 403.
 */
export class WorkspaceMismatchError extends SwitchyardError {
  override readonly name: string = 'WorkspaceMismatchError';
  readonly resourceType: ResourceType;
  readonly resourceId: string;
  readonly expectedWorkspaceId: string;
  readonly actualWorkspaceId: string;
  constructor(init: { resourceType: ResourceType; resourceId: string; expectedWorkspaceId: string; actualWorkspaceId: string }) {
    super(
      `The ${init.resourceType} ${init.resourceId} belongs to workspace ${init.actualWorkspaceId}, not to workspace ` +
        `${init.expectedWorkspaceId} this client was created for. Create a CloudWorkspace for ${init.actualWorkspaceId} to manage it.`,
    );
    this.resourceType = init.resourceType;
    this.resourceId = init.resourceId;
    this.expectedWorkspaceId = init.expectedWorkspaceId;
    this.actualWorkspaceId = init.actualWorkspaceId;
  }
}

/**
 * The contract's ValueError: `setEnabled(x, { ignoreNoop: false })` on a connection that already
 * has the requested status. Raised after the status read and before any write.
 */
export class ValueError extends SwitchyardError {
  override readonly name: string = 'ValueError';
  readonly requestedStatus: string;
  readonly currentStatus: string;
  constructor(message: string, init: { requestedStatus: string; currentStatus: string }) {
    super(message);
    this.requestedStatus = init.requestedStatus;
    this.currentStatus = init.currentStatus;
  }
}

/** A waited-for sync ended `failed` or `cancelled`. The SyncResult is attached for its logs. */
export class SyncFailedError extends SwitchyardError {
  override readonly name: string = 'SyncFailedError';
  readonly connectionId: string;
  readonly jobId: number;
  /** The job's last observed status (`failed`, `cancelled`, or the non-final status at a timeout). */
  readonly jobStatus: string;
  readonly jobHistoryUrl: string | null;
  readonly syncResult: SyncResult;
  constructor(message: string, syncResult: SyncResult) {
    super(message);
    this.syncResult = syncResult;
    this.connectionId = syncResult.connectionId;
    this.jobId = syncResult.jobId;
    this.jobStatus = syncResult.status;
    this.jobHistoryUrl = syncResult.connection.jobHistoryUrl;
  }
}

/**
 * The wait ran out while the job was still running. A subclass of SyncFailedError (as in the
 * reference client), so one catch covers both; the job itself is NOT cancelled.
 */
export class SyncTimeoutError extends SyncFailedError {
  override readonly name: string = 'SyncTimeoutError';
  readonly timeoutSeconds: number;
  constructor(message: string, syncResult: SyncResult, timeoutSeconds: number) {
    super(message, syncResult);
    this.timeoutSeconds = timeoutSeconds;
  }
}

/**
 * `permanentlyDelete` with cascading: the connection is gone but a later step failed. The platform
 * has no transaction, so this says exactly what was deleted and which step failed.
 */
export class CascadeDeleteError extends SwitchyardError {
  override readonly name: string = 'CascadeDeleteError';
  readonly failedStep: 'source' | 'destination';
  /** What was deleted before the failure, e.g. ['connection', 'source']. */
  readonly deleted: readonly ResourceType[];
  constructor(message: string, init: { failedStep: 'source' | 'destination'; deleted: ResourceType[]; cause: unknown }) {
    super(message, { cause: init.cause });
    this.failedStep = init.failedStep;
    this.deleted = Object.freeze([...init.deleted]);
  }
}
