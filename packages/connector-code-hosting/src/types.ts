// Generated from specs/code-hosting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ExecuteResult } from '@switchyard/runtime';

/**
 * A branch (a Git ref under refs/heads/).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Branch {
  [key: string]: unknown;
  id?: string;
  /** Branch name without refs/heads/. */
  name?: string;
  /** refs/heads/ */
  prefix?: string;
  /** The head commit: { oid, committedDate, messageHeadline, author: { name, email, date } }. */
  target?: Record<string, unknown> | null;
  /** { pattern, requiresApprovingReviews, requiredApprovingReviewCount }, or null when unprotected. */
  branchProtectionRule?: Record<string, unknown> | null;
}

/**
 * A conversation comment on an issue (comments) or a pull request (pr_comments).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Comment {
  [key: string]: unknown;
  /** Node id (IC_…), the id comments.get and pr_comments.get take. */
  id?: string;
  databaseId?: number | null;
  /** Markdown. */
  body?: string;
  url?: string;
  authorAssociation?: string;
  isMinimized?: boolean;
  minimizedReason?: string | null;
  createdAt?: string;
  updatedAt?: string;
  lastEditedAt?: string | null;
  author?: Record<string, unknown> | null;
}

/**
 * A commit.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Commit {
  [key: string]: unknown;
  id?: string;
  /** Full 40-character SHA. */
  oid?: string;
  abbreviatedOid?: string;
  messageHeadline?: string;
  message?: string;
  committedDate?: string;
  authoredDate?: string;
  url?: string;
  additions?: number;
  deletions?: number;
  changedFilesIfAvailable?: number | null;
  /** { name, email, date, user: { login } | null } */
  author?: Record<string, unknown> | null;
  /** { name, email, date } */
  committer?: Record<string, unknown> | null;
  /** Connection { totalCount, nodes: [{ oid }] }, first 5. */
  parents?: Record<string, unknown>;
}

/**
 * An issue.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Issue {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  number?: number;
  title?: string;
  /** Markdown. */
  body?: string;
  /** OPEN or CLOSED. */
  state?: string;
  /** COMPLETED, NOT_PLANNED, REOPENED or DUPLICATE. */
  stateReason?: string | null;
  url?: string;
  locked?: boolean;
  createdAt?: string;
  updatedAt?: string;
  closedAt?: string | null;
  /** { login }; null for a deleted account. */
  author?: Record<string, unknown> | null;
  /** { number, title } */
  milestone?: Record<string, unknown> | null;
  /** { totalCount } */
  comments?: Record<string, unknown>;
  /** Connection { totalCount, nodes: [{ login }] }, first 10. */
  assignees?: Record<string, unknown>;
  /** Connection { totalCount, nodes: [{ name, color }] }, first 20. */
  labels?: Record<string, unknown> | null;
}

/**
 * A repository label.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Label {
  [key: string]: unknown;
  id?: string;
  name?: string;
  /** Hex colour without '#'. */
  color?: string;
  description?: string | null;
  isDefault?: boolean;
  url?: string;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/**
 * A milestone.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Milestone {
  [key: string]: unknown;
  id?: string;
  number?: number;
  title?: string;
  description?: string | null;
  /** OPEN or CLOSED. */
  state?: string;
  closed?: boolean;
  dueOn?: string | null;
  closedAt?: string | null;
  progressPercentage?: number;
  url?: string;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * An organization.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Organization {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  login?: string;
  name?: string | null;
  description?: string | null;
  email?: string | null;
  location?: string | null;
  url?: string;
  websiteUrl?: string | null;
  avatarUrl?: string;
  twitterUsername?: string | null;
  isVerified?: boolean;
  createdAt?: string;
  updatedAt?: string;
}

/**
 * A project (v2) of an organization.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Project {
  [key: string]: unknown;
  id?: string;
  number?: number;
  title?: string;
  shortDescription?: string | null;
  /** Markdown. */
  readme?: string | null;
  public?: boolean;
  closed?: boolean;
  closedAt?: string | null;
  url?: string;
  createdAt?: string;
  updatedAt?: string;
  creator?: Record<string, unknown> | null;
  /** { totalCount } */
  items?: Record<string, unknown>;
  /** Connection { totalCount, nodes: [{ id, name, dataType }] }, first 20. */
  fields?: Record<string, unknown>;
}

/**
 * An item of a project (v2) with its field values.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface ProjectItem {
  [key: string]: unknown;
  id?: string;
  /** ISSUE, PULL_REQUEST, DRAFT_ISSUE or REDACTED. */
  type?: string;
  isArchived?: boolean;
  createdAt?: string;
  updatedAt?: string;
  creator?: Record<string, unknown> | null;
  /** The issue { id, number, title, url, issueState }, pull request { id, number, title, url, pullRequestState } or draft issue { id, title, body }, with its __typename. */
  content?: Record<string, unknown> | null;
  /** Connection { totalCount, nodes: [{ __typename, field: { id, name, dataType }, name | text | number | date | title … }] }, first 20. */
  fieldValues?: Record<string, unknown>;
}

