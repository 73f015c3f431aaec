/**
 * Client-side rate spacing (the spec's `rateLimit.spacing` and `rateLimit.groups`): a connector
 * instance keeps under the vendor's documented rate itself instead of collecting 429s and sleeping
 * through their Retry-After. Each rule is a token bucket: `burst` calls may start at once, then one
 * every 1/requestsPerSecond seconds. One RateSpacing belongs to one connector instance, so every
 * call of that instance (execute, typed helpers, pagination, retries) draws from the same buckets;
 * two instances never slow each other down.
 *
 * A call takes its token before it is sent. Tokens may run negative: each later caller reserves
 * the next free slot and sleeps until then, so waiting calls go out in the order they asked.
 */
import { ConfigurationError, TimeoutError } from './errors.js';
import type { RateLimitRule, RateSpacingRule } from './metadata.js';
import { sleep } from './sleep.js';

/** Time source and timer; tests inject a fake one to check spacing without real waiting. */
export interface SpacingClock {
  /** Milliseconds on a monotonic scale. */
  now(): number;
  /** Resolves after `ms`, or rejects with AbortError when `signal` fires first. */
  sleep(ms: number, signal: AbortSignal | undefined, abortMessage: string): Promise<void>;
}

export const SYSTEM_CLOCK: SpacingClock = {
  now: () => performance.now(),
  sleep,
};

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private readonly perMs: number;

  constructor(
    readonly rule: RateSpacingRule,
    private readonly clock: SpacingClock,
  ) {
    this.tokens = rule.burst;
    this.updatedAt = clock.now();
    this.perMs = rule.requestsPerSecond / 1000;
  }

  /** Takes one token; returns how many milliseconds to wait until it may be used (0: now). */
  reserve(): number {
    this.refill();
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : -this.tokens / this.perMs;
  }

  /** Gives back a token whose call never went out (aborted or timed out while waiting). */
  release(): void {
    this.refill();
    this.tokens = Math.min(this.rule.burst, this.tokens + 1);
  }

  private refill(): void {
    const now = this.clock.now();
    // A clock that stepped back adds nothing rather than taking tokens away.
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.rule.burst, this.tokens + elapsed * this.perMs);
    this.updatedAt = now;
  }
}

export class RateSpacing {
  private readonly all: TokenBucket | undefined;
  private readonly groups = new Map<string, TokenBucket>();

  /** `owner` names the connector in configuration errors ("Crm connector"). */
  constructor(
    rule: RateLimitRule | undefined,
    owner: string,
    private readonly clock: SpacingClock = SYSTEM_CLOCK,
  ) {
    if (rule?.spacing) this.all = new TokenBucket(checked(rule.spacing, `${owner}: rateLimit.spacing`), clock);
    for (const [name, group] of Object.entries(rule?.groups ?? {})) {
      this.groups.set(name, new TokenBucket(checked(group, `${owner}: rateLimit.groups.${name}`), clock));
    }
  }

  /** Whether calls of an action in `group` are spaced at all (so unspaced connectors pay nothing). */
  applies(group: string | undefined): boolean {
    return this.all !== undefined || (group !== undefined && this.groups.has(group));
  }

  /**
   * Waits for the call's turn. A turn later than `timeoutMs` fails at once with TimeoutError (the
   * call could not finish in time anyway); the caller's signal ends the wait with AbortError. Either
   * way the reserved tokens are given back, so a call that never went out does not delay others.
   */
  async wait(group: string | undefined, operation: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
    const buckets = [this.all, group === undefined ? undefined : this.groups.get(group)].filter((b) => b !== undefined);
    if (buckets.length === 0) return;
    const delay = Math.max(...buckets.map((b) => b.reserve()));
    if (delay === 0) return;
    const giveBack = () => buckets.forEach((b) => b.release());
    if (delay > timeoutMs) {
      giveBack();
      throw new TimeoutError(
        `${operation}: its turn under the connector's rate spacing (${describe(buckets)}) comes in ${Math.ceil(delay)} ms, ` +
          `after the ${timeoutMs} ms timeout; send fewer calls at once or raise the timeout option`,
      );
    }
    try {
      await this.clock.sleep(delay, signal, `${operation} aborted by the caller while waiting for its turn under rate spacing`);
    } catch (error) {
      giveBack();
      throw error;
    }
  }
}

function describe(buckets: TokenBucket[]): string {
  return buckets.map((b) => `${b.rule.requestsPerSecond}/s, burst ${b.rule.burst}`).join('; ');
}

/** Generated metadata is checked by the generator; a hand-written one gets a clear error instead of a stuck bucket. */
function checked(rule: RateSpacingRule, where: string): RateSpacingRule {
  const rps = rule.requestsPerSecond;
  if (typeof rps !== 'number' || !Number.isFinite(rps) || rps <= 0) {
    throw new ConfigurationError(`${where}.requestsPerSecond must be a positive number (got ${String(rps)})`);
  }
  if (!Number.isInteger(rule.burst) || rule.burst < 1) {
    throw new ConfigurationError(`${where}.burst must be an integer of at least 1 (got ${String(rule.burst)})`);
  }
  return rule;
}
