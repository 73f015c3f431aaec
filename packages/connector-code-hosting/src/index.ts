// Generated from specs/code-hosting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-code-hosting: the Code Hosting connector (GitHub GraphQL API). */
export {
  CodeHostingConnector,
  BranchesResource,
  CommentsResource,
  CommitsResource,
  IssuesResource,
  LabelsResource,
  MilestonesResource,
  OrgRepositoriesResource,
  OrganizationsResource,
  PrCommentsResource,
  ProjectItemsResource,
  ProjectsResource,
  PullRequestsResource,
  ReleasesResource,
  RepositoriesResource,
  ReviewsResource,
  StargazersResource,
  TagsResource,
  TeamsResource,
  UsersResource,
  ViewerResource,
  ViewerRepositoriesResource,
} from './client.js';
export type { CodeHostingConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
