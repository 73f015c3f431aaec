/**
 * Request budgets. Tokens of one principal share one budget (an application, or one external user
 * of it), so a client cannot escape the limit by minting more tokens; calls without a verified
 * token are counted per client address. A request the auth hook refuses never reaches the route's
 * limiter, so the hook charges it here itself: otherwise guessing tokens would be free and unlimited.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpLimits } from '../config.js';
import { ServiceError } from '../service-error.js';

/** The budget of the principal a request carries, or of its client address when it carries none yet. */
export interface RequestBudget {
  /** Throws `rate_limited` when that budget is already spent; charges nothing. */
  refuseIfSpent(request: FastifyRequest): Promise<void>;
  /** Counts one request against that budget (a request refused before its route's limiter ran). */
  charge(request: FastifyRequest): Promise<void>;
}

/** Installs the limiter on every route (health checks opt out with `rateLimit: false`). */
export async function registerRateLimit(app: FastifyInstance, limits: HttpLimits): Promise<RequestBudget> {
  await app.register(rateLimit, {
    global: true,
    max: limits.rateLimitMax,
    timeWindow: limits.rateLimitWindowMs,
    keyGenerator: budgetKey,
    errorResponseBuilder: (request, context) => rateLimited(request, limits, context.ttl),
  });
  // Without options it shares the limiter's store and key generator: one budget, whoever charges it.
  const limiter = app.createRateLimit();
  return {
    async refuseIfSpent(request) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) throw rateLimited(request, limits, state.ttl);
    },
    async charge(request) {
      await limiter(request);
    },
  };
}

function budgetKey(request: FastifyRequest): string {
  const principal = request.principal;
  if (principal?.kind === 'scoped') return `scoped:${principal.applicationId}:${principal.externalUserId ?? ''}`;
  if (principal?.kind === 'application') return `application:${principal.applicationId}`;
  return `address:${request.ip}`;
}

function rateLimited(request: FastifyRequest, limits: HttpLimits, ttlMs: number): ServiceError {
  const whose = request.principal ? 'this token' : 'this client address (calls without a valid token, failed ones included)';
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
