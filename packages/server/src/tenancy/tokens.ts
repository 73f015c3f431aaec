import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from 'jose';
import type { KeyRing } from '../crypto/key-ring.js';
import { ServiceError } from '../service-error.js';
import type { Principal, TokenResponse } from '../service-types.js';
import { EXTERNAL_USER_ID_MAX, identifierTextIssue, textIssue } from './input-rules.js';
import { RecentValues } from './recent-reads.js';

/** Both token kinds live 15 minutes; clients renew before expiry (the SDK does it single-flight). */
export const TOKEN_TTL_SECONDS = 900;

const ISSUER = 'switchyard';
const AUDIENCE = 'switchyard';
const SIGNING_PURPOSE = 'token-signing';
/** Several service processes may disagree on the time by a few seconds. */
const CLOCK_TOLERANCE_SECONDS = 5;
const MAX_TOKEN_LENGTH = 4096;

/** Private claim naming the token kind, so a scoped token can never pass as an application token. */
interface SwitchyardClaims extends JWTPayload {
  sy_kind?: unknown;
  ext?: unknown;
}

/**
 * HS256 JWTs. The signing key is derived from the active master key (HKDF), and `kid` names that
 * master key: every process with the same key ring verifies every other's tokens, tokens survive
 * restarts, and after a key rotation tokens signed with the old key verify until the old key is
 * removed from the ring.
 */
export class TokenSigner {
  readonly #keys: KeyRing;
  readonly #now: () => Date;
  readonly #ttlSeconds: number;
  /**
   * Tokens already verified, until they expire: a client sends the same token with every call, and
   * checking its signature and claims again each time was most of the service's own cost per
   * execute. A token's claims cannot change, so the answer stays right until `exp`.
   */
  readonly #verified: RecentValues<Principal>;

  constructor(keys: KeyRing, now: () => Date, ttlSeconds = TOKEN_TTL_SECONDS) {
    this.#keys = keys;
    this.#now = now;
    this.#ttlSeconds = ttlSeconds;
    // No time-to-live of its own: each token is kept until its own expiry (setUntil).
    this.#verified = new RecentValues<Principal>(0, () => now().getTime());
  }

  async sign(principal: Principal): Promise<TokenResponse> {
    const kid = this.#keys.activeKeyId;
    const key = this.#keys.deriveKey(SIGNING_PURPOSE, kid)!;
    const issuedAt = Math.floor(this.#now().getTime() / 1000);
    const claims: SwitchyardClaims = { sy_kind: principal.kind };
    if (principal.kind === 'scoped') claims.ext = principal.externalUserId;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(principal.applicationId)
      .setJti(randomBytes(12).toString('base64url'))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.#ttlSeconds)
      .sign(key);
    return { access_token: token, token_type: 'bearer', expires_in: this.#ttlSeconds };
  }

  /** Signature, algorithm, key id, issuer, audience, expiry and claim shapes; not whether the application still exists. */
  async read(token: string): Promise<Principal> {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
      throw unauthorized('the bearer token is missing or malformed');
    }
    const seen = this.#verified.get(token);
    if (seen) return seen;
    let payload: SwitchyardClaims;
    try {
      ({ payload } = await jwtVerify<SwitchyardClaims>(token, (header: ProtectedHeaderParameters) => this.#keyFor(header), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.#now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw explain(error);
    }
    const principal = principalOf(payload);
    this.#verified.setUntil(token, principal, (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000);
    return principal;
  }

  #keyFor(header: ProtectedHeaderParameters): Uint8Array {
    const key = typeof header.kid === 'string' ? this.#keys.deriveKey(SIGNING_PURPOSE, header.kid) : undefined;
    if (key === undefined) throw unauthorized('the token was signed with a key this service does not know');
    return key;
  }
}

/**
 * The principal a verified token names. Its ids follow the same rules as at issuance
 * (input-rules.ts): a token minted before those rules, or by anyone holding a signing key,
 * cannot carry an id the service would refuse elsewhere (a lone surrogate would reach SQL as
 * U+FFFD and so as another user).
 */
function principalOf(payload: SwitchyardClaims): Principal {
  const applicationId = payload.sub;
  if (typeof applicationId !== 'string' || applicationId.length === 0) throw unauthorized('the token names no application');
  if (identifierTextIssue('sub', applicationId)) throw unauthorized("the token's application id is not well-formed text");
  if (payload.sy_kind === 'application' && payload.ext === undefined) return { kind: 'application', applicationId };
  if (payload.sy_kind === 'scoped' && typeof payload.ext === 'string' && payload.ext.length > 0) {
    if (textIssue('ext', payload.ext, EXTERNAL_USER_ID_MAX)) {
      throw unauthorized("the token's external user id breaks the identifier rules (well-formed Unicode, no control characters)");
    }
    return { kind: 'scoped', applicationId, externalUserId: payload.ext };
  }
  throw unauthorized('the token is not a Switchyard application or scoped token');
}

function explain(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof joseErrors.JWTExpired) return unauthorized('the token has expired; obtain a new one');
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return unauthorized('the token signature is invalid');
  if (error instanceof joseErrors.JOSEAlgNotAllowed || error instanceof joseErrors.JOSENotSupported) {
    return unauthorized('the token must be signed with HS256');
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) return unauthorized(`the token's "${error.claim}" claim is not acceptable`);
  return unauthorized('the bearer token is malformed');
}

export function unauthorized(message: string): ServiceError {
  return new ServiceError('unauthorized', message);
}
