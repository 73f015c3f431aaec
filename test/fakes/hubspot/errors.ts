/**
 * HubSpot's error body: {status: "error", message, correlationId, category, [subCategory], [errors],
 * [context], [links]}. Correlation ids are deterministic (seeded) UUIDs so runs compare equal.
 */
import type { Reply } from '../harness.js';
import { createRandom } from '../shared/random.js';

const ids = createRandom('hubspot:correlation');

export function correlationId(): string {
  return ids.uuid();
}

export function hubspotError(status: number, category: string, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { status: 'error', message, correlationId: correlationId(), category, ...extra } };
}

export const validationError = (message: string, errors: { message: string; in?: string; code?: string }[] = []) =>
  hubspotError(400, 'VALIDATION_ERROR', message, errors.length ? { errors } : {});

export const notFound = (id: string) =>
  hubspotError(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', { context: { id: [id] } });

/** What the fake sends when a test injects a status without a body (failNext). */
export function failureBody(status: number): unknown {
  const body = (category: string, message: string, extra: Record<string, unknown> = {}) => ({
    status: 'error',
    message,
    correlationId: correlationId(),
    category,
    ...extra,
  });
  if (status === 429) {
    return body('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', {
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
      groupName: 'publicapi:private-app:ten-secondly',
    });
  }
  if (status === 401) return body('INVALID_AUTHENTICATION', 'Authentication credentials not found.');
  if (status === 403) return body('MISSING_SCOPES', 'This app hasn’t been granted all required scopes to make this call.');
  if (status === 404) return body('OBJECT_NOT_FOUND', 'Object not found.');
  if (status >= 500) return body('INTERNAL_ERROR', 'An internal error occurred.');
  return body('VALIDATION_ERROR', 'Invalid input.');
}

/** The daily-allowance answer: never worth retrying the same day. */
export function dailyLimitReply(): Reply {
  return {
    status: 429,
    body: {
      status: 'error',
      message: 'You have reached your daily limit.',
      errorType: 'RATE_LIMIT',
      correlationId: correlationId(),
      policyName: 'DAILY',
      groupName: 'publicapi:private-app:daily',
      category: 'RATE_LIMITS',
    },
  };
}
