// Generated from specs/code-hosting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { HostedExecutor } from '@switchyard/runtime/internal';
import { metadata } from './metadata.js';
import type {
  Branch,
  BranchesGetParams,
  BranchesListMeta,
  BranchesListParams,
  CodeHostingConnectorAuth,
  CodeHostingConnectorConfig,
  CodeHostingConnectorOperations,
  Comment,
  CommentsGetParams,
  CommentsListMeta,
  CommentsListParams,
  Commit,
  CommitsGetParams,
  CommitsListMeta,
  CommitsListParams,
  Issue,
  IssuesApiSearchMeta,
  IssuesApiSearchParams,
  IssuesGetParams,
  IssuesListMeta,
  IssuesListParams,
  Label,
  LabelsGetParams,
  LabelsListMeta,
  LabelsListParams,
  Milestone,
  MilestonesGetParams,
  MilestonesListMeta,
  MilestonesListParams,
  OrgRepositoriesListMeta,
  OrgRepositoriesListParams,
  Organization,
  OrganizationsGetParams,
  OrganizationsListMeta,
  OrganizationsListParams,
  PrCommentsGetParams,
  PrCommentsListMeta,
  PrCommentsListParams,
  Project,
  ProjectItem,
  ProjectItemsListMeta,
  ProjectItemsListParams,
  ProjectsGetParams,
  ProjectsListMeta,
  ProjectsListParams,
  PullRequest,
  PullRequestsApiSearchMeta,
  PullRequestsApiSearchParams,
  PullRequestsGetParams,
  PullRequestsListMeta,
  PullRequestsListParams,
  Release,
  ReleasesGetParams,
  ReleasesListMeta,
  ReleasesListParams,
  RepositoriesApiSearchMeta,
  RepositoriesApiSearchParams,
  RepositoriesGetParams,
  RepositoriesListMeta,
  RepositoriesListParams,
  Repository,
  Review,
  ReviewsListMeta,
  ReviewsListParams,
  Stargazer,
  StargazersListMeta,
  StargazersListParams,
  Tag,
  TagsGetParams,
  TagsListMeta,
  TagsListParams,
  Team,
  TeamsGetParams,
  TeamsListMeta,
  TeamsListParams,
  User,
  UsersApiSearchMeta,
  UsersApiSearchParams,
  UsersGetParams,
  UsersListMeta,
  UsersListParams,
  ViewerGetParams,
  ViewerRepositoriesListMeta,
  ViewerRepositoriesListParams,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type CodeHostingConnectorOptions = OpenSourceOptions<CodeHostingConnectorAuth, CodeHostingConnectorConfig>;

/**
 * Code Hosting connector on the GitHub GraphQL API.
 *
 * ```ts
 * const connector = new CodeHostingConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class CodeHostingConnector extends ConnectorClient<CodeHostingConnectorOperations> {
  /** The branches entity. */
  readonly branches: BranchesResource;
  /** The comments entity. */
  readonly comments: CommentsResource;
  /** The commits entity. */
  readonly commits: CommitsResource;
  /** The issues entity. */
  readonly issues: IssuesResource;
  /** The labels entity. */
  readonly labels: LabelsResource;
  /** The milestones entity. */
  readonly milestones: MilestonesResource;
  /** The org_repositories entity. */
  readonly org_repositories: OrgRepositoriesResource;
  /** The organizations entity. */
  readonly organizations: OrganizationsResource;
  /** The pr_comments entity. */
  readonly pr_comments: PrCommentsResource;
  /** The project_items entity. */
  readonly project_items: ProjectItemsResource;
  /** The projects entity. */
  readonly projects: ProjectsResource;
  /** The pull_requests entity. */
  readonly pull_requests: PullRequestsResource;
  /** The releases entity. */
  readonly releases: ReleasesResource;
  /** The repositories entity. */
  readonly repositories: RepositoriesResource;
  /** The reviews entity. */
  readonly reviews: ReviewsResource;
  /** The stargazers entity. */
  readonly stargazers: StargazersResource;
  /** The tags entity. */
  readonly tags: TagsResource;
  /** The teams entity. */
  readonly teams: TeamsResource;
  /** The users entity. */
  readonly users: UsersResource;
  /** The viewer entity. */
  readonly viewer: ViewerResource;
  /** The viewer_repositories entity. */
  readonly viewer_repositories: ViewerRepositoriesResource;

  constructor(options: CodeHostingConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.branches = new BranchesResource(this);
    this.comments = new CommentsResource(this);
    this.commits = new CommitsResource(this);
    this.issues = new IssuesResource(this);
    this.labels = new LabelsResource(this);
    this.milestones = new MilestonesResource(this);
    this.org_repositories = new OrgRepositoriesResource(this);
    this.organizations = new OrganizationsResource(this);
    this.pr_comments = new PrCommentsResource(this);
    this.project_items = new ProjectItemsResource(this);
    this.projects = new ProjectsResource(this);
    this.pull_requests = new PullRequestsResource(this);
    this.releases = new ReleasesResource(this);
    this.repositories = new RepositoriesResource(this);
    this.reviews = new ReviewsResource(this);
    this.stargazers = new StargazersResource(this);
    this.tags = new TagsResource(this);
    this.teams = new TeamsResource(this);
    this.users = new UsersResource(this);
    this.viewer = new ViewerResource(this);
    this.viewer_repositories = new ViewerRepositoriesResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = CodeHostingConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): CodeHostingConnector {
    return new CodeHostingConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of branches. */
export class BranchesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the branches of a repository, alphabetically, page by page.
   *
   * Vendor call: `GraphQL query BranchesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('branches', 'list', params)`: ExecuteResult<Branch[], BranchesListMeta>.
   */
  public list(params: BranchesListParams, options?: RequestOptions): PagePromise<Branch, BranchesListMeta> {
    return this._client.requestPage('branches', 'list', params, options);
  }

  /**
   * Gets one branch by name.
   *
   * Vendor call: `GraphQL query BranchGet`.
   *
   * Resolves like `execute('branches', 'get', params)`: ExecuteResult<Branch, EmptyMeta>.
   */
  public get(params: BranchesGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['branches']['get']['result']> {
    return this._client.request('branches', 'get', params, options);
  }
}

/** Actions of comments. */
export class CommentsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the comments of an issue, oldest first, page by page.
   *
   * Vendor call: `GraphQL query IssueCommentsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('comments', 'list', params)`: ExecuteResult<Comment[], CommentsListMeta>.
   */
  public list(params: CommentsListParams, options?: RequestOptions): PagePromise<Comment, CommentsListMeta> {
    return this._client.requestPage('comments', 'list', params, options);
  }

  /**
   * Gets one issue comment by node id.
   *
   * Vendor call: `GraphQL query IssueCommentGet`.
   *
   * Resolves like `execute('comments', 'get', params)`: ExecuteResult<Comment, EmptyMeta>.
   */
  public get(params: CommentsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['comments']['get']['result']> {
    return this._client.request('comments', 'get', params, options);
  }
}

/** Actions of commits. */
export class CommitsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the commits of the repository's default branch, newest first, page by page.
   *
   * Vendor call: `GraphQL query CommitsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('commits', 'list', params)`: ExecuteResult<Commit[], CommitsListMeta>.
   */
  public list(params: CommitsListParams, options?: RequestOptions): PagePromise<Commit, CommitsListMeta> {
    return this._client.requestPage('commits', 'list', params, options);
  }

  /**
   * Gets one commit by SHA (full or abbreviated).
   *
   * Vendor call: `GraphQL query CommitGet`.
   *
   * Resolves like `execute('commits', 'get', params)`: ExecuteResult<Commit, EmptyMeta>.
   */
  public get(params: CommitsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['commits']['get']['result']> {
    return this._client.request('commits', 'get', params, options);
  }
}

/** Actions of issues. */
export class IssuesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the issues of a repository, newest first, page by page.
   *
   * Vendor call: `GraphQL query IssuesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('issues', 'list', params)`: ExecuteResult<Issue[], IssuesListMeta>.
   */
  public list(params: IssuesListParams, options?: RequestOptions): PagePromise<Issue, IssuesListMeta> {
    return this._client.requestPage('issues', 'list', params, options);
  }

  /**
   * Gets one issue by number.
   *
   * Vendor call: `GraphQL query IssueGet`.
   *
   * Resolves like `execute('issues', 'get', params)`: ExecuteResult<Issue, EmptyMeta>.
   */
  public get(params: IssuesGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['issues']['get']['result']> {
    return this._client.request('issues', 'get', params, options);
  }

  /**
   * Searches issues with GitHub's search syntax, page by page (add is:issue: pull requests match too and come back as empty records).
   *
   * Vendor call: `GraphQL query IssuesSearch`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('issues', 'api_search', params)`: ExecuteResult<Issue[], IssuesApiSearchMeta>.
   */
  public api_search(params: IssuesApiSearchParams, options?: RequestOptions): PagePromise<Issue, IssuesApiSearchMeta> {
    return this._client.requestPage('issues', 'api_search', params, options);
  }
}

/** Actions of labels. */
export class LabelsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the labels of a repository, page by page.
   *
   * Vendor call: `GraphQL query LabelsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('labels', 'list', params)`: ExecuteResult<Label[], LabelsListMeta>.
   */
  public list(params: LabelsListParams, options?: RequestOptions): PagePromise<Label, LabelsListMeta> {
    return this._client.requestPage('labels', 'list', params, options);
  }

  /**
   * Gets one label by name.
   *
   * Vendor call: `GraphQL query LabelGet`.
   *
   * Resolves like `execute('labels', 'get', params)`: ExecuteResult<Label, EmptyMeta>.
   */
  public get(params: LabelsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['labels']['get']['result']> {
    return this._client.request('labels', 'get', params, options);
  }
}

/** Actions of milestones. */
export class MilestonesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the milestones of a repository, highest number first, page by page.
   *
   * Vendor call: `GraphQL query MilestonesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('milestones', 'list', params)`: ExecuteResult<Milestone[], MilestonesListMeta>.
   */
  public list(params: MilestonesListParams, options?: RequestOptions): PagePromise<Milestone, MilestonesListMeta> {
    return this._client.requestPage('milestones', 'list', params, options);
  }

  /**
   * Gets one milestone by number.
   *
   * Vendor call: `GraphQL query MilestoneGet`.
   *
   * Resolves like `execute('milestones', 'get', params)`: ExecuteResult<Milestone, EmptyMeta>.
   */
  public get(
    params: MilestonesGetParams,
    options?: RequestOptions,
  ): Promise<CodeHostingConnectorOperations['milestones']['get']['result']> {
    return this._client.request('milestones', 'get', params, options);
  }
}

/** Actions of org_repositories. */
export class OrgRepositoriesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists an organization's repositories, newest first, page by page.
   *
   * Vendor call: `GraphQL query OrgRepositoriesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('org_repositories', 'list', params)`: ExecuteResult<Repository[], OrgRepositoriesListMeta>.
   */
  public list(params: OrgRepositoriesListParams, options?: RequestOptions): PagePromise<Repository, OrgRepositoriesListMeta> {
    return this._client.requestPage('org_repositories', 'list', params, options);
  }
}

