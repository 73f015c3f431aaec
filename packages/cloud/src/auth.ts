/**
 * The two ways to authenticate, assembled from the runtime's auth pieces so the token cache, its
 * single-flight refresh and the one-replay-after-401 rule exist exactly once in the codebase.
 *
 * - Client credentials: a TokenManager fetches an application token from the token URL, caches it
 *   and renews it before it expires. Public-API and config-API calls share that one cache.
 * - Bearer token: a fixed header. There is nothing to renew, so a 401 is an AuthenticationError.
 *
 * Every credential is listed by the provider's `secrets()`; the workspace registers them with the
 * transport's redactor, and the transport adds each token as soon as it is fetched.
 */
import { ApiError, AuthenticationError, ValidationError, type ValidationIssue } from '@switchyard/runtime';
import { StaticHeaderAuth, type AuthProvider } from '@switchyard/runtime';
import { OAuth2Auth, TokenManager, basicHeaderValue, type HttpClient } from '@switchyard/runtime/internal';

export type Credentials = { kind: 'client-credentials'; clientId: string; clientSecret: string } | { kind: 'bearer'; bearerToken: string };

/** Lifetimes have been documented from 3 to 60 minutes; when the server does not say, assume the shortest. */
const ASSUMED_LIFETIME_MS = 180_000;
/** Renew this long before expiry at most, so a token never dies in the middle of a request. */
const MAX_MARGIN_MS = 60_000;

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

export interface CloudAuthContext {
  /** The workspace's transport; the token request goes through it too (same retries, same redactor). */
  http: HttpClient;
  tokenUrl: string;
  now?: (() => number) | undefined;
}

/** The AuthProvider for the chosen mode. */
export function cloudAuth(credentials: Credentials, context: CloudAuthContext): AuthProvider {
  if (credentials.kind === 'bearer') {
    return new StaticHeaderAuth('authorization', `Bearer ${credentials.bearerToken}`, [credentials.bearerToken]);
  }
  const { http, tokenUrl } = context;
  const manager = new TokenManager({
    grant: 'client_credentials',
    params: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
    // The runtime renews a token a tenth of its lifetime before expiry; the platform's tokens can
    // live 3 minutes, so renew at min(60 s, lifetime / 2) instead: the runtime is told the renewal
    // moment as the lifetime, and adds no margin of its own.
    refreshSkewMs: 0,
    defaultLifetimeMs: usableForMs(ASSUMED_LIFETIME_MS),
    ...(context.now ? { now: context.now } : {}),
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
        return withRenewalLifetime(result.body);
      } catch (error) {
        throw refusedCredentials(error, tokenUrl);
      }
    },
  });
  // The base64 of `id:secret` (a Basic header's value) is as good as the secret itself.
  const basicPair = basicHeaderValue(credentials.clientId, credentials.clientSecret).slice('Basic '.length);
  return new OAuth2Auth(manager, [credentials.clientSecret, basicPair]);
}

/** How long a token that lives `lifetimeMs` is used: until min(60 s, lifetime / 2) of it is left. */
function usableForMs(lifetimeMs: number): number {
  return lifetimeMs - Math.min(MAX_MARGIN_MS, lifetimeMs / 2);
}

/** Replaces a usable `expires_in` by the renewal moment; anything else is left for `defaultLifetimeMs`. */
function withRenewalLifetime(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const seconds = Number((body as Record<string, unknown>)['expires_in']);
  if (!Number.isFinite(seconds) || seconds <= 0) return body;
  return { ...body, expires_in: usableForMs(seconds * 1000) / 1000 };
}

/**
 * 400/401/403 from the token endpoint all mean the credentials were refused; say so in the type.
 * This runs inside the request that needed the token, so the error leaves through that
 * transport's one redaction point like the runtime's own.
 */
function refusedCredentials(error: unknown, tokenUrl: string): unknown {
  if (!(error instanceof ApiError) || ![400, 401, 403].includes(error.status)) return error;
  return new AuthenticationError(
    `The token endpoint ${tokenUrl} refused the client credentials (HTTP ${error.status}). ` +
      'Check clientId and clientSecret, and that the application belongs to this organisation.',
    { status: error.status, headers: error.headers, body: error.body, requestId: error.requestId, code: error.code },
  );
}
