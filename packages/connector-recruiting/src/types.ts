// Generated from specs/recruiting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { DownloadStream, ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * A candidate's application to a job, or a prospect application (applications.list, applications.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Application {
  [key: string]: unknown;
  id: number;
  candidate_id: number;
  prospect: boolean;
  applied_at: string;
  last_activity_at: string;
  /** active, rejected, hired or converted. */
  status: string;
  rejected_at?: string | null;
  location?: Record<string, unknown> | null;
  rejection_reason?: Record<string, unknown> | null;
  rejection_details?: Record<string, unknown> | null;
  current_stage?: Record<string, unknown> | null;
  prospective_office?: Record<string, unknown> | null;
  prospective_department?: Record<string, unknown> | null;
  source?: Record<string, unknown> | null;
  credited_to?: Record<string, unknown> | null;
  prospect_detail: Record<string, unknown>;
  custom_fields: Record<string, unknown>;
  jobs: Array<Record<string, unknown>>;
  answers: Array<Record<string, unknown>>;
  job_post_id?: number | null;
  attachments: Array<Attachment>;
}

/**
 * A file attached to a candidate or an application.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Attachment {
  [key: string]: unknown;
  filename: string;
  /** Pre-signed storage URL; expires after 7 days. */
  url: string;
  /** resume, cover_letter, admin_only, take_home_test, offer_packet, offer_letter, signed_offer_letter or other. */
  type: string;
  created_at: string;
}

/**
 * A candidate or prospect (candidates.list, candidates.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Candidate {
  [key: string]: unknown;
  id: number;
  first_name: string;
  last_name: string;
  created_at: string;
  updated_at: string;
  last_activity: string;
  company?: string | null;
  title?: string | null;
  /** Removed by Greenhouse; always null. */
  photo_url?: string | null;
  is_private: boolean;
  can_email: boolean;
  attachments: Array<Attachment>;
  application_ids: Array<number>;
  phone_numbers: Array<Record<string, unknown>>;
  addresses: Array<Record<string, unknown>>;
  email_addresses: Array<Record<string, unknown>>;
  website_addresses: Array<Record<string, unknown>>;
  social_media_addresses: Array<Record<string, unknown>>;
  recruiter?: Record<string, unknown> | null;
  coordinator?: Record<string, unknown> | null;
  tags: Array<string>;
  custom_fields: Record<string, unknown>;
  applications?: Array<Record<string, unknown>> | null;
  educations?: Array<Record<string, unknown>> | null;
  employments?: Array<Record<string, unknown>> | null;
  keyed_custom_fields?: Record<string, unknown> | null;
}

/**
 * A department (departments.list, departments.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Department {
  [key: string]: unknown;
  id: number;
  name: string;
  parent_id?: number | null;
  parent_department_external_id?: string | null;
  external_id?: string | null;
  child_ids: Array<number>;
  child_department_external_ids: Array<string>;
}

/**
 * A job (jobs.list, jobs.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Job {
  [key: string]: unknown;
  id: number;
  name: string;
  /** open, closed or draft. */
  status: string;
  created_at: string;
  opened_at?: string | null;
  updated_at: string;
  requisition_id?: string | null;
  notes?: string | null;
  closed_at?: string | null;
  confidential: boolean;
  /** Departments of the job; items are objects or null. */
  departments: unknown[];
  offices: Array<Record<string, unknown>>;
  openings: Array<Record<string, unknown>>;
  custom_fields: Record<string, unknown>;
  hiring_team: Record<string, unknown>;
  copied_from_id?: number | null;
  is_template?: boolean | null;
  keyed_custom_fields?: Record<string, unknown> | null;
}

