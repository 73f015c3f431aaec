/**
 * Credentials for the execution service: a platform application's client id and secret buy an
 * application token (POST /api/v1/account/applications/token), and the application token buys a
 * token scoped to one external user (POST /api/v1/embedded/scoped-token), which every connector
 * call carries. Both tokens are short-lived; each sits in a TokenManager, so it is cached, renewed
 * shortly before it expires, and renewed single-flight: many concurrent calls cost one request.
 */
import { ApiError, AuthenticationError } from './errors.js';
import { OAuth2Auth, TokenManager, type AuthProvider } from './auth.js';
import type { HttpClient } from './http-client.js';

export interface HostedCredentials {
  /** The service's origin, without a trailing slash. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  externalUserId: string;
  now?: (() => number) | undefined;
}

export const APPLICATION_TOKEN_PATH = '/api/v1/account/applications/token';
export const SCOPED_TOKEN_PATH = '/api/v1/embedded/scoped-token';

/**
 * The application token alone, renewed as needed: what the application's own calls carry (listing,
 * creating and deleting connectors of any of its external users), and what buys scoped tokens.
 */
export function applicationAuth(http: HttpClient, credentials: Omit<HostedCredentials, 'externalUserId'>): OAuth2Auth {
  const applicationToken = new TokenManager({
    // "client_credentials" tells the manager it may always ask again; the grant name is not sent.
    grant: 'client_credentials',
    ...(credentials.now ? { now: credentials.now } : {}),
    request: async () =>
      tokenRequest(http, credentials.baseUrl + APPLICATION_TOKEN_PATH, 'application token', null, {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),
  });
  return new OAuth2Auth(applicationToken, [credentials.clientSecret]);
}

/** The AuthProvider of every hosted connector call: the scoped token, renewed as needed. */
export function hostedAuth(http: HttpClient, credentials: HostedCredentials): AuthProvider {
  const now = credentials.now ? { now: credentials.now } : {};
  // The scoped-token request carries the application token; a 401 there (the application token
  // expired early or was revoked) renews it once and asks again, like any other call.
  const application = applicationAuth(http, credentials);
  const scopedToken = new TokenManager({
    grant: 'client_credentials',
    ...now,
    request: async () =>
      tokenRequest(http, credentials.baseUrl + SCOPED_TOKEN_PATH, 'scoped token', application, {
        external_user_id: credentials.externalUserId,
      }),
  });
  return new ScopedAuth(new OAuth2Auth(scopedToken, [credentials.clientSecret]), application);
}

/** The scoped token on requests; both tokens (and the client secret) listed as secrets. */
class ScopedAuth implements AuthProvider {
  constructor(
    private readonly scoped: OAuth2Auth,
    private readonly application: OAuth2Auth,
  ) {}
  apply(headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    return this.scoped.apply(headers, signal);
  }
  refresh(tag: unknown, signal?: AbortSignal): Promise<boolean> {
    return this.scoped.refresh(tag, signal);
  }
  secrets(): string[] {
    return [...this.scoped.secrets(), ...this.application.secrets()].filter((s) => s !== '');
  }
}

async function tokenRequest(
  http: HttpClient,
  url: string,
  what: string,
  auth: AuthProvider | null,
  body: Record<string, string>,
): Promise<unknown> {
  try {
    const result = await http.send({
      operation: `hosted ${what} request`,
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      idempotent: true, // asking for another token is harmless
      auth,
      responseType: 'json',
    });
    return result.body;
  } catch (error) {
    // 400/401/403 from a token endpoint mean the credentials themselves were refused: say so in the type.
    if (error instanceof ApiError && !(error instanceof AuthenticationError) && [400, 401, 403].includes(error.status)) {
      throw new AuthenticationError(
        `${error.message}. The execution service refused the ${what} request; check clientId, clientSecret and externalUserId`,
        {
          status: error.status,
          headers: error.headers,
          body: error.body,
          requestId: error.requestId,
          code: error.code,
        },
      );
    }
    throw error;
  }
}
