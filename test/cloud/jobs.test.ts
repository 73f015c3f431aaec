import { describe, expect, it } from 'vitest';
import {
  MAX_JOBS_PAGE,
  MalformedResponseError,
  MissingResourceError,
  SyncResult,
  ValidationError,
  rejection,
  useFakePlatform,
} from './helpers.js';

const ctx = useFakePlatform();
const listCalls = () => ctx.fake.calls('GET', '/jobs');

function seed(count: number, init: Parameters<typeof ctx.fake.addJob>[1] = {}) {
  const c = ctx.fake.addConnection();
  const jobs = Array.from({ length: count }, () => ctx.fake.addJob(c.connectionId, init));
  return { c, jobs, connection: ctx.workspace.getConnection(c.connectionId) };
}

describe('getPreviousSyncLogs', () => {
  it('sends the default query (20, offset 0, newest first, sync jobs) and returns SyncResults newest first', async () => {
    const { c, jobs, connection } = seed(3, { rowsSynced: 42, bytesSynced: 4200 });
    const results = await connection.getPreviousSyncLogs();
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]!.query).toEqual({
      connectionId: [c.connectionId],
      limit: ['20'],
      offset: ['0'],
      orderBy: ['createdAt|DESC'],
      jobType: ['sync'],
    });
    expect(listCalls()[0]!.rawUrl).toContain('orderBy=createdAt%7CDESC');
    expect(results.map((r) => r.jobId)).toEqual(jobs.map((j) => j.jobId).reverse());
    const [newest] = results;
    expect(newest).toBeInstanceOf(SyncResult);
    expect(newest).toMatchObject({ status: 'succeeded', rowsSynced: 42, bytesSynced: 4200, connectionId: c.connectionId });
    expect(newest!.startTime).toBeInstanceOf(Date);
    expect(newest!.startTime!.getTime()).toBe(Math.floor(jobs[2]!.createdAt / 1000) * 1000);
  });

  it('lists oldest first with fromTail false', async () => {
    const { jobs, connection } = seed(3);
    const results = await connection.getPreviousSyncLogs({ fromTail: false });
    expect(listCalls()[0]!.query['orderBy']).toEqual(['createdAt|ASC']);
    expect(results.map((r) => r.jobId)).toEqual(jobs.map((j) => j.jobId));
  });

  it('pages past the 100-row server page when limit is larger', async () => {
    const { jobs, connection } = seed(250);
    const results = await connection.getPreviousSyncLogs({ limit: 230 });
    expect(MAX_JOBS_PAGE).toBe(100);
    expect(listCalls().map((r) => [r.query['limit']![0], r.query['offset']![0]])).toEqual([
      ['100', '0'],
      ['100', '100'],
      ['30', '200'],
    ]);
    const expected = jobs
      .map((j) => j.jobId)
      .reverse()
      .slice(0, 230);
    expect(results.map((r) => r.jobId)).toEqual(expected);
  });

  it('stops on a short page when fewer jobs exist than asked for', async () => {
    const { connection } = seed(150);
    const results = await connection.getPreviousSyncLogs({ limit: 500, fromTail: false });
    expect(results).toHaveLength(150);
    expect(listCalls().map((r) => r.query['offset']![0])).toEqual(['0', '100']);
    expect(new Set(results.map((r) => r.jobId)).size).toBe(150);
  });

  it('starts at the given offset', async () => {
    const { jobs, connection } = seed(10);
    const results = await connection.getPreviousSyncLogs({ limit: 3, offset: 4 });
    expect(listCalls()[0]!.query).toMatchObject({ limit: ['3'], offset: ['4'] });
    expect(results.map((r) => r.jobId)).toEqual(
      jobs
        .map((j) => j.jobId)
        .reverse()
        .slice(4, 7),
    );
  });

  it('lists sync jobs only by default; jobType "all" omits the filter', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(2);
    const reset = fake.addJob(c.connectionId, { jobType: 'reset' });
    expect((await connection.getPreviousSyncLogs()).map((r) => r.jobId)).not.toContain(reset.jobId);
    const all = await connection.getPreviousSyncLogs({ jobType: 'all' });
    expect(all[0]!.jobId).toBe(reset.jobId);
    expect(all[0]!.jobType).toBe('reset');
    expect(listCalls()[1]!.query['jobType']).toBeUndefined();
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: -1 }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ fromTail: 'yes' }, 'fromTail'],
    [{ jobType: 'everything' }, 'jobType'],
  ])('rejects %j before any request', async (options, path) => {
    const { connection } = seed(1);
    const error = await rejection(connection.getPreviousSyncLogs(options as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toBe(path);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('retries a 429 with Retry-After and a 503 (listing is a read)', async () => {
    const { fake } = ctx;
    const { connection } = seed(2);
    fake.fail({ method: 'GET', path: '/jobs', status: 429, retryAfter: '0' });
    fake.fail({ method: 'GET', path: '/jobs', status: 503 });
    expect(await connection.getPreviousSyncLogs()).toHaveLength(2);
    expect(listCalls().map((r) => r.status)).toEqual([429, 503, 200]);
  });
});

describe('getSyncResult', () => {
  it('without an id returns the most recent sync job (not a newer reset)', async () => {
    const { fake } = ctx;
    const { c, jobs, connection } = seed(3);
    fake.addJob(c.connectionId, { jobType: 'reset' });
    const result = await connection.getSyncResult();
    expect(result!.jobId).toBe(jobs[2]!.jobId);
    expect(listCalls()[0]!.query).toEqual({
      connectionId: [c.connectionId],
      limit: ['1'],
      offset: ['0'],
      orderBy: ['createdAt|DESC'],
      jobType: ['sync'],
    });
  });

  it('without an id returns null when the connection has no jobs', async () => {
    const { connection } = seed(0);
    expect(await connection.getSyncResult()).toBeNull();
    expect(await connection.getSyncResult(null)).toBeNull();
  });

  it('with an id reads GET /jobs/{jobId}', async () => {
    const { jobs, connection } = seed(2);
    const result = await connection.getSyncResult(jobs[0]!.jobId);
    expect(result!.jobId).toBe(jobs[0]!.jobId);
    expect(ctx.fake.trail()).toEqual([`GET /jobs/${jobs[0]!.jobId}`]);
  });

  it('maps an unknown job id to MissingResourceError (job)', async () => {
    const { connection } = seed(1);
    const error = await rejection(connection.getSyncResult(987654));
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(error).toMatchObject({ resourceType: 'job', resourceId: '987654' });
  });

  it("refuses another connection's job as missing", async () => {
    const { fake } = ctx;
    const { connection } = seed(1);
    const foreign = fake.addJob(fake.addConnection().connectionId);
    const error = await rejection(connection.getSyncResult(foreign.jobId));
    expect(error).toBeInstanceOf(MissingResourceError);
    expect(error.message).toContain('belongs to connection');
  });

  it.each([[-1], [1.5], ['12']])('rejects the job id %j before any request', async (id) => {
    const { connection } = seed(1);
    expect(await rejection(connection.getSyncResult(id as number))).toBeInstanceOf(ValidationError);
    expect(ctx.fake.requests).toHaveLength(0);
  });
});

describe('answers the client cannot use', () => {
  it('a job row without a usable jobId is a MalformedResponseError; the read is retried, the sync start never re-sent', async () => {
    const { c, jobs, connection } = seed(1);
    const rowWithoutId = { status: 'running', jobType: 'sync', connectionId: c.connectionId, startTime: '2026-01-05T08:00Z' };
    ctx.fake.fail({ method: 'GET', path: `/jobs/${jobs[0]!.jobId}`, status: 200, times: 3, body: rowWithoutId });
    const read = await rejection(connection.getSyncResult(jobs[0]!.jobId));
    expect(read).toBeInstanceOf(MalformedResponseError);
    expect(read.message).toContain('a job without a usable jobId');
    expect((read as MalformedResponseError).status).toBe(200);
    expect(JSON.parse((read as MalformedResponseError).body)).toEqual(rowWithoutId);
    expect(ctx.fake.calls('GET', `/jobs/${jobs[0]!.jobId}`)).toHaveLength(3);

    ctx.fake.fail({ method: 'POST', path: '/jobs', status: 200, afterProcessing: true, body: { ...rowWithoutId, jobId: 'soon' } });
    expect(await rejection(connection.runSync({ wait: false }))).toBeInstanceOf(MalformedResponseError);
    expect(ctx.fake.calls('POST', '/jobs')).toHaveLength(1);

    ctx.fake.fail({ method: 'GET', path: '/jobs', status: 200, times: 3, body: { data: [{ ...rowWithoutId, jobId: 7 }, rowWithoutId] } });
    const page = await rejection(connection.getPreviousSyncLogs());
    expect(page).toBeInstanceOf(MalformedResponseError);
    expect(page.message).toContain('at data[1]');
  });

  it('a connection answer that is not a record is a MalformedResponseError, not a ValidationError', async () => {
    const { c, connection } = seed(0);
    ctx.fake.fail({ method: 'GET', path: `/connections/${c.connectionId}`, status: 200, times: 3, body: ['not', 'a', 'record'] });
    const error = await rejection(connection.checkIsValid());
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain('no connection record');
  });
});

describe('SyncResult', () => {
  it('parses the platform start time without seconds and keeps unparseable text raw', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const job = fake.addJob(c.connectionId, { createdAt: Date.UTC(2026, 2, 1, 12, 30, 0) });
    const result = (await connection.getSyncResult(job.jobId))!;
    expect(result.startTimeRaw).toBe('2026-03-01T12:30Z');
    expect(result.startTime?.toISOString()).toBe('2026-03-01T12:30:00.000Z');
    expect(result.toJSON()).toMatchObject({ jobId: job.jobId, startTime: '2026-03-01T12:30:00.000Z' });
    expect(result.jobUrl).toBe(`${connection.jobHistoryUrl}#${job.jobId}::0`);

    const odd = new SyncResult(connection, { ...result.raw, startTime: 'yesterday-ish' });
    expect(odd.startTime).toBeNull();
    expect(odd.startTimeRaw).toBe('yesterday-ish');
    expect(new SyncResult(connection, { ...result.raw, bytesSynced: undefined as never }).bytesSynced).toBe(0);
  });

  it('refresh re-reads a running job and does nothing once it is final', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const job = fake.addJob(c.connectionId, {
      steps: [
        { status: 'running', rowsSynced: 1 },
        { status: 'succeeded', rowsSynced: 9 },
      ],
    });
    const result = (await connection.getSyncResult())!;
    expect(result.status).toBe('running');
    expect(result.isFinal).toBe(false);
    await result.refresh();
    expect(result).toMatchObject({ status: 'succeeded', rowsSynced: 9, isFinal: true, isFailed: false });
    await result.refresh();
    expect(fake.calls('GET', `/jobs/${job.jobId}`)).toHaveLength(1);
  });

  it('reads the latest attempt log by default through the config API and renders structured events', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const job = fake.addJob(c.connectionId, {
      status: 'succeeded',
      attempts: [
        { status: 'failed', logs: { logLines: ['attempt one', 'boom'] } },
        {
          status: 'succeeded',
          logs: {
            events: [
              { timestamp: Date.UTC(2026, 0, 5, 8, 1, 0), level: 'info', message: 'Starting replication', logSource: 'platform' },
              {
                timestamp: Date.UTC(2026, 0, 5, 8, 1, 2),
                level: 'warn',
                message: 'Slow source',
                logSource: 'source',
                stackTrace: '  at read()',
              },
            ],
          },
        },
      ],
    });
    const result = (await connection.getSyncResult(job.jobId))!;
    const text = await result.getFullLogText();
    expect(text).toBe('2026-01-05T08:01:00.000Z INFO Starting replication\n2026-01-05T08:01:02.000Z WARN Slow source\n  at read()');
    const [call] = fake.calls('POST', '/jobs/get');
    expect(call!.api).toBe('config');
    expect(call!.body).toEqual({ id: job.jobId });

    const all = await result.getFullLogText({ attempts: 'all' });
    expect(all).toBe(`=== Attempt 0 (failed) ===\nattempt one\nboom\n\n=== Attempt 1 (succeeded) ===\n${text}`);
  });

  it('caches logs of a final job but fetches a running job again', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const done = fake.addJob(c.connectionId, { status: 'failed' });
    const finished = (await connection.getSyncResult(done.jobId))!;
    await finished.getFullLogText();
    await finished.getFullLogText();
    expect(fake.calls('POST', '/jobs/get')).toHaveLength(1);

    const running = fake.addJob(c.connectionId, { status: 'running', attempts: [{ status: 'running', logs: { logLines: ['line 1'] } }] });
    const live = (await connection.getSyncResult(running.jobId))!;
    expect(await live.getFullLogText()).toBe('line 1');
    running.attempts[0]!.logs = { logLines: ['line 1', 'line 2'] };
    expect(await live.getFullLogText()).toBe('line 1\nline 2');
    expect(fake.calls('POST', '/jobs/get')).toHaveLength(3);
  });

  it('returns "" when a job has no attempts or no logs, and rejects an unknown attempts mode', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const job = fake.addJob(c.connectionId, { attempts: [] });
    const result = (await connection.getSyncResult(job.jobId))!;
    expect(await result.getFullLogText()).toBe('');
    expect(await result.getFullLogText({ attempts: 'all' })).toBe('');
    expect(await rejection(result.getFullLogText({ attempts: 'first' as never }))).toBeInstanceOf(ValidationError);
  });

  it('maps a config-API 404 for the logs to MissingResourceError (job)', async () => {
    const { fake } = ctx;
    const { c, connection } = seed(0);
    const job = fake.addJob(c.connectionId, { status: 'running' });
    const result = (await connection.getSyncResult(job.jobId))!;
    fake.jobs.delete(job.jobId);
    const error = await rejection(result.getFullLogText());
    expect(error).toBeInstanceOf(MissingResourceError);
    expect((error as MissingResourceError).resourceType).toBe('job');
  });
});
