/**
 * Shared set-up of the issue-tracker connector suites: a Linear fake per describe block, a
 * connector pointed at it with fast retries, GraphQL request decoding, and the records the
 * connector must return, built independently from the fake's stored rows (Linear's default order
 * is newest first by createdAt, ids breaking ties).
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { IssueTrackerConnector, type IssueTrackerConnectorOptions } from '@switchyard/connector-issue-tracker';
import { startLinearFake, type LinearFake, type LinearFakeOptions } from '../fakes/linear.js';
import type { RecordedRequest } from '../fakes/harness.js';
import type { LComment, LIssue, LProject, LTeam, LUser } from '../fakes/linear/types.js';

/** The personal API key the fake accepts; long and distinctive so a leak is easy to spot. */
export const API_KEY = 'lin_api_SwItChYaRd0123456789abcdefSECRET';
/** The OAuth access token the fake accepts. */
export const ACCESS_TOKEN = 'lin_oauth_SwItChYaRdAcCeSsToKeN0123456789';

export type ConnectorOverrides = Partial<Omit<IssueTrackerConnectorOptions, 'auth' | 'baseUrl'>> & {
  auth?: unknown;
  baseUrl?: string;
};

export function makeConnector(fake: { url: string }, overrides: ConnectorOverrides = {}): IssueTrackerConnector {
  return new IssueTrackerConnector({
    auth: { api_key: API_KEY },
    baseUrl: fake.url,
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  } as IssueTrackerConnectorOptions);
}

/**
 * Starts a Linear fake for the enclosing describe block and clears its request log and pending
 * failures before each test. Read `ctx.fake` inside tests (it is set in beforeAll).
 */
export function useLinearFake(options: LinearFakeOptions = {}): { fake: LinearFake } {
  const ctx = {} as { fake: LinearFake };
  beforeAll(async () => {
    ctx.fake = await startLinearFake({ apiKey: API_KEY, accessToken: ACCESS_TOKEN, ...options });
  });
  beforeEach(() => {
    ctx.fake.reset();
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return ctx;
}

export interface GraphqlBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string;
}

/** The GraphQL envelope of a recorded request (asserting it is exactly `{query, variables, operationName}`). */
export function gql(request: RecordedRequest): GraphqlBody {
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/graphql');
  const body = JSON.parse(request.rawBody) as GraphqlBody;
  expect(Object.keys(body).sort()).toEqual(['operationName', 'query', 'variables']);
  return body;
}

export const variablesOf = (request: RecordedRequest): Record<string, unknown> => gql(request).variables;

/** A GraphQL error envelope as Linear sends it. */
export function linearErrors(code: string, message: string, data: unknown = null): unknown {
  return {
    data,
    errors: [{ message, extensions: { code, type: code === 'RATELIMITED' ? 'ratelimited' : 'invalid input', userError: true } }],
  };
}

export const RATELIMITED = linearErrors('RATELIMITED', 'Rate limit exceeded');

// ---- Linear's order and the records the connector must return --------------------------------

interface Row {
  id: string;
  createdAt: string;
}

/** Newest first by createdAt, ids (descending) breaking ties: Linear's default connection order. */
export function newestFirst<T extends Row>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) =>
    a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0,
  );
}

export function allIssues(fake: LinearFake): LIssue[] {
  return newestFirst(fake.data.issues.rows.filter((i) => !i.archivedAt));
}

export function commentsOf(fake: LinearFake, issueId: string): LComment[] {
  return newestFirst(fake.data.comments.rows.filter((c) => c.issueId === issueId && !c.archivedAt));
}

export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'];

const present = <T>(value: T | undefined | null): value is T => value !== undefined && value !== null;

/**
 * How a record is selected: `single` (get, create, update) adds the nested connections
 * (IssueConnections, ProjectConnections, UserConnections); `list` leaves them out, so the
 * connection fields are absent and the ids derived from them are null (spec notes).
 */
export type Shape = 'single' | 'list';

/** Drops the nested connections and nulls their derived ids, as list records carry them. */
function shaped(record: Record<string, unknown>, shape: Shape, connections: string[], derived: string[]): Record<string, unknown> {
  if (shape === 'single') return record;
  const out = { ...record };
  for (const key of connections) delete out[key];
  for (const key of derived) out[key] = null;
  return out;
}

