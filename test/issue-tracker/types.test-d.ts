/**
 * Compile-time guarantees of the issue-tracker connector's generated types (test/messaging/types.test-d.ts
 * says how type tests run): GraphQL relay meta, and credentials as the union of the kinds' fields.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { IssueTrackerConnectorAuth, UsersListMeta } from '@switchyard/connector-issue-tracker';

describe('meta', () => {
  it('names the pagination members as the contract names them', () => {
    expectTypeOf<UsersListMeta>().toEqualTypeOf<{ endCursor: string | null; hasNextPage: boolean }>();
  });
});

describe('credentials', () => {
  it('accept the fields of each credential kind', () => {
    expectTypeOf({ api_key: 'lin_api_x' }).toExtend<IssueTrackerConnectorAuth>();
    expectTypeOf({ access_token: 'tok' }).toExtend<IssueTrackerConnectorAuth>();
    expectTypeOf({ access_token: 'a', refresh_token: 'r', client_id: 'c', client_secret: 's' }).toExtend<IssueTrackerConnectorAuth>();
  });

  it('reject fields that belong to no kind', () => {
    expectTypeOf({ token: 'tok' }).not.toExtend<IssueTrackerConnectorAuth>();
  });
});
