/**
 * Compile-time guarantees of the generated API. Calls sit inside arrow functions that never run:
 * only their types are checked (no request is sent). `pnpm typecheck` (tsc over test/**) fails if a
 * generated type regresses; the @ts-expect-error lines fail it if a wrong call starts compiling.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  MessagingConnector,
  type Channel,
  type ChannelMessagesListMeta,
  type ExecuteResult,
  type Message,
  type Page,
  type User,
  type UsersListMeta,
} from '@switchyard/connector-messaging';
import type { IssueTrackerConnectorAuth } from '@switchyard/connector-issue-tracker';
import { RecruitingConnector, type DownloadStream } from '@switchyard/connector-recruiting';

const slack = new MessagingConnector({ auth: { api_token: 'xoxb-types' }, baseUrl: 'http://127.0.0.1:9' });

describe('generated types', () => {
  it('types execute by entity and action', () => {
    expectTypeOf(() => slack.execute('users', 'list', { limit: 10 })).returns.resolves.toEqualTypeOf<
      ExecuteResult<User[], UsersListMeta>
    >();
    expectTypeOf(() => slack.execute('users', 'list')).returns.resolves.toEqualTypeOf<ExecuteResult<User[], UsersListMeta>>();
    expectTypeOf(() => slack.execute('channels', 'create', { name: 'launch' })).returns.resolves.toMatchTypeOf<{ data: Channel }>();
    expectTypeOf<UsersListMeta>().toEqualTypeOf<{ next_cursor: string | null }>();
    expectTypeOf<ChannelMessagesListMeta>().toEqualTypeOf<{ next_cursor: string | null; has_more: boolean | null }>();
    if (Math.random() > 2) {
      // @ts-expect-error unknown entity
      void slack.execute('tickets', 'list');
      // @ts-expect-error required parameter missing
      void slack.execute('channels', 'create', {});
      // @ts-expect-error wrong parameter type
      void slack.channels.create({ name: 42 });
      // @ts-expect-error unknown parameter
      void slack.users.list({ limt: 10 });
    }
  });

  it('types list helpers as awaitable pages and async iterables of records', async () => {
    const list = slack.channel_messages.list({ channel: 'C1' });
    expectTypeOf(list).resolves.toEqualTypeOf<Page<Message, ChannelMessagesListMeta>>();
    expectTypeOf(list).toMatchTypeOf<AsyncIterable<Message>>();
  });

  it('types credentials per kind, config, downloads and GraphQL connectors', () => {
    expectTypeOf({ api_key: 'lin_api_x' }).toMatchTypeOf<IssueTrackerConnectorAuth>();
    expectTypeOf({ access_token: 'tok' }).toMatchTypeOf<IssueTrackerConnectorAuth>();
    expectTypeOf({ token: 'tok' }).not.toMatchTypeOf<IssueTrackerConnectorAuth>();
    const recruiting = new RecruitingConnector({ auth: { api_key: 'k' }, baseUrl: 'http://127.0.0.1:9' });
    expectTypeOf(() => recruiting.candidate_attachment.download({ id: 1, type: 'resume' })).returns.resolves.toMatchTypeOf<{
      data: DownloadStream;
    }>();
    if (Math.random() > 2) {
      // @ts-expect-error not an attachment type
      void recruiting.candidate_attachment.download({ id: 1, type: 'photo' });
      // @ts-expect-error fields of two credential kinds mixed
      void new MessagingConnector({ auth: { api_token: 'x', access_token: 'y', foo: 1 } });
    }
  });
});