/**
 * A pull request.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface PullRequest {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  number?: number;
  title?: string;
  /** Markdown. */
  body?: string;
  /** OPEN, CLOSED or MERGED. */
  state?: string;
  isDraft?: boolean;
  merged?: boolean;
  mergedAt?: string | null;
  /** MERGEABLE, CONFLICTING or UNKNOWN. */
  mergeable?: string;
  /** APPROVED, CHANGES_REQUESTED or REVIEW_REQUIRED. */
  reviewDecision?: string | null;
  baseRefName?: string;
  headRefName?: string;
  additions?: number;
  deletions?: number;
  changedFiles?: number;
  url?: string;
  createdAt?: string;
  updatedAt?: string;
  closedAt?: string | null;
  author?: Record<string, unknown> | null;
  milestone?: Record<string, unknown> | null;
  /** Connection { totalCount, nodes: [{ login }] }, first 10. */
  assignees?: Record<string, unknown>;
  /** Connection { totalCount, nodes: [{ name, color }] }, first 20. */
  labels?: Record<string, unknown> | null;
}

/**
 * A release.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Release {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  name?: string | null;
  tagName?: string;
  /** Markdown. */
  description?: string | null;
  isDraft?: boolean;
  isPrerelease?: boolean;
  isLatest?: boolean;
  createdAt?: string;
  publishedAt?: string | null;
  url?: string;
  author?: Record<string, unknown> | null;
  tagCommit?: Record<string, unknown> | null;
  /** Connection { totalCount, nodes: [{ name, size, contentType, downloadUrl }] }, first 10. */
  releaseAssets?: Record<string, unknown>;
}

/**
 * A repository (repositories, org_repositories, viewer_repositories).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Repository {
  [key: string]: unknown;
  /** Global node id. */
  id?: string;
  /** Numeric id of the REST API. */
  databaseId?: number | null;
  name?: string;
  /** owner/name. */
  nameWithOwner?: string;
  /** { login } */
  owner?: Record<string, unknown>;
  description?: string | null;
  url?: string;
  homepageUrl?: string | null;
  sshUrl?: string;
  isPrivate?: boolean;
  isFork?: boolean;
  isArchived?: boolean;
  isTemplate?: boolean;
  /** PUBLIC, PRIVATE or INTERNAL. */
  visibility?: string;
  stargazerCount?: number;
  forkCount?: number;
  /** { name } */
  primaryLanguage?: Record<string, unknown> | null;
  /** { name }; null for an empty repository. */
  defaultBranchRef?: Record<string, unknown> | null;
  /** { spdxId, name } */
  licenseInfo?: Record<string, unknown> | null;
  createdAt?: string;
  updatedAt?: string;
  pushedAt?: string | null;
  /** Connection { totalCount, nodes: [{ topic: { name } }] }, first 20. */
  repositoryTopics?: Record<string, unknown>;
}

/**
 * A pull request review.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Review {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  /** PENDING, COMMENTED, APPROVED, CHANGES_REQUESTED or DISMISSED. */
  state?: string;
  body?: string;
  url?: string;
  authorAssociation?: string;
  createdAt?: string;
  submittedAt?: string | null;
  author?: Record<string, unknown> | null;
  /** { oid } of the reviewed commit. */
  commit?: Record<string, unknown> | null;
}

/**
 * A star on a repository: when, and the user (fields chosen by `fields`) under node.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Stargazer {
  [key: string]: unknown;
  starredAt: string;
  node: User;
}

/**
 * A tag (a Git ref under refs/tags/).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Tag {
  [key: string]: unknown;
  id?: string;
  /** Tag name without refs/tags/. */
  name?: string;
  /** refs/tags/ */
  prefix?: string;
  /** The tagged object: a commit { oid, committedDate, messageHeadline, author }, or an annotated tag { oid, name, message, tagger, target: { oid } }. */
  target?: Record<string, unknown> | null;
}

/**
 * A team of an organization.
 *
 * Unknown keys the vendor adds are kept.
 */
export interface Team {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  name?: string;
  slug?: string;
  /** org/slug. */
  combinedSlug?: string;
  description?: string | null;
  /** SECRET or VISIBLE. */
  privacy?: string;
  url?: string;
  createdAt?: string;
  updatedAt?: string;
  parentTeam?: Record<string, unknown> | null;
  /** { totalCount } */
  members?: Record<string, unknown>;
}

