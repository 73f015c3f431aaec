import { describe, expect, it } from 'vitest';
import {
  ApiError,
  CascadeDeleteError,
  CloudConnection,
  ConflictError,
  MissingResourceError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
  ValueError,
  WorkspaceMismatchError,
  rejection,
  useFakePlatform,
} from './helpers.js';

const ctx = useFakePlatform();
const connectionGets = () => ctx.fake.calls('GET', /^\/connections\//);

describe('connection properties', () => {
  it('serves name, ids, stream names and prefix from one cached GET', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ name: 'Orders pipeline' });
    const connection = workspace.getConnection(c.connectionId);
    expect(connection.connectionId).toBe(c.connectionId);
    expect(connection.workspace).toBe(workspace);
    expect(await connection.name).toBe('Orders pipeline');
    expect(await connection.sourceId).toBe(c.sourceId);
    expect(await connection.destinationId).toBe(c.destinationId);
    expect(await connection.streamNames).toEqual(['users', 'orders']);
    expect(await connection.tablePrefix).toBe('raw_');
    expect(fake.trail()).toEqual([`GET /connections/${c.connectionId}`]);
  });

  it('shares one GET between concurrent first reads', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    await Promise.all([connection.name, connection.streamNames, connection.tablePrefix, connection.sourceId]);
    expect(connectionGets()).toHaveLength(1);
  });

  it('reads an absent prefix as "" and absent streams as []', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ prefix: undefined, streams: [] });
    const connection = workspace.getConnection(c.connectionId);
    expect(await connection.tablePrefix).toBe('');
    expect(await connection.streamNames).toEqual([]);
  });

  it('builds web links from the web root and the configured workspace id', () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection('7d6f8c1e-0000-4000-8000-000000000001');
    expect(connection.connectionUrl).toBe(`${fake.origin}/workspaces/${fake.workspaceId}/connections/7d6f8c1e-0000-4000-8000-000000000001`);
    expect(connection.jobHistoryUrl).toBe(`${connection.connectionUrl}/timeline`);
  });

  it('reads enabled fresh on every access: true exactly when the status is active', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    expect(await connection.enabled).toBe(true);
    c.status = 'inactive';
    expect(await connection.enabled).toBe(false);
    c.status = 'locked';
    expect(await connection.enabled).toBe(false);
    c.status = 'deprecated';
    expect(await connection.enabled).toBe(false);
    c.status = 'active';
    expect(await connection.enabled).toBe(true);
    expect(connectionGets()).toHaveLength(5);
  });

  it('fetches source and destination records and checks their workspace', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    const source = await connection.source;
    expect(source).toMatchObject({
      sourceId: c.sourceId,
      name: 'Production Postgres',
      sourceType: 'postgres',
      workspaceId: fake.workspaceId,
    });
    const destination = await connection.destination;
    expect(destination).toMatchObject({ destinationId: c.destinationId, destinationType: 'bigquery' });
    expect(fake.trail()).toEqual([
      `GET /connections/${c.connectionId}`,
      `GET /sources/${c.sourceId}`,
      `GET /destinations/${c.destinationId}`,
    ]);

    fake.actors.get(c.sourceId)!.workspaceId = '11111111-2222-4333-8444-555555555555';
    const error = await rejection(connection.source);
    expect(error).toBeInstanceOf(WorkspaceMismatchError);
    expect(error).toMatchObject({ name: 'WorkspaceMismatchError', resourceType: 'source', resourceId: c.sourceId });
  });
});

describe('checkIsValid', () => {
  it('is true for a connection of this workspace, and uses the cached record afterwards', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection().connectionId);
    expect(await connection.checkIsValid()).toBe(true);
    expect(await connection.checkIsValid()).toBe(true);
    await connection.name;
    expect(connectionGets()).toHaveLength(1);
  });

  it('maps a 404 to MissingResourceError with the HTTP error as cause', async () => {
    const { workspace } = ctx;
    const id = '0f0f0f0f-0000-4000-8000-000000000404';
    const error = await rejection(workspace.getConnection(id).checkIsValid());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(error).toMatchObject({ name: 'MissingResourceError', resourceType: 'connection', resourceId: id });
    expect(error.cause).toBeInstanceOf(NotFoundError);
  });

  it('throws WorkspaceMismatchError for another workspace and never caches that record', async () => {
    const { fake, workspace } = ctx;
    const other = '99999999-8888-4777-8666-555555555555';
    const c = fake.addConnection({ workspaceId: other });
    const connection = workspace.getConnection(c.connectionId);
    const error = await rejection(connection.checkIsValid());
    expect(error).toBeInstanceOf(WorkspaceMismatchError);
    expect(error).toMatchObject({ expectedWorkspaceId: fake.workspaceId, actualWorkspaceId: other, resourceType: 'connection' });
    // A later property read must not see the foreign record from a cache.
    expect(await rejection(connection.name)).toBeInstanceOf(WorkspaceMismatchError);
    expect(connectionGets()).toHaveLength(2);
  });

  it('treats a soft-deleted (deprecated) connection as missing', async () => {
    const { fake, workspace } = ctx;
    const connection = workspace.getConnection(fake.addConnection({ status: 'deprecated' }).connectionId);
    const error = await rejection(connection.checkIsValid());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(error.message).toContain('deprecated');
  });

  it('keeps a 403 a permission error and says the id may not exist', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    fake.forbidden.add(c.connectionId);
    const error = await rejection(workspace.getConnection(c.connectionId).checkIsValid());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error.message).toContain('may not exist');
  });
});

