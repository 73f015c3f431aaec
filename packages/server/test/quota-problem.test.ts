/**
 * A QuotaExceededError raised by a connector inside the service becomes a `connector_error`
 * problem that keeps its class and when the quota renews, so the SDK can rebuild it
 * (packages/runtime/test/hosted-quota.test.ts covers that side).
 */
import { describe, expect, it } from 'vitest';
import { QuotaExceededError, RateLimitError } from '@switchyard/runtime';
import { problemFromError, problemHeaders } from '../src/execution/problem-from-error.js';

const init = { status: 429, headers: new Headers(), body: { policyName: 'DAILY' }, requestId: 'c0ffee00-1111' };

describe('quota problems', () => {
  it('answer 429 with error_class QuotaExceededError, reset_at and Retry-After', () => {
    const error = new QuotaExceededError('crm contacts.get failed with HTTP 429', {
      ...init,
      retryAfterMs: 7_200_000,
      resetAt: new Date('2026-05-01T00:00:00.000Z'),
    });
    const p = problemFromError(error)!;
    expect(p).toMatchObject({
      status: 429,
      code: 'connector_error',
      error_class: 'QuotaExceededError',
      vendor_status: 429,
      request_id: 'c0ffee00-1111',
      retry_after_ms: 7_200_000,
      reset_at: '2026-05-01T00:00:00.000Z',
    });
    expect(problemHeaders(p)).toEqual({ 'retry-after': '7200' });
  });

  it('omit reset_at when the vendor did not say when the quota renews', () => {
    const p = problemFromError(new QuotaExceededError('crm contacts.get failed with HTTP 429', init))!;
    expect(p.error_class).toBe('QuotaExceededError');
    expect(p).not.toHaveProperty('reset_at');
    expect(problemFromError(new RateLimitError('x', { ...init, retryAfterMs: 1000 }))).not.toHaveProperty('reset_at');
  });
});
