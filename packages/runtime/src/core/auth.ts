/**
 * Auth providers put credentials on a request and, where the credential kind allows, obtain new
 * ones after a 401. Static kinds (bearer, basic, raw header) build their header once; OAuth2 kinds
 * go through a TokenManager that caches the token until shortly before expiry and refreshes
 * single-flight, so a burst of concurrent 401s costs one token request.
 */
import { AbortError, AuthenticationError, ConfigurationError } from './errors.js';

export interface AuthProvider {
  /**
   * Adds credential headers; returns (or resolves to) a tag identifying the credentials used,
   * passed to refresh. Static credentials answer synchronously: no await on the hot path.
   */
  apply(headers: Record<string, string>, signal?: AbortSignal): unknown;
  /** After a 401 with credentials `tag`: get fresh ones. True when the request may be retried once. */
  refresh?(tag: unknown, signal?: AbortSignal): Promise<boolean>;
  /** Values that must never appear in logs or errors. */
  secrets(): string[];
}

/** A fixed header computed once (bearer token, Basic pair, raw API key). */
export class StaticHeaderAuth implements AuthProvider {
  private readonly secretList: string[];
  constructor(
    private readonly header: string,
    private readonly value: string,
    secretValues: string[],
  ) {
    this.secretList = [...secretValues, value];
  }
  apply(headers: Record<string, string>): unknown {
    headers[this.header] = this.value;
    return undefined;
  }
  secrets(): string[] {
    return this.secretList;
  }
}

export function basicHeaderValue(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string | undefined;
  /** Epoch milliseconds; undefined when the server did not say. */
  expiresAt?: number | undefined;
}

/** Performs one token-endpoint request and returns the parsed token response. */
export type TokenRequester = (params: Record<string, string>) => Promise<unknown>;

export interface TokenManagerOptions {
  grant: 'refresh_token' | 'client_credentials';
  request: TokenRequester;
  initial?: TokenSet | undefined;
  /**
   * The refresh token to start from when the credentials hold no access token yet (a stored
   * refresh token alone, as OAuth apps keep them): the first call then fetches an access token.
   */
  refreshToken?: string | undefined;
  /** Parameters of every token request besides grant_type (client id, secret, extra params). */
  params?: Record<string, string>;
  /** Renew this long before expiry (default: a tenth of the token's lifetime, at most 60 s). */
  refreshSkewMs?: number;
  /** Lifetime assumed when the token endpoint sends no `expires_in` (default: until a 401). */
  defaultLifetimeMs?: number;
  onTokenRefresh?: ((tokens: TokenSet) => void | Promise<void>) | undefined;
  now?: () => number;
}

export class TokenManager {
  private tokens: TokenSet | undefined;
  /** When the current token should be renewed (epoch ms); undefined: only after a 401. */
  private renewAt: number | undefined;
  private inflight: Promise<TokenSet> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: TokenManagerOptions) {
    this.tokens = options.initial;
    this.now = options.now ?? Date.now;
    if (options.initial?.expiresAt !== undefined) this.renewAt = options.initial.expiresAt - (options.refreshSkewMs ?? 60_000);
  }

  /** A token valid for a while longer, fetching or renewing it when needed. */
  async accessToken(signal?: AbortSignal): Promise<string> {
    const tokens = this.tokens;
    if (tokens && !this.expiresSoon()) return tokens.accessToken;
    // An expiring token with no way to renew is still worth trying: the server has the final word.
    if (tokens && !this.canRenew()) return tokens.accessToken;
    return (await this.renew(signal)).accessToken;
  }

  /** After a 401 on `usedToken`. Returns false when there is no way to get another token. */
  async refreshAfter(usedToken: string | undefined, signal?: AbortSignal): Promise<boolean> {
    if (this.tokens && usedToken !== undefined && this.tokens.accessToken !== usedToken) return true; // someone already renewed
    if (!this.canRenew()) return false;
    await this.renew(signal);
    return true;
  }

  current(): TokenSet | undefined {
    return this.tokens;
  }

  private canRenew(): boolean {
    return this.options.grant === 'client_credentials' || Boolean(this.tokens?.refreshToken ?? this.options.refreshToken);
  }

  private expiresSoon(): boolean {
    return this.renewAt !== undefined && this.now() >= this.renewAt;
  }

  /**
   * Single flight: concurrent callers share one token request. The request runs without any one
   * caller's signal (the token client has its own timeout), so a caller giving up stops waiting
   * without failing the others.
   */
  private renew(signal?: AbortSignal): Promise<TokenSet> {
    this.inflight ??= this.requestTokens().finally(() => {
      this.inflight = undefined;
    });
    return signal ? untilAborted(this.inflight, signal) : this.inflight;
  }

  private async requestTokens(): Promise<TokenSet> {
    const params: Record<string, string> = { grant_type: this.options.grant, ...this.options.params };
    if (this.options.grant === 'refresh_token') params['refresh_token'] = this.tokens?.refreshToken ?? this.options.refreshToken ?? '';
    const started = this.now();
    const body = (await this.options.request(params)) as Record<string, unknown> | null;
    const accessToken = body?.['access_token'];
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new AuthenticationError('The token endpoint answered without an access_token', {
        status: 200,
        headers: new Headers(),
        body: undefined,
      });
    }
    const tokenType = body?.['token_type'];
    if (typeof tokenType === 'string' && tokenType.toLowerCase() !== 'bearer') {
      throw new ConfigurationError(`The token endpoint issued a "${tokenType}" token; only Bearer tokens are supported`);
    }
    const expiresIn = Number(body?.['expires_in']);
    const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : this.options.defaultLifetimeMs;
    const refreshToken = body?.['refresh_token'];
    const tokens: TokenSet = {
      accessToken,
      // Rotating servers return a new refresh token; others keep the old one valid.
      refreshToken: typeof refreshToken === 'string' ? refreshToken : this.tokens?.refreshToken,
      expiresAt: lifetimeMs === undefined ? undefined : started + lifetimeMs,
    };
    // Short-lived tokens (3 minutes on some platforms) get a proportionate margin, per token.
    this.renewAt =
      lifetimeMs === undefined ? undefined : started + lifetimeMs - (this.options.refreshSkewMs ?? Math.min(60_000, lifetimeMs / 10));
    this.tokens = tokens;
    await this.options.onTokenRefresh?.(tokens);
    return tokens;
  }
}

/** Waits for `work`, or rejects with AbortError as soon as `signal` fires (the work goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new AbortError('Waiting for credentials was aborted by the caller'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError('Waiting for credentials was aborted by the caller'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Bearer auth whose token comes from a TokenManager. */
export class OAuth2Auth implements AuthProvider {
  constructor(
    private readonly manager: TokenManager,
    private readonly staticSecrets: string[],
  ) {}
  async apply(headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    const token = await this.manager.accessToken(signal);
    headers['authorization'] = `Bearer ${token}`;
    return token;
  }
  refresh(tag: unknown, signal?: AbortSignal): Promise<boolean> {
    return this.manager.refreshAfter(typeof tag === 'string' ? tag : undefined, signal);
  }
  secrets(): string[] {
    const current = this.manager.current();
    return [...this.staticSecrets, current?.accessToken ?? '', current?.refreshToken ?? ''];
  }
}
