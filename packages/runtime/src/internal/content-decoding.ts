/** Content codings the built-in wire asks for (`accept-encoding`) and decodes, as fetch does. */
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** A decoder for the response's Content-Encoding (trimmed, lower case), or undefined for identity or one we do not know. */
export function contentDecoder(encoding: string | undefined): Transform | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
