/** The spec's rateLimit with its defaults resolved (a spacing rule's burst is 1 unless given). */
import type { RateLimitRule, RateSpacingRule } from '@switchyard/runtime';
import type { SpecData } from '../spec/spec-types.js';

type SpecRateLimit = NonNullable<SpecData['rateLimit']>;

export function resolveRateLimit(rule: SpecRateLimit): RateLimitRule {
  const spacing = (s: { requestsPerSecond: number; burst?: number }): RateSpacingRule => ({
    requestsPerSecond: s.requestsPerSecond,
    burst: s.burst ?? 1,
  });
  const { spacing: all, groups, ...rest } = rule;
  return {
    ...rest,
    ...(all ? { spacing: spacing(all) } : {}),
    ...(groups && Object.keys(groups).length
      ? {
          groups: Object.fromEntries(
            Object.entries(groups)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, g]) => [name, spacing(g)]),
          ),
        }
      : {}),
  };
}
