// Generated from specs/messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * Attachment
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Attachment {
  [key: string]: unknown;
  id?: number | null;
  fallback?: string | null;
  color?: string | null;
  pretext?: string | null;
  author_name?: string | null;
  author_link?: string | null;
  author_icon?: string | null;
  title?: string | null;
  title_link?: string | null;
  text?: string | null;
  image_url?: string | null;
  thumb_url?: string | null;
  footer?: string | null;
  footer_icon?: string | null;
  fields?: unknown[] | null;
  ts?: string | number | null;
}

/**
 * A conversation (channel, private group, DM or group DM); also returned by channel create, rename, topic and purpose.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Channel {
  [key: string]: unknown;
  id: string;
  name?: string | null;
  name_normalized?: string | null;
  context_team_id?: string | null;
  creator?: string | null;
  parent_conversation?: string | null;
  is_channel?: boolean | null;
  is_group?: boolean | null;
  is_im?: boolean | null;
  is_mpim?: boolean | null;
  is_private?: boolean | null;
  is_archived?: boolean | null;
  is_general?: boolean | null;
  is_shared?: boolean | null;
  is_org_shared?: boolean | null;
  is_pending_ext_shared?: boolean | null;
  is_ext_shared?: boolean | null;
  is_member?: boolean | null;
  is_thread_only?: boolean | null;
  is_read_only?: boolean | null;
  created?: number | null;
  unlinked?: number | null;
  updated?: number | null;
  num_members?: number | null;
  pending_shared?: unknown[] | null;
  shared_team_ids?: Array<string> | null;
  pending_connected_team_ids?: unknown[] | null;
  previous_names?: Array<string> | null;
  topic: unknown;
  purpose: unknown;
  properties?: Record<string, unknown> | null;
  last_read?: string | null;
  locale?: string | null;
}

/**
 * File
 *
 * Unknown keys the vendor adds are kept.
 */
export interface File {
  [key: string]: unknown;
  id?: string | null;
  name?: string | null;
  title?: string | null;
  mimetype?: string | null;
  filetype?: string | null;
  pretty_type?: string | null;
  user?: string | null;
  mode?: string | null;
  external_type?: string | null;
  url_private?: string | null;
  url_private_download?: string | null;
  permalink?: string | null;
  permalink_public?: string | null;
  size?: number | null;
  created?: number | null;
  timestamp?: number | null;
  is_external?: boolean | null;
  is_public?: boolean | null;
  public_url_shared?: boolean | null;
}

/**
 * A channel message (channel_messages.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Message {
  [key: string]: unknown;
  type?: string | null;
  subtype?: string | null;
  /** Message timestamp; always present and unique within the channel. */
  ts: string;
  user?: string | null;
  text?: string | null;
  thread_ts?: string | null;
  latest_reply?: string | null;
  bot_id?: string | null;
  app_id?: string | null;
  team?: string | null;
  reply_count?: number | null;
  reply_users_count?: number | null;
  reply_users?: Array<string> | null;
  is_locked?: boolean | null;
  subscribed?: boolean | null;
  reactions?: Array<Reaction> | null;
  attachments?: Array<Attachment> | null;
  blocks?: unknown[] | null;
  files?: Array<File> | null;
  edited: unknown;
  bot_profile: unknown;
}

