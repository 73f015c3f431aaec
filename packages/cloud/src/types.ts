/**
 * The platform records the client reads, as the public API returns them (camelCase, api_sdk.yaml).
 * Only the members the client uses are typed; real responses carry more keys, and parsing accepts
 * them, because every vendor spec disagrees with real responses somewhere.
 */

/** `deprecated` = soft-deleted; `locked` = set by the platform, rejects every write with 409. */
export type ConnectionStatus = 'active' | 'inactive' | 'deprecated' | 'locked';

/** Job statuses of the public API. Unknown future values are kept as raw strings. */
export type KnownJobStatus = 'pending' | 'queued' | 'running' | 'incomplete' | 'failed' | 'succeeded' | 'cancelled';
export type JobStatus = KnownJobStatus | (string & {});

export type JobType = 'sync' | 'reset' | 'refresh' | 'clear';

export interface ConnectionSchedule {
  scheduleType: 'manual' | 'cron' | 'basic' | (string & {});
  /** Read back with its time zone appended, e.g. `0 0 0 * * ? UTC`. */
  cronExpression?: string;
  basicTiming?: string;
}

export interface StreamConfiguration {
  name: string;
  namespace?: string;
  syncMode?: string;
  cursorField?: string[];
  primaryKey?: string[][];
  [key: string]: unknown;
}

/** `GET /connections/{connectionId}` and every PATCH answer. */
export interface ConnectionInfo {
  connectionId: string;
  name: string;
  sourceId: string;
  destinationId: string;
  workspaceId: string;
  status: ConnectionStatus | (string & {});
  schedule?: ConnectionSchedule;
  prefix?: string;
  configurations?: { streams?: StreamConfiguration[] };
  statusReason?: string;
  createdAt?: number;
  [key: string]: unknown;
}

/** One row of `GET /jobs` or the answer of `GET /jobs/{jobId}` and `POST /jobs`. */
export interface JobRow {
  jobId: number;
  status: JobStatus;
  jobType: JobType | (string & {});
  /** Creation time, UTC, second precision; `:00` seconds may be dropped (`2024-01-01T12:30Z`). */
  startTime: string;
  connectionId: string;
  lastUpdatedAt?: string;
  /** ISO-8601 duration, absent while pending. */
  duration?: string;
  bytesSynced?: number;
  rowsSynced?: number;
  [key: string]: unknown;
}

/** The connection's source (`GET /sources/{sourceId}`); secret configuration values come back masked. */
export interface CloudSource {
  sourceId: string;
  name: string;
  sourceType: string;
  definitionId: string;
  workspaceId: string;
  configuration: Record<string, unknown>;
  createdAt: number;
  [key: string]: unknown;
}

/** The connection's destination (`GET /destinations/{destinationId}`). */
export interface CloudDestination {
  destinationId: string;
  name: string;
  destinationType: string;
  definitionId: string;
  workspaceId: string;
  configuration: Record<string, unknown>;
  createdAt: number;
  [key: string]: unknown;
}

/** One element of `getStateArtifacts()`: a stream and its opaque persisted state. */
export interface StreamStateArtifact {
  streamDescriptor: { name: string; namespace?: string };
  streamState?: unknown;
}

/** The configured catalog returned by `getCatalogArtifact()` (config API `syncCatalog`, camelCase). */
export interface CatalogArtifact {
  streams: Array<{ stream: Record<string, unknown> & { name: string }; config: Record<string, unknown> }>;
  [key: string]: unknown;
}