/**
 * A user (users, viewer, and the node of a stargazer).
 *
 * Unknown keys the vendor adds are kept.
 */
export interface User {
  [key: string]: unknown;
  id?: string;
  databaseId?: number | null;
  login?: string;
  name?: string | null;
  company?: string | null;
  bio?: string | null;
  location?: string | null;
  /** Public email, or an empty string when the user shows none. */
  email?: string;
  url?: string;
  websiteUrl?: string | null;
  avatarUrl?: string;
  twitterUsername?: string | null;
  isHireable?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** { totalCount } */
  followers?: Record<string, unknown>;
  /** { totalCount } */
  following?: Record<string, unknown>;
}

/** Meta of actions that return no pagination members. */
export type EmptyMeta = Record<string, never>;

/** What the file server said about a download. */
export interface DownloadMeta {
  content_type: string | null;
  content_length: number | null;
  file_name: string | null;
}

/** Parameters of branches.list. */
export interface BranchesListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, name, prefix, target, branchProtectionRule). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'prefix' | 'target' | 'branchProtectionRule'>;
}

/** Meta of branches.list. */
export interface BranchesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of branches.get. */
export interface BranchesGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Branch name (main), sent as refs/heads/<branch>. */
  branch: string;
  /** Fields to select, any of the listed names (default: id, name, prefix, target, branchProtectionRule). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'prefix' | 'target' | 'branchProtectionRule'>;
}

/** Parameters of comments.list. */
export interface CommentsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Issue number. (≤ 2147483647) */
  number: number;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, body, url, authorAssociation, isMinimized, minimizedReason, createdAt, updatedAt, lastEditedAt, author). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'body'
    | 'url'
    | 'authorAssociation'
    | 'isMinimized'
    | 'minimizedReason'
    | 'createdAt'
    | 'updatedAt'
    | 'lastEditedAt'
    | 'author'
  >;
}

/** Meta of comments.list. */
export interface CommentsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of comments.get. */
export interface CommentsGetParams {
  /** Node id of the comment (IC_…), the `id` comments.list returns. */
  id: string;
  /** Fields to select, any of the listed names (default: id, databaseId, body, url, authorAssociation, isMinimized, minimizedReason, createdAt, updatedAt, lastEditedAt, author). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'body'
    | 'url'
    | 'authorAssociation'
    | 'isMinimized'
    | 'minimizedReason'
    | 'createdAt'
    | 'updatedAt'
    | 'lastEditedAt'
    | 'author'
  >;
}

/** Parameters of commits.list. */
export interface CommitsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, oid, abbreviatedOid, messageHeadline, message, committedDate, authoredDate, url, additions, deletions, changedFilesIfAvailable, author, committer). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'oid'
    | 'abbreviatedOid'
    | 'messageHeadline'
    | 'message'
    | 'committedDate'
    | 'authoredDate'
    | 'url'
    | 'additions'
    | 'deletions'
    | 'changedFilesIfAvailable'
    | 'author'
    | 'committer'
    | 'parents'
  >;
}

/** Meta of commits.list. */
export interface CommitsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of commits.get. */
export interface CommitsGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Commit SHA, full (40 characters) or abbreviated. */
  sha: string;
  /** Fields to select, any of the listed names (default: id, oid, abbreviatedOid, messageHeadline, message, committedDate, authoredDate, url, additions, deletions, changedFilesIfAvailable, author, committer). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'oid'
    | 'abbreviatedOid'
    | 'messageHeadline'
    | 'message'
    | 'committedDate'
    | 'authoredDate'
    | 'url'
    | 'additions'
    | 'deletions'
    | 'changedFilesIfAvailable'
    | 'author'
    | 'committer'
    | 'parents'
  >;
}

/** Parameters of issues.list. */
export interface IssuesListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Only issues in these states (default both). */
  states?: Array<'OPEN' | 'CLOSED'>;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, stateReason, url, locked, createdAt, updatedAt, closedAt, author, milestone, comments). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'stateReason'
    | 'url'
    | 'locked'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'comments'
    | 'assignees'
    | 'labels'
  >;
}

/** Meta of issues.list. */
export interface IssuesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of issues.get. */
export interface IssuesGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Issue number. (≤ 2147483647) */
  number: number;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, stateReason, url, locked, createdAt, updatedAt, closedAt, author, milestone, comments). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'stateReason'
    | 'url'
    | 'locked'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'comments'
    | 'assignees'
    | 'labels'
  >;
}

/** Parameters of issues.api_search. */
export interface IssuesApiSearchParams {
  /** Issue search query (GitHub syntax, e.g. `repo:octo/app is:issue is:open label:bug`). */
  query: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, stateReason, url, locked, createdAt, updatedAt, closedAt, author, milestone, comments). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'stateReason'
    | 'url'
    | 'locked'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'comments'
    | 'assignees'
    | 'labels'
  >;
}