/** Actions of organizations. */
export class OrganizationsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the organizations a user belongs to (those visible to the token), page by page.
   *
   * Vendor call: `GraphQL query UserOrganizationsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('organizations', 'list', params)`: ExecuteResult<Organization[], OrganizationsListMeta>.
   */
  public list(params: OrganizationsListParams, options?: RequestOptions): PagePromise<Organization, OrganizationsListMeta> {
    return this._client.requestPage('organizations', 'list', params, options);
  }

  /**
   * Gets one organization by login.
   *
   * Vendor call: `GraphQL query OrganizationGet`.
   *
   * Resolves like `execute('organizations', 'get', params)`: ExecuteResult<Organization, EmptyMeta>.
   */
  public get(
    params: OrganizationsGetParams,
    options?: RequestOptions,
  ): Promise<CodeHostingConnectorOperations['organizations']['get']['result']> {
    return this._client.request('organizations', 'get', params, options);
  }
}

/** Actions of pr_comments. */
export class PrCommentsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the conversation comments of a pull request, oldest first, page by page.
   *
   * Vendor call: `GraphQL query PullRequestCommentsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('pr_comments', 'list', params)`: ExecuteResult<Comment[], PrCommentsListMeta>.
   */
  public list(params: PrCommentsListParams, options?: RequestOptions): PagePromise<Comment, PrCommentsListMeta> {
    return this._client.requestPage('pr_comments', 'list', params, options);
  }

  /**
   * Gets one pull request comment by node id.
   *
   * Vendor call: `GraphQL query PullRequestCommentGet`.
   *
   * Resolves like `execute('pr_comments', 'get', params)`: ExecuteResult<Comment, EmptyMeta>.
   */
  public get(
    params: PrCommentsGetParams,
    options?: RequestOptions,
  ): Promise<CodeHostingConnectorOperations['pr_comments']['get']['result']> {
    return this._client.request('pr_comments', 'get', params, options);
  }
}

