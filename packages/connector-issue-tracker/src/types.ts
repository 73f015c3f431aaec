// Generated from specs/issue-tracker.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult, SearchHit, SearchMeta, SearchParams } from '@switchyard/runtime';

/**
 * A comment on an issue (comments.list, comments.get, and the comment returned by comments.create and comments.update).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Comment {
  [key: string]: unknown;
  id: string;
  /** Markdown. */
  body: string;
  bodyData: string;
  issueId?: string | null;
  parentId?: string | null;
  resolvingCommentId?: string | null;
  url: string;
  createdAt: string;
  updatedAt: string;
  editedAt?: string | null;
  issue?: Record<string, unknown> | null;
  parent?: Record<string, unknown> | null;
  user?: Record<string, unknown> | null;
  resolvingUser?: Record<string, unknown> | null;
  parentCommentId?: string | null;
  userId?: string | null;
  resolvingUserId?: string | null;
}

/**
 * A Linear issue (issues.list, issues.get, and the issue returned by issues.create and issues.update).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Issue {
  [key: string]: unknown;
  id: string;
  /** Human identifier such as ENG-123. */
  identifier: string;
  number: number;
  title: string;
  /** Markdown. */
  description?: string | null;
  descriptionState?: string | null;
  /** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
  priority: number;
  priorityLabel: string;
  estimate?: number | null;
  sortOrder: number;
  prioritySortOrder: number;
  subIssueSortOrder?: number | null;
  branchName: string;
  url: string;
  /** Date without time (YYYY-MM-DD). */
  dueDate?: string | null;
  slaType?: string | null;
  integrationSourceType?: string | null;
  customerTicketCount: number;
  labelIds: Array<string>;
  previousIdentifiers: Array<string>;
  reactionData: unknown[] | Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  startedAt?: string | null;
  completedAt?: string | null;
  canceledAt?: string | null;
  addedToCycleAt?: string | null;
  addedToProjectAt?: string | null;
  addedToTeamAt?: string | null;
  assignee?: Record<string, unknown> | null;
  creator?: Record<string, unknown> | null;
  cycle?: Record<string, unknown> | null;
  parent?: Record<string, unknown> | null;
  project?: Record<string, unknown> | null;
  projectMilestone?: Record<string, unknown> | null;
  state: Record<string, unknown>;
  team: Record<string, unknown>;
  sourceComment?: Record<string, unknown> | null;
  /** Connection { nodes: [{ id, title, url }] }, first 10; absent in list records. */
  attachments?: Record<string, unknown> | null;
  /** Connection { nodes: [{ id, name }] }, first 10; absent in list records. */
  labels?: Record<string, unknown> | null;
  /** Connection { nodes: [{ id, type, relatedIssue }] }, first 10; absent in list records. */
  relations?: Record<string, unknown> | null;
  /** Connection { nodes: [{ id, name }] }, first 10; absent in list records. */
  subscribers?: Record<string, unknown> | null;
  assigneeId?: string | null;
  creatorId?: string | null;
  cycleId?: string | null;
  parentId?: string | null;
  projectId?: string | null;
  milestoneId?: string | null;
  sourceCommentId?: string | null;
  stateId: string;
  teamId: string;
  /** Ids of the first 10 attachments; null in list records. */
  attachmentIds?: Array<string> | null;
  /** Ids of the first 10 relations; null in list records. */
  relationIds?: Array<string> | null;
  /** Ids of the first 10 subscribers; null in list records. */
  subscriberIds?: Array<string> | null;
}

