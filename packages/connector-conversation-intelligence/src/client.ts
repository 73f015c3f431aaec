// Generated from specs/conversation-intelligence.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Call,
  CallAudioDownloadParams,
  CallTranscript,
  CallTranscriptsListMeta,
  CallTranscriptsListParams,
  CallVideoDownloadParams,
  CallsExtensiveListMeta,
  CallsExtensiveListParams,
  CallsExtensiveSearchParams,
  CallsGetParams,
  CallsListMeta,
  CallsListParams,
  CallsSearchParams,
  Coaching,
  CoachingListParams,
  ConversationIntelligenceConnectorAuth,
  ConversationIntelligenceConnectorConfig,
  ConversationIntelligenceConnectorOperations,
  EmptyMeta,
  ExtensiveCall,
  LibraryCall,
  LibraryFolder,
  LibraryFolderContentListMeta,
  LibraryFolderContentListParams,
  LibraryFoldersListParams,
  Scorecard,
  SettingsScorecardsListParams,
  SettingsScorecardsSearchParams,
  SettingsTrackersListParams,
  StatsActivityAggregateListMeta,
  StatsActivityAggregateListParams,
  StatsActivityDayByDayListMeta,
  StatsActivityDayByDayListParams,
  StatsInteractionListMeta,
  StatsInteractionListParams,
  Tracker,
  User,
  UserAggregateActivity,
  UserDailyActivity,
  UserInteractionStats,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  UsersSearchParams,
  Workspace,
  WorkspacesListParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type ConversationIntelligenceConnectorOptions = OpenSourceOptions<
  ConversationIntelligenceConnectorAuth,
  ConversationIntelligenceConnectorConfig
>;