/** Meta of issues.api_search. */
export interface IssuesApiSearchMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of labels.list. */
export interface LabelsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, name, color, description, isDefault, url, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'color' | 'description' | 'isDefault' | 'url' | 'createdAt' | 'updatedAt'>;
}

/** Meta of labels.list. */
export interface LabelsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of labels.get. */
export interface LabelsGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Label name (bug). */
  name: string;
  /** Fields to select, any of the listed names (default: id, name, color, description, isDefault, url, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'color' | 'description' | 'isDefault' | 'url' | 'createdAt' | 'updatedAt'>;
}

/** Parameters of milestones.list. */
export interface MilestonesListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Only milestones in these states (default both). */
  states?: Array<'OPEN' | 'CLOSED'>;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, number, title, description, state, closed, dueOn, closedAt, progressPercentage, url, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'number'
    | 'title'
    | 'description'
    | 'state'
    | 'closed'
    | 'dueOn'
    | 'closedAt'
    | 'progressPercentage'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
  >;
}

/** Meta of milestones.list. */
export interface MilestonesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of milestones.get. */
export interface MilestonesGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Milestone number. (≤ 2147483647) */
  number: number;
  /** Fields to select, any of the listed names (default: id, number, title, description, state, closed, dueOn, closedAt, progressPercentage, url, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'number'
    | 'title'
    | 'description'
    | 'state'
    | 'closed'
    | 'dueOn'
    | 'closedAt'
    | 'progressPercentage'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
  >;
}

/** Parameters of org_repositories.list. */
export interface OrgRepositoriesListParams {
  /** Login of the organization. */
  org: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, nameWithOwner, owner, description, url, homepageUrl, sshUrl, isPrivate, isFork, isArchived, isTemplate, visibility, stargazerCount, forkCount, primaryLanguage, defaultBranchRef, licenseInfo, createdAt, updatedAt, pushedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'nameWithOwner'
    | 'owner'
    | 'description'
    | 'url'
    | 'homepageUrl'
    | 'sshUrl'
    | 'isPrivate'
    | 'isFork'
    | 'isArchived'
    | 'isTemplate'
    | 'visibility'
    | 'stargazerCount'
    | 'forkCount'
    | 'primaryLanguage'
    | 'defaultBranchRef'
    | 'licenseInfo'
    | 'createdAt'
    | 'updatedAt'
    | 'pushedAt'
    | 'repositoryTopics'
  >;
}

/** Meta of org_repositories.list. */
export interface OrgRepositoriesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of organizations.list. */
export interface OrganizationsListParams {
  /** Login of the user. */
  username: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, description, email, location, url, websiteUrl, avatarUrl, twitterUsername, isVerified, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'description'
    | 'email'
    | 'location'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isVerified'
    | 'createdAt'
    | 'updatedAt'
  >;
}

/** Meta of organizations.list. */
export interface OrganizationsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of organizations.get. */
export interface OrganizationsGetParams {
  /** Login of the organization. */
  org: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, description, email, location, url, websiteUrl, avatarUrl, twitterUsername, isVerified, createdAt, updatedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'description'
    | 'email'
    | 'location'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isVerified'
    | 'createdAt'
    | 'updatedAt'
  >;
}

/** Parameters of pr_comments.list. */
export interface PrCommentsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Pull request number. (≤ 2147483647) */
  number: number;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, body, url, authorAssociation, isMinimized, minimizedReason, createdAt, updatedAt, lastEditedAt, author). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'body'
    | 'url'
    | 'authorAssociation'
    | 'isMinimized'
    | 'minimizedReason'
    | 'createdAt'
    | 'updatedAt'
    | 'lastEditedAt'
    | 'author'
  >;
}

/** Meta of pr_comments.list. */
export interface PrCommentsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of pr_comments.get. */
export interface PrCommentsGetParams {
  /** Node id of the comment (IC_…), the `id` pr_comments.list returns. */
  id: string;
  /** Fields to select, any of the listed names (default: id, databaseId, body, url, authorAssociation, isMinimized, minimizedReason, createdAt, updatedAt, lastEditedAt, author). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'body'
    | 'url'
    | 'authorAssociation'
    | 'isMinimized'
    | 'minimizedReason'
    | 'createdAt'
    | 'updatedAt'
    | 'lastEditedAt'
    | 'author'
  >;
}

/** Parameters of project_items.list. */
export interface ProjectItemsListParams {
  /** Login of the organization. */
  org: string;
  /** Project number (from the project's URL). (≤ 2147483647) */
  project_number: number;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, type, isArchived, createdAt, updatedAt, creator, content). Unknown names are refused before any request. */
  fields?: Array<'id' | 'type' | 'isArchived' | 'createdAt' | 'updatedAt' | 'creator' | 'content' | 'fieldValues'>;
}

