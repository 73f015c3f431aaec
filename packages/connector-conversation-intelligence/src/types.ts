// Generated from specs/conversation-intelligence.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { DownloadStream, ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * Counts of a user's activity over the requested period.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface AggregateActivity {
  [key: string]: unknown;
  callsAsHost: number;
  callsGaveFeedback: number;
  callsRequestedFeedback: number;
  callsReceivedFeedback: number;
  ownCallsListenedTo: number;
  othersCallsListenedTo: number;
  callsSharedInternally: number;
  callsSharedExternally: number;
  callsScorecardsFilled: number;
  callsScorecardsReceived: number;
  callsAttended: number;
  callsCommentsGiven: number;
  callsCommentsReceived: number;
  callsMarkedAsFeedbackGiven: number;
  callsMarkedAsFeedbackReceived: number;
}

/**
 * A call's basic data (calls.list, calls.get, and metaData of an extensive call).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Call {
  [key: string]: unknown;
  id: string;
  url: string;
  title: string;
  scheduled: string;
  started: string;
  /** Length in seconds. */
  duration: number;
  primaryUserId: string;
  /** Inbound, Outbound, Conference or Unknown. */
  direction: string;
  system: string;
  /** Internal, External or Unknown. */
  scope: string;
  /** Video or Audio. */
  media: string;
  language: string;
  workspaceId: string;
  meetingUrl: string;
  sdrDisposition?: string | null;
  clientUniqueId?: string | null;
  customData?: string | null;
  purpose?: string | null;
  calendarEventId?: string | null;
  isPrivate: boolean;
}

/**
 * The transcript of one call (call_transcripts.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface CallTranscript {
  [key: string]: unknown;
  callId: string;
  /** Monologues: { speakerId, topic, sentences: [{ start, end, text }] } (ms from the call start). */
  transcript: Array<Record<string, unknown>>;
}

/**
 * Coaching metrics of one manager and their direct reports (coaching.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Coaching {
  [key: string]: unknown;
  /** { id, emailAddress, firstName, lastName, title }. */
  manager?: Record<string, unknown> | null;
  /** { report: { id, emailAddress, firstName, lastName, title }, metrics: { <name>: [values] } } per direct report. */
  directReportsMetrics?: Array<Record<string, unknown>> | null;
}

/**
 * A user's activity on one day, each member listing the call ids involved.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface DailyActivity {
  [key: string]: unknown;
  callsAsHost: Array<string>;
  callsGaveFeedback: Array<string>;
  callsRequestedFeedback: Array<string>;
  callsReceivedFeedback: Array<string>;
  ownCallsListenedTo: Array<string>;
  othersCallsListenedTo: Array<string>;
  callsSharedInternally: Array<string>;
  callsSharedExternally: Array<string>;
  callsAttended: Array<string>;
  callsCommentsGiven: Array<string>;
  callsCommentsReceived: Array<string>;
  callsMarkedAsFeedbackGiven: Array<string>;
  callsMarkedAsFeedbackReceived: Array<string>;
  callsScorecardsFilled: Array<string>;
  callsScorecardsReceived: Array<string>;
  fromDate: string;
  toDate: string;
}

/**
 * A call with the parts contentSelector asked for (calls_extensive.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ExtensiveCall {
  [key: string]: unknown;
  /** The call id (metaData.id). */
  id: string;
  /** Start time of the call (metaData.started). */
  startdatetime: string;
  metaData: Call;
  /** CRM objects linked to the call (contentSelector.context). */
  context?: Array<Record<string, unknown>> | null;
  /** Participants (exposedFields.parties). */
  parties?: Array<Record<string, unknown>> | null;
  /** Speakers, interaction stats, video, questions (exposedFields.interaction). */
  interaction?: Record<string, unknown> | null;
  /** Public comments (exposedFields.collaboration). */
  collaboration?: Record<string, unknown> | null;
  /** Structure, topics, trackers, brief, outline, highlights, … (exposedFields.content). */
  content?: Record<string, unknown> | null;
  /** audioUrl and videoUrl, pre-signed for 8 hours (exposedFields.media). */
  media?: Record<string, unknown> | null;
}

