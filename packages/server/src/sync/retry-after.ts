/**
 * When a failed sync run tries again. The runners back off exponentially; a vendor that said when
 * to come back (a 429's `Retry-After`, carried by the runtime's RateLimitError as `retryAfterMs`)
 * is not called before then: the runtime waits out up to 60 s itself and then gives the wait to
 * the run, whose retry waits the rest. A wait longer than MAX_SYNC_RETRY_AFTER_MS (a vendor
 * answering `Retry-After: 1000000000`) is not scheduled at all: the run stays failed, with the
 * vendor's words in its status, until its next schedule or a trigger.
 */

/** The longest wait a retry is scheduled for. */
export const MAX_SYNC_RETRY_AFTER_MS = 60 * 60_000;

/** How long before the retry of a run that failed with `error`; undefined when none is scheduled. */
export function syncRetryDelayMs(error: unknown, backoffMs: number): number | undefined {
  const asked = vendorRetryAfterMs(error);
  if (asked === undefined) return backoffMs;
  if (asked > MAX_SYNC_RETRY_AFTER_MS) return undefined;
  return Math.max(backoffMs, asked);
}

/**
 * The vendor's wait, read by shape: a connector package imported from outside the service may
 * carry its own copy of the runtime, whose error classes are not this one's.
 */
export function vendorRetryAfterMs(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const wait = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? wait : undefined;
}
