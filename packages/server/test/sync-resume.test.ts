/**
 * A vendor failing mid-sync (429 storms, 5xx, dropped connections, beyond the runtime's retries)
 * leaves the copy consistent — nothing deleted by the unfinished full refresh — and the next run
 * resumes after the last upserted page instead of starting over. A graceful stop checkpoints and
 * the next start resumes.
 *
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import type { Failure } from '../../../test/fakes/harness.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGreenhouseFake, type GreenhouseFake } from '../../../test/fakes/greenhouse.js';
import { startSlackFake, type SlackFake } from '../../../test/fakes/slack.js';
import { leaksIn } from './support/failing-vendor.js';
import { copiedIds, GREENHOUSE_KEY, openSyncWorld, settled, sortedIds, waitFor, type SyncWorld } from './support/sync-harness.js';

let slack: SlackFake;
let greenhouse: GreenhouseFake;
let world: SyncWorld;

beforeAll(async () => {
  slack = await startSlackFake({ users: 45 });
  greenhouse = await startGreenhouseFake({ candidates: 40, applications: 140 });
  world = await openSyncWorld({ messaging: `${slack.url}/api`, recruiting: `${greenhouse.url}/v1` });
});
afterAll(async () => {
  await world.close();
  await Promise.all([slack.close(), greenhouse.close()]);
});
afterEach(async () => {
  await world.stopServices();
  slack.reset();
  greenhouse.reset();
});

/** The `page` of every applications request, in order (absent on the first page). */
const applicationPages = () => greenhouse.requests.filter((r) => r.path === '/v1/applications').map((r) => r.query['page'] ?? '1');

// Each failure hits page 3 on the first attempt and on both runtime retries (maxRetries 2).
const failures: [string, Failure, string][] = [
  ['a 429 storm', { kind: 'status', status: 429 }, 'RateLimitError'],
  ['a 5xx', { kind: 'status', status: 503 }, 'ServerError'],
  ['dropped connections', { kind: 'drop' }, 'ConnectionError'],
  ['connections dropped mid-body', { kind: 'drop-mid-body' }, 'ConnectionError'],
];

describe('a vendor failing mid-sync', () => {
  it.each(failures)('%s: the copy stays consistent and the next run resumes from the checkpoint', async (_label, failure, errorName) => {
    const service = world.service();
    await service.start();
    const record = await world.connector('recruiting');
    await service.connectorCreated(record);
    await settled(service, record);
    const complete = await copiedIds(world.engine, record, 'applications');
    expect(complete).toEqual(sortedIds(greenhouse.data.applications));

    // Three applications vanish at the vendor: a completed full refresh would delete them.
    const vanished = greenhouse.data.applications.splice(0, 3);
    try {
      greenhouse.reset();
      greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 0 }, 2);
      greenhouse.failNext('/v1/applications', failure, 3);
      await service.requestSync(record);
      const failed = await waitFor('the run to fail', async () => {
        const status = await service.status(record);
        return status.entities.find((e) => e.entity === 'applications')?.state === 'failed' ? status : undefined;
      });
      const applications = failed.entities.find((e) => e.entity === 'applications')!;
      expect(failed.sync_status).toBe('failed');
      expect(applications.error?.name).toBe(errorName);
      expect(applications.error?.message).not.toContain(GREENHOUSE_KEY);
      expect(applications.error?.message).not.toContain(Buffer.from(`${GREENHOUSE_KEY}:`).toString('base64'));
      // API clients read the status: the failure in the service's words, without the operator's vendor URL.
      expect(leaksIn(applications.error!.message, { baseUrl: `${greenhouse.url}/v1`, secret: GREENHOUSE_KEY })).toEqual([]);
      expect(applications.error?.message).toMatch(/^the (vendor|connection to the vendor) /);
      // Nothing was deleted by the unfinished refresh, and the last completed sync time is kept.
      expect(await copiedIds(world.engine, record, 'applications')).toEqual(complete);
      expect(applications.last_synced_at).not.toBeNull();
      expect(applicationPages()).toEqual(['1', '2', '3', '3', '3']);

      greenhouse.reset();
      await service.requestSync(record);
      const ready = await waitFor('the resumed run to complete', async () => {
        const status = await service.status(record);
        return status.sync_status === 'ready' ? status : undefined;
      });
      expect(ready.sync_status).toBe('ready');
      // Pages 1 and 2 were upserted and checkpointed: only pages 3 onwards are fetched again.
      expect(applicationPages()).toEqual(['3', '4', '5', '6']);
      expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
      expect(ready.entities.find((e) => e.entity === 'applications')?.records).toBe(137);
    } finally {
      greenhouse.data.applications.unshift(...vanished);
    }
    await service.stop();
  });
});