/**
 * One interaction measure (Talk Ratio, Longest Monologue, Interactivity, Patience, …).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface InteractionStat {
  [key: string]: unknown;
  name: string;
  value: number;
}

/**
 * A call (or call snippet) in a library folder (library_folder_content.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface LibraryCall {
  [key: string]: unknown;
  /** The call id (Gong's id). */
  callId: string;
  title: string;
  started?: string | null;
  primaryUserId?: string | null;
  url: string;
  /** Length in seconds. */
  duration?: number | null;
  id: string;
  note?: string | null;
  addedBy?: string | null;
  created?: string | null;
  /** { fromSec, toSec } when only part of the call was added. */
  snippet?: Record<string, unknown> | null;
}

/**
 * A public library folder (library_folders.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface LibraryFolder {
  [key: string]: unknown;
  id: string;
  name: string;
  parentFolderId?: string | null;
  createdBy?: string | null;
  updated: string;
}

/**
 * A scorecard and its questions (settings_scorecards.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Scorecard {
  [key: string]: unknown;
  scorecardId: string;
  scorecardName: string;
  workspaceId?: string | null;
  enabled: boolean;
  updaterUserId: string;
  created: string;
  updated: string;
  /** AUTOMATIC or MANUAL. */
  reviewMethod: string;
  /** { questionId, questionRevisionId, questionText, questionType, updaterUserId, created, updated, isRequired, isOverall, answerGuide, minRange, maxRange, answerOptions }. */
  questions: Array<Record<string, unknown>>;
}

/**
 * A keyword tracker (settings_trackers.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Tracker {
  [key: string]: unknown;
  trackerId: string;
  trackerName: string;
  workspaceId?: string | null;
  /** { language, keywords, includeRelatedForms } per language. */
  languageKeywords: Array<Record<string, unknown>>;
  /** Whose speech counts: Anyone, Company or NonCompany. */
  affiliation: string;
  partOfQuestion: boolean;
  saidAt: string;
  saidAtInterval?: string | number | null;
  saidAtUnit?: string | null;
  saidInTopics: Array<string>;
  filterQuery: string;
  created: string;
  creatorUserId?: string | null;
  updated: string;
  updaterUserId?: string | null;
}

/**
 * A Gong user (users.list, users.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id: string;
  emailAddress: string;
  created: string;
  active: boolean;
  emailAliases: Array<string>;
  trustedEmailAddress?: string | null;
  firstName: string;
  lastName: string;
  title?: string | null;
  phoneNumber?: string | null;
  extension?: string | null;
  personalMeetingUrls: Array<string>;
  settings: Record<string, unknown>;
  managerId?: string | null;
  meetingConsentPageUrl?: string | null;
  spokenLanguages: Array<Record<string, unknown>>;
}

/**
 * A user's aggregated activity (stats_activity_aggregate.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface UserAggregateActivity {
  [key: string]: unknown;
  userId: string;
  userEmailAddress: string;
  userAggregateActivityStats: AggregateActivity;
}

/**
 * A user's activity day by day (stats_activity_day_by_day.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface UserDailyActivity {
  [key: string]: unknown;
  userId: string;
  userEmailAddress: string;
  userDailyActivityStats: Array<DailyActivity>;
}

/**
 * A user's interaction statistics (stats_interaction.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface UserInteractionStats {
  [key: string]: unknown;
  userId: string;
  userEmailAddress: string;
  personInteractionStats: Array<InteractionStat>;
}

/**
 * A Gong workspace (workspaces.list).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Workspace {
  [key: string]: unknown;
  id: string;
  /** Same as id. */
  workspaceId: string;
  name: string;
  description: string;
}

/** Fields of calls held by the hosted search index. */
export interface CallsSearchable {
  calendarEventId?: string;
  clientUniqueId?: string;
  customData?: string;
  direction?: string;
  duration?: number;
  id?: string;
  isPrivate?: boolean;
  language?: string;
  media?: string;
  meetingUrl?: string;
  primaryUserId?: string;
  purpose?: string;
  scheduled?: string;
  scope?: string;
  sdrDisposition?: string;
  started?: string;
  system?: string;
  title?: string;
  url?: string;
  workspaceId?: string;
}