/**
 * Conversation Intelligence connector on the Gong API v2.
 *
 * ```ts
 * const connector = new ConversationIntelligenceConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class ConversationIntelligenceConnector extends ConnectorClient<ConversationIntelligenceConnectorOperations> {
  /** The audio recording of a call. */
  readonly call_audio: CallAudioResource;
  /** The call_transcripts entity. */
  readonly call_transcripts: CallTranscriptsResource;
  /** The video recording of a call. */
  readonly call_video: CallVideoResource;
  /** The calls entity. */
  readonly calls: CallsResource;
  /** The calls_extensive entity. */
  readonly calls_extensive: CallsExtensiveResource;
  /** The coaching entity. */
  readonly coaching: CoachingResource;
  /** The library_folder_content entity. */
  readonly library_folder_content: LibraryFolderContentResource;
  /** The library_folders entity. */
  readonly library_folders: LibraryFoldersResource;
  /** The settings_scorecards entity. */
  readonly settings_scorecards: SettingsScorecardsResource;
  /** The settings_trackers entity. */
  readonly settings_trackers: SettingsTrackersResource;
  /** The stats_activity_aggregate entity. */
  readonly stats_activity_aggregate: StatsActivityAggregateResource;
  /** The stats_activity_day_by_day entity. */
  readonly stats_activity_day_by_day: StatsActivityDayByDayResource;
  /** The stats_interaction entity. */
  readonly stats_interaction: StatsInteractionResource;
  /** The users entity. */
  readonly users: UsersResource;
  /** The workspaces entity. */
  readonly workspaces: WorkspacesResource;

  constructor(options: ConversationIntelligenceConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.call_audio = new CallAudioResource(this);
    this.call_transcripts = new CallTranscriptsResource(this);
    this.call_video = new CallVideoResource(this);
    this.calls = new CallsResource(this);
    this.calls_extensive = new CallsExtensiveResource(this);
    this.coaching = new CoachingResource(this);
    this.library_folder_content = new LibraryFolderContentResource(this);
    this.library_folders = new LibraryFoldersResource(this);
    this.settings_scorecards = new SettingsScorecardsResource(this);
    this.settings_trackers = new SettingsTrackersResource(this);
    this.stats_activity_aggregate = new StatsActivityAggregateResource(this);
    this.stats_activity_day_by_day = new StatsActivityDayByDayResource(this);
    this.stats_interaction = new StatsInteractionResource(this);
    this.users = new UsersResource(this);
    this.workspaces = new WorkspacesResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = ConversationIntelligenceConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): ConversationIntelligenceConnector {
    return new ConversationIntelligenceConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** The audio recording of a call. */
export class CallAudioResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Downloads a call's audio recording (looked up through /calls/extensive, then fetched from its pre-signed URL).
   *
   * Vendor call: `POST /calls/extensive`.
   *
   * `data` is an async iterable of `Uint8Array` chunks, streamed as you read it.
   *
   * Resolves like `execute('call_audio', 'download', params)`: ExecuteResult<DownloadStream, DownloadMeta>.
   */
  public download(
    params: CallAudioDownloadParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['call_audio']['download']['result']> {
    return this._client.request('call_audio', 'download', params, options);
  }
}

/** Actions of call_transcripts. */
export class CallTranscriptsResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists call transcripts for a period or for given calls, page by page.
   *
   * Vendor call: `POST /calls/transcript`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('call_transcripts', 'list', params)`: ExecuteResult<CallTranscript[], CallTranscriptsListMeta>.
   */
  public list(params: CallTranscriptsListParams = {}, options?: RequestOptions): PagePromise<CallTranscript, CallTranscriptsListMeta> {
    return this._client.requestPage('call_transcripts', 'list', params, options);
  }
}

/** The video recording of a call. */
export class CallVideoResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Downloads a call's video recording (looked up through /calls/extensive, then fetched from its pre-signed URL).
   *
   * Vendor call: `POST /calls/extensive`.
   *
   * `data` is an async iterable of `Uint8Array` chunks, streamed as you read it.
   *
   * Resolves like `execute('call_video', 'download', params)`: ExecuteResult<DownloadStream, DownloadMeta>.
   */
  public download(
    params: CallVideoDownloadParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['call_video']['download']['result']> {
    return this._client.request('call_video', 'download', params, options);
  }
}

/** Actions of calls. */
export class CallsResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists calls that started in a period (default from the first recorded call until now), page by page.
   *
   * Vendor call: `GET /calls`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('calls', 'list', params)`: ExecuteResult<Call[], CallsListMeta>.
   */
  public list(params: CallsListParams = {}, options?: RequestOptions): PagePromise<Call, CallsListMeta> {
    return this._client.requestPage('calls', 'list', params, options);
  }

  /**
   * Gets one call's basic data by id.
   *
   * Vendor call: `GET /calls/{id}`.
   *
   * Resolves like `execute('calls', 'get', params)`: ExecuteResult<Call, EmptyMeta>.
   */
  public get(
    params: CallsGetParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['calls']['get']['result']> {
    return this._client.request('calls', 'get', params, options);
  }

  /**
   * Searches the synced copy of calls (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('calls', 'search', params)`: ExecuteResult<SearchHit<CallsSearchable>[], SearchMeta>.
   */
  public search(
    params: CallsSearchParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['calls']['search']['result']> {
    return this._client.request('calls', 'search', params, options);
  }
}

/** Actions of calls_extensive. */
export class CallsExtensiveResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists calls with the detail contentSelector asks for (participants, content, interaction, comments, media URLs), page by page.
   *
   * Vendor call: `POST /calls/extensive`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('calls_extensive', 'list', params)`: ExecuteResult<ExtensiveCall[], CallsExtensiveListMeta>.
   */
  public list(params: CallsExtensiveListParams, options?: RequestOptions): PagePromise<ExtensiveCall, CallsExtensiveListMeta> {
    return this._client.requestPage('calls_extensive', 'list', params, options);
  }

  /**
   * Searches the synced copy of extensive calls (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('calls_extensive', 'search', params)`: ExecuteResult<SearchHit<CallsExtensiveSearchable>[], SearchMeta>.
   */
  public search(
    params: CallsExtensiveSearchParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['calls_extensive']['search']['result']> {
    return this._client.request('calls_extensive', 'search', params, options);
  }
}

/** Actions of coaching. */
export class CoachingResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the coaching metrics of a manager and their direct reports for a period.
   *
   * Vendor call: `GET /coaching`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('coaching', 'list', params)`: ExecuteResult<Coaching[], EmptyMeta>.
   */
  public list(params: CoachingListParams, options?: RequestOptions): PagePromise<Coaching, EmptyMeta> {
    return this._client.requestPage('coaching', 'list', params, options);
  }
}

/** Actions of library_folder_content. */
export class LibraryFolderContentResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the calls in a library folder, page by page.
   *
   * Vendor call: `GET /library/folder-content`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('library_folder_content', 'list', params)`: ExecuteResult<LibraryCall[], LibraryFolderContentListMeta>.
   */
  public list(params: LibraryFolderContentListParams, options?: RequestOptions): PagePromise<LibraryCall, LibraryFolderContentListMeta> {
    return this._client.requestPage('library_folder_content', 'list', params, options);
  }
}

/** Actions of library_folders. */
export class LibraryFoldersResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the public library folders of a workspace.
   *
   * Vendor call: `GET /library/folders`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('library_folders', 'list', params)`: ExecuteResult<LibraryFolder[], EmptyMeta>.
   */
  public list(params: LibraryFoldersListParams = {}, options?: RequestOptions): PagePromise<LibraryFolder, EmptyMeta> {
    return this._client.requestPage('library_folders', 'list', params, options);
  }
}

/** Actions of settings_scorecards. */
export class SettingsScorecardsResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the company's scorecards and their questions.
   *
   * Vendor call: `GET /settings/scorecards`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('settings_scorecards', 'list', params)`: ExecuteResult<Scorecard[], EmptyMeta>.
   */
  public list(params: SettingsScorecardsListParams = {}, options?: RequestOptions): PagePromise<Scorecard, EmptyMeta> {
    return this._client.requestPage('settings_scorecards', 'list', params, options);
  }

  /**
   * Searches the synced copy of scorecards (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('settings_scorecards', 'search', params)`: ExecuteResult<SearchHit<SettingsScorecardsSearchable>[], SearchMeta>.
   */
  public search(
    params: SettingsScorecardsSearchParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['settings_scorecards']['search']['result']> {
    return this._client.request('settings_scorecards', 'search', params, options);
  }
}

/** Actions of settings_trackers. */
export class SettingsTrackersResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the company's keyword trackers.
   *
   * Vendor call: `GET /settings/trackers`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('settings_trackers', 'list', params)`: ExecuteResult<Tracker[], EmptyMeta>.
   */
  public list(params: SettingsTrackersListParams = {}, options?: RequestOptions): PagePromise<Tracker, EmptyMeta> {
    return this._client.requestPage('settings_trackers', 'list', params, options);
  }
}

/** Actions of stats_activity_aggregate. */
export class StatsActivityAggregateResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists each user's aggregated activity (calls hosted, feedback, listening, sharing, scorecards) over a period.
   *
   * Vendor call: `POST /stats/activity/aggregate`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('stats_activity_aggregate', 'list', params)`: ExecuteResult<UserAggregateActivity[], StatsActivityAggregateListMeta>.
   */
  public list(
    params: StatsActivityAggregateListParams,
    options?: RequestOptions,
  ): PagePromise<UserAggregateActivity, StatsActivityAggregateListMeta> {
    return this._client.requestPage('stats_activity_aggregate', 'list', params, options);
  }
}

