/**
 * POST /api/v1/connectors/sources/:id/execute against the real vendor fakes: hosted results are
 * exactly the open-source ones (the same call on a connector built directly against the same
 * fake), bad input is refused before any vendor request, ids a caller cannot see answer like
 * missing ones, and one executor (one connection pool) serves every call of a connector until its
 * credentials change.
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExecuteRequest, Executor } from '@switchyard/runtime';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startLinearFake, type LinearFake } from '../../../test/fakes/linear.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import type { ConnectorRecord } from '../src/service-types.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';
import { exampleExecutor } from './support/example-package.js';

let slack: SlackFake;
let linear: LinearFake;
let greenhouse: GreenhouseFake;
let h: Harness;
const direct: Record<string, Executor> = {};
const records: Record<string, ConnectorRecord> = {};

const CREDENTIALS = {
  messaging: { api_token: 'xoxb-test-token' },
  'issue-tracker': { api_key: 'lin_api_test' },
  recruiting: { api_key: 'gh_test_key' },
} as const;

beforeAll(async () => {
  [slack, linear, greenhouse] = await Promise.all([startSlackFake(), startLinearFake(), startGreenhouseFake({ candidates: 30 })]);
  const baseUrls = { messaging: `${slack.url}/api`, 'issue-tracker': linear.url, recruiting: `${greenhouse.url}/v1` };
  h = await startHarness({ vendorBaseUrls: baseUrls });
  for (const type of ['messaging', 'issue-tracker', 'recruiting'] as const)
    direct[type] = await exampleExecutor(type, { auth: CREDENTIALS[type], baseUrl: baseUrls[type] });
  for (const [type, credentials] of Object.entries(CREDENTIALS)) records[type] = await createConnector(h.repo, type, credentials);
});

afterAll(async () => {
  await h?.close();
  await Promise.all([slack?.close(), linear?.close(), greenhouse?.close()]);
});

beforeEach(() => {
  for (const fake of [slack, linear, greenhouse]) fake.reset();
});

/** What open-source mode returns for the call, as it travels in JSON. */
async function openSource(type: string, request: ExecuteRequest): Promise<unknown> {
  return JSON.parse(JSON.stringify(await direct[type]!.execute(request)));
}

async function hosted(type: string, request: ExecuteRequest, token = 'token-a-alice'): Promise<{ status: number; body: unknown }> {
  const response = await h.execute(token, records[type]!.id, request);
  return { status: response.status, body: await response.json() };
}