/** Actions of project_items. */
export class ProjectItemsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the items of a project (v2) with their field values, page by page.
   *
   * Vendor call: `GraphQL query ProjectItemsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('project_items', 'list', params)`: ExecuteResult<ProjectItem[], ProjectItemsListMeta>.
   */
  public list(params: ProjectItemsListParams, options?: RequestOptions): PagePromise<ProjectItem, ProjectItemsListMeta> {
    return this._client.requestPage('project_items', 'list', params, options);
  }
}

/** Actions of projects. */
export class ProjectsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the projects (v2) of an organization, page by page.
   *
   * Vendor call: `GraphQL query ProjectsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('projects', 'list', params)`: ExecuteResult<Project[], ProjectsListMeta>.
   */
  public list(params: ProjectsListParams, options?: RequestOptions): PagePromise<Project, ProjectsListMeta> {
    return this._client.requestPage('projects', 'list', params, options);
  }

  /**
   * Gets one project (v2) of an organization by number.
   *
   * Vendor call: `GraphQL query ProjectGet`.
   *
   * Resolves like `execute('projects', 'get', params)`: ExecuteResult<Project, EmptyMeta>.
   */
  public get(params: ProjectsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['projects']['get']['result']> {
    return this._client.request('projects', 'get', params, options);
  }
}

/** Actions of pull_requests. */
export class PullRequestsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the pull requests of a repository, newest first, page by page.
   *
   * Vendor call: `GraphQL query PullRequestsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('pull_requests', 'list', params)`: ExecuteResult<PullRequest[], PullRequestsListMeta>.
   */
  public list(params: PullRequestsListParams, options?: RequestOptions): PagePromise<PullRequest, PullRequestsListMeta> {
    return this._client.requestPage('pull_requests', 'list', params, options);
  }

  /**
   * Gets one pull request by number.
   *
   * Vendor call: `GraphQL query PullRequestGet`.
   *
   * Resolves like `execute('pull_requests', 'get', params)`: ExecuteResult<PullRequest, EmptyMeta>.
   */
  public get(
    params: PullRequestsGetParams,
    options?: RequestOptions,
  ): Promise<CodeHostingConnectorOperations['pull_requests']['get']['result']> {
    return this._client.request('pull_requests', 'get', params, options);
  }

  /**
   * Searches pull requests with GitHub's search syntax, page by page (add is:pr: issues match too and come back as empty records).
   *
   * Vendor call: `GraphQL query PullRequestsSearch`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('pull_requests', 'api_search', params)`: ExecuteResult<PullRequest[], PullRequestsApiSearchMeta>.
   */
  public api_search(params: PullRequestsApiSearchParams, options?: RequestOptions): PagePromise<PullRequest, PullRequestsApiSearchMeta> {
    return this._client.requestPage('pull_requests', 'api_search', params, options);
  }
}

