/**
 * What is specific to GitHub in the code-hosting actions: the variables each action sends under
 * GitHub's argument names, filters and orders, records that are edges or unions, node-id lookups.
 */
import { CodeHostingConnector } from '@switchyard/connector-code-hosting';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../fakes/github.js';

const TOKEN = 'ghp_actions_test';
const REPO = { owner: 'northwind-labs', repo: 'switchyard' };
let fake: GitHubFake;
let github: CodeHostingConnector;
const sent = (i = 0) => fake.requests[i]!.body as { query: string; variables: Record<string, unknown>; operationName: string };

beforeAll(async () => {
  fake = await startGitHubFake({ token: TOKEN });
  github = new CodeHostingConnector({ auth: { token: TOKEN }, baseUrl: fake.url, maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('code-hosting actions on GitHub', () => {
  it('seed names map to GitHub’s arguments: repo → name, per_page → first, username → login', async () => {
    await github.repositories.list({ username: fake.data.viewer['login'], per_page: 2 });
    expect(sent().variables).toEqual({ login: fake.data.viewer['login'], first: 2 });
    expect(sent().operationName).toBe('UserRepositoriesList');
    await github.issues.list(REPO);
    expect(sent(1).variables).toEqual({ owner: 'northwind-labs', name: 'switchyard', first: 30 });
  });

  it('states filter issues and pull requests (MERGED is a pull request state)', async () => {
    const merged = await github.pull_requests.list({ ...REPO, states: ['MERGED'], per_page: 100, fields: ['state', 'merged'] });
    expect(merged.data.length).toBeGreaterThan(0);
    expect(merged.data.every((pr) => pr.state === 'MERGED' && pr.merged === true)).toBe(true);
    const closed = await github.issues.list({ ...REPO, states: ['CLOSED'], per_page: 100, fields: ['state', 'closedAt'] });
    expect(closed.data.every((i) => i.state === 'CLOSED' && typeof i.closedAt === 'string')).toBe(true);
  });

  it('repositories.list holds only the repositories the user owns (not its organizations’), newest first', async () => {
    const own = await github.repositories.list({ username: fake.data.viewer['login'], fields: ['nameWithOwner'] });
    expect(own.data.map((r) => r.nameWithOwner)).toEqual([
      `${fake.data.viewer['login']}/blog`,
      `${fake.data.viewer['login']}/advent-of-code`,
      `${fake.data.viewer['login']}/dotfiles`,
    ]);
  });

  it('stargazers are edges: starredAt, and the chosen user fields under node, most recent first', async () => {
    const { data } = await github.stargazers.list({ ...REPO, per_page: 2, fields: ['login'] });
    expect(data).toHaveLength(2);
    expect(Object.keys(data[0]!).sort()).toEqual(['node', 'starredAt']);
    expect(Object.keys(data[0]!.node)).toEqual(['login']);
    expect(data[0]!.starredAt > data[1]!.starredAt).toBe(true);
  });

  it('comments.get and pr_comments.get take the node id from the lists', async () => {
    const list = await github.pr_comments.list({
      ...REPO,
      number: fake.data.repositories[0]!['pullRequests'][0]['number'],
      fields: ['id', 'body'],
    });
    const one = await github.pr_comments.get({ id: list.data[0]!.id! });
    expect(one.data).toMatchObject({ id: list.data[0]!.id, body: list.data[0]!.body });
    expect(sent(1).variables).toEqual({ id: list.data[0]!.id });
  });

  it('project items carry their content union and field values', async () => {
    const { data } = await github.project_items.list({
      org: 'northwind-labs',
      project_number: 1,
      per_page: 6,
      fields: ['type', 'content', 'fieldValues'],
    });
    const draft = data.find((i) => i.type === 'DRAFT_ISSUE')!;
    expect(draft.content).toMatchObject({ __typename: 'DraftIssue', title: expect.any(String) });
    const issue = data.find((i) => i.type === 'ISSUE')!;
    expect(issue.content).toMatchObject({ __typename: 'Issue', issueState: expect.stringMatching(/^(OPEN|CLOSED)$/) });
    const values = (issue.fieldValues as { nodes: { __typename: string; field: { name: string } }[] }).nodes;
    expect(values.map((v) => v.field.name)).toEqual(['Status', 'Priority', 'Estimate', 'Due', 'Notes', 'Sprint']);
  });

  it('issues.api_search sends GitHub search syntax and returns issues', async () => {
    const { data, meta } = await github.issues.api_search({
      query: 'repo:northwind-labs/switchyard is:issue is:open',
      per_page: 5,
      fields: ['number', 'state'],
    });
    expect(sent().query).toContain('search(query: $query, type: ISSUE');
    expect(data.length).toBe(5);
    expect(data.every((i) => i.state === 'OPEN')).toBe(true);
    expect(meta.hasNextPage).toBe(true);
    expect(typeof meta.endCursor).toBe('string');
  });

  // The sha travels as GitHub's object(expression:), which GitHub resolves itself: the connector
  // refuses nothing GitHub would take (spec comment), and one that names no commit answers null.
  it('commits.get accepts an abbreviated SHA; one that names no commit is sent and answered null', async () => {
    const head = fake.data.repositories[0]!['defaultBranchRef']['target'];
    const { data } = await github.commits.get({ ...REPO, sha: head['abbreviatedOid'], fields: ['oid'] });
    expect(data).toEqual({ oid: head['oid'] });
    fake.reset();
    const missing = await github.commits.get({ ...REPO, sha: 'not-a-commit' }).catch((e: unknown) => e);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.parse(fake.requests[0]!.rawBody).variables.expression).toBe('not-a-commit');
    expect(missing).not.toBeInstanceOf(Error);
    expect((missing as { data: unknown }).data).toBeNull();
  });
});
