/**
 * Compile-time guarantees of the generated API, shown on the messaging connector and checked by
 * vitest's typecheck mode (`pnpm test` type-checks every test/**\/*.test-d.ts with tsc; nothing here
 * is executed, so no request is sent). A generated type that regresses fails an `expectTypeOf`
 * assertion; a wrong call that starts compiling fails its `@ts-expect-error` line ("Unused
 * '@ts-expect-error' directive").
 */
import { assertType, describe, expectTypeOf, it } from 'vitest';
import {
  MessagingConnector,
  type Channel,
  type ChannelMessagesListMeta,
  type ExecuteResult,
  type Message,
  type MessagingConnectorAuth,
  type Page,
  type PagePromise,
  type User,
  type UsersListMeta,
} from '@switchyard/connector-messaging';

const slack = new MessagingConnector({ auth: { api_token: 'xoxb-types' }, baseUrl: 'http://127.0.0.1:9' });

describe('execute', () => {
  it('resolves to the data and meta of the entity and action', () => {
    expectTypeOf(slack.execute('users', 'list', { limit: 10 })).resolves.toEqualTypeOf<ExecuteResult<User[], UsersListMeta>>();
    expectTypeOf(slack.execute('channels', 'create', { name: 'launch' })).resolves.toExtend<{ data: Channel }>();
  });

  it('lets a list be called without parameters (every one is optional)', () => {
    expectTypeOf(slack.execute('users', 'list')).resolves.toEqualTypeOf<ExecuteResult<User[], UsersListMeta>>();
  });

  it('rejects an unknown entity, a missing required parameter, a wrongly typed or unknown parameter', () => {
    // @ts-expect-error unknown entity
    assertType(slack.execute('tickets', 'list', {}));
    // @ts-expect-error unknown action of a known entity
    assertType(slack.execute('users', 'delete', { id: 'U1' }));
    // @ts-expect-error required parameter `name` missing
    assertType(slack.execute('channels', 'create', {}));
    // @ts-expect-error `name` is a string
    assertType(slack.channels.create({ name: 42 }));
    // @ts-expect-error unknown parameter (typo of `limit`)
    assertType(slack.users.list({ limt: 10 }));
  });
});

describe('meta', () => {
  it('names the pagination members as the contract names them, null on the last page', () => {
    expectTypeOf<UsersListMeta>().toEqualTypeOf<{ next_cursor: string | null }>();
    expectTypeOf<ChannelMessagesListMeta>().toEqualTypeOf<{ next_cursor: string | null; has_more: boolean | null }>();
  });
});

describe('list helpers', () => {
  it('are awaitable for one page and async-iterable over records', () => {
    const list = slack.channel_messages.list({ channel: 'C1' });
    expectTypeOf(list).toEqualTypeOf<PagePromise<Message, ChannelMessagesListMeta>>();
    expectTypeOf(list).resolves.toEqualTypeOf<Page<Message, ChannelMessagesListMeta>>();
    expectTypeOf(list).toExtend<AsyncIterable<Message>>();
  });

  it('give pages their records and meta', () => {
    expectTypeOf<Page<User, UsersListMeta>['data']>().toEqualTypeOf<User[]>();
    expectTypeOf<Page<User, UsersListMeta>['meta']>().toEqualTypeOf<UsersListMeta>();
  });

  it('require the parameters the list needs', () => {
    // @ts-expect-error channel_messages.list needs `channel`
    assertType(slack.channel_messages.list({}));
  });
});

describe('credentials', () => {
  it('accept the fields of each credential kind', () => {
    expectTypeOf({ api_token: 'xoxb-x' }).toExtend<MessagingConnectorAuth>();
  });

  it('reject fields that belong to no kind and kinds with a field missing', () => {
    expectTypeOf({ client_id: 'c', client_secret: 's' }).not.toExtend<MessagingConnectorAuth>();
    // @ts-expect-error `token` is not a field of any messaging credential kind
    assertType(new MessagingConnector({ auth: { api_token: 'x', token: 'y' } }));
  });
});
