/**
 * Who may call a route, declared on the route (`config: { auth }`) and enforced in one hook, so no
 * handler can forget it. The principal comes only from a verified bearer token, never from a body.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../service-error.js';
import type { Principal, Tenancy } from '../service-types.js';
import type { RequestBudget } from './rate-limit.js';

/**
 * - `none`: public (health, docs, connector types, the token exchange itself);
 * - `admin`: the operator's SWITCHYARD_ADMIN_TOKEN;
 * - `application`: an application token only (issuing scoped tokens);
 * - `principal`: an application or a scoped token (every connector endpoint);
 * - `scoped`: a scoped token only (the MCP endpoint, which serves one external user's connectors).
 */
export type AuthMode = 'none' | 'admin' | 'application' | 'principal' | 'scoped';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AuthHookOptions {
  readonly tenancy: Tenancy;
  readonly adminToken?: string | undefined;
  /** Where refused requests are counted; without it (tests of the hook alone) they are not. */
  readonly budget?: RequestBudget;
}

export function registerAuthHook(app: FastifyInstance, options: AuthHookOptions): void {
  app.decorateRequest('principal', null);
  const adminDigest = options.adminToken ? digest(options.adminToken) : null;
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth ?? 'none';
    if (mode === 'none') return;
    // Before any verification work: an address that has spent its budget of refused
    // authentications is turned away without its token being looked at.
    const spent = options.budget?.refuseIfAuthFailuresSpent(request);
    if (spent) await spent;
    try {
      request.principal = await authenticate(request, mode, options.tenancy, adminDigest);
    } catch (error) {
      // Refused here, the request never reaches the route's limiter: count it here.
      throw (await options.budget?.chargeRefused(request)) ?? error;
    }
  });
}

async function authenticate(
  request: FastifyRequest,
  mode: AuthMode,
  tenancy: Tenancy,
  adminDigest: Buffer | null,
): Promise<Principal | null> {
  const token = bearerToken(request);
  if (mode === 'admin') {
    // Compare digests of equal length in constant time, so response timing says nothing about the token.
    if (!adminDigest || !timingSafeEqual(digest(token), adminDigest)) {
      throw new ServiceError('unauthorized', 'the admin API needs Authorization: Bearer <SWITCHYARD_ADMIN_TOKEN>');
    }
    return null;
  }
  const principal = await tenancy.verify(token);
  if (mode === 'application' && principal.kind !== 'application') {
    request.principal = principal;
    throw new ServiceError('forbidden', 'this endpoint needs an application token, not a scoped token');
  }
  if (mode === 'scoped' && principal.kind !== 'scoped') {
    request.principal = principal;
    throw new ServiceError(
      'forbidden',
      'this endpoint needs a scoped token (POST /api/v1/embedded/scoped-token), which names the external user whose connectors it serves',
    );
  }
  return principal;
}

/** The principal of an authenticated route (the hook guarantees it is set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ServiceError('unauthorized', 'this endpoint needs a bearer token');
  return request.principal;
}

/** The raw bearer token of a request; a missing or malformed header is a 401. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new ServiceError('unauthorized', 'send Authorization: Bearer <token>');
  return match[1];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