/** Actions of releases. */
export class ReleasesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the releases of a repository, newest first, page by page.
   *
   * Vendor call: `GraphQL query ReleasesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('releases', 'list', params)`: ExecuteResult<Release[], ReleasesListMeta>.
   */
  public list(params: ReleasesListParams, options?: RequestOptions): PagePromise<Release, ReleasesListMeta> {
    return this._client.requestPage('releases', 'list', params, options);
  }

  /**
   * Gets one release by its tag name.
   *
   * Vendor call: `GraphQL query ReleaseGet`.
   *
   * Resolves like `execute('releases', 'get', params)`: ExecuteResult<Release, EmptyMeta>.
   */
  public get(params: ReleasesGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['releases']['get']['result']> {
    return this._client.request('releases', 'get', params, options);
  }
}

/** Actions of repositories. */
export class RepositoriesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the repositories a user owns, newest first, page by page.
   *
   * Vendor call: `GraphQL query UserRepositoriesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('repositories', 'list', params)`: ExecuteResult<Repository[], RepositoriesListMeta>.
   */
  public list(params: RepositoriesListParams, options?: RequestOptions): PagePromise<Repository, RepositoriesListMeta> {
    return this._client.requestPage('repositories', 'list', params, options);
  }

  /**
   * Gets one repository by owner and name.
   *
   * Vendor call: `GraphQL query RepositoryGet`.
   *
   * Resolves like `execute('repositories', 'get', params)`: ExecuteResult<Repository, EmptyMeta>.
   */
  public get(
    params: RepositoriesGetParams,
    options?: RequestOptions,
  ): Promise<CodeHostingConnectorOperations['repositories']['get']['result']> {
    return this._client.request('repositories', 'get', params, options);
  }

  /**
   * Searches GitHub's repositories with GitHub's search syntax, page by page.
   *
   * Vendor call: `GraphQL query RepositoriesSearch`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('repositories', 'api_search', params)`: ExecuteResult<Repository[], RepositoriesApiSearchMeta>.
   */
  public api_search(params: RepositoriesApiSearchParams, options?: RequestOptions): PagePromise<Repository, RepositoriesApiSearchMeta> {
    return this._client.requestPage('repositories', 'api_search', params, options);
  }
}

