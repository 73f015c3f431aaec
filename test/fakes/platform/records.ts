/**
 * Realistic platform records for the fake, shaped like api_sdk.yaml's ConnectionResponse,
 * JobResponse, SourceResponse and DestinationResponse and config.yaml's JobInfoRead, so the client
 * is tested against what the platform really returns (UUID ids, epoch-second createdAt, the
 * server's `startTime` format that drops `:00` seconds, masked secrets, extra keys).
 */
import { randomUUID } from 'node:crypto';

export const uuid = (): string => randomUUID();

export interface FakeConnection {
  connectionId: string;
  name: string;
  workspaceId: string;
  sourceId: string;
  destinationId: string;
  status: 'active' | 'inactive' | 'deprecated' | 'locked';
  statusReason?: string;
  schedule: { scheduleType: string; cronExpression?: string; basicTiming?: string };
  prefix?: string;
  streams: Array<{ name: string; syncMode: string; namespace?: string; cursorField?: string[]; primaryKey?: string[][] }>;
  createdAt: number;
  /** Streams the source offers (what discovery found); PATCHing another name is a 400. */
  availableStreams: string[];
  /** The configured catalog served by web_backend/connections/get; null → no syncCatalog. */
  catalog: Record<string, unknown> | null;
  /** The answer of state/get (minus connectionId). */
  state: Record<string, unknown>;
}

export interface FakeActor {
  id: string;
  kind: 'source' | 'destination';
  name: string;
  type: string;
  workspaceId: string;
  definitionId: string;
  configuration: Record<string, unknown>;
  createdAt: number;
}

export interface JobStep {
  status: string;
  rowsSynced?: number;
  bytesSynced?: number;
}

export interface FakeAttempt {
  status: 'running' | 'failed' | 'succeeded';
  logs?:
    | { events: Array<{ timestamp: number; level: string; message: string; logSource: string; stackTrace?: string }> }
    | { logLines: string[] };
}

export interface FakeJob {
  jobId: number;
  connectionId: string;
  jobType: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The lifecycle: POST answers steps[0], each GET /jobs/{id} moves one step on (the last repeats). */
  steps: JobStep[];
  index: number;
  attempts: FakeAttempt[];
}

export function connectionResponse(c: FakeConnection): Record<string, unknown> {
  return {
    connectionId: c.connectionId,
    name: c.name,
    sourceId: c.sourceId,
    destinationId: c.destinationId,
    workspaceId: c.workspaceId,
    status: c.status,
    schedule: c.schedule,
    nonBreakingSchemaUpdatesBehavior: 'ignore',
    namespaceDefinition: 'destination',
    ...(c.prefix !== undefined ? { prefix: c.prefix } : {}),
    configurations: {
      streams: c.streams.map((s) => ({
        ...s,
        cursorField: s.cursorField ?? [],
        primaryKey: s.primaryKey ?? [],
        selectedFields: [],
        mappers: [],
      })),
    },
    createdAt: c.createdAt,
    tags: [],
    ...(c.statusReason ? { statusReason: c.statusReason } : {}),
  };
}

export function actorResponse(a: FakeActor): Record<string, unknown> {
  return {
    [`${a.kind}Id`]: a.id,
    name: a.name,
    [`${a.kind}Type`]: a.type,
    definitionId: a.definitionId,
    workspaceId: a.workspaceId,
    configuration: a.configuration,
    createdAt: a.createdAt,
  };
}

const FINAL = ['succeeded', 'failed', 'cancelled'];

export function currentStep(job: FakeJob): JobStep {
  return job.steps[Math.min(job.index, job.steps.length - 1)]!;
}

export function jobResponse(job: FakeJob): Record<string, unknown> {
  const step = currentStep(job);
  const final = FINAL.includes(step.status);
  const seconds = Math.max(1, job.index * 7);
  return {
    jobId: job.jobId,
    status: step.status,
    jobType: job.jobType,
    startTime: platformTime(job.createdAt),
    connectionId: job.connectionId,
    ...(final ? { lastUpdatedAt: platformTime(job.createdAt + seconds * 1000) } : {}),
    ...(step.status !== 'pending' ? { duration: `PT${seconds}S` } : {}),
    ...(step.bytesSynced !== undefined ? { bytesSynced: step.bytesSynced } : {}),
    ...(step.rowsSynced !== undefined ? { rowsSynced: step.rowsSynced } : {}),
  };
}

export function jobInfoRead(job: FakeJob): Record<string, unknown> {
  const step = currentStep(job);
  const createdS = Math.floor(job.createdAt / 1000);
  return {
    job: {
      id: job.jobId,
      configType: job.jobType,
      configId: job.connectionId,
      createdAt: createdS,
      updatedAt: createdS + 10,
      startedAt: createdS + 1,
      status: step.status,
      aggregatedStats: {
        recordsEmitted: step.rowsSynced ?? 0,
        bytesEmitted: step.bytesSynced ?? 0,
        recordsCommitted: step.rowsSynced ?? 0,
        bytesCommitted: step.bytesSynced ?? 0,
      },
    },
    attempts: job.attempts.map((a, i) => ({
      attempt: {
        id: i,
        status: a.status,
        createdAt: createdS + i * 60,
        updatedAt: createdS + i * 60 + 30,
        ...(a.status !== 'running' ? { endedAt: createdS + i * 60 + 30 } : {}),
        bytesSynced: step.bytesSynced ?? 0,
        recordsSynced: step.rowsSynced ?? 0,
      },
      logType: a.logs && 'events' in a.logs ? 'structured' : 'formatted',
      ...(a.logs ? { logs: a.logs } : {}),
    })),
  };
}

/** The server's formatter: UTC, second precision, and `:00` seconds dropped (`2024-01-01T12:30Z`). */
export function platformTime(ms: number): string {
  const iso = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  return iso.replace(/:00Z$/, 'Z');
}

export function isFinal(status: string): boolean {
  return FINAL.includes(status);
}
