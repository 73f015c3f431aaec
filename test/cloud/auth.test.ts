import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  CloudWorkspace,
  ConfigurationError,
  FAST,
  rejection,
  useFakePlatform,
  workspaceFor,
  type FakePlatform,
} from './helpers.js';

const tokenCalls = (fake: FakePlatform) => fake.requests.filter((r) => r.api === 'token');
const bearerOf = (fake: FakePlatform, index: number) => fake.requests.filter((r) => r.api !== 'token')[index]?.headers['authorization'];

describe('client-credentials tokens', () => {
  const ctx = useFakePlatform();

  it('fetches one token with a JSON client_credentials body and no Authorization header, then reuses it for both APIs', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    await connection.checkIsValid();
    await connection.enabled;
    await connection.getCatalogArtifact(); // config API
    await connection.getPreviousSyncLogs();
    const tokens = tokenCalls(fake);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.method).toBe('POST');
    expect(tokens[0]!.rawPath).toBe('/api/public/v1/applications/token');
    expect(tokens[0]!.headers['content-type']).toBe('application/json');
    expect(tokens[0]!.headers['authorization']).toBeUndefined();
    expect(tokens[0]!.body).toEqual({ grant_type: 'client_credentials', client_id: fake.clientId, client_secret: fake.clientSecret });
    const used = fake.requests.filter((r) => r.api !== 'token').map((r) => r.headers['authorization']);
    expect(used.length).toBe(4);
    expect(new Set(used)).toEqual(new Set([`Bearer ${fake.issuedTokens[0]}`]));
    expect(fake.requests.some((r) => r.api === 'config')).toBe(true);
  });

  it('single-flights the token request when many calls start at once', async () => {
    const { fake, workspace } = ctx;
    const ids = [fake.addConnection(), fake.addConnection(), fake.addConnection()].map((c) => c.connectionId);
    await Promise.all([...ids, ...ids].map((id) => workspace.getConnection(id).enabled));
    expect(tokenCalls(fake)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.api === 'public')).toHaveLength(6);
  });

  it('renews a token min(60 s, lifetime/2) before it expires, timed from when it was requested', async () => {
    const { fake } = ctx;
    fake.tokenLifetimeS = 600;
    let now = 1_000_000;
    const workspace = workspaceFor(fake, { now: () => now });
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    await connection.enabled;
    now += 539_000; // 61 s left: still good
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(1);
    now += 2_000; // 59 s left: inside the 60 s margin
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(2);
    expect(bearerOf(fake, 2)).toBe(`Bearer ${fake.issuedTokens[1]}`);
  });

  it('uses half the lifetime as the margin for short-lived tokens', async () => {
    const { fake } = ctx;
    fake.tokenLifetimeS = 10;
    let now = 5_000_000;
    const connection = workspaceFor(fake, { now: () => now }).getConnection(fake.addConnection().connectionId);
    await connection.enabled;
    now += 4_900;
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(1);
    now += 200; // 4.9 s left of 10 s: past the 5 s margin
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(2);
  });

  it.each([
    ['missing', null],
    ['negative', -5],
    ['not a number', 'soon'],
  ])('assumes a 180 s lifetime when expires_in is %s', async (_what, reported) => {
    const { fake } = ctx;
    fake.reportedExpiresIn = reported;
    let now = 9_000_000;
    const connection = workspaceFor(fake, { now: () => now }).getConnection(fake.addConnection().connectionId);
    await connection.enabled;
    now += 119_000;
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(1);
    now += 2_000; // 59 s left of the assumed 180
    await connection.enabled;
    expect(tokenCalls(fake)).toHaveLength(2);
  });

  it('on a 401 drops the token, fetches a new one and replays the request once', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    await connection.enabled;
    fake.expireTokens(); // the platform ends the token early
    expect(await connection.enabled).toBe(true);
    const gets = fake.calls('GET', /^\/connections\//);
    expect(gets.map((r) => r.status)).toEqual([200, 401, 200]);
    expect(gets[2]!.headers['authorization']).toBe(`Bearer ${fake.issuedTokens[1]}`);
    expect(tokenCalls(fake)).toHaveLength(2);
  });

  it('replays POST /jobs after a 401, because the platform did not process it, and starts exactly one job', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    await connection.enabled;
    fake.expireTokens();
    const result = await connection.runSync({ wait: false });
    expect(fake.calls('POST', '/jobs').map((r) => r.status)).toEqual([401, 200]);
    expect(fake.jobs.size).toBe(1);
    expect(result.jobId).toBe([...fake.jobs.keys()][0]);
  });

  it('refreshes when the token expires in the middle of a waited sync, without a second POST /jobs', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    fake.scriptNextSync(c.connectionId, [
      { status: 'pending' },
      { status: 'running', rowsSynced: 1 },
      { status: 'running', rowsSynced: 2 },
      { status: 'succeeded', rowsSynced: 3 },
    ]);
    let expired = false;
    const result = await workspace.getConnection(c.connectionId).runSync({
      onProgress: (p) => {
        if (p.status === 'running' && !expired) {
          expired = true;
          fake.expireTokens();
        }
      },
    });
    expect(result.status).toBe('succeeded');
    expect(fake.calls('POST', '/jobs')).toHaveLength(1);
    expect(tokenCalls(fake)).toHaveLength(2);
    expect(fake.calls('GET', /^\/jobs\/\d+$/).map((r) => r.status)).toContain(401);
  });

  it('gives up with AuthenticationError when the renewed token is refused too', async () => {
    const { fake, workspace } = ctx;
    fake.tokenLifetimeS = 0; // every token the platform issues is already invalid
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).enabled);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.name).toBe('AuthenticationError');
    expect(tokenCalls(fake)).toHaveLength(2);
    expect(fake.calls('GET', /^\/connections\//)).toHaveLength(2);
  });

  it('reports refused client credentials as AuthenticationError without retrying or echoing the secret', async () => {
    const { fake } = ctx;
    const workspace = workspaceFor(fake, { clientSecret: 'wrong-secret-value-1234' });
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).checkIsValid());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toContain('refused the client credentials');
    expect(error.message).not.toContain('wrong-secret-value-1234');
    expect(tokenCalls(fake)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.api === 'public')).toHaveLength(0);
  });

  it('accepts a token_type of bearer in any case and refuses other token types', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    fake.reportedTokenType = 'bearer';
    expect(await connection.enabled).toBe(true);
    fake.reportedTokenType = 'MAC';
    const error = await rejection(workspaceFor(fake).getConnection(fake.addConnection().connectionId).enabled);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(fake.requests.filter((r) => r.api === 'public')).toHaveLength(1);
  });

  it('retries the token request after a 503 (asking for another token is harmless)', async () => {
    const { fake, workspace } = ctx;
    fake.fail({ path: '/applications/token', status: 503 });
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    expect(await connection.enabled).toBe(true);
    expect(tokenCalls(fake).map((r) => r.status)).toEqual([503, 200]);
  });
});

describe('bearer-token mode', () => {
  const ctx = useFakePlatform();

  it('sends the given token on every request and never calls the token endpoint', async () => {
    const { fake } = ctx;
    fake.staticTokens.add('static-token-abcdef');
    const workspace = new CloudWorkspace({
      workspaceId: fake.workspaceId,
      bearerToken: 'static-token-abcdef',
      apiRoot: fake.apiRoot,
      ...FAST,
    });
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    await connection.checkIsValid();
    await connection.getStateArtifacts();
    expect(tokenCalls(fake)).toHaveLength(0);
    expect(fake.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer static-token-abcdef', 'Bearer static-token-abcdef']);
  });

  it('turns a 401 into AuthenticationError at once: there is nothing to renew', async () => {
    const { fake } = ctx;
    const workspace = new CloudWorkspace({
      workspaceId: fake.workspaceId,
      bearerToken: 'expired-token-xyz',
      apiRoot: fake.apiRoot,
      ...FAST,
    });
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).checkIsValid());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(fake.requests).toHaveLength(1);
    expect(error.message).not.toContain('expired-token-xyz');
  });
});
