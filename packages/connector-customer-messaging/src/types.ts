// Generated from specs/customer-messaging.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * A teammate (admins.list, admins.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Admin {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  name?: string | null;
  email?: string | null;
  job_title?: string | null;
  email_verified?: boolean | null;
  away_mode_enabled?: boolean | null;
  away_mode_reassign?: boolean | null;
  has_inbox_seat?: boolean | null;
  team_ids: Array<number>;
  avatar: unknown;
}

/**
 * A company (companies.list, companies.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Company {
  [key: string]: unknown;
  type?: string | null;
  /** Intercom's id of the company. */
  id: string;
  name?: string | null;
  /** Your own id of the company. */
  company_id?: string | null;
  /** Unix seconds. */
  remote_created_at?: number | null;
  /** Unix seconds. */
  created_at?: number | null;
  /** Unix seconds. */
  updated_at?: number | null;
  /** Unix seconds. */
  last_request_at?: number | null;
  size?: number | null;
  website?: string | null;
  industry?: string | null;
  monthly_spend?: number | null;
  session_count?: number | null;
  user_count?: number | null;
  custom_attributes?: Record<string, unknown> | null;
  plan: unknown;
  tags: unknown;
  segments: unknown;
  app_id?: string | null;
}

/**
 * A contact, user or lead (contacts.list, contacts.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Contact {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  workspace_id?: string | null;
  external_id?: string | null;
  /** user or lead. */
  role?: string | null;
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  avatar?: string | Record<string, unknown> | null;
  owner_id?: number | null;
  social_profiles: unknown;
  has_hard_bounced?: boolean | null;
  marked_email_as_spam?: boolean | null;
  unsubscribed_from_emails?: boolean | null;
  /** Unix seconds. */
  created_at?: number | null;
  /** Unix seconds. */
  updated_at?: number | null;
  /** Unix seconds. */
  signed_up_at?: number | null;
  /** Unix seconds. */
  last_seen_at?: number | null;
  /** Unix seconds. */
  last_replied_at?: number | null;
  /** Unix seconds. */
  last_contacted_at?: number | null;
  /** Unix seconds. */
  last_email_opened_at?: number | null;
  /** Unix seconds. */
  last_email_clicked_at?: number | null;
  language_override?: string | null;
  browser?: string | null;
  browser_version?: string | null;
  browser_language?: string | null;
  os?: string | null;
  location: unknown;
  android_app_name?: string | null;
  android_app_version?: string | null;
  android_device?: string | null;
  android_os_version?: string | null;
  android_sdk_version?: string | null;
  /** Unix seconds. */
  android_last_seen_at?: number | null;
  ios_app_name?: string | null;
  ios_app_version?: string | null;
  ios_device?: string | null;
  ios_os_version?: string | null;
  ios_sdk_version?: string | null;
  /** Unix seconds. */
  ios_last_seen_at?: number | null;
  custom_attributes?: Record<string, unknown> | null;
  /** List object { type, data: [{ type, id, url }], url, total_count, has_more }. */
  tags: unknown;
  /** List object { type, data, url, total_count, has_more }. */
  notes: unknown;
  /** List object { type, data, url, total_count, has_more }. */
  companies: unknown;
  opted_in_subscription_types?: Record<string, unknown> | null;
  opted_out_subscription_types?: Record<string, unknown> | null;
  referrer?: string | null;
  utm_campaign?: string | null;
  utm_content?: string | null;
  utm_medium?: string | null;
  utm_source?: string | null;
  utm_term?: string | null;
  sms_consent?: boolean | null;
  unsubscribed_from_sms?: boolean | null;
}

