import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConflictError,
  ConnectionError,
  MissingResourceError,
  ServerError,
  SyncFailedError,
  SyncTimeoutError,
  ValidationError,
  rejection,
  useFakePlatform,
  workspaceFor,
  type SyncProgress,
} from './helpers.js';

const ctx = useFakePlatform();
const posts = () => ctx.fake.calls('POST', '/jobs');
const polls = () => ctx.fake.calls('GET', /^\/jobs\/\d+$/);

function connectionWith(steps?: Parameters<typeof ctx.fake.scriptNextSync>[1]) {
  const c = ctx.fake.addConnection();
  if (steps) ctx.fake.scriptNextSync(c.connectionId, steps);
  return { c, connection: ctx.workspace.getConnection(c.connectionId) };
}

describe('runSync lifecycles', () => {
  it('POSTs {connectionId, jobType: sync} once, polls pending → running → succeeded and reports progress', async () => {
    const { c, connection } = connectionWith();
    const progress: SyncProgress[] = [];
    const result = await connection.runSync({ onProgress: (p) => progress.push(p) });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({ connectionId: c.connectionId, jobType: 'sync' });
    expect(result).toMatchObject({ status: 'succeeded', rowsSynced: 1000, bytesSynced: 80_000, isFinal: true });
    expect(result.startTime).toBeInstanceOf(Date);
    expect(polls().every((r) => r.path === `/jobs/${result.jobId}`)).toBe(true);
    expect(polls()).toHaveLength(3);
    expect(progress.map((p) => [p.status, p.previousStatus, p.rowsSynced, p.bytesSynced, p.final])).toEqual([
      ['pending', null, 0, 0, false],
      ['running', 'pending', 0, 0, false],
      ['running', 'running', 500, 40_000, false],
      ['succeeded', 'running', 1000, 80_000, true],
    ]);
    expect(progress.every((p) => p.jobId === result.jobId)).toBe(true);
  });

  it('reports only changes: an unchanged poll produces no progress event', async () => {
    const { connection } = connectionWith([
      { status: 'running', rowsSynced: 5 },
      { status: 'running', rowsSynced: 5 },
      { status: 'running', rowsSynced: 5 },
      { status: 'succeeded', rowsSynced: 5 },
    ]);
    const progress: SyncProgress[] = [];
    await connection.runSync({ onProgress: (p) => progress.push(p) });
    expect(progress.map((p) => p.status)).toEqual(['running', 'succeeded']);
  });

  it('keeps polling through queued, incomplete and statuses it does not know', async () => {
    const { connection } = connectionWith([
      { status: 'queued' },
      { status: 'warming_up' },
      { status: 'running' },
      { status: 'incomplete' },
      { status: 'running' },
      { status: 'succeeded', rowsSynced: 7 },
    ]);
    const seen: string[] = [];
    const result = await connection.runSync({ onProgress: (p) => seen.push(p.status) });
    expect(result.status).toBe('succeeded');
    expect(seen).toEqual(['queued', 'warming_up', 'running', 'incomplete', 'running', 'succeeded']);
  });

  it.each(['failed', 'cancelled'])('throws SyncFailedError when the job ends %s', async (status) => {
    const { c, connection } = connectionWith([{ status: 'pending' }, { status: 'running' }, { status, rowsSynced: 3 }]);
    const error = await rejection(connection.runSync());
    expect(error).toBeInstanceOf(SyncFailedError);
    expect(error).not.toBeInstanceOf(SyncTimeoutError);
    const failure = error as SyncFailedError;
    expect(failure).toMatchObject({
      name: 'SyncFailedError',
      jobStatus: status,
      connectionId: c.connectionId,
      jobHistoryUrl: connection.jobHistoryUrl,
    });
    expect(failure.syncResult.status).toBe(status);
    expect(failure.syncResult.rowsSynced).toBe(3);
    expect(failure.jobId).toBe(failure.syncResult.jobId);
    expect(error.message).toContain(`ended ${status}`);
    expect(posts()).toHaveLength(1);
  });

  it('throws SyncTimeoutError after waitTimeout seconds without cancelling the job, and the wait can be resumed', async () => {
    const { fake } = ctx;
    // 5 ms polls against a 0.05 s deadline allow at most ~11 polls, so 40 running steps outlast it.
    const running = Array.from({ length: 40 }, () => ({ status: 'running', rowsSynced: 1 }));
    const { connection } = connectionWith([{ status: 'pending' }, ...running, { status: 'succeeded', rowsSynced: 2 }]);
    const error = await rejection(connection.runSync({ waitTimeout: 0.05 }));
    expect(error).toBeInstanceOf(SyncTimeoutError);
    expect(error).toBeInstanceOf(SyncFailedError); // one catch covers both
    const timeout = error as SyncTimeoutError;
    expect(timeout).toMatchObject({ name: 'SyncTimeoutError', timeoutSeconds: 0.05, jobStatus: 'running' });
    expect(error.message).toContain('NOT cancelled');
    expect(error.message).toContain('waitForCompletion');
    expect(error.message).toContain(`getSyncResult(${timeout.jobId})`);
    expect(fake.calls('DELETE', /^\/jobs\//)).toHaveLength(0);
    expect(fake.jobs.get(timeout.jobId)!.steps.at(-1)!.status).toBe('succeeded'); // untouched on the platform

    // Resume waiting on the same result: it finishes this time.
    const done = await timeout.syncResult.waitForCompletion({ waitTimeout: 30, pollIntervalMs: 1 });
    expect(done.status).toBe('succeeded');
    expect(posts()).toHaveLength(1);
  });

  it('times out on a job that never finishes (wait timeout in seconds)', async () => {
    const { connection } = connectionWith([{ status: 'pending' }, { status: 'running' }]);
    const error = await rejection(connection.runSync({ waitTimeout: 0.03, pollIntervalMs: 2 }));
    expect(error).toBeInstanceOf(SyncTimeoutError);
    expect((error as SyncTimeoutError).syncResult.isFinal).toBe(false);
    expect(polls().length).toBeGreaterThan(0);
  });

  it('wait false returns at once with the status the POST answered', async () => {
    const { connection } = connectionWith();
    const result = await connection.runSync({ wait: false });
    expect(result.status).toBe('pending');
    expect(ctx.fake.trail()).toEqual(['POST /jobs']);
  });

  it('resumes a wait from getSyncResult(jobId)', async () => {
    const { connection } = connectionWith();
    const started = await connection.runSync({ wait: false });
    const again = await connection.getSyncResult(started.jobId);
    expect((await again!.waitForCompletion()).status).toBe('succeeded');
  });

  it('polls at the workspace pollIntervalMs unless runSync overrides it', async () => {
    const { fake } = ctx;
    const never = [{ status: 'pending' }, { status: 'running' }];
    const pollsOf = async (connectionId: string, run: () => Promise<unknown>) => {
      expect(await rejection(run())).toBeInstanceOf(SyncTimeoutError);
      return fake.calls('GET', /^\/jobs\/\d+$/).filter((r) => fake.jobs.get(Number(r.path.split('/')[2]))?.connectionId === connectionId)
        .length;
    };
    // A 10 s interval against a 0.05 s deadline: one poll, at the deadline.
    const slowWorkspace = connectionWith(never).c;
    const slow = workspaceFor(fake, { pollIntervalMs: 10_000 }).getConnection(slowWorkspace.connectionId);
    expect(await pollsOf(slowWorkspace.connectionId, () => slow.runSync({ waitTimeout: 0.05 }))).toBe(1);
    const overridden = connectionWith(never);
    expect(
      await pollsOf(overridden.c.connectionId, () => overridden.connection.runSync({ waitTimeout: 0.05, pollIntervalMs: 10_000 })),
    ).toBe(1);
    // The 5 ms workspace interval polls repeatedly within 0.2 s.
    const fast = connectionWith(never);
    expect(await pollsOf(fast.c.connectionId, () => fast.connection.runSync({ waitTimeout: 0.2 }))).toBeGreaterThan(1);
  });
});

describe('runSync never starts a second sync', () => {
  it('does not retry POST /jobs after a 503 — even though the platform had already started the job', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith();
    fake.fail({ method: 'POST', path: '/jobs', status: 503, afterProcessing: true });
    const error = await rejection(connection.runSync());
    expect(error).toBeInstanceOf(ServerError);
    expect(posts()).toHaveLength(1);
    expect(fake.jobs.size).toBe(1);
  });

  it('does not retry POST /jobs after a dropped connection', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith();
    fake.fail({ method: 'POST', path: '/jobs', drop: true, afterProcessing: true });
    const error = await rejection(connection.runSync());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(posts()).toHaveLength(1);
  });

  it('retries POST /jobs after a 429 with Retry-After (the platform did not process it) and starts one job', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith();
    fake.fail({ method: 'POST', path: '/jobs', status: 429, retryAfter: '0' });
    const result = await connection.runSync();
    expect(result.status).toBe('succeeded');
    expect(posts().map((r) => r.status)).toEqual([429, 200]);
    expect(fake.jobs.size).toBe(1);
  });

  it('retries polls on 5xx, 429 and dropped connections without a second POST', async () => {
    const { fake } = ctx;
    const c = fake.addConnection();
    // Three failures in a row need three retries (the runtime default is two).
    const connection = workspaceFor(fake, { maxRetries: 3 }).getConnection(c.connectionId);
    fake.fail({ method: 'GET', path: /^\/jobs\/\d+$/, status: 502 });
    fake.fail({ method: 'GET', path: /^\/jobs\/\d+$/, status: 429, retryAfter: '0' });
    fake.fail({ method: 'GET', path: /^\/jobs\/\d+$/, drop: true });
    const result = await connection.runSync();
    expect(result.status).toBe('succeeded');
    expect(posts()).toHaveLength(1);
    expect(
      polls()
        .map((r) => r.status)
        .slice(0, 3),
    ).toEqual([502, 429, 0]);
  });

  it('surfaces the platform 409 when a sync is already running', async () => {
    const { fake } = ctx;
    const { c, connection } = connectionWith();
    fake.addJob(c.connectionId, { status: 'running' });
    const error = await rejection(connection.runSync());
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('try-again-later');
    expect(posts()).toHaveLength(1);
  });
});

