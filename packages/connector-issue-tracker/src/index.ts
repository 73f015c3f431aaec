// Generated from specs/issue-tracker.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-issue-tracker: the Issue Tracker connector (Linear GraphQL API). */
export { IssueTrackerConnector, CommentsResource, IssuesResource, ProjectsResource, TeamsResource, UsersResource } from './client.js';
export type { IssueTrackerConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
