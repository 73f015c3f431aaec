import type { SqlParam } from '../store/sql-engine.js';
import type { ConnectorRecord, Principal } from '../service-types.js';

/** The columns of a connector record, in the order `toRecord` reads them. Never the credentials. */
export const CONNECTOR_COLUMNS =
  'id, application_id, external_user_id, connector_type, name, config, replication_config, created_at, updated_at';

export interface ConnectorRow {
  id: string;
  application_id: string;
  external_user_id: string;
  connector_type: string;
  name: string;
  config: unknown;
  replication_config: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toRecord(row: ConnectorRow): ConnectorRecord {
  return {
    id: row.id,
    applicationId: row.application_id,
    externalUserId: row.external_user_id,
    connectorType: row.connector_type,
    name: row.name,
    config: asObject(row.config),
    replicationConfig: asObject(row.replication_config),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function asObject(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/**
 * The tenant condition every principal-facing statement carries, with its two parameters at
 * positions `$first` and `$first+1`: the application always, the external user for scoped
 * principals. Rows outside it are invisible, so they answer exactly like missing rows.
 */
export function tenantCondition(principal: Principal, first: number, alias = ''): { sql: string; params: SqlParam[] } {
  const prefix = alias ? `${alias}.` : '';
  return {
    sql: `${prefix}application_id = $${first} AND ($${first + 1}::text IS NULL OR ${prefix}external_user_id = $${first + 1}::text)`,
    params: [principal.applicationId, scopedUser(principal)],
  };
}

function scopedUser(principal: Principal): string | null {
  if (typeof principal.applicationId !== 'string' || principal.applicationId.length === 0) {
    throw new TypeError('a principal needs an application id');
  }
  if (principal.kind === 'application') return null;
  // A scoped principal without its user would silently widen to the whole application.
  if (principal.kind !== 'scoped' || typeof principal.externalUserId !== 'string' || principal.externalUserId.length === 0) {
    throw new TypeError('a scoped principal needs an external user id');
  }
  return principal.externalUserId;
}

/** Context bound into each credentials envelope: an envelope copied to another connector's row does not open. */
export function credentialsContext(connectorId: string): string {
  return `sy_connector_credentials:${connectorId}`;
}
