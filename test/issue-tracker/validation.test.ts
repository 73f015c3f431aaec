/**
 * Parameter validation of the issue-tracker connector: every problem is reported at once, as a
 * ValidationError, before any request reaches Linear; boundary values (`first` 250, priority 0
 * and 4, `assigneeId: null`) pass and are sent unchanged. Values Linear judges itself (an empty
 * id, `first: 0`) go to Linear: the rules are the contract's and Linear's, none invented.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, type ExecuteResult } from '@switchyard/connector-issue-tracker';
import { makeConnector, rejection, teamAndStates, useLinearFake, variablesOf } from './helpers.js';

type LooseExecute = { execute(entity: string, action: string, params?: unknown): Promise<ExecuteResult<any, any>> };

const ID = '2f0c6a4e-3b1d-4f7a-9c2e-5d8b1a6e4c30';

const invalid: Array<[string, string, string, unknown, string[]]> = [
  // first: at most 250 (the contract), integer
  ['issues.list first 1.5', 'issues', 'list', { first: 1.5 }, ['first:type']],
  ['issues.list first as a string', 'issues', 'list', { first: '10' }, ['first:type']],
  ['after as a number', 'issues', 'list', { after: 5 }, ['after:type']],
  ['after as null', 'projects', 'list', { after: null }, ['after:type']],
  // priority: integer 0..4
  ['create priority 1.5', 'issues', 'create', { teamId: ID, title: 't', priority: 1.5 }, ['priority:type']],
  ['create priority "high"', 'issues', 'create', { teamId: ID, title: 't', priority: 'high' }, ['priority:type']],
  ['update priority 1.5', 'issues', 'update', { id: ID, priority: 1.5 }, ['priority:type']],
  // required parameters
  ['issues.create without anything', 'issues', 'create', {}, ['teamId:required', 'title:required']],
  ['issues.create without title', 'issues', 'create', { teamId: ID, description: 'd' }, ['title:required']],
  ['issues.create without teamId', 'issues', 'create', { title: 'A title' }, ['teamId:required']],
  ['issues.get without id', 'issues', 'get', {}, ['id:required']],
  ['issues.update without id', 'issues', 'update', { title: 'x' }, ['id:required']],
  ['projects.get without id', 'projects', 'get', {}, ['id:required']],
  ['teams.get without id', 'teams', 'get', {}, ['id:required']],
  ['users.get without id', 'users', 'get', {}, ['id:required']],
  ['comments.list without issueId', 'comments', 'list', { first: 5 }, ['issueId:required']],
  ['comments.get without id', 'comments', 'get', {}, ['id:required']],
  ['comments.create without anything', 'comments', 'create', {}, ['issueId:required', 'body:required']],
  ['comments.create without body', 'comments', 'create', { issueId: 'ENG-1' }, ['body:required']],
  ['comments.update without body', 'comments', 'update', { id: ID }, ['body:required']],
  ['comments.update without anything', 'comments', 'update', {}, ['id:required', 'body:required']],
  // empty strings
  // wrong types
  ['id as a number', 'issues', 'get', { id: 42 }, ['id:type']],
  ['id as null', 'users', 'get', { id: null }, ['id:type']],
  ['teamId as an array', 'issues', 'create', { teamId: [ID], title: 't' }, ['teamId:type']],
  ['title as a number', 'issues', 'create', { teamId: ID, title: 7 }, ['title:type']],
  ['description as an object', 'issues', 'create', { teamId: ID, title: 't', description: { md: 'x' } }, ['description:type']],
  ['update title null (not nullable)', 'issues', 'update', { id: ID, title: null }, ['title:type']],
  ['update stateId null (not nullable)', 'issues', 'update', { id: ID, stateId: null }, ['stateId:type']],
  ['update assigneeId as a number', 'issues', 'update', { id: ID, assigneeId: 5 }, ['assigneeId:type']],
  ['comment body as a number', 'comments', 'create', { issueId: 'ENG-1', body: 12 }, ['body:type']],
  ['params that are not an object', 'issues', 'get', 'ENG-1', [':type']],
  ['params as an array', 'issues', 'list', [10], [':type']],
  // unknown parameters
  ['limit instead of first', 'issues', 'list', { limit: 10 }, ['limit:unknown']],
  ['cursor instead of after', 'users', 'list', { cursor: 'abc' }, ['cursor:unknown']],
  ['assigneeId on create (not a create param)', 'issues', 'create', { teamId: ID, title: 't', assigneeId: ID }, ['assigneeId:unknown']],
  ['labelIds on update', 'issues', 'update', { id: ID, labelIds: [ID] }, ['labelIds:unknown']],
  ['parentId on comments.create', 'comments', 'create', { issueId: 'ENG-1', body: 'b', parentId: ID }, ['parentId:unknown']],
  ['a search parameter on a list', 'teams', 'list', { query: {} }, ['query:unknown']],
  ['filter on comments.list', 'comments', 'list', { issueId: 'ENG-1', filter: {} }, ['filter:unknown']],
  // several problems at once
  [
    'five problems in one create',
    'issues',
    'create',
    { teamId: 5, priority: 7, estimate: 3, description: 5 },
    ['teamId:type', 'title:required', 'priority:maximum', 'estimate:unknown', 'description:type'],
  ],
  [
    'four problems in one update',
    'issues',
    'update',
    { title: 3, priority: 2.5, assigneeId: false, teamId: ID },
    ['id:required', 'title:type', 'priority:type', 'assigneeId:type', 'teamId:unknown'],
  ],
  [
    'three problems in one list',
    'comments',
    'list',
    { first: 251, after: 1, limit: 5 },
    ['issueId:required', 'first:maximum', 'after:type', 'limit:unknown'],
  ],
];

describe('parameter validation before any request', () => {
  const ctx = useLinearFake({ issuesPerTeam: 5, commentsPerIssue: 1 });

  it.each(invalid)('%s', async (_what, entity, action, params, issues) => {
    const c = makeConnector(ctx.fake) as unknown as LooseExecute;
    const error = await rejection(c.execute(entity, action, params));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.name).toBe('ValidationError');
    expect(error.issues.map((i: { path: string; rule: string }) => `${i.path}:${i.rule}`).sort()).toEqual([...issues].sort());
    expect(error.message).toContain(
      `issue-tracker ${entity}.${action}: ${issues.length} invalid parameter${issues.length === 1 ? '' : 's'}`,
    );
    for (const issue of error.issues) expect(error.message).toContain(`${issue.path || '(params)'}: ${issue.message} [${issue.rule}]`);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('the typed helpers validate the same way, and iterating a list validates before the first fetch', async () => {
    const c = makeConnector(ctx.fake);
    const errors = [
      await rejection(c.issues.list({ first: 251 })),
      await rejection(c.issues.create({ teamId: ID, title: 'x', priority: 5 })),
      await rejection(c.issues.update({ id: ID, priority: -1 })),
      await rejection(c.comments.create({ issueId: 'ENG-1', body: 5 as unknown as string })),
      await rejection(c.comments.list({ issueId: 'ENG-1', first: 1000 })),
    ];
    expect(errors.map((e) => e instanceof ValidationError && e.issues.map((i) => `${i.path}:${i.rule}`).join())).toEqual([
      'first:maximum',
      'priority:maximum',
      'priority:minimum',
      'body:type',
      'first:maximum',
    ]);
    await expect(
      (async () => {
        for await (const _ of c.issues.list({ first: 251 })) void _;
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(ctx.fake.requests).toHaveLength(0);
  });

  it('messages say what is wrong with the value and suggest the known parameter', async () => {
    const c = makeConnector(ctx.fake) as unknown as LooseExecute;
    const first = await rejection(c.execute('issues', 'list', { first: 251 }));
    expect(first.issues).toEqual([{ path: 'first', rule: 'maximum', message: 'must be at most 250; got 251' }]);
    const priority = await rejection(c.execute('issues', 'create', { teamId: ID, title: 't', priority: 1.5 }));
    expect(priority.issues).toEqual([{ path: 'priority', rule: 'type', message: 'must be an integer, got the number 1.5' }]);
    const typo = await rejection(c.execute('issues', 'update', { id: ID, assignee_id: ID }));
    expect(typo.issues[0].message).toContain('did you mean "assigneeId"?');
    const limit = await rejection(c.execute('issues', 'list', { limit: 10 }));
    expect(limit.issues[0].message).toBe('is not a known parameter; known: first, after');
    expect(ctx.fake.requests).toHaveLength(0);
  });
});

describe('boundary values go through to Linear', () => {
  const ctx = useLinearFake({ issuesPerTeam: 5, commentsPerIssue: 1 });

  it("first 250 on every list action stays within Linear's 10,000-point complexity ceiling", async () => {
    // List documents select no nested connections (spec notes), so the contract's maximum page
    // size is accepted; the fake applies Linear's published complexity rule.
    const c = makeConnector(ctx.fake);
    const issues = await c.issues.list({ first: 250 });
    expect(issues.data).toHaveLength(ctx.fake.data.issues.size);
    await c.projects.list({ first: 250 });
    await c.teams.list({ first: 250 });
    await c.users.list({ first: 250 });
    await c.comments.list({ issueId: 'ENG-2', first: 250 });
    expect(ctx.fake.requests.map((r) => variablesOf(r)['first'])).toEqual([250, 250, 250, 250, 250]);
  });

  it('priority 0 and 4 pass; assigneeId null passes; optional empty description is sent', async () => {
    const c = makeConnector(ctx.fake);
    const { team } = teamAndStates(ctx.fake);
    const none = await c.issues.create({ teamId: team.id, title: 'p0', priority: 0, description: '' });
    expect(none.data.priorityLabel).toBe('No priority');
    const low = await c.issues.update({ id: none.data.id, priority: 4, assigneeId: null });
    expect(low.data.priorityLabel).toBe('Low');
    expect(ctx.fake.requests.map(variablesOf)).toStrictEqual([
      { input: { teamId: team.id, title: 'p0', priority: 0, description: '' } },
      { id: none.data.id, input: { priority: 4, assigneeId: null } },
    ]);
  });

  it('undefined optional params are treated as omitted (nothing sent for them)', async () => {
    const c = makeConnector(ctx.fake);
    const { team } = teamAndStates(ctx.fake);
    const created = await c.issues.create({ teamId: team.id, title: 'omitted', description: undefined, priority: undefined });
    await c.issues.update({ id: created.data.id, title: 'still omitted', assigneeId: undefined });
    expect(ctx.fake.requests.map(variablesOf)).toStrictEqual([
      { input: { teamId: team.id, title: 'omitted' } },
      { id: created.data.id, input: { title: 'still omitted' } },
    ]);
  });
});

describe('values Linear judges itself go to Linear', () => {
  const ctx = useLinearFake({ issuesPerTeam: 2, commentsPerIssue: 1 });

  it('an empty id and first: 0 are sent as given and answered by Linear, not refused here', async () => {
    const c = makeConnector(ctx.fake);
    await c.users.get({ id: '' }).catch(() => undefined);
    await c.issues.list({ first: 0 }).catch(() => undefined);
    expect(ctx.fake.requests.map(variablesOf)).toEqual([{ id: '' }, { first: 0 }]);
  });
});
