import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError, TOKEN_TTL_SECONDS, type KeyRing, type Principal } from '../src/index.js';
import { engineCases } from './support/engines.js';
import { KEY_ONE, KEY_TWO, openIsolated, ringOf, tenancyParts, type IsolatedDatabase } from './support/tenancy-fixture.js';

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

function segments(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>,
  };
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(engineCases)('tokens and applications on $name', (engineCase) => {
  let db: IsolatedDatabase;
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = (): Date => now;
  let keys: KeyRing;

  beforeAll(async () => {
    if (engineCase.skip) return;
    db = await openIsolated(engineCase);
    keys = ringOf(`k1:${KEY_ONE}`);
  });
  afterAll(async () => {
    if (!engineCase.skip) await db.dispose();
  });

  it.skipIf(engineCase.skip)('creates an application whose secret is shown once and stored only as a scrypt hash', async () => {
    const { tenancy } = tenancyParts(db.engine, keys);
    const app = await tenancy.createApplication('  Acme CRM  ');
    expect(app.name).toBe('Acme CRM');
    expect(app.application_id).toMatch(/^app_[A-Za-z0-9_-]{22}$/);
    expect(app.client_id).toMatch(/^sy_app_[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(app.client_secret.replace(/^sy_secret_/, ''), 'base64url')).toHaveLength(32);
    const rows = await db.engine.query<Record<string, unknown>>('SELECT * FROM sy_applications WHERE id = $1', [app.application_id]);
    expect(JSON.stringify(rows)).not.toContain(app.client_secret);
    expect(String(rows[0]!['secret_hash'])).toMatch(/^scrypt\$/);
    await expect(tenancy.createApplication('')).rejects.toMatchObject({ code: 'validation_failed', extra: { errors: [{ path: 'name' }] } });
  });

  it.skipIf(engineCase.skip)(
    'application token → principal; scoped token → principal with its external user; both 15 minutes',
    async () => {
      const { tenancy } = tenancyParts(db.engine, keys, { now: clock });
      const app = await tenancy.createApplication('tokens');
      const issued = await tenancy.issueApplicationToken(app.client_id, app.client_secret);
      expect(issued).toMatchObject({ token_type: 'bearer', expires_in: TOKEN_TTL_SECONDS });
      expect(TOKEN_TTL_SECONDS).toBe(900);
      const { header, payload } = segments(issued.access_token);
      expect(header).toMatchObject({ alg: 'HS256', kid: 'k1', typ: 'JWT' });
      expect(payload).toMatchObject({ sub: app.application_id, sy_kind: 'application', iss: 'switchyard', aud: 'switchyard' });
      expect(Number(payload['exp']) - Number(payload['iat'])).toBe(900);
      const principal = await tenancy.verify(issued.access_token);
      expect(principal).toEqual({ kind: 'application', applicationId: app.application_id });

      const scoped = await tenancy.issueScopedToken(principal, 'user-42');
      expect(scoped.expires_in).toBe(900);
      expect(segments(scoped.access_token).payload).toMatchObject({ sy_kind: 'scoped', ext: 'user-42', sub: app.application_id });
      expect(await tenancy.verify(scoped.access_token)).toEqual({
        kind: 'scoped',
        applicationId: app.application_id,
        externalUserId: 'user-42',
      });
    },
  );

  it.skipIf(engineCase.skip)('wrong secret, unknown client id and absurd input are refused with the same message', async () => {
    const { tenancy } = tenancyParts(db.engine, keys);
    const app = await tenancy.createApplication('secrets');
    const wrong = await rejection(tenancy.issueApplicationToken(app.client_id, `${app.client_secret}x`));
    const unknown = await rejection(tenancy.issueApplicationToken('sy_app_doesnotexist', app.client_secret));
    const huge = await rejection(tenancy.issueApplicationToken(app.client_id, 'x'.repeat(10_000)));
    for (const error of [wrong, unknown, huge]) {
      expect(error.code).toBe('unauthorized');
      expect(error.message).toBe('invalid client_id or client_secret');
    }
  });

  it.skipIf(engineCase.skip)('expires: valid just before expiry (within clock tolerance), refused after', async () => {
    const { tenancy } = tenancyParts(db.engine, keys, { now: clock });
    const app = await tenancy.createApplication('expiry');
    now = new Date('2026-01-01T00:00:00Z');
    const { access_token } = await tenancy.issueApplicationToken(app.client_id, app.client_secret);
    now = new Date(now.getTime() + 899_000);
    await expect(tenancy.verify(access_token)).resolves.toMatchObject({ kind: 'application' });
    now = new Date(now.getTime() + 7_000); // 906 s after issue: past exp and the 5 s tolerance
    const error = await rejection(tenancy.verify(access_token));
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/expired/);
    now = new Date('2026-01-01T00:00:00Z');
  });

  it.skipIf(engineCase.skip)('refuses forged signatures, alg none, other algorithms, unknown kid and edited claims', async () => {
    const { tenancy } = tenancyParts(db.engine, keys, { now: clock });
    const app = await tenancy.createApplication('forgery');
    const { access_token } = await tenancy.issueApplicationToken(app.client_id, app.client_secret);
    const [h, p, s] = access_token.split('.') as [string, string, string];
    const claims = segments(access_token).payload;
    const iat = Number(claims['iat']);

    // Signed with a key the service does not use (another master key under the same kid).
    const otherKey = ringOf(`k1:${KEY_TWO}`).deriveKey('token-signing')!;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(otherKey);
    // alg none: no signature at all.
    const none = `${encode({ alg: 'none', kid: 'k1' })}.${p}.`;
    // The right key, but HS512: algorithm confusion is refused, not tolerated.
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', kid: 'k1' }).sign(keys.deriveKey('token-signing')!);
    // A kid the ring does not hold.
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k7' }).sign(keys.deriveKey('token-signing')!);
    // The signed payload swapped for another application's id (a scoped token upgraded, …).
    const edited = `${h}.${encode({ ...claims, sub: 'app_someone_else' })}.${s}`;
    const upgraded = `${h}.${encode({ ...claims, sy_kind: 'scoped', ext: 'victim' })}.${s}`;
    // Signed by us but without our private kind claim, or with an unknown one.
    const kindless = await new SignJWT({ ...claims, sy_kind: undefined })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(keys.deriveKey('token-signing')!);
    const raw = (header: object, payload: object): string => {
      const body = `${encode(header)}.${encode(payload)}`;
      return `${body}.${createHmac('sha256', keys.deriveKey('token-signing')!).update(body).digest('base64url')}`;
    };
    const wrongAudience = raw({ alg: 'HS256', kid: 'k1' }, { ...claims, aud: 'someone-else' });
    const noExpiry = raw({ alg: 'HS256', kid: 'k1' }, { ...claims, exp: undefined, iat });

    const cases: Record<string, string> = {
      forged,
      none,
      hs512,
      unknownKid,
      edited,
      upgraded,
      kindless,
      wrongAudience,
      noExpiry,
      empty: '',
      garbage: 'not.a.jwt',
      huge: 'a'.repeat(5000),
    };
    for (const [label, token] of Object.entries(cases)) {
      const error = await rejection(tenancy.verify(token));
      expect({ label, code: error.code }).toEqual({ label, code: 'unauthorized' });
    }
    // Control: the untouched token still verifies, so each case above failed for its own reason.
    await expect(tenancy.verify(access_token)).resolves.toMatchObject({ applicationId: app.application_id });
  });

  it.skipIf(engineCase.skip)('only an application principal issues scoped tokens; the user id is validated', async () => {
    const { tenancy } = tenancyParts(db.engine, keys);
    const app = await tenancy.createApplication('scoping');
    const appPrincipal: Principal = { kind: 'application', applicationId: app.application_id };
    const scopedPrincipal = await tenancy.verify((await tenancy.issueScopedToken(appPrincipal, 'alice')).access_token);
    const forbidden = await rejection(tenancy.issueScopedToken(scopedPrincipal, 'bob'));
    expect(forbidden.code).toBe('forbidden');
    for (const bad of ['', '   ', 'x'.repeat(257), 'line\nbreak']) {
      const error = await rejection(tenancy.issueScopedToken(appPrincipal, bad));
      expect(error.code).toBe('validation_failed');
      expect(error.extra.errors?.[0]?.path).toBe('external_user_id');
    }
  });

  it.skipIf(engineCase.skip)("another application's token names that application, never this one", async () => {
    const { tenancy } = tenancyParts(db.engine, keys);
    const a = await tenancy.createApplication('a');
    const b = await tenancy.createApplication('b');
    const tokenB = await tenancy.issueApplicationToken(b.client_id, b.client_secret);
    expect((await tenancy.verify(tokenB.access_token)).applicationId).toBe(b.application_id);
    await expect(tenancy.issueApplicationToken(a.client_id, b.client_secret)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it.skipIf(engineCase.skip)('tokens of a deleted application stop verifying at once, application and scoped alike', async () => {
    const { tenancy } = tenancyParts(db.engine, keys);
    const app = await tenancy.createApplication('short-lived');
    const appToken = await tenancy.issueApplicationToken(app.client_id, app.client_secret);
    const principal = await tenancy.verify(appToken.access_token);
    const scoped = await tenancy.issueScopedToken(principal, 'u1');
    expect((await tenancy.deleteApplication(app.application_id)).deleted).toBe(true);
    for (const token of [appToken.access_token, scoped.access_token]) {
      const error = await rejection(tenancy.verify(token));
      expect(error.message).toMatch(/no longer exists/);
    }
    await expect(tenancy.issueApplicationToken(app.client_id, app.client_secret)).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await tenancy.deleteApplication(app.application_id)).deleted).toBe(false);
  });

  it.skipIf(engineCase.skip)(
    'tokens survive a restart and are shared by processes with the same key ring; another ring refuses them',
    async () => {
      const { tenancy } = tenancyParts(db.engine, keys);
      const app = await tenancy.createApplication('restart');
      const { access_token } = await tenancy.issueApplicationToken(app.client_id, app.client_secret);
      const second = await db.reopen();
      const restarted = tenancyParts(second, ringOf(`k1:${KEY_ONE}`)).tenancy;
      await expect(restarted.verify(access_token)).resolves.toEqual({ kind: 'application', applicationId: app.application_id });
      // After a master key rotation the old key stays in the ring: old tokens verify, new ones use the new kid.
      const rotated = tenancyParts(second, ringOf(`k1:${KEY_ONE},k2:${KEY_TWO}`)).tenancy;
      await expect(rotated.verify(access_token)).resolves.toMatchObject({ applicationId: app.application_id });
      const fresh = await rotated.issueApplicationToken(app.client_id, app.client_secret);
      expect(segments(fresh.access_token).header['kid']).toBe('k2');
      // A ring without k1 (old key removed) refuses tokens signed under k1.
      const stranger = tenancyParts(second, ringOf(`k2:${KEY_TWO}`)).tenancy;
      await expect(stranger.verify(access_token)).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(stranger.verify(fresh.access_token)).resolves.toMatchObject({ applicationId: app.application_id });
    },
  );
});