/**
 * A job post as seen on a job board (job_posts.list, job_posts.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface JobPost {
  [key: string]: unknown;
  id: number;
  title: string;
  /** Location shown on the post ({ id, name, office_id, … }). */
  location?: Record<string, unknown> | null;
  /** Posted (or to be posted) on an internal job board. */
  internal: boolean;
  /** Posted (or to be posted) on an external job board. */
  external: boolean;
  /** False when the job post has been deleted. */
  active: boolean;
  /** True when the post's status is live. */
  live: boolean;
  first_published_at?: string | null;
  /** Job of the post; null for a prospect post. */
  job_id?: number | null;
  /** Post text (HTML) on the external board. */
  content?: string | null;
  /** Post text (HTML) on the internal board when it differs. */
  internal_content?: string | null;
  created_at: string;
  updated_at: string;
  demographic_question_set_id?: number | null;
  questions: Array<Record<string, unknown>>;
}

/**
 * An offer made on an application (offers.list, offers.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Offer {
  [key: string]: unknown;
  id: number;
  version: number;
  application_id: number;
  job_id: number;
  candidate_id: number;
  opening?: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  /** unresolved, accepted, rejected or deprecated. */
  status: string;
  sent_at?: string | null;
  resolved_at?: string | null;
  starts_at?: string | null;
  custom_fields: Record<string, unknown>;
  keyed_custom_fields?: Record<string, unknown> | null;
}

/**
 * An office (offices.list, offices.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Office {
  [key: string]: unknown;
  id: number;
  name: string;
  location?: Record<string, unknown> | null;
  primary_contact_user_id?: number | null;
  parent_id?: number | null;
  parent_office_external_id?: string | null;
  external_id?: string | null;
  child_ids: Array<number>;
  child_office_external_ids: Array<string>;
}

/**
 * An interview scheduled for an application (scheduled_interviews.list, scheduled_interviews.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ScheduledInterview {
  [key: string]: unknown;
  id: number;
  application_id: number;
  external_event_id?: string | null;
  /** { date_time } for a timed interview, { date } for an all-day one. */
  start: Record<string, unknown>;
  /** { date_time } for a timed interview, { date } for an all-day one. */
  end: Record<string, unknown>;
  location?: string | null;
  video_conferencing_url?: string | null;
  /** scheduled, awaiting_feedback or complete. */
  status: string;
  created_at?: string | null;
  updated_at?: string | null;
  interview?: Record<string, unknown> | null;
  organizer?: Record<string, unknown> | null;
  /** Interviewers with their response_status and scorecard_id. */
  interviewers: Array<Record<string, unknown>>;
}

/**
 * A candidate source, grouped by strategy (sources.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Source {
  [key: string]: unknown;
  id: number;
  name: string;
  /** Strategy { id, name }, e.g. referrals, agencies, prospecting. */
  type?: Record<string, unknown> | null;
}

/**
 * A Greenhouse user (users.list, users.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  primary_email_address: string;
  updated_at: string;
  created_at: string;
  disabled: boolean;
  site_admin: boolean;
  emails: Array<string>;
  employee_id?: string | null;
  linked_candidate_ids: Array<number>;
  offices: Array<Record<string, unknown>>;
  departments: Array<Record<string, unknown>>;
}

/** Fields of applications held by the hosted search index. */
export interface ApplicationsSearchable {
  answers?: unknown[];
  applied_at?: string;
  attachments?: unknown[];
  candidate_id?: number;
  credited_to?: Record<string, unknown>;
  current_stage?: Record<string, unknown>;
  id?: number;
  job_post_id?: number;
  jobs?: unknown[];
  last_activity_at?: string;
  location?: string;
  prospect?: boolean;
  prospect_detail?: Record<string, unknown>;
  prospective_department?: string;
  prospective_office?: string;
  rejected_at?: string;
  rejection_details?: Record<string, unknown>;
  rejection_reason?: Record<string, unknown>;
  source?: Record<string, unknown>;
  status?: string;
}

