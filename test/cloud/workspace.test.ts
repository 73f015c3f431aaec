import { describe, expect, it, vi } from 'vitest';
import {
  CLOUD_API_ROOT,
  CLOUD_CONFIG_API_ROOT,
  CLOUD_WEB_ROOT,
  CloudConnection,
  CloudWorkspace,
  ConfigurationError,
  ValidationError,
  rejection,
  thrown,
  useFakePlatform,
  workspaceFor,
} from './helpers.js';

const creds = { workspaceId: 'ws-1', clientId: 'app-id', clientSecret: 'app-secret-value' };

describe('CloudWorkspace construction', () => {
  it('defaults to the platform cloud roots', () => {
    const ws = new CloudWorkspace(creds);
    expect(ws.apiRoot).toBe('https://api.airbyte.com/v1');
    expect(ws.configApiRoot).toBe('https://cloud.airbyte.com/api/v1');
    expect(ws.webRoot).toBe('https://cloud.airbyte.com');
    expect(ws.tokenUrl).toBe('https://api.airbyte.com/v1/applications/token');
    expect([CLOUD_API_ROOT, CLOUD_CONFIG_API_ROOT, CLOUD_WEB_ROOT]).toEqual([ws.apiRoot, ws.configApiRoot, ws.webRoot]);
    expect(ws.authMode).toBe('client-credentials');
    expect(ws.pollIntervalMs).toBe(2000);
  });

  it('builds cloud web links for a connection without any request', () => {
    const fetch = vi.fn();
    const connection = new CloudWorkspace({ ...creds, fetch }).getConnection('conn-1');
    expect(connection.connectionUrl).toBe('https://cloud.airbyte.com/workspaces/ws-1/connections/conn-1');
    expect(connection.jobHistoryUrl).toBe('https://cloud.airbyte.com/workspaces/ws-1/connections/conn-1/timeline');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('derives the config and web roots of a self-managed install and trims trailing slashes', () => {
    const ws = new CloudWorkspace({ ...creds, apiRoot: 'https://airbyte.example.com/api/public/v1/' });
    expect(ws.apiRoot).toBe('https://airbyte.example.com/api/public/v1');
    expect(ws.configApiRoot).toBe('https://airbyte.example.com/api/v1');
    expect(ws.webRoot).toBe('https://airbyte.example.com');
    expect(ws.tokenUrl).toBe('https://airbyte.example.com/api/public/v1/applications/token');
    expect(ws.getConnection('c').connectionUrl).toBe('https://airbyte.example.com/workspaces/ws-1/connections/c');
  });

  it('cannot derive config or web roots from an old separate API server, so links are null', () => {
    const ws = new CloudWorkspace({ ...creds, apiRoot: 'http://airbyte.internal:8006/v1' });
    expect(ws.configApiRoot).toBeNull();
    expect(ws.webRoot).toBeNull();
    expect(ws.tokenUrl).toBe('http://airbyte.internal:8006/v1/applications/token');
    const connection = ws.getConnection('c');
    expect(connection.connectionUrl).toBeNull();
    expect(connection.jobHistoryUrl).toBeNull();
  });

  it('takes explicit config, web and token roots', () => {
    const ws = new CloudWorkspace({
      ...creds,
      apiRoot: 'http://airbyte.internal:8006/v1',
      configApiRoot: 'http://airbyte.internal:8001/api/v1/',
      webRoot: 'http://airbyte.internal:8000',
      tokenUrl: 'http://airbyte.internal:8006/v1/applications/token',
    });
    expect(ws.configApiRoot).toBe('http://airbyte.internal:8001/api/v1');
    expect(ws.webRoot).toBe('http://airbyte.internal:8000');
    expect(ws.workspaceUrl).toBe('http://airbyte.internal:8000/workspaces/ws-1');
  });

  it('rejects roots that are not absolute http(s) URLs', () => {
    const error = thrown(() => new CloudWorkspace({ ...creds, apiRoot: 'api.airbyte.com/v1', webRoot: 'ftp://x' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['apiRoot', 'webRoot']);
  });

  it('accepts a bearer token instead of client credentials', () => {
    const ws = new CloudWorkspace({ workspaceId: 'ws-1', bearerToken: 'static-token-123' });
    expect(ws.authMode).toBe('bearer');
  });

  it.each([
    ['both modes', { ...creds, bearerToken: 'tok-12345' }, 'bearerToken'],
    ['an id without a secret', { workspaceId: 'ws-1', clientId: 'app-id' }, 'clientSecret'],
    ['a secret without an id', { workspaceId: 'ws-1', clientSecret: 'app-secret-value' }, 'clientId'],
    ['no credentials', { workspaceId: 'ws-1' }, 'clientId'],
    ['an empty bearer token', { workspaceId: 'ws-1', bearerToken: ' ' }, 'bearerToken'],
    ['an empty workspace id', { ...creds, workspaceId: '' }, 'workspaceId'],
    ['a non-positive poll interval', { ...creds, pollIntervalMs: 0 }, 'pollIntervalMs'],
  ])('rejects %s before any I/O', (_name, options, path) => {
    const fetch = vi.fn();
    const error = thrown(() => new CloudWorkspace({ ...(options as typeof creds), fetch }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.name).toBe('ValidationError');
    expect((error as ValidationError).issues.map((i) => i.path)).toContain(path);
    expect(error.message).not.toContain('app-secret-value');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('getting a connection', () => {
  it('getConnection is lazy and returns a CloudConnection of this workspace', () => {
    const fetch = vi.fn();
    const ws = new CloudWorkspace({ ...creds, fetch });
    const connection = ws.getConnection('conn-9');
    expect(connection).toBeInstanceOf(CloudConnection);
    expect(connection.connectionId).toBe('conn-9');
    expect(connection.workspace).toBe(ws);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the constructor takes known source and destination ids and serves them without a request', async () => {
    const fetch = vi.fn();
    const connection = new CloudConnection(new CloudWorkspace({ ...creds, fetch }), 'conn-9', 'src-1', 'dst-1');
    expect(await connection.sourceId).toBe('src-1');
    expect(await connection.destinationId).toBe('dst-1');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([[''], ['   '], [undefined as unknown as string]])('rejects the connection id %j', (id) => {
    const ws = new CloudWorkspace(creds);
    expect(thrown(() => ws.getConnection(id))).toBeInstanceOf(ValidationError);
    expect(thrown(() => new CloudConnection(ws, id))).toBeInstanceOf(ValidationError);
  });

  it('rejects a workspace that is not a CloudWorkspace', () => {
    expect(thrown(() => new CloudConnection({ workspaceId: 'ws' } as unknown as CloudWorkspace, 'c'))).toBeInstanceOf(TypeError);
  });
});

describe('config API root that cannot be resolved', () => {
  const ctx = useFakePlatform();

  it('makes only the three config-API operations throw ConfigurationError, before any request', async () => {
    const { fake } = ctx;
    const c = fake.addConnection();
    const job = fake.addJob(c.connectionId);
    const ws = workspaceFor(fake, { configApiRoot: null });
    const connection = ws.getConnection(c.connectionId);
    for (const call of [() => connection.getCatalogArtifact(), () => connection.getStateArtifacts()]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toContain('configApiRoot');
    }
    expect(fake.requests).toEqual([]);
    // Everything else keeps working, including reading jobs; only their logs need the config API.
    const result = await connection.getSyncResult(job.jobId);
    expect(result?.jobId).toBe(job.jobId);
    expect(await connection.name).toBe(c.name);
    const before = fake.requests.length;
    expect(await rejection(result!.getFullLogText())).toBeInstanceOf(ConfigurationError);
    expect(fake.requests.length).toBe(before);
  });
});
