/**
 * Every entity.action of specs/issue-tracker.yaml against the Linear fake: the exact GraphQL
 * request Linear receives (`POST /graphql`, `{query, variables, operationName}`, the raw API key)
 * and the parsed `{data, meta}`. Each case runs through the typed helper on fake A and through
 * `execute(entity, action, params)` on fake B; both fakes start from the same seeded workspace and
 * see the same calls in the same order, so requests and results must be identical.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  IssueTrackerConnector,
  metadata,
  recordSchemas,
  type ExecuteResult,
} from '@switchyard/connector-issue-tracker';
import type { LinearFake } from '../fakes/linear.js';
import {
  ACCESS_TOKEN,
  API_KEY,
  allIssues,
  commentsOf,
  expectedComment,
  expectedIssue,
  expectedProject,
  expectedTeam,
  expectedUser,
  gql,
  integrationComment,
  makeConnector,
  newestFirst,
  rejection,
  replyComment,
  richIssue,
  teamAndStates,
  useLinearFake,
} from './helpers.js';

type Params = Record<string, unknown>;
type LooseExecute = { execute(entity: string, action: string, params?: unknown): Promise<ExecuteResult<any, any>> };
type RecordType = keyof typeof recordSchemas.definitions;

interface Case {
  name: string;
  entity: string;
  action: string;
  operationName: string;
  params: (fake: LinearFake) => Params;
  helper: (c: IssueTrackerConnector, params: any) => PromiseLike<{ data: unknown; meta: unknown }>;
  /** The exact `variables` Linear must receive. */
  variables: (fake: LinearFake, params: Params) => Params;
  verify: (result: ExecuteResult<any, any>, fake: LinearFake, params: Params) => void;
}

const RECORD_OF: Record<string, RecordType> = { issues: 'Issue', projects: 'Project', teams: 'Team', users: 'User', comments: 'Comment' };
/** Nested connections list documents do not select (spec notes: Linear's complexity ceiling). */
const LIST_OMITS: Record<string, string[]> = {
  issues: ['attachments', 'labels', 'relations', 'subscribers'],
  projects: ['teams'],
  users: ['teams'],
};

const issueRow = (fake: LinearFake, id: string) => fake.data.issues.get(id) ?? fake.data.issues.rows.find((i) => i.identifier === id)!;
/** An issue whose assignee is set and that no earlier case touched. */
const assignedIssue = (fake: LinearFake, skip = 0) =>
  allIssues(fake).filter((i) => i.assigneeId && i.teamId === teamAndStates(fake).team.id)[5 + skip]!;
const activeUsers = (fake: LinearFake) => newestFirst(fake.data.users.rows.filter((u) => u.active));

const NEW_TITLE = 'Webhooks retry forever on 410 Gone';
const NEW_DESCRIPTION = 'Steps:\n\n1. Register a webhook\n2. Return **410**\n\n`retry_count` keeps growing.';

