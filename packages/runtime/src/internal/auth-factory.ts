/** Builds the AuthProvider for the credential kind a caller's `auth` object matches. */
import { OAuth2Auth, StaticHeaderAuth, TokenManager, basicHeaderValue, type AuthProvider, type TokenSet } from '../core/auth.js';
import { describeCredentialKinds } from '../core/credential-kinds.js';
import { mapFailure } from '../core/error-mapping.js';
import { ApiError, AuthenticationError, ConfigurationError } from '../core/errors.js';
import { HttpClient, type TransportOptions } from '../core/http-client.js';
import type { AuthKind } from '../core/metadata.js';
import { Redactor } from '../core/redact.js';
import { headerIssues } from './header-rules.js';
import { fillTemplate } from '../core/template.js';
import { resolveTokenUrl } from './token-url.js';
import { tokenRequestParts } from './token-request.js';

/** Picks the one credential kind whose required fields are all present and which knows every field given. */
export function matchAuthKind(connector: string, kinds: readonly AuthKind[], auth: unknown): AuthKind {
  if (!auth || typeof auth !== 'object' || Array.isArray(auth)) {
    throw new ConfigurationError(
      `${connector}: \`auth\` must be an object with the credential fields of one kind: ${describeCredentialKinds(kinds)}`,
    );
  }
  const given = Object.keys(auth).filter((k) => (auth as Record<string, unknown>)[k] !== undefined);
  const matches = kinds.filter((kind) => {
    const fields = Object.entries(kind.fields);
    const requiredPresent = fields.every(([name, f]) => !f.required || given.includes(name));
    return requiredPresent && given.every((name) => name in kind.fields);
  });
  if (matches.length === 1) {
    for (const name of given) {
      const value = (auth as Record<string, unknown>)[name];
      if (typeof value !== 'string' || value === '') {
        throw new ConfigurationError(`${connector}: auth.${name} must be a non-empty string`);
      }
    }
    return matches[0]!;
  }
  const why =
    matches.length === 0
      ? `the fields given (${given.join(', ') || 'none'}) match no credential kind`
      : `the fields given match several credential kinds`;
  throw new ConfigurationError(`${connector}: ${why}. Pass one of: ${describeCredentialKinds(kinds)}`);
}

export interface AuthFactoryOptions extends TransportOptions {
  connector: string;
  /** The connector's resolved base URL: a relative tokenUrl is resolved against it (see token-url.ts). */
  baseUrl?: string | undefined;
  onTokenRefresh?: ((tokens: TokenSet) => void | Promise<void>) | undefined;
}

export function createAuthProvider(kind: AuthKind, auth: Record<string, string>, options: AuthFactoryOptions): AuthProvider {
  const provider = buildProvider(kind, auth, options);
  checkStaticHeader(options.connector, provider, auth);
  return provider;
}

/**
 * A credential that cannot be a header value (a pasted token with a trailing newline) fails here,
 * at construction, naming the field but not the value, instead of as a network error per call.
 */
function checkStaticHeader(connector: string, provider: AuthProvider, auth: Record<string, string>): void {
  if (!(provider instanceof StaticHeaderAuth)) return;
  const headers: Record<string, string> = {};
  provider.apply(headers);
  if (headerIssues(headers, 'auth').length === 0) return;
  const culprits = Object.keys(auth).filter((name) => headerIssues({ [name]: auth[name]! }, 'auth').length > 0);
  const fields = (culprits.length > 0 ? culprits : Object.keys(auth)).map((name) => `auth.${name}`);
  throw new ConfigurationError(
    `${connector}: ${fields.join(', ')} cannot be sent in an HTTP header: it contains a CR, LF or other control character, ` +
      'or a character outside Latin-1 (check for a trailing newline)',
  );
}

