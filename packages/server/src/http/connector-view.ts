/**
 * The connector as the API shows it to a principal, the same on every endpoint and on /mcp
 * (mcp/principal-source.ts): which connectors it may see (any other id answers exactly like a
 * missing one, 404) and the view returned for one (never its credentials).
 */
import { ServiceError } from '../service-error.js';
import type { ConnectorRecord, ConnectorRepository, Principal, SyncStatusView } from '../service-types.js';
import type { RecentConnectorReads } from '../tenancy/recent-reads.js';

/** The connector as every endpoint returns it. */
export interface ConnectorView extends SyncStatusView {
  readonly id: string;
  readonly external_user_id: string;
  readonly connector_type: string;
  readonly name: string;
  readonly config: Record<string, unknown>;
  readonly replication_config: Record<string, unknown>;
  readonly created_at: string;
  readonly updated_at: string;
}

export function connectorView(record: ConnectorRecord, status: SyncStatusView): ConnectorView {
  return {
    id: record.id,
    external_user_id: record.externalUserId,
    connector_type: record.connectorType,
    name: record.name,
    config: record.config,
    replication_config: record.replicationConfig,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    sync_status: status.sync_status,
    last_synced_at: status.last_synced_at,
    next_sync_at: status.next_sync_at,
    entities: status.entities,
  };
}

/**
 * Ids the repository issues are short and URL-safe. Anything else cannot exist, and answers the
 * same 404 as an unknown id, without reaching the store.
 */
const CONNECTOR_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The connector the principal may see, or a 404 exactly like a missing one. `recent` accepts a
 * record read a moment ago when the repository keeps them (`withRecentReads`).
 */
export async function visibleConnector(
  connectors: ConnectorRepository & Partial<RecentConnectorReads>,
  principal: Principal,
  id: string,
  options: { recent?: boolean } = {},
): Promise<ConnectorRecord> {
  if (!CONNECTOR_ID.test(id)) throw notFound();
  const read = options.recent && connectors.getRecent ? connectors.getRecent(principal, id) : connectors.get(principal, id);
  return found(await read);
}

/** The record a repository call returned, or the 404 of a missing one (it was deleted meanwhile). */
export function found(record: ConnectorRecord | null): ConnectorRecord {
  if (!record) throw notFound();
  return record;
}

function notFound(): ServiceError {
  return new ServiceError('not_found', 'no connector with this id');
}