/** Meta of project_items.list. */
export interface ProjectItemsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of projects.list. */
export interface ProjectsListParams {
  /** Login of the organization. */
  org: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, number, title, shortDescription, readme, public, closed, closedAt, url, createdAt, updatedAt, creator, items). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'number'
    | 'title'
    | 'shortDescription'
    | 'readme'
    | 'public'
    | 'closed'
    | 'closedAt'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'creator'
    | 'items'
    | 'fields'
  >;
}

/** Meta of projects.list. */
export interface ProjectsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of projects.get. */
export interface ProjectsGetParams {
  /** Login of the organization. */
  org: string;
  /** Project number (from the project's URL). (≤ 2147483647) */
  project_number: number;
  /** Fields to select, any of the listed names (default: id, number, title, shortDescription, readme, public, closed, closedAt, url, createdAt, updatedAt, creator, items). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'number'
    | 'title'
    | 'shortDescription'
    | 'readme'
    | 'public'
    | 'closed'
    | 'closedAt'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'creator'
    | 'items'
    | 'fields'
  >;
}

/** Parameters of pull_requests.list. */
export interface PullRequestsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Only pull requests in these states (default all three). */
  states?: Array<'OPEN' | 'CLOSED' | 'MERGED'>;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, isDraft, merged, mergedAt, mergeable, reviewDecision, baseRefName, headRefName, additions, deletions, changedFiles, url, createdAt, updatedAt, closedAt, author, milestone). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'isDraft'
    | 'merged'
    | 'mergedAt'
    | 'mergeable'
    | 'reviewDecision'
    | 'baseRefName'
    | 'headRefName'
    | 'additions'
    | 'deletions'
    | 'changedFiles'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'assignees'
    | 'labels'
  >;
}

/** Meta of pull_requests.list. */
export interface PullRequestsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of pull_requests.get. */
export interface PullRequestsGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Pull request number. (≤ 2147483647) */
  number: number;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, isDraft, merged, mergedAt, mergeable, reviewDecision, baseRefName, headRefName, additions, deletions, changedFiles, url, createdAt, updatedAt, closedAt, author, milestone). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'isDraft'
    | 'merged'
    | 'mergedAt'
    | 'mergeable'
    | 'reviewDecision'
    | 'baseRefName'
    | 'headRefName'
    | 'additions'
    | 'deletions'
    | 'changedFiles'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'assignees'
    | 'labels'
  >;
}

/** Parameters of pull_requests.api_search. */
export interface PullRequestsApiSearchParams {
  /** Pull request search query (GitHub syntax, e.g. `repo:octo/app is:pr is:merged`). */
  query: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, number, title, body, state, isDraft, merged, mergedAt, mergeable, reviewDecision, baseRefName, headRefName, additions, deletions, changedFiles, url, createdAt, updatedAt, closedAt, author, milestone). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'number'
    | 'title'
    | 'body'
    | 'state'
    | 'isDraft'
    | 'merged'
    | 'mergedAt'
    | 'mergeable'
    | 'reviewDecision'
    | 'baseRefName'
    | 'headRefName'
    | 'additions'
    | 'deletions'
    | 'changedFiles'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'closedAt'
    | 'author'
    | 'milestone'
    | 'assignees'
    | 'labels'
  >;
}

/** Meta of pull_requests.api_search. */
export interface PullRequestsApiSearchMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of releases.list. */
export interface ReleasesListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, tagName, description, isDraft, isPrerelease, isLatest, createdAt, publishedAt, url, author, tagCommit). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'tagName'
    | 'description'
    | 'isDraft'
    | 'isPrerelease'
    | 'isLatest'
    | 'createdAt'
    | 'publishedAt'
    | 'url'
    | 'author'
    | 'tagCommit'
    | 'releaseAssets'
  >;
}

/** Meta of releases.list. */
export interface ReleasesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of releases.get. */
export interface ReleasesGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Tag name of the release (v1.2.0). */
  tag: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, tagName, description, isDraft, isPrerelease, isLatest, createdAt, publishedAt, url, author, tagCommit). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'tagName'
    | 'description'
    | 'isDraft'
    | 'isPrerelease'
    | 'isLatest'
    | 'createdAt'
    | 'publishedAt'
    | 'url'
    | 'author'
    | 'tagCommit'
    | 'releaseAssets'
  >;
}

