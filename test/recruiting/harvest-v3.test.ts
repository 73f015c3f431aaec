/**
 * Harvest v3 through the recruiting connector's second credential kind, OAuth client credentials:
 * token fetch, reuse and renewal, the exact v3 requests, cursor paging through the Link header
 * with the cursor sent alone, v3-only actions refused before any I/O, and secrets kept out of
 * errors and logs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, RecruitingConnector, ValidationError } from '@switchyard/connector-recruiting';
import { startGreenhouseV3Fake, type GreenhouseV3Fake } from '../fakes/greenhouse/v3.js';

const CLIENT_ID = 'gh_v3_client_7c1d';
const CLIENT_SECRET = 'gh_v3_secret_9e4b2f61a8d3SwItChYaRd';
const TOKEN_URL = 'https://auth.greenhouse.io/token';

let fake: GreenhouseV3Fake;
beforeAll(async () => {
  fake = await startGreenhouseV3Fake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, candidates: 25 });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

/** The token endpoint is absolute (auth.greenhouse.io); tests route it to the fake, nothing else. */
function routedFetch(): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return fetch(url === TOKEN_URL ? `${fake.url}/token` : url, init);
  };
}

function connector(
  auth: Record<string, string> = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, user_id: '4080' },
  logs?: string[],
) {
  return new RecruitingConnector({
    auth: auth as never,
    baseUrl: `${fake.url}/v3`,
    fetch: routedFetch(),
    retry: { initialDelayMs: 1, maxDelayMs: 5 },
    ...(logs ? { logger: recordingLogger(logs) } : {}),
  });
}

/** Every log line with its fields, as text, to search for leaked secrets. */
function recordingLogger(lines: string[]) {
  const record = (message: string, fields?: Record<string, unknown>) => lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  return { debug: record, info: record, warn: record, error: record };
}

const apiRequests = () => fake.requests.filter((r) => r.path !== '/token');