/** Actions of stats_activity_day_by_day. */
export class StatsActivityDayByDayResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists each user's activity day by day over a period, with the call ids behind each count.
   *
   * Vendor call: `POST /stats/activity/day-by-day`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('stats_activity_day_by_day', 'list', params)`: ExecuteResult<UserDailyActivity[], StatsActivityDayByDayListMeta>.
   */
  public list(
    params: StatsActivityDayByDayListParams,
    options?: RequestOptions,
  ): PagePromise<UserDailyActivity, StatsActivityDayByDayListMeta> {
    return this._client.requestPage('stats_activity_day_by_day', 'list', params, options);
  }
}

/** Actions of stats_interaction. */
export class StatsInteractionResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists each user's interaction statistics over a period (calls with the in-call coaching feature turned on).
   *
   * Vendor call: `POST /stats/interaction`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('stats_interaction', 'list', params)`: ExecuteResult<UserInteractionStats[], StatsInteractionListMeta>.
   */
  public list(params: StatsInteractionListParams, options?: RequestOptions): PagePromise<UserInteractionStats, StatsInteractionListMeta> {
    return this._client.requestPage('stats_interaction', 'list', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the company's Gong users, page by page.
   *
   * Vendor call: `GET /users`.
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
   * Vendor call: `GET /users/{id}`.
   *
   * Resolves like `execute('users', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(
    params: UsersGetParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['users']['get']['result']> {
    return this._client.request('users', 'get', params, options);
  }

  /**
   * Searches the synced copy of users (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('users', 'search', params)`: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta>.
   */
  public search(
    params: UsersSearchParams,
    options?: RequestOptions,
  ): Promise<ConversationIntelligenceConnectorOperations['users']['search']['result']> {
    return this._client.request('users', 'search', params, options);
  }
}

/** Actions of workspaces. */
export class WorkspacesResource extends Resource<ConversationIntelligenceConnector> {
  /**
   * Lists the company's workspaces.
   *
   * Vendor call: `GET /workspaces`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('workspaces', 'list', params)`: ExecuteResult<Workspace[], EmptyMeta>.
   */
  public list(params: WorkspacesListParams = {}, options?: RequestOptions): PagePromise<Workspace, EmptyMeta> {
    return this._client.requestPage('workspaces', 'list', params, options);
  }
}
