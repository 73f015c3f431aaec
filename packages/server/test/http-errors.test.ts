/**
 * Bad input at the HTTP edge: every case answers an RFC 9457 problem with a stable code, and
 * nothing is stored or sent.
 *
 * @module-tag connector/messaging
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenancy } from '../src/tenancy/tenancy.js';
import { ADMIN_TOKEN, expectProblemShape, startHarness, type Harness } from './http-harness.js';

let h: Harness;
let appToken: string;

beforeAll(async () => {
  h = await startHarness({ limits: { bodyLimitBytes: 4096 } });
  appToken = (await h.application()).token;
}, 60_000);
afterAll(async () => h?.close());

const CREATE = '/v1/integrations/connectors';
const replication = { start_date: '2024-01-01T00:00:00Z', lookback_window: 7, join_channels: false };
const validCreate = {
  external_user_id: 'user-1',
  connector_type: 'messaging',
  credentials: { api_token: 'xoxb-test-token' },
  replication_config: replication,
};

async function connectorCount(): Promise<number> {
  const rows = await h.parts.engine.query<{ n: number }>('SELECT count(*)::int AS n FROM sy_connectors');
  return Number(rows[0]!.n);
}

describe('malformed requests', () => {
  it('malformed JSON → 400 invalid_request', async () => {
    const reply = await h.request('POST', CREATE, {
      token: appToken,
      raw: '{"external_user_id": "u",',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('invalid_request');
    expect(reply.body.detail).toMatch(/not valid JSON/);
  });

  it('a JSON body that is not an object → 400 invalid_request', async () => {
    const reply = await h.request('POST', CREATE, { token: appToken, json: ['not', 'an', 'object'] });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('invalid_request');
  });

  it('wrong content type → 415 unsupported_media_type', async () => {
    const reply = await h.request('POST', CREATE, {
      token: appToken,
      raw: 'external_user_id=u',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.status).toBe(415);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('unsupported_media_type');
  });

  it('a body over the limit → 413 payload_too_large, nothing stored', async () => {
    const before = await connectorCount();
    const reply = await h.request('POST', CREATE, { token: appToken, json: { ...validCreate, name: 'x'.repeat(5000) } });
    expect(reply.status).toBe(413);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('payload_too_large');
    expect(await connectorCount()).toBe(before);
  });

  it('unknown route → 404 not_found problem', async () => {
    const reply = await h.request('GET', '/api/v1/nothing-here');
    expect(reply.status).toBe(404);
    expectProblemShape(reply);
    expect(reply.body).toMatchObject({ code: 'not_found', instance: '/api/v1/nothing-here' });
  });

  // Refused by Fastify's router before any route or hook runs, and answered as problems all the same.
  it('a path that is not percent-encoded UTF-8 → 400 invalid_request problem', async () => {
    for (const id of ['%ZZ', '%E0%A4%A', '%ED%A0%80', '%']) {
      const reply = await h.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
        token: appToken,
        json: { entity: 'users', action: 'list' },
      });
      expect(reply.status, id).toBe(400);
      expectProblemShape(reply);
      expect(reply.body, id).toMatchObject({ code: 'invalid_request', instance: `/api/v1/connectors/sources/${id}/execute` });
    }
  });

  it('a path parameter over 512 characters → 414 invalid_request problem; up to 512 it is an unknown id (404)', async () => {
    const at = (length: number) => h.request('GET', `/api/v1/connectors/sources/${'a'.repeat(length)}`, { token: appToken });
    const longest = await at(512);
    expect(longest.status).toBe(404);
    expect(longest.body.code).toBe('not_found');
    const over = await at(513);
    expect(over.status).toBe(414);
    expectProblemShape(over);
    expect(over.body.code).toBe('invalid_request');
    expect(over.body.detail).toMatch(/max param length/);
  });

  it('an empty body with a JSON content type is accepted where no body is needed, refused where one is', async () => {
    const missing = await h.request('POST', '/api/v1/connectors/sources/conn_missing/sync', {
      token: appToken,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.body.code).toBe('not_found'); // reached the handler: the empty body was no problem
    const create = await h.request('POST', CREATE, { token: appToken, raw: '', headers: { 'content-type': 'application/json' } });
    expect(create.status).toBe(400);
    expect(create.body.code).toBe('invalid_request');
  });
});

describe('JSON is the one media type a body may have, on every route that reads one', () => {
  let withAdmin: Harness;
  let token: string;
  beforeAll(async () => {
    withAdmin = await startHarness({ adminToken: ADMIN_TOKEN });
    token = (await withAdmin.application()).token;
  }, 60_000);
  afterAll(async () => withAdmin?.close());

  /** Every operation the service documents with a request body, from its own /openapi.json. */
  async function operationsWithBodies(): Promise<{ method: string; path: string }[]> {
    const document = (await withAdmin.request('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => typeof operation === 'object' && operation !== null && 'requestBody' in operation)
        .map(([method, _operation]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'conn_missing') })),
    );
  }

  const tokenFor = (path: string): string => (path.startsWith('/api/v1/admin/') ? ADMIN_TOKEN : token);

  it.each([
    ['text/plain', '{"external_user_id":"u"}'],
    ['application/x-www-form-urlencoded', 'external_user_id=u'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\nu\r\n--x--'],
    ['application/xml', '<a/>'],
  ])('a %s body → 415 unsupported_media_type naming the type, on every operation', async (contentType, raw) => {
    const operations = await operationsWithBodies();
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const { method, path } of operations) {
      const reply = await withAdmin.request(method, path, { token: tokenFor(path), raw, headers: { 'content-type': contentType } });
      expect({ method, path, status: reply.status, code: reply.body?.code }).toEqual({
        method,
        path,
        status: 415,
        code: 'unsupported_media_type',
      });
      expectProblemShape(reply);
      expect(reply.body.detail).toContain(JSON.stringify(contentType));
    }
  });

  it('a body with no Content-Type at all → 415', async () => {
    const response = await fetch(`${withAdmin.url}${CREATE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new Blob([JSON.stringify(validCreate)]), // a Blob with no type: fetch sends no Content-Type
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/no Content-Type/);
  });

  it('JSON with parameters (charset) is read; an empty body of any type is no body', async () => {
    const charset = await withAdmin.request('POST', '/api/v1/embedded/scoped-token', {
      token,
      raw: JSON.stringify({ external_user_id: 'user-1' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
    const emptyText = await withAdmin.request('POST', '/api/v1/connectors/sources/conn_missing/sync', {
      token,
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, // what `curl -d ''` sends
    });
    expect(emptyText.body.code).toBe('not_found'); // reached the handler
  });
});

describe('validation problems list every field with its path', () => {
  it('schema failures of the creation request → 422 with one issue per field', async () => {
    const reply = await h.request('POST', CREATE, {
      token: appToken,
      json: { external_user_id: 42, connector_type: 'messaging', credentials: 'xoxb', surprise: true },
    });
    expect(reply.status).toBe(422);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('validation_failed');
    const byPath = Object.fromEntries((reply.body.errors as { path: string; rule: string }[]).map((e) => [e.path, e.rule]));
    expect(byPath).toEqual({ external_user_id: 'type', credentials: 'type', surprise: 'unknown-field' });
  });

  it('a missing required field is named by its path', async () => {
    const reply = await h.request('POST', CREATE, { token: appToken, json: { external_user_id: 'u', connector_type: 'messaging' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'credentials', rule: 'required' })]);
  });

  it('an unknown connector type and credentials of no kind → 422 naming connector_type / credentials', async () => {
    const unknownType = await h.request('POST', CREATE, { token: appToken, json: { ...validCreate, connector_type: 'fax-machine' } });
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.errors).toEqual([expect.objectContaining({ path: 'connector_type', rule: 'enum' })]);

    const wrongKind = await h.request('POST', CREATE, { token: appToken, json: { ...validCreate, credentials: { password: 'hunter2' } } });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual([expect.objectContaining({ path: 'credentials', rule: 'credential-kind' })]);
    expect(wrongKind.text).not.toContain('hunter2');
  });

  it('replication settings are checked against the published schema (messaging start_date in UTC)', async () => {
    const reply = await h.request('POST', CREATE, {
      token: appToken,
      json: { ...validCreate, replication_config: { ...replication, start_date: '2024-01-01T00:00:00+02:00' } },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'replication_config.start_date', rule: 'format' })]);
  });
});

describe('authentication', () => {
  it('a missing token → 401 unauthorized', async () => {
    const reply = await h.request('GET', '/api/v1/connectors/sources');
    expect(reply.status).toBe(401);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('unauthorized');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="switchyard"');
  });

  it('a token that is not a bearer token → 401', async () => {
    const reply = await h.request('GET', '/api/v1/connectors/sources', {
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('unauthorized');
  });

  it('a forged token (signed with another key) → 401', async () => {
    const [header, payload] = appToken.split('.');
    const forgedSignature = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader(JSON.parse(Buffer.from(header!, 'base64url').toString()))
      .sign(new Uint8Array(32).fill(7));
    const reply = await h.request('GET', '/api/v1/connectors/sources', { token: forgedSignature });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('unauthorized');
  });

  it('a tampered token (payload changed, signature kept) → 401', async () => {
    const [header, payload, signature] = appToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'app_someone_else' })).toString('base64url');
    const reply = await h.request('GET', '/api/v1/connectors/sources', { token: `${header}.${tampered}.${signature}` });
    expect(reply.status).toBe(401);
  });

  it('an expired token → 401', async () => {
    // A token issued an hour ago by the same keys: it expired 45 minutes ago.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const past = createTenancy(h.parts.engine, h.parts.keys, { now: () => hourAgo });
    const app = await h.parts.tenancy.createApplication('expiring');
    const old = await past.issueApplicationToken(app.client_id, app.client_secret);
    const reply = await h.request('GET', '/api/v1/connectors/sources', { token: old.access_token });
    expect(reply.status).toBe(401);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('unauthorized');
  });

  it('wrong client credentials → 401 with the same answer for an unknown client id', async () => {
    const app = await h.parts.tenancy.createApplication('creds');
    const wrongSecret = await h.request('POST', '/api/v1/account/applications/token', {
      json: { client_id: app.client_id, client_secret: 'nope' },
    });
    const unknownId = await h.request('POST', '/api/v1/account/applications/token', {
      json: { client_id: 'sy_app_unknown', client_secret: 'nope' },
    });
    expect(wrongSecret.status).toBe(401);
    expect(unknownId.status).toBe(401);
    expect({ ...wrongSecret.body }).toEqual({ ...unknownId.body });
  });
});