/**
 * The message returned by messages.create and messages.update.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface PostedMessage {
  [key: string]: unknown;
  type?: string | null;
  subtype?: string | null;
  text?: string | null;
  user?: string | null;
  bot_id?: string | null;
  app_id?: string | null;
  team?: string | null;
  ts: string;
  bot_profile: unknown;
}

/**
 * Reaction
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Reaction {
  [key: string]: unknown;
  name?: string | null;
  users?: Array<string> | null;
  count?: number | null;
}

/**
 * The reactions.create response.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ReactionResult {
  [key: string]: unknown;
  ok: boolean;
}

/**
 * A message of a thread (threads.list); the parent comes first.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ThreadMessage {
  [key: string]: unknown;
  type?: string | null;
  subtype?: string | null;
  ts: string;
  user?: string | null;
  text?: string | null;
  thread_ts?: string | null;
  latest_reply?: string | null;
  bot_id?: string | null;
  app_id?: string | null;
  team?: string | null;
  reply_count?: number | null;
  reply_users_count?: number | null;
  reply_users?: Array<string> | null;
  is_locked?: boolean | null;
  subscribed?: boolean | null;
  reactions?: Array<Reaction> | null;
  attachments?: Array<Attachment> | null;
  blocks?: unknown[] | null;
  files?: Array<File> | null;
  edited: unknown;
  bot_profile: unknown;
  parent_user_id?: string | null;
}

/**
 * A workspace member (users.list, users.info).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id: string;
  team_id?: string | null;
  name?: string | null;
  color?: string | null;
  real_name?: string | null;
  tz?: string | null;
  tz_label?: string | null;
  who_can_share_contact_card?: string | null;
  deleted?: boolean | null;
  is_admin?: boolean | null;
  is_owner?: boolean | null;
  is_primary_owner?: boolean | null;
  is_restricted?: boolean | null;
  is_ultra_restricted?: boolean | null;
  is_bot?: boolean | null;
  is_app_user?: boolean | null;
  is_email_confirmed?: boolean | null;
  tz_offset?: number | null;
  updated?: number | null;
  profile: unknown;
  has_2fa?: boolean | null;
  is_forgotten?: boolean | null;
  is_invited_user?: boolean | null;
}

/** Fields of channels held by the hosted search index. */
export interface ChannelsSearchable {
  context_team_id?: string;
  created?: number;
  creator?: string;
  id?: string;
  is_archived?: boolean;
  is_channel?: boolean;
  is_ext_shared?: boolean;
  is_general?: boolean;
  is_group?: boolean;
  is_im?: boolean;
  is_member?: boolean;
  is_mpim?: boolean;
  is_org_shared?: boolean;
  is_pending_ext_shared?: boolean;
  is_private?: boolean;
  is_read_only?: boolean;
  is_shared?: boolean;
  last_read?: string;
  locale?: string;
  name?: string;
  name_normalized?: string;
  num_members?: number;
  parent_conversation?: string;
  pending_connected_team_ids?: unknown[];
  pending_shared?: unknown[];
  previous_names?: unknown[];
  purpose?: Record<string, unknown>;
  shared_team_ids?: unknown[];
  topic?: Record<string, unknown>;
  unlinked?: number;
  updated?: number;
}

/** Fields of users held by the hosted search index. */
export interface UsersSearchable {
  color?: string;
  deleted?: boolean;
  has_2fa?: boolean;
  id?: string;
  is_admin?: boolean;
  is_app_user?: boolean;
  is_bot?: boolean;
  is_email_confirmed?: boolean;
  is_forgotten?: boolean;
  is_invited_user?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  name?: string;
  profile?: Record<string, unknown>;
  real_name?: string;
  team_id?: string;
  tz?: string;
  tz_label?: string;
  tz_offset?: number;
  updated?: number;
  who_can_share_contact_card?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of channel_messages.list. */
export interface ChannelMessagesListParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** Cursor from the previous page's `meta.next_cursor`. */
  cursor?: string;
  /** Records per page (Slack advises ≤ 200; pages may be shorter). (≤ 999; default `200`) */
  limit?: number;
  /** Start of the time range (Unix timestamp). (a Unix timestamp such as "1712345678.000200") */
  oldest?: string;
  /** End of the time range (Unix timestamp). (a Unix timestamp such as "1712345678.000200") */
  latest?: string;
  /** Include messages exactly at oldest or latest. */
  inclusive?: boolean;
}

/** Meta of channel_messages.list. */
export interface ChannelMessagesListMeta {
  next_cursor: string | null;
  has_more: boolean | null;
}

/** Parameters of channel_purposes.create. */
export interface ChannelPurposesCreateParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** New purpose (at most 250 characters). (at most 250 characters) */
  purpose: string;
}

/** Parameters of channel_topics.create. */
export interface ChannelTopicsCreateParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** New topic (at most 250 characters). (at most 250 characters) */
  topic: string;
}

/** Parameters of channels.list. */
export interface ChannelsListParams {
  /** Cursor from the previous page's `meta.next_cursor`. */
  cursor?: string;
  /** Records per page (at most 1,000; Slack advises ≤ 200). (≤ 1000; default `200`) */
  limit?: number;
  /** Conversation types to include (default public_channel). (a comma-separated mix of public_channel, private_channel, mpim and im) */
  types?: string;
  /** Leave archived channels out. */
  exclude_archived?: boolean;
}

/** Meta of channels.list. */
export interface ChannelsListMeta {
  next_cursor: string | null;
}

/** Parameters of channels.get. */
export interface ChannelsGetParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
}

/** Parameters of channels.create. */
export interface ChannelsCreateParams {
  /** Channel name. (at least 1 character; at most 80 characters; lowercase letters, digits, "-" and "_" (no spaces)) */
  name: string;
  /** Create a private channel instead of a public one. */
  is_private?: boolean;
}

/** Parameters of channels.update. */
export interface ChannelsUpdateParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** New channel name. (at least 1 character; at most 80 characters; lowercase letters, digits, "-" and "_" (no spaces)) */
  name: string;
}

/** Parameters of channels.search. */
export type ChannelsSearchParams = SearchParams<ChannelsSearchable>;