/** Parameters of repositories.list. */
export interface RepositoriesListParams {
  /** Login of the user. */
  username: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, nameWithOwner, owner, description, url, homepageUrl, sshUrl, isPrivate, isFork, isArchived, isTemplate, visibility, stargazerCount, forkCount, primaryLanguage, defaultBranchRef, licenseInfo, createdAt, updatedAt, pushedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'nameWithOwner'
    | 'owner'
    | 'description'
    | 'url'
    | 'homepageUrl'
    | 'sshUrl'
    | 'isPrivate'
    | 'isFork'
    | 'isArchived'
    | 'isTemplate'
    | 'visibility'
    | 'stargazerCount'
    | 'forkCount'
    | 'primaryLanguage'
    | 'defaultBranchRef'
    | 'licenseInfo'
    | 'createdAt'
    | 'updatedAt'
    | 'pushedAt'
    | 'repositoryTopics'
  >;
}

/** Meta of repositories.list. */
export interface RepositoriesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of repositories.get. */
export interface RepositoriesGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, nameWithOwner, owner, description, url, homepageUrl, sshUrl, isPrivate, isFork, isArchived, isTemplate, visibility, stargazerCount, forkCount, primaryLanguage, defaultBranchRef, licenseInfo, createdAt, updatedAt, pushedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'nameWithOwner'
    | 'owner'
    | 'description'
    | 'url'
    | 'homepageUrl'
    | 'sshUrl'
    | 'isPrivate'
    | 'isFork'
    | 'isArchived'
    | 'isTemplate'
    | 'visibility'
    | 'stargazerCount'
    | 'forkCount'
    | 'primaryLanguage'
    | 'defaultBranchRef'
    | 'licenseInfo'
    | 'createdAt'
    | 'updatedAt'
    | 'pushedAt'
    | 'repositoryTopics'
  >;
}

/** Parameters of repositories.api_search. */
export interface RepositoriesApiSearchParams {
  /** Repository search query (GitHub syntax, e.g. `topic:graphql stars:>100 language:go`). */
  query: string;
  /** Results per page (1–100; default 30). GitHub's search reaches the first 1,000 results. (≥ 1; ≤ 100; default `30`) */
  limit?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, nameWithOwner, owner, description, url, homepageUrl, sshUrl, isPrivate, isFork, isArchived, isTemplate, visibility, stargazerCount, forkCount, primaryLanguage, defaultBranchRef, licenseInfo, createdAt, updatedAt, pushedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'nameWithOwner'
    | 'owner'
    | 'description'
    | 'url'
    | 'homepageUrl'
    | 'sshUrl'
    | 'isPrivate'
    | 'isFork'
    | 'isArchived'
    | 'isTemplate'
    | 'visibility'
    | 'stargazerCount'
    | 'forkCount'
    | 'primaryLanguage'
    | 'defaultBranchRef'
    | 'licenseInfo'
    | 'createdAt'
    | 'updatedAt'
    | 'pushedAt'
    | 'repositoryTopics'
  >;
}

/** Meta of repositories.api_search. */
export interface RepositoriesApiSearchMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of reviews.list. */
export interface ReviewsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Pull request number. (≤ 2147483647) */
  number: number;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, state, body, url, authorAssociation, createdAt, submittedAt, author, commit). Unknown names are refused before any request. */
  fields?: Array<'id' | 'databaseId' | 'state' | 'body' | 'url' | 'authorAssociation' | 'createdAt' | 'submittedAt' | 'author' | 'commit'>;
}

/** Meta of reviews.list. */
export interface ReviewsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of stargazers.list. */
export interface StargazersListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, company, bio, location, email, url, websiteUrl, avatarUrl, twitterUsername, isHireable, createdAt, updatedAt, followers, following). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'company'
    | 'bio'
    | 'location'
    | 'email'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isHireable'
    | 'createdAt'
    | 'updatedAt'
    | 'followers'
    | 'following'
  >;
}

/** Meta of stargazers.list. */
export interface StargazersListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of tags.list. */
export interface TagsListParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, name, prefix, target). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'prefix' | 'target'>;
}

/** Meta of tags.list. */
export interface TagsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of tags.get. */
export interface TagsGetParams {
  /** Login of the user or organization that owns the repository. */
  owner: string;
  /** Repository name (without the owner). */
  repo: string;
  /** Tag name (v1.2.0), sent as refs/tags/<tag>. */
  tag: string;
  /** Fields to select, any of the listed names (default: id, name, prefix, target). Unknown names are refused before any request. */
  fields?: Array<'id' | 'name' | 'prefix' | 'target'>;
}

/** Parameters of teams.list. */
export interface TeamsListParams {
  /** Login of the organization. */
  org: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, slug, combinedSlug, description, privacy, url, createdAt, updatedAt, parentTeam, members). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'slug'
    | 'combinedSlug'
    | 'description'
    | 'privacy'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'parentTeam'
    | 'members'
  >;
}