/** Fields of calls_extensive held by the hosted search index. */
export interface CallsExtensiveSearchable {
  collaboration?: Record<string, unknown>;
  content?: Record<string, unknown>;
  context?: unknown[];
  id?: string;
  interaction?: Record<string, unknown>;
  media?: Record<string, unknown>;
  metaData?: Record<string, unknown>;
  parties?: unknown[];
  startdatetime?: string;
}

/** Fields of settings_scorecards held by the hosted search index. */
export interface SettingsScorecardsSearchable {
  created?: string;
  enabled?: boolean;
  questions?: unknown[];
  scorecardId?: string;
  scorecardName?: string;
  updated?: string;
  updaterUserId?: string;
  workspaceId?: string;
}

/** Fields of users held by the hosted search index. */
export interface UsersSearchable {
  active?: boolean;
  created?: string;
  emailAddress?: string;
  emailAliases?: unknown[];
  extension?: string;
  firstName?: string;
  id?: string;
  lastName?: string;
  managerId?: string;
  meetingConsentPageUrl?: string;
  personalMeetingUrls?: unknown[];
  phoneNumber?: string;
  settings?: Record<string, unknown>;
  spokenLanguages?: unknown[];
  title?: string;
  trustedEmailAddress?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of call_audio.download. */
export interface CallAudioDownloadParams {
  /** { callIds: [id] } naming the one call whose recording is downloaded. */
  filter: { callIds: Array<string> };
  /** Must ask for media URLs: { exposedFields: { media: true } } (the default). (default `{"exposedFields":{"media":true}}`) */
  contentSelector?: { exposedFields: { media: true } };
  /** Part of the file to download (HTTP Range form); the file host answers 206 with those bytes. (a byte range such as bytes=0-1023, bytes=1024- or bytes=-500) */
  range_header?: string;
}

/** Parameters of call_transcripts.list. */
export interface CallTranscriptsListParams {
  /** Which calls: { fromDateTime, toDateTime, callIds }; every call when omitted. (default `{}`) */
  filter?: { fromDateTime?: string; toDateTime?: string; callIds?: Array<string> };
  /** Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page. */
  cursor?: string;
}

/** Meta of call_transcripts.list. */
export interface CallTranscriptsListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of call_video.download. */
export interface CallVideoDownloadParams {
  /** { callIds: [id] } naming the one call whose recording is downloaded. */
  filter: { callIds: Array<string> };
  /** Must ask for media URLs: { exposedFields: { media: true } } (the default). (default `{"exposedFields":{"media":true}}`) */
  contentSelector?: { exposedFields: { media: true } };
  /** Part of the file to download (HTTP Range form); the file host answers 206 with those bytes. (a byte range such as bytes=0-1023, bytes=1024- or bytes=-500) */
  range_header?: string;
}

/** Parameters of calls.list. */
export interface CallsListParams {
  /** Only calls that started at or after this ISO 8601 time. (date-time) */
  fromDateTime?: string;
  /** Only calls that started before this ISO 8601 time. (date-time) */
  toDateTime?: string;
  /** Cursor from the previous page's `meta.cursor`; omit for the first page. */
  cursor?: string;
}

/** Meta of calls.list. */
export interface CallsListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of calls.get. */
export interface CallsGetParams {
  /** Gong call id. (a Gong id (1 to 20 digits)) */
  id: string;
}

/** Parameters of calls.search. */
export type CallsSearchParams = SearchParams<CallsSearchable>;

/** Parameters of calls_extensive.list. */
export interface CallsExtensiveListParams {
  /** Which calls: { fromDateTime, toDateTime, callIds, workspaceId }; {} for every call. */
  filter: { fromDateTime?: string; toDateTime?: string; callIds?: Array<string>; workspaceId?: string };
  /** Which parts of each call to return (metaData only when omitted). */
  contentSelector?: {
    context?: 'None' | 'Basic' | 'Extended';
    contextTiming?: Array<'Now' | 'TimeOfCall'>;
    exposedFields?: {
      collaboration?: { publicComments?: boolean };
      content?: {
        pointsOfInterest?: boolean;
        structure?: boolean;
        topics?: boolean;
        trackers?: boolean;
        trackerOccurrences?: boolean;
        brief?: boolean;
        outline?: boolean;
        highlights?: boolean;
        callOutcome?: boolean;
        keyPoints?: boolean;
      };
      interaction?: { personInteractionStats?: boolean; questions?: boolean; speakers?: boolean; video?: boolean };
      media?: boolean;
      parties?: boolean;
    };
  };
  /** Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page. */
  cursor?: string;
}

/** Meta of calls_extensive.list. */
export interface CallsExtensiveListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of calls_extensive.search. */
export type CallsExtensiveSearchParams = SearchParams<CallsExtensiveSearchable>;

/** Parameters of coaching.list. */
export interface CoachingListParams {
  /** Workspace id. (a Gong id (1 to 20 digits)) */
  workspace_id: string;
  /** User id of the manager. (a Gong id (1 to 20 digits)) */
  manager_id: string;
  /** Start of the period (ISO 8601). (date-time) */
  from_: string;
  /** End of the period (ISO 8601). (date-time) */
  to: string;
}

/** Parameters of library_folder_content.list. */
export interface LibraryFolderContentListParams {
  /** Library folder id (from library_folders.list). (a Gong id (1 to 20 digits)) */
  folderId: string;
  /** Cursor from the previous page's `meta.cursor`; omit for the first page. */
  cursor?: string;
}

/** Meta of library_folder_content.list. */
export interface LibraryFolderContentListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of library_folders.list. */
export interface LibraryFoldersListParams {
  /** Workspace whose folders are listed (optional). (a Gong id (1 to 20 digits)) */
  workspaceId?: string;
}

/** Parameters of settings_scorecards.list. */
export interface SettingsScorecardsListParams {
  /** Only scorecards of this workspace. (a Gong id (1 to 20 digits)) */
  workspaceId?: string;
}

/** Parameters of settings_scorecards.search. */
export type SettingsScorecardsSearchParams = SearchParams<SettingsScorecardsSearchable>;

/** Parameters of settings_trackers.list. */
export interface SettingsTrackersListParams {
  /** Only trackers of this workspace. (a Gong id (1 to 20 digits)) */
  workspaceId?: string;
}

/** Parameters of stats_activity_aggregate.list. */
export interface StatsActivityAggregateListParams {
  /** Period and users: { fromDate, toDate, userIds }. */
  filter: { fromDate: string; toDate: string; userIds?: Array<string> };
  /** Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page. */
  cursor?: string;
}

/** Meta of stats_activity_aggregate.list. */
export interface StatsActivityAggregateListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of stats_activity_day_by_day.list. */
export interface StatsActivityDayByDayListParams {
  /** Period and users: { fromDate, toDate, userIds }. */
  filter: { fromDate: string; toDate: string; userIds?: Array<string> };
  /** Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page. */
  cursor?: string;
}

/** Meta of stats_activity_day_by_day.list. */
export interface StatsActivityDayByDayListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of stats_interaction.list. */
export interface StatsInteractionListParams {
  /** Period and users: { fromDate, toDate, userIds }. */
  filter: { fromDate: string; toDate: string; userIds?: Array<string> };
  /** Cursor from the previous page's `meta.cursor`, sent as a top-level JSON field; omit for the first page. */
  cursor?: string;
}

/** Meta of stats_interaction.list. */
export interface StatsInteractionListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of users.list. */
export interface UsersListParams {
  /** Cursor from the previous page's `meta.cursor`; omit for the first page. */
  cursor?: string;
}

/** Meta of users.list. */
export interface UsersListMeta {
  /** Records matching the query. */
  totalRecords: number | null;
  /** Records on this page. */
  currentPageSize: number | null;
  /** Zero-based number of this page. */
  currentPageNumber: number | null;
  cursor: string | null;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** Gong user id. (a Gong id (1 to 20 digits)) */
  id: string;
}

/** Parameters of users.search. */
export type UsersSearchParams = SearchParams<UsersSearchable>;
/** Parameters of workspaces.list: none. */
export type WorkspacesListParams = Record<string, never>;
/** Credentials, one of: Access key, OAuth, OAuth (refreshable). */
export type ConversationIntelligenceConnectorAuth =
  | {
      /** Access Key from the Gong API page. */ access_key: string;
      /** Access Key Secret shown once when the key is created. */ access_key_secret: string;
    }
  | { /** OAuth access token of a Gong app. */ access_token: string }
  | {
      /** Current OAuth access token. */ access_token: string;
      /** Refresh token returned with the access token (single-use). */ refresh_token: string;
      /** Client id of the Gong app. */ client_id: string;
      /** Client secret of the Gong app. */ client_secret: string;
    };
/** Config variables used to build the base URL. */
export type ConversationIntelligenceConnectorConfig = {
  /** Host of your company's Gong API (Gong API settings page, or api_base_url_for_customer of an OAuth token). (api.gong.io or a subdomain of it (company-17.api.gong.io); default `"api.gong.io"`) */ api_host?: string;
};
/** entity → action → parameters and result, for the typed `execute`. */
export type ConversationIntelligenceConnectorOperations = {
  call_audio: {
    download: { params: CallAudioDownloadParams; result: ExecuteResult<DownloadStream, DownloadMeta> };
  };
  call_transcripts: {
    list: { params: CallTranscriptsListParams | undefined; result: ExecuteResult<CallTranscript[], CallTranscriptsListMeta> };
  };
  call_video: {
    download: { params: CallVideoDownloadParams; result: ExecuteResult<DownloadStream, DownloadMeta> };
  };
  calls: {
    list: { params: CallsListParams | undefined; result: ExecuteResult<Call[], CallsListMeta> };
    get: { params: CallsGetParams; result: ExecuteResult<Call, EmptyMeta> };
    search: { params: CallsSearchParams; result: ExecuteResult<SearchHit<CallsSearchable>[], SearchMeta> };
  };
  calls_extensive: {
    list: { params: CallsExtensiveListParams; result: ExecuteResult<ExtensiveCall[], CallsExtensiveListMeta> };
    search: { params: CallsExtensiveSearchParams; result: ExecuteResult<SearchHit<CallsExtensiveSearchable>[], SearchMeta> };
  };
  coaching: {
    list: { params: CoachingListParams; result: ExecuteResult<Coaching[], EmptyMeta> };
  };
  library_folder_content: {
    list: { params: LibraryFolderContentListParams; result: ExecuteResult<LibraryCall[], LibraryFolderContentListMeta> };
  };
  library_folders: {
    list: { params: LibraryFoldersListParams | undefined; result: ExecuteResult<LibraryFolder[], EmptyMeta> };
  };
  settings_scorecards: {
    list: { params: SettingsScorecardsListParams | undefined; result: ExecuteResult<Scorecard[], EmptyMeta> };
    search: { params: SettingsScorecardsSearchParams; result: ExecuteResult<SearchHit<SettingsScorecardsSearchable>[], SearchMeta> };
  };
  settings_trackers: {
    list: { params: SettingsTrackersListParams | undefined; result: ExecuteResult<Tracker[], EmptyMeta> };
  };
  stats_activity_aggregate: {
    list: { params: StatsActivityAggregateListParams; result: ExecuteResult<UserAggregateActivity[], StatsActivityAggregateListMeta> };
  };
  stats_activity_day_by_day: {
    list: { params: StatsActivityDayByDayListParams; result: ExecuteResult<UserDailyActivity[], StatsActivityDayByDayListMeta> };
  };
  stats_interaction: {
    list: { params: StatsInteractionListParams; result: ExecuteResult<UserInteractionStats[], StatsInteractionListMeta> };
  };
  users: {
    list: { params: UsersListParams | undefined; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    search: { params: UsersSearchParams; result: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta> };
  };
  workspaces: {
    list: { params: WorkspacesListParams | undefined; result: ExecuteResult<Workspace[], EmptyMeta> };
  };
};
