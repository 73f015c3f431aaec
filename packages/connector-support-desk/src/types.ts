// Generated from specs/support-desk.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { DownloadStream, ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * A file attached to a ticket comment (ticket_attachments.get, and in comments).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Attachment {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  file_name?: string | null;
  /** Where the file is fetched (on the Zendesk host; redirects to storage). */
  content_url?: string | null;
  mapped_content_url?: string | null;
  content_type?: string | null;
  size?: number | null;
  width?: number | null;
  height?: number | null;
  inline?: boolean | null;
  deleted?: boolean | null;
  malware_scan_result?: string | null;
  thumbnails?: Array<Record<string, unknown>> | null;
}

/**
 * A brand of the account (brands.list, brands.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Brand {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  name?: string | null;
  brand_url?: string | null;
  subdomain?: string | null;
  host_mapping?: string | null;
  active?: boolean | null;
  default?: boolean | null;
  is_deleted?: boolean | null;
  has_help_center?: boolean | null;
  help_center_state?: string | null;
  signature_template?: string | null;
  ticket_form_ids?: Array<number> | null;
  logo?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * The value of one custom field on a ticket.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface CustomFieldValue {
  [key: string]: unknown;
  id: number;
  value: unknown;
}

/**
 * A group of agents tickets can be assigned to (groups.list, groups.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Group {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  name?: string | null;
  description?: string | null;
  default?: boolean | null;
  deleted?: boolean | null;
  is_public?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A macro agents apply to tickets (macros.list, macros.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Macro {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  title?: string | null;
  raw_title?: string | null;
  description?: string | null;
  active?: boolean | null;
  default?: boolean | null;
  position?: number | null;
  restriction?: Record<string, unknown> | null;
  /** What the macro does: { field, value } pairs. */
  actions?: Array<Record<string, unknown>> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A customer organization (organizations.list, organizations.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Organization {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  name?: string | null;
  details?: string | null;
  notes?: string | null;
  domain_names?: Array<string> | null;
  external_id?: string | null;
  group_id?: number | null;
  shared_tickets?: boolean | null;
  shared_comments?: boolean | null;
  tags?: Array<string> | null;
  organization_fields?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A customer's satisfaction rating of a solved ticket (satisfaction_ratings.list, satisfaction_ratings.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface SatisfactionRating {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  /** offered, unoffered, good or bad. */
  score?: string | null;
  comment?: string | null;
  reason?: string | null;
  reason_id?: number | null;
  ticket_id?: number | null;
  requester_id?: number | null;
  assignee_id?: number | null;
  group_id?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A support ticket (tickets.list, get, create, update, api_search).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Ticket {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  external_id?: string | null;
  /** problem, incident, question or task. */
  type?: string | null;
  subject?: string | null;
  raw_subject?: string | null;
  /** The first comment's text. */
  description?: string | null;
  /** urgent, high, normal or low. */
  priority?: string | null;
  /** new, open, pending, hold, solved or closed. */
  status?: string | null;
  custom_status_id?: number | null;
  recipient?: string | null;
  requester_id?: number | null;
  submitter_id?: number | null;
  assignee_id?: number | null;
  organization_id?: number | null;
  group_id?: number | null;
  brand_id?: number | null;
  ticket_form_id?: number | null;
  problem_id?: number | null;
  collaborator_ids?: Array<number> | null;
  follower_ids?: Array<number> | null;
  email_cc_ids?: Array<number> | null;
  has_incidents?: boolean | null;
  is_public?: boolean | null;
  due_at?: string | null;
  tags?: Array<string> | null;
  /** Custom field values { id, value }; value is often null. */
  custom_fields?: Array<CustomFieldValue> | null;
  /** Rating summary { id, score, comment }, or a string for accounts without ratings. */
  satisfaction_rating: unknown;
  sharing_agreement_ids?: Array<number> | null;
  via?: Record<string, unknown> | null;
  from_messaging_channel?: boolean | null;
  /** Unix seconds of the ticket's last change (incremental sync clock). */
  generated_timestamp?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A comment (public reply or internal note) on a ticket (ticket_comments.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface TicketComment {
  [key: string]: unknown;
  id: number;
  /** Comment or VoiceComment. */
  type?: string | null;
  author_id?: number | null;
  body?: string | null;
  html_body?: string | null;
  plain_body?: string | null;
  public?: boolean | null;
  audit_id?: number | null;
  attachments?: Array<Attachment> | null;
  via?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
  created_at?: string | null;
}

/**
 * A system or custom ticket field (ticket_fields.list, ticket_fields.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface TicketField {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  /** subject, description, status, tagger, text, checkbox, date, integer, … */
  type?: string | null;
  title?: string | null;
  raw_title?: string | null;
  description?: string | null;
  agent_description?: string | null;
  position?: number | null;
  active?: boolean | null;
  required?: boolean | null;
  removable?: boolean | null;
  visible_in_portal?: boolean | null;
  editable_in_portal?: boolean | null;
  required_in_portal?: boolean | null;
  title_in_portal?: string | null;
  tag?: string | null;
  regexp_for_validation?: string | null;
  custom_field_options?: Array<Record<string, unknown>> | null;
  system_field_options?: Array<Record<string, unknown>> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * An end user, agent or admin (users.list, users.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  name?: string | null;
  email?: string | null;
  alias?: string | null;
  phone?: string | null;
  /** end-user, agent or admin. */
  role?: string | null;
  role_type?: number | null;
  custom_role_id?: number | null;
  active?: boolean | null;
  verified?: boolean | null;
  suspended?: boolean | null;
  shared?: boolean | null;
  moderator?: boolean | null;
  restricted_agent?: boolean | null;
  only_private_comments?: boolean | null;
  ticket_restriction?: string | null;
  organization_id?: number | null;
  default_group_id?: number | null;
  external_id?: string | null;
  locale?: string | null;
  locale_id?: number | null;
  time_zone?: string | null;
  iana_time_zone?: string | null;
  details?: string | null;
  notes?: string | null;
  signature?: string | null;
  tags?: Array<string> | null;
  user_fields?: Record<string, unknown> | null;
  photo?: Record<string, unknown> | null;
  two_factor_auth_enabled?: boolean | null;
  last_login_at?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * A saved ticket view (views.list, views.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface View {
  [key: string]: unknown;
  id: number;
  url?: string | null;
  title?: string | null;
  description?: string | null;
  active?: boolean | null;
  default?: boolean | null;
  position?: number | null;
  restriction?: Record<string, unknown> | null;
  conditions?: Record<string, unknown> | null;
  execution?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** Fields of organizations held by the hosted search index. */
export interface OrganizationsSearchable {
  created_at?: string;
  details?: string;
  domain_names?: unknown[];
  external_id?: string;
  group_id?: number;
  id?: number;
  name?: string;
  notes?: string;
  organization_fields?: Record<string, unknown>;
  shared_comments?: boolean;
  shared_tickets?: boolean;
  tags?: unknown[];
  updated_at?: string;
  url?: string;
}

/** Fields of tickets held by the hosted search index. */
export interface TicketsSearchable {
  assignee_id?: number;
  brand_id?: number;
  collaborator_ids?: unknown[];
  created_at?: string;
  custom_fields?: unknown[];
  description?: string;
  due_at?: string;
  external_id?: string;
  follower_ids?: unknown[];
  generated_timestamp?: number;
  group_id?: number;
  has_incidents?: boolean;
  id?: number;
  is_public?: boolean;
  organization_id?: number;
  priority?: string;
  problem_id?: number;
  recipient?: string;
  requester_id?: number;
  status?: string;
  subject?: string;
  submitter_id?: number;
  tags?: unknown[];
  ticket_form_id?: number;
  type?: string;
  updated_at?: string;
  url?: string;
  via?: Record<string, unknown>;
}

/** Fields of users held by the hosted search index. */
export interface UsersSearchable {
  active?: boolean;
  alias?: string;
  created_at?: string;
  custom_role_id?: number;
  default_group_id?: number;
  details?: string;
  email?: string;
  external_id?: string;
  iana_time_zone?: string;
  id?: number;
  last_login_at?: string;
  locale?: string;
  moderator?: boolean;
  name?: string;
  notes?: string;
  only_private_comments?: boolean;
  organization_id?: number;
  phone?: string;
  restricted_agent?: boolean;
  role?: string;
  role_type?: number;
  shared?: boolean;
  suspended?: boolean;
  tags?: unknown[];
  ticket_restriction?: string;
  time_zone?: string;
  two_factor_auth_enabled?: boolean;
  updated_at?: string;
  url?: string;
  user_fields?: Record<string, unknown>;
  verified?: boolean;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of brands.list. */
export interface BrandsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
}

/** Meta of brands.list. */
export interface BrandsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of brands.get. */
export interface BrandsGetParams {
  /** Brand id. */
  brand_id: number;
}

/** Parameters of groups.list. */
export interface GroupsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Leave out deleted groups. */
  exclude_deleted?: boolean;
}

/** Meta of groups.list. */
export interface GroupsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of groups.get. */
export interface GroupsGetParams {
  /** Group id. */
  group_id: number;
}

/** Parameters of macros.list. */
export interface MacrosListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Only active (true) or inactive (false) macros. */
  active?: boolean;
  /** Only macros with this access. */
  access?: 'personal' | 'agents' | 'shared' | 'account';
  /** Only macros available to this group. */
  group_id?: number;
}

/** Meta of macros.list. */
export interface MacrosListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of macros.get. */
export interface MacrosGetParams {
  /** Macro id. */
  macro_id: number;
}

/** Parameters of organizations.list. */
export interface OrganizationsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
}

/** Meta of organizations.list. */
export interface OrganizationsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of organizations.get. */
export interface OrganizationsGetParams {
  /** Organization id. */
  organization_id: number;
}

/** Parameters of organizations.search. */
export type OrganizationsSearchParams = SearchParams<OrganizationsSearchable>;

/** Parameters of satisfaction_ratings.list. */
export interface SatisfactionRatingsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
}

/** Meta of satisfaction_ratings.list. */
export interface SatisfactionRatingsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of satisfaction_ratings.get. */
export interface SatisfactionRatingsGetParams {
  /** Satisfaction rating id. */
  satisfaction_rating_id: number;
}

/** Parameters of ticket_attachments.get. */
export interface TicketAttachmentsGetParams {
  /** Attachment id (from a comment's attachments). */
  attachment_id: number;
}

/** Parameters of ticket_attachments.download. */
export interface TicketAttachmentsDownloadParams {
  /** Attachment id (from a comment's attachments). */
  attachment_id: number;
  /** Part of the file to fetch, as an HTTP Range value (bytes=0-1023). (bytes=START-END, bytes=START- or bytes=-SUFFIX) */
  range_header?: string;
}

/** Parameters of ticket_comments.list. */
export interface TicketCommentsListParams {
  /** Ticket id. */
  ticket_id: number;
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Also list inline images among each comment's attachments. */
  include_inline_images?: boolean;
}

/** Meta of ticket_comments.list. */
export interface TicketCommentsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of ticket_fields.list. */
export interface TicketFieldsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Language of the titles and descriptions (es, pt-br, …). */
  locale?: string;
}

/** Meta of ticket_fields.list. */
export interface TicketFieldsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of ticket_fields.get. */
export interface TicketFieldsGetParams {
  /** Ticket field id. */
  ticket_field_id: number;
}

/** Parameters of tickets.list. */
export interface TicketsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Order of the records, a field name such as id, created_at or updated_at; a leading - sorts descending (default id). */
  sort?: string;
  /** Only tickets with this external id. */
  external_id?: string;
  /** Only tickets created or updated at or after this Unix time (seconds). */
  start_time?: number;
}

/** Meta of tickets.list. */
export interface TicketsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of tickets.get. */
export interface TicketsGetParams {
  /** Ticket id. */
  ticket_id: number;
}

/** Parameters of tickets.create. */
export interface TicketsCreateParams {
  /** Subject line of the ticket. */
  subject?: string;
  /** Id of the user who asked for help. */
  requester_id?: number;
  /** A requester to find or create by email (use instead of requester_id). */
  requester?: { name?: string; email?: string; locale_id?: number };
  /** Id of the user who submits the ticket (defaults to the requester). */
  submitter_id?: number;
  /** Id of the agent assigned; null unassigns. (null accepted) */
  assignee_id?: number | null;
  /** Id of the group assigned; null removes the group. (null accepted) */
  group_id?: number | null;
  /** Id of the requester's organization the ticket belongs to. (null accepted) */
  organization_id?: number | null;
  /** Id of the brand (accounts with several brands). */
  brand_id?: number;
  /** Id of the ticket form. */
  ticket_form_id?: number;
  /** Ids of users copied on the ticket (CCs). */
  collaborator_ids?: Array<number>;
  /** Priority; null clears it. (null accepted) */
  priority?: 'urgent' | 'high' | 'normal' | 'low' | null;
  /** Status (closed tickets cannot be updated again). */
  status?: 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
  /** Ticket type; null clears it. (null accepted) */
  type?: 'problem' | 'incident' | 'question' | 'task' | null;
  /** For an incident, the id of its problem ticket. (null accepted) */
  problem_id?: number | null;
  /** Tags; on update the list replaces the ticket's tags. */
  tags?: Array<string>;
  /** Custom field values, each { id, value }. */
  custom_fields?: Array<{ id?: number; value?: unknown | null }>;
  /** An id from another system, for linking. (null accepted) */
  external_id?: string | null;
  /** Due date of a task ticket (ISO 8601). (date-time; null accepted) */
  due_at?: string | null;
  /** A comment to add; body (plain text) or html_body is needed. */
  comment?: { body?: string; html_body?: string; public?: boolean; author_id?: number; uploads?: Array<string> };
}

/** Meta of tickets.create. */
export interface TicketsCreateMeta {
  /** The audit Zendesk recorded for the change. */
  audit: Record<string, unknown> | null;
}

/** Parameters of tickets.update. */
export interface TicketsUpdateParams {
  /** Ticket id. */
  ticket_id: number;
  /** Subject line of the ticket. */
  subject?: string;
  /** Id of the user who asked for help. */
  requester_id?: number;
  /** A requester to find or create by email (use instead of requester_id). */
  requester?: { name?: string; email?: string; locale_id?: number };
  /** Id of the user who submits the ticket (defaults to the requester). */
  submitter_id?: number;
  /** Id of the agent assigned; null unassigns. (null accepted) */
  assignee_id?: number | null;
  /** Id of the group assigned; null removes the group. (null accepted) */
  group_id?: number | null;
  /** Id of the requester's organization the ticket belongs to. (null accepted) */
  organization_id?: number | null;
  /** Id of the brand (accounts with several brands). */
  brand_id?: number;
  /** Id of the ticket form. */
  ticket_form_id?: number;
  /** Ids of users copied on the ticket (CCs). */
  collaborator_ids?: Array<number>;
  /** Priority; null clears it. (null accepted) */
  priority?: 'urgent' | 'high' | 'normal' | 'low' | null;
  /** Status (closed tickets cannot be updated again). */
  status?: 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
  /** Ticket type; null clears it. (null accepted) */
  type?: 'problem' | 'incident' | 'question' | 'task' | null;
  /** For an incident, the id of its problem ticket. (null accepted) */
  problem_id?: number | null;
  /** Tags; on update the list replaces the ticket's tags. */
  tags?: Array<string>;
  /** Custom field values, each { id, value }. */
  custom_fields?: Array<{ id?: number; value?: unknown | null }>;
  /** An id from another system, for linking. (null accepted) */
  external_id?: string | null;
  /** Due date of a task ticket (ISO 8601). (date-time; null accepted) */
  due_at?: string | null;
  /** A comment to add; body (plain text) or html_body is needed. */
  comment?: { body?: string; html_body?: string; public?: boolean; author_id?: number; uploads?: Array<string> };
  /** Refuse the update (HTTP 409) when the ticket changed after updated_stamp. */
  safe_update?: boolean;
  /** The ticket's updated_at as last read; required by safe_update. (date-time) */
  updated_stamp?: string;
}

/** Meta of tickets.update. */
export interface TicketsUpdateMeta {
  /** The audit Zendesk recorded for the change. */
  audit: Record<string, unknown> | null;
}

/** Parameters of tickets.search. */
export type TicketsSearchParams = SearchParams<TicketsSearchable>;

/** Parameters of tickets.api_search. */
export interface TicketsApiSearchParams {
  /** Zendesk search query (status:open assignee:me "printer fire"); a type:ticket term is accepted and left out on the wire, other type: terms are refused. (a Zendesk search query with a term besides type:ticket and no other type: term (the type is filter_type)) */
  query: string;
  /** Object type Zendesk exports; always ticket for this action. (default `"ticket"`) */
  filter_type?: 'ticket';
  /** Results per page (at most 1000, default 100 as Zendesk recommends), sent as page[size]. (≤ 1000; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
}

/** Meta of tickets.api_search. */
export interface TicketsApiSearchMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of users.list. */
export interface UsersListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Only users with this role (end-user, agent, admin, or a custom role's name). */
  role?: string;
  /** Only agents with this custom role id (Enterprise). */
  permission_set?: number;
  /** Only the user with this external id. */
  external_id?: string;
}

/** Meta of users.list. */
export interface UsersListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** User id. */
  user_id: number;
}

/** Parameters of users.search. */
export type UsersSearchParams = SearchParams<UsersSearchable>;

/** Parameters of views.list. */
export interface ViewsListParams {
  /** Records per page (at most 100, default 100), sent as page[size]. (≤ 100; default `100`) */
  page_size?: number;
  /** Cursor from the previous page's meta.after_cursor, sent as page[after]; omit for the first page. */
  cursor?: string;
  /** Only active (true) or inactive (false) views. */
  active?: boolean;
  /** Only views with this access. */
  access?: 'personal' | 'shared' | 'account';
  /** Only views shared with this group. */
  group_id?: number;
}

/** Meta of views.list. */
export interface ViewsListMeta {
  after_cursor: string | null;
  /** Zendesk's meta.has_more; false on the last page. */
  has_more: boolean | null;
}

/** Parameters of views.get. */
export interface ViewsGetParams {
  /** View id. */
  view_id: number;
}

/** Credentials, one of: Token, OAuth. */
export type SupportDeskConnectorAuth =
  | {
      /** Email address of the Zendesk user the token acts as. */ email: string;
      /** API token from Zendesk Admin Center (Apps and integrations → Zendesk API). */ api_token: string;
    }
  | {
      /** OAuth 2.0 access token issued by Zendesk. */ access_token: string;
      /** OAuth 2.0 refresh token; accepted and redacted, not used by the connector. */ refresh_token?: string;
    };
/** Config variables used to build the base URL. */
export type SupportDeskConnectorConfig = {
  /** The account's Zendesk subdomain (acme for https://acme.zendesk.com). (letters, digits and inner hyphens only (acme for acme.zendesk.com)) */ subdomain: string;
};
/** entity → action → parameters and result, for the typed `execute`. */
export type SupportDeskConnectorOperations = {
  brands: {
    list: { params: BrandsListParams | undefined; result: ExecuteResult<Brand[], BrandsListMeta> };
    get: { params: BrandsGetParams; result: ExecuteResult<Brand, EmptyMeta> };
  };
  groups: {
    list: { params: GroupsListParams | undefined; result: ExecuteResult<Group[], GroupsListMeta> };
    get: { params: GroupsGetParams; result: ExecuteResult<Group, EmptyMeta> };
  };
  macros: {
    list: { params: MacrosListParams | undefined; result: ExecuteResult<Macro[], MacrosListMeta> };
    get: { params: MacrosGetParams; result: ExecuteResult<Macro, EmptyMeta> };
  };
  organizations: {
    list: { params: OrganizationsListParams | undefined; result: ExecuteResult<Organization[], OrganizationsListMeta> };
    get: { params: OrganizationsGetParams; result: ExecuteResult<Organization, EmptyMeta> };
    search: { params: OrganizationsSearchParams; result: ExecuteResult<SearchHit<OrganizationsSearchable>[], SearchMeta> };
  };
  satisfaction_ratings: {
    list: { params: SatisfactionRatingsListParams | undefined; result: ExecuteResult<SatisfactionRating[], SatisfactionRatingsListMeta> };
    get: { params: SatisfactionRatingsGetParams; result: ExecuteResult<SatisfactionRating, EmptyMeta> };
  };
  ticket_attachments: {
    get: { params: TicketAttachmentsGetParams; result: ExecuteResult<Attachment, EmptyMeta> };
    download: { params: TicketAttachmentsDownloadParams; result: ExecuteResult<DownloadStream, DownloadMeta> };
  };
  ticket_comments: {
    list: { params: TicketCommentsListParams; result: ExecuteResult<TicketComment[], TicketCommentsListMeta> };
  };
  ticket_fields: {
    list: { params: TicketFieldsListParams | undefined; result: ExecuteResult<TicketField[], TicketFieldsListMeta> };
    get: { params: TicketFieldsGetParams; result: ExecuteResult<TicketField, EmptyMeta> };
  };
  tickets: {
    list: { params: TicketsListParams | undefined; result: ExecuteResult<Ticket[], TicketsListMeta> };
    get: { params: TicketsGetParams; result: ExecuteResult<Ticket, EmptyMeta> };
    create: { params: TicketsCreateParams | undefined; result: ExecuteResult<Ticket, TicketsCreateMeta> };
    update: { params: TicketsUpdateParams; result: ExecuteResult<Ticket, TicketsUpdateMeta> };
    search: { params: TicketsSearchParams; result: ExecuteResult<SearchHit<TicketsSearchable>[], SearchMeta> };
    api_search: { params: TicketsApiSearchParams; result: ExecuteResult<Ticket[], TicketsApiSearchMeta> };
  };
  users: {
    list: { params: UsersListParams | undefined; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    search: { params: UsersSearchParams; result: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta> };
  };
  views: {
    list: { params: ViewsListParams | undefined; result: ExecuteResult<View[], ViewsListMeta> };
    get: { params: ViewsGetParams; result: ExecuteResult<View, EmptyMeta> };
  };
};
