import { describe, expect, it } from 'vitest';
import { MissingResourceError, WorkspaceMismatchError, rejection, useFakePlatform } from './helpers.js';

const ctx = useFakePlatform();

describe('getCatalogArtifact', () => {
  it('checks the workspace, then POSTs web_backend/connections/get without refreshing the catalog', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const catalog = await workspace.getConnection(c.connectionId).getCatalogArtifact();
    expect(catalog).toEqual(c.catalog);
    expect(fake.trail()).toEqual([`GET /connections/${c.connectionId}`, 'POST config:/web_backend/connections/get']);
    const [call] = fake.calls('POST', '/web_backend/connections/get');
    expect(call!.rawPath).toBe('/api/v1/web_backend/connections/get');
    expect(call!.body).toEqual({ connectionId: c.connectionId, withRefreshedCatalog: false });
    expect(call!.headers['content-type']).toBe('application/json');
  });

  it('returns null when the platform has no catalog', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ catalog: null });
    expect(await workspace.getConnection(c.connectionId).getCatalogArtifact()).toBeNull();
  });

  it('returns null when the config API answers 404', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    fake.fail({
      path: '/web_backend/connections/get',
      status: 404,
      body: { message: 'Could not find connection', exceptionClassName: 'IdNotFoundKnownException' },
    });
    expect(await workspace.getConnection(c.connectionId).getCatalogArtifact()).toBeNull();
  });

  it('raises MissingResourceError for a connection that does not exist (from the pre-check)', async () => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection('0f0f0f0f-0000-4000-8000-000000000407').getCatalogArtifact());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(fake.requests.filter((r) => r.api === 'config')).toHaveLength(0);
  });

  it('never asks the config API about a connection of another workspace', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ workspaceId: '99999999-8888-4777-8666-555555555555' });
    const connection = workspace.getConnection(c.connectionId);
    expect(await rejection(connection.getCatalogArtifact())).toBeInstanceOf(WorkspaceMismatchError);
    expect(await rejection(connection.getStateArtifacts())).toBeInstanceOf(WorkspaceMismatchError);
    expect(fake.requests.filter((r) => r.api === 'config')).toHaveLength(0);
  });
});

describe('getStateArtifacts', () => {
  const streamState = [
    { streamDescriptor: { name: 'users', namespace: 'public' }, streamState: { cursor: '2026-01-01T00:00:00Z' } },
    { streamDescriptor: { name: 'orders' }, streamState: { cursor: 1234 } },
  ];

  it('POSTs state/get and returns per-stream state for stream-type state', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ state: { stateType: 'stream', streamState } });
    expect(await workspace.getConnection(c.connectionId).getStateArtifacts()).toEqual(streamState);
    const [call] = fake.calls('POST', '/state/get');
    expect(call!.api).toBe('config');
    expect(call!.body).toEqual({ connectionId: c.connectionId });
  });

  it('returns the per-stream entries of global-type state instead of dropping them', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ state: { stateType: 'global', globalState: { shared_state: { lsn: 42 }, streamStates: streamState } } });
    expect(await workspace.getConnection(c.connectionId).getStateArtifacts()).toEqual(streamState);
  });

  it('returns [] for legacy state (one blob, no per-stream entries) and null when no state is set', async () => {
    const { fake, workspace } = ctx;
    const legacy = fake.addConnection({ state: { stateType: 'legacy', state: { anything: true } } });
    expect(await workspace.getConnection(legacy.connectionId).getStateArtifacts()).toEqual([]);
    const unset = fake.addConnection({ state: { stateType: 'not_set' } });
    expect(await workspace.getConnection(unset.connectionId).getStateArtifacts()).toBeNull();
  });

  it('maps a config-API 404 to MissingResourceError', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    fake.fail({
      path: '/state/get',
      status: 404,
      body: { message: 'Could not find connection', exceptionClassName: 'IdNotFoundKnownException' },
    });
    const error = await rejection(workspace.getConnection(c.connectionId).getStateArtifacts());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(error.message).toContain(c.connectionId);
  });

  it('retries a config-API 503: config reads are POSTs but idempotent', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ state: { stateType: 'stream', streamState } });
    fake.fail({ path: '/state/get', status: 503 });
    expect(await workspace.getConnection(c.connectionId).getStateArtifacts()).toEqual(streamState);
    expect(fake.calls('POST', '/state/get').map((r) => r.status)).toEqual([503, 200]);
  });
});
