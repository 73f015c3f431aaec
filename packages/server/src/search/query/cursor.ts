import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '@switchyard/runtime';

/** A `cursor` that this service did not issue, or issued for another query, connector or tenant. */
export class InvalidCursorError extends ValidationError {
  override readonly name: string = 'InvalidCursorError';
  constructor(reason: string) {
    super('search', [{ path: 'cursor', rule: 'cursor', message: reason }]);
  }
}

/** Where the next page starts: the sort key values and the id of the last hit. */
export interface CursorPosition {
  readonly keys: readonly (string | null)[];
  readonly id: string;
}

interface Payload {
  v: 1;
  /** Digest of what the cursor is bound to (tenant, connector, entity, query). */
  q: string;
  k: (string | null)[];
  i: string;
}

const MIN_SECRET_BYTES = 32;

/**
 * Opaque keyset cursors: base64url(JSON payload) + "." + HMAC-SHA256 of it with the server's
 * secret. The payload carries a digest of its binding, so a cursor replayed against another
 * query or tenant is rejected even though the client cannot read or forge either part.
 */
export class CursorCodec {
  readonly #secret: Buffer;
  constructor(secret: string | Uint8Array) {
    const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
    if (bytes.length < MIN_SECRET_BYTES) throw new TypeError(`the cursor secret must be at least ${MIN_SECRET_BYTES} bytes`);
    this.#secret = bytes;
  }

  encode(binding: string, position: CursorPosition): string {
    const payload: Payload = { v: 1, q: digest(binding), k: [...position.keys], i: position.id };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.#sign(body)}`;
  }

  /** Checks signature, binding and shape; throws InvalidCursorError otherwise. */
  decode(binding: string, token: unknown, keyCount: number): CursorPosition {
    if (typeof token !== 'string' || token.length === 0 || token.length > 16_384) {
      throw new InvalidCursorError('must be a next_cursor string from a previous response');
    }
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined || !this.#verify(body, signature)) {
      throw new InvalidCursorError('is not a cursor issued by this service (malformed or altered)');
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (payload.q !== digest(binding)) {
      throw new InvalidCursorError('was issued for another query, connector or tenant; repeat the query without a cursor');
    }
    if (payload.v !== 1 || typeof payload.i !== 'string' || !Array.isArray(payload.k) || payload.k.length !== keyCount) {
      throw new InvalidCursorError('is not a cursor issued by this service (unexpected shape)');
    }
    return { keys: payload.k, id: payload.i };
  }

  #sign(body: string): string {
    return createHmac('sha256', this.#secret).update(body).digest('base64url');
  }

  #verify(body: string, signature: string): boolean {
    const expected = Buffer.from(this.#sign(body));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

function digest(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url');
}