/** Fields of candidates held by the hosted search index. */
export interface CandidatesSearchable {
  addresses?: unknown[];
  application_ids?: unknown[];
  applications?: unknown[];
  attachments?: unknown[];
  can_email?: boolean;
  company?: string;
  coordinator?: string;
  created_at?: string;
  custom_fields?: Record<string, unknown>;
  educations?: unknown[];
  email_addresses?: unknown[];
  employments?: unknown[];
  first_name?: string;
  id?: number;
  is_private?: boolean;
  keyed_custom_fields?: Record<string, unknown>;
  last_activity?: string;
  last_name?: string;
  phone_numbers?: unknown[];
  photo_url?: string;
  recruiter?: string;
  social_media_addresses?: unknown[];
  tags?: unknown[];
  title?: string;
  updated_at?: string;
  website_addresses?: unknown[];
}

/** Fields of departments held by the hosted search index. */
export interface DepartmentsSearchable {
  child_department_external_ids?: unknown[];
  child_ids?: unknown[];
  external_id?: string;
  id?: number;
  name?: string;
  parent_department_external_id?: string;
  parent_id?: number;
}

/** Fields of job_posts held by the hosted search index. */
export interface JobPostsSearchable {
  active?: boolean;
  content?: string;
  created_at?: string;
  demographic_question_set_id?: number;
  external?: boolean;
  first_published_at?: string;
  id?: number;
  internal?: boolean;
  internal_content?: string;
  job_id?: number;
  live?: boolean;
  location?: Record<string, unknown>;
  questions?: unknown[];
  title?: string;
  updated_at?: string;
}

/** Fields of jobs held by the hosted search index. */
export interface JobsSearchable {
  closed_at?: string;
  confidential?: boolean;
  copied_from_id?: number;
  created_at?: string;
  custom_fields?: Record<string, unknown>;
  departments?: unknown[];
  hiring_team?: Record<string, unknown>;
  id?: number;
  is_template?: boolean;
  keyed_custom_fields?: Record<string, unknown>;
  name?: string;
  notes?: string;
  offices?: unknown[];
  opened_at?: string;
  openings?: unknown[];
  requisition_id?: string;
  status?: string;
  updated_at?: string;
}

/** Fields of offers held by the hosted search index. */
export interface OffersSearchable {
  application_id?: number;
  candidate_id?: number;
  created_at?: string;
  custom_fields?: Record<string, unknown>;
  id?: number;
  job_id?: number;
  keyed_custom_fields?: Record<string, unknown>;
  opening?: Record<string, unknown>;
  resolved_at?: string;
  sent_at?: string;
  starts_at?: string;
  status?: string;
  updated_at?: string;
  version?: number;
}

/** Fields of offices held by the hosted search index. */
export interface OfficesSearchable {
  child_ids?: unknown[];
  child_office_external_ids?: unknown[];
  external_id?: string;
  id?: number;
  location?: Record<string, unknown>;
  name?: string;
  parent_id?: number;
  parent_office_external_id?: string;
  primary_contact_user_id?: number;
}

/** Fields of sources held by the hosted search index. */
export interface SourcesSearchable {
  id?: number;
  name?: string;
  type?: Record<string, unknown>;
}

