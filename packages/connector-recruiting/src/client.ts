// Generated from specs/recruiting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Application,
  ApplicationAttachmentDownloadParams,
  ApplicationsGetParams,
  ApplicationsListMeta,
  ApplicationsListParams,
  ApplicationsSearchParams,
  Candidate,
  CandidateAttachmentDownloadParams,
  CandidatesGetParams,
  CandidatesListMeta,
  CandidatesListParams,
  CandidatesSearchParams,
  Department,
  DepartmentsGetParams,
  DepartmentsListMeta,
  DepartmentsListParams,
  DepartmentsSearchParams,
  Job,
  JobPost,
  JobPostsGetParams,
  JobPostsListMeta,
  JobPostsListParams,
  JobPostsSearchParams,
  JobsGetParams,
  JobsListMeta,
  JobsListParams,
  JobsSearchParams,
  Offer,
  OffersGetParams,
  OffersListMeta,
  OffersListParams,
  OffersSearchParams,
  Office,
  OfficesGetParams,
  OfficesListMeta,
  OfficesListParams,
  OfficesSearchParams,
  RecruitingConnectorAuth,
  RecruitingConnectorConfig,
  RecruitingConnectorOperations,
  ScheduledInterview,
  ScheduledInterviewsGetParams,
  ScheduledInterviewsListMeta,
  ScheduledInterviewsListParams,
  Source,
  SourcesListMeta,
  SourcesListParams,
  SourcesSearchParams,
  User,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  UsersSearchParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type RecruitingConnectorOptions = OpenSourceOptions<RecruitingConnectorAuth, RecruitingConnectorConfig>;

