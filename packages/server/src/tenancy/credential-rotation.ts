import type { Logger } from '@switchyard/runtime';
import type { KeyRing } from '../crypto/key-ring.js';
import type { SqlEngine } from '../store/sql-engine.js';
import { credentialsContext } from './connector-rows.js';

export interface RotationOptions {
  /** Credentials re-encrypted per transaction (default 100): short transactions, no long locks. */
  readonly batchSize?: number;
  readonly logger?: Logger;
  /** Called after each committed batch (progress reporting; tests read the table mid-rotation here). */
  readonly onBatch?: (progress: RotationProgress) => void | Promise<void>;
}

export interface RotationProgress {
  /** The key everything is being moved to (the ring's active key). */
  readonly keyId: string;
  readonly rotated: number;
}

export interface RotationResult extends RotationProgress {
  /** Rows another writer changed between our read and our write; they already carry a current envelope. */
  readonly skipped: number;
  /** Rows still on an older key after the pass (only when a process with an older ring wrote meanwhile); run again. */
  readonly remaining: number;
}

/**
 * Re-encrypts every stored credential whose envelope is not under the ring's active key, in id
 * order, one batch per transaction. The service keeps serving throughout: until a row is
 * rewritten it is read with its old key, which stays in the ring. Each write is a compare-and-
 * set on the old envelope, so a credential updated concurrently is never overwritten with stale
 * content. Safe to interrupt and run again; an envelope that does not open stops the run loudly.
 */
export async function rotateCredentials(engine: SqlEngine, keys: KeyRing, options: RotationOptions = {}): Promise<RotationResult> {
  const batchSize = options.batchSize ?? 100;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  const keyId = keys.activeKeyId;
  let after = '';
  let rotated = 0;
  let skipped = 0;
  for (;;) {
    const outcome = await engine.transaction(async (tx) => {
      const rows = await tx.query<{ connector_id: string; envelope: string }>(
        `SELECT connector_id, envelope FROM sy_connector_credentials
          WHERE key_id <> $1 AND connector_id > $2 ORDER BY connector_id LIMIT $3::integer`,
        [keyId, after, String(batchSize)],
      );
      let written = 0;
      for (const row of rows) {
        const context = credentialsContext(row.connector_id);
        const envelope = keys.seal(keys.open(row.envelope, context), context);
        const updated = await tx.query(
          `UPDATE sy_connector_credentials SET envelope = $1, key_id = $2, updated_at = now()
            WHERE connector_id = $3 AND envelope = $4 RETURNING connector_id`,
          [envelope, keyId, row.connector_id, row.envelope],
        );
        written += updated.length;
      }
      return { last: rows[rows.length - 1]?.connector_id, read: rows.length, written };
    });
    if (outcome.last === undefined) break;
    after = outcome.last;
    rotated += outcome.written;
    skipped += outcome.read - outcome.written;
    options.logger?.info?.(`key rotation: ${rotated} credential(s) re-encrypted with master key "${keyId}" so far`);
    await options.onBatch?.({ keyId, rotated });
  }
  const [count] = await engine.query<{ n: string | number }>('SELECT count(*) AS n FROM sy_connector_credentials WHERE key_id <> $1', [
    keyId,
  ]);
  const remaining = Number(count?.n ?? 0);
  options.logger?.info?.(
    `key rotation finished: ${rotated} credential(s) now under master key "${keyId}", ${remaining} still on older keys` +
      (remaining === 0 ? '; older keys may now be removed from SWITCHYARD_MASTER_KEY' : '; run the rotation again'),
  );
  return { keyId, rotated, skipped, remaining };
}