describe('retries of the in-process runner', () => {
  it('retry a failed run with backoff, resuming from the checkpoint, without a trigger', async () => {
    const service = world.service({ retry: { limit: 2, delayMs: 50 } });
    await service.start();
    const record = await world.connector('recruiting');
    greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 0 }, 2);
    greenhouse.failNext('/v1/applications', { kind: 'status', status: 503 }, 3);
    await service.connectorCreated(record);
    await waitFor('the retried run to complete', async () => ((await service.status(record)).sync_status === 'ready' ? true : undefined));
    // Page 3 failed three times (one attempt and the runtime's two retries); the runner's retry resumed there.
    expect(applicationPages()).toEqual(['1', '2', '3', '3', '3', '3', '4', '5', '6']);
    expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
    await service.stop();
  });

  it("wait for the vendor's Retry-After when it is longer than the backoff", async () => {
    const service = world.service({ retry: { limit: 2, delayMs: 20 } });
    await service.start();
    const record = await world.connector('recruiting');
    greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 0 }, 2);
    // Page 3 answers 429 with Retry-After: 1 to the attempt and the runtime's two retries (each
    // waiting the second out); the run fails with the wait, and its retry must wait it too.
    greenhouse.failNext('/v1/applications', { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, 3);
    await service.connectorCreated(record);
    const pageThree = () => applicationPages().filter((page) => page === '3').length;
    await waitFor('the third answer to page 3', () => (pageThree() === 3 ? true : undefined));
    const failedAt = Date.now();
    await waitFor('the retried run', () => (pageThree() === 4 ? true : undefined));
    // Not the 20 ms backoff: the vendor's second (less the time this test took to see the third request).
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(800);
    await waitFor('the retried run to complete', async () => ((await service.status(record)).sync_status === 'ready' ? true : undefined));
    expect(await copiedIds(world.engine, record, 'applications')).toEqual(sortedIds(greenhouse.data.applications));
    await service.stop();
  });

  it('give up after the retry limit and leave the run failed and resumable', async () => {
    const service = world.service({ retry: { limit: 2, delayMs: 20 } });
    await service.start();
    const record = await world.connector('recruiting');
    greenhouse.failNext('/v1/applications', { kind: 'delay', ms: 0 }, 2);
    greenhouse.failNext('/v1/applications', { kind: 'status', status: 503 }, 9);
    await service.connectorCreated(record);
    await waitFor('three failed attempts', async () => (applicationPages().length === 11 ? true : undefined));
    const failed = await waitFor('the run to be failed', async () => {
      const status = await service.status(record);
      return status.sync_status === 'failed' ? status : undefined;
    });
    expect(failed.entities.find((e) => e.entity === 'applications')?.error?.name).toBe('ServerError');
    // 20 ms + 40 ms of backoff have long passed: no fourth attempt comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(applicationPages()).toHaveLength(11);
    await service.stop();
  });
});

describe('graceful stop', () => {
  it('checkpoints a run mid-way; the next start resumes it without refetching finished pages', async () => {
    const first = world.service();
    const record = await world.connector('messaging');
    slack.failNext('/api/users.list', { kind: 'delay', ms: 0 }, 2);
    slack.failNext('/api/users.list', { kind: 'delay', ms: 300 });
    await first.start();
    await first.connectorCreated(record);
    await waitFor('users mid-run', async () => {
      const users = (await first.status(record)).entities.find((e) => e.entity === 'users')!;
      return users.state === 'syncing' && users.records === 20 ? true : undefined;
    });
    await first.stop();

    // Page 3 was in flight: the stop let it finish, checkpointed, and went no further.
    const usersRequests = () => slack.requests.filter((r) => r.path === '/api/users.list');
    expect(usersRequests()).toHaveLength(3);
    expect(await copiedIds(world.engine, record, 'users')).toHaveLength(30);
    const paused = (await first.status(record)).entities.find((e) => e.entity === 'users')!;
    expect(paused.state).toBe('pending');
    expect(paused.error).toBeNull();

    const second = world.service();
    await second.start();
    const status = await settled(second, record);
    expect(status.sync_status).toBe('ready');
    const cursors = usersRequests().map((r) => r.query['cursor'] ?? null);
    expect(cursors).toHaveLength(5);
    // After the restart the run went on from page 4: the first page was not requested again.
    expect(cursors.filter((c) => c === null)).toHaveLength(1);
    expect(new Set(cursors).size).toBe(5);
    expect(await copiedIds(world.engine, record, 'users')).toEqual(sortedIds(slack.data.users));
    await second.stop();
  });
});
