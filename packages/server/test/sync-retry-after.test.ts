/**
 * When a failed sync run tries again (src/sync/retry-after.ts): at the runners' backoff, or later
 * when the vendor said so, never before; not at all when the vendor's wait is beyond any retry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '@switchyard/runtime';
import { MAX_SYNC_RETRY_AFTER_MS, syncRetryDelayMs, vendorRetryAfterMs } from '../src/sync/retry-after.js';

const throttled = (retryAfterMs: number | undefined) =>
  new RateLimitError('slow down', { status: 429, headers: new Headers(), body: null, retryAfterMs });

describe('syncRetryDelayMs', () => {
  it('is the later of the backoff and the vendor’s wait, and nothing past the longest wait', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 * MAX_SYNC_RETRY_AFTER_MS }), fc.nat({ max: 600_000 }), (wait, backoff) => {
        const delay = syncRetryDelayMs(throttled(wait), backoff);
        if (wait > MAX_SYNC_RETRY_AFTER_MS) expect(delay).toBeUndefined();
        else expect(delay).toBe(Math.max(wait, backoff));
      }),
    );
  });

  it('is the backoff for a failure that names no wait', () => {
    for (const error of [new Error('boom'), throttled(undefined), null, 'text', { retryAfterMs: Number.NaN }, { retryAfterMs: -5 }]) {
      expect(syncRetryDelayMs(error, 30_000)).toBe(30_000);
    }
  });

  it('reads the wait by shape, so a plug-in’s own copy of the runtime counts too', () => {
    expect(vendorRetryAfterMs({ name: 'RateLimitError', retryAfterMs: 300_000 })).toBe(300_000);
    expect(vendorRetryAfterMs(throttled(1000))).toBe(1000);
  });
});