describe('writes', () => {
  it('rename sends PATCH {name} only and resolves to the same, refreshed connection', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    const renamed = await connection.rename('Nightly orders');
    expect(renamed).toBe(connection);
    const [patch] = fake.calls('PATCH', `/connections/${c.connectionId}`);
    expect(patch!.body).toEqual({ name: 'Nightly orders' });
    expect(patch!.headers['content-type']).toBe('application/json');
    expect(await renamed.name).toBe('Nightly orders');
    expect(connectionGets()).toHaveLength(0); // the PATCH answer refreshed the cache
  });

  it('setTablePrefix sends {prefix}, "" included, and resolves to the refreshed connection', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    expect(await (await connection.setTablePrefix('stg_')).tablePrefix).toBe('stg_');
    expect(await (await connection.setTablePrefix('')).tablePrefix).toBe('');
    expect(fake.calls('PATCH', /^\/connections\//).map((r) => r.body)).toEqual([{ prefix: 'stg_' }, { prefix: '' }]);
  });

  it('setSelectedStreams replaces the selection and resolves to the refreshed connection', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = workspace.getConnection(c.connectionId);
    const result = await connection.setSelectedStreams(['users', 'invoices']);
    expect(result).toBe(connection);
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({
      configurations: { streams: [{ name: 'users' }, { name: 'invoices' }] },
    });
    expect(await connection.streamNames).toEqual(['users', 'invoices']);
    expect(c.streams.map((s) => s.syncMode)).toEqual(['full_refresh_overwrite', 'full_refresh_overwrite']);
  });

  it('setSelectedStreams passes full stream configurations through, minus empty arrays', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace
      .getConnection(c.connectionId)
      .setSelectedStreams([{ name: 'users', syncMode: 'incremental_append', cursorField: ['updated_at'], primaryKey: [] }, 'orders']);
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({
      configurations: { streams: [{ name: 'users', syncMode: 'incremental_append', cursorField: ['updated_at'] }, { name: 'orders' }] },
    });
    expect(c.streams[0]!.syncMode).toBe('incremental_append');
  });

  it.each([
    ['an empty list', []],
    ['a blank name', ['users', ' ']],
    ['a duplicate', ['users', 'users']],
    ['not a list', 'users'],
  ])('setSelectedStreams rejects %s before any request', async (_what, streams) => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).setSelectedStreams(streams as string[]));
    expect(error).toBeInstanceOf(ValidationError);
    expect(fake.requests).toHaveLength(0);
  });

  it('surfaces the platform 400 for a stream the source does not have', async () => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).setSelectedStreams(['no_such_stream']));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(error.message).toContain('no_such_stream');
  });

  it('setManualSchedule sends {schedule: {scheduleType: manual}}', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace.getConnection(c.connectionId).setManualSchedule();
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({ schedule: { scheduleType: 'manual' } });
    expect(c.schedule).toEqual({ scheduleType: 'manual' });
  });

  it.each([
    ['daily at midnight UTC', '0 0 0 * * ?'],
    ['every 6 hours', '0 0 0/6 * * ?'],
    ['weekly on Sunday at midnight UTC', '0 0 0 ? * SUN'],
  ])('setSchedule (%s) sends a Quartz cron schedule', async (_what, cron) => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace.getConnection(c.connectionId).setSchedule(cron);
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({ schedule: { scheduleType: 'cron', cronExpression: cron } });
    expect(c.schedule.cronExpression).toBe(`${cron} UTC`);
  });

  it('setSchedule rejects Unix cron before any request, with the Quartz form as a hint', async () => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).setSchedule('0 0 * * *'));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('"0 0 0 * * ?"');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('setEnabled', () => {
  it.each([
    [false, 'active', 'inactive'],
    [true, 'inactive', 'active'],
  ] as const)('setEnabled(%s) on an %s connection reads fresh, then PATCHes {status: %s}', async (enabled, from, to) => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ status: from });
    const connection = workspace.getConnection(c.connectionId);
    await connection.name; // a cached record must not replace the fresh read
    await connection.setEnabled(enabled);
    expect(fake.trail()).toEqual([
      `GET /connections/${c.connectionId}`,
      `GET /connections/${c.connectionId}`,
      `PATCH /connections/${c.connectionId}`,
    ]);
    expect(fake.calls('PATCH', /^\/connections\//)[0]!.body).toEqual({ status: to });
    expect(c.status).toBe(to);
  });

  it.each([
    [true, 'active'],
    [false, 'inactive'],
  ] as const)('setEnabled(%s) on an %s connection returns silently without a PATCH by default', async (enabled, status) => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ status });
    await workspace.getConnection(c.connectionId).setEnabled(enabled);
    expect(fake.trail()).toEqual([`GET /connections/${c.connectionId}`]);
  });

  it('throws ValueError for a no-op with ignoreNoop false, and sends no PATCH', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ status: 'inactive' });
    const error = await rejection(workspace.getConnection(c.connectionId).setEnabled(false, { ignoreNoop: false }));
    expect(error).toBeInstanceOf(ValueError);
    expect(error).toMatchObject({ name: 'ValueError', requestedStatus: 'inactive', currentStatus: 'inactive' });
    expect(fake.calls('PATCH', /./)).toHaveLength(0);
  });

  it('treats a deprecated connection as missing and sends no PATCH', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ status: 'deprecated' });
    expect(await rejection(workspace.getConnection(c.connectionId).setEnabled(true))).toBeInstanceOf(MissingResourceError);
    expect(fake.calls('PATCH', /./)).toHaveLength(0);
  });

  it('reports the platform 409 for a locked connection with its status reason', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection({ status: 'locked', statusReason: 'billing: account suspended' });
    const error = await rejection(workspace.getConnection(c.connectionId).setEnabled(false));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toContain('billing: account suspended');
  });

  it('rejects a non-boolean before any request', async () => {
    const { fake, workspace } = ctx;
    const error = await rejection(workspace.getConnection(fake.addConnection().connectionId).setEnabled('yes' as unknown as boolean));
    expect(error).toBeInstanceOf(ValidationError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('permanentlyDelete', () => {
  it('deletes only the connection by default (a soft delete)', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace.getConnection(c.connectionId).permanentlyDelete();
    expect(fake.trail()).toEqual([`DELETE /connections/${c.connectionId}`]);
    expect(c.status).toBe('deprecated');
    expect(fake.actors.has(c.sourceId)).toBe(true);
  });

  it('resolves both ids first, then deletes connection, source and destination in that order', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await workspace.getConnection(c.connectionId).permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true });
    expect(fake.trail()).toEqual([
      `GET /connections/${c.connectionId}`,
      `DELETE /connections/${c.connectionId}`,
      `DELETE /sources/${c.sourceId}`,
      `DELETE /destinations/${c.destinationId}`,
    ]);
    expect(fake.calls('DELETE', /./).map((r) => r.status)).toEqual([204, 204, 204]);
  });

  it('needs no GET when the constructor was given the ids', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    await new CloudConnection(workspace, c.connectionId, c.sourceId, c.destinationId).permanentlyDelete({ cascadeDeleteDestination: true });
    expect(fake.trail()).toEqual([`DELETE /connections/${c.connectionId}`, `DELETE /destinations/${c.destinationId}`]);
  });

  it('maps a 404 on the connection to MissingResourceError', async () => {
    const { workspace } = ctx;
    const error = await rejection(workspace.getConnection('0f0f0f0f-0000-4000-8000-000000000405').permanentlyDelete());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect((error as MissingResourceError).resourceType).toBe('connection');
  });

  it('says what was already deleted when a cascade step fails', async () => {
    const { fake, workspace } = ctx;
    const c = fake.addConnection();
    const connection = new CloudConnection(workspace, c.connectionId, c.sourceId, c.destinationId);
    fake.actors.delete(c.sourceId); // someone removed the source meanwhile → 404 on the cascade step
    const error = await rejection(connection.permanentlyDelete({ cascadeDeleteSource: true, cascadeDeleteDestination: true }));
    expect(error).toBeInstanceOf(CascadeDeleteError);
    expect(error).toMatchObject({ name: 'CascadeDeleteError', failedStep: 'source', deleted: ['connection'] });
    expect(error.cause).toBeInstanceOf(MissingResourceError);
    expect((error.cause as MissingResourceError).resourceType).toBe('source');
    expect(c.status).toBe('deprecated');
    expect(fake.calls('DELETE', /^\/destinations\//)).toHaveLength(0);
  });
});
