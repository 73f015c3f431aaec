/**
 * A stored connector whose OAuth access token has expired: the runtime renews it with the refresh
 * token (on the vendor's 401) and the service writes the renewed tokens back to the connector's
 * credentials, because a rotating refresh token is spent once used. The executor (and its
 * connection pool) is kept: the record moved only because of its own renewal.
 *
 * @module-tag connector/issue-tracker
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLinearFake, type LinearFake } from '../../../test/fakes/linear.js';
import { createConnector, startHarness, type Harness } from './execute-harness.js';

const TOKEN_URL = 'https://api.linear.app/oauth/token';
let linear: LinearFake;
let h: Harness;
const tokenRequests: URLSearchParams[] = [];

/** Answers the OAuth token endpoint locally (tests never leave loopback); everything else goes to the fakes. */
const fetchWithTokenEndpoint: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url !== TOKEN_URL) return fetch(input, init);
  const form = new URLSearchParams(String(init?.body));
  tokenRequests.push(form);
  const ok = form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'rt-1';
  return new Response(
    JSON.stringify(
      ok ? { access_token: 'lin_oauth_new', refresh_token: 'rt-2', token_type: 'Bearer', expires_in: 3600 } : { error: 'invalid_grant' },
    ),
    {
      status: ok ? 200 : 400,
      headers: { 'content-type': 'application/json' },
    },
  );
};

beforeAll(async () => {
  linear = await startLinearFake({ accessToken: 'lin_oauth_new' });
  h = await startHarness({ vendorBaseUrls: { 'issue-tracker': linear.url }, transport: { fetch: fetchWithTokenEndpoint } });
});

afterAll(async () => {
  await h?.close();
  await linear?.close();
});

it('renewed OAuth tokens are stored, and the same executor keeps serving the connector', async () => {
  const record = await createConnector(h.repo, 'issue-tracker', {
    access_token: 'lin_oauth_expired',
    refresh_token: 'rt-1',
    client_id: 'client-1',
    client_secret: 'client-secret-1',
  });
  const request = { entity: 'teams', action: 'list' };
  const first = await h.execute('token-a-alice', record.id, request);
  expect(first.status).toBe(200);
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]!.get('refresh_token')).toBe('rt-1');

  const stored = h.repo.records.get(record.id)!;
  expect(stored.credentials).toEqual({
    access_token: 'lin_oauth_new',
    refresh_token: 'rt-2',
    client_id: 'client-1',
    client_secret: 'client-secret-1',
  });
  expect(stored.record.updatedAt > record.updatedAt).toBe(true);

  // The HTTP layer now hands over the moved record: the cached executor is reused, no new decrypt.
  const reads = h.repo.credentialReads;
  const second = await h.execute('token-a-alice', record.id, request);
  expect(second.status).toBe(200);
  expect(h.repo.credentialReads).toBe(reads);
  expect(tokenRequests).toHaveLength(1);
});