/** Meta of teams.list. */
export interface TeamsListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of teams.get. */
export interface TeamsGetParams {
  /** Login of the organization. */
  org: string;
  /** Team slug (platform-team). */
  team_slug: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, slug, combinedSlug, description, privacy, url, createdAt, updatedAt, parentTeam, members). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'slug'
    | 'combinedSlug'
    | 'description'
    | 'privacy'
    | 'url'
    | 'createdAt'
    | 'updatedAt'
    | 'parentTeam'
    | 'members'
  >;
}

/** Parameters of users.list. */
export interface UsersListParams {
  /** Login of the organization. */
  org: string;
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, company, bio, location, email, url, websiteUrl, avatarUrl, twitterUsername, isHireable, createdAt, updatedAt, followers, following). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'company'
    | 'bio'
    | 'location'
    | 'email'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isHireable'
    | 'createdAt'
    | 'updatedAt'
    | 'followers'
    | 'following'
  >;
}

/** Meta of users.list. */
export interface UsersListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of users.get. */
export interface UsersGetParams {
  /** Login of the user. */
  username: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, company, bio, location, email, url, websiteUrl, avatarUrl, twitterUsername, isHireable, createdAt, updatedAt, followers, following). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'company'
    | 'bio'
    | 'location'
    | 'email'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isHireable'
    | 'createdAt'
    | 'updatedAt'
    | 'followers'
    | 'following'
  >;
}

/** Parameters of users.api_search. */
export interface UsersApiSearchParams {
  /** User search query (GitHub syntax, e.g. `location:berlin followers:>100 type:user`). */
  query: string;
  /** Results per page (1–100; default 30). GitHub's search reaches the first 1,000 results. (≥ 1; ≤ 100; default `30`) */
  limit?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, company, bio, location, email, url, websiteUrl, avatarUrl, twitterUsername, isHireable, createdAt, updatedAt, followers, following). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'company'
    | 'bio'
    | 'location'
    | 'email'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isHireable'
    | 'createdAt'
    | 'updatedAt'
    | 'followers'
    | 'following'
  >;
}

