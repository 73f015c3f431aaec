/** Intercom's error envelope: `{"type": "error.list", "request_id", "errors": [{code, message, field?}]}`. */
import type { Random } from '../shared/random.js';
import type { Reply } from '../harness.js';

export function errorList(requestId: string, code: string, message: string, field?: string): Record<string, unknown> {
  return { type: 'error.list', request_id: requestId, errors: [{ code, message, ...(field ? { field } : {}) }] };
}

/** A request id shaped like Intercom's (`000ovqv5ci2hp0ehc5r0`), from the fake's seeded stream. */
export function requestIdFrom(rng: Random): string {
  return `000${rng.chars('0123456789abcdefghijklmnopqrstuv', 17)}`;
}

export function errorReply(status: number, requestId: string, code: string, message: string, field?: string): Reply {
  return { status, headers: { 'x-request-id': requestId }, body: errorList(requestId, code, message, field) };
}

/** The body Intercom sends with a status a test injects without one. */
export function defaultErrorBody(status: number, requestId: string): Record<string, unknown> {
  if (status === 401) return errorList(requestId, 'unauthorized', 'Access Token Invalid');
  if (status === 403) return errorList(requestId, 'forbidden', 'Access to this resource is forbidden');
  if (status === 404) return errorList(requestId, 'not_found', 'Resource Not Found');
  if (status === 429) return errorList(requestId, 'rate_limit_exceeded', 'You have exceeded the rate limit. Please try again later.');
  if (status >= 500) return errorList(requestId, 'server_error', 'Server Error');
  return errorList(requestId, 'parameter_invalid', 'Request failed');
}
