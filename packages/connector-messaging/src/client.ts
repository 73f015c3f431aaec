// Generated from specs/messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Channel,
  ChannelMessagesListMeta,
  ChannelMessagesListParams,
  ChannelPurposesCreateParams,
  ChannelTopicsCreateParams,
  ChannelsCreateParams,
  ChannelsGetParams,
  ChannelsListMeta,
  ChannelsListParams,
  ChannelsSearchParams,
  ChannelsUpdateParams,
  Message,
  MessagesCreateParams,
  MessagesUpdateParams,
  MessagingConnectorAuth,
  MessagingConnectorConfig,
  MessagingConnectorOperations,
  ReactionsCreateParams,
  ThreadMessage,
  ThreadsListMeta,
  ThreadsListParams,
  User,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  UsersSearchParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type MessagingConnectorOptions = OpenSourceOptions<MessagingConnectorAuth, MessagingConnectorConfig>;

/**
 * Messaging connector on the Slack Web API.
 *
 * ```ts
 * const connector = new MessagingConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class MessagingConnector extends ConnectorClient<MessagingConnectorOperations> {
  /** The channel_messages entity. */
  readonly channel_messages: ChannelMessagesResource;
  /** The channel_purposes entity. */
  readonly channel_purposes: ChannelPurposesResource;
  /** The channel_topics entity. */
  readonly channel_topics: ChannelTopicsResource;
  /** The channels entity. */
  readonly channels: ChannelsResource;
  /** The messages entity. */
  readonly messages: MessagesResource;
  /** The reactions entity. */
  readonly reactions: ReactionsResource;
  /** The threads entity. */
  readonly threads: ThreadsResource;
  /** The users entity. */
  readonly users: UsersResource;

  constructor(options: MessagingConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.channel_messages = new ChannelMessagesResource(this);
    this.channel_purposes = new ChannelPurposesResource(this);
    this.channel_topics = new ChannelTopicsResource(this);
    this.channels = new ChannelsResource(this);
    this.messages = new MessagesResource(this);
    this.reactions = new ReactionsResource(this);
    this.threads = new ThreadsResource(this);
    this.users = new UsersResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = MessagingConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): MessagingConnector {
    return new MessagingConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of channel_messages. */
export class ChannelMessagesResource extends Resource<MessagingConnector> {
  /**
   * Lists a channel's messages, newest first.
   *
   * Vendor call: `GET /conversations.history`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('channel_messages', 'list', params)`: ExecuteResult<Message[], ChannelMessagesListMeta>.
   */
  public list(params: ChannelMessagesListParams, options?: RequestOptions): PagePromise<Message, ChannelMessagesListMeta> {
    return this._client.requestPage('channel_messages', 'list', params, options);
  }
}

/** Actions of channel_purposes. */
export class ChannelPurposesResource extends Resource<MessagingConnector> {
  /**
   * Sets a channel's purpose.
   *
   * Vendor call: `POST /conversations.setPurpose`.
   *
   * Resolves like `execute('channel_purposes', 'create', params)`: ExecuteResult<Channel, EmptyMeta>.
   */
  public create(
    params: ChannelPurposesCreateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['channel_purposes']['create']['result']> {
    return this._client.request('channel_purposes', 'create', params, options);
  }
}

/** Actions of channel_topics. */
export class ChannelTopicsResource extends Resource<MessagingConnector> {
  /**
   * Sets a channel's topic.
   *
   * Vendor call: `POST /conversations.setTopic`.
   *
   * Resolves like `execute('channel_topics', 'create', params)`: ExecuteResult<Channel, EmptyMeta>.
   */
  public create(
    params: ChannelTopicsCreateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['channel_topics']['create']['result']> {
    return this._client.request('channel_topics', 'create', params, options);
  }
}

/** Actions of channels. */
export class ChannelsResource extends Resource<MessagingConnector> {
  /**
   * Lists conversations. Slack lists public channels only unless `types` names others.
   *
   * Vendor call: `GET /conversations.list`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('channels', 'list', params)`: ExecuteResult<Channel[], ChannelsListMeta>.
   */
  public list(params: ChannelsListParams = {}, options?: RequestOptions): PagePromise<Channel, ChannelsListMeta> {
    return this._client.requestPage('channels', 'list', params, options);
  }

  /**
   * Gets one conversation by id.
   *
   * Vendor call: `GET /conversations.info`.
   *
   * Resolves like `execute('channels', 'get', params)`: ExecuteResult<Channel, EmptyMeta>.
   */
  public get(params: ChannelsGetParams, options?: RequestOptions): Promise<MessagingConnectorOperations['channels']['get']['result']> {
    return this._client.request('channels', 'get', params, options);
  }

  /**
   * Creates a public (or private) channel.
   *
   * Vendor call: `POST /conversations.create`.
   *
   * Resolves like `execute('channels', 'create', params)`: ExecuteResult<Channel, EmptyMeta>.
   */
  public create(
    params: ChannelsCreateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['channels']['create']['result']> {
    return this._client.request('channels', 'create', params, options);
  }

  /**
   * Renames a channel.
   *
   * Vendor call: `POST /conversations.rename`.
   *
   * Resolves like `execute('channels', 'update', params)`: ExecuteResult<Channel, EmptyMeta>.
   */
  public update(
    params: ChannelsUpdateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['channels']['update']['result']> {
    return this._client.request('channels', 'update', params, options);
  }

  /**
   * Searches the synced copy of channels (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('channels', 'search', params)`: ExecuteResult<SearchHit<ChannelsSearchable>[], SearchMeta>.
   */
  public search(
    params: ChannelsSearchParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['channels']['search']['result']> {
    return this._client.request('channels', 'search', params, options);
  }
}

/** Actions of messages. */
export class MessagesResource extends Resource<MessagingConnector> {
  /**
   * Posts a message (or a thread reply).
   *
   * Vendor call: `POST /chat.postMessage`.
   *
   * Resolves like `execute('messages', 'create', params)`: ExecuteResult<PostedMessage, EmptyMeta>.
   */
  public create(
    params: MessagesCreateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['messages']['create']['result']> {
    return this._client.request('messages', 'create', params, options);
  }

  /**
   * Edits a message's text.
   *
   * Vendor call: `POST /chat.update`.
   *
   * Resolves like `execute('messages', 'update', params)`: ExecuteResult<PostedMessage, EmptyMeta>.
   */
  public update(
    params: MessagesUpdateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['messages']['update']['result']> {
    return this._client.request('messages', 'update', params, options);
  }
}

/** Actions of reactions. */
export class ReactionsResource extends Resource<MessagingConnector> {
  /**
   * Adds an emoji reaction to a message.
   *
   * Vendor call: `POST /reactions.add`.
   *
   * Resolves like `execute('reactions', 'create', params)`: ExecuteResult<ReactionResult, EmptyMeta>.
   */
  public create(
    params: ReactionsCreateParams,
    options?: RequestOptions,
  ): Promise<MessagingConnectorOperations['reactions']['create']['result']> {
    return this._client.request('reactions', 'create', params, options);
  }
}

/** Actions of threads. */
export class ThreadsResource extends Resource<MessagingConnector> {
  /**
   * Lists a thread's messages (the parent first, then replies).
   *
   * Vendor call: `GET /conversations.replies`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('threads', 'list', params)`: ExecuteResult<ThreadMessage[], ThreadsListMeta>.
   */
  public list(params: ThreadsListParams, options?: RequestOptions): PagePromise<ThreadMessage, ThreadsListMeta> {
    return this._client.requestPage('threads', 'list', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<MessagingConnector> {
  /**
   * Lists the workspace's users, page by page.
   *
   * Vendor call: `GET /users.list`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('users', 'list', params)`: ExecuteResult<User[], UsersListMeta>.
   */
  public list(params: UsersListParams = {}, options?: RequestOptions): PagePromise<User, UsersListMeta> {
    return this._client.requestPage('users', 'list', params, options);
  }

  /**
   * Gets one user by id.
   *
   * Vendor call: `GET /users.info`.
   *
   * Resolves like `execute('users', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(params: UsersGetParams, options?: RequestOptions): Promise<MessagingConnectorOperations['users']['get']['result']> {
    return this._client.request('users', 'get', params, options);
  }

  /**
   * Searches the synced copy of users (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('users', 'search', params)`: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta>.
   */
  public search(params: UsersSearchParams, options?: RequestOptions): Promise<MessagingConnectorOperations['users']['search']['result']> {
    return this._client.request('users', 'search', params, options);
  }
}