/** The Issue record (IssueFields, IssueConnections for single records, derived ids) `row` parses into. */
export function expectedIssue(fake: LinearFake, row: LIssue, shape: Shape = 'single'): Record<string, unknown> {
  const d = fake.data;
  const user = (id: string | null) => {
    const u = d.users.get(id);
    return u ? { id: u.id, name: u.name } : null;
  };
  const cycle = d.cycles.get(row.cycleId);
  const parent = d.issues.get(row.parentId);
  const project = d.projects.get(row.projectId);
  const milestone = d.milestones.get(row.projectMilestoneId);
  const state = d.states.get(row.stateId)!;
  const team = d.teams.get(row.teamId)!;
  const sourceComment = d.comments.get(row.sourceCommentId);
  const attachments = newestFirst(d.attachments.rows.filter((a) => a.issueId === row.id && !a.archivedAt))
    .slice(0, 10)
    .map((a) => ({ id: a.id, title: a.title, url: a.url }));
  const labels = newestFirst(row.labelIds.map((id) => d.labels.get(id)).filter(present))
    .slice(0, 10)
    .map((l) => ({ id: l.id, name: l.name }));
  const relations = newestFirst(d.relations.rows.filter((r) => r.issueId === row.id && !r.archivedAt))
    .slice(0, 10)
    .map((r) => ({
      id: r.id,
      type: r.type,
      relatedIssue: { id: r.relatedIssueId, identifier: d.issues.get(r.relatedIssueId)!.identifier },
    }));
  const subscribers = newestFirst(row.subscriberIds.map((id) => d.users.get(id)).filter((u): u is LUser => present(u) && u.active))
    .slice(0, 10)
    .map((u) => ({ id: u.id, name: u.name }));
  const record = {
    id: row.id,
    identifier: row.identifier,
    number: row.number,
    title: row.title,
    description: row.description,
    descriptionState: row.descriptionState,
    priority: row.priority,
    priorityLabel: PRIORITY_LABELS[row.priority],
    estimate: row.estimate,
    sortOrder: row.sortOrder,
    prioritySortOrder: row.prioritySortOrder,
    subIssueSortOrder: row.subIssueSortOrder,
    branchName: row.branchName,
    url: expect.stringMatching(new RegExp(`^https://linear\\.app/acme/issue/${row.identifier}/`)),
    dueDate: row.dueDate,
    slaType: row.slaType,
    integrationSourceType: row.integrationSourceType,
    customerTicketCount: row.customerTicketCount,
    labelIds: row.labelIds,
    previousIdentifiers: row.previousIdentifiers,
    reactionData: row.reactionData,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    canceledAt: row.canceledAt,
    addedToCycleAt: row.addedToCycleAt,
    addedToProjectAt: row.addedToProjectAt,
    addedToTeamAt: row.addedToTeamAt,
    assignee: user(row.assigneeId),
    creator: user(row.creatorId),
    cycle: cycle ? { id: cycle.id, number: cycle.number, name: cycle.name } : null,
    parent: parent ? { id: parent.id, identifier: parent.identifier } : null,
    project: project ? { id: project.id, name: project.name } : null,
    projectMilestone: milestone ? { id: milestone.id, name: milestone.name } : null,
    state: { id: state.id, name: state.name, type: state.type },
    team: { id: team.id, key: team.key, name: team.name },
    sourceComment: sourceComment ? { id: sourceComment.id } : null,
    attachments: { nodes: attachments },
    labels: { nodes: labels },
    relations: { nodes: relations },
    subscribers: { nodes: subscribers },
    // Derived from the nested objects.
    assigneeId: row.assigneeId,
    creatorId: row.creatorId,
    cycleId: row.cycleId,
    parentId: row.parentId,
    projectId: row.projectId,
    milestoneId: row.projectMilestoneId,
    sourceCommentId: row.sourceCommentId,
    stateId: row.stateId,
    teamId: row.teamId,
    attachmentIds: attachments.map((a) => a.id),
    relationIds: relations.map((r) => r.id),
    subscriberIds: subscribers.map((s) => s.id),
  };
  return shaped(record, shape, ['attachments', 'labels', 'relations', 'subscribers'], ['attachmentIds', 'relationIds', 'subscriberIds']);
}

