/**
 * Field resolvers of the Linear fake. Stored scalars resolve by name (graphql-js default); these
 * resolve links, connections, computed fields, root queries and the four mutations.
 */
import { slugify } from '../shared/people.js';
import { findIssue, issueUrl, type LinearContext } from './context.js';
import { PRIORITY_LABELS } from './data.js';
import { invalidInput, notFound } from './errors.js';
import { matches, type Entity } from './filter.js';
import { connection, type ConnectionArgs } from './paging.js';
import { commentCreate, commentUpdate, issueCreate, issueUpdate } from './mutations.js';
import type { LComment, LCycle, LIssue, LProject, LTeam, LUser, LinearData } from './types.js';

type Args = ConnectionArgs & { filter?: unknown; includeDisabled?: boolean | null; includeArchived?: boolean | null };
type Resolver = (parent: never, args: never, ctx: LinearContext) => unknown;
export type ResolverMap = Record<string, Record<string, Resolver>>;

const filtered =
  (entity: Entity, ctx: LinearContext, filter: unknown, extra?: (row: never) => boolean) =>
  (row: object): boolean =>
    (extra === undefined || extra(row as never)) && (filter == null || matches(entity, row, filter, ctx.data, ctx.clock.peek()));

function visibleUsers(args: Args) {
  return (u: LUser) => Boolean(args.includeDisabled) || u.active;
}

function projectProgress(data: LinearData, project: LProject): { progress: number; scope: number } {
  const issues = data.issues.where('projectId', project.id).filter((i) => !i.archivedAt);
  let scope = 0;
  let done = 0;
  for (const issue of issues) {
    const state = data.states.get(issue.stateId);
    if (state?.type === 'canceled') continue;
    const weight = issue.estimate ?? 1;
    scope += weight;
    if (state?.type === 'completed') done += weight;
  }
  return { progress: scope === 0 ? 0 : Math.round((done / scope) * 1000) / 1000, scope };
}

function cycleFlags(cycle: LCycle, nowMs: number, data: LinearData) {
  const starts = Date.parse(cycle.startsAt);
  const ends = Date.parse(cycle.endsAt);
  const siblings = data.cycles.where('teamId', cycle.teamId);
  const active = siblings.find((c) => Date.parse(c.startsAt) <= nowMs && nowMs < Date.parse(c.endsAt));
  return {
    isActive: starts <= nowMs && nowMs < ends,
    isPast: ends <= nowMs,
    isFuture: starts > nowMs,
    isNext: active !== undefined && cycle.number === active.number + 1,
    isPrevious: active !== undefined && cycle.number === active.number - 1,
  };
}

// ---- resolvers -----------------------------------------------------------------------------

