/**
 * The redirect rule, applied by hand because fetch's own following forwards custom headers (an
 * `x-api-key`) to any origin and re-sends bodies on 307/308.
 *
 * - Same origin: followed with every header; 307/308 keep the method and body, 301/302 turn a
 *   POST into a GET and 303 turns anything but HEAD into a GET (both without body), as browsers do.
 * - Another origin: only content-negotiation headers follow (no credentials, no custom header);
 *   a body is never re-sent, so a 307/308 of a request with a body is not followed.
 */
import { setOwn } from '../core/own-keys.js';

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers safe to show any origin: they describe what we accept, nothing about who we are. */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-language', 'accept-encoding', 'user-agent']);

export interface Hop {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

export type NextHop = { kind: 'none' } | { kind: 'follow'; hop: Hop } | { kind: 'refuse'; reason: string };

export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** What to do with a redirect answer to `current`, which started at `originUrl`. */
export function nextHop(originUrl: string, current: Hop, status: number, location: string | null): NextHop {
  if (!isRedirect(status) || !location) return { kind: 'none' };
  const target = new URL(location, current.url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { kind: 'refuse', reason: `to a ${target.protocol} URL` };
  const sameOrigin = target.origin === new URL(originUrl).origin;
  const keepsBody = status === 307 || status === 308;
  const toGet = (status === 303 && current.method !== 'HEAD') || ((status === 301 || status === 302) && current.method === 'POST');
  if (keepsBody && current.body !== null && !sameOrigin) {
    return {
      kind: 'refuse',
      reason: `with HTTP ${status} to another origin (${target.origin}); the request body is never re-sent to another origin`,
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(current.headers)) {
    const lower = name.toLowerCase();
    if (!sameOrigin && !CROSS_ORIGIN_SAFE.has(lower)) continue;
    if (toGet && (lower === 'content-type' || lower === 'content-length')) continue;
    setOwn(headers, name, value);
  }
  return {
    kind: 'follow',
    hop: {
      url: target.toString(),
      method: toGet ? 'GET' : current.method,
      headers,
      body: toGet ? null : current.body,
    },
  };
}
