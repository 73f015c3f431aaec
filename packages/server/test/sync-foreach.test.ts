/**
 * Entities listed per parent (`sync.forEach`): Linear comments are listed issue by issue, from the
 * synced copy of issues. The child syncs after its parent's first completed run, covers every
 * parent, and a failure mid-way resumes at the parent and page where it stopped.
 *
 * @module-tag connector/issue-tracker
 * @module-tag connector/messaging
 * @module-tag connector/recruiting
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLinearFake, type LinearFake } from '../../../test/fakes/linear.js';
import { examplePackage } from './support/example-package.js';
import { copiedIds, openSyncWorld, sortedIds, waitFor, type SyncWorld } from './support/sync-harness.js';

const { metadata: issueTracker } = await examplePackage('issue-tracker');

let linear: LinearFake;
let world: SyncWorld;

// Issues and their comments only, comments two per page: each issue's comments span three pages.
const fixture = {
  ...issueTracker,
  sync: {
    issues: { action: 'list', idField: 'id' },
    comments: { action: 'list', idField: 'id', params: { first: 2 }, forEach: { entity: 'issues', param: 'issueId', field: 'id' } },
  },
};

beforeAll(async () => {
  linear = await startLinearFake({ teams: 2, issuesPerTeam: 3, commentsPerIssue: 5 });
  world = await openSyncWorld({ 'issue-tracker': linear.url }, new Map([['issue-tracker', fixture]]));
});
afterAll(async () => {
  await world.close();
  await linear.close();
});
afterEach(async () => {
  await world.stopServices();
  linear.reset();
});

/** `[issueId, after]` of every comments request, in order. */
const commentRequests = () =>
  linear.requests
    .map((r) => r.body as { operationName?: string; variables?: { issueId?: string; after?: string } })
    .filter((body) => body?.operationName === 'CommentsList')
    .map((body) => [body.variables?.issueId, body.variables?.after ?? null]);

async function issueTrackerConnector() {
  return world.connectors.create({
    applicationId: world.applicationId,
    externalUserId: 'user-1',
    connectorType: 'issue-tracker',
    name: 'linear',
    credentials: { api_key: 'lin_api_test' },
    config: {},
    replicationConfig: {},
  });
}

describe('entities listed per parent', () => {
  it('lists comments for every synced issue once the issues are synced, and resumes mid-parent after a failure', async () => {
    const service = world.service({ concurrency: 1 });
    await service.start();
    const record = await issueTrackerConnector();
    // Request 1 lists the issues; comment requests 2–8 succeed; the 8th comments request fails with every retry.
    linear.failNext('/graphql', { kind: 'delay', ms: 0 }, 8);
    linear.failNext('/graphql', { kind: 'status', status: 500 }, 3);
    await service.connectorCreated(record);
    const failed = await waitFor('comments to fail', async () => {
      const status = await service.status(record);
      return status.entities.find((e) => e.entity === 'comments')?.state === 'failed' ? status : undefined;
    });
    expect(failed.entities.find((e) => e.entity === 'issues')?.state).toBe('ready');
    const issueIds = linear.data.issues.rows.map((i) => i.id).sort();
    const beforeFailure = commentRequests().slice(0, 7);
    const failedRequest = commentRequests()[7]!;
    // Issues in id order, three pages each: the failure hit the third issue's second page.
    expect(beforeFailure.map(([issue]) => issue)).toEqual([...Array(3).fill(issueIds[0]), ...Array(3).fill(issueIds[1]), issueIds[2]]);

    linear.reset();
    await service.requestSync(record);
    // The trigger resumes the failed comments run, then refreshes the issues, after which the
    // comments are listed again from the refreshed parents: wait for all of it, so the count below
    // does not depend on when a poll happens to look.
    await waitFor('the triggered sync to settle', async () => {
      const status = await service.status(record);
      return status.entities.every((e) => e.state === 'ready') && commentRequests().length >= 18 - 7 + 18 ? true : undefined;
    });
    const requests = commentRequests();
    expect(requests).toHaveLength(18 - 7 + 18);
    const resumed = requests.slice(0, 18 - 7);
    // Resumed with the very request that failed (third issue, second page): the first two issues were not listed again.
    expect(failedRequest).toEqual([issueIds[2], expect.any(String)]);
    expect(resumed[0]).toEqual(failedRequest);
    expect(resumed.map(([issue]) => issue)).not.toContain(issueIds[0]);
    expect(resumed.map(([issue]) => issue)).not.toContain(issueIds[1]);
    expect(resumed).toHaveLength(18 - 7);
    // Then one full listing per refreshed issue, three pages each, in id order.
    expect(requests.slice(18 - 7).map(([issue]) => issue)).toEqual(issueIds.flatMap((id) => [id, id, id]));
    expect(await copiedIds(world.engine, record, 'comments')).toEqual(sortedIds(linear.data.comments.rows));
    await service.stop();
  });
});
