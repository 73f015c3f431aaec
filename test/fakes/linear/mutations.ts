/**
 * The four mutations. They validate references the way Linear does (unknown ids → `Entity not
 * found: X` under HTTP 200 and `data: null`), change the in-memory workspace, bump `lastSyncId`,
 * and return `{success, lastSyncId, issue | comment}`.
 *
 * `issueUpdate` changes only the keys present in `input`: graphql-js leaves omitted input fields
 * out of the coerced object and keeps explicit `null`s, so `'assigneeId' in input` tells
 * "unassign" (null) from "leave alone" (absent).
 */
import { slugify } from '../shared/people.js';
import { findIssue, nowIso, type LinearContext } from './context.js';
import { proseMirror } from './data.js';
import { invalidInput, notFound } from './errors.js';
import type { LComment, LIssue, LTeam, LWorkflowState } from './types.js';

type Input = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function payload<K extends 'issue' | 'comment'>(ctx: LinearContext, key: K, value: unknown) {
  ctx.data.lastSyncId += 1;
  return { success: true, lastSyncId: ctx.data.lastSyncId, [key]: value } as { success: true; lastSyncId: number } & Record<K, unknown>;
}

function has(input: Input, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(input, key);
}

function need<T>(value: T | undefined, entity: string): T {
  if (value === undefined) throw notFound(entity);
  return value;
}

function checkPriority(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 4)
    throw invalidInput('priority must be an integer between 0 and 4');
  return value;
}

function checkDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE.test(value)) throw invalidInput('dueDate must be a date in the format YYYY-MM-DD');
  return value;
}

function stateOf(ctx: LinearContext, team: LTeam, stateId: string): LWorkflowState {
  const state = need(ctx.data.states.get(stateId), 'WorkflowState');
  if (state.teamId !== team.id) throw invalidInput('The workflow state does not belong to the issue’s team');
  return state;
}

/** Linear stamps started/completed/canceled times as an issue moves between state types. */
function applyState(issue: LIssue, state: LWorkflowState, now: string): void {
  issue.stateId = state.id;
  if ((state.type === 'started' || state.type === 'completed') && issue.startedAt === null) issue.startedAt = now;
  issue.completedAt = state.type === 'completed' ? (issue.completedAt ?? now) : null;
  issue.canceledAt = state.type === 'canceled' ? (issue.canceledAt ?? now) : null;
  if (state.type === 'backlog' || state.type === 'unstarted' || state.type === 'triage') issue.startedAt = null;
}

function checkLabels(ctx: LinearContext, ids: unknown): string[] {
  const list = (ids as string[] | null) ?? [];
  for (const id of list) need(ctx.data.labels.get(id), 'IssueLabel');
  return [...new Set(list)];
}

export function issueCreate(ctx: LinearContext, args: { input: Input }) {
  const { data } = ctx;
  const input = args.input;
  const team = need(data.teams.get(input.teamId as string), 'Team');
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw invalidInput('title should not be empty');
  if (input.id != null && (!UUID.test(input.id as string) || data.issues.get(input.id as string)))
    throw invalidInput('id must be an unused UUID');
  const now = nowIso(ctx);
  const state = input.stateId
    ? stateOf(ctx, team, input.stateId as string)
    : need(data.states.get(team.defaultIssueStateId), 'WorkflowState');
  const assignee = input.assigneeId ? need(data.users.get(input.assigneeId as string), 'User') : undefined;
  const project = input.projectId ? need(data.projects.get(input.projectId as string), 'Project') : undefined;
  const cycle = input.cycleId ? need(data.cycles.get(input.cycleId as string), 'Cycle') : undefined;
  const parent = input.parentId ? need(findIssue(data, input.parentId as string), 'Issue') : undefined;
  const milestone = input.projectMilestoneId
    ? need(data.milestones.get(input.projectMilestoneId as string), 'ProjectMilestone')
    : undefined;
  const number = data.issues.where('teamId', team.id).reduce((max, i) => Math.max(max, i.number), 0) + 1;
  const identifier = `${team.key}-${number}`;
  const creator = need(data.users.get(data.viewerId), 'User');
  const createdAt = typeof input.createdAt === 'string' ? input.createdAt : now;
  const issue: LIssue = {
    id: (input.id as string | undefined) ?? freshId(data.issues, data.lastSyncId),
    identifier,
    number,
    title,
    description: (input.description as string | null | undefined) ?? null,
    descriptionState: null,
    priority: input.priority == null ? 0 : checkPriority(input.priority),
    estimate: (input.estimate as number | null | undefined) ?? null,
    sortOrder: (input.sortOrder as number | undefined) ?? -number,
    prioritySortOrder: -number,
    subIssueSortOrder: parent ? number : null,
    branchName: `${(assignee ?? creator).displayName}/${identifier.toLowerCase()}-${slugify(title, 40)}`,
    dueDate: input.dueDate == null ? null : checkDate(input.dueDate),
    slaType: null,
    integrationSourceType: null,
    customerTicketCount: 0,
    labelIds: checkLabels(ctx, input.labelIds),
    previousIdentifiers: [],
    reactionData: [],
    createdAt,
    updatedAt: now,
    archivedAt: null,
    trashed: null,
    startedAt: null,
    completedAt: null,
    canceledAt: null,
    addedToCycleAt: cycle ? now : null,
    addedToProjectAt: project ? now : null,
    addedToTeamAt: now,
    assigneeId: assignee?.id ?? null,
    creatorId: creator.id,
    cycleId: cycle?.id ?? null,
    parentId: parent?.id ?? null,
    projectId: project?.id ?? null,
    projectMilestoneId: milestone?.id ?? null,
    stateId: state.id,
    teamId: team.id,
    sourceCommentId: null,
    subscriberIds: [...new Set([creator.id, ...(assignee ? [assignee.id] : []), ...((input.subscriberIds as string[] | null) ?? [])])],
  };
  applyState(issue, state, now);
  data.issues.add(issue);
  return payload(ctx, 'issue', issue);
}

