import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  CloudWorkspace,
  FAST,
  rejection,
  useFakePlatform,
  workspaceFor,
  type FakePlatform,
} from './helpers.js';

function capture() {
  const lines: unknown[] = [];
  const sink = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  return { logger: { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') }, lines };
}

function expectNoSecrets(fake: FakePlatform, texts: string[], extra: string[] = []) {
  const secrets = [fake.clientSecret, ...fake.issuedTokens, ...extra];
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('no credentials in errors or logs', () => {
  const ctx = useFakePlatform();

  it('redacts the client secret and every issued token, even when the platform echoes them', async () => {
    const { fake } = ctx;
    const { logger, lines } = capture();
    const workspace = workspaceFor(fake, { logger });
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    await connection.checkIsValid();
    fake.expireTokens(); // 401 → refresh → replay, logged
    fake.fail({ method: 'GET', path: /^\/connections\//, status: 503 }); // a logged retry
    await connection.enabled;
    // A server that echoes the credentials it received in its error body.
    fake.fail({
      method: 'PATCH',
      path: /^\/connections\//,
      status: 400,
      body: (req: { headers: Record<string, unknown> }) => ({
        type: 'x#bad-request',
        status: 400,
        detail: `rejected ${String(req.headers['authorization'])} of app ${fake.clientSecret}`,
      }),
    });
    const error = await rejection(connection.rename('x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('[REDACTED]'); // the echo reached the message, redacted
    expect(fake.issuedTokens).toHaveLength(2);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.some((l) => (l as { level: string }).level === 'warn')).toBe(true);
    expectNoSecrets(fake, [error.message, JSON.stringify((error as ApiError).body), JSON.stringify(lines), error.stack ?? '']);
  });

  it('redacts a token echoed on its very first use, before any refresh', async () => {
    const { fake, workspace } = ctx;
    fake.fail({
      method: 'GET',
      path: /^\/connections\//,
      status: 400,
      body: (req: { headers: Record<string, unknown> }) => ({ detail: `echo ${String(req.headers['authorization'])}` }),
    });
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).checkIsValid());
    expect(fake.issuedTokens).toHaveLength(1);
    expect(error.message).toContain('echo Bearer [REDACTED]');
    expectNoSecrets(fake, [error.message, JSON.stringify((error as ApiError).body)]);
  });

  it('redacts the secret when the token endpoint echoes it in a refusal', async () => {
    const { fake } = ctx;
    const { logger, lines } = capture();
    fake.fail({
      path: '/applications/token',
      status: 401,
      body: (req: { body: unknown }) => ({ type: 'x#unauthorized', status: 401, detail: `bad client ${JSON.stringify(req.body)}` }),
    });
    const error = await rejection(workspaceFor(fake, { logger }).getConnection(fake.addConnection().connectionId).checkIsValid());
    expect(error).toBeInstanceOf(AuthenticationError);
    expectNoSecrets(fake, [error.message, JSON.stringify((error as ApiError).body), JSON.stringify(lines)]);
    expect(JSON.stringify((error as ApiError).body)).toContain('[REDACTED]');
  });

  it('redacts a bearer token in bearer mode', async () => {
    const { fake } = ctx;
    const { logger, lines } = capture();
    const token = 'static-bearer-token-0123456789';
    fake.staticTokens.add(token);
    fake.fail({
      method: 'GET',
      path: /^\/connections\//,
      status: 400,
      body: (req: { headers: Record<string, unknown> }) => ({ detail: `echo ${String(req.headers['authorization'])}` }),
    });
    const workspace = new CloudWorkspace({ workspaceId: fake.workspaceId, bearerToken: token, apiRoot: fake.apiRoot, logger, ...FAST });
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).checkIsValid());
    expect(error.message).toContain('[REDACTED]');
    expectNoSecrets(fake, [error.message, JSON.stringify(lines)], [token]);
  });

  it('keeps credentials off the public objects', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    const result = await connection.runSync({ wait: false });
    const texts = [
      inspect(workspace, { depth: 10 }),
      JSON.stringify(workspace),
      inspect(connection, { depth: 10 }),
      JSON.stringify(result),
    ];
    expectNoSecrets(fake, texts);
  });
});
