import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SwitchyardError } from '@switchyard/runtime';
import type { MasterKey } from './master-key.js';

/**
 * AES-256-GCM envelope encryption. Each sealed value gets its own random data key; the data key
 * is encrypted ("wrapped") with a master key, and the envelope records which one, so master keys
 * can be rotated by re-wrapping without a flag day.
 *
 * Layout (then base64url):
 *   version (1 byte) | key id length (1) | key id (ASCII)
 *   | wrap nonce (12) | wrapped data key (32) | wrap tag (16)
 *   | data nonce (12) | data tag (16) | ciphertext
 *
 * The header (version and key id) is authenticated by both GCM operations, and the data
 * encryption also authenticates a caller-given context (e.g. the connector id), so an envelope
 * copied into another row, or a header edited to name another key, fails to open.
 */
export const ENVELOPE_VERSION = 1;

const NONCE = 12;
const TAG = 16;
const DATA_KEY = 32;

export type EnvelopeFailure = 'malformed' | 'unsupported-version' | 'unknown-key' | 'tampered';

/** An envelope that cannot be opened. Loud on purpose: a tampered credential must never be used. */
export class EnvelopeError extends SwitchyardError {
  override readonly name: string = 'EnvelopeError';
  readonly reason: EnvelopeFailure;
  readonly keyId: string | undefined;
  constructor(reason: EnvelopeFailure, message: string, keyId?: string) {
    super(message);
    this.reason = reason;
    this.keyId = keyId;
  }
}

export function sealEnvelope(master: MasterKey, plaintext: Uint8Array, context: string): string {
  const header = envelopeHeader(master.id);
  const dataKey = randomBytes(DATA_KEY);
  try {
    const wrapNonce = randomBytes(NONCE);
    const wrap = createCipheriv('aes-256-gcm', master.key, wrapNonce);
    wrap.setAAD(header);
    const wrapped = Buffer.concat([wrap.update(dataKey), wrap.final()]);
    const dataNonce = randomBytes(NONCE);
    const data = createCipheriv('aes-256-gcm', dataKey, dataNonce);
    data.setAAD(dataAad(header, context));
    const ciphertext = Buffer.concat([data.update(plaintext), data.final()]);
    return Buffer.concat([header, wrapNonce, wrapped, wrap.getAuthTag(), dataNonce, data.getAuthTag(), ciphertext]).toString('base64url');
  } finally {
    dataKey.fill(0);
  }
}

/** The id of the master key an envelope was sealed with, read without decrypting anything. */
export function envelopeKeyId(envelope: string): string {
  return parseEnvelope(envelope).keyId;
}

export function openEnvelope(findKey: (keyId: string) => MasterKey | undefined, envelope: string, context: string): Buffer {
  const parts = parseEnvelope(envelope);
  const master = findKey(parts.keyId);
  if (master === undefined) {
    throw new EnvelopeError(
      'unknown-key',
      `the value was encrypted with master key "${parts.keyId}", which is not in the configured key ring`,
      parts.keyId,
    );
  }
  let dataKey: Buffer | undefined;
  try {
    const unwrap = createDecipheriv('aes-256-gcm', master.key, parts.wrapNonce);
    unwrap.setAAD(parts.header);
    unwrap.setAuthTag(parts.wrapTag);
    dataKey = Buffer.concat([unwrap.update(parts.wrappedKey), unwrap.final()]);
    const data = createDecipheriv('aes-256-gcm', dataKey, parts.dataNonce);
    data.setAAD(dataAad(parts.header, context));
    data.setAuthTag(parts.dataTag);
    return Buffer.concat([data.update(parts.ciphertext), data.final()]);
  } catch {
    // GCM says only "unable to authenticate"; which part was altered is not knowable, nor useful.
    throw new EnvelopeError(
      'tampered',
      `the encrypted value failed authentication (altered, truncated, or stored under another record) with master key "${parts.keyId}"`,
      parts.keyId,
    );
  } finally {
    dataKey?.fill(0);
  }
}

function envelopeHeader(keyId: string): Buffer {
  const id = Buffer.from(keyId, 'ascii');
  if (id.length === 0 || id.length > 255) throw new TypeError('a master key id must be 1-255 ASCII characters');
  return Buffer.concat([Buffer.from([ENVELOPE_VERSION, id.length]), id]);
}

function dataAad(header: Buffer, context: string): Buffer {
  return Buffer.concat([header, Buffer.from([0]), Buffer.from(context, 'utf8')]);
}

interface EnvelopeParts {
  readonly header: Buffer;
  readonly keyId: string;
  readonly wrapNonce: Buffer;
  readonly wrappedKey: Buffer;
  readonly wrapTag: Buffer;
  readonly dataNonce: Buffer;
  readonly dataTag: Buffer;
  readonly ciphertext: Buffer;
}

function parseEnvelope(envelope: string): EnvelopeParts {
  if (typeof envelope !== 'string' || !/^[A-Za-z0-9_-]+$/.test(envelope)) {
    throw new EnvelopeError('malformed', 'the encrypted value is not a base64url envelope');
  }
  const bytes = Buffer.from(envelope, 'base64url');
  if (bytes.length < 2) throw new EnvelopeError('malformed', 'the encrypted value is truncated');
  if (bytes[0] !== ENVELOPE_VERSION) {
    throw new EnvelopeError(
      'unsupported-version',
      `the envelope has format version ${bytes[0]}; this release reads version ${ENVELOPE_VERSION}`,
    );
  }
  const idLength = bytes[1]!;
  const headerLength = 2 + idLength;
  const fixed = NONCE + DATA_KEY + TAG + NONCE + TAG;
  if (idLength === 0 || bytes.length < headerLength + fixed) throw new EnvelopeError('malformed', 'the encrypted value is truncated');
  let offset = headerLength;
  const take = (length: number): Buffer => {
    const part = bytes.subarray(offset, offset + length);
    offset += length;
    return part;
  };
  return {
    header: bytes.subarray(0, headerLength),
    keyId: bytes.subarray(2, headerLength).toString('latin1'),
    wrapNonce: take(NONCE),
    wrappedKey: take(DATA_KEY),
    wrapTag: take(TAG),
    dataNonce: take(NONCE),
    dataTag: take(TAG),
    ciphertext: bytes.subarray(offset),
  };
}
