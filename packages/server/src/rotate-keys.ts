/**
 * `switchyard rotate-keys`: re-encrypt every stored credential under the active master key.
 *
 * - With SWITCHYARD_MASTER_KEY (the PostgreSQL deployment): add the new key as the last
 *   `kid:base64` entry, keep the old ones, restart the service and worker processes one by one
 *   (each serves old and new envelopes alike), then run this once. It rewrites the rows in short
 *   batches while the service keeps serving. Afterwards the old entry can be dropped.
 * - Embedded, with the key file in the data directory: stop the service (the embedded store has
 *   one process at a time), run this; it appends a new key to the key file as the active one and
 *   re-encrypts. The old key stays in the file so tokens it signed stay valid until they expire.
 */
import { migrate } from './migrations/migrate.js';
import { KeyRing } from './crypto/key-ring.js';
import { addKeyToKeyFile } from './crypto/key-file.js';
import { parseMasterKeys } from './crypto/master-key.js';
import { STORE_DIR_NAME } from './service.js';
import { openSqlEngine } from './store/open-engine.js';
import { makeOwnerOnly, preparePrivateDirectory } from './data-dir.js';
import { rotateCredentials, type RotationResult } from './tenancy/credential-rotation.js';
import { join, resolve } from 'node:path';

export interface RotateKeysSettings {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly masterKey?: string | undefined;
  /** Id of the key the embedded key file gains; default `k` + the UTC date and time. */
  readonly newKeyId?: string | undefined;
  readonly onProgress?: (line: string) => void;
}

export interface RotateKeysOutcome extends RotationResult {
  /** Where the active key came from. */
  readonly source: 'SWITCHYARD_MASTER_KEY' | 'key file';
}

export async function rotateKeys(settings: RotateKeysSettings): Promise<RotateKeysOutcome> {
  const dataDir = resolve(settings.dataDir);
  const embedded = !settings.databaseUrl;
  const usesDataDir = embedded || !settings.masterKey;
  // Nothing to rotate in a directory that does not exist: the key file step below says so.
  if (usesDataDir) await preparePrivateDirectory(dataDir, { create: false });
  const keys = settings.masterKey
    ? new KeyRing(parseMasterKeys(settings.masterKey, 'SWITCHYARD_MASTER_KEY'))
    : new KeyRing(await addKeyToKeyFile(dataDir, settings.newKeyId ?? defaultKeyId(new Date())));
  const engine = await openSqlEngine(embedded ? { dataDir: join(dataDir, STORE_DIR_NAME) } : { databaseUrl: settings.databaseUrl });
  try {
    await migrate(engine);
    const result = await rotateCredentials(engine, keys, {
      onBatch: (progress) => settings.onProgress?.(`re-encrypted ${progress.rotated} credentials under key "${progress.keyId}"`),
    });
    return { ...result, source: settings.masterKey ? 'SWITCHYARD_MASTER_KEY' : 'key file' };
  } finally {
    await engine.close();
    if (usesDataDir) await makeOwnerOnly(dataDir);
  }
}

/** `k20261123T0730Z`: sortable, and a valid key id (letters, digits, `_`, `-`; at most 32). */
export function defaultKeyId(now: Date): string {
  return `k${now.toISOString().slice(0, 16).replace(/[-:]/g, '')}Z`;
}