const teamRef = (t: LTeam) => ({ id: t.id, key: t.key, name: t.name });

export function expectedProject(fake: LinearFake, row: LProject, shape: Shape = 'single'): Record<string, unknown> {
  const d = fake.data;
  const user = (id: string | null) => {
    const u = d.users.get(id);
    return u ? { id: u.id, name: u.name } : null;
  };
  const converted = d.issues.get(row.convertedFromIssueId);
  const status = d.projectStatuses.get(row.statusId)!;
  const teams = newestFirst(row.teamIds.map((id) => d.teams.get(id)).filter(present))
    .slice(0, 25)
    .map(teamRef);
  const record = {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content,
    contentState: row.contentState,
    color: row.color,
    icon: row.icon,
    health: row.health,
    healthUpdatedAt: row.healthUpdatedAt,
    priority: row.priority,
    prioritySortOrder: row.prioritySortOrder,
    progress: expect.any(Number),
    scope: expect.any(Number),
    sortOrder: row.sortOrder,
    slugId: row.slugId,
    url: expect.stringMatching(new RegExp(`^https://linear\\.app/acme/project/.*-${row.slugId}$`)),
    startDate: row.startDate,
    targetDate: row.targetDate,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    canceledAt: row.canceledAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updateRemindersDay: row.updateRemindersDay,
    updateRemindersHour: row.updateRemindersHour,
    completedIssueCountHistory: row.completedIssueCountHistory,
    completedScopeHistory: row.completedScopeHistory,
    inProgressScopeHistory: row.inProgressScopeHistory,
    issueCountHistory: row.issueCountHistory,
    scopeHistory: row.scopeHistory,
    convertedFromIssue: converted ? { id: converted.id, identifier: converted.identifier } : null,
    creator: user(row.creatorId),
    lead: user(row.leadId),
    status: { id: status.id, name: status.name, type: status.type },
    teams: { nodes: teams },
    convertedFromIssueId: row.convertedFromIssueId,
    creatorId: row.creatorId,
    leadId: row.leadId,
    statusId: row.statusId,
    teamIds: teams.map((t) => t.id),
  };
  return shaped(record, shape, ['teams'], ['teamIds']);
}

export function expectedTeam(fake: LinearFake, row: LTeam): Record<string, unknown> {
  const d = fake.data;
  const state = (id: string | null) => {
    const s = d.states.get(id);
    return s ? { id: s.id, name: s.name } : null;
  };
  const cycle = d.cycles.get(row.activeCycleId);
  const parent = d.teams.get(row.parentId);
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    color: row.color,
    icon: row.icon,
    timezone: row.timezone,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    issueCount: d.issues.rows.filter((i) => i.teamId === row.id && !i.archivedAt).length,
    issueEstimationType: row.issueEstimationType,
    issueEstimationAllowZero: row.issueEstimationAllowZero,
    issueEstimationExtended: row.issueEstimationExtended,
    defaultIssueEstimate: row.defaultIssueEstimate,
    autoArchivePeriod: row.autoArchivePeriod,
    autoClosePeriod: row.autoClosePeriod,
    autoCloseStateId: row.autoCloseStateId,
    cycleCalenderUrl: row.cycleCalenderUrl,
    cycleCooldownTime: row.cycleCooldownTime,
    cycleDuration: row.cycleDuration,
    cycleStartDay: row.cycleStartDay,
    cyclesEnabled: row.cyclesEnabled,
    cycleIssueAutoAssignCompleted: row.cycleIssueAutoAssignCompleted,
    cycleIssueAutoAssignStarted: row.cycleIssueAutoAssignStarted,
    cycleLockToActive: row.cycleLockToActive,
    upcomingCycleCount: row.upcomingCycleCount,
    groupIssueHistory: row.groupIssueHistory,
    requirePriorityToLeaveTriage: row.requirePriorityToLeaveTriage,
    setIssueSortOrderOnStateChange: row.setIssueSortOrderOnStateChange,
    scimManaged: row.scimManaged,
    triageEnabled: row.triageEnabled,
    inviteHash: '',
    private: row.private,
    visibility: row.visibility,
    activeCycle: cycle ? { id: cycle.id, number: cycle.number, name: cycle.name } : null,
    defaultIssueState: state(row.defaultIssueStateId),
    markedAsDuplicateWorkflowState: state(row.markedAsDuplicateWorkflowStateId),
    parent: parent ? teamRef(parent) : null,
    triageIssueState: state(row.triageIssueStateId),
    activeCycleId: row.activeCycleId,
    defaultIssueStateId: row.defaultIssueStateId,
    markedAsDuplicateWorkflowStateId: row.markedAsDuplicateWorkflowStateId,
    parentTeamId: row.parentId,
    triageIssueStateId: row.triageIssueStateId,
  };
}