function buildProvider(kind: AuthKind, auth: Record<string, string>, options: AuthFactoryOptions): AuthProvider {
  const secretValues = Object.entries(kind.fields)
    .filter(([name, field]) => field.secret && auth[name])
    .map(([name]) => auth[name]!);
  const fill = (template: string) => fillTemplate(template, auth);
  switch (kind.kind) {
    case 'bearer':
      return new StaticHeaderAuth('authorization', `Bearer ${fill(kind.token)}`, secretValues);
    case 'basic': {
      const value = basicHeaderValue(fill(kind.username), fill(kind.password));
      // The bare base64 of "user:pass" is as good as the password; vendors echo it without "Basic ".
      return new StaticHeaderAuth('authorization', value, [...secretValues, value.slice('Basic '.length)]);
    }
    case 'header':
      return new StaticHeaderAuth(kind.header.toLowerCase(), fill(kind.value), secretValues);
    case 'oauth2': {
      const redactor = new Redactor();
      redactor.add(...secretValues);
      const tokenUrl = resolveTokenUrl(kind.tokenUrl, options.baseUrl);
      const tokenClient = new HttpClient({ ...options, redactor, describeError: describeOAuthError });
      const clientId = kind.clientId ? fill(kind.clientId) : undefined;
      const clientSecret = kind.clientSecret ? fill(kind.clientSecret) : undefined;
      const params: Record<string, string> = {};
      for (const [name, template] of Object.entries(kind.extraParams ?? {})) {
        // A template over an optional credential field the caller left out is not sent at all.
        const value = fill(template);
        if (value !== '') params[name] = value;
      }
      const headers: Record<string, string> = { accept: 'application/json' };
      if (kind.clientAuth === 'basic' && clientId !== undefined) headers['authorization'] = basicHeaderValue(clientId, clientSecret ?? '');
      else {
        if (clientId !== undefined) params['client_id'] = clientId;
        if (clientSecret !== undefined) params['client_secret'] = clientSecret;
      }
      const manager = new TokenManager({
        grant: kind.grant,
        params,
        initial: kind.accessToken
          ? { accessToken: fill(kind.accessToken), refreshToken: kind.refreshToken ? fill(kind.refreshToken) || undefined : undefined }
          : undefined,
        // Refresh-token-only credentials (no access token field): the first call fetches one.
        refreshToken: !kind.accessToken && kind.refreshToken ? fill(kind.refreshToken) || undefined : undefined,
        onTokenRefresh: options.onTokenRefresh,
        request: async (body) => {
          const parts = tokenRequestParts(kind.bodyFormat, tokenUrl, body);
          // A rotated refresh token is not among the credentials given at construction; in a query
          // string it is part of the URL that errors and log lines may show.
          if (body['refresh_token']) redactor.add(body['refresh_token']);
          const result = await tokenClient
            .send({
              operation: `${options.connector} token request`,
              method: 'POST',
              url: parts.url,
              headers: parts.contentType ? { ...headers, 'content-type': parts.contentType } : headers,
              ...(parts.body !== undefined ? { body: parts.body } : {}),
              // A rotating refresh token must not be spent twice; client credentials can be asked again.
              idempotent: kind.grant === 'client_credentials',
              auth: null,
              responseType: 'json',
            })
            .catch((error: unknown) => {
              // invalid_grant / invalid_client: the credentials themselves are refused; say so in the type.
              if (error instanceof ApiError && (error.status === 400 || error.status === 401) && !(error instanceof AuthenticationError)) {
                throw mapFailure(
                  { kind: 'credentials-refused', error },
                  { operation: `${options.connector} token request`, method: 'POST', url: tokenUrl },
                );
              }
              throw error;
            });
          return result.body;
        },
      });
      return new OAuth2Auth(manager, secretValues);
    }
  }
}

function describeOAuthError(_status: number, body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  const code = typeof b['error'] === 'string' ? b['error'] : undefined;
  const message = typeof b['error_description'] === 'string' ? b['error_description'] : code;
  return { message, code };
}