describe('Harvest v3 token (OAuth client credentials)', () => {
  it('fetches one token with Basic client auth and the form body Greenhouse documents, then reuses it', async () => {
    const gh = connector();
    await gh.departments.list();
    await gh.jobs.list();
    expect(fake.tokenRequests).toHaveLength(1);
    const t = fake.tokenRequests[0]!;
    expect(t.method).toBe('POST');
    expect(t.headers['authorization']).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`);
    expect(t.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(t.body).toEqual({ grant_type: 'client_credentials', sub: '4080' });
    for (const r of apiRequests()) expect(r.headers['authorization']).toMatch(/^Bearer ghv3_/);
  });

  it('leaves out `sub` when no user_id is given', async () => {
    await connector({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET }).departments.list();
    expect(fake.tokenRequests[0]!.body).toEqual({ grant_type: 'client_credentials' });
  });

  it('fetches a new token once when the current one stops working, even for concurrent calls (single-flight)', async () => {
    const gh = connector();
    await gh.departments.list();
    expect(fake.issued()).toBeGreaterThan(0);
    const before = fake.tokenRequests.length;
    fake.revokeTokens();
    const results = await Promise.all([gh.departments.list(), gh.offices.list(), gh.sources.list(), gh.jobs.list()]);
    expect(results.every((page) => page.data.length > 0)).toBe(true);
    expect(fake.tokenRequests.length - before).toBe(1);
  });

  it('renews the token before it expires (expires_in), without waiting for a 401', async () => {
    // Only Date is faked: the token's lifetime is read against Date.now, sockets keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const gh = connector();
      await gh.departments.list();
      const firstToken = apiRequests()[0]!.headers['authorization'];
      vi.setSystemTime(Date.now() + 30 * 60_000); // half of the fake's 3600 s: the token is kept
      await gh.departments.list();
      expect(fake.tokenRequests).toHaveLength(1);
      vi.setSystemTime(Date.now() + 29.5 * 60_000); // inside the renewal margin before expiry
      await gh.departments.list();
      expect(fake.tokenRequests).toHaveLength(2);
      const tokens = apiRequests().map((r) => r.headers['authorization']);
      expect(tokens[1]).toBe(firstToken);
      expect(tokens[2]).not.toBe(firstToken);
      expect(fake.requests.filter((r) => r.path !== '/token')).toHaveLength(3); // no 401 and retry
    } finally {
      vi.useRealTimers();
    }
  });

  it('refused client credentials are an AuthenticationError that shows neither secret', async () => {
    const logs: string[] = [];
    const gh = connector({ client_id: CLIENT_ID, client_secret: 'wrong_secret_5a5a5a5a5aSwItChYaRd' }, logs);
    const error = await gh.candidates.list().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('AuthenticationError');
    const text = `${String(error)} ${JSON.stringify(error)} ${error?.stack ?? ''} ${logs.join('\n')}`;
    expect(text).not.toContain('wrong_secret_5a5a5a5a5aSwItChYaRd');
    expect(text).not.toContain(Buffer.from(`${CLIENT_ID}:wrong_secret_5a5a5a5a5aSwItChYaRd`).toString('base64'));
    expect(apiRequests()).toHaveLength(0);
  });
});

describe('Harvest v3 requests', () => {
  it('candidates.list sends the v3 path, per_page and a `gte|` time filter, and maps renamed fields', async () => {
    const since = '2020-01-01T00:00:00Z';
    const page = await connector().candidates.list({ per_page: 5 });
    const users = await connector().users.list({ per_page: 3, updated_after: since, created_after: since });
    const [first, second] = apiRequests();
    expect(first!.path).toBe('/v3/candidates');
    expect(first!.query).toEqual({ per_page: '5' });
    expect(second!.query).toEqual({ per_page: '3', updated_at: `gte|${since}`, created_at: `gte|${since}` });
    const candidate = page.data[0]!;
    expect(typeof candidate.is_private).toBe('boolean');
    expect(candidate.is_private).toBe((candidate as unknown as Record<string, unknown>)['private']);
    expect(typeof users.data[0]!.disabled).toBe('boolean');
    expect(users.data[0]!.primary_email_address).toContain('@');
  });

  it('get reads the list filtered by `ids` and returns that record, or null when none matches', async () => {
    const id = fake.data.candidates[3]!['id'] as number;
    const gh = connector();
    const found = await gh.candidates.get({ id });
    expect(found.data?.id).toBe(id);
    expect(apiRequests()[0]!.path).toBe('/v3/candidates');
    expect(apiRequests()[0]!.query).toEqual({ ids: String(id) });
    expect((await gh.candidates.get({ id: 999_999_999 })).data).toBeNull();
  });

  it('pages across 3+ pages following rel="next", each later request carrying only the cursor', async () => {
    const gh = connector();
    const seen: number[] = [];
    for await (const c of gh.candidates.list({ per_page: 7 })) seen.push(c.id);
    expect(seen).toEqual(fake.data.candidates.map((c) => c['id']));
    const requests = apiRequests();
    expect(requests.length).toBe(Math.ceil(fake.data.candidates.length / 7));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests[0]!.query).toEqual({ per_page: '7' });
    for (const r of requests.slice(1)) expect(Object.keys(r.query)).toEqual(['cursor']);
  });

  it('meta carries next_cursor (next_page is null) and a cursor passed back is sent alone', async () => {
    const gh = connector();
    const first = await gh.applications.list({ per_page: 4, status: 'active' });
    expect(first.meta.next_page).toBeNull();
    expect(typeof first.meta.next_cursor).toBe('string');
    const second = await gh.applications.list({ per_page: 4, status: 'active', cursor: first.meta.next_cursor! });
    expect(apiRequests()[1]!.query).toEqual({ cursor: first.meta.next_cursor });
    expect(second.data.every((a) => a.status === 'active')).toBe(true);
  });
});

describe('Harvest v3 failures', () => {
  it('a 429 with Retry-After is waited out and retried with the same token', async () => {
    fake.failNext('/v3/jobs', { kind: 'status', status: 429, headers: { 'retry-after': '0' }, body: { message: 'Rate limit exceeded' } });
    const page = await connector().jobs.list({ per_page: 2 });
    expect(page.data).toHaveLength(2);
    const jobs = apiRequests().filter((r) => r.path === '/v3/jobs');
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.headers['authorization']).toBe(jobs[0]!.headers['authorization']);
  });

  it('a cursor sent with other parameters is refused by v3 (400) and surfaces as a typed error', async () => {
    // What the connector never does, checked against the fake so the rule it enforces is real.
    const gh = connector();
    const first = await gh.candidates.list({ per_page: 3 });
    const response = await fetch(`${fake.url}/v3/candidates?cursor=${first.meta.next_cursor}&per_page=3`, {
      headers: { authorization: apiRequests()[0]!.headers['authorization']! },
    });
    expect(response.status).toBe(400);
  });

  it('neither the client secret nor an access token appears in logs or errors', async () => {
    const logs: string[] = [];
    const gh = connector(undefined, logs);
    await gh.departments.list();
    fake.failNext('/v3/offices', { kind: 'status', status: 500 }, 10);
    const error = await gh.offices.list().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('ServerError');
    const tokens = apiRequests().map((r) => r.headers['authorization']!.slice('Bearer '.length));
    const text = `${String(error)} ${JSON.stringify(error)} ${error?.stack ?? ''} ${logs.join('\n')}`;
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [CLIENT_SECRET, ...tokens, Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('What Harvest v3 cannot do, refused before any I/O', () => {
  it.each<[string, (gh: RecruitingConnector) => PromiseLike<unknown>]>([
    ['scheduled_interviews.list', (gh) => gh.scheduled_interviews.list()],
    ['scheduled_interviews.get', (gh) => gh.scheduled_interviews.get({ id: 1 })],
    ['candidate_attachment.download', (gh) => gh.candidate_attachment.download({ id: 1 })],
    ['application_attachment.download', (gh) => gh.application_attachment.download({ id: 1 })],
  ])('%s is a ConfigurationError naming the action', async (name, call) => {
    const error = await Promise.resolve()
      .then(() => call(connector()))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String((error as Error).message)).toContain(name);
    expect(String((error as Error).message)).toContain('Harvest v3');
    expect(fake.requests).toHaveLength(0);
  });

  it('v1-only parameters are a ValidationError naming them (page, job_id, *_before)', async () => {
    for (const params of [{ page: 2 }, { job_id: 5 }, { created_before: '2024-01-01T00:00:00Z' }]) {
      await expect(connector().applications.list(params as never)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('the API key kind refuses the v3 cursor parameter', async () => {
    const v1 = new RecruitingConnector({ auth: { api_key: 'k' }, baseUrl: `${fake.url}/v1` });
    await expect(v1.candidates.list({ cursor: 'abc' })).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests).toHaveLength(0);
  });
});
