import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Client secrets at rest: scrypt with a random salt, parameters stored with the hash so they can
 * be raised later without invalidating existing secrets. Stored form:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** scrypt's own recommended interactive cost; about 16 MiB and tens of milliseconds per check. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };

const HASH_BYTES = 32;
const SALT_BYTES = 16;

function derive(secret: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, HASH_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashSecret(secret: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(secret, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches (and never throws at the caller). */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (parsed === null) return false;
  const candidate = await derive(secret, parsed.salt, parsed.params);
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

function parseStored(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from asking scrypt for gigabytes of memory.
  if (!isPowerOfTwo(N) || N! > 1 << 20 || !inRange(r, 1, 32) || !inRange(p, 1, 16)) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || hash.length !== HASH_BYTES) return null;
  return { params: { N: N!, r: r!, p: p! }, salt, hash };
}

function isPowerOfTwo(n: number | undefined): boolean {
  return n !== undefined && Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
}

function inRange(n: number | undefined, min: number, max: number): boolean {
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max;
}