/** Parameters of messages.create. */
export interface MessagesCreateParams {
  /** Channel id, private group id or user id (for a DM). */
  channel: string;
  /** Message text; Slack markup is supported. (at least 1 character) */
  text: string;
  /** Timestamp of the thread's parent message (reply in this thread). */
  thread_ts?: string;
  /** Also post the thread reply to the channel. */
  reply_broadcast?: boolean;
  /** Unfurl text-based links. */
  unfurl_links?: boolean;
  /** Unfurl media links. */
  unfurl_media?: boolean;
}

/** Parameters of messages.update. */
export interface MessagesUpdateParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** Timestamp of the message to edit. */
  ts: string;
  /** New text. (at least 1 character) */
  text: string;
}

/** Parameters of reactions.create. */
export interface ReactionsCreateParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** Timestamp of the message. (a Slack message timestamp) */
  timestamp: string;
  /** Emoji name without the surrounding colons. (an emoji name not wrapped in colons (thumbsup, thumbsup::skin-tone-2)) */
  name: string;
}

/** Parameters of threads.list. */
export interface ThreadsListParams {
  /** Channel id (C…, G… or D…). */
  channel: string;
  /** Timestamp of the parent message; Slack needs it to list replies. (a Slack message timestamp such as "1712345678.000200") */
  ts?: string;
  /** Cursor from the previous page's `meta.next_cursor`. */
  cursor?: string;
  /** Records per page (Slack advises ≤ 200; pages may be shorter). (≤ 999; default `200`) */
  limit?: number;
  /** Start of the time range (Unix timestamp). (a Unix timestamp such as "1712345678.000200") */
  oldest?: string;
  /** End of the time range (Unix timestamp). (a Unix timestamp such as "1712345678.000200") */
  latest?: string;
  /** Include messages exactly at oldest or latest. */
  inclusive?: boolean;
}

/** Meta of threads.list. */
export interface ThreadsListMeta {
  next_cursor: string | null;
  has_more: boolean | null;
}

/** Parameters of users.list. */
export interface UsersListParams {
  /** Cursor from the previous page's `meta.next_cursor`. */
  cursor?: string;
  /** Records per page (Slack advises ≤ 200; pages may be shorter). (≤ 999; default `200`) */
  limit?: number;
}

/** Meta of users.list. */
export interface UsersListMeta {
  next_cursor: string | null;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** User id (U… or W…). */
  user: string;
}

/** Parameters of users.search. */
export type UsersSearchParams = SearchParams<UsersSearchable>;
/** Credentials, one of: Token, OAuth. */
export type MessagingConnectorAuth =
  | { /** Bot token (prefix xoxb-) or user token (prefix xoxp-). */ api_token: string }
  | {
      /** Client id of the Slack app. */ client_id: string;
      /** Client secret of the Slack app. */ client_secret: string;
      /** Bot token returned by the OAuth token exchange. */ access_token: string;
    };
/** Config variables used to build the base URL. */
export type MessagingConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type MessagingConnectorOperations = {
  channel_messages: {
    list: { params: ChannelMessagesListParams; result: ExecuteResult<Message[], ChannelMessagesListMeta> };
  };
  channel_purposes: {
    create: { params: ChannelPurposesCreateParams; result: ExecuteResult<Channel, EmptyMeta> };
  };
  channel_topics: {
    create: { params: ChannelTopicsCreateParams; result: ExecuteResult<Channel, EmptyMeta> };
  };
  channels: {
    list: { params: ChannelsListParams | undefined; result: ExecuteResult<Channel[], ChannelsListMeta> };
    get: { params: ChannelsGetParams; result: ExecuteResult<Channel, EmptyMeta> };
    create: { params: ChannelsCreateParams; result: ExecuteResult<Channel, EmptyMeta> };
    update: { params: ChannelsUpdateParams; result: ExecuteResult<Channel, EmptyMeta> };
    search: { params: ChannelsSearchParams; result: ExecuteResult<SearchHit<ChannelsSearchable>[], SearchMeta> };
  };
  messages: {
    create: { params: MessagesCreateParams; result: ExecuteResult<PostedMessage, EmptyMeta> };
    update: { params: MessagesUpdateParams; result: ExecuteResult<PostedMessage, EmptyMeta> };
  };
  reactions: {
    create: { params: ReactionsCreateParams; result: ExecuteResult<ReactionResult, EmptyMeta> };
  };
  threads: {
    list: { params: ThreadsListParams; result: ExecuteResult<ThreadMessage[], ThreadsListMeta> };
  };
  users: {
    list: { params: UsersListParams | undefined; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    search: { params: UsersSearchParams; result: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta> };
  };
};