export function issueUpdate(ctx: LinearContext, args: { id: string; input: Input }) {
  const { data } = ctx;
  const issue = need(findIssue(data, args.id), 'Issue');
  const input = args.input;
  const now = nowIso(ctx);
  let team = need(data.teams.get(issue.teamId), 'Team');

  if (has(input, 'teamId') && input.teamId !== null && input.teamId !== issue.teamId) {
    // Moving teams renumbers the issue and keeps the old identifier resolvable.
    const target = need(data.teams.get(input.teamId as string), 'Team');
    const number = data.issues.where('teamId', target.id).reduce((max, i) => Math.max(max, i.number), 0) + 1;
    issue.previousIdentifiers = [...issue.previousIdentifiers, issue.identifier];
    issue.teamId = target.id;
    issue.number = number;
    issue.identifier = `${target.key}-${number}`;
    issue.cycleId = null;
    issue.addedToTeamAt = now;
    const oldState = data.states.get(issue.stateId);
    const sameName = data.states.where('teamId', target.id).find((s) => s.name === oldState?.name);
    applyState(issue, sameName ?? need(data.states.get(target.defaultIssueStateId), 'WorkflowState'), now);
    team = target;
  }
  if (has(input, 'title')) {
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    if (!title) throw invalidInput('title should not be empty');
    issue.title = title;
  }
  if (has(input, 'description')) issue.description = (input.description as string | null) ?? null;
  if (has(input, 'stateId') && input.stateId !== null) applyState(issue, stateOf(ctx, team, input.stateId as string), now);
  if (has(input, 'priority')) issue.priority = input.priority === null ? 0 : checkPriority(input.priority);
  if (has(input, 'assigneeId')) {
    issue.assigneeId = input.assigneeId === null ? null : need(data.users.get(input.assigneeId as string), 'User').id;
    if (issue.assigneeId && !issue.subscriberIds.includes(issue.assigneeId)) issue.subscriberIds.push(issue.assigneeId);
  }
  if (has(input, 'projectId')) {
    const next = input.projectId === null ? null : need(data.projects.get(input.projectId as string), 'Project').id;
    if (next !== issue.projectId) {
      issue.projectId = next;
      issue.projectMilestoneId = null;
      issue.addedToProjectAt = next ? now : null;
    }
  }
  if (has(input, 'projectMilestoneId')) {
    issue.projectMilestoneId =
      input.projectMilestoneId === null ? null : need(data.milestones.get(input.projectMilestoneId as string), 'ProjectMilestone').id;
  }
  if (has(input, 'cycleId')) {
    issue.cycleId = input.cycleId === null ? null : need(data.cycles.get(input.cycleId as string), 'Cycle').id;
    issue.addedToCycleAt = issue.cycleId ? now : null;
  }
  if (has(input, 'parentId')) {
    if (input.parentId === null) issue.parentId = null;
    else {
      const parent = need(findIssue(data, input.parentId as string), 'Issue');
      if (parent.id === issue.id) throw invalidInput('An issue cannot be its own parent');
      issue.parentId = parent.id;
    }
  }
  if (has(input, 'labelIds')) issue.labelIds = checkLabels(ctx, input.labelIds);
  if (has(input, 'addedLabelIds')) issue.labelIds = [...new Set([...issue.labelIds, ...checkLabels(ctx, input.addedLabelIds)])];
  if (has(input, 'removedLabelIds')) {
    const removed = new Set((input.removedLabelIds as string[] | null) ?? []);
    issue.labelIds = issue.labelIds.filter((id) => !removed.has(id));
  }
  if (has(input, 'subscriberIds')) {
    const ids = (input.subscriberIds as string[] | null) ?? [];
    for (const id of ids) need(data.users.get(id), 'User');
    issue.subscriberIds = [...new Set(ids)];
  }
  if (has(input, 'estimate')) issue.estimate = (input.estimate as number | null) ?? null;
  if (has(input, 'dueDate')) issue.dueDate = input.dueDate === null ? null : checkDate(input.dueDate);
  if (has(input, 'sortOrder') && input.sortOrder !== null) issue.sortOrder = input.sortOrder as number;
  if (has(input, 'trashed')) issue.trashed = (input.trashed as boolean | null) ?? null;
  issue.updatedAt = now;
  data.issues.touch(); // teamId/projectId/parentId… may have changed under the group indexes
  return payload(ctx, 'issue', issue);
}

