/**
 * Run-time field selection against the GitHub fake, which executes every document with
 * graphql-js over GitHub's schema: what `fields` names is what is selected and returned, every
 * field of every action resolves, and bad names never reach the network.
 */
import { CodeHostingConnector, ValidationError, metadata } from '@switchyard/connector-code-hosting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../fakes/github.js';
import matrixFixture from '../matrix/connectors/code-hosting.js';

let fake: GitHubFake;
let github: CodeHostingConnector;
const TOKEN = 'ghp_fields_test';

beforeAll(async () => {
  fake = await startGitHubFake({ token: TOKEN });
  github = new CodeHostingConnector({ auth: { token: TOKEN }, baseUrl: fake.url, maxRetries: 0 });
});
afterAll(() => fake.close());

const sentQuery = () => (fake.requests.at(-1)!.body as { query: string }).query;
const REPO = { owner: 'northwind-labs', repo: 'switchyard' };

describe('fields choose the selection', () => {
  it('returns only the named fields and sends only them', async () => {
    fake.reset();
    const { data } = await github.repositories.get({ ...REPO, fields: ['nameWithOwner', 'stargazerCount'] });
    expect(data).toEqual({ nameWithOwner: 'northwind-labs/switchyard', stargazerCount: 14 });
    expect(sentQuery()).toContain('fragment RepositoryFields on Repository {\n  nameWithOwner\n  stargazerCount\n}');
  });

  it('without fields, selects the defaults: every field but the nested connections', async () => {
    fake.reset();
    const { data } = await github.issues.get({ ...REPO, number: 1 });
    const defaults = metadata.actions['issues']!['get']!.request!.graphql!.selection!.default;
    expect(Object.keys(data!).sort()).toEqual([...defaults].sort());
    expect(defaults).not.toContain('labels');
    expect(sentQuery()).not.toContain('labels(first: 20)');
  });

  it('a nested field comes with its sub-selection and the fragments it spreads, and only then', async () => {
    fake.reset();
    const { data } = await github.branches.get({ ...REPO, branch: 'main', fields: ['name', 'target'] });
    expect(data).toMatchObject({
      name: 'main',
      target: { oid: expect.stringMatching(/^[0-9a-f]{40}$/), messageHeadline: expect.any(String) },
    });
    expect(sentQuery()).toContain('fragment CommitSummary on Commit');
    await github.branches.get({ ...REPO, branch: 'main', fields: ['name'] });
    expect(sentQuery()).not.toContain('CommitSummary');
  });

  it('order and repetition of names do not change the document', async () => {
    fake.reset();
    await github.labels.list({ ...REPO, fields: ['color', 'name'] });
    await github.labels.list({ ...REPO, fields: ['name', 'color', 'name'] });
    const [a, b] = fake.requests.map((r) => (r.body as { query: string }).query);
    expect(a).toBe(b);
  });

  it('an unknown name is a ValidationError naming fields and the allowed names, before any request', async () => {
    fake.reset();
    const error = await github.repositories.get({ ...REPO, fields: ['name', 'stars' as 'name'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toMatch(/^fields/);
    expect(issues[0]!.message).toContain('"stars"');
    expect(issues[0]!.message).toContain('"nameWithOwner"');
    expect((error as Error).message).toContain('fields');
    expect(fake.requests).toHaveLength(0);
  });

  it('an empty list, or not a list, is refused before any request', async () => {
    fake.reset();
    for (const fields of [[], 'name', [42]]) {
      const error = await github.execute('users', 'get', { username: 'x', fields } as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(fields)).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]!.path).toMatch(/^fields/);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('every field of every action resolves against GitHub’s schema', () => {
  const actions = Object.values(metadata.actions).flatMap((byAction) => Object.values(byAction));

  it.each(actions.map((a) => ({ key: `${a.entity}.${a.action}`, action: a })))('$key with all fields at once', async ({ action }) => {
    const example = matrixFixture.examples[`${action.entity}.${action.action}`]?.(fake) ?? {};
    const names = Object.keys(action.request!.graphql!.selection!.fields);
    const { data } = await github.execute(action.entity as never, action.action as never, { ...example, fields: names } as never);
    const records = (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
    expect(records.length).toBeGreaterThan(0);
    // Stargazers are edges: the selected user fields are under node.
    const selected = action.entity === 'stargazers' ? records.map((r) => r['node'] as Record<string, unknown>) : records;
    const full = selected.filter((r) => Object.keys(r).length > 0);
    expect(full.length).toBeGreaterThan(0);
    for (const record of full) expect(Object.keys(record).sort()).toEqual([...names].sort());
  });
});