const cases: Case[] = [
  // ---- issues ----------------------------------------------------------------------------------
  {
    name: 'issues.list (first 5: newest first, endCursor = last id, hasNextPage)',
    entity: 'issues',
    action: 'list',
    operationName: 'IssuesList',
    params: () => ({ first: 5 }),
    helper: (c, p) => c.issues.list(p),
    variables: () => ({ first: 5 }),
    verify: ({ data, meta }, fake) => {
      const expected = allIssues(fake).slice(0, 5);
      expect(data).toEqual(expected.map((row) => expectedIssue(fake, row, 'list')));
      expect(meta).toEqual({ endCursor: expected[4]!.id, hasNextPage: true });
    },
  },
  {
    name: 'issues.list (no params: the default first 50 is sent)',
    entity: 'issues',
    action: 'list',
    operationName: 'IssuesList',
    params: () => ({}),
    helper: (c) => c.issues.list(),
    variables: () => ({ first: 50 }),
    verify: ({ data, meta }, fake) => {
      const expected = allIssues(fake).slice(0, 50);
      expect(data.map((i: { id: string }) => i.id)).toEqual(expected.map((i) => i.id));
      expect(meta).toEqual({ endCursor: expected[49]!.id, hasNextPage: true });
    },
  },
  {
    name: 'issues.list (after a cursor, last page: endCursor null although Linear sends one)',
    entity: 'issues',
    action: 'list',
    operationName: 'IssuesList',
    params: (fake) => ({ first: 50, after: allIssues(fake)[99]!.id }),
    helper: (c, p) => c.issues.list(p),
    variables: (_fake, p) => ({ first: 50, after: p.after }),
    verify: ({ data, meta }, fake) => {
      const expected = allIssues(fake).slice(100);
      expect(expected).toHaveLength(20);
      expect(data).toEqual(expected.map((row) => expectedIssue(fake, row, 'list')));
      expect(meta).toEqual({ endCursor: null, hasNextPage: false });
    },
  },
  {
    name: 'issues.get (by UUID: every field, derived ids)',
    entity: 'issues',
    action: 'get',
    operationName: 'IssueGet',
    params: (fake) => ({ id: richIssue(fake).id }),
    helper: (c, p) => c.issues.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data, meta }, fake, p) => {
      const row = issueRow(fake, p.id as string);
      expect(data).toEqual(expectedIssue(fake, row));
      // The derived ids are the nested objects' ids, not nulls.
      expect(data.assigneeId).toBe(data.assignee.id);
      expect(data.teamId).toBe(data.team.id);
      expect(data.stateId).toBe(data.state.id);
      expect(data.cycleId).toBe(data.cycle.id);
      expect(data.projectId).toBe(data.project.id);
      expect(data.labelIds.length).toBeGreaterThan(0);
      expect(data.subscriberIds).toEqual(data.subscribers.nodes.map((n: { id: string }) => n.id));
      expect(meta).toEqual({});
    },
  },
  {
    name: 'issues.get (by identifier ENG-3)',
    entity: 'issues',
    action: 'get',
    operationName: 'IssueGet',
    params: () => ({ id: 'ENG-3' }),
    helper: (c, p) => c.issues.get(p),
    variables: () => ({ id: 'ENG-3' }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(expectedIssue(fake, issueRow(fake, 'ENG-3')));
      expect(data.identifier).toBe('ENG-3');
      expect(meta).toEqual({});
    },
  },
  {
    name: 'issues.create (teamId and title only: nothing else in input)',
    entity: 'issues',
    action: 'create',
    operationName: 'IssueCreate',
    params: (fake) => ({ teamId: teamAndStates(fake).team.id, title: NEW_TITLE }),
    helper: (c, p) => c.issues.create(p),
    variables: (_fake, p) => ({ input: { teamId: p.teamId, title: NEW_TITLE } }),
    verify: ({ data, meta }, fake, p) => {
      const created = fake.data.issues.rows.filter((i) => i.title === NEW_TITLE);
      expect(created).toHaveLength(1);
      expect(data).toEqual(expectedIssue(fake, created[0]!));
      expect(data.teamId).toBe(p.teamId);
      expect(data.stateId).toBe(teamAndStates(fake).todo); // the team's default state
      expect(data.priority).toBe(0);
      expect(data.description).toBeNull();
      expect(data.creatorId).toBe(fake.data.viewerId);
      expect(data.assigneeId).toBeNull();
      expect(meta).toEqual({});
    },
  },
  {
    name: 'issues.create (every optional param: description, stateId, priority)',
    entity: 'issues',
    action: 'create',
    operationName: 'IssueCreate',
    params: (fake) => ({
      teamId: teamAndStates(fake, 'DES').team.id,
      title: 'Dark mode contrast on charts',
      description: NEW_DESCRIPTION,
      stateId: teamAndStates(fake, 'DES').inProgress,
      priority: 2,
    }),
    helper: (c, p) => c.issues.create(p),
    variables: (_fake, p) => ({
      input: { teamId: p.teamId, title: 'Dark mode contrast on charts', description: NEW_DESCRIPTION, stateId: p.stateId, priority: 2 },
    }),
    verify: ({ data }, fake, p) => {
      const created = fake.data.issues.rows.filter((i) => i.title === 'Dark mode contrast on charts');
      expect(created).toHaveLength(1);
      expect(data).toEqual(expectedIssue(fake, created[0]!));
      expect(data.identifier).toMatch(/^DES-\d+$/);
      expect(data.description).toBe(NEW_DESCRIPTION);
      expect(data.stateId).toBe(p.stateId);
      expect(data.state.name).toBe('In Progress');
      expect(data.priority).toBe(2);
      expect(data.priorityLabel).toBe('High');
      expect(data.startedAt).not.toBeNull();
    },
  },
  {
    name: 'issues.update (title only: input {title}, assignee unchanged)',
    entity: 'issues',
    action: 'update',
    operationName: 'IssueUpdate',
    params: (fake) => ({ id: assignedIssue(fake).id, title: 'Renamed: flaky login test' }),
    helper: (c, p) => c.issues.update(p),
    variables: (_fake, p) => ({ id: p.id, input: { title: 'Renamed: flaky login test' } }),
    verify: ({ data }, fake, p) => {
      const row = issueRow(fake, p.id as string);
      expect(row.title).toBe('Renamed: flaky login test');
      expect(data).toEqual(expectedIssue(fake, row));
      expect(data.assigneeId).toEqual(expect.any(String)); // still assigned
      expect(data.assigneeId).toBe(row.assigneeId);
    },
  },
  {
    name: 'issues.update (assigneeId null: sent as explicit null, unassigns)',
    entity: 'issues',
    action: 'update',
    operationName: 'IssueUpdate',
    params: (fake) => ({ id: assignedIssue(fake, 1).id, assigneeId: null }),
    helper: (c, p) => c.issues.update(p),
    variables: (_fake, p) => ({ id: p.id, input: { assigneeId: null } }),
    verify: ({ data }, fake, p) => {
      const row = issueRow(fake, p.id as string);
      expect(row.assigneeId).toBeNull();
      expect(data).toEqual(expectedIssue(fake, row));
      expect(data.assignee).toBeNull();
      expect(data.assigneeId).toBeNull();
    },
  },
  {
    name: 'issues.update (assignee, state, priority and description together)',
    entity: 'issues',
    action: 'update',
    operationName: 'IssueUpdate',
    params: (fake) => ({
      id: assignedIssue(fake, 2).identifier,
      assigneeId: activeUsers(fake)[2]!.id,
      stateId: teamAndStates(fake).inProgress,
      priority: 1,
      description: 'Now **urgent**',
    }),
    helper: (c, p) => c.issues.update(p),
    variables: (_fake, p) => ({
      id: p.id,
      input: { assigneeId: p.assigneeId, stateId: p.stateId, priority: 1, description: 'Now **urgent**' },
    }),
    verify: ({ data }, fake, p) => {
      const row = issueRow(fake, p.id as string);
      expect(data).toEqual(expectedIssue(fake, row));
      expect(data.assigneeId).toBe(p.assigneeId);
      expect(data.stateId).toBe(p.stateId);
      expect(data.priorityLabel).toBe('Urgent');
      expect(data.description).toBe('Now **urgent**');
    },
  },
  {
    name: 'issues.update (id only: no input variable, the document default {} applies)',
    entity: 'issues',
    action: 'update',
    operationName: 'IssueUpdate',
    params: (fake) => ({ id: assignedIssue(fake, 3).id }),
    helper: (c, p) => c.issues.update(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data }, fake, p) => {
      const row = issueRow(fake, p.id as string);
      expect(data).toEqual(expectedIssue(fake, row));
      expect(data.assigneeId).toEqual(expect.any(String));
    },
  },
  // ---- projects --------------------------------------------------------------------------------
  {
    name: 'projects.list (first 2)',
    entity: 'projects',
    action: 'list',
    operationName: 'ProjectsList',
    params: () => ({ first: 2 }),
    helper: (c, p) => c.projects.list(p),
    variables: () => ({ first: 2 }),
    verify: ({ data, meta }, fake) => {
      const expected = newestFirst(fake.data.projects.rows).slice(0, 2);
      expect(data).toEqual(expected.map((row) => expectedProject(fake, row, 'list')));
      expect(meta).toEqual({ endCursor: expected[1]!.id, hasNextPage: true });
    },
  },
  {
    name: 'projects.list (default: one page, endCursor null)',
    entity: 'projects',
    action: 'list',
    operationName: 'ProjectsList',
    params: () => ({}),
    helper: (c) => c.projects.list(),
    variables: () => ({ first: 50 }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(newestFirst(fake.data.projects.rows).map((row) => expectedProject(fake, row, 'list')));
      expect(data).toHaveLength(6);
      expect(meta).toEqual({ endCursor: null, hasNextPage: false });
    },
  },
  {
    name: 'projects.get (by id)',
    entity: 'projects',
    action: 'get',
    operationName: 'ProjectGet',
    params: (fake) => ({ id: fake.data.projects.rows.find((p) => p.leadId && p.teamIds.length > 1)!.id }),
    helper: (c, p) => c.projects.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data, meta }, fake, p) => {
      expect(data).toEqual(expectedProject(fake, fake.data.projects.get(p.id as string)!));
      expect(data.teamIds).toHaveLength(2);
      expect(data.leadId).toBe(data.lead.id);
      expect(data.statusId).toBe(data.status.id);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'projects.get (by slug id)',
    entity: 'projects',
    action: 'get',
    operationName: 'ProjectGet',
    params: (fake) => ({ id: fake.data.projects.rows[3]!.slugId }),
    helper: (c, p) => c.projects.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data }, fake) => {
      expect(data).toEqual(expectedProject(fake, fake.data.projects.rows[3]!));
    },
  },
  // ---- teams -----------------------------------------------------------------------------------
  {
    name: 'teams.list (default: every team, endCursor null)',
    entity: 'teams',
    action: 'list',
    operationName: 'TeamsList',
    params: () => ({}),
    helper: (c) => c.teams.list(),
    variables: () => ({ first: 50 }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(newestFirst(fake.data.teams.rows).map((row) => expectedTeam(fake, row)));
      expect(meta).toEqual({ endCursor: null, hasNextPage: false });
    },
  },
  {
    name: 'teams.list (first 2)',
    entity: 'teams',
    action: 'list',
    operationName: 'TeamsList',
    params: () => ({ first: 2 }),
    helper: (c, p) => c.teams.list(p),
    variables: () => ({ first: 2 }),
    verify: ({ data, meta }, fake) => {
      const expected = newestFirst(fake.data.teams.rows).slice(0, 2);
      expect(data.map((t: { id: string }) => t.id)).toEqual(expected.map((t) => t.id));
      expect(meta).toEqual({ endCursor: expected[1]!.id, hasNextPage: true });
    },
  },
  {
    name: 'teams.get (derived state and cycle ids)',
    entity: 'teams',
    action: 'get',
    operationName: 'TeamGet',
    params: (fake) => ({ id: teamAndStates(fake).team.id }),
    helper: (c, p) => c.teams.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data, meta }, fake, p) => {
      expect(data).toEqual(expectedTeam(fake, fake.data.teams.get(p.id as string)!));
      expect(data.defaultIssueStateId).toBe(teamAndStates(fake).todo);
      expect(data.activeCycleId).toEqual(expect.any(String));
      expect(data.triageIssueStateId).toEqual(expect.any(String));
      expect(meta).toEqual({});
    },
  },
  // ---- users -----------------------------------------------------------------------------------
  {
    name: 'users.list (first 4)',
    entity: 'users',
    action: 'list',
    operationName: 'UsersList',
    params: () => ({ first: 4 }),
    helper: (c, p) => c.users.list(p),
    variables: () => ({ first: 4 }),
    verify: ({ data, meta }, fake) => {
      const expected = activeUsers(fake).slice(0, 4);
      expect(data).toEqual(expected.map((row) => expectedUser(fake, row, 'list')));
      expect(meta).toEqual({ endCursor: expected[3]!.id, hasNextPage: true });
    },
  },
  {
    name: 'users.list (default: active users only, endCursor null)',
    entity: 'users',
    action: 'list',
    operationName: 'UsersList',
    params: () => ({}),
    helper: (c) => c.users.list(),
    variables: () => ({ first: 50 }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(activeUsers(fake).map((row) => expectedUser(fake, row, 'list')));
      expect(data).toHaveLength(fake.data.users.size - 1);
      expect(meta).toEqual({ endCursor: null, hasNextPage: false });
    },
  },
  {
    name: 'users.get (the viewer: isMe, teamIds)',
    entity: 'users',
    action: 'get',
    operationName: 'UserGet',
    params: (fake) => ({ id: fake.data.viewerId }),
    helper: (c, p) => c.users.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data, meta }, fake) => {
      expect(data).toEqual(expectedUser(fake, fake.data.users.get(fake.data.viewerId)!));
      expect(data.isMe).toBe(true);
      expect(data.teamIds).toHaveLength(fake.data.teams.size);
      expect(meta).toEqual({});
    },
  },
  // ---- comments --------------------------------------------------------------------------------
  {
    name: 'comments.list (issueId, first 2)',
    entity: 'comments',
    action: 'list',
    operationName: 'CommentsList',
    params: (fake) => ({ issueId: richIssue(fake).id, first: 2 }),
    helper: (c, p) => c.comments.list(p),
    variables: (_fake, p) => ({ issueId: p.issueId, first: 2 }),
    verify: ({ data, meta }, fake, p) => {
      const expected = commentsOf(fake, p.issueId as string);
      expect(data).toEqual(expected.slice(0, 2).map((row) => expectedComment(fake, row)));
      expect(meta).toEqual({ endCursor: expected[1]!.id, hasNextPage: expected.length > 2 });
    },
  },
  {
    name: 'comments.list (by identifier, default first: one page)',
    entity: 'comments',
    action: 'list',
    operationName: 'CommentsList',
    params: (fake) => ({ issueId: richIssue(fake).identifier }),
    helper: (c, p) => c.comments.list(p),
    variables: (_fake, p) => ({ issueId: p.issueId, first: 50 }),
    verify: ({ data, meta }, fake) => {
      const expected = commentsOf(fake, richIssue(fake).id);
      expect(data).toEqual(expected.map((row) => expectedComment(fake, row)));
      expect(data.every((c: { issueId: string }) => c.issueId === richIssue(fake).id)).toBe(true);
      expect(meta).toEqual({ endCursor: null, hasNextPage: false });
    },
  },
  {
    name: 'comments.get (a reply: parentCommentId, userId)',
    entity: 'comments',
    action: 'get',
    operationName: 'CommentGet',
    params: (fake) => ({ id: replyComment(fake).id }),
    helper: (c, p) => c.comments.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data, meta }, fake, p) => {
      const row = fake.data.comments.get(p.id as string)!;
      expect(data).toEqual(expectedComment(fake, row));
      expect(data.parentCommentId).toBe(row.parentId);
      expect(data.parentCommentId).toEqual(expect.any(String));
      expect(data.userId).toBe(row.userId);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'comments.get (written by an integration: user and userId null)',
    entity: 'comments',
    action: 'get',
    operationName: 'CommentGet',
    params: (fake) => ({ id: integrationComment(fake).id }),
    helper: (c, p) => c.comments.get(p),
    variables: (_fake, p) => ({ id: p.id }),
    verify: ({ data }, fake, p) => {
      expect(data).toEqual(expectedComment(fake, fake.data.comments.get(p.id as string)!));
      expect(data.user).toBeNull();
      expect(data.userId).toBeNull();
    },
  },
  {
    name: 'comments.create (input {issueId, body})',
    entity: 'comments',
    action: 'create',
    operationName: 'CommentCreate',
    params: (fake) => ({ issueId: richIssue(fake).identifier, body: 'Repro attached: `curl -X POST …` returns **410**.' }),
    helper: (c, p) => c.comments.create(p),
    variables: (_fake, p) => ({ input: { issueId: p.issueId, body: 'Repro attached: `curl -X POST …` returns **410**.' } }),
    verify: ({ data, meta }, fake) => {
      const created = fake.data.comments.rows.filter((c) => c.body === 'Repro attached: `curl -X POST …` returns **410**.');
      expect(created).toHaveLength(1);
      expect(data).toEqual(expectedComment(fake, created[0]!));
      expect(data.issueId).toBe(richIssue(fake).id);
      expect(data.userId).toBe(fake.data.viewerId);
      expect(meta).toEqual({});
    },
  },
  {
    name: 'comments.update (id, input {body})',
    entity: 'comments',
    action: 'update',
    operationName: 'CommentUpdate',
    params: (fake) => ({ id: replyComment(fake).id, body: 'Edited: fixed in **#4821**.' }),
    helper: (c, p) => c.comments.update(p),
    variables: (_fake, p) => ({ id: p.id, input: { body: 'Edited: fixed in **#4821**.' } }),
    verify: ({ data, meta }, fake, p) => {
      const row = fake.data.comments.get(p.id as string)!;
      expect(row.body).toBe('Edited: fixed in **#4821**.');
      expect(data).toEqual(expectedComment(fake, row));
      expect(data.editedAt).toEqual(expect.any(String));
      expect(meta).toEqual({});
    },
  },
];

