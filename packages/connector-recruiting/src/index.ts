// Generated from specs/recruiting.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
/** @switchyard/connector-recruiting: the Recruiting connector (Greenhouse Harvest API (v1 with an API key, v3 with OAuth client credentials)). */
export {
  RecruitingConnector,
  ApplicationAttachmentResource,
  ApplicationsResource,
  CandidateAttachmentResource,
  CandidatesResource,
  DepartmentsResource,
  JobPostsResource,
  JobsResource,
  OffersResource,
  OfficesResource,
  ScheduledInterviewsResource,
  SourcesResource,
  UsersResource,
} from './client.js';
export type { RecruitingConnectorOptions } from './client.js';
export type * from './types.js';
export { metadata } from './metadata.js';
export { paramSchemas, recordSchemas, searchableFields, replicationSchema, configSchema, credentialKinds } from './schemas.js';
export * from '@switchyard/runtime';