/** Actions of reviews. */
export class ReviewsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the reviews of a pull request, oldest first, page by page.
   *
   * Vendor call: `GraphQL query ReviewsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('reviews', 'list', params)`: ExecuteResult<Review[], ReviewsListMeta>.
   */
  public list(params: ReviewsListParams, options?: RequestOptions): PagePromise<Review, ReviewsListMeta> {
    return this._client.requestPage('reviews', 'list', params, options);
  }
}

/** Actions of stargazers. */
export class StargazersResource extends Resource<CodeHostingConnector> {
  /**
   * Lists who starred a repository, most recent star first, page by page.
   *
   * Vendor call: `GraphQL query StargazersList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('stargazers', 'list', params)`: ExecuteResult<Stargazer[], StargazersListMeta>.
   */
  public list(params: StargazersListParams, options?: RequestOptions): PagePromise<Stargazer, StargazersListMeta> {
    return this._client.requestPage('stargazers', 'list', params, options);
  }
}

/** Actions of tags. */
export class TagsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the tags of a repository, alphabetically, page by page.
   *
   * Vendor call: `GraphQL query TagsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('tags', 'list', params)`: ExecuteResult<Tag[], TagsListMeta>.
   */
  public list(params: TagsListParams, options?: RequestOptions): PagePromise<Tag, TagsListMeta> {
    return this._client.requestPage('tags', 'list', params, options);
  }

  /**
   * Gets one tag by name.
   *
   * Vendor call: `GraphQL query TagGet`.
   *
   * Resolves like `execute('tags', 'get', params)`: ExecuteResult<Tag, EmptyMeta>.
   */
  public get(params: TagsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['tags']['get']['result']> {
    return this._client.request('tags', 'get', params, options);
  }
}

