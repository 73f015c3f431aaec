/**
 * OAuth tokens the runtime renewed for a stored connector, written back to its credentials. A
 * provider that rotates refresh tokens spends the old one on use, so a service that kept only the
 * credentials given at creation would be locked out after its next restart.
 */
import { type AuthKind, type Logger, type TokenSet } from '@switchyard/runtime';
import { templateNames } from '@switchyard/runtime/internal';
import type { ConnectorRecord, ConnectorRepository } from '../service-types.js';
import type { ConnectorCatalog } from '../catalog/catalog.js';
import type { StoredCredentials } from './executor-pool.js';

type UpdateCredentials = ConnectorRepository['updateCredentials'];

export function persistRenewedTokens(catalog: ConnectorCatalog, update: UpdateCredentials, logger?: Logger) {
  return async (record: ConnectorRecord, credentials: Record<string, string>, tokens: TokenSet): Promise<StoredCredentials | null> => {
    const kind = catalog.get(record.connectorType)?.metadata.auth.find((k) => k.kind === 'oauth2' && matches(k, credentials));
    if (!kind || kind.kind !== 'oauth2') return null;
    const accessField = fieldOf(kind.accessToken);
    // Client-credentials kinds fetch their tokens from stored client credentials: nothing to keep.
    if (!accessField) return null;
    const renewed = { ...credentials, [accessField]: tokens.accessToken };
    const refreshField = fieldOf(kind.refreshToken);
    if (refreshField && tokens.refreshToken) renewed[refreshField] = tokens.refreshToken;
    try {
      // The application's own principal: the runtime acts for the connector, whoever called.
      const updated = await update({ kind: 'application', applicationId: record.applicationId }, record.id, renewed);
      return updated ? { record: updated, credentials: renewed } : null;
    } catch (error) {
      // The call itself succeeded with the new tokens; losing them is logged, not raised to the caller.
      logger?.warn?.('could not store renewed OAuth tokens', {
        connector_id: record.id,
        error: error instanceof Error ? error.name : 'unknown',
      });
      return null;
    }
  };
}

/** The credential field a template is exactly (`{access_token}`), when it is one. */
function fieldOf(template: string | undefined): string | undefined {
  if (!template) return undefined;
  const names = templateNames(template);
  return names.length === 1 && template === `{${names[0]}}` ? names[0] : undefined;
}

function matches(kind: AuthKind, credentials: Record<string, string>): boolean {
  const given = Object.keys(credentials);
  return (
    Object.entries(kind.fields).every(([name, f]) => !f.required || given.includes(name)) &&
    given.every((name) => Object.hasOwn(kind.fields, name))
  );
}
