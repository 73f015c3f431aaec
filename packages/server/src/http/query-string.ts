/**
 * Query strings, decoded strictly. Fastify's default parser leaves an escape it cannot decode as
 * it is: `?external_user_id=eve%ED%A0%80` (the UTF-8 bytes of a lone surrogate, which are not
 * UTF-8) would ask for the literal text `eve%ED%A0%80`, another valid id. Here such a parameter
 * is remembered as malformed instead, and `rejectMalformedQuery` (a preValidation hook) refuses
 * the request with the 422 every other ill-formed identifier gets.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../service-error.js';

const MALFORMED = Symbol('malformed query parameters');

type Query = Record<string, string | string[]> & { [MALFORMED]?: string[] };

/** `a=1&b=x+y&a=2` → `{a: ['1', '2'], b: 'x y'}` (a null-prototype object, like Fastify's own). */
export function parseQueryString(text: string): Query {
  const query = Object.create(null) as Query;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const rawKey = at === -1 ? pair : pair.slice(0, at);
    const key = decode(rawKey);
    const value = decode(at === -1 ? '' : pair.slice(at + 1));
    if (key === null || value === null) {
      (query[MALFORMED] ??= []).push(key ?? rawKey);
      continue;
    }
    const previous = query[key];
    query[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return query;
}

/** Percent-decoding of a form-encoded component; null when the bytes are not UTF-8. */
function decode(component: string): string | null {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * preValidation: a parameter that was not percent-encoded UTF-8 is a 422 naming it. A callback
 * hook (it runs on every request, and an async one costs a promise each time).
 */
export function rejectMalformedQuery(request: FastifyRequest, _reply: FastifyReply, done: (error?: ServiceError) => void): void {
  const malformed = (request.query as Query | undefined)?.[MALFORMED];
  if (!malformed?.length) return done();
  const errors = malformed.map((name) => ({
    path: `querystring.${name}`,
    rule: 'well-formed-unicode',
    message: 'is not percent-encoded UTF-8 (a lone surrogate, or bytes that are not UTF-8)',
  }));
  done(new ServiceError('validation_failed', `${errors.map((e) => e.path).join(', ')}: ${errors[0]!.message}`, { errors }));
}