/**
 * Recruiting connector on the Greenhouse Harvest API (v1 with an API key, v3 with OAuth client credentials).
 *
 * ```ts
 * const connector = new RecruitingConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class RecruitingConnector extends ConnectorClient<RecruitingConnectorOperations> {
  /** Files attached to an application (resume, cover letter, offer documents, …). */
  readonly application_attachment: ApplicationAttachmentResource;
  /** The applications entity. */
  readonly applications: ApplicationsResource;
  /** Files attached to a candidate's profile (resume, cover letter, …). */
  readonly candidate_attachment: CandidateAttachmentResource;
  /** The candidates entity. */
  readonly candidates: CandidatesResource;
  /** The departments entity. */
  readonly departments: DepartmentsResource;
  /** The job_posts entity. */
  readonly job_posts: JobPostsResource;
  /** The jobs entity. */
  readonly jobs: JobsResource;
  /** The offers entity. */
  readonly offers: OffersResource;
  /** The offices entity. */
  readonly offices: OfficesResource;
  /** The scheduled_interviews entity. */
  readonly scheduled_interviews: ScheduledInterviewsResource;
  /** The sources entity. */
  readonly sources: SourcesResource;
  /** The users entity. */
  readonly users: UsersResource;

  constructor(options: RecruitingConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.application_attachment = new ApplicationAttachmentResource(this);
    this.applications = new ApplicationsResource(this);
    this.candidate_attachment = new CandidateAttachmentResource(this);
    this.candidates = new CandidatesResource(this);
    this.departments = new DepartmentsResource(this);
    this.job_posts = new JobPostsResource(this);
    this.jobs = new JobsResource(this);
    this.offers = new OffersResource(this);
    this.offices = new OfficesResource(this);
    this.scheduled_interviews = new ScheduledInterviewsResource(this);
    this.sources = new SourcesResource(this);
    this.users = new UsersResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = RecruitingConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): RecruitingConnector {
    return new RecruitingConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Files attached to an application (resume, cover letter, offer documents, …). */
export class ApplicationAttachmentResource extends Resource<RecruitingConnector> {
  /**
   * Downloads a file attached to an application: the first attachment, or the first (or index-th) whose type and/or filename match.
   *
   * Vendor call: `GET /applications/{id}`.
   *
   * `data` is an async iterable of `Uint8Array` chunks, streamed as you read it.
   *
   * Resolves like `execute('application_attachment', 'download', params)`: ExecuteResult<DownloadStream, DownloadMeta>.
   */
  public download(
    params: ApplicationAttachmentDownloadParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['application_attachment']['download']['result']> {
    return this._client.request('application_attachment', 'download', params, options);
  }
}

/** Actions of applications. */
export class ApplicationsResource extends Resource<RecruitingConnector> {
  /**
   * Lists applications (and prospect applications), page by page, optionally filtered.
   *
   * Vendor call: `GET /applications`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('applications', 'list', params)`: ExecuteResult<Application[], ApplicationsListMeta>.
   */
  public list(params: ApplicationsListParams = {}, options?: RequestOptions): PagePromise<Application, ApplicationsListMeta> {
    return this._client.requestPage('applications', 'list', params, options);
  }

  /**
   * Gets one application by id, with its attachments.
   *
   * Vendor call: `GET /applications/{id}`.
   *
   * Resolves like `execute('applications', 'get', params)`: ExecuteResult<Application, EmptyMeta>.
   */
  public get(
    params: ApplicationsGetParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['applications']['get']['result']> {
    return this._client.request('applications', 'get', params, options);
  }

  /**
   * Searches the synced copy of applications (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('applications', 'search', params)`: ExecuteResult<SearchHit<ApplicationsSearchable>[], SearchMeta>.
   */
  public search(
    params: ApplicationsSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['applications']['search']['result']> {
    return this._client.request('applications', 'search', params, options);
  }
}

/** Files attached to a candidate's profile (resume, cover letter, …). */
export class CandidateAttachmentResource extends Resource<RecruitingConnector> {
  /**
   * Downloads a file attached to a candidate: the first attachment, or the first (or index-th) whose type and/or filename match.
   *
   * Vendor call: `GET /candidates/{id}`.
   *
   * `data` is an async iterable of `Uint8Array` chunks, streamed as you read it.
   *
   * Resolves like `execute('candidate_attachment', 'download', params)`: ExecuteResult<DownloadStream, DownloadMeta>.
   */
  public download(
    params: CandidateAttachmentDownloadParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['candidate_attachment']['download']['result']> {
    return this._client.request('candidate_attachment', 'download', params, options);
  }
}

/** Actions of candidates. */
export class CandidatesResource extends Resource<RecruitingConnector> {
  /**
   * Lists candidates and prospects, page by page.
   *
   * Vendor call: `GET /candidates`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('candidates', 'list', params)`: ExecuteResult<Candidate[], CandidatesListMeta>.
   */
  public list(params: CandidatesListParams = {}, options?: RequestOptions): PagePromise<Candidate, CandidatesListMeta> {
    return this._client.requestPage('candidates', 'list', params, options);
  }

  /**
   * Gets one candidate by id, with their attachments.
   *
   * Vendor call: `GET /candidates/{id}`.
   *
   * Resolves like `execute('candidates', 'get', params)`: ExecuteResult<Candidate, EmptyMeta>.
   */
  public get(params: CandidatesGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['candidates']['get']['result']> {
    return this._client.request('candidates', 'get', params, options);
  }

  /**
   * Searches the synced copy of candidates (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('candidates', 'search', params)`: ExecuteResult<SearchHit<CandidatesSearchable>[], SearchMeta>.
   */
  public search(
    params: CandidatesSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['candidates']['search']['result']> {
    return this._client.request('candidates', 'search', params, options);
  }
}

/** Actions of departments. */
export class DepartmentsResource extends Resource<RecruitingConnector> {
  /**
   * Lists departments as a flat list, page by page.
   *
   * Vendor call: `GET /departments`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('departments', 'list', params)`: ExecuteResult<Department[], DepartmentsListMeta>.
   */
  public list(params: DepartmentsListParams = {}, options?: RequestOptions): PagePromise<Department, DepartmentsListMeta> {
    return this._client.requestPage('departments', 'list', params, options);
  }

  /**
   * Gets one department by id.
   *
   * Vendor call: `GET /departments/{id}`.
   *
   * Resolves like `execute('departments', 'get', params)`: ExecuteResult<Department, EmptyMeta>.
   */
  public get(
    params: DepartmentsGetParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['departments']['get']['result']> {
    return this._client.request('departments', 'get', params, options);
  }

  /**
   * Searches the synced copy of departments (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('departments', 'search', params)`: ExecuteResult<SearchHit<DepartmentsSearchable>[], SearchMeta>.
   */
  public search(
    params: DepartmentsSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['departments']['search']['result']> {
    return this._client.request('departments', 'search', params, options);
  }
}

/** Actions of job_posts. */
export class JobPostsResource extends Resource<RecruitingConnector> {
  /**
   * Lists job posts, page by page, optionally filtered.
   *
   * Vendor call: `GET /job_posts`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('job_posts', 'list', params)`: ExecuteResult<JobPost[], JobPostsListMeta>.
   */
  public list(params: JobPostsListParams = {}, options?: RequestOptions): PagePromise<JobPost, JobPostsListMeta> {
    return this._client.requestPage('job_posts', 'list', params, options);
  }

  /**
   * Gets one job post by id.
   *
   * Vendor call: `GET /job_posts/{id}`.
   *
   * Resolves like `execute('job_posts', 'get', params)`: ExecuteResult<JobPost, EmptyMeta>.
   */
  public get(params: JobPostsGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['job_posts']['get']['result']> {
    return this._client.request('job_posts', 'get', params, options);
  }

  /**
   * Searches the synced copy of job posts (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('job_posts', 'search', params)`: ExecuteResult<SearchHit<JobPostsSearchable>[], SearchMeta>.
   */
  public search(
    params: JobPostsSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['job_posts']['search']['result']> {
    return this._client.request('job_posts', 'search', params, options);
  }
}

/** Actions of jobs. */
export class JobsResource extends Resource<RecruitingConnector> {
  /**
   * Lists jobs, page by page.
   *
   * Vendor call: `GET /jobs`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('jobs', 'list', params)`: ExecuteResult<Job[], JobsListMeta>.
   */
  public list(params: JobsListParams = {}, options?: RequestOptions): PagePromise<Job, JobsListMeta> {
    return this._client.requestPage('jobs', 'list', params, options);
  }

  /**
   * Gets one job by id.
   *
   * Vendor call: `GET /jobs/{id}`.
   *
   * Resolves like `execute('jobs', 'get', params)`: ExecuteResult<Job, EmptyMeta>.
   */
  public get(params: JobsGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['jobs']['get']['result']> {
    return this._client.request('jobs', 'get', params, options);
  }

  /**
   * Searches the synced copy of jobs (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('jobs', 'search', params)`: ExecuteResult<SearchHit<JobsSearchable>[], SearchMeta>.
   */
  public search(params: JobsSearchParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['jobs']['search']['result']> {
    return this._client.request('jobs', 'search', params, options);
  }
}

/** Actions of offers. */
export class OffersResource extends Resource<RecruitingConnector> {
  /**
   * Lists offers (every version), page by page, optionally filtered.
   *
   * Vendor call: `GET /offers`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('offers', 'list', params)`: ExecuteResult<Offer[], OffersListMeta>.
   */
  public list(params: OffersListParams = {}, options?: RequestOptions): PagePromise<Offer, OffersListMeta> {
    return this._client.requestPage('offers', 'list', params, options);
  }

  /**
   * Gets one offer by id.
   *
   * Vendor call: `GET /offers/{id}`.
   *
   * Resolves like `execute('offers', 'get', params)`: ExecuteResult<Offer, EmptyMeta>.
   */
  public get(params: OffersGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['offers']['get']['result']> {
    return this._client.request('offers', 'get', params, options);
  }

  /**
   * Searches the synced copy of offers (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('offers', 'search', params)`: ExecuteResult<SearchHit<OffersSearchable>[], SearchMeta>.
   */
  public search(
    params: OffersSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['offers']['search']['result']> {
    return this._client.request('offers', 'search', params, options);
  }
}

/** Actions of offices. */
export class OfficesResource extends Resource<RecruitingConnector> {
  /**
   * Lists offices as a flat list, page by page.
   *
   * Vendor call: `GET /offices`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('offices', 'list', params)`: ExecuteResult<Office[], OfficesListMeta>.
   */
  public list(params: OfficesListParams = {}, options?: RequestOptions): PagePromise<Office, OfficesListMeta> {
    return this._client.requestPage('offices', 'list', params, options);
  }

  /**
   * Gets one office by id.
   *
   * Vendor call: `GET /offices/{id}`.
   *
   * Resolves like `execute('offices', 'get', params)`: ExecuteResult<Office, EmptyMeta>.
   */
  public get(params: OfficesGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['offices']['get']['result']> {
    return this._client.request('offices', 'get', params, options);
  }

  /**
   * Searches the synced copy of offices (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('offices', 'search', params)`: ExecuteResult<SearchHit<OfficesSearchable>[], SearchMeta>.
   */
  public search(
    params: OfficesSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['offices']['search']['result']> {
    return this._client.request('offices', 'search', params, options);
  }
}

/** Actions of scheduled_interviews. */
export class ScheduledInterviewsResource extends Resource<RecruitingConnector> {
  /**
   * Lists scheduled interviews, page by page, optionally filtered by time, event id or actionability.
   *
   * Vendor call: `GET /scheduled_interviews`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('scheduled_interviews', 'list', params)`: ExecuteResult<ScheduledInterview[], ScheduledInterviewsListMeta>.
   */
  public list(
    params: ScheduledInterviewsListParams = {},
    options?: RequestOptions,
  ): PagePromise<ScheduledInterview, ScheduledInterviewsListMeta> {
    return this._client.requestPage('scheduled_interviews', 'list', params, options);
  }

  /**
   * Gets one scheduled interview by id.
   *
   * Vendor call: `GET /scheduled_interviews/{id}`.
   *
   * Resolves like `execute('scheduled_interviews', 'get', params)`: ExecuteResult<ScheduledInterview, EmptyMeta>.
   */
  public get(
    params: ScheduledInterviewsGetParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['scheduled_interviews']['get']['result']> {
    return this._client.request('scheduled_interviews', 'get', params, options);
  }
}

/** Actions of sources. */
export class SourcesResource extends Resource<RecruitingConnector> {
  /**
   * Lists the organization's candidate sources, page by page.
   *
   * Vendor call: `GET /sources`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('sources', 'list', params)`: ExecuteResult<Source[], SourcesListMeta>.
   */
  public list(params: SourcesListParams = {}, options?: RequestOptions): PagePromise<Source, SourcesListMeta> {
    return this._client.requestPage('sources', 'list', params, options);
  }

  /**
   * Searches the synced copy of sources (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('sources', 'search', params)`: ExecuteResult<SearchHit<SourcesSearchable>[], SearchMeta>.
   */
  public search(
    params: SourcesSearchParams,
    options?: RequestOptions,
  ): Promise<RecruitingConnectorOperations['sources']['search']['result']> {
    return this._client.request('sources', 'search', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<RecruitingConnector> {
  /**
   * Lists Greenhouse users, page by page, optionally filtered by creation or update time.
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
  public get(params: UsersGetParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['users']['get']['result']> {
    return this._client.request('users', 'get', params, options);
  }

  /**
   * Searches the synced copy of users (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('users', 'search', params)`: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta>.
   */
  public search(params: UsersSearchParams, options?: RequestOptions): Promise<RecruitingConnectorOperations['users']['search']['result']> {
    return this._client.request('users', 'search', params, options);
  }
}