/** Actions of teams. */
export class TeamsResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the teams of an organization visible to the token, page by page.
   *
   * Vendor call: `GraphQL query TeamsList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('teams', 'list', params)`: ExecuteResult<Team[], TeamsListMeta>.
   */
  public list(params: TeamsListParams, options?: RequestOptions): PagePromise<Team, TeamsListMeta> {
    return this._client.requestPage('teams', 'list', params, options);
  }

  /**
   * Gets one team by slug.
   *
   * Vendor call: `GraphQL query TeamGet`.
   *
   * Resolves like `execute('teams', 'get', params)`: ExecuteResult<Team, EmptyMeta>.
   */
  public get(params: TeamsGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['teams']['get']['result']> {
    return this._client.request('teams', 'get', params, options);
  }
}

/** Actions of users. */
export class UsersResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the members of an organization, page by page.
   *
   * Vendor call: `GraphQL query OrganizationMembersList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('users', 'list', params)`: ExecuteResult<User[], UsersListMeta>.
   */
  public list(params: UsersListParams, options?: RequestOptions): PagePromise<User, UsersListMeta> {
    return this._client.requestPage('users', 'list', params, options);
  }

  /**
   * Gets one user by login.
   *
   * Vendor call: `GraphQL query UserGet`.
   *
   * Resolves like `execute('users', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(params: UsersGetParams, options?: RequestOptions): Promise<CodeHostingConnectorOperations['users']['get']['result']> {
    return this._client.request('users', 'get', params, options);
  }

  /**
   * Searches users with GitHub's search syntax, page by page (organizations match too and come back as empty records; add type:user).
   *
   * Vendor call: `GraphQL query UsersSearch`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('users', 'api_search', params)`: ExecuteResult<User[], UsersApiSearchMeta>.
   */
  public api_search(params: UsersApiSearchParams, options?: RequestOptions): PagePromise<User, UsersApiSearchMeta> {
    return this._client.requestPage('users', 'api_search', params, options);
  }
}

/** Actions of viewer. */
export class ViewerResource extends Resource<CodeHostingConnector> {
  /**
   * Gets the authenticated user.
   *
   * Vendor call: `GraphQL query ViewerGet`.
   *
   * Resolves like `execute('viewer', 'get', params)`: ExecuteResult<User, EmptyMeta>.
   */
  public get(params: ViewerGetParams = {}, options?: RequestOptions): Promise<CodeHostingConnectorOperations['viewer']['get']['result']> {
    return this._client.request('viewer', 'get', params, options);
  }
}

/** Actions of viewer_repositories. */
export class ViewerRepositoriesResource extends Resource<CodeHostingConnector> {
  /**
   * Lists the repositories the authenticated user owns or collaborates on, newest first, page by page.
   *
   * Vendor call: `GraphQL query ViewerRepositoriesList`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('viewer_repositories', 'list', params)`: ExecuteResult<Repository[], ViewerRepositoriesListMeta>.
   */
  public list(params: ViewerRepositoriesListParams = {}, options?: RequestOptions): PagePromise<Repository, ViewerRepositoriesListMeta> {
    return this._client.requestPage('viewer_repositories', 'list', params, options);
  }
}