describe('issue-tracker actions: request on the wire and parsed result', () => {
  const a = useLinearFake();
  const b = useLinearFake();

  it('covers every non-search entity.action of the spec', () => {
    const covered = new Set(cases.map((c) => `${c.entity}.${c.action}`));
    const declared = Object.values(metadata.actions).flatMap((actions) =>
      Object.values(actions)
        .filter((action) => !action.hostedOnly)
        .map((action) => `${action.entity}.${action.action}`),
    );
    expect([...covered].sort()).toEqual([...declared].sort());
    expect(covered.size).toBe(14);
  });

  it.each(cases)('$name', async (kase) => {
    const params = kase.params(a.fake);
    expect(kase.params(b.fake)).toEqual(params); // the two seeded fakes are in the same state

    const viaHelper = await kase.helper(makeConnector(a.fake), params);
    const viaExecute = await (makeConnector(b.fake) as unknown as LooseExecute).execute(kase.entity, kase.action, params);

    expect(a.fake.requests).toHaveLength(1);
    expect(b.fake.requests).toHaveLength(1);
    const document = metadata.actions[kase.entity]![kase.action]!.request!.graphql!.document;
    for (const request of [a.fake.requests[0]!, b.fake.requests[0]!]) {
      const body = gql(request);
      expect(body.operationName).toBe(kase.operationName);
      expect(body.query).toBe(document);
      expect(body.query).toContain(`${kase.action === 'create' || kase.action === 'update' ? 'mutation' : 'query'} ${kase.operationName}(`);
      expect(body.variables).toStrictEqual(kase.variables(a.fake, params));
      expect(request.headers['authorization']).toBe(API_KEY); // raw, no scheme
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['accept']).toBe('application/json');
      expect(request.query).toEqual({});
    }
    expect(a.fake.requests[0]!.rawBody).toBe(b.fake.requests[0]!.rawBody);

    expect(Object.keys(viaExecute).sort()).toEqual(['data', 'meta']);
    expect({ data: viaHelper.data, meta: viaHelper.meta }).toEqual(viaExecute);
    // Records carry exactly the fields of the spec's record type (lists without nested connections).
    const omitted = kase.action === 'list' ? (LIST_OMITS[kase.entity] ?? []) : [];
    const recordKeys = Object.keys(recordSchemas.definitions[RECORD_OF[kase.entity]!].properties)
      .filter((key) => !omitted.includes(key))
      .sort();
    const records = Array.isArray(viaExecute.data) ? viaExecute.data : [viaExecute.data];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(Object.keys(record).sort()).toEqual(recordKeys);
    kase.verify(viaExecute, a.fake, params);
  });
});