/**
 * A Linear project (projects.list, projects.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Project {
  [key: string]: unknown;
  id: string;
  name: string;
  description: string;
  /** Project content in Markdown. */
  content?: string | null;
  contentState?: string | null;
  color: string;
  icon?: string | null;
  /** onTrack, atRisk or offTrack. */
  health?: string | null;
  healthUpdatedAt?: string | null;
  priority: number;
  prioritySortOrder: number;
  progress: number;
  scope: number;
  sortOrder: number;
  slugId: string;
  url: string;
  startDate?: string | null;
  targetDate?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  canceledAt?: string | null;
  createdAt: string;
  updatedAt: string;
  updateRemindersDay?: string | null;
  updateRemindersHour?: number | null;
  completedIssueCountHistory: Array<number>;
  completedScopeHistory: Array<number>;
  inProgressScopeHistory: Array<number>;
  issueCountHistory: Array<number>;
  scopeHistory: Array<number>;
  convertedFromIssue?: Record<string, unknown> | null;
  creator?: Record<string, unknown> | null;
  lead?: Record<string, unknown> | null;
  status: Record<string, unknown>;
  /** Connection { nodes: [{ id, key, name }] }, first 25; absent in list records. */
  teams?: Record<string, unknown> | null;
  convertedFromIssueId?: string | null;
  creatorId?: string | null;
  leadId?: string | null;
  statusId: string;
  /** Ids of the first 25 teams; null in list records. */
  teamIds?: Array<string> | null;
}

/**
 * A Linear team (teams.list, teams.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Team {
  [key: string]: unknown;
  id: string;
  key: string;
  name: string;
  color?: string | null;
  icon?: string | null;
  timezone: string;
  createdAt: string;
  updatedAt: string;
  issueCount: number;
  issueEstimationType: string;
  issueEstimationAllowZero: boolean;
  issueEstimationExtended: boolean;
  defaultIssueEstimate: number;
  autoArchivePeriod: number;
  autoClosePeriod?: number | null;
  autoCloseStateId?: string | null;
  /** Calendar feed URL (Linear's spelling). */
  cycleCalenderUrl: string;
  cycleCooldownTime: number;
  cycleDuration: number;
  cycleStartDay: number;
  cyclesEnabled: boolean;
  cycleIssueAutoAssignCompleted: boolean;
  cycleIssueAutoAssignStarted: boolean;
  cycleLockToActive: boolean;
  upcomingCycleCount: number;
  groupIssueHistory: boolean;
  requirePriorityToLeaveTriage: boolean;
  setIssueSortOrderOnStateChange: string;
  scimManaged: boolean;
  triageEnabled: boolean;
  /** Deprecated by Linear; always an empty string. */
  inviteHash: string;
  /** Deprecated by Linear in favour of visibility. */
  private: boolean;
  visibility: string;
  activeCycle?: Record<string, unknown> | null;
  defaultIssueState?: Record<string, unknown> | null;
  /** Deprecated by Linear (duplicates are system-managed). */
  markedAsDuplicateWorkflowState?: Record<string, unknown> | null;
  parent?: Record<string, unknown> | null;
  triageIssueState?: Record<string, unknown> | null;
  activeCycleId?: string | null;
  defaultIssueStateId?: string | null;
  markedAsDuplicateWorkflowStateId?: string | null;
  parentTeamId?: string | null;
  triageIssueStateId?: string | null;
}

/**
 * A member of the Linear workspace (users.list, users.get).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id: string;
  name: string;
  displayName: string;
  email: string;
  initials: string;
  avatarUrl?: string | null;
  avatarBackgroundColor: string;
  timezone?: string | null;
  url: string;
  active: boolean;
  admin: boolean;
  guest: boolean;
  /** True for the user the credentials belong to. */
  isMe: boolean;
  lastSeen?: string | null;
  createdIssueCount: number;
  createdAt: string;
  updatedAt: string;
  /** Deprecated by Linear; always an empty string. */
  inviteHash: string;
  /** Connection { nodes: [{ id, key, name }] }, first 25; absent in list records. */
  teams?: Record<string, unknown> | null;
  /** Ids of the first 25 teams; null in list records. */
  teamIds?: Array<string> | null;
}

