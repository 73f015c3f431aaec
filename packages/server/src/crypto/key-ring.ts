import { hkdfSync } from 'node:crypto';
import { ConfigurationError, type Logger } from '@switchyard/runtime';
import { envelopeKeyId, openEnvelope, sealEnvelope } from './envelope.js';
import { loadOrCreateKeyFile } from './key-file.js';
import { parseMasterKeys, type MasterKey } from './master-key.js';

export interface KeyRingOptions {
  /** The embedded default keeps its key file here when no `masterKey` is given. */
  readonly dataDir?: string;
  /** `SWITCHYARD_MASTER_KEY`: one base64 key of 32 bytes, or `kid:base64` entries, newest last. */
  readonly masterKey?: string;
  readonly logger?: Logger;
}

/**
 * The master keys of one service: the newest encrypts, all decrypt. Also the root of the token
 * signing keys, derived with HKDF so every process holding the same master keys signs and
 * verifies the same tokens, across restarts, without storing a second secret.
 */
export class KeyRing {
  readonly #keys: ReadonlyMap<string, MasterKey>;
  readonly #active: MasterKey;
  readonly #derived = new Map<string, Uint8Array>();

  constructor(keys: readonly MasterKey[]) {
    const active = keys[keys.length - 1];
    if (active === undefined) throw new ConfigurationError('a key ring needs at least one master key');
    this.#keys = new Map(keys.map((key) => [key.id, key]));
    this.#active = active;
  }

  /** The id new envelopes and new tokens are made with (the last configured key). */
  get activeKeyId(): string {
    return this.#active.id;
  }

  /** Every key id this ring can read, oldest first. */
  get keyIds(): readonly string[] {
    return [...this.#keys.keys()];
  }

  has(keyId: string): boolean {
    return this.#keys.has(keyId);
  }

  /** Encrypts with the active key; `context` (e.g. the record id) must be given again to open it. */
  seal(plaintext: string | Uint8Array, context: string): string {
    const bytes = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
    return sealEnvelope(this.#active, bytes, context);
  }

  /** Decrypts with whichever ring key sealed it; throws EnvelopeError when altered or unknown. */
  open(envelope: string, context: string): Buffer {
    return openEnvelope((id) => this.#keys.get(id), envelope, context);
  }

  openText(envelope: string, context: string): string {
    return this.open(envelope, context).toString('utf8');
  }

  /** The master key id inside an envelope (cheap; decrypts nothing). */
  keyIdOf(envelope: string): string {
    return envelopeKeyId(envelope);
  }

  /**
   * A 32-byte key for one purpose (e.g. "token-signing"), derived from one master key (the active
   * one by default). Undefined for an id the ring does not hold.
   */
  deriveKey(purpose: string, keyId: string = this.#active.id): Uint8Array | undefined {
    const master = this.#keys.get(keyId);
    if (master === undefined) return undefined;
    // Memoized: token verification asks for the signing key on every request, and HKDF is not free.
    const memo = `${keyId}\u0000${purpose}`;
    let key = this.#derived.get(memo);
    if (key === undefined) {
      key = new Uint8Array(hkdfSync('sha256', master.key, Buffer.from('switchyard'), Buffer.from(`switchyard ${purpose} v1`), 32));
      this.#derived.set(memo, key);
    }
    return key;
  }
}

/**
 * The service's key ring: from `masterKey` (SWITCHYARD_MASTER_KEY) when given, else from the key
 * file in `dataDir`, created on first use. A deployment on PostgreSQL has several processes and
 * must give every one of them the same `masterKey`.
 */
export async function createKeyRing(options: KeyRingOptions): Promise<KeyRing> {
  if (options.masterKey !== undefined) return new KeyRing(parseMasterKeys(options.masterKey, 'SWITCHYARD_MASTER_KEY'));
  if (options.dataDir !== undefined) return new KeyRing(await loadOrCreateKeyFile(options.dataDir, options.logger));
  throw new ConfigurationError(
    'no master key: set SWITCHYARD_MASTER_KEY (e.g. `openssl rand -base64 32`) or give a data directory to keep a key file in',
  );
}