describe('execute returns exactly what open-source mode returns', () => {
  const cases: [string, ExecuteRequest][] = [
    ['messaging', { entity: 'users', action: 'list', params: { limit: 5 } }],
    ['messaging', { entity: 'channels', action: 'list', params: { limit: 4, types: 'public_channel,private_channel' } }],
    ['issue-tracker', { entity: 'issues', action: 'list', params: { first: 3 } }],
    ['issue-tracker', { entity: 'teams', action: 'list' }],
    ['recruiting', { entity: 'candidates', action: 'list', params: { per_page: 3, page: 2 } }],
    ['recruiting', { entity: 'jobs', action: 'list', params: { per_page: 2 } }],
  ];
  it.each(cases)('%s %o', async (type, request) => {
    const expected = await openSource(type, request);
    const { status, body } = await hosted(type, request);
    expect(status).toBe(200);
    expect(body).toEqual(expected);
    // Not vacuous: the fakes hand back records.
    expect((body as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('a get by id, and a follow-up page through the cursor the first page returned', async () => {
    const page1 = (await hosted('messaging', { entity: 'users', action: 'list', params: { limit: 3 } })).body as {
      data: { id: string }[];
      meta: { next_cursor: string };
    };
    const cursor = page1.meta.next_cursor;
    expect(cursor).toBeTruthy();
    const next = { entity: 'users', action: 'list', params: { limit: 3, cursor } };
    expect((await hosted('messaging', next)).body).toEqual(await openSource('messaging', next));

    const application = greenhouse.data.applications[0] as { id: number };
    const get = { entity: 'applications', action: 'get', params: { id: application.id } };
    const { status, body } = await hosted('recruiting', get);
    expect(status).toBe(200);
    expect(body).toEqual(await openSource('recruiting', get));
    expect((body as { data: { id: number } }).data.id).toBe(application.id);
  });

  it('a write goes through once and answers like open-source mode', async () => {
    const channel = (slack.data.channels as { id: string; is_channel?: boolean; is_member?: boolean }[]).find(
      (c) => c.is_channel && c.is_member,
    )!;
    const response = await hosted('messaging', {
      entity: 'messages',
      action: 'create',
      params: { channel: channel.id, text: 'from the service' },
    });
    expect(response.status).toBe(200);
    const body = response.body as { data: { text: string; ts: string } };
    expect(body.data.text).toBe('from the service');
    expect(slack.requests.filter((r) => r.path === '/api/chat.postMessage')).toHaveLength(1);
  });
});

describe('bad input is refused before any vendor request', () => {
  it('params failing the schema: 422 validation_failed with the runtime issues unchanged', async () => {
    const request = { entity: 'users', action: 'list', params: { limit: 1000, colour: 'red' } };
    const expected = await direct['messaging']!.execute(request).then(
      () => expect.unreachable(),
      (error: { issues: unknown }) => error.issues,
    );
    const { status, body } = await hosted('messaging', request);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'validation_failed', status: 422, errors: expected });
    expect((body as { errors: unknown[] }).errors).toHaveLength(2);
    expect(slack.requests).toHaveLength(0);
  });

  it('unknown entity and unknown action name the known ones', async () => {
    const entity = await hosted('recruiting', { entity: 'widgets', action: 'list' });
    expect(entity.status).toBe(422);
    expect(entity.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'entity', rule: 'enum' }] });
    expect((entity.body as { errors: { message: string }[] }).errors[0]!.message).toContain('candidates');

    const action = await hosted('recruiting', { entity: 'candidates', action: 'constructor' });
    expect(action.status).toBe(422);
    expect(action.body).toMatchObject({ errors: [{ path: 'action', rule: 'enum' }] });
    expect(greenhouse.requests).toHaveLength(0);
  });

  it('a body without entity: 422 naming the field', async () => {
    const response = await h.execute('token-a-alice', records['messaging']!.id, { action: 'list' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; errors: { path: string }[] };
    expect(body.code).toBe('validation_failed');
    expect(body.errors.map((e) => e.path)).toContain('entity');
    expect(slack.requests).toHaveLength(0);
  });
});

describe('visibility', () => {
  it("another external user's, another application's and a missing connector all answer the same 404", async () => {
    const request = { entity: 'users', action: 'list' };
    const id = records['messaging']!.id;
    const answers = [];
    for (const [token, connectorId] of [
      ['token-a-bob', id],
      ['token-app-b', id],
      ['token-a-alice', 'conn_doesnotexist'],
      ['token-a-alice', '..%2F..%2Fadmin'],
    ] as const) {
      const response = await h.execute(token, connectorId, request);
      answers.push({ status: response.status, body: await response.json() });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(slack.requests).toHaveLength(0);
    // The application itself reaches its user's connector.
    expect((await h.execute('token-app-a', id, request)).status).toBe(200);
  });

  it('without a valid token: 401', async () => {
    const response = await h.execute('token-forged', records['messaging']!.id, { entity: 'users', action: 'list' });
    expect(response.status).toBe(401);
    expect(slack.requests).toHaveLength(0);
  });
});

describe('executor reuse', () => {
  it('one executor per connector until its credentials change; then the new credentials are used', async () => {
    const record = await createConnector(h.repo, 'recruiting', { api_key: 'gh_test_key' });
    const before = h.repo.credentialReads;
    const request = { entity: 'jobs', action: 'list', params: { per_page: 1 } };
    const results = await Promise.all([1, 2, 3].map(() => h.execute('token-a-alice', record.id, request)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await h.execute('token-a-alice', record.id, request);
    // Concurrent first calls share one build: the credentials were decrypted once.
    expect(h.repo.credentialReads - before).toBe(1);

    await h.repo.updateCredentials({ kind: 'application', applicationId: 'app-a' }, record.id, { api_key: 'gh_wrong_key' });
    const refused = await h.execute('token-a-alice', record.id, request);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ code: 'connector_error', error_class: 'AuthenticationError', vendor_status: 401 });
    expect(h.repo.credentialReads - before).toBe(2);
  });
});
