/**
 * Quota answers (the spec's `rateLimit.quota`): some vendors answer a used-up daily or monthly
 * allowance with the same 429 as a per-second limit and tell the two apart only in the body
 * (HubSpot: `policyName: DAILY`). Retrying such an answer after a few seconds cannot succeed and
 * spends what little is left, so it becomes a QuotaExceededError at once and is never retried.
 */
import { QuotaExceededError, type ApiErrorInit } from './errors.js';
import type { QuotaRule, RateLimitReset } from './metadata.js';
import { serverRequestedDelay } from './retry-policy.js';
import { getPath } from '../internal/paths.js';

/** True when an error answer matches one of the quota rules. */
export function isQuotaAnswer(rules: readonly QuotaRule[] | undefined, status: number, body: unknown): boolean {
  return (rules ?? []).some((rule) => rule.status === status && getPath(body, rule.bodyPath) === rule.equals);
}

/**
 * The error for a quota answer. `resetAt` comes from Retry-After or the spec's reset header
 * (when the answer carries either); `describe` words the message given the hint to end it with.
 */
export function quotaExceededError(
  init: ApiErrorInit,
  reset: RateLimitReset | undefined,
  describe: (hint: string) => string,
  now: number = Date.now(),
): QuotaExceededError {
  const retryAfterMs = serverRequestedDelay(init.headers, reset, now);
  const resetAt = retryAfterMs === undefined ? undefined : new Date(now + retryAfterMs);
  const hint = `The vendor's quota is used up; not retried${resetAt ? ` (it renews at ${resetAt.toISOString()})` : ''}`;
  return new QuotaExceededError(describe(hint), { ...init, retryAfterMs, resetAt });
}
