/**
 * The Linear fake's schema: a hand-picked SUBSET of Linear's published SDL (SDK 88.3.0,
 * packages/sdk/src/schema.graphql). Every type, field, argument, enum value and input field kept
 * here has the same name and type as in the official schema, so a document that validates against
 * this subset also validates against Linear. Fields outside the subset fail validation here, which
 * is the point: a connector test learns it asked for something the fake does not model.
 *
 * Kept: the records of the issue-tracker family (Issue, Project, Team, User, Comment) with every
 * field the issue-tracker spec reads (specs/issue-tracker.yaml), the objects they link to, their connections, the four
 * mutations, and the filter inputs the fake evaluates. Dropped: arguments whose input types are
 * not modelled (`sort`, label/attachment filters).
 */
export const LINEAR_FAKE_SDL = /* GraphQL */ `
  interface Node {
    id: ID!
  }

  type PageInfo {
    endCursor: String
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
  }

  enum PaginationOrderBy {
    createdAt
    updatedAt
  }

  scalar DateTime

  scalar JSON

  scalar JSONObject

  scalar TimelessDate

  scalar DateTimeOrDuration

  type Query {
    comment(hash: String, id: String): Comment!
    comments(
      after: String
      before: String
      filter: CommentFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): CommentConnection!
    issue(id: String!): Issue!
    issues(
      after: String
      before: String
      filter: IssueFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueConnection!
    project(id: String!): Project!
    projects(
      after: String
      before: String
      filter: ProjectFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): ProjectConnection!
    team(id: String!): Team!
    teams(
      after: String
      before: String
      filter: TeamFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): TeamConnection!
    user(id: String!): User!
    users(
      after: String
      before: String
      filter: UserFilter
      first: Int
      includeArchived: Boolean
      includeDisabled: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): UserConnection!
    viewer: User!
  }

  type Mutation {
    commentCreate(input: CommentCreateInput!): CommentPayload!
    commentUpdate(id: String!, input: CommentUpdateInput!, skipEditedAt: Boolean): CommentPayload!
    issueCreate(input: IssueCreateInput!): IssuePayload!
    issueUpdate(id: String!, input: IssueUpdateInput!): IssuePayload!
  }

  type Issue implements Node {
    addedToCycleAt: DateTime
    addedToProjectAt: DateTime
    addedToTeamAt: DateTime
    archivedAt: DateTime
    assignee: User
    attachments(
      after: String
      before: String
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): AttachmentConnection!
    branchName: String!
    canceledAt: DateTime
    children(
      after: String
      before: String
      filter: IssueFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueConnection!
    comments(
      after: String
      before: String
      filter: CommentFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): CommentConnection!
    completedAt: DateTime
    createdAt: DateTime!
    creator: User
    customerTicketCount: Int!
    cycle: Cycle
    description: String
    descriptionState: String
    dueDate: TimelessDate
    estimate: Float
    id: ID!
    identifier: String!
    integrationSourceType: IntegrationService
    labelIds: [String!]!
    labels(
      after: String
      before: String
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueLabelConnection!
    number: Float!
    parent: Issue
    previousIdentifiers: [String!]!
    priority: Float!
    priorityLabel: String!
    prioritySortOrder: Float!
    project: Project
    projectMilestone: ProjectMilestone
    reactionData: JSONObject!
    relations(
      after: String
      before: String
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueRelationConnection!
    slaType: String
    sortOrder: Float!
    sourceComment: Comment
    startedAt: DateTime
    state: WorkflowState!
    subIssueSortOrder: Float
    subscribers(
      after: String
      before: String
      filter: UserFilter
      first: Int
      includeArchived: Boolean
      includeDisabled: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): UserConnection!
    team: Team!
    title: String!
    trashed: Boolean
    updatedAt: DateTime!
    url: String!
  }

  type Project implements Node {
    archivedAt: DateTime
    canceledAt: DateTime
    color: String!
    completedAt: DateTime
    completedIssueCountHistory: [Float!]!
    completedScopeHistory: [Float!]!
    content: String
    contentState: String
    convertedFromIssue: Issue
    createdAt: DateTime!
    creator: User
    description: String!
    health: ProjectUpdateHealthType
    healthUpdatedAt: DateTime
    icon: String
    id: ID!
    inProgressScopeHistory: [Float!]!
    issueCountHistory: [Float!]!
    issues(
      after: String
      before: String
      filter: IssueFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueConnection!
    lead: User
    name: String!
    priority: Int!
    priorityLabel: String!
    prioritySortOrder: Float!
    progress: Float!
    projectMilestones(
      after: String
      before: String
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): ProjectMilestoneConnection!
    scope: Float!
    scopeHistory: [Float!]!
    slugId: String!
    sortOrder: Float!
    startDate: TimelessDate
    startedAt: DateTime
    state: String! @deprecated(reason: "Use project.status instead")
    status: ProjectStatus!
    targetDate: TimelessDate
    teams(
      after: String
      before: String
      filter: TeamFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): TeamConnection!
    updateRemindersDay: Day
    updateRemindersHour: Float
    updatedAt: DateTime!
    url: String!
  }

  type Team implements Node {
    activeCycle: Cycle
    archivedAt: DateTime
    autoArchivePeriod: Float!
    autoClosePeriod: Float
    autoCloseStateId: String
    color: String
    createdAt: DateTime!
    cycleCalenderUrl: String!
    cycleCooldownTime: Float!
    cycleDuration: Float!
    cycleIssueAutoAssignCompleted: Boolean!
    cycleIssueAutoAssignStarted: Boolean!
    cycleLockToActive: Boolean!
    cycleStartDay: Float!
    cycles(after: String, before: String, first: Int, includeArchived: Boolean, last: Int, orderBy: PaginationOrderBy): CycleConnection!
    cyclesEnabled: Boolean!
    defaultIssueEstimate: Float!
    defaultIssueState: WorkflowState
    description: String
    displayName: String!
    groupIssueHistory: Boolean!
    icon: String
    id: ID!
    inviteHash: String! @deprecated(reason: "Not used anymore, simply returning an empty string.")
    issueCount(includeArchived: Boolean): Int!
    issueEstimationAllowZero: Boolean!
    issueEstimationExtended: Boolean!
    issueEstimationType: String!
    issues(
      after: String
      before: String
      filter: IssueFilter
      first: Int
      includeArchived: Boolean
      includeSubTeams: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueConnection!
    key: String!
    labels(
      after: String
      before: String
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueLabelConnection!
    markedAsDuplicateWorkflowState: WorkflowState @deprecated(reason: "Duplicates are now system-managed via the native duplicate state.")
    members(
      after: String
      before: String
      filter: UserFilter
      first: Int
      includeArchived: Boolean
      includeDisabled: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): UserConnection!
    name: String!
    parent: Team
    private: Boolean! @deprecated(reason: "Use \`Team.visibility\` instead.")
    projects(
      after: String
      before: String
      filter: ProjectFilter
      first: Int
      includeArchived: Boolean
      includeSubTeams: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): ProjectConnection!
    requirePriorityToLeaveTriage: Boolean!
    scimManaged: Boolean!
    setIssueSortOrderOnStateChange: String!
    states(
      after: String
      before: String
      filter: WorkflowStateFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): WorkflowStateConnection!
    timezone: String!
    triageEnabled: Boolean!
    triageIssueState: WorkflowState
    upcomingCycleCount: Float!
    updatedAt: DateTime!
    visibility: TeamVisibility!
  }

  enum TeamVisibility {
    private
    public
    restricted
  }

  type User implements Node {
    active: Boolean!
    admin: Boolean!
    archivedAt: DateTime
    assignedIssues(
      after: String
      before: String
      filter: IssueFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): IssueConnection!
    avatarBackgroundColor: String!
    avatarUrl: String
    createdAt: DateTime!
    createdIssueCount: Int!
    description: String
    displayName: String!
    email: String!
    guest: Boolean!
    id: ID!
    initials: String!
    inviteHash: String! @deprecated(reason: "This hash is not in use anymore, this value will always be empty.")
    isMe: Boolean!
    lastSeen: DateTime
    name: String!
    statusEmoji: String
    statusLabel: String
    teams(
      after: String
      before: String
      filter: TeamFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): TeamConnection!
    timezone: String
    title: String
    updatedAt: DateTime!
    url: String!
  }

  type Comment implements Node {
    archivedAt: DateTime
    body: String!
    bodyData: String!
    children(
      after: String
      before: String
      filter: CommentFilter
      first: Int
      includeArchived: Boolean
      last: Int
      orderBy: PaginationOrderBy
    ): CommentConnection!
    createdAt: DateTime!
    editedAt: DateTime
    id: ID!
    issue: Issue
    issueId: String
    parent: Comment
    parentId: String
    quotedText: String
    reactionData: JSONObject!
    resolvedAt: DateTime
    resolvingComment: Comment
    resolvingCommentId: String
    resolvingUser: User
    updatedAt: DateTime!
    url: String!
    user: User
  }

  type WorkflowState implements Node {
    archivedAt: DateTime
    color: String!
    createdAt: DateTime!
    description: String
    id: ID!
    name: String!
    position: Float!
    team: Team!
    type: String!
    updatedAt: DateTime!
  }

  type Cycle implements Node {
    archivedAt: DateTime
    completedAt: DateTime
    createdAt: DateTime!
    description: String
    endsAt: DateTime!
    id: ID!
    isActive: Boolean!
    isFuture: Boolean!
    isNext: Boolean!
    isPast: Boolean!
    isPrevious: Boolean!
    name: String
    number: Float!
    progress: Float!
    startsAt: DateTime!
    team: Team!
    updatedAt: DateTime!
  }

  type ProjectMilestone implements Node {
    archivedAt: DateTime
    createdAt: DateTime!
    description: String
    id: ID!
    name: String!
    progress: Float!
    project: Project!
    sortOrder: Float!
    status: ProjectMilestoneStatus!
    targetDate: TimelessDate
    updatedAt: DateTime!
  }

  enum ProjectMilestoneStatus {
    done
    next
    overdue
    unstarted
  }

  type IssueLabel implements Node {
    archivedAt: DateTime
    color: String!
    createdAt: DateTime!
    creator: User
    description: String
    id: ID!
    isGroup: Boolean!
    name: String!
    parent: IssueLabel
    team: Team
    updatedAt: DateTime!
  }

  type Attachment implements Node {
    archivedAt: DateTime
    createdAt: DateTime!
    creator: User
    groupBySource: Boolean!
    id: ID!
    issue: Issue!
    metadata: JSONObject!
    source: JSONObject
    sourceType: String
    subtitle: String
    title: String!
    updatedAt: DateTime!
    url: String!
  }

  type IssueRelation implements Node {
    archivedAt: DateTime
    createdAt: DateTime!
    id: ID!
    issue: Issue!
    relatedIssue: Issue!
    type: String!
    updatedAt: DateTime!
  }

  type ProjectStatus implements Node {
    archivedAt: DateTime
    color: String!
    createdAt: DateTime!
    description: String
    id: ID!
    indefinite: Boolean!
    name: String!
    position: Float!
    type: ProjectStatusType!
    updatedAt: DateTime!
  }

  enum ProjectStatusType {
    backlog
    canceled
    completed
    paused
    planned
    started
  }

  enum ProjectUpdateHealthType {
    atRisk
    offTrack
    onTrack
  }

  enum Day {
    Friday
    Monday
    Saturday
    Sunday
    Thursday
    Tuesday
    Wednesday
  }

  enum IntegrationService {
    email
    figma
    front
    github
    gitlab
    intercom
    jira
    sentry
    slack
    zendesk
  }

  enum SLADayCountType {
    all
    onlyBusinessDays
  }

  type IssuePayload {
    issue: Issue
    lastSyncId: Float!
    success: Boolean!
  }

  type CommentPayload {
    comment: Comment!
    lastSyncId: Float!
    success: Boolean!
  }

  input IssueCreateInput {
    assigneeId: String
    createAsUser: String
    createdAt: DateTime
    cycleId: String
    description: String
    displayIconUrl: String
    dueDate: TimelessDate
    estimate: Int
    id: String
    labelIds: [String!]
    parentId: String
    priority: Int
    projectId: String
    projectMilestoneId: String
    sortOrder: Float
    stateId: String
    subscriberIds: [String!]
    teamId: String!
    templateId: String
    title: String
  }

  input IssueUpdateInput {
    addedLabelIds: [String!]
    assigneeId: String
    cycleId: String
    description: String
    dueDate: TimelessDate
    estimate: Int
    labelIds: [String!]
    parentId: String
    priority: Int
    projectId: String
    projectMilestoneId: String
    removedLabelIds: [String!]
    sortOrder: Float
    stateId: String
    subscriberIds: [String!]
    teamId: String
    title: String
    trashed: Boolean
  }

  input CommentCreateInput {
    body: String
    bodyData: JSON
    createAsUser: String
    createdAt: DateTime
    displayIconUrl: String
    doNotSubscribeToIssue: Boolean
    id: String
    issueId: String
    parentId: String
    quotedText: String
  }

  input CommentUpdateInput {
    body: String
    bodyData: JSON
    quotedText: String
    resolvingCommentId: String
    resolvingUserId: String
  }

  input IDComparator {
    eq: ID
    in: [ID!]
    neq: ID
    nin: [ID!]
  }

  input IssueIDComparator {
    eq: ID
    in: [ID!]
    neq: ID
    nin: [ID!]
  }

  input StringComparator {
    contains: String
    containsIgnoreCase: String
    containsIgnoreCaseAndAccent: String
    endsWith: String
    eq: String
    eqIgnoreCase: String
    in: [String!]
    neq: String
    neqIgnoreCase: String
    nin: [String!]
    notContains: String
    notContainsIgnoreCase: String
    notEndsWith: String
    notStartsWith: String
    startsWith: String
    startsWithIgnoreCase: String
  }

  input NullableStringComparator {
    contains: String
    containsIgnoreCase: String
    containsIgnoreCaseAndAccent: String
    endsWith: String
    eq: String
    eqIgnoreCase: String
    in: [String!]
    neq: String
    neqIgnoreCase: String
    nin: [String!]
    notContains: String
    notContainsIgnoreCase: String
    notEndsWith: String
    notStartsWith: String
    null: Boolean
    startsWith: String
    startsWithIgnoreCase: String
  }

  input DateComparator {
    eq: DateTimeOrDuration
    gt: DateTimeOrDuration
    gte: DateTimeOrDuration
    in: [DateTimeOrDuration!]
    lt: DateTimeOrDuration
    lte: DateTimeOrDuration
    neq: DateTimeOrDuration
    nin: [DateTimeOrDuration!]
  }

  input NullableDateComparator {
    eq: DateTimeOrDuration
    gt: DateTimeOrDuration
    gte: DateTimeOrDuration
    in: [DateTimeOrDuration!]
    lt: DateTimeOrDuration
    lte: DateTimeOrDuration
    neq: DateTimeOrDuration
    nin: [DateTimeOrDuration!]
    null: Boolean
  }

  input NumberComparator {
    eq: Float
    gt: Float
    gte: Float
    in: [Float!]
    lt: Float
    lte: Float
    neq: Float
    nin: [Float!]
  }

  input NullableNumberComparator {
    eq: Float
    gt: Float
    gte: Float
    in: [Float!]
    lt: Float
    lte: Float
    neq: Float
    nin: [Float!]
    null: Boolean
  }

  input BooleanComparator {
    eq: Boolean
    neq: Boolean
  }

  input IssueFilter {
    and: [IssueFilter!]
    assignee: NullableUserFilter
    completedAt: NullableDateComparator
    createdAt: DateComparator
    creator: NullableUserFilter
    description: NullableStringComparator
    id: IssueIDComparator
    number: NumberComparator
    or: [IssueFilter!]
    parent: NullableIssueFilter
    priority: NullableNumberComparator
    project: NullableProjectFilter
    state: WorkflowStateFilter
    team: TeamFilter
    title: StringComparator
    updatedAt: DateComparator
  }

  input NullableIssueFilter {
    and: [NullableIssueFilter!]
    assignee: NullableUserFilter
    completedAt: NullableDateComparator
    createdAt: DateComparator
    creator: NullableUserFilter
    description: NullableStringComparator
    id: IssueIDComparator
    null: Boolean
    number: NumberComparator
    or: [NullableIssueFilter!]
    parent: NullableIssueFilter
    priority: NullableNumberComparator
    project: NullableProjectFilter
    state: WorkflowStateFilter
    team: TeamFilter
    title: StringComparator
    updatedAt: DateComparator
  }

  input CommentFilter {
    and: [CommentFilter!]
    body: StringComparator
    createdAt: DateComparator
    id: IDComparator
    issue: NullableIssueFilter
    or: [CommentFilter!]
    updatedAt: DateComparator
    user: UserFilter
  }

  input TeamFilter {
    and: [TeamFilter!]
    createdAt: DateComparator
    description: NullableStringComparator
    id: IDComparator
    key: StringComparator
    name: StringComparator
    or: [TeamFilter!]
    updatedAt: DateComparator
  }

  input UserFilter {
    active: BooleanComparator
    and: [UserFilter!]
    createdAt: DateComparator
    displayName: StringComparator
    email: StringComparator
    id: IDComparator
    name: StringComparator
    or: [UserFilter!]
    updatedAt: DateComparator
  }

  input NullableUserFilter {
    active: BooleanComparator
    and: [NullableUserFilter!]
    createdAt: DateComparator
    displayName: StringComparator
    email: StringComparator
    id: IDComparator
    name: StringComparator
    null: Boolean
    or: [NullableUserFilter!]
    updatedAt: DateComparator
  }

  input ProjectFilter {
    and: [ProjectFilter!]
    completedAt: NullableDateComparator
    createdAt: DateComparator
    creator: UserFilter
    id: IDComparator
    lead: NullableUserFilter
    name: StringComparator
    or: [ProjectFilter!]
    priority: NullableNumberComparator
    state: StringComparator
    updatedAt: DateComparator
  }

  input NullableProjectFilter {
    and: [NullableProjectFilter!]
    completedAt: NullableDateComparator
    createdAt: DateComparator
    creator: UserFilter
    id: IDComparator
    lead: NullableUserFilter
    name: StringComparator
    null: Boolean
    or: [NullableProjectFilter!]
    priority: NullableNumberComparator
    state: StringComparator
    updatedAt: DateComparator
  }

  input WorkflowStateFilter {
    and: [WorkflowStateFilter!]
    createdAt: DateComparator
    description: StringComparator
    id: IDComparator
    name: StringComparator
    or: [WorkflowStateFilter!]
    team: TeamFilter
    type: StringComparator
    updatedAt: DateComparator
  }

  type IssueConnection {
    edges: [IssueEdge!]!
    nodes: [Issue!]!
    pageInfo: PageInfo!
  }

  type IssueEdge {
    cursor: String!
    node: Issue!
  }

  type ProjectConnection {
    edges: [ProjectEdge!]!
    nodes: [Project!]!
    pageInfo: PageInfo!
  }

  type ProjectEdge {
    cursor: String!
    node: Project!
  }

  type TeamConnection {
    edges: [TeamEdge!]!
    nodes: [Team!]!
    pageInfo: PageInfo!
  }

  type TeamEdge {
    cursor: String!
    node: Team!
  }

  type UserConnection {
    edges: [UserEdge!]!
    nodes: [User!]!
    pageInfo: PageInfo!
  }

  type UserEdge {
    cursor: String!
    node: User!
  }

  type CommentConnection {
    edges: [CommentEdge!]!
    nodes: [Comment!]!
    pageInfo: PageInfo!
  }

  type CommentEdge {
    cursor: String!
    node: Comment!
  }

  type WorkflowStateConnection {
    edges: [WorkflowStateEdge!]!
    nodes: [WorkflowState!]!
    pageInfo: PageInfo!
  }

  type WorkflowStateEdge {
    cursor: String!
    node: WorkflowState!
  }

  type CycleConnection {
    edges: [CycleEdge!]!
    nodes: [Cycle!]!
    pageInfo: PageInfo!
  }

  type CycleEdge {
    cursor: String!
    node: Cycle!
  }

  type ProjectMilestoneConnection {
    edges: [ProjectMilestoneEdge!]!
    nodes: [ProjectMilestone!]!
    pageInfo: PageInfo!
  }

  type ProjectMilestoneEdge {
    cursor: String!
    node: ProjectMilestone!
  }

  type IssueLabelConnection {
    edges: [IssueLabelEdge!]!
    nodes: [IssueLabel!]!
    pageInfo: PageInfo!
  }

  type IssueLabelEdge {
    cursor: String!
    node: IssueLabel!
  }

  type AttachmentConnection {
    edges: [AttachmentEdge!]!
    nodes: [Attachment!]!
    pageInfo: PageInfo!
  }

  type AttachmentEdge {
    cursor: String!
    node: Attachment!
  }

  type IssueRelationConnection {
    edges: [IssueRelationEdge!]!
    nodes: [IssueRelation!]!
    pageInfo: PageInfo!
  }

  type IssueRelationEdge {
    cursor: String!
    node: IssueRelation!
  }
`;
