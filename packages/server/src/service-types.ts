/**
 * The seams between the service's parts: the HTTP layer (http/), tenancy and credentials
 * (tenancy/), the sync engine (sync/) and the store and search (store/, search/). Each part is
 * built against these interfaces, so each can be tested alone and wired in one place (http/app.ts).
 */
import type { EntitySyncProgress, SyncProgress } from '@switchyard/runtime';

/** Who is calling, read from a verified bearer token (never from a request body). */
export interface Principal {
  readonly kind: 'application' | 'scoped';
  readonly applicationId: string;
  /** Set for scoped tokens: the one external user this token may act for. */
  readonly externalUserId?: string;
}

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'bearer';
  /** Seconds. */
  readonly expires_in: number;
}

export interface ApplicationCredentials {
  readonly application_id: string;
  readonly name: string;
  readonly client_id: string;
  /** Shown once, at creation; only a hash is stored. */
  readonly client_secret: string;
}

/** Platform applications and the tokens they obtain. */
export interface Tenancy {
  createApplication(name: string): Promise<ApplicationCredentials>;
  issueApplicationToken(clientId: string, clientSecret: string): Promise<TokenResponse>;
  /** An application token's principal asks for a token scoped to one of its external users. */
  issueScopedToken(principal: Principal, externalUserId: string): Promise<TokenResponse>;
  /** Verifies signature, expiry and that the application still exists; throws ServiceError('unauthorized'). */
  verify(bearerToken: string): Promise<Principal>;
}

/** A connector record as every endpoint returns it: never the credentials. */
export interface ConnectorRecord {
  readonly id: string;
  readonly applicationId: string;
  readonly externalUserId: string;
  /** The family name (`messaging`, `issue-tracker`, …). */
  readonly connectorType: string;
  readonly name: string;
  readonly config: Record<string, unknown>;
  readonly replicationConfig: Record<string, unknown>;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface NewConnector {
  readonly applicationId: string;
  readonly externalUserId: string;
  readonly connectorType: string;
  readonly name: string;
  readonly credentials: Record<string, string>;
  readonly config: Record<string, unknown>;
  readonly replicationConfig: Record<string, unknown>;
}

/**
 * Connector records, always read through a principal: a scoped principal sees only its external
 * user's connectors, an application principal every connector of its application. A record the
 * principal may not see is reported exactly like a missing one (null), so ids cannot be probed.
 */
export interface ConnectorRepository {
  create(input: NewConnector): Promise<ConnectorRecord>;
  get(principal: Principal, id: string): Promise<ConnectorRecord | null>;
  list(principal: Principal, externalUserId?: string): Promise<ConnectorRecord[]>;
  updateCredentials(principal: Principal, id: string, credentials: Record<string, string>): Promise<ConnectorRecord | null>;
  rename(principal: Principal, id: string, name: string): Promise<ConnectorRecord | null>;
  /** Deletes the record and its encrypted credentials; true when something was deleted. */
  delete(principal: Principal, id: string): Promise<boolean>;
  /** Decrypted credentials, for the executor and the sync engine only; never returned by an endpoint. */
  credentials(record: ConnectorRecord): Promise<Record<string, string>>;
  /** Every connector (the scheduler's view), in id order, a page at a time. */
  listAll(afterId?: string, limit?: number): Promise<ConnectorRecord[]>;
}

/**
 * The sync status every connector view carries. The SDK reads the same shape back (a
 * `SyncNotReadyError`'s progress), so it is defined once, in the runtime.
 */
export type SyncStatusView = SyncProgress;
export type EntitySyncStatus = EntitySyncProgress;
export type SyncState = SyncProgress['sync_status'];

/** The sync engine as the HTTP layer sees it. */
export interface SyncService {
  /** A new connector: schedule its first full sync now. */
  connectorCreated(record: ConnectorRecord): Promise<void>;
  /** A manual trigger; resolves once the run is queued (202). */
  requestSync(record: ConnectorRecord): Promise<{ readonly queued: boolean }>;
  status(record: ConnectorRecord): Promise<SyncStatusView>;
  /** Whether one entity has a finished copy to search (one statement; `status` says how far it is otherwise). */
  firstSyncFinished(record: ConnectorRecord, entity: string): Promise<boolean>;
  /** The sync status of each connector, in order, in a fixed number of statements whatever their number (listings). */
  statuses(records: readonly ConnectorRecord[]): Promise<SyncStatusView[]>;
  /** After its record is deleted: stops runs of the connector and deletes its schedule, synced records and checkpoints. */
  connectorDeleted(record: ConnectorRecord): Promise<void>;
  start(): Promise<void>;
  /** Graceful: running syncs checkpoint and stop. */
  stop(): Promise<void>;
}

/**
 * Every failure the service answers with, as RFC 9457 problem+json with a stable `code`. The codes,
 * their statuses, titles and members are one table in the runtime (PROBLEMS in
 * @switchyard/runtime), which the SDK's hosted executor maps back to the runtime's error classes.
 */
export type { Problem, ProblemCode } from '@switchyard/runtime';