/** Fields of users held by the hosted search index. */
export interface UsersSearchable {
  created_at?: string;
  departments?: unknown[];
  disabled?: boolean;
  emails?: unknown[];
  employee_id?: string;
  first_name?: string;
  id?: number;
  last_name?: string;
  linked_candidate_ids?: unknown[];
  name?: string;
  offices?: unknown[];
  primary_email_address?: string;
  site_admin?: boolean;
  updated_at?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of application_attachment.download. */
export interface ApplicationAttachmentDownloadParams {
  /** Application id. */
  id: number;
  /** Download only an attachment of this type. */
  type?: 'resume' | 'cover_letter' | 'admin_only' | 'take_home_test' | 'offer_packet' | 'offer_letter' | 'signed_offer_letter' | 'other';
  /** Download only an attachment with exactly this file name. (at least 1 character) */
  filename?: string;
  /** Position among the matching attachments, 0-based (default 0, the first). (≥ 0; default `0`) */
  index?: number;
}

/** Parameters of applications.list. */
export interface ApplicationsListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** Only records created before this ISO 8601 time (exclusive). (date-time) */
  created_before?: string;
  /** Only records created at or after this ISO 8601 time (inclusive). (date-time) */
  created_after?: string;
  /** Only applications whose last activity is at or after this ISO 8601 time (inclusive). (date-time) */
  last_activity_after?: string;
  /** Only applications involving this job (candidates and prospects). */
  job_id?: number;
  /** Only applications with this status. */
  status?: 'active' | 'rejected' | 'hired' | 'converted';
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of applications.list. */
export interface ApplicationsListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of applications.get. */
export interface ApplicationsGetParams {
  /** Application id. */
  id: number;
}

/** Parameters of applications.search. */
export type ApplicationsSearchParams = SearchParams<ApplicationsSearchable>;

/** Parameters of candidate_attachment.download. */
export interface CandidateAttachmentDownloadParams {
  /** Candidate id. */
  id: number;
  /** Download only an attachment of this type. */
  type?: 'resume' | 'cover_letter' | 'admin_only' | 'take_home_test' | 'offer_packet' | 'offer_letter' | 'signed_offer_letter' | 'other';
  /** Download only an attachment with exactly this file name. (at least 1 character) */
  filename?: string;
  /** Position among the matching attachments, 0-based (default 0, the first). (≥ 0; default `0`) */
  index?: number;
}

/** Parameters of candidates.list. */
export interface CandidatesListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of candidates.list. */
export interface CandidatesListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of candidates.get. */
export interface CandidatesGetParams {
  /** Candidate id. */
  id: number;
}

/** Parameters of candidates.search. */
export type CandidatesSearchParams = SearchParams<CandidatesSearchable>;

/** Parameters of departments.list. */
export interface DepartmentsListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of departments.list. */
export interface DepartmentsListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of departments.get. */
export interface DepartmentsGetParams {
  /** Department id. */
  id: number;
}

/** Parameters of departments.search. */
export type DepartmentsSearchParams = SearchParams<DepartmentsSearchable>;

/** Parameters of job_posts.list. */
export interface JobPostsListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** Only records created before this ISO 8601 time (exclusive). (date-time) */
  created_before?: string;
  /** Only records created at or after this ISO 8601 time (inclusive). (date-time) */
  created_after?: string;
  /** Only records updated before this ISO 8601 time (exclusive). (date-time) */
  updated_before?: string;
  /** Only records updated at or after this ISO 8601 time (inclusive). (date-time) */
  updated_after?: string;
  /** When true, only live job posts. */
  live?: boolean;
  /** True for active job posts only, false for deleted ones only; omit for both. */
  active?: boolean;
  /** True for internal job posts only, false for external ones only; omit for both. */
  internal?: boolean;
  /** When true, content includes the board introduction, pay ranges and conclusion, not just the editable description. */
  full_content?: boolean;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of job_posts.list. */
export interface JobPostsListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of job_posts.get. */
export interface JobPostsGetParams {
  /** Job post id. */
  id: number;
  /** When true, content includes the board introduction, pay ranges and conclusion, not just the editable description. */
  full_content?: boolean;
}

/** Parameters of job_posts.search. */
export type JobPostsSearchParams = SearchParams<JobPostsSearchable>;

/** Parameters of jobs.list. */
export interface JobsListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of jobs.list. */
export interface JobsListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of jobs.get. */
export interface JobsGetParams {
  /** Job id. */
  id: number;
}

/** Parameters of jobs.search. */
export type JobsSearchParams = SearchParams<JobsSearchable>;

/** Parameters of offers.list. */
export interface OffersListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** Only records created before this ISO 8601 time (exclusive). (date-time) */
  created_before?: string;
  /** Only records created at or after this ISO 8601 time (inclusive). (date-time) */
  created_after?: string;
  /** Only offers resolved at or after this ISO 8601 time (inclusive). (date-time) */
  resolved_after?: string;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of offers.list. */
export interface OffersListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of offers.get. */
export interface OffersGetParams {
  /** Offer id. */
  id: number;
}

/** Parameters of offers.search. */
export type OffersSearchParams = SearchParams<OffersSearchable>;

/** Parameters of offices.list. */
export interface OfficesListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of offices.list. */
export interface OfficesListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of offices.get. */
export interface OfficesGetParams {
  /** Office id. */
  id: number;
}

/** Parameters of offices.search. */
export type OfficesSearchParams = SearchParams<OfficesSearchable>;

/** Parameters of scheduled_interviews.list. */
export interface ScheduledInterviewsListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** Only records created before this ISO 8601 time (exclusive). (date-time) */
  created_before?: string;
  /** Only records created at or after this ISO 8601 time (inclusive). (date-time) */
  created_after?: string;
  /** Only records updated before this ISO 8601 time (exclusive). (date-time) */
  updated_before?: string;
  /** Only records updated at or after this ISO 8601 time (inclusive). (date-time) */
  updated_after?: string;
  /** Only interviews starting before this ISO 8601 time (exclusive). (date-time) */
  starts_before?: string;
  /** Only interviews starting at or after this ISO 8601 time (inclusive). (date-time) */
  starts_after?: string;
  /** Only interviews ending before this ISO 8601 time (exclusive). (date-time) */
  ends_before?: string;
  /** Only interviews ending at or after this ISO 8601 time (inclusive). (date-time) */
  ends_after?: string;
  /** Only the interview with this calendar event id. */
  external_event_id?: string;
  /** When true, only interviews that can still be updated or deleted (created through Harvest, scheduled or awaiting feedback, on an active application). */
  actionable?: boolean;
}