export function expectedUser(fake: LinearFake, row: LUser, shape: Shape = 'single'): Record<string, unknown> {
  const d = fake.data;
  const teams = newestFirst(row.teamIds.map((id) => d.teams.get(id)).filter(present))
    .slice(0, 25)
    .map(teamRef);
  const record = {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    email: row.email,
    initials: row.initials,
    avatarUrl: row.avatarUrl,
    avatarBackgroundColor: row.avatarBackgroundColor,
    timezone: row.timezone,
    url: `https://linear.app/acme/profiles/${row.displayName}`,
    active: row.active,
    admin: row.admin,
    guest: row.guest,
    isMe: row.id === d.viewerId,
    lastSeen: row.lastSeen,
    createdIssueCount: d.issues.rows.filter((i) => i.creatorId === row.id).length,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    inviteHash: '',
    teams: { nodes: teams },
    teamIds: teams.map((t) => t.id),
  };
  return shaped(record, shape, ['teams'], ['teamIds']);
}

export function expectedComment(fake: LinearFake, row: LComment): Record<string, unknown> {
  const d = fake.data;
  const user = (id: string | null) => {
    const u = d.users.get(id);
    return u ? { id: u.id, name: u.name } : null;
  };
  const issue = d.issues.get(row.issueId);
  return {
    id: row.id,
    body: row.body,
    bodyData: row.bodyData,
    issueId: row.issueId,
    parentId: row.parentId,
    resolvingCommentId: row.resolvingCommentId,
    url: expect.stringMatching(/^https:\/\/linear\.app\/acme\//),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    editedAt: row.editedAt,
    issue: issue ? { id: issue.id, identifier: issue.identifier } : null,
    parent: row.parentId ? { id: row.parentId } : null,
    user: user(row.userId),
    resolvingUser: user(row.resolvingUserId),
    parentCommentId: row.parentId,
    userId: row.userId,
    resolvingUserId: row.resolvingUserId,
  };
}

// ---- fixtures in the seeded workspace ---------------------------------------------------------

/** An issue with an assignee, labels and at least one comment (the first in Linear's order). */
export function richIssue(fake: LinearFake): LIssue {
  const found = allIssues(fake).find(
    (i) => i.assigneeId && i.labelIds.length > 0 && i.cycleId && i.projectId && commentsOf(fake, i.id).length >= 2,
  );
  if (!found) throw new Error('fixture: no issue with assignee, labels, cycle, project and comments');
  return found;
}

/** A team, its Todo state and another state of the same team. */
export function teamAndStates(fake: LinearFake, key = 'ENG'): { team: LTeam; todo: string; inProgress: string } {
  const team = fake.data.teams.rows.find((t) => t.key === key)!;
  const states = fake.data.states.rows.filter((s) => s.teamId === team.id);
  return { team, todo: states.find((s) => s.name === 'Todo')!.id, inProgress: states.find((s) => s.name === 'In Progress')!.id };
}

/** A comment that is a reply (has a parent) and one written by an integration (no user). */
export function replyComment(fake: LinearFake): LComment {
  const found = fake.data.comments.rows.find((c) => c.parentId && c.userId);
  if (!found) throw new Error('fixture: no reply comment');
  return found;
}

export function integrationComment(fake: LinearFake): LComment {
  const found = fake.data.comments.rows.find((c) => c.userId === null);
  if (!found) throw new Error('fixture: no integration comment');
  return found;
}

export const issuesTitled = (fake: LinearFake, title: string): LIssue[] => fake.data.issues.rows.filter((i) => i.title === title);
export const commentsWithBody = (fake: LinearFake, body: string): LComment[] => fake.data.comments.rows.filter((c) => c.body === body);

export { rejection, capturingLogger } from '../support/expect.js';
