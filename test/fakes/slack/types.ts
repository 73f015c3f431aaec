/**
 * Record shapes of the Slack fake, following the key unions in the vendor's response samples.
 * Fields Slack omits in some situations are optional here too (deleted users have no `tz`;
 * `bot_message` messages have no `user`), because connectors must cope with their absence.
 */

export interface SlackProfile {
  title: string;
  phone: string;
  skype: string;
  real_name: string;
  real_name_normalized: string;
  display_name: string;
  display_name_normalized: string;
  fields: Record<string, { value: string; alt: string }> | null;
  status_text: string;
  status_emoji: string;
  status_emoji_display_info: unknown[];
  status_expiration: number;
  avatar_hash: string;
  email?: string;
  first_name: string;
  last_name: string;
  bot_id?: string;
  api_app_id?: string;
  always_active?: boolean;
  is_custom_image?: boolean;
  image_original?: string;
  image_24: string;
  image_32: string;
  image_48: string;
  image_72: string;
  image_192: string;
  image_512: string;
  image_1024?: string;
  status_text_canonical: string;
  team: string;
  huddle_state?: string;
  huddle_state_expiration_ts?: number;
}

export interface SlackUser {
  id: string;
  team_id: string;
  name: string;
  deleted: boolean;
  color?: string;
  real_name?: string;
  tz?: string;
  tz_label?: string;
  tz_offset?: number;
  profile: SlackProfile;
  is_admin?: boolean;
  is_owner?: boolean;
  is_primary_owner?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  is_bot: boolean;
  is_app_user: boolean;
  /** Unix seconds. */
  updated: number;
  is_email_confirmed?: boolean;
  who_can_share_contact_card?: string;
}

export interface TopicOrPurpose {
  value: string;
  creator: string;
  /** Unix seconds; 0 when never set. */
  last_set: number;
}

export interface SlackChannel {
  id: string;
  name?: string;
  is_channel?: boolean;
  is_group?: boolean;
  is_im: boolean;
  is_mpim?: boolean;
  is_private?: boolean;
  /** Unix seconds. */
  created: number;
  is_archived: boolean;
  is_general?: boolean;
  unlinked?: number;
  name_normalized?: string;
  is_shared?: boolean;
  is_org_shared: boolean;
  is_pending_ext_shared?: boolean;
  pending_shared?: string[];
  context_team_id: string;
  /** Unix MILLIseconds, unlike `created`. */
  updated: number;
  parent_conversation?: null;
  creator?: string;
  is_ext_shared?: boolean;
  shared_team_ids?: string[];
  pending_connected_team_ids?: string[];
  is_member?: boolean;
  topic?: TopicOrPurpose;
  purpose?: TopicOrPurpose;
  previous_names?: string[];
  num_members?: number;
  /** IMs only. */
  user?: string;
  is_user_deleted?: boolean;
  priority?: number;
}

export interface SlackReaction {
  name: string;
  users: string[];
  count: number;
}

export interface SlackMessage {
  type: 'message';
  subtype?: string;
  ts: string;
  user?: string;
  text: string;
  team?: string;
  client_msg_id?: string;
  blocks?: unknown[];
  attachments?: unknown[];
  files?: unknown[];
  upload?: boolean;
  display_as_bot?: boolean;
  bot_id?: string;
  app_id?: string;
  username?: string;
  icons?: Record<string, string>;
  bot_profile?: unknown;
  thread_ts?: string;
  parent_user_id?: string;
  reply_count?: number;
  reply_users_count?: number;
  latest_reply?: string;
  reply_users?: string[];
  is_locked?: boolean;
  subscribed?: boolean;
  root?: unknown;
  edited?: { user: string; ts: string };
  reactions?: SlackReaction[];
  /** channel_topic / channel_purpose messages carry the new value as a plain STRING. */
  topic?: string;
  purpose?: string;
  inviter?: string;
}

export interface SlackData {
  team: { id: string; name: string; domain: string };
  /** The identity behind the fake's token: a bot user with its bot id and app id. */
  bot: { userId: string; botId: string; appId: string; name: string };
  /** Sorted by id, as users.list returns them. */
  users: SlackUser[];
  /** Every conversation (channels, private channels, IMs, MPIMs) in creation order. */
  channels: SlackChannel[];
  /** Top-level messages (and thread broadcasts) per channel id, oldest first. */
  messages: Map<string, SlackMessage[]>;
  /** Thread replies keyed `${channelId}:${thread_ts}`, oldest first, parent not included. */
  replies: Map<string, SlackMessage[]>;
  /** Member user ids per channel id (Slack serves these from conversations.members). */
  members: Map<string, Set<string>>;
}
