import type { KeyRing } from '../crypto/key-ring.js';
import { ServiceError } from '../service-error.js';
import type { ApplicationCredentials, ConnectorRecord, Principal, Tenancy, TokenResponse } from '../service-types.js';
import type { SqlEngine } from '../store/sql-engine.js';
import { CONNECTOR_COLUMNS, toRecord, type ConnectorRow } from './connector-rows.js';
import { RECENT_READ_TTL_MS, RecentValues } from './recent-reads.js';
import { newApplicationId, newClientId, newClientSecret } from './ids.js';
import { EXTERNAL_USER_ID_MAX, NAME_MAX, identifierTextIssue, rejectIssues, textIssue } from './input-rules.js';
import { DEFAULT_SCRYPT_PARAMS, hashSecret, verifySecret, type ScryptParams } from './secret-hash.js';
import { TOKEN_TTL_SECONDS, TokenSigner, unauthorized } from './tokens.js';

export interface TenancyOptions {
  /** The clock tokens are issued and checked against (tests move it forward). */
  readonly now?: () => Date;
  /** Lifetime of application and scoped tokens; 900 seconds (15 minutes) by default. */
  readonly tokenTtlSeconds?: number;
  /** scrypt cost for new client secrets; existing hashes keep the parameters they were made with. */
  readonly secretHashing?: ScryptParams;
  /**
   * How long "this application exists" is trusted after it was read (RECENT_READ_TTL_MS, 2 s, by
   * default; 0 reads it on every request). A deletion through this process is seen at once,
   * through another process within this time.
   */
  readonly applicationCheckTtlMs?: number;
}

export interface DeletedApplication {
  readonly deleted: boolean;
  /** Its connectors, deleted with it (with their credentials): the caller removes their synced copies. */
  readonly connectors: readonly ConnectorRecord[];
}

/** `Tenancy` plus the operator's one extra: taking an application away. */
export interface StoredTenancy extends Tenancy {
  /** Deletes the application, its connectors and their credentials; its tokens stop verifying at once. */
  deleteApplication(applicationId: string): Promise<DeletedApplication>;
}

const MAX_CLIENT_FIELD = 256;

export function createTenancy(engine: SqlEngine, keys: KeyRing, options: TenancyOptions = {}): StoredTenancy {
  const signer = new TokenSigner(keys, options.now ?? (() => new Date()), options.tokenTtlSeconds ?? TOKEN_TTL_SECONDS);
  const hashing = options.secretHashing ?? DEFAULT_SCRYPT_PARAMS;
  // An unknown client id still costs one scrypt, so response time does not tell which ids exist.
  let decoyHash: Promise<string> | undefined;
  const existingApplications = new RecentValues<true>(options.applicationCheckTtlMs ?? RECENT_READ_TTL_MS, nowMs(options.now));

  return {
    async createApplication(name: string): Promise<ApplicationCredentials> {
      rejectIssues('invalid application', [textIssue('name', name, NAME_MAX)]);
      const application = {
        application_id: newApplicationId(),
        name: name.trim(),
        client_id: newClientId(),
        client_secret: newClientSecret(),
      };
      await engine.query('INSERT INTO sy_applications (id, name, client_id, secret_hash) VALUES ($1, $2, $3, $4)', [
        application.application_id,
        application.name,
        application.client_id,
        await hashSecret(application.client_secret, hashing),
      ]);
      return application;
    },

    async issueApplicationToken(clientId: string, clientSecret: string): Promise<TokenResponse> {
      const refused = unauthorized('invalid client_id or client_secret');
      if (!isClientField(clientId) || !isClientField(clientSecret)) throw refused;
      // Text no id or secret can hold is a malformed request (and must not reach SQL), not a wrong credential.
      rejectIssues('invalid token request', [
        identifierTextIssue('client_id', clientId),
        identifierTextIssue('client_secret', clientSecret),
      ]);
      const [row] = await engine.query<{ id: string; secret_hash: string }>(
        'SELECT id, secret_hash FROM sy_applications WHERE client_id = $1',
        [clientId],
      );
      if (row === undefined) {
        decoyHash ??= hashSecret(newClientSecret(), hashing);
        await verifySecret(clientSecret, await decoyHash);
        throw refused;
      }
      if (!(await verifySecret(clientSecret, row.secret_hash))) throw refused;
      return signer.sign({ kind: 'application', applicationId: row.id });
    },

    async issueScopedToken(principal: Principal, externalUserId: string): Promise<TokenResponse> {
      if (principal.kind !== 'application') {
        throw new ServiceError('forbidden', 'a scoped token cannot issue scoped tokens; use the application token');
      }
      rejectIssues('invalid scoped token request', [textIssue('external_user_id', externalUserId, EXTERNAL_USER_ID_MAX)]);
      return signer.sign({ kind: 'scoped', applicationId: principal.applicationId, externalUserId });
    },

    async verify(bearerToken: string): Promise<Principal> {
      const principal = await signer.read(bearerToken);
      if (existingApplications.get(principal.applicationId)) return principal;
      const rows = await engine.query('SELECT 1 FROM sy_applications WHERE id = $1', [principal.applicationId]);
      if (rows.length === 0) throw unauthorized("the token's application no longer exists");
      existingApplications.set(principal.applicationId, true);
      return principal;
    },

    async deleteApplication(applicationId: string): Promise<DeletedApplication> {
      existingApplications.delete(applicationId);
      const result = await engine.transaction(async (tx) => {
        const connectors = await tx.query<ConnectorRow>(
          `SELECT ${CONNECTOR_COLUMNS} FROM sy_connectors WHERE application_id = $1 ORDER BY id FOR UPDATE`,
          [applicationId],
        );
        // Connectors and credentials go with it (ON DELETE CASCADE in the schema).
        const deleted = await tx.query('DELETE FROM sy_applications WHERE id = $1 RETURNING id', [applicationId]);
        return { deleted: deleted.length > 0, connectors: connectors.map(toRecord) };
      });
      // Again after commit: a verify that read the row while the delete ran must not keep it.
      existingApplications.delete(applicationId);
      return result;
    },
  };
}

function nowMs(now: (() => Date) | undefined): (() => number) | undefined {
  return now ? () => now().getTime() : undefined;
}

function isClientField(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_CLIENT_FIELD;
}
