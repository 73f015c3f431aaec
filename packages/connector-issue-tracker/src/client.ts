// Generated from specs/issue-tracker.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Comment,
  CommentsCreateParams,
  CommentsGetParams,
  CommentsListMeta,
  CommentsListParams,
  CommentsSearchParams,
  CommentsUpdateParams,
  Issue,
  IssueTrackerConnectorAuth,
  IssueTrackerConnectorConfig,
  IssueTrackerConnectorOperations,
  IssuesCreateParams,
  IssuesGetParams,
  IssuesListMeta,
  IssuesListParams,
  IssuesSearchParams,
  IssuesUpdateParams,
  Project,
  ProjectsGetParams,
  ProjectsListMeta,
  ProjectsListParams,
  ProjectsSearchParams,
  Team,
  TeamsGetParams,
  TeamsListMeta,
  TeamsListParams,
  TeamsSearchParams,
  User,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  UsersSearchParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type IssueTrackerConnectorOptions = OpenSourceOptions<IssueTrackerConnectorAuth, IssueTrackerConnectorConfig>;

/**
 * Issue Tracker connector on the Linear GraphQL API.
 *
 * ```ts
 * const connector = new IssueTrackerConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class IssueTrackerConnector extends ConnectorClient<IssueTrackerConnectorOperations> {
  /** The comments entity. */
  readonly comments: CommentsResource;
  /** The issues entity. */
  readonly issues: IssuesResource;
  /** The projects entity. */
  readonly projects: ProjectsResource;
  /** The teams entity. */
  readonly teams: TeamsResource;
  /** The users entity. */
  readonly users: UsersResource;

  constructor(options: IssueTrackerConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.comments = new CommentsResource(this);
    this.issues = new IssuesResource(this);
    this.projects = new ProjectsResource(this);
    this.teams = new TeamsResource(this);
    this.users = new UsersResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = IssueTrackerConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): IssueTrackerConnector {
    return new IssueTrackerConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of comments. */
export class CommentsResource extends Resource<IssueTrackerConnector> {
  /**
   * Lists the comments of one issue, page by page.
   *
   * Vendor call: `GraphQL query CommentsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('comments', 'list', params)`: ExecuteResult<Comment[], CommentsListMeta>.
   */
  public list(params: CommentsListParams, options?: RequestOptions): PagePromise<Comment, CommentsListMeta> {
    return this._client.requestPage('comments', 'list', params, options);
  }

  /**
   * Gets one comment by id.
   *
   * Vendor call: `GraphQL query CommentGet`.
   *
   * Resolves like `execute('comments', 'get', params)`: ExecuteResult<Comment, EmptyMeta>.
   */
  public get(params: CommentsGetParams, options?: RequestOptions): Promise<IssueTrackerConnectorOperations['comments']['get']['result']> {
    return this._client.request('comments', 'get', params, options);
  }

  /**
   * Adds a comment to an issue.
   *
   * Vendor call: `GraphQL mutation CommentCreate`.
   *
   * Resolves like `execute('comments', 'create', params)`: ExecuteResult<Comment, EmptyMeta>.
   */
  public create(
    params: CommentsCreateParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['comments']['create']['result']> {
    return this._client.request('comments', 'create', params, options);
  }

  /**
   * Replaces the text of a comment.
   *
   * Vendor call: `GraphQL mutation CommentUpdate`.
   *
   * Resolves like `execute('comments', 'update', params)`: ExecuteResult<Comment, EmptyMeta>.
   */
  public update(
    params: CommentsUpdateParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['comments']['update']['result']> {
    return this._client.request('comments', 'update', params, options);
  }

  /**
   * Searches the synced copy of comments (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('comments', 'search', params)`: ExecuteResult<SearchHit<CommentsSearchable>[], SearchMeta>.
   */
  public search(
    params: CommentsSearchParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['comments']['search']['result']> {
    return this._client.request('comments', 'search', params, options);
  }
}

/** Actions of issues. */
export class IssuesResource extends Resource<IssueTrackerConnector> {
  /**
   * Lists the issues the credentials can see, page by page.
   *
   * Vendor call: `GraphQL query IssuesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('issues', 'list', params)`: ExecuteResult<Issue[], IssuesListMeta>.
   */
  public list(params: IssuesListParams = {}, options?: RequestOptions): PagePromise<Issue, IssuesListMeta> {
    return this._client.requestPage('issues', 'list', params, options);
  }

  /**
   * Gets one issue by UUID or by identifier (ENG-123).
   *
   * Vendor call: `GraphQL query IssueGet`.
   *
   * Resolves like `execute('issues', 'get', params)`: ExecuteResult<Issue, EmptyMeta>.
   */
  public get(params: IssuesGetParams, options?: RequestOptions): Promise<IssueTrackerConnectorOperations['issues']['get']['result']> {
    return this._client.request('issues', 'get', params, options);
  }

  /**
   * Creates an issue in a team.
   *
   * Vendor call: `GraphQL mutation IssueCreate`.
   *
   * Resolves like `execute('issues', 'create', params)`: ExecuteResult<Issue, EmptyMeta>.
   */
  public create(
    params: IssuesCreateParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['issues']['create']['result']> {
    return this._client.request('issues', 'create', params, options);
  }

  /**
   * Updates an issue. Only the fields supplied change; omit a field to leave it unchanged (omitting assigneeId keeps the assignee, null unassigns).
   *
   * Vendor call: `GraphQL mutation IssueUpdate`.
   *
   * Resolves like `execute('issues', 'update', params)`: ExecuteResult<Issue, EmptyMeta>.
   */
  public update(
    params: IssuesUpdateParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['issues']['update']['result']> {
    return this._client.request('issues', 'update', params, options);
  }

  /**
   * Searches the synced copy of issues (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('issues', 'search', params)`: ExecuteResult<SearchHit<IssuesSearchable>[], SearchMeta>.
   */
  public search(
    params: IssuesSearchParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['issues']['search']['result']> {
    return this._client.request('issues', 'search', params, options);
  }
}

/** Actions of projects. */
export class ProjectsResource extends Resource<IssueTrackerConnector> {
  /**
   * Lists projects, page by page.
   *
   * Vendor call: `GraphQL query ProjectsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('projects', 'list', params)`: ExecuteResult<Project[], ProjectsListMeta>.
   */
  public list(params: ProjectsListParams = {}, options?: RequestOptions): PagePromise<Project, ProjectsListMeta> {
    return this._client.requestPage('projects', 'list', params, options);
  }

  /**
   * Gets one project by id or by the slug id from its URL.
   *
   * Vendor call: `GraphQL query ProjectGet`.
   *
   * Resolves like `execute('projects', 'get', params)`: ExecuteResult<Project, EmptyMeta>.
   */
  public get(params: ProjectsGetParams, options?: RequestOptions): Promise<IssueTrackerConnectorOperations['projects']['get']['result']> {
    return this._client.request('projects', 'get', params, options);
  }

  /**
   * Searches the synced copy of projects (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('projects', 'search', params)`: ExecuteResult<SearchHit<ProjectsSearchable>[], SearchMeta>.
   */
  public search(
    params: ProjectsSearchParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['projects']['search']['result']> {
    return this._client.request('projects', 'search', params, options);
  }
}

/** Actions of teams. */
export class TeamsResource extends Resource<IssueTrackerConnector> {
  /**
   * Lists the teams the credentials can see, page by page.
   *
   * Vendor call: `GraphQL query TeamsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('teams', 'list', params)`: ExecuteResult<Team[], TeamsListMeta>.
   */
  public list(params: TeamsListParams = {}, options?: RequestOptions): PagePromise<Team, TeamsListMeta> {
    return this._client.requestPage('teams', 'list', params, options);
  }

  /**
   * Gets one team by id.
   *
   * Vendor call: `GraphQL query TeamGet`.
   *
   * Resolves like `execute('teams', 'get', params)`: ExecuteResult<Team, EmptyMeta>.
   */
  public get(params: TeamsGetParams, options?: RequestOptions): Promise<IssueTrackerConnectorOperations['teams']['get']['result']> {
    return this._client.request('teams', 'get', params, options);
  }

  /**
   * Searches the synced copy of teams (hosted mode only).
   *
   * Hosted mode only: searches the synced copy. In open-source mode it throws `HostedOnlyError` before any request.
   *
   * Resolves like `execute('teams', 'search', params)`: ExecuteResult<SearchHit<TeamsSearchable>[], SearchMeta>.
   */
  public search(
    params: TeamsSearchParams,
    options?: RequestOptions,
  ): Promise<IssueTrackerConnectorOperations['teams']['search']['result']> {
    return this._client.request('teams', 'search', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<IssueTrackerConnector> {
  /**
   * Lists the workspace's active users, page by page.
   *
   * Vendor call: `GraphQL query UsersList`.
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
   * Vendor call: `GraphQL query UserGet`.
   *
   * Resolves like `execute('users', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(params: UsersGetParams, options?: RequestOptions): Promise<IssueTrackerConnectorOperations['users']['get']['result']> {
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
  ): Promise<IssueTrackerConnectorOperations['users']['search']['result']> {
    return this._client.request('users', 'search', params, options);
  }
}