describe('runSync input, aborts and missing resources', () => {
  it.each([
    [{ waitTimeout: 0 }, 'waitTimeout'],
    [{ waitTimeout: -5 }, 'waitTimeout'],
    [{ waitTimeout: Number.NaN }, 'waitTimeout'],
    [{ pollIntervalMs: 0 }, 'pollIntervalMs'],
    [{ wait: 'no' }, 'wait'],
  ])('rejects %j before any request', async (options, path) => {
    const { connection } = connectionWith();
    const error = await rejection(connection.runSync(options as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toBe(path);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('an aborted wait stops waiting but never cancels the job', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith([{ status: 'pending' }, { status: 'running' }]);
    const controller = new AbortController();
    const error = await rejection(
      connection.runSync({
        signal: controller.signal,
        onProgress: (p) => {
          if (p.status === 'running') controller.abort();
        },
      }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(fake.calls('DELETE', /./)).toHaveLength(0);
  });

  it('maps a 404 on POST /jobs to MissingResourceError (connection)', async () => {
    const error = await rejection(ctx.workspace.getConnection('0f0f0f0f-0000-4000-8000-000000000406').runSync());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect((error as MissingResourceError).resourceType).toBe('connection');
  });

  it('maps a 404 while polling to MissingResourceError (job)', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith([{ status: 'pending' }, { status: 'running' }]);
    const error = await rejection(
      connection.runSync({
        onProgress: (p) => {
          if (p.status === 'running') fake.jobs.delete(p.jobId);
        },
      }),
    );
    expect(error).toBeInstanceOf(MissingResourceError);
    expect((error as MissingResourceError).resourceType).toBe('job');
  });

  it('cancel() sends DELETE /jobs/{jobId} and reads back the cancelled job', async () => {
    const { fake } = ctx;
    const { connection } = connectionWith([{ status: 'pending' }, { status: 'running' }]);
    const result = await connection.runSync({ wait: false });
    await result.cancel();
    expect(result.status).toBe('cancelled');
    expect(fake.calls('DELETE', `/jobs/${result.jobId}`)).toHaveLength(1);
    expect(await rejection(result.cancel())).toBeInstanceOf(ConflictError); // no longer running
  });
});
