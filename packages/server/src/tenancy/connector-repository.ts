import type { KeyRing } from '../crypto/key-ring.js';
import { ServiceError } from '../service-error.js';
import type { ConnectorRecord, ConnectorRepository, NewConnector, Principal } from '../service-types.js';
import type { SqlEngine, SqlRunner } from '../store/sql-engine.js';
import { CONNECTOR_COLUMNS, credentialsContext, tenantCondition, toRecord, type ConnectorRow } from './connector-rows.js';
import { rotateCredentials, type RotationOptions, type RotationResult } from './credential-rotation.js';
import { newConnectorId } from './ids.js';
import { EXTERNAL_USER_ID_MAX, NAME_MAX, identifierTextIssue, rejectIssues, textIssue } from './input-rules.js';

/** `ConnectorRepository` plus the operator's key rotation over the credentials it stores. */
export interface StoredConnectorRepository extends ConnectorRepository {
  /** Re-encrypts every stored credential with the key ring's active key (see rotateCredentials). */
  rotateKeys(options?: RotationOptions): Promise<RotationResult>;
}

const DEFAULT_PAGE = 100;
const MAX_PAGE = 1000;

/**
 * Connector records in SQL. Every principal-facing statement carries the tenant condition in
 * its WHERE clause (never a check after reading), so a record of another application or another
 * external user is not merely hidden but never read. Credentials are stored only as envelopes
 * sealed with the key ring and bound to the connector id.
 */
