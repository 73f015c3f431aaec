// Generated from specs/issue-tracker.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import type { ConnectorMetadata, ParamRules } from '@switchyard/runtime';

/** The standard parameters of every hosted search action: query, limit, cursor and fields. */
const searchParams: ParamRules = {
  query: {
    type: 'object',
    required: true,
    properties: {
      filter: { type: 'object', nullable: true },
      sort: { type: 'array', nullable: true, maxItems: 8, items: { type: 'object' } },
    },
    in: 'body',
  },
  limit: { type: 'integer', nullable: true, minimum: 1, maximum: 1000, default: 1000, in: 'body' },
  cursor: {
    type: 'string',
    nullable: true,
    maxLength: 16384,
    patternText: 'a next_cursor from a previous response',
    pattern: /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    in: 'body',
  },
  fields: { type: 'array', nullable: true, minItems: 1, maxItems: 100, items: { type: 'any' }, in: 'body' },
};
/** Everything the runtime needs to run this connector: requests, parameter rules, pagination, errors. */
export const metadata: ConnectorMetadata = deepFreeze<ConnectorMetadata>({
  name: 'issue-tracker',
  title: 'Issue Tracker',
  vendor: 'Linear GraphQL API',
  baseUrl: 'https://api.linear.app',
  config: {},
  auth: [
    {
      kind: 'header',
      description: "A personal API key (lin_api_…) from Linear's security settings, sent raw in Authorization.",
      fields: { api_key: { description: 'Personal API key (prefix lin_api_); sent without a scheme.', required: true, secret: true } },
      header: 'Authorization',
      value: '{api_key}',
      name: 'API key',
    },
    {
      kind: 'bearer',
      description: 'An OAuth 2.0 access token, sent as Bearer. Not refreshed; it fails once it expires.',
      fields: { access_token: { description: "OAuth 2.0 access token from Linear's token exchange.", required: true, secret: true } },
      token: '{access_token}',
      name: 'OAuth',
    },
    {
      clientAuth: 'body',
      bodyFormat: 'form',
      kind: 'oauth2',
      description:
        "An OAuth 2.0 access token with its refresh token and the app's client credentials; refreshed at Linear's token endpoint before it expires (Linear OAuth tokens expire since 2026-04-01).",
      fields: {
        access_token: { description: 'Current OAuth 2.0 access token.', required: true, secret: true },
        refresh_token: { description: 'OAuth 2.0 refresh token returned with the access token.', required: true, secret: true },
        client_id: { description: 'Client id of the Linear OAuth app.', required: true, secret: false },
        client_secret: { description: 'Client secret of the Linear OAuth app.', required: true, secret: true },
      },
      grant: 'refresh_token',
      tokenUrl: 'https://api.linear.app/oauth/token',
      accessToken: '{access_token}',
      refreshToken: '{refresh_token}',
      clientId: '{client_id}',
      clientSecret: '{client_secret}',
      name: 'OAuth (refreshable)',
    },
  ],
  bodyErrors: [
    {
      when: 'errors',
      nonEmpty: true,
      code: 'errors.0.extensions.code',
      message: 'errors.0.message',
      rateLimitCodes: ['RATELIMITED'],
      authCodes: ['AUTHENTICATION_ERROR'],
    },
  ],
  errorMessage: ['errors.0.message'],
  errorCode: ['errors.0.extensions.code'],
  rateLimit: { resetHeader: 'X-RateLimit-Requests-Reset', resetFormat: 'unix-ms' },
  actions: {
    comments: {
      list: {
        entity: 'comments',
        action: 'list',
        kind: 'list',
        description: 'Lists the comments of one issue, page by page.',
        idempotent: true,
        returnsList: true,
        params: {
          issueId: { type: 'string', required: true, in: 'variables' },
          first: { type: 'integer', maximum: 250, default: 50, in: 'variables' },
          after: { type: 'string', in: 'variables' },
        },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query CommentsList($issueId: String!, $first: Int, $after: String) {\n  issue(id: $issueId) {\n    comments(first: $first, after: $after) {\n      nodes { ...CommentFields }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n}\n\nfragment CommentFields on Comment {\n  id\n  body\n  bodyData\n  issueId\n  parentId\n  resolvingCommentId\n  url\n  createdAt\n  updatedAt\n  editedAt\n  issue { id identifier }\n  parent { id }\n  user { id name }\n  resolvingUser { id name }\n}',
            operationName: 'CommentsList',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.issue.comments.nodes',
          derive: { parentCommentId: 'parent.id', userId: 'user.id', resolvingUserId: 'resolvingUser.id' },
        },
        pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.issue.comments.pageInfo', metaMember: 'endCursor' },
        meta: { endCursor: '$next', hasNextPage: 'data.issue.comments.pageInfo.hasNextPage' },
        recordType: 'Comment',
      },
      get: {
        entity: 'comments',
        action: 'get',
        kind: 'get',
        description: 'Gets one comment by id.',
        idempotent: true,
        params: { id: { type: 'string', required: true, in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query CommentGet($id: String!) {\n  comment(id: $id) { ...CommentFields }\n}\n\nfragment CommentFields on Comment {\n  id\n  body\n  bodyData\n  issueId\n  parentId\n  resolvingCommentId\n  url\n  createdAt\n  updatedAt\n  editedAt\n  issue { id identifier }\n  parent { id }\n  user { id name }\n  resolvingUser { id name }\n}',
            operationName: 'CommentGet',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.comment',
          derive: { parentCommentId: 'parent.id', userId: 'user.id', resolvingUserId: 'resolvingUser.id' },
        },
        recordType: 'Comment',
      },
      create: {
        entity: 'comments',
        action: 'create',
        kind: 'create',
        description: 'Adds a comment to an issue.',
        idempotent: false,
        params: {
          issueId: { type: 'string', required: true, in: 'variables', as: 'input.issueId' },
          body: { type: 'string', required: true, in: 'variables', as: 'input.body' },
        },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'mutation CommentCreate($input: CommentCreateInput!) {\n  commentCreate(input: $input) {\n    success\n    comment { ...CommentFields }\n  }\n}\n\nfragment CommentFields on Comment {\n  id\n  body\n  bodyData\n  issueId\n  parentId\n  resolvingCommentId\n  url\n  createdAt\n  updatedAt\n  editedAt\n  issue { id identifier }\n  parent { id }\n  user { id name }\n  resolvingUser { id name }\n}',
            operationName: 'CommentCreate',
            operationType: 'mutation',
          },
        },
        response: {
          records: 'data.commentCreate.comment',
          success: 'data.commentCreate.success',
          derive: { parentCommentId: 'parent.id', userId: 'user.id', resolvingUserId: 'resolvingUser.id' },
        },
        recordType: 'Comment',
      },
      update: {
        entity: 'comments',
        action: 'update',
        kind: 'update',
        description: 'Replaces the text of a comment.',
        idempotent: false,
        params: {
          id: { type: 'string', required: true, in: 'variables' },
          body: { type: 'string', required: true, in: 'variables', as: 'input.body' },
        },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'mutation CommentUpdate($id: String!, $input: CommentUpdateInput!) {\n  commentUpdate(id: $id, input: $input) {\n    success\n    comment { ...CommentFields }\n  }\n}\n\nfragment CommentFields on Comment {\n  id\n  body\n  bodyData\n  issueId\n  parentId\n  resolvingCommentId\n  url\n  createdAt\n  updatedAt\n  editedAt\n  issue { id identifier }\n  parent { id }\n  user { id name }\n  resolvingUser { id name }\n}',
            operationName: 'CommentUpdate',
            operationType: 'mutation',
          },
        },
        response: {
          records: 'data.commentUpdate.comment',
          success: 'data.commentUpdate.success',
          derive: { parentCommentId: 'parent.id', userId: 'user.id', resolvingUserId: 'resolvingUser.id' },
        },
        recordType: 'Comment',
      },
      search: {
        entity: 'comments',
        action: 'search',
        kind: 'search',
        description: 'Searches the synced copy of comments (hosted mode only).',
        hostedOnly: true,
        idempotent: true,
        params: searchParams,
        meta: { next_cursor: 'next_cursor', took_ms: 'took_ms' },
      },
    },
    issues: {
      list: {
        entity: 'issues',
        action: 'list',
        kind: 'list',
        description: 'Lists the issues the credentials can see, page by page.',
        idempotent: true,
        returnsList: true,
        params: { first: { type: 'integer', maximum: 250, default: 50, in: 'variables' }, after: { type: 'string', in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query IssuesList($first: Int, $after: String) {\n  issues(first: $first, after: $after) {\n    nodes { ...IssueFields }\n    pageInfo { hasNextPage endCursor }\n  }\n}\n\nfragment IssueFields on Issue {\n  id\n  identifier\n  number\n  title\n  description\n  descriptionState\n  priority\n  priorityLabel\n  estimate\n  sortOrder\n  prioritySortOrder\n  subIssueSortOrder\n  branchName\n  url\n  dueDate\n  slaType\n  integrationSourceType\n  customerTicketCount\n  labelIds\n  previousIdentifiers\n  reactionData\n  createdAt\n  updatedAt\n  startedAt\n  completedAt\n  canceledAt\n  addedToCycleAt\n  addedToProjectAt\n  addedToTeamAt\n  assignee { id name }\n  creator { id name }\n  cycle { id number name }\n  parent { id identifier }\n  project { id name }\n  projectMilestone { id name }\n  state { id name type }\n  team { id key name }\n  sourceComment { id }\n}',
            operationName: 'IssuesList',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.issues.nodes',
          derive: {
            assigneeId: 'assignee.id',
            creatorId: 'creator.id',
            cycleId: 'cycle.id',
            parentId: 'parent.id',
            projectId: 'project.id',
            milestoneId: 'projectMilestone.id',
            sourceCommentId: 'sourceComment.id',
            stateId: 'state.id',
            teamId: 'team.id',
            attachmentIds: 'attachments.nodes[].id',
            relationIds: 'relations.nodes[].id',
            subscriberIds: 'subscribers.nodes[].id',
          },
        },
        pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.issues.pageInfo', metaMember: 'endCursor' },
        meta: { endCursor: '$next', hasNextPage: 'data.issues.pageInfo.hasNextPage' },
        recordType: 'Issue',
      },
      get: {
        entity: 'issues',
        action: 'get',
        kind: 'get',
        description: 'Gets one issue by UUID or by identifier (ENG-123).',
        idempotent: true,
        params: { id: { type: 'string', required: true, in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query IssueGet($id: String!) {\n  issue(id: $id) { ...IssueFields ...IssueConnections }\n}\n\nfragment IssueConnections on Issue {\n  attachments(first: 10) { nodes { id title url } }\n  labels(first: 10) { nodes { id name } }\n  relations(first: 10) { nodes { id type relatedIssue { id identifier } } }\n  subscribers(first: 10) { nodes { id name } }\n}\n\nfragment IssueFields on Issue {\n  id\n  identifier\n  number\n  title\n  description\n  descriptionState\n  priority\n  priorityLabel\n  estimate\n  sortOrder\n  prioritySortOrder\n  subIssueSortOrder\n  branchName\n  url\n  dueDate\n  slaType\n  integrationSourceType\n  customerTicketCount\n  labelIds\n  previousIdentifiers\n  reactionData\n  createdAt\n  updatedAt\n  startedAt\n  completedAt\n  canceledAt\n  addedToCycleAt\n  addedToProjectAt\n  addedToTeamAt\n  assignee { id name }\n  creator { id name }\n  cycle { id number name }\n  parent { id identifier }\n  project { id name }\n  projectMilestone { id name }\n  state { id name type }\n  team { id key name }\n  sourceComment { id }\n}',
            operationName: 'IssueGet',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.issue',
          derive: {
            assigneeId: 'assignee.id',
            creatorId: 'creator.id',
            cycleId: 'cycle.id',
            parentId: 'parent.id',
            projectId: 'project.id',
            milestoneId: 'projectMilestone.id',
            sourceCommentId: 'sourceComment.id',
            stateId: 'state.id',
            teamId: 'team.id',
            attachmentIds: 'attachments.nodes[].id',
            relationIds: 'relations.nodes[].id',
            subscriberIds: 'subscribers.nodes[].id',
          },
        },
        recordType: 'Issue',
      },
      create: {
        entity: 'issues',
        action: 'create',
        kind: 'create',
        description: 'Creates an issue in a team.',
        idempotent: false,
        params: {
          teamId: { type: 'string', required: true, in: 'variables', as: 'input.teamId' },
          title: { type: 'string', required: true, in: 'variables', as: 'input.title' },
          description: { type: 'string', in: 'variables', as: 'input.description' },
          stateId: { type: 'string', in: 'variables', as: 'input.stateId' },
          priority: { type: 'integer', minimum: 0, maximum: 4, in: 'variables', as: 'input.priority' },
        },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'mutation IssueCreate($input: IssueCreateInput!) {\n  issueCreate(input: $input) {\n    success\n    issue { ...IssueFields ...IssueConnections }\n  }\n}\n\nfragment IssueConnections on Issue {\n  attachments(first: 10) { nodes { id title url } }\n  labels(first: 10) { nodes { id name } }\n  relations(first: 10) { nodes { id type relatedIssue { id identifier } } }\n  subscribers(first: 10) { nodes { id name } }\n}\n\nfragment IssueFields on Issue {\n  id\n  identifier\n  number\n  title\n  description\n  descriptionState\n  priority\n  priorityLabel\n  estimate\n  sortOrder\n  prioritySortOrder\n  subIssueSortOrder\n  branchName\n  url\n  dueDate\n  slaType\n  integrationSourceType\n  customerTicketCount\n  labelIds\n  previousIdentifiers\n  reactionData\n  createdAt\n  updatedAt\n  startedAt\n  completedAt\n  canceledAt\n  addedToCycleAt\n  addedToProjectAt\n  addedToTeamAt\n  assignee { id name }\n  creator { id name }\n  cycle { id number name }\n  parent { id identifier }\n  project { id name }\n  projectMilestone { id name }\n  state { id name type }\n  team { id key name }\n  sourceComment { id }\n}',
            operationName: 'IssueCreate',
            operationType: 'mutation',
          },
        },
        response: {
          records: 'data.issueCreate.issue',
          success: 'data.issueCreate.success',
          derive: {
            assigneeId: 'assignee.id',
            creatorId: 'creator.id',
            cycleId: 'cycle.id',
            parentId: 'parent.id',
            projectId: 'project.id',
            milestoneId: 'projectMilestone.id',
            sourceCommentId: 'sourceComment.id',
            stateId: 'state.id',
            teamId: 'team.id',
            attachmentIds: 'attachments.nodes[].id',
            relationIds: 'relations.nodes[].id',
            subscriberIds: 'subscribers.nodes[].id',
          },
        },
        recordType: 'Issue',
      },
      update: {
        entity: 'issues',
        action: 'update',
        kind: 'update',
        description:
          'Updates an issue. Only the fields supplied change; omit a field to leave it unchanged (omitting assigneeId keeps the assignee, null unassigns).',
        idempotent: false,
        params: {
          id: { type: 'string', required: true, in: 'variables' },
          title: { type: 'string', in: 'variables', as: 'input.title' },
          description: { type: 'string', nullable: true, in: 'variables', as: 'input.description' },
          stateId: { type: 'string', in: 'variables', as: 'input.stateId' },
          priority: { type: 'integer', minimum: 0, maximum: 4, in: 'variables', as: 'input.priority' },
          assigneeId: { type: 'string', nullable: true, in: 'variables', as: 'input.assigneeId' },
        },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'mutation IssueUpdate($id: String!, $input: IssueUpdateInput! = {}) {\n  issueUpdate(id: $id, input: $input) {\n    success\n    issue { ...IssueFields ...IssueConnections }\n  }\n}\n\nfragment IssueConnections on Issue {\n  attachments(first: 10) { nodes { id title url } }\n  labels(first: 10) { nodes { id name } }\n  relations(first: 10) { nodes { id type relatedIssue { id identifier } } }\n  subscribers(first: 10) { nodes { id name } }\n}\n\nfragment IssueFields on Issue {\n  id\n  identifier\n  number\n  title\n  description\n  descriptionState\n  priority\n  priorityLabel\n  estimate\n  sortOrder\n  prioritySortOrder\n  subIssueSortOrder\n  branchName\n  url\n  dueDate\n  slaType\n  integrationSourceType\n  customerTicketCount\n  labelIds\n  previousIdentifiers\n  reactionData\n  createdAt\n  updatedAt\n  startedAt\n  completedAt\n  canceledAt\n  addedToCycleAt\n  addedToProjectAt\n  addedToTeamAt\n  assignee { id name }\n  creator { id name }\n  cycle { id number name }\n  parent { id identifier }\n  project { id name }\n  projectMilestone { id name }\n  state { id name type }\n  team { id key name }\n  sourceComment { id }\n}',
            operationName: 'IssueUpdate',
            operationType: 'mutation',
          },
        },
        response: {
          records: 'data.issueUpdate.issue',
          success: 'data.issueUpdate.success',
          derive: {
            assigneeId: 'assignee.id',
            creatorId: 'creator.id',
            cycleId: 'cycle.id',
            parentId: 'parent.id',
            projectId: 'project.id',
            milestoneId: 'projectMilestone.id',
            sourceCommentId: 'sourceComment.id',
            stateId: 'state.id',
            teamId: 'team.id',
            attachmentIds: 'attachments.nodes[].id',
            relationIds: 'relations.nodes[].id',
            subscriberIds: 'subscribers.nodes[].id',
          },
        },
        recordType: 'Issue',
      },
      search: {
        entity: 'issues',
        action: 'search',
        kind: 'search',
        description: 'Searches the synced copy of issues (hosted mode only).',
        hostedOnly: true,
        idempotent: true,
        params: searchParams,
        meta: { next_cursor: 'next_cursor', took_ms: 'took_ms' },
      },
    },
    projects: {
      list: {
        entity: 'projects',
        action: 'list',
        kind: 'list',
        description: 'Lists projects, page by page.',
        idempotent: true,
        returnsList: true,
        params: { first: { type: 'integer', maximum: 250, default: 50, in: 'variables' }, after: { type: 'string', in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query ProjectsList($first: Int, $after: String) {\n  projects(first: $first, after: $after) {\n    nodes { ...ProjectFields }\n    pageInfo { hasNextPage endCursor }\n  }\n}\n\nfragment ProjectFields on Project {\n  id\n  name\n  description\n  content\n  contentState\n  color\n  icon\n  health\n  healthUpdatedAt\n  priority\n  prioritySortOrder\n  progress\n  scope\n  sortOrder\n  slugId\n  url\n  startDate\n  targetDate\n  startedAt\n  completedAt\n  canceledAt\n  createdAt\n  updatedAt\n  updateRemindersDay\n  updateRemindersHour\n  completedIssueCountHistory\n  completedScopeHistory\n  inProgressScopeHistory\n  issueCountHistory\n  scopeHistory\n  convertedFromIssue { id identifier }\n  creator { id name }\n  lead { id name }\n  status { id name type }\n}',
            operationName: 'ProjectsList',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.projects.nodes',
          derive: {
            convertedFromIssueId: 'convertedFromIssue.id',
            creatorId: 'creator.id',
            leadId: 'lead.id',
            statusId: 'status.id',
            teamIds: 'teams.nodes[].id',
          },
        },
        pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.projects.pageInfo', metaMember: 'endCursor' },
        meta: { endCursor: '$next', hasNextPage: 'data.projects.pageInfo.hasNextPage' },
        recordType: 'Project',
      },
      get: {
        entity: 'projects',
        action: 'get',
        kind: 'get',
        description: 'Gets one project by id or by the slug id from its URL.',
        idempotent: true,
        params: { id: { type: 'string', required: true, in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query ProjectGet($id: String!) {\n  project(id: $id) { ...ProjectFields ...ProjectConnections }\n}\n\nfragment ProjectConnections on Project {\n  teams(first: 25) { nodes { id key name } }\n}\n\nfragment ProjectFields on Project {\n  id\n  name\n  description\n  content\n  contentState\n  color\n  icon\n  health\n  healthUpdatedAt\n  priority\n  prioritySortOrder\n  progress\n  scope\n  sortOrder\n  slugId\n  url\n  startDate\n  targetDate\n  startedAt\n  completedAt\n  canceledAt\n  createdAt\n  updatedAt\n  updateRemindersDay\n  updateRemindersHour\n  completedIssueCountHistory\n  completedScopeHistory\n  inProgressScopeHistory\n  issueCountHistory\n  scopeHistory\n  convertedFromIssue { id identifier }\n  creator { id name }\n  lead { id name }\n  status { id name type }\n}',
            operationName: 'ProjectGet',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.project',
          derive: {
            convertedFromIssueId: 'convertedFromIssue.id',
            creatorId: 'creator.id',
            leadId: 'lead.id',
            statusId: 'status.id',
            teamIds: 'teams.nodes[].id',
          },
        },
        recordType: 'Project',
      },
      search: {
        entity: 'projects',
        action: 'search',
        kind: 'search',
        description: 'Searches the synced copy of projects (hosted mode only).',
        hostedOnly: true,
        idempotent: true,
        params: searchParams,
        meta: { next_cursor: 'next_cursor', took_ms: 'took_ms' },
      },
    },
    teams: {
      list: {
        entity: 'teams',
        action: 'list',
        kind: 'list',
        description: 'Lists the teams the credentials can see, page by page.',
        idempotent: true,
        returnsList: true,
        params: { first: { type: 'integer', maximum: 250, default: 50, in: 'variables' }, after: { type: 'string', in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query TeamsList($first: Int, $after: String) {\n  teams(first: $first, after: $after) {\n    nodes { ...TeamFields }\n    pageInfo { hasNextPage endCursor }\n  }\n}\n\nfragment TeamFields on Team {\n  id\n  key\n  name\n  color\n  icon\n  timezone\n  createdAt\n  updatedAt\n  issueCount\n  issueEstimationType\n  issueEstimationAllowZero\n  issueEstimationExtended\n  defaultIssueEstimate\n  autoArchivePeriod\n  autoClosePeriod\n  autoCloseStateId\n  cycleCalenderUrl\n  cycleCooldownTime\n  cycleDuration\n  cycleStartDay\n  cyclesEnabled\n  cycleIssueAutoAssignCompleted\n  cycleIssueAutoAssignStarted\n  cycleLockToActive\n  upcomingCycleCount\n  groupIssueHistory\n  requirePriorityToLeaveTriage\n  setIssueSortOrderOnStateChange\n  scimManaged\n  triageEnabled\n  inviteHash\n  private\n  visibility\n  activeCycle { id number name }\n  defaultIssueState { id name }\n  markedAsDuplicateWorkflowState { id name }\n  parent { id key name }\n  triageIssueState { id name }\n}',
            operationName: 'TeamsList',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.teams.nodes',
          derive: {
            activeCycleId: 'activeCycle.id',
            defaultIssueStateId: 'defaultIssueState.id',
            markedAsDuplicateWorkflowStateId: 'markedAsDuplicateWorkflowState.id',
            parentTeamId: 'parent.id',
            triageIssueStateId: 'triageIssueState.id',
          },
        },
        pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.teams.pageInfo', metaMember: 'endCursor' },
        meta: { endCursor: '$next', hasNextPage: 'data.teams.pageInfo.hasNextPage' },
        recordType: 'Team',
      },
      get: {
        entity: 'teams',
        action: 'get',
        kind: 'get',
        description: 'Gets one team by id.',
        idempotent: true,
        params: { id: { type: 'string', required: true, in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query TeamGet($id: String!) {\n  team(id: $id) { ...TeamFields }\n}\n\nfragment TeamFields on Team {\n  id\n  key\n  name\n  color\n  icon\n  timezone\n  createdAt\n  updatedAt\n  issueCount\n  issueEstimationType\n  issueEstimationAllowZero\n  issueEstimationExtended\n  defaultIssueEstimate\n  autoArchivePeriod\n  autoClosePeriod\n  autoCloseStateId\n  cycleCalenderUrl\n  cycleCooldownTime\n  cycleDuration\n  cycleStartDay\n  cyclesEnabled\n  cycleIssueAutoAssignCompleted\n  cycleIssueAutoAssignStarted\n  cycleLockToActive\n  upcomingCycleCount\n  groupIssueHistory\n  requirePriorityToLeaveTriage\n  setIssueSortOrderOnStateChange\n  scimManaged\n  triageEnabled\n  inviteHash\n  private\n  visibility\n  activeCycle { id number name }\n  defaultIssueState { id name }\n  markedAsDuplicateWorkflowState { id name }\n  parent { id key name }\n  triageIssueState { id name }\n}',
            operationName: 'TeamGet',
            operationType: 'query',
          },
        },
        response: {
          records: 'data.team',
          derive: {
            activeCycleId: 'activeCycle.id',
            defaultIssueStateId: 'defaultIssueState.id',
            markedAsDuplicateWorkflowStateId: 'markedAsDuplicateWorkflowState.id',
            parentTeamId: 'parent.id',
            triageIssueStateId: 'triageIssueState.id',
          },
        },
        recordType: 'Team',
      },
      search: {
        entity: 'teams',
        action: 'search',
        kind: 'search',
        description: 'Searches the synced copy of teams (hosted mode only).',
        hostedOnly: true,
        idempotent: true,
        params: searchParams,
        meta: { next_cursor: 'next_cursor', took_ms: 'took_ms' },
      },
    },
    users: {
      list: {
        entity: 'users',
        action: 'list',
        kind: 'list',
        description: "Lists the workspace's active users, page by page.",
        idempotent: true,
        returnsList: true,
        params: { first: { type: 'integer', maximum: 250, default: 50, in: 'variables' }, after: { type: 'string', in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query UsersList($first: Int, $after: String) {\n  users(first: $first, after: $after) {\n    nodes { ...UserFields }\n    pageInfo { hasNextPage endCursor }\n  }\n}\n\nfragment UserFields on User {\n  id\n  name\n  displayName\n  email\n  initials\n  avatarUrl\n  avatarBackgroundColor\n  timezone\n  url\n  active\n  admin\n  guest\n  isMe\n  lastSeen\n  createdIssueCount\n  createdAt\n  updatedAt\n  inviteHash\n}',
            operationName: 'UsersList',
            operationType: 'query',
          },
        },
        response: { records: 'data.users.nodes', derive: { teamIds: 'teams.nodes[].id' } },
        pagination: { style: 'relay', cursorParam: 'after', pageInfo: 'data.users.pageInfo', metaMember: 'endCursor' },
        meta: { endCursor: '$next', hasNextPage: 'data.users.pageInfo.hasNextPage' },
        recordType: 'User',
      },
      get: {
        entity: 'users',
        action: 'get',
        kind: 'get',
        description: 'Gets one user by id.',
        idempotent: true,
        params: { id: { type: 'string', required: true, in: 'variables' } },
        request: {
          method: 'POST',
          path: '/graphql',
          graphql: {
            document:
              'query UserGet($id: String!) {\n  user(id: $id) { ...UserFields ...UserConnections }\n}\n\nfragment UserConnections on User {\n  teams(first: 25) { nodes { id key name } }\n}\n\nfragment UserFields on User {\n  id\n  name\n  displayName\n  email\n  initials\n  avatarUrl\n  avatarBackgroundColor\n  timezone\n  url\n  active\n  admin\n  guest\n  isMe\n  lastSeen\n  createdIssueCount\n  createdAt\n  updatedAt\n  inviteHash\n}',
            operationName: 'UserGet',
            operationType: 'query',
          },
        },
        response: { records: 'data.user', derive: { teamIds: 'teams.nodes[].id' } },
        recordType: 'User',
      },
      search: {
        entity: 'users',
        action: 'search',
        kind: 'search',
        description: 'Searches the synced copy of users (hosted mode only).',
        hostedOnly: true,
        idempotent: true,
        params: searchParams,
        meta: { next_cursor: 'next_cursor', took_ms: 'took_ms' },
      },
    },
  },
  sync: {
    comments: { action: 'list', idField: 'id', forEach: { entity: 'issues', param: 'issueId', field: 'id' } },
    issues: { action: 'list', idField: 'id' },
    projects: { action: 'list', idField: 'id' },
    teams: { action: 'list', idField: 'id' },
    users: { action: 'list', idField: 'id' },
  },
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof RegExp)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }

  return value;
}