/**
 * A conversation (conversations.list, conversations.get; get adds conversation_parts).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Conversation {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  title?: string | null;
  /** Unix seconds. */
  created_at?: number | null;
  /** Unix seconds. */
  updated_at?: number | null;
  /** Unix seconds. */
  waiting_since?: number | null;
  /** Unix seconds. */
  snoozed_until?: number | null;
  open?: boolean | null;
  /** open, closed or snoozed. */
  state?: string | null;
  read?: boolean | null;
  /** priority or not_priority. */
  priority?: string | null;
  admin_assignee_id?: number | null;
  team_assignee_id?: string | number | null;
  tags: unknown;
  conversation_rating: unknown;
  source: unknown;
  contacts: unknown;
  teammates: unknown;
  custom_attributes?: Record<string, unknown> | null;
  first_contact_reply: unknown;
  sla_applied: unknown;
  statistics: unknown;
  /** conversations.get only: { type, conversation_parts: [...], total_count }, at most 500 parts. */
  conversation_parts: unknown;
  ai_agent?: Record<string, unknown> | null;
  ai_agent_participated?: boolean | null;
  linked_objects?: Record<string, unknown> | null;
  topics?: Record<string, unknown> | null;
  sent_at?: number | null;
  redacted?: boolean | null;
  assignee?: Record<string, unknown> | null;
  conversation_message?: Record<string, unknown> | null;
  customer_first_reply?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  customers?: unknown[] | null;
}

/**
 * A segment of contacts (segments.list, segments.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Segment {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  name?: string | null;
  /** contact, user or lead. */
  person_type?: string | null;
  /** Unix seconds. */
  created_at?: number | null;
  /** Unix seconds. */
  updated_at?: number | null;
  /** Contacts in the segment (segments.list with include_count). */
  count?: number | null;
}

/**
 * A tag (tags.list, tags.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Tag {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  name?: string | null;
  /** Unix seconds. */
  applied_at?: number | null;
  applied_by: unknown;
}

/**
 * A team of admins (teams.list, teams.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Team {
  [key: string]: unknown;
  type?: string | null;
  id: string;
  name?: string | null;
  admin_ids: Array<number>;
  admin_priority_level: unknown;
}

/** Fields of companies held by the hosted search index. */
export interface CompaniesSearchable {
  app_id?: string;
  company_id?: string;
  created_at?: number;
  custom_attributes?: Record<string, unknown>;
  id?: string;
  industry?: string;
  monthly_spend?: number;
  name?: string;
  plan?: Record<string, unknown>;
  remote_created_at?: number;
  segments?: Record<string, unknown>;
  session_count?: number;
  size?: number;
  tags?: Record<string, unknown>;
  type?: string;
  updated_at?: number;
  user_count?: number;
  website?: string;
}

/** Fields of contacts held by the hosted search index. */
export interface ContactsSearchable {
  android_app_name?: string;
  android_app_version?: string;
  android_device?: string;
  android_last_seen_at?: string;
  android_os_version?: string;
  android_sdk_version?: string;
  avatar?: string;
  browser?: string;
  browser_language?: string;
  browser_version?: string;
  companies?: Record<string, unknown>;
  created_at?: number;
  custom_attributes?: Record<string, unknown>;
  email?: string;
  external_id?: string;
  has_hard_bounced?: boolean;
  id?: string;
  ios_app_name?: string;
  ios_app_version?: string;
  ios_device?: string;
  ios_last_seen_at?: number;
  ios_os_version?: string;
  ios_sdk_version?: string;
  language_override?: string;
  last_contacted_at?: number;
  last_email_clicked_at?: number;
  last_email_opened_at?: number;
  last_replied_at?: number;
  last_seen_at?: number;
  location?: Record<string, unknown>;
  marked_email_as_spam?: boolean;
  name?: string;
  notes?: Record<string, unknown>;
  opted_in_subscription_types?: Record<string, unknown>;
  opted_out_subscription_types?: Record<string, unknown>;
  os?: string;
  owner_id?: number;
  phone?: string;
  referrer?: string;
  role?: string;
  signed_up_at?: number;
  sms_consent?: boolean;
  social_profiles?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  type?: string;
  unsubscribed_from_emails?: boolean;
  unsubscribed_from_sms?: boolean;
  updated_at?: number;
  utm_campaign?: string;
  utm_content?: string;
  utm_medium?: string;
  utm_source?: string;
  utm_term?: string;
  workspace_id?: string;
}