/** Fields of comments held by the hosted search index. */
export interface CommentsSearchable {
  body?: string;
  bodyData?: string;
  createdAt?: string;
  editedAt?: string;
  id?: string;
  issue?: Record<string, unknown>;
  issueId?: string;
  parent?: Record<string, unknown>;
  parentCommentId?: string;
  resolvingCommentId?: string;
  resolvingUserId?: string;
  updatedAt?: string;
  url?: string;
  user?: Record<string, unknown>;
  userId?: string;
}

/** Fields of issues held by the hosted search index. */
export interface IssuesSearchable {
  addedToCycleAt?: string;
  addedToProjectAt?: string;
  addedToTeamAt?: string;
  assignee?: Record<string, unknown>;
  assigneeId?: string;
  attachmentIds?: unknown[];
  attachments?: Record<string, unknown>;
  branchName?: string;
  canceledAt?: string;
  completedAt?: string;
  createdAt?: string;
  creator?: Record<string, unknown>;
  creatorId?: string;
  customerTicketCount?: number;
  cycle?: Record<string, unknown>;
  cycleId?: string;
  description?: string;
  descriptionState?: string;
  dueDate?: string;
  estimate?: number;
  id?: string;
  identifier?: string;
  integrationSourceType?: string;
  labelIds?: unknown[];
  labels?: Record<string, unknown>;
  milestoneId?: string;
  number?: number;
  parent?: Record<string, unknown>;
  parentId?: string;
  previousIdentifiers?: unknown[];
  priority?: number;
  priorityLabel?: string;
  prioritySortOrder?: number;
  project?: Record<string, unknown>;
  projectId?: string;
  projectMilestone?: Record<string, unknown>;
  reactionData?: unknown[];
  relationIds?: unknown[];
  relations?: Record<string, unknown>;
  slaType?: string;
  sortOrder?: number;
  sourceCommentId?: string;
  startedAt?: string;
  state?: Record<string, unknown>;
  stateId?: string;
  subIssueSortOrder?: number;
  subscriberIds?: unknown[];
  subscribers?: Record<string, unknown>;
  team?: Record<string, unknown>;
  teamId?: string;
  title?: string;
  updatedAt?: string;
  url?: string;
}

/** Fields of projects held by the hosted search index. */
export interface ProjectsSearchable {
  canceledAt?: string;
  color?: string;
  completedAt?: string;
  completedIssueCountHistory?: unknown[];
  completedScopeHistory?: unknown[];
  content?: string;
  contentState?: string;
  convertedFromIssue?: Record<string, unknown>;
  convertedFromIssueId?: string;
  createdAt?: string;
  creator?: Record<string, unknown>;
  creatorId?: string;
  description?: string;
  health?: string;
  healthUpdatedAt?: string;
  icon?: string;
  id?: string;
  inProgressScopeHistory?: unknown[];
  issueCountHistory?: unknown[];
  lead?: Record<string, unknown>;
  leadId?: string;
  name?: string;
  priority?: number;
  prioritySortOrder?: number;
  progress?: number;
  scope?: number;
  scopeHistory?: unknown[];
  slugId?: string;
  sortOrder?: number;
  startDate?: string;
  startedAt?: string;
  status?: Record<string, unknown>;
  statusId?: string;
  targetDate?: string;
  teamIds?: unknown[];
  teams?: Record<string, unknown>;
  updatedAt?: string;
  updateRemindersDay?: string;
  updateRemindersHour?: number;
  url?: string;
}