export const resolvers: ResolverMap = {
  Query: {
    issues: (_: never, args: Args, ctx: LinearContext) => connection(ctx.data.issues, args, filtered('Issue', ctx, args.filter)),
    issue: (_: never, { id }: { id: string }, ctx: LinearContext) => findIssue(ctx.data, id) ?? raise(notFound('Issue')),
    projects: (_: never, args: Args, ctx: LinearContext) => connection(ctx.data.projects, args, filtered('Project', ctx, args.filter)),
    project: (_: never, { id }: { id: string }, ctx: LinearContext) =>
      ctx.data.projects.get(id) ?? ctx.data.projects.rows.find((p) => p.slugId === id) ?? raise(notFound('Project')),
    teams: (_: never, args: Args, ctx: LinearContext) => connection(ctx.data.teams, args, filtered('Team', ctx, args.filter)),
    team: (_: never, { id }: { id: string }, ctx: LinearContext) => ctx.data.teams.get(id) ?? raise(notFound('Team')),
    users: (_: never, args: Args, ctx: LinearContext) =>
      connection(ctx.data.users, args, filtered('User', ctx, args.filter, visibleUsers(args) as (row: never) => boolean)),
    user: (_: never, { id }: { id: string }, ctx: LinearContext) => ctx.data.users.get(id) ?? raise(notFound('User')),
    comments: (_: never, args: Args, ctx: LinearContext) => connection(ctx.data.comments, args, filtered('Comment', ctx, args.filter)),
    comment: (_: never, { id, hash }: { id?: string | null; hash?: string | null }, ctx: LinearContext) => {
      if (!id && !hash) throw invalidInput('Either id or hash must be provided');
      return (id ? ctx.data.comments.get(id) : undefined) ?? raise(notFound('Comment'));
    },
    viewer: (_: never, __: never, ctx: LinearContext) => ctx.data.users.get(ctx.data.viewerId),
  },

  Mutation: {
    issueCreate: (_: never, args: never, ctx: LinearContext) => issueCreate(ctx, args),
    issueUpdate: (_: never, args: never, ctx: LinearContext) => issueUpdate(ctx, args),
    commentCreate: (_: never, args: never, ctx: LinearContext) => commentCreate(ctx, args),
    commentUpdate: (_: never, args: never, ctx: LinearContext) => commentUpdate(ctx, args),
  },

  Issue: {
    priorityLabel: (i: LIssue) => PRIORITY_LABELS[i.priority] ?? 'No priority',
    url: (i: LIssue, _: never, ctx: LinearContext) => issueUrl(ctx.data, i),
    assignee: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.users.get(i.assigneeId),
    creator: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.users.get(i.creatorId),
    cycle: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.cycles.get(i.cycleId),
    parent: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.issues.get(i.parentId),
    project: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.projects.get(i.projectId),
    projectMilestone: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.milestones.get(i.projectMilestoneId),
    state: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.states.get(i.stateId),
    team: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.teams.get(i.teamId),
    sourceComment: (i: LIssue, _: never, ctx: LinearContext) => ctx.data.comments.get(i.sourceCommentId),
    attachments: (i: LIssue, args: Args, ctx: LinearContext) => connection(ctx.data.attachments.where('issueId', i.id), args),
    labels: (i: LIssue, args: Args, ctx: LinearContext) =>
      connection(
        i.labelIds.map((id) => ctx.data.labels.get(id)).filter((l) => l !== undefined),
        args,
      ),
    relations: (i: LIssue, args: Args, ctx: LinearContext) => connection(ctx.data.relations.where('issueId', i.id), args),
    subscribers: (i: LIssue, args: Args, ctx: LinearContext) =>
      connection(
        i.subscriberIds.map((id) => ctx.data.users.get(id)).filter((u) => u !== undefined),
        args,
        filtered('User', ctx, args.filter, visibleUsers(args) as (row: never) => boolean),
      ),
    comments: (i: LIssue, args: Args, ctx: LinearContext) =>
      connection(ctx.data.comments.where('issueId', i.id), args, filtered('Comment', ctx, args.filter)),
    children: (i: LIssue, args: Args, ctx: LinearContext) =>
      connection(ctx.data.issues.where('parentId', i.id), args, filtered('Issue', ctx, args.filter)),
  },

  Project: {
    priorityLabel: (p: LProject) => PRIORITY_LABELS[p.priority] ?? 'No priority',
    url: (p: LProject, _: never, ctx: LinearContext) => `https://linear.app/${ctx.data.urlKey}/project/${slugify(p.name)}-${p.slugId}`,
    progress: (p: LProject, _: never, ctx: LinearContext) => projectProgress(ctx.data, p).progress,
    scope: (p: LProject, _: never, ctx: LinearContext) => projectProgress(ctx.data, p).scope,
    state: (p: LProject, _: never, ctx: LinearContext) => ctx.data.projectStatuses.get(p.statusId)?.type ?? 'backlog',
    convertedFromIssue: (p: LProject, _: never, ctx: LinearContext) => ctx.data.issues.get(p.convertedFromIssueId),
    creator: (p: LProject, _: never, ctx: LinearContext) => ctx.data.users.get(p.creatorId),
    lead: (p: LProject, _: never, ctx: LinearContext) => ctx.data.users.get(p.leadId),
    status: (p: LProject, _: never, ctx: LinearContext) => ctx.data.projectStatuses.get(p.statusId),
    teams: (p: LProject, args: Args, ctx: LinearContext) =>
      connection(
        p.teamIds.map((id) => ctx.data.teams.get(id)).filter((t) => t !== undefined),
        args,
        filtered('Team', ctx, args.filter),
      ),
    issues: (p: LProject, args: Args, ctx: LinearContext) =>
      connection(ctx.data.issues.where('projectId', p.id), args, filtered('Issue', ctx, args.filter)),
    projectMilestones: (p: LProject, args: Args, ctx: LinearContext) => connection(ctx.data.milestones.where('projectId', p.id), args),
  },

  Team: {
    issueCount: (t: LTeam, args: { includeArchived?: boolean | null }, ctx: LinearContext) =>
      ctx.data.issues.where('teamId', t.id).filter((i) => args.includeArchived || !i.archivedAt).length,
    activeCycle: (t: LTeam, _: never, ctx: LinearContext) => ctx.data.cycles.get(t.activeCycleId),
    defaultIssueState: (t: LTeam, _: never, ctx: LinearContext) => ctx.data.states.get(t.defaultIssueStateId),
    markedAsDuplicateWorkflowState: (t: LTeam, _: never, ctx: LinearContext) => ctx.data.states.get(t.markedAsDuplicateWorkflowStateId),
    parent: (t: LTeam, _: never, ctx: LinearContext) => ctx.data.teams.get(t.parentId),
    triageIssueState: (t: LTeam, _: never, ctx: LinearContext) => ctx.data.states.get(t.triageIssueStateId),
    issues: (t: LTeam, args: Args, ctx: LinearContext) =>
      connection(ctx.data.issues.where('teamId', t.id), args, filtered('Issue', ctx, args.filter)),
    states: (t: LTeam, args: Args, ctx: LinearContext) =>
      connection(ctx.data.states.where('teamId', t.id), args, filtered('WorkflowState', ctx, args.filter)),
    members: (t: LTeam, args: Args, ctx: LinearContext) =>
      connection(
        t.memberIds.map((id) => ctx.data.users.get(id)).filter((u) => u !== undefined),
        args,
        filtered('User', ctx, args.filter, visibleUsers(args) as (row: never) => boolean),
      ),
    cycles: (t: LTeam, args: Args, ctx: LinearContext) => connection(ctx.data.cycles.where('teamId', t.id), args),
    projects: (t: LTeam, args: Args, ctx: LinearContext) =>
      connection(ctx.data.projects.where('teamIds', t.id), args, filtered('Project', ctx, args.filter)),
    labels: (t: LTeam, args: Args, ctx: LinearContext) => connection(ctx.data.labels.where('teamId', t.id), args),
  },

  User: {
    isMe: (u: LUser, _: never, ctx: LinearContext) => u.id === ctx.data.viewerId,
    url: (u: LUser, _: never, ctx: LinearContext) => `https://linear.app/${ctx.data.urlKey}/profiles/${u.displayName}`,
    createdIssueCount: (u: LUser, _: never, ctx: LinearContext) => ctx.data.issues.where('creatorId', u.id).length,
    teams: (u: LUser, args: Args, ctx: LinearContext) =>
      connection(
        u.teamIds.map((id) => ctx.data.teams.get(id)).filter((t) => t !== undefined),
        args,
        filtered('Team', ctx, args.filter),
      ),
    assignedIssues: (u: LUser, args: Args, ctx: LinearContext) =>
      connection(ctx.data.issues.where('assigneeId', u.id), args, filtered('Issue', ctx, args.filter)),
  },

  Comment: {
    url: (c: LComment, _: never, ctx: LinearContext) => {
      const issue = ctx.data.issues.get(c.issueId);
      return issue ? `${issueUrl(ctx.data, issue)}#comment-${c.id.slice(0, 8)}` : `https://linear.app/${ctx.data.urlKey}/comment/${c.id}`;
    },
    issue: (c: LComment, _: never, ctx: LinearContext) => ctx.data.issues.get(c.issueId),
    parent: (c: LComment, _: never, ctx: LinearContext) => ctx.data.comments.get(c.parentId),
    user: (c: LComment, _: never, ctx: LinearContext) => ctx.data.users.get(c.userId),
    resolvingUser: (c: LComment, _: never, ctx: LinearContext) => ctx.data.users.get(c.resolvingUserId),
    resolvingComment: (c: LComment, _: never, ctx: LinearContext) => ctx.data.comments.get(c.resolvingCommentId),
    children: (c: LComment, args: Args, ctx: LinearContext) =>
      connection(ctx.data.comments.where('parentId', c.id), args, filtered('Comment', ctx, args.filter)),
  },

  WorkflowState: {
    team: (s: { teamId: string }, _: never, ctx: LinearContext) => ctx.data.teams.get(s.teamId),
  },

  Cycle: {
    team: (c: LCycle, _: never, ctx: LinearContext) => ctx.data.teams.get(c.teamId),
    isActive: (c: LCycle, _: never, ctx: LinearContext) => cycleFlags(c, ctx.clock.peek(), ctx.data).isActive,
    isPast: (c: LCycle, _: never, ctx: LinearContext) => cycleFlags(c, ctx.clock.peek(), ctx.data).isPast,
    isFuture: (c: LCycle, _: never, ctx: LinearContext) => cycleFlags(c, ctx.clock.peek(), ctx.data).isFuture,
    isNext: (c: LCycle, _: never, ctx: LinearContext) => cycleFlags(c, ctx.clock.peek(), ctx.data).isNext,
    isPrevious: (c: LCycle, _: never, ctx: LinearContext) => cycleFlags(c, ctx.clock.peek(), ctx.data).isPrevious,
    progress: (c: LCycle, _: never, ctx: LinearContext) => {
      const issues = ctx.data.issues.where('cycleId', c.id);
      const done = issues.filter((i) => ctx.data.states.get(i.stateId)?.type === 'completed').length;
      return issues.length === 0 ? 0 : Math.round((done / issues.length) * 1000) / 1000;
    },
  },

  ProjectMilestone: {
    project: (m: { projectId: string }, _: never, ctx: LinearContext) => ctx.data.projects.get(m.projectId),
    progress: (m: { id: string }, _: never, ctx: LinearContext) => {
      const issues = ctx.data.issues.where('projectMilestoneId', m.id);
      const done = issues.filter((i) => ctx.data.states.get(i.stateId)?.type === 'completed').length;
      return issues.length === 0 ? 0 : Math.round((done / issues.length) * 1000) / 1000;
    },
  },

  IssueLabel: {
    team: (l: { teamId: string | null }, _: never, ctx: LinearContext) => ctx.data.teams.get(l.teamId),
    parent: (l: { parentId: string | null }, _: never, ctx: LinearContext) => ctx.data.labels.get(l.parentId),
    creator: (l: { creatorId: string | null }, _: never, ctx: LinearContext) => ctx.data.users.get(l.creatorId),
  },

  Attachment: {
    issue: (a: { issueId: string }, _: never, ctx: LinearContext) => ctx.data.issues.get(a.issueId),
    creator: (a: { creatorId: string | null }, _: never, ctx: LinearContext) => ctx.data.users.get(a.creatorId),
  },

  IssueRelation: {
    issue: (r: { issueId: string }, _: never, ctx: LinearContext) => ctx.data.issues.get(r.issueId),
    relatedIssue: (r: { relatedIssueId: string }, _: never, ctx: LinearContext) => ctx.data.issues.get(r.relatedIssueId),
  },
};

function raise(error: Error): never {
  throw error;
}