export function commentCreate(ctx: LinearContext, args: { input: Input }) {
  const { data } = ctx;
  const input = args.input;
  const body = typeof input.body === 'string' ? input.body : '';
  if (!body.trim() && input.bodyData == null) throw invalidInput('body should not be empty');
  if (!input.issueId) throw invalidInput('issueId must be provided');
  const issue = need(findIssue(data, input.issueId as string), 'Issue');
  let parentId: string | null = null;
  if (input.parentId) {
    const parent = need(data.comments.get(input.parentId as string), 'Comment');
    if (parent.issueId !== issue.id) throw invalidInput('Parent comment belongs to another issue');
    parentId = parent.parentId ?? parent.id; // Linear threads are one level deep
  }
  if (input.id != null && (!UUID.test(input.id as string) || data.comments.get(input.id as string)))
    throw invalidInput('id must be an unused UUID');
  const now = nowIso(ctx);
  const comment: LComment = {
    id: (input.id as string | undefined) ?? freshId(data.comments, data.lastSyncId),
    body,
    bodyData:
      typeof input.bodyData === 'string' ? input.bodyData : input.bodyData != null ? JSON.stringify(input.bodyData) : proseMirror(body),
    issueId: issue.id,
    parentId,
    resolvingCommentId: null,
    resolvingUserId: null,
    createdAt: typeof input.createdAt === 'string' ? input.createdAt : now,
    updatedAt: now,
    editedAt: null,
    archivedAt: null,
    resolvedAt: null,
    quotedText: (input.quotedText as string | null | undefined) ?? null,
    reactionData: [],
    userId: data.viewerId,
  };
  data.comments.add(comment);
  if (!input.doNotSubscribeToIssue && !issue.subscriberIds.includes(data.viewerId)) issue.subscriberIds.push(data.viewerId);
  return payload(ctx, 'comment', comment);
}

export function commentUpdate(ctx: LinearContext, args: { id: string; input: Input; skipEditedAt?: boolean | null }) {
  const { data } = ctx;
  const comment = need(data.comments.get(args.id), 'Comment');
  const input = args.input;
  const now = nowIso(ctx);
  if (has(input, 'body') && input.body !== null) {
    if (!(input.body as string).trim()) throw invalidInput('body should not be empty');
    comment.body = input.body as string;
    comment.bodyData = proseMirror(comment.body);
    if (!args.skipEditedAt) comment.editedAt = now;
  }
  if (has(input, 'bodyData') && input.bodyData !== null)
    comment.bodyData = typeof input.bodyData === 'string' ? input.bodyData : JSON.stringify(input.bodyData);
  if (has(input, 'quotedText')) comment.quotedText = (input.quotedText as string | null) ?? null;
  if (has(input, 'resolvingUserId')) {
    comment.resolvingUserId = input.resolvingUserId === null ? null : need(data.users.get(input.resolvingUserId as string), 'User').id;
    comment.resolvedAt = comment.resolvingUserId ? now : null;
  }
  if (has(input, 'resolvingCommentId')) {
    comment.resolvingCommentId =
      input.resolvingCommentId === null ? null : need(data.comments.get(input.resolvingCommentId as string), 'Comment').id;
  }
  comment.updatedAt = now;
  data.comments.touch(); // updatedAt order changed
  return payload(ctx, 'comment', comment);
}

/** New ids must be deterministic too: a v4-shaped UUID derived from counters, unused in `table`. */
function freshId(table: { get(id: string): unknown; size: number }, salt: number): string {
  for (let n = table.size; ; n++) {
    const id = uuidFrom(salt, n);
    if (table.get(id) === undefined) return id;
  }
}

function uuidFrom(a: number, b: number): string {
  let h = (a * 2654435761 + b * 40503) >>> 0;
  let hex = '';
  while (hex.length < 32) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
    hex += h.toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