/** Meta of scheduled_interviews.list. */
export interface ScheduledInterviewsListMeta {
  next_page: number | null;
}

/** Parameters of scheduled_interviews.get. */
export interface ScheduledInterviewsGetParams {
  /** Scheduled interview id. */
  id: number;
}

/** Parameters of sources.list. */
export interface SourcesListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of sources.list. */
export interface SourcesListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of sources.search. */
export type SourcesSearchParams = SearchParams<SourcesSearchable>;

/** Parameters of users.list. */
export interface UsersListParams {
  /** Records per page (1–500, default 100). (≥ 1; ≤ 500; default `100`) */
  per_page?: number;
  /** Page to read, from the previous response's `meta.next_page`; omit for the first page (API key only). (≥ 1) */
  page?: number;
  /** Only records created before this ISO 8601 time (exclusive). (date-time) */
  created_before?: string;
  /** Only records created at or after this ISO 8601 time (inclusive). (date-time) */
  created_after?: string;
  /** Only records updated before this ISO 8601 time (exclusive). (date-time) */
  updated_before?: string;
  /** Only records updated at or after this ISO 8601 time (inclusive). (date-time) */
  updated_after?: string;
  /** OAuth client credentials (Harvest v3) only: the previous response's `meta.next_cursor`. Sent alone, so filters and `per_page` apply to the first request only. */
  cursor?: string;
}

/** Meta of users.list. */
export interface UsersListMeta {
  next_page: number | null;
  next_cursor?: string | null;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** User id. */
  id: number;
}

/** Parameters of users.search. */
export type UsersSearchParams = SearchParams<UsersSearchable>;
/** Credentials, one of: API key, OAuth client credentials. */
export type RecruitingConnectorAuth =
  | { /** Harvest API key from Greenhouse's Dev Center (API Credential Management). */ api_key: string }
  | {
      /** Client id of the Harvest v3 credential. */ client_id: string;
      /** Client secret of the Harvest v3 credential. */ client_secret: string;
      /** Numeric id of the Greenhouse user the calls act as (sent as the token request's `sub`); omit to let Greenhouse choose. */ user_id?: string;
    };