/** Fields of conversations held by the hosted search index. */
export interface ConversationsSearchable {
  admin_assignee_id?: number;
  ai_agent?: Record<string, unknown>;
  ai_agent_participated?: boolean;
  assignee?: Record<string, unknown>;
  contacts?: Record<string, unknown>;
  conversation_message?: Record<string, unknown>;
  conversation_rating?: Record<string, unknown>;
  created_at?: number;
  custom_attributes?: Record<string, unknown>;
  customer_first_reply?: Record<string, unknown>;
  customers?: unknown[];
  first_contact_reply?: Record<string, unknown>;
  id?: string;
  linked_objects?: Record<string, unknown>;
  open?: boolean;
  priority?: string;
  read?: boolean;
  redacted?: boolean;
  sent_at?: number;
  sla_applied?: Record<string, unknown>;
  snoozed_until?: number;
  source?: Record<string, unknown>;
  state?: string;
  statistics?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  team_assignee_id?: number;
  teammates?: Record<string, unknown>;
  title?: string;
  topics?: Record<string, unknown>;
  type?: string;
  updated_at?: number;
  user?: Record<string, unknown>;
  waiting_since?: number;
}

/** Fields of teams held by the hosted search index. */
export interface TeamsSearchable {
  admin_ids?: unknown[];
  id?: string;
  name?: string;
  type?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of admins.list: none. */
export type AdminsListParams = Record<string, never>;

/** Meta of admins.list. */
export interface AdminsListMeta {
  /** Always null here; Intercom returns this list whole. */
  next_page: string | null;
}

/** Parameters of admins.get. */
export interface AdminsGetParams {
  /** Id of the admin. (at least 1 character) */
  id: string;
}

/** Parameters of companies.list. */
export interface CompaniesListParams {
  /** Companies per page (default 50). (default `50`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.next_page`; omit for the first page. Intercom pages companies by number, so this cursor is the next page number, as a string. (a page cursor from meta.next_page (a page number such as "2")) */
  starting_after?: string;
}

/** Meta of companies.list. */
export interface CompaniesListMeta {
  next_page: string | null;
}

/** Parameters of companies.get. */
export interface CompaniesGetParams {
  /** Intercom id of the company. (at least 1 character) */
  id: string;
}

/** Parameters of companies.search. */
export type CompaniesSearchParams = SearchParams<CompaniesSearchable>;

/** Parameters of contacts.list. */
export interface ContactsListParams {
  /** Contacts per page (at most 150, default 50). (≤ 150; default `50`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.next_page`; omit for the first page. */
  starting_after?: string;
}

/** Meta of contacts.list. */
export interface ContactsListMeta {
  next_page: string | null;
}

/** Parameters of contacts.get. */
export interface ContactsGetParams {
  /** Intercom id of the contact. (at least 1 character) */
  id: string;
}

/** Parameters of contacts.search. */
export type ContactsSearchParams = SearchParams<ContactsSearchable>;

/** Parameters of conversations.list. */
export interface ConversationsListParams {
  /** Conversations per page (at most 150, default 20). (≤ 150; default `20`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.next_page`; omit for the first page. */
  starting_after?: string;
}

/** Meta of conversations.list. */
export interface ConversationsListMeta {
  next_page: string | null;
}

/** Parameters of conversations.get. */
export interface ConversationsGetParams {
  /** Id of the conversation. (at least 1 character) */
  id: string;
}

/** Parameters of conversations.search. */
export type ConversationsSearchParams = SearchParams<ConversationsSearchable>;

/** Parameters of segments.list. */
export interface SegmentsListParams {
  /** Include the number of contacts in each segment (`count`). */
  include_count?: boolean;
}

/** Meta of segments.list. */
export interface SegmentsListMeta {
  /** Always null here; Intercom returns this list whole. */
  next_page: string | null;
}

/** Parameters of segments.get. */
export interface SegmentsGetParams {
  /** Id of the segment. (at least 1 character) */
  id: string;
}

/** Parameters of tags.list: none. */
export type TagsListParams = Record<string, never>;

/** Meta of tags.list. */
export interface TagsListMeta {
  /** Always null here; Intercom returns this list whole. */
  next_page: string | null;
}

/** Parameters of tags.get. */
export interface TagsGetParams {
  /** Id of the tag. (at least 1 character) */
  id: string;
}

/** Parameters of teams.list: none. */
export type TeamsListParams = Record<string, never>;

/** Meta of teams.list. */
export interface TeamsListMeta {
  /** Always null here; Intercom returns this list whole. */
  next_page: string | null;
}

/** Parameters of teams.get. */
export interface TeamsGetParams {
  /** Id of the team. (at least 1 character) */
  id: string;
}

/** Parameters of teams.search. */
export type TeamsSearchParams = SearchParams<TeamsSearchable>;
/** Credentials, one of: Access token. */
export type CustomerMessagingConnectorAuth = { /** Access token of an Intercom app installed on the workspace. */ access_token: string };
/** Config variables used to build the base URL. */
export type CustomerMessagingConnectorConfig = {
  /** Region hosting the Intercom workspace (US, EU or AU); chooses the API host. (default `"US"`) */ region?: 'US' | 'EU' | 'AU';
};
/** entity → action → parameters and result, for the typed `execute`. */
export type CustomerMessagingConnectorOperations = {
  admins: {
    list: { params: AdminsListParams | undefined; result: ExecuteResult<Admin[], AdminsListMeta> };
    get: { params: AdminsGetParams; result: ExecuteResult<Admin, EmptyMeta> };
  };
  companies: {
    list: { params: CompaniesListParams | undefined; result: ExecuteResult<Company[], CompaniesListMeta> };
    get: { params: CompaniesGetParams; result: ExecuteResult<Company, EmptyMeta> };
    search: { params: CompaniesSearchParams; result: ExecuteResult<SearchHit<CompaniesSearchable>[], SearchMeta> };
  };
  contacts: {
    list: { params: ContactsListParams | undefined; result: ExecuteResult<Contact[], ContactsListMeta> };
    get: { params: ContactsGetParams; result: ExecuteResult<Contact, EmptyMeta> };
    search: { params: ContactsSearchParams; result: ExecuteResult<SearchHit<ContactsSearchable>[], SearchMeta> };
  };
  conversations: {
    list: { params: ConversationsListParams | undefined; result: ExecuteResult<Conversation[], ConversationsListMeta> };
    get: { params: ConversationsGetParams; result: ExecuteResult<Conversation, EmptyMeta> };
    search: { params: ConversationsSearchParams; result: ExecuteResult<SearchHit<ConversationsSearchable>[], SearchMeta> };
  };
  segments: {
    list: { params: SegmentsListParams | undefined; result: ExecuteResult<Segment[], SegmentsListMeta> };
    get: { params: SegmentsGetParams; result: ExecuteResult<Segment, EmptyMeta> };
  };
  tags: {
    list: { params: TagsListParams | undefined; result: ExecuteResult<Tag[], TagsListMeta> };
    get: { params: TagsGetParams; result: ExecuteResult<Tag, EmptyMeta> };
  };
  teams: {
    list: { params: TeamsListParams | undefined; result: ExecuteResult<Team[], TeamsListMeta> };
    get: { params: TeamsGetParams; result: ExecuteResult<Team, EmptyMeta> };
    search: { params: TeamsSearchParams; result: ExecuteResult<SearchHit<TeamsSearchable>[], SearchMeta> };
  };
};
