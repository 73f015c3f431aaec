import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_PARAMS, hashSecret, verifySecret } from '../src/tenancy/secret-hash.js';

describe('client secret hashing (scrypt)', () => {
  it('stores parameters, a random salt and the hash, never the secret; verifies only the right secret', async () => {
    const secret = 'sy_secret_correct-horse-battery-staple';
    const stored = await hashSecret(secret);
    const [scheme, N, r, p, salt, hash] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([DEFAULT_SCRYPT_PARAMS.N, DEFAULT_SCRYPT_PARAMS.r, DEFAULT_SCRYPT_PARAMS.p]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(32);
    expect(stored).not.toContain(secret);
    expect(await verifySecret(secret, stored)).toBe(true);
    expect(await verifySecret(`${secret}x`, stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('salts every hash: the same secret hashed twice gives two different stored values, both valid', async () => {
    const params = { N: 1024, r: 8, p: 1 };
    const [a, b] = await Promise.all([hashSecret('same', params), hashSecret('same', params)]);
    expect(a).not.toBe(b);
    expect(await verifySecret('same', a)).toBe(true);
    expect(await verifySecret('same', b)).toBe(true);
  });

  it('a malformed or absurd stored hash never matches and never throws', async () => {
    const good = await hashSecret('s', { N: 1024, r: 8, p: 1 });
    const parts = good.split('$');
    for (const stored of [
      '',
      'plaintext-secret',
      ['bcrypt', ...parts.slice(1)].join('$'),
      [parts[0], String(1 << 30), ...parts.slice(2)].join('$'), // would ask for gigabytes
      [parts[0], '1000', ...parts.slice(2)].join('$'), // N not a power of two
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'), // hash of the wrong length
    ]) {
      expect(await verifySecret('s', stored)).toBe(false);
    }
  });
});
