/**
 * The two ways to authenticate, built on the runtime's auth pieces so the token cache, its
 * single-flight refresh and the one-replay-after-401 rule exist exactly once in the codebase.
 *
 * - Client credentials: a TokenManager fetches an application token from the token URL, caches it
 *   and renews it before it expires. Public-API and config-API calls share that one cache.
 * - Bearer token: a fixed header. There is nothing to renew, so a 401 is an AuthenticationError.
 */
import {
  ApiError,
  AuthenticationError,
  OAuth2Auth,
  StaticHeaderAuth,
  TokenManager,
  ValidationError,
  type AuthProvider,
  type HttpClient,
  type ValidationIssue,
} from '@switchyard/runtime';

export type Credentials = { kind: 'client-credentials'; clientId: string; clientSecret: string } | { kind: 'bearer'; bearerToken: string };

/** Lifetimes have been documented from 3 to 60 minutes; when the server does not say, assume the shortest. */
const FALLBACK_LIFETIME_S = 180;
/** Renew this long before expiry at most, so a token never dies in the middle of a request. */
const MAX_SKEW_S = 60;

/** Picks exactly one credential mode out of the options, or lists every problem at once. */
export function readCredentials(options: Record<string, unknown>): Credentials {
  const issues: ValidationIssue[] = [];
  const present = (key: string) => options[key] !== undefined && options[key] !== null;
  const nonEmpty = (key: string) => {
    const value = options[key];
    if (typeof value !== 'string' || value.trim() === '')
      issues.push({ path: key, rule: 'nonEmpty', message: 'must be a non-empty string' });
  };
  const hasClient = present('clientId') || present('clientSecret');
  const hasBearer = present('bearerToken');
  if (hasClient && hasBearer) {
    issues.push({ path: 'bearerToken', rule: 'oneOf', message: 'pass either clientId + clientSecret or bearerToken, not both' });
  } else if (hasClient) {
    nonEmpty('clientId');
    nonEmpty('clientSecret');
  } else if (hasBearer) {
    nonEmpty('bearerToken');
  } else {
    issues.push({ path: 'clientId', rule: 'required', message: 'pass clientId + clientSecret (client credentials) or bearerToken' });
  }
  if (issues.length > 0) throw new ValidationError('CloudWorkspace credentials', issues);
  return hasBearer
    ? { kind: 'bearer', bearerToken: options['bearerToken'] as string }
    : { kind: 'client-credentials', clientId: options['clientId'] as string, clientSecret: options['clientSecret'] as string };
}

export function createAuthProvider(credentials: Credentials, http: HttpClient, tokenUrl: string, now?: () => number): AuthProvider {
  if (credentials.kind === 'bearer') {
    return new StaticHeaderAuth('authorization', `Bearer ${credentials.bearerToken}`, [credentials.bearerToken]);
  }
  const manager = new TokenManager({
    grant: 'client_credentials',
    params: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
    // The early-refresh margin (min(60 s, lifetime / 2), documented in the README) is folded into
    // the lifetime reported below (see normaliseLifetime), so the runtime adds none of its own.
    refreshSkewMs: 0,
    ...(now ? { now } : {}),
    request: async (params) => {
      try {
        const result = await http.send({
          operation: 'cloud token request',
          method: 'POST',
          url: tokenUrl,
          // JSON with grant_type is the body every validator of this endpoint accepts.
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(params),
          idempotent: true, // asking for another client-credentials token is harmless
          auth: null, // the token operation has no security; never send a bearer header to it
          responseType: 'json',
        });
        return normaliseLifetime(result.body);
      } catch (error) {
        throw rejectedCredentials(error, tokenUrl);
      }
    },
  });
  return new OAuth2Auth(manager, [credentials.clientSecret]);
}

/**
 * Rewrites `expires_in` to the moment we want to renew: lifetime minus min(60 s, lifetime / 2),
 * with a missing or non-positive lifetime read as 180 s. The runtime then renews at "expiry".
 */
function normaliseLifetime(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const raw = Number((body as Record<string, unknown>)['expires_in']);
  const lifetime = Number.isFinite(raw) && raw > 0 ? raw : FALLBACK_LIFETIME_S;
  const skew = Math.min(MAX_SKEW_S, lifetime / 2);
  return { ...body, expires_in: lifetime - skew };
}

/** 400/401/403 from the token endpoint all mean the credentials were refused. */
function rejectedCredentials(error: unknown, tokenUrl: string): unknown {
  if (!(error instanceof ApiError) || ![400, 401, 403].includes(error.status)) return error;
  return new AuthenticationError(
    `The token endpoint ${tokenUrl} refused the client credentials (HTTP ${error.status}). ` +
      'Check clientId and clientSecret, and that the application belongs to this organisation.',
    { status: error.status, headers: error.headers, body: error.body, requestId: error.requestId, code: error.code },
  );
}