/** Config variables used to build the base URL. */
export type RecruitingConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type RecruitingConnectorOperations = {
  application_attachment: {
    download: { params: ApplicationAttachmentDownloadParams; result: ExecuteResult<DownloadStream, DownloadMeta> };
  };
  applications: {
    list: { params: ApplicationsListParams | undefined; result: ExecuteResult<Application[], ApplicationsListMeta> };
    get: { params: ApplicationsGetParams; result: ExecuteResult<Application, EmptyMeta> };
    search: { params: ApplicationsSearchParams; result: ExecuteResult<SearchHit<ApplicationsSearchable>[], SearchMeta> };
  };
  candidate_attachment: {
    download: { params: CandidateAttachmentDownloadParams; result: ExecuteResult<DownloadStream, DownloadMeta> };
  };
  candidates: {
    list: { params: CandidatesListParams | undefined; result: ExecuteResult<Candidate[], CandidatesListMeta> };
    get: { params: CandidatesGetParams; result: ExecuteResult<Candidate, EmptyMeta> };
    search: { params: CandidatesSearchParams; result: ExecuteResult<SearchHit<CandidatesSearchable>[], SearchMeta> };
  };
  departments: {
    list: { params: DepartmentsListParams | undefined; result: ExecuteResult<Department[], DepartmentsListMeta> };
    get: { params: DepartmentsGetParams; result: ExecuteResult<Department, EmptyMeta> };
    search: { params: DepartmentsSearchParams; result: ExecuteResult<SearchHit<DepartmentsSearchable>[], SearchMeta> };
  };
  job_posts: {
    list: { params: JobPostsListParams | undefined; result: ExecuteResult<JobPost[], JobPostsListMeta> };
    get: { params: JobPostsGetParams; result: ExecuteResult<JobPost, EmptyMeta> };
    search: { params: JobPostsSearchParams; result: ExecuteResult<SearchHit<JobPostsSearchable>[], SearchMeta> };
  };
  jobs: {
    list: { params: JobsListParams | undefined; result: ExecuteResult<Job[], JobsListMeta> };
    get: { params: JobsGetParams; result: ExecuteResult<Job, EmptyMeta> };
    search: { params: JobsSearchParams; result: ExecuteResult<SearchHit<JobsSearchable>[], SearchMeta> };
  };
  offers: {
    list: { params: OffersListParams | undefined; result: ExecuteResult<Offer[], OffersListMeta> };
    get: { params: OffersGetParams; result: ExecuteResult<Offer, EmptyMeta> };
    search: { params: OffersSearchParams; result: ExecuteResult<SearchHit<OffersSearchable>[], SearchMeta> };
  };
  offices: {
    list: { params: OfficesListParams | undefined; result: ExecuteResult<Office[], OfficesListMeta> };
    get: { params: OfficesGetParams; result: ExecuteResult<Office, EmptyMeta> };
    search: { params: OfficesSearchParams; result: ExecuteResult<SearchHit<OfficesSearchable>[], SearchMeta> };
  };
  scheduled_interviews: {
    list: { params: ScheduledInterviewsListParams | undefined; result: ExecuteResult<ScheduledInterview[], ScheduledInterviewsListMeta> };
    get: { params: ScheduledInterviewsGetParams; result: ExecuteResult<ScheduledInterview, EmptyMeta> };
  };
  sources: {
    list: { params: SourcesListParams | undefined; result: ExecuteResult<Source[], SourcesListMeta> };
    search: { params: SourcesSearchParams; result: ExecuteResult<SearchHit<SourcesSearchable>[], SearchMeta> };
  };
  users: {
    list: { params: UsersListParams | undefined; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    search: { params: UsersSearchParams; result: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta> };
  };
};
