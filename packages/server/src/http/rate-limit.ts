/**
 * Request budgets. Tokens of one principal share one budget (an application, or one external user
 * of it), so a client cannot escape the limit by minting more tokens; calls without a token (the
 * public routes) are counted per client address. A request the auth hook refuses never reaches its
 * route's limiter, so the hook counts it here: refused authentications have a budget of their own
 * per client address, checked before any token is verified, so guessing tokens costs the guesser
 * and never the service's verification work, while an address's ordinary public calls (token
 * exchanges of a busy application server) never block its authenticated ones.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpLimits } from '../config.js';
import { ServiceError } from '../service-error.js';

export interface RequestBudget {
  /**
   * Rejects with `rate_limited` when the client address has spent its budget of refused
   * authentications; charges nothing. Undefined (nothing to wait for) when the address had no
   * refused authentication in the last window, which is every request of a well-behaved client.
   */
  refuseIfAuthFailuresSpent(request: FastifyRequest): Promise<void> | undefined;
  /**
   * Counts a request the auth hook refused: against its principal's budget when its token was
   * valid (a scoped token on an application endpoint), else against its address's
   * refused-authentication budget. Returns the 429 to answer instead when that spent the budget.
   */
  chargeRefused(request: FastifyRequest): Promise<ServiceError | undefined>;
}

/** Installs the limiter on every route (health checks opt out with `rateLimit: false`). */
export async function registerRateLimit(app: FastifyInstance, limits: HttpLimits): Promise<RequestBudget> {
  await app.register(rateLimit, {
    global: true,
    max: limits.rateLimitMax,
    timeWindow: limits.rateLimitWindowMs,
    keyGenerator: budgetKey,
    errorResponseBuilder: (request, context) =>
      rateLimited(request.principal ? 'this token' : 'this client address (calls without a token)', limits, context.ttl),
  });
  // Without options it shares the limiter's store and key generator: the principal's own budget.
  const principalLimiter = app.createRateLimit();
  // With options it gets a store of its own: refused authentications, per client address.
  const refusedLimiter = app.createRateLimit({ keyGenerator: (request) => `refused-auth:${request.ip}` });
  // When each address last had an authentication refused, oldest first. The limiter's window for
  // an address ends at most one window after its last refusal, so an address absent here, or whose
  // last refusal is a window old, has spent nothing: no need to ask the limiter (and await it).
  const lastRefused = new Map<string, number>();
  const window = limits.rateLimitWindowMs;
  return {
    refuseIfAuthFailuresSpent(request) {
      const at = lastRefused.get(request.ip);
      if (at === undefined || Date.now() - at >= window) return undefined;
      return refusedLimiter(request, { increment: false }).then((state) => {
        if (!state.isAllowed && state.remaining <= 0) {
          throw rateLimited('this client address (refused authentications: missing, malformed or invalid tokens)', limits, state.ttl);
        }
      });
    },
    async chargeRefused(request) {
      if (!request.principal) noteRefused(lastRefused, request.ip, window);
      const state = await (request.principal ? principalLimiter(request) : refusedLimiter(request));
      if (state.isAllowed || !state.isExceeded) return undefined;
      return rateLimited(request.principal ? 'this token' : 'this client address (refused authentications)', limits, state.ttl);
    },
  };
}

function noteRefused(lastRefused: Map<string, number>, address: string, window: number): void {
  const now = Date.now();
  lastRefused.delete(address);
  lastRefused.set(address, now);
  // Insertion order is refusal order: drop addresses whose last refusal is a window old.
  for (const [old, at] of lastRefused) {
    if (now - at < window) break;
    lastRefused.delete(old);
  }
}

function budgetKey(request: FastifyRequest): string {
  const principal = request.principal;
  if (principal?.kind === 'scoped') return `scoped:${principal.applicationId}:${principal.externalUserId ?? ''}`;
  if (principal?.kind === 'application') return `application:${principal.applicationId}`;
  return `address:${request.ip}`;
}

function rateLimited(whose: string, limits: HttpLimits, ttlMs: number): ServiceError {
  const retryIn = Math.max(1, Math.ceil(ttlMs / 1000));
  return new ServiceError(
    'rate_limited',
    `too many requests for ${whose}: at most ${limits.rateLimitMax} per ${windowText(limits.rateLimitWindowMs)}; retry in ${retryIn} s`,
    { retry_after_ms: Math.max(1, ttlMs) },
  );
}

function windowText(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minute(s)` : `${ms / 1000} second(s)`;
}