/** Meta of users.api_search. */
export interface UsersApiSearchMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Parameters of viewer.get. */
export interface ViewerGetParams {
  /** Fields to select, any of the listed names (default: id, databaseId, login, name, company, bio, location, email, url, websiteUrl, avatarUrl, twitterUsername, isHireable, createdAt, updatedAt, followers, following). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'login'
    | 'name'
    | 'company'
    | 'bio'
    | 'location'
    | 'email'
    | 'url'
    | 'websiteUrl'
    | 'avatarUrl'
    | 'twitterUsername'
    | 'isHireable'
    | 'createdAt'
    | 'updatedAt'
    | 'followers'
    | 'following'
  >;
}

/** Parameters of viewer_repositories.list. */
export interface ViewerRepositoriesListParams {
  /** Records per page (1–100, GitHub's maximum per connection; default 30). (≥ 1; ≤ 100; default `30`) */
  per_page?: number;
  /** Cursor from the previous page's `meta.endCursor`; omit for the first page. */
  after?: string;
  /** Fields to select, any of the listed names (default: id, databaseId, name, nameWithOwner, owner, description, url, homepageUrl, sshUrl, isPrivate, isFork, isArchived, isTemplate, visibility, stargazerCount, forkCount, primaryLanguage, defaultBranchRef, licenseInfo, createdAt, updatedAt, pushedAt). Unknown names are refused before any request. */
  fields?: Array<
    | 'id'
    | 'databaseId'
    | 'name'
    | 'nameWithOwner'
    | 'owner'
    | 'description'
    | 'url'
    | 'homepageUrl'
    | 'sshUrl'
    | 'isPrivate'
    | 'isFork'
    | 'isArchived'
    | 'isTemplate'
    | 'visibility'
    | 'stargazerCount'
    | 'forkCount'
    | 'primaryLanguage'
    | 'defaultBranchRef'
    | 'licenseInfo'
    | 'createdAt'
    | 'updatedAt'
    | 'pushedAt'
    | 'repositoryTopics'
  >;
}

/** Meta of viewer_repositories.list. */
export interface ViewerRepositoriesListMeta {
  endCursor: string | null;
  hasNextPage: boolean;
}

/** Credentials, one of: Token. */
export type CodeHostingConnectorAuth = { /** GitHub token (ghp_…, github_pat_…, gho_…, ghu_… or ghs_…). */ token: string };
/** Config variables used to build the base URL. */
export type CodeHostingConnectorConfig = Record<string, never>;
/** entity → action → parameters and result, for the typed `execute`. */
export type CodeHostingConnectorOperations = {
  branches: {
    list: { params: BranchesListParams; result: ExecuteResult<Branch[], BranchesListMeta> };
    get: { params: BranchesGetParams; result: ExecuteResult<Branch, EmptyMeta> };
  };
  comments: {
    list: { params: CommentsListParams; result: ExecuteResult<Comment[], CommentsListMeta> };
    get: { params: CommentsGetParams; result: ExecuteResult<Comment, EmptyMeta> };
  };
  commits: {
    list: { params: CommitsListParams; result: ExecuteResult<Commit[], CommitsListMeta> };
    get: { params: CommitsGetParams; result: ExecuteResult<Commit, EmptyMeta> };
  };
  issues: {
    list: { params: IssuesListParams; result: ExecuteResult<Issue[], IssuesListMeta> };
    get: { params: IssuesGetParams; result: ExecuteResult<Issue, EmptyMeta> };
    api_search: { params: IssuesApiSearchParams; result: ExecuteResult<Issue[], IssuesApiSearchMeta> };
  };
  labels: {
    list: { params: LabelsListParams; result: ExecuteResult<Label[], LabelsListMeta> };
    get: { params: LabelsGetParams; result: ExecuteResult<Label, EmptyMeta> };
  };
  milestones: {
    list: { params: MilestonesListParams; result: ExecuteResult<Milestone[], MilestonesListMeta> };
    get: { params: MilestonesGetParams; result: ExecuteResult<Milestone, EmptyMeta> };
  };
  org_repositories: {
    list: { params: OrgRepositoriesListParams; result: ExecuteResult<Repository[], OrgRepositoriesListMeta> };
  };
  organizations: {
    list: { params: OrganizationsListParams; result: ExecuteResult<Organization[], OrganizationsListMeta> };
    get: { params: OrganizationsGetParams; result: ExecuteResult<Organization, EmptyMeta> };
  };
  pr_comments: {
    list: { params: PrCommentsListParams; result: ExecuteResult<Comment[], PrCommentsListMeta> };
    get: { params: PrCommentsGetParams; result: ExecuteResult<Comment, EmptyMeta> };
  };
  project_items: {
    list: { params: ProjectItemsListParams; result: ExecuteResult<ProjectItem[], ProjectItemsListMeta> };
  };
  projects: {
    list: { params: ProjectsListParams; result: ExecuteResult<Project[], ProjectsListMeta> };
    get: { params: ProjectsGetParams; result: ExecuteResult<Project, EmptyMeta> };
  };
  pull_requests: {
    list: { params: PullRequestsListParams; result: ExecuteResult<PullRequest[], PullRequestsListMeta> };
    get: { params: PullRequestsGetParams; result: ExecuteResult<PullRequest, EmptyMeta> };
    api_search: { params: PullRequestsApiSearchParams; result: ExecuteResult<PullRequest[], PullRequestsApiSearchMeta> };
  };
  releases: {
    list: { params: ReleasesListParams; result: ExecuteResult<Release[], ReleasesListMeta> };
    get: { params: ReleasesGetParams; result: ExecuteResult<Release, EmptyMeta> };
  };
  repositories: {
    list: { params: RepositoriesListParams; result: ExecuteResult<Repository[], RepositoriesListMeta> };
    get: { params: RepositoriesGetParams; result: ExecuteResult<Repository, EmptyMeta> };
    api_search: { params: RepositoriesApiSearchParams; result: ExecuteResult<Repository[], RepositoriesApiSearchMeta> };
  };
  reviews: {
    list: { params: ReviewsListParams; result: ExecuteResult<Review[], ReviewsListMeta> };
  };
  stargazers: {
    list: { params: StargazersListParams; result: ExecuteResult<Stargazer[], StargazersListMeta> };
  };
  tags: {
    list: { params: TagsListParams; result: ExecuteResult<Tag[], TagsListMeta> };
    get: { params: TagsGetParams; result: ExecuteResult<Tag, EmptyMeta> };
  };
  teams: {
    list: { params: TeamsListParams; result: ExecuteResult<Team[], TeamsListMeta> };
    get: { params: TeamsGetParams; result: ExecuteResult<Team, EmptyMeta> };
  };
  users: {
    list: { params: UsersListParams; result: ExecuteResult<User[], UsersListMeta> };
    get: { params: UsersGetParams; result: ExecuteResult<User, EmptyMeta> };
    api_search: { params: UsersApiSearchParams; result: ExecuteResult<User[], UsersApiSearchMeta> };
  };
  viewer: {
    get: { params: ViewerGetParams | undefined; result: ExecuteResult<User, EmptyMeta> };
  };
  viewer_repositories: {
    list: { params: ViewerRepositoriesListParams | undefined; result: ExecuteResult<Repository[], ViewerRepositoriesListMeta> };
  };
};
