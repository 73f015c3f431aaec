/**
 * The admin API (present only with SWITCHYARD_ADMIN_TOKEN), the token flow a platform application
 * follows (client credentials → application token → scoped token per external user), and the
 * public documents: OpenAPI, the reference page, connector types, readiness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpec, specNames } from '../../../test/support/connectors.js';
import type { ConnectorTypeView } from '../src/catalog/catalog.js';
import { ADMIN_TOKEN, expectProblemShape, startHarness, type Harness } from './http-harness.js';

/** What the listing is checked against: the parts of a spec it describes. */
interface SpecOutline {
  title: string;
  auth: Record<string, unknown>;
  replication?: Record<string, { required?: boolean }>;
  entities: Record<string, { searchable?: Record<string, unknown> }>;
}

let withAdmin: Harness;
let withoutAdmin: Harness;

beforeAll(async () => {
  [withAdmin, withoutAdmin] = await Promise.all([startHarness({ adminToken: ADMIN_TOKEN }), startHarness()]);
}, 60_000);
afterAll(async () => {
  await withAdmin?.close();
  await withoutAdmin?.close();
});

describe('admin API', () => {
  it('does not exist without an admin token (404, like any unknown route)', async () => {
    const reply = await withoutAdmin.request('POST', '/api/v1/admin/applications', { token: ADMIN_TOKEN, json: { name: 'acme' } });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('not_found');
    const doc = await withoutAdmin.request('GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).not.toContain('/api/v1/admin/applications');
  });

  it('creates an application with the admin token; the secret is shown once and stored hashed', async () => {
    const reply = await withAdmin.request('POST', '/api/v1/admin/applications', { token: ADMIN_TOKEN, json: { name: 'acme' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      application_id: expect.any(String),
      name: 'acme',
      client_id: expect.any(String),
      client_secret: expect.any(String),
    });
    const rows = await withAdmin.parts.engine.query<Record<string, unknown>>('SELECT * FROM sy_applications WHERE id = $1', [
      reply.body.application_id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(reply.body.client_secret);
  });

  it('refuses a missing, wrong or non-admin token with 401', async () => {
    const app = await withAdmin.application();
    for (const token of [undefined, 'admin-token-for-tests-012345678X', app.token]) {
      const reply = await withAdmin.request('POST', '/api/v1/admin/applications', { ...(token ? { token } : {}), json: { name: 'x' } });
      expect(reply.status).toBe(401);
      expectProblemShape(reply);
      expect(reply.body.code).toBe('unauthorized');
    }
  });

  it('validates the body: a missing name is a 422 on `name`', async () => {
    const reply = await withAdmin.request('POST', '/api/v1/admin/applications', { token: ADMIN_TOKEN, json: {} });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'name', rule: 'required' })]);
  });
});

describe('token flow', () => {
  it('client credentials → application token → scoped token, each bearer with a 15-minute lifetime', async () => {
    const created = await withAdmin.request('POST', '/api/v1/admin/applications', { token: ADMIN_TOKEN, json: { name: 'flow' } });
    const appToken = await withAdmin.request('POST', '/api/v1/account/applications/token', {
      json: { client_id: created.body.client_id, client_secret: created.body.client_secret },
    });
    expect(appToken.status).toBe(200);
    expect(appToken.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });

    const scoped = await withAdmin.request('POST', '/api/v1/embedded/scoped-token', {
      token: appToken.body.access_token,
      json: { external_user_id: 'user-7' },
    });
    expect(scoped.status).toBe(200);
    expect(scoped.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });

    // The scoped token works on the connector endpoints, for its own external user.
    const list = await withAdmin.request('GET', '/api/v1/connectors/sources', { token: scoped.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [] });
  });

  it('a scoped token cannot issue scoped tokens (403 forbidden)', async () => {
    const app = await withAdmin.application();
    const scoped = await withAdmin.scopedToken(app.token, 'user-1');
    const reply = await withAdmin.request('POST', '/api/v1/embedded/scoped-token', { token: scoped, json: { external_user_id: 'user-2' } });
    expect(reply.status).toBe(403);
    expectProblemShape(reply);
    expect(reply.body.code).toBe('forbidden');
  });

  it('a scoped token request without external_user_id → 422 on external_user_id', async () => {
    const app = await withAdmin.application();
    const reply = await withAdmin.request('POST', '/api/v1/embedded/scoped-token', { token: app.token, json: {} });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([expect.objectContaining({ path: 'external_user_id', rule: 'required' })]);
  });
});

describe('OpenAPI', () => {
  it('documents every route from its schemas, with the shared Problem and Connector components', async () => {
    const reply = await withAdmin.request('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    expect(Object.keys(reply.body.paths).sort()).toEqual([
      '/.well-known/oauth-protected-resource',
      '/api/v1/account/applications/token',
      '/api/v1/admin/applications',
      '/api/v1/audit',
      '/api/v1/connector-types',
      '/api/v1/connectors/sources',
      '/api/v1/connectors/sources/{id}',
      '/api/v1/connectors/sources/{id}/execute',
      '/api/v1/connectors/sources/{id}/sync',
      '/api/v1/embedded/scoped-token',
      '/healthz',
      '/integrations/connectors',
      '/mcp',
      '/readyz',
      '/v1/integrations/connectors',
    ]);
    expect(reply.body.components.schemas).toHaveProperty('Problem');
    expect(reply.body.components.schemas).toHaveProperty('Connector');
    const create = reply.body.paths['/v1/integrations/connectors'].post;
    const createSchema = create.requestBody.content['application/json'].schema;
    // external_user_id is required with an application token only (a scoped token names its user): the description says so.
    expect(createSchema.required).toEqual(['connector_type', 'credentials']);
    expect(createSchema.properties.external_user_id.description).toMatch(
      /Required with an application token; with a scoped token optional/,
    );
  });

  it('serves a browsable reference at /docs from the package (no CDN)', async () => {
    const page = await withAdmin.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).not.toMatch(/https?:\/\/(unpkg|cdn)/);
  });

  it('lists connector types with their schemas and searchable fields', async () => {
    const reply = await withAdmin.request('GET', '/api/v1/connector-types');
    expect(reply.status).toBe(200);
    // One connector type per spec, sorted (the generator keeps the service's catalog in step with
    // specs/), each described as its spec declares it.
    const types = reply.body.data as ConnectorTypeView[];
    expect(types.map((t) => t.connector_type)).toEqual(specNames());
    for (const type of types) {
      const spec = readSpec(type.connector_type) as unknown as SpecOutline;
      expect(type.title).toBe(spec.title);
      expect(type.credential_kinds.map((k) => k.name)).toEqual(Object.keys(spec.auth));
      expect(type.replication_schema['required'] ?? [], type.connector_type).toEqual(
        Object.entries(spec.replication ?? {}).flatMap(([name, rule]) => (rule.required === true ? [name] : [])),
      );
      expect(type.entities.map((e) => e.entity)).toEqual(Object.keys(spec.entities).sort());
      for (const entity of type.entities) {
        const searchable = Object.keys(spec.entities[entity.entity]!.searchable ?? {}).sort();
        expect(entity.searchable_fields, `${type.connector_type}.${entity.entity}`).toEqual(
          entity.actions.includes('search') ? searchable : [],
        );
      }
    }
  });

  it('/readyz reports the store migrated', async () => {
    const reply = await withAdmin.request('GET', '/readyz');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ready' });
  });
});
