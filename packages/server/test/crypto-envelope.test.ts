import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvelopeError, ENVELOPE_VERSION } from '../src/index.js';
import { KEY_ONE, KEY_TWO, ringOf } from './support/tenancy-fixture.js';

const ring = ringOf(`k1:${KEY_ONE}`);
const secret = 'xoxb-1234-very-secret-token';

/** Re-encodes an envelope after changing one byte, so the edit survives base64url's lenient decoding. */
function flipByte(envelope: string, index: number, mask = 0x01): string {
  const bytes = Buffer.from(envelope, 'base64url');
  bytes[index] = bytes[index]! ^ mask;
  return bytes.toString('base64url');
}

function failure(fn: () => unknown): EnvelopeError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvelopeError);
    return error as EnvelopeError;
  }
  throw new Error('expected the envelope to be refused');
}

describe('AES-256-GCM envelope', () => {
  it('round-trips, records the key id and version in clear, and never contains the plaintext', () => {
    const sealed = ring.seal(secret, 'conn_a');
    expect(ring.openText(sealed, 'conn_a')).toBe(secret);
    expect(ring.keyIdOf(sealed)).toBe('k1');
    const bytes = Buffer.from(sealed, 'base64url');
    expect(bytes[0]).toBe(ENVELOPE_VERSION);
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 12));
  });

  it('uses a fresh data key and nonce each time: sealing the same value twice gives different envelopes', () => {
    expect(ring.seal(secret, 'conn_a')).not.toBe(ring.seal(secret, 'conn_a'));
  });

  it('fails loudly when any byte of header, wrapped key, nonces, tags or ciphertext is altered', () => {
    const sealed = ring.seal(secret, 'conn_a');
    const length = Buffer.from(sealed, 'base64url').length;
    for (let index = 0; index < length; index++) {
      const error = failure(() => ring.open(flipByte(sealed, index), 'conn_a'));
      // byte 0 is the version, 1 the key id length, 2-3 the key id: those are reported as such
      if (index === 0) expect(error.reason).toBe('unsupported-version');
      else if (index === 1)
        expect(['malformed', 'unknown-key']).toContain(error.reason); // the id now reads shorter or longer
      else if (index <= 3) expect(error.reason).toBe('unknown-key');
      else expect(error.reason).toBe('tampered');
      expect(error.message).not.toContain(secret);
    }
  });

  it('is bound to its context: an envelope moved to another record does not open', () => {
    const sealed = ring.seal(secret, 'conn_a');
    expect(failure(() => ring.open(sealed, 'conn_b')).reason).toBe('tampered');
  });

  it('a header edited to name another key of the ring fails authentication instead of decrypting', () => {
    const both = ringOf(`k1:${KEY_ONE},k2:${KEY_TWO}`);
    const sealed = ringOf(`k1:${KEY_ONE}`).seal(secret, 'c');
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[3] = '2'.charCodeAt(0); // "k1" → "k2"
    expect(failure(() => both.open(bytes.toString('base64url'), 'c')).reason).toBe('tampered');
  });

  it('refuses a key id the ring does not hold, truncated envelopes and non-base64url text', () => {
    const other = ringOf(`k9:${KEY_TWO}`);
    const sealed = other.seal(secret, 'c');
    const unknown = failure(() => ring.open(sealed, 'c'));
    expect(unknown.reason).toBe('unknown-key');
    expect(unknown.message).toContain('"k9"');
    expect(failure(() => ring.open(sealed.slice(0, 40), 'c')).reason).toBe('malformed');
    expect(failure(() => ring.open('not an envelope!', 'c')).reason).toBe('malformed');
    expect(failure(() => ring.open('', 'c')).reason).toBe('malformed');
  });

  it('property: any bytes under any context round-trip', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.string({ maxLength: 64 }), (plaintext, context) => {
        const opened = ring.open(ring.seal(plaintext, context), context);
        expect(Buffer.compare(opened, Buffer.from(plaintext))).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('property: flipping any bit of any envelope makes it fail, never decrypt to something else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 256 }), fc.nat(), fc.integer({ min: 0, max: 7 }), (plaintext, position, bit) => {
        const sealed = ring.seal(plaintext, 'ctx');
        const index = position % Buffer.from(sealed, 'base64url').length;
        expect(() => ring.open(flipByte(sealed, index, 1 << bit), 'ctx')).toThrow(EnvelopeError);
      }),
      { numRuns: 200 },
    );
  });
});