/** Fields of teams held by the hosted search index. */
export interface TeamsSearchable {
  activeCycle?: Record<string, unknown>;
  activeCycleId?: string;
  autoArchivePeriod?: number;
  autoClosePeriod?: number;
  autoCloseStateId?: string;
  color?: string;
  createdAt?: string;
  cycleCalenderUrl?: string;
  cycleCooldownTime?: number;
  cycleDuration?: number;
  cycleIssueAutoAssignCompleted?: boolean;
  cycleIssueAutoAssignStarted?: boolean;
  cycleLockToActive?: boolean;
  cyclesEnabled?: boolean;
  cycleStartDay?: number;
  defaultIssueEstimate?: number;
  defaultIssueState?: Record<string, unknown>;
  defaultIssueStateId?: string;
  groupIssueHistory?: boolean;
  icon?: string;
  id?: string;
  inviteHash?: string;
  issueCount?: number;
  issueEstimationAllowZero?: boolean;
  issueEstimationExtended?: boolean;
  issueEstimationType?: string;
  key?: string;
  markedAsDuplicateWorkflowState?: Record<string, unknown>;
  markedAsDuplicateWorkflowStateId?: string;
  name?: string;
  parentTeamId?: string;
  private?: boolean;
  requirePriorityToLeaveTriage?: boolean;
  scimManaged?: boolean;
  setIssueSortOrderOnStateChange?: string;
  timezone?: string;
  triageEnabled?: boolean;
  triageIssueStateId?: string;
  upcomingCycleCount?: number;
  updatedAt?: string;
}

/** Fields of users held by the hosted search index. */
export interface UsersSearchable {
  active?: boolean;
  admin?: boolean;
  avatarBackgroundColor?: string;
  avatarUrl?: string;
  createdAt?: string;
  createdIssueCount?: number;
  displayName?: string;
  email?: string;
  guest?: boolean;
  id?: string;
  initials?: string;
  inviteHash?: string;
  isMe?: boolean;
  lastSeen?: string;
  name?: string;
  teamIds?: unknown[];
  teams?: Record<string, unknown>;
  timezone?: string;
  updatedAt?: string;
  url?: string;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of comments.list. */
export interface CommentsListParams {
  /** Issue UUID or identifier such as ENG-123. */
  issueId: string;
  /** Records per page (at most 250, default 50). (≤ 250; default `50`) */
  first?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
}

/** Meta of comments.list. */
export interface CommentsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of comments.get. */
export interface CommentsGetParams {
  /** Comment id. */
  id: string;
}

/** Parameters of comments.create. */
export interface CommentsCreateParams {
  /** Issue UUID or identifier such as ENG-123. */
  issueId: string;
  /** Comment text in Markdown. */
  body: string;
}

/** Parameters of comments.update. */
export interface CommentsUpdateParams {
  /** Comment id. */
  id: string;
  /** New comment text in Markdown. */
  body: string;
}

/** Parameters of comments.search. */
export type CommentsSearchParams = SearchParams<CommentsSearchable>;

/** Parameters of issues.list. */
export interface IssuesListParams {
  /** Records per page (at most 250, default 50). (≤ 250; default `50`) */
  first?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
}

/** Meta of issues.list. */
export interface IssuesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of issues.get. */
export interface IssuesGetParams {
  /** Issue UUID or identifier such as ENG-123. */
  id: string;
}

/** Parameters of issues.create. */
export interface IssuesCreateParams {
  /** Id of the team the issue belongs to (from teams.list). */
  teamId: string;
  /** Issue title. */
  title: string;
  /** Issue description in Markdown. */
  description?: string;
  /** Workflow state id (of the same team); Linear picks the team's default when omitted. */
  stateId?: string;
  /** Priority: 0 none, 1 urgent, 2 high, 3 medium, 4 low. (≥ 0; ≤ 4) */
  priority?: number;
}

/** Parameters of issues.update. */
export interface IssuesUpdateParams {
  /** Issue UUID or identifier such as ENG-123. */
  id: string;
  /** New title. */
  title?: string;
  /** New description in Markdown; null clears it. (null accepted) */
  description?: string | null;
  /** New workflow state id (of the issue's team). */
  stateId?: string;
  /** Priority: 0 none, 1 urgent, 2 high, 3 medium, 4 low. (≥ 0; ≤ 4) */
  priority?: number;
  /** User id to assign (from users.list); null unassigns; omit to leave the assignee unchanged. (null accepted) */
  assigneeId?: string | null;
}

/** Parameters of issues.search. */
export type IssuesSearchParams = SearchParams<IssuesSearchable>;

/** Parameters of projects.list. */
export interface ProjectsListParams {
  /** Records per page (at most 250, default 50). (≤ 250; default `50`) */
  first?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
}

/** Meta of projects.list. */
export interface ProjectsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of projects.get. */
export interface ProjectsGetParams {
  /** Project id or the slug id from the project's URL. */
  id: string;
}

/** Parameters of projects.search. */
export type ProjectsSearchParams = SearchParams<ProjectsSearchable>;

/** Parameters of teams.list. */
export interface TeamsListParams {
  /** Records per page (at most 250, default 50). (≤ 250; default `50`) */
  first?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
}

/** Meta of teams.list. */
export interface TeamsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of teams.get. */
export interface TeamsGetParams {
  /** Team id. */
  id: string;
}

/** Parameters of teams.search. */
export type TeamsSearchParams = SearchParams<TeamsSearchable>;

/** Parameters of users.list. */
export interface UsersListParams {
  /** Records per page (at most 250, default 50). (≤ 250; default `50`) */
  first?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
}

/** Meta of users.list. */
export interface UsersListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** User id. */
  id: string;
}