describe('credentials', () => {
  const ctx = useLinearFake();

  it('the API key kind sends the key raw in Authorization, never as Bearer', async () => {
    const c = makeConnector(ctx.fake);
    await c.users.get({ id: ctx.fake.data.viewerId });
    await c.issues.update({ id: 'ENG-1', priority: 3 });
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([API_KEY, API_KEY]);
    expect(ctx.fake.requests.every((r) => !/bearer/i.test(r.headers['authorization']!))).toBe(true);
  });

  it('{access_token} alone selects the OAuth kind: `Bearer <token>`, reads and writes', async () => {
    const c = makeConnector(ctx.fake, { auth: { access_token: ACCESS_TOKEN } });
    const { data } = await c.users.get({ id: ctx.fake.data.viewerId });
    expect(data.isMe).toBe(true);
    const { data: comment } = await c.comments.create({ issueId: 'ENG-2', body: 'via OAuth' });
    expect(comment.body).toBe('via OAuth');
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${ACCESS_TOKEN}`, `Bearer ${ACCESS_TOKEN}`]);
  });

  it('an API key passed as an OAuth token goes out as `Bearer <key>`, which Linear rejects (401, not retried)', async () => {
    const c = makeConnector(ctx.fake, { auth: { access_token: API_KEY } });
    const error = await rejection(c.issues.list({ first: 1 }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(ctx.fake.requests.map((r) => r.headers['authorization'])).toEqual([`Bearer ${API_KEY}`]);
  });
});

describe('records vs the package recordSchemas', () => {
  const ctx = useLinearFake();
  const ajv = new Ajv({ allErrors: true, strict: false });
  const check = (type: RecordType, records: unknown[]): string[] => {
    const validate = ajv.compile({ ...recordSchemas.definitions[type], definitions: recordSchemas.definitions });
    return records.flatMap((record, i) =>
      validate(record) ? [] : (validate.errors ?? []).map((e) => `${type}[${i}]${e.instancePath} ${e.message}`),
    );
  };

  it('single records (get, create, update) validate against recordSchemas', async () => {
    const c = makeConnector(ctx.fake);
    const issue = richIssue(ctx.fake);
    const problems = [
      ...check('Issue', [(await c.issues.get({ id: issue.id })).data]),
      ...check('Issue', [(await c.issues.create({ teamId: teamAndStates(ctx.fake).team.id, title: 'schema check' })).data]),
      ...check('Issue', [(await c.issues.update({ id: issue.id, assigneeId: null })).data]),
      ...check('Project', [(await c.projects.get({ id: ctx.fake.data.projects.rows[0]!.id })).data]),
      ...check('Team', [(await c.teams.get({ id: ctx.fake.data.teams.rows[0]!.id })).data]),
      ...check('User', [(await c.users.get({ id: ctx.fake.data.viewerId })).data]),
      ...check('Comment', [(await c.comments.get({ id: integrationComment(ctx.fake).id })).data]),
      ...check('Comment', [(await c.comments.create({ issueId: issue.id, body: 'schema' })).data]),
      ...check('Team', (await c.teams.list()).data),
      ...check('Comment', (await c.comments.list({ issueId: issue.id })).data),
    ];
    expect(problems).toEqual([]);
  });

  it('list records (issues, projects, users) validate against recordSchemas', async () => {
    const c = makeConnector(ctx.fake);
    const problems = [
      ...check('Issue', (await c.issues.list({ first: 5 })).data),
      ...check('Project', (await c.projects.list({ first: 5 })).data),
      ...check('User', (await c.users.list({ first: 5 })).data),
    ];
    expect(problems).toEqual([]);
  });
});
