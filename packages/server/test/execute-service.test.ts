/**
 * The execution layer inside the real service (production wiring: SQL connector repository with
 * encrypted credentials, tenancy tokens, createApp's error handling and limits): creation checks
 * and `check: true` over HTTP, then executes and a streamed download by connector id, compared
 * with the same calls made directly in open-source mode against the same fake.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { fileBytes } from '../../../test/fakes/greenhouse/files.js';
import { startHarness, type Harness } from './http-harness.js';
import { exampleExecutor } from './support/example-package.js';

const KEY = 'gh_service_5b1f0c9e7d3a2b4c6e8f0a1b2c3d4e5fKEY';
let greenhouse: GreenhouseFake;
let h: Harness;
let token: string;

beforeAll(async () => {
  greenhouse = await startGreenhouseFake({ apiKey: KEY, candidates: 20 });
  h = await startHarness({ vendorBaseUrls: { recruiting: `${greenhouse.url}/v1` }, logLevel: 'silent' });
  const app = await h.application('execute-service');
  token = await h.scopedToken(app.token, 'user-1');
}, 60_000);

afterAll(async () => {
  await h?.close();
  await greenhouse?.close();
});

beforeEach(() => greenhouse.reset());

const create = (json: Record<string, unknown>) =>
  h.request('POST', '/v1/integrations/connectors', { token, json: { external_user_id: 'user-1', ...json } });

describe('creation', () => {
  it('unknown type, credentials of no kind and bad replication settings: 422 with every path, nothing sent', async () => {
    const unknown = await create({ connector_type: 'no-such-connector', credentials: { api_key: KEY } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ path: 'connector_type', rule: 'enum' })]);

    const bad = await create({
      connector_type: 'messaging',
      credentials: { token: 'xoxb-1' },
      replication_config: { start_date: '2024-01-01', lookback_window: 400, join_channels: true },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'replication_config.start_date',
      'replication_config.lookback_window',
      'credentials',
    ]);
    expect(greenhouse.requests).toHaveLength(0);
  });

  it('check: true with a key the vendor refuses: 422 on credentials, and no connector is stored', async () => {
    const refused = await create({ connector_type: 'recruiting', credentials: { api_key: 'gh_not_the_key' }, check: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'credentials', rule: 'rejected' })]);
    expect(refused.text).not.toContain('gh_not_the_key');
    // In the service's terms: neither the operator's vendor base URL nor the SDK's wording.
    expect(refused.body.errors[0].message).toMatch(/^the vendor refused these credentials \(HTTP 401\) on a test read of applications: /);
    expect(refused.text).not.toContain(greenhouse.url);
    expect(refused.text).not.toContain('127.0.0.1');
    expect(refused.text).not.toContain('auth`');
    expect(greenhouse.requests.map((r) => r.path)).toEqual(['/v1/applications']);
    const list = await h.request('GET', '/api/v1/connectors/sources', { token });
    expect(list.body.data).toEqual([]);
  });
});

describe('execute by connector id', () => {
  let id: string;
  const direct = () => exampleExecutor('recruiting', { auth: { api_key: KEY }, baseUrl: `${greenhouse.url}/v1` });

  beforeAll(async () => {
    const created = await create({ connector_type: 'recruiting', credentials: { api_key: KEY }, check: true });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(KEY);
    id = created.body.id;
  });

  it('answers exactly what open-source mode answers', async () => {
    const request = { entity: 'candidates', action: 'list', params: { per_page: 4 } };
    const reply = await h.request('POST', `/api/v1/connectors/sources/${id}/execute`, { token, json: request });
    expect(reply.status).toBe(200);
    const expected = JSON.parse(
      JSON.stringify(await (await direct()).execute({ entity: 'candidates', action: 'list', params: { per_page: 4 } })),
    );
    expect(reply.body).toEqual(expected);
    expect(reply.body.data).toHaveLength(4);
  });

  it('streams a download with its headers', async () => {
    const app = greenhouse.data.applications[1] as { id: number; attachments: { filename: string; url: string }[] };
    const attachment = app.attachments[0]!;
    const file = greenhouse.data.files.get(/\/files\/(\d+)\//.exec(attachment.url)![1]!)!;
    const response = await fetch(`${h.url}/api/v1/connectors/sources/${id}/execute`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'application_attachment', action: 'download', params: { id: app.id, filename: attachment.filename } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(file.contentType);
    expect(response.headers.get('content-length')).toBe(String(file.size));
    expect(response.headers.get('content-disposition')).toContain(`filename="${file.filename}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(fileBytes(file, 0, file.size))).toBe(true);
  });

  it('search before the first sync answers 409 search_not_ready with the progress', async () => {
    const reply = await h.request('POST', `/api/v1/connectors/sources/${id}/execute`, {
      token,
      json: { entity: 'candidates', action: 'search', params: { query: { filter: { eq: { id: 1 } } } } },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({
      code: 'search_not_ready',
      progress: { entities: expect.arrayContaining([expect.objectContaining({ entity: 'candidates' })]) },
    });
  });
});