/** Parameters of users.search. */
export type UsersSearchParams = SearchParams<UsersSearchable>;
/** Credentials, one of: API key, OAuth, OAuth (refreshable). */
export type IssueTrackerConnectorAuth =
  | { /** Personal API key (prefix lin_api_); sent without a scheme. */ api_key: string }
  | { /** OAuth 2.0 access token from Linear's token exchange. */ access_token: string }
  | {
      /** Current OAuth 2.0 access token. */ access_token: string;
      /** OAuth 2.0 refresh token returned with the access token. */ refresh_token: string;
      /** Client id of the Linear OAuth app. */ client_id: string;
      /** Client secret of the Linear OAuth app. */ client_secret: string;
    };
/** Config variables used to build the base URL. */
export type IssueTrackerConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type IssueTrackerConnectorOperations = {
  comments: {
    list: { params: CommentsListParams; result: ExecuteResult<Comment[], CommentsListMeta> };
    get: { params: CommentsGetParams; result: ExecuteResult<Comment, EmptyMeta> };
    create: { params: CommentsCreateParams; result: ExecuteResult<Comment, EmptyMeta> };
    update: { params: CommentsUpdateParams; result: ExecuteResult<Comment, EmptyMeta> };
    search: { params: CommentsSearchParams; result: ExecuteResult<SearchHit<CommentsSearchable>[], SearchMeta> };
  };
  issues: {
    list: { params: IssuesListParams | undefined; result: ExecuteResult<Issue[], IssuesListMeta> };
    get: { params: IssuesGetParams; result: ExecuteResult<Issue, EmptyMeta> };
    create: { params: IssuesCreateParams; result: ExecuteResult<Issue, EmptyMeta> };
    update: { params: IssuesUpdateParams; result: ExecuteResult<Issue, EmptyMeta> };
    search: { params: IssuesSearchParams; result: ExecuteResult<SearchHit<IssuesSearchable>[], SearchMeta> };
  };
  projects: {
    list: { params: ProjectsListParams | undefined; result: ExecuteResult<Project[], ProjectsListMeta> };
    get: { params: ProjectsGetParams; result: ExecuteResult<Project, EmptyMeta> };
    search: { params: ProjectsSearchParams; result: ExecuteResult<SearchHit<ProjectsSearchable>[], SearchMeta> };
  };
  teams: {
    list: { params: TeamsListParams | undefined; result: ExecuteResult<Team[], TeamsListMeta> };
    get: { params: TeamsGetParams; result: ExecuteResult<Team, EmptyMeta> };
    search: { params: TeamsSearchParams; result: ExecuteResult<SearchHit<TeamsSearchable>[], SearchMeta> };
  };
  users: {
    list: { params: UsersListParams | undefined; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    search: { params: UsersSearchParams; result: ExecuteResult<SearchHit<UsersSearchable>[], SearchMeta> };
  };
};