export function createConnectorRepository(engine: SqlEngine, keys: KeyRing): StoredConnectorRepository {
  async function writeCredentials(tx: SqlRunner, connectorId: string, credentials: Record<string, string>): Promise<void> {
    const envelope = keys.seal(JSON.stringify(credentials), credentialsContext(connectorId));
    await tx.query(
      `INSERT INTO sy_connector_credentials (connector_id, key_id, envelope) VALUES ($1, $2, $3)
       ON CONFLICT (connector_id) DO UPDATE SET key_id = EXCLUDED.key_id, envelope = EXCLUDED.envelope, updated_at = now()`,
      [connectorId, keys.activeKeyId, envelope],
    );
  }

  /** Touches a visible record (locking it) and returns it, or null when the principal cannot see it. */
  async function touch(tx: SqlRunner, principal: Principal, id: string, name?: string): Promise<ConnectorRow | undefined> {
    const tenant = tenantCondition(principal, 3);
    const [row] = await tx.query<ConnectorRow>(
      `UPDATE sy_connectors SET updated_at = now(), name = coalesce($2, name)
        WHERE id = $1 AND ${tenant.sql} RETURNING ${CONNECTOR_COLUMNS}`,
      [id, name ?? null, ...tenant.params],
    );
    return row;
  }

  return {
    async create(input: NewConnector): Promise<ConnectorRecord> {
      checkNewConnector(input);
      const id = newConnectorId();
      return engine.transaction(async (tx) => {
        const application = await tx.query('SELECT 1 FROM sy_applications WHERE id = $1 FOR SHARE', [input.applicationId]);
        if (application.length === 0) throw new ServiceError('unauthorized', "the token's application no longer exists");
        const [row] = await tx.query<ConnectorRow>(
          `INSERT INTO sy_connectors (id, application_id, external_user_id, connector_type, name, config, replication_config)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) RETURNING ${CONNECTOR_COLUMNS}`,
          [
            id,
            input.applicationId,
            input.externalUserId,
            input.connectorType,
            input.name,
            JSON.stringify(input.config ?? {}),
            JSON.stringify(input.replicationConfig ?? {}),
          ],
        );
        await writeCredentials(tx, id, input.credentials);
        return toRecord(row!);
      });
    },

    async get(principal: Principal, id: string): Promise<ConnectorRecord | null> {
      if (!isId(id)) return null;
      const tenant = tenantCondition(principal, 2);
      const [row] = await engine.query<ConnectorRow>(`SELECT ${CONNECTOR_COLUMNS} FROM sy_connectors WHERE id = $1 AND ${tenant.sql}`, [
        id,
        ...tenant.params,
      ]);
      return row ? toRecord(row) : null;
    },

    async list(principal: Principal, externalUserId?: string): Promise<ConnectorRecord[]> {
      if (externalUserId !== undefined) {
        rejectIssues('invalid connector filter', [textIssue('external_user_id', externalUserId, EXTERNAL_USER_ID_MAX)]);
      }
      const tenant = tenantCondition(principal, 2);
      // A scoped principal naming another user gets that user's connectors it may see: none.
      const rows = await engine.query<ConnectorRow>(
        `SELECT ${CONNECTOR_COLUMNS} FROM sy_connectors
          WHERE ($1::text IS NULL OR external_user_id = $1::text) AND ${tenant.sql}
          ORDER BY created_at, id`,
        [externalUserId ?? null, ...tenant.params],
      );
      return rows.map(toRecord);
    },

    async updateCredentials(principal: Principal, id: string, credentials: Record<string, string>): Promise<ConnectorRecord | null> {
      if (!isId(id)) return null;
      checkCredentials(credentials);
      return engine.transaction(async (tx) => {
        const row = await touch(tx, principal, id);
        if (row === undefined) return null;
        await writeCredentials(tx, id, credentials);
        return toRecord(row);
      });
    },

    async rename(principal: Principal, id: string, name: string): Promise<ConnectorRecord | null> {
      if (!isId(id)) return null;
      rejectIssues('invalid connector', [textIssue('name', name, NAME_MAX)]);
      const row = await touch(engine, principal, id, name);
      return row ? toRecord(row) : null;
    },

    async delete(principal: Principal, id: string): Promise<boolean> {
      if (!isId(id)) return false;
      const tenant = tenantCondition(principal, 2);
      return engine.transaction(async (tx) => {
        const deleted = await tx.query(`DELETE FROM sy_connectors WHERE id = $1 AND ${tenant.sql} RETURNING id`, [id, ...tenant.params]);
        // The schema cascades too; deleting explicitly keeps this true whatever the constraint says.
        if (deleted.length > 0) await tx.query('DELETE FROM sy_connector_credentials WHERE connector_id = $1', [id]);
        return deleted.length > 0;
      });
    },

    async credentials(record: ConnectorRecord): Promise<Record<string, string>> {
      const [row] = await engine.query<{ envelope: string }>(
        `SELECT c.envelope FROM sy_connector_credentials c JOIN sy_connectors s ON s.id = c.connector_id
          WHERE c.connector_id = $1 AND s.application_id = $2`,
        [record.id, record.applicationId],
      );
      if (row === undefined) throw new ServiceError('not_found', `connector ${record.id} no longer exists`);
      return JSON.parse(keys.openText(row.envelope, credentialsContext(record.id))) as Record<string, string>;
    },

    async listAll(afterId?: string, limit = DEFAULT_PAGE): Promise<ConnectorRecord[]> {
      const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE);
      const rows = await engine.query<ConnectorRow>(
        `SELECT ${CONNECTOR_COLUMNS} FROM sy_connectors WHERE ($1::text IS NULL OR id > $1::text) ORDER BY id LIMIT $2::integer`,
        [afterId ?? null, String(size)],
      );
      return rows.map(toRecord);
    },

    rotateKeys(options?: RotationOptions): Promise<RotationResult> {
      return rotateCredentials(engine, keys, options);
    },
  };
}

/** Ids the repository issues are short, well-formed text; any other id cannot exist (and must not reach SQL). */
function isId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 128 && identifierTextIssue('id', id) === null;
}

function checkNewConnector(input: NewConnector): void {
  rejectIssues('invalid connector', [
    textIssue('external_user_id', input.externalUserId, EXTERNAL_USER_ID_MAX),
    textIssue('connector_type', input.connectorType, NAME_MAX),
    textIssue('name', input.name, NAME_MAX),
    typeof input.applicationId === 'string' && input.applicationId.length > 0
      ? null
      : { path: 'application_id', rule: 'type', message: 'must be a non-empty string' },
  ]);
  checkCredentials(input.credentials);
}

function checkCredentials(credentials: unknown): void {
  const valid =
    credentials !== null &&
    typeof credentials === 'object' &&
    !Array.isArray(credentials) &&
    Object.values(credentials).every((value) => typeof value === 'string');
  rejectIssues('invalid connector', [
    valid ? null : { path: 'credentials', rule: 'type', message: 'must be an object whose values are strings' },
  ]);
}
