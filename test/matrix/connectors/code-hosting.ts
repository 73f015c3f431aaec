/**
 * Matrix fixture of the code-hosting connector (specs/code-hosting.yaml) on the GitHub fake.
 */
import * as pkg from '@switchyard/connector-code-hosting';
import { startGitHubFake, type GitHubFake } from '../../fakes/github.js';
import { defineFixture } from '../fixture.js';

/** Sent as Bearer; `+`, `/` and `=` make its URL-, form- and base64-encoded forms differ. */
const TOKEN = 'ghp_SwItCh+YaRd/0123456789abcdef=SECRET';
const REPO = { owner: 'northwind-labs', repo: 'switchyard' };

const main = (fake: GitHubFake) => fake.data.repositories[0]!;
const firstPr = (fake: GitHubFake) => main(fake)['pullRequests'][0];
const firstIssue = (fake: GitHubFake) => main(fake)['issues'][0];
const byCreatedDesc = (rows: any[]) => [...rows].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

export default defineFixture<GitHubFake>({
  pkg,
  create: (options) => new pkg.CodeHostingConnector(options as pkg.CodeHostingConnectorOptions),
  start: () => startGitHubFake({ token: TOKEN }),
  baseUrl: (fake) => fake.url,
  credentials: { token: TOKEN },
  authHeader: { name: 'authorization', value: `Bearer ${TOKEN}` },
  examples: {
    'repositories.get': () => REPO,
    'repositories.list': (fake) => ({ username: fake.data.viewer['login'] }),
    'repositories.api_search': () => ({ query: 'org:northwind-labs' }),
    'org_repositories.list': () => ({ org: 'northwind-labs' }),
    'branches.list': () => REPO,
    'branches.get': () => ({ ...REPO, branch: 'main' }),
    'commits.list': () => REPO,
    'commits.get': (fake) => ({ ...REPO, sha: main(fake)['defaultBranchRef']['target']['oid'] }),
    'releases.list': () => REPO,
    'releases.get': () => ({ ...REPO, tag: 'v0.3.0' }),
    'issues.list': () => REPO,
    'issues.get': (fake) => ({ ...REPO, number: firstIssue(fake)['number'] }),
    'issues.api_search': () => ({ query: 'repo:northwind-labs/switchyard is:issue' }),
    'pull_requests.list': () => REPO,
    'pull_requests.get': (fake) => ({ ...REPO, number: firstPr(fake)['number'] }),
    'pull_requests.api_search': () => ({ query: 'repo:northwind-labs/switchyard is:pr' }),
    'reviews.list': (fake) => ({ ...REPO, number: firstPr(fake)['number'] }),
    'comments.list': (fake) => ({ ...REPO, number: firstIssue(fake)['number'] }),
    'comments.get': (fake) => ({ id: firstIssue(fake)['comments'][0]['id'] }),
    'pr_comments.list': (fake) => ({ ...REPO, number: firstPr(fake)['number'] }),
    'pr_comments.get': (fake) => ({ id: firstPr(fake)['comments'][0]['id'] }),
    'labels.list': () => REPO,
    'labels.get': () => ({ ...REPO, name: 'bug' }),
    'milestones.list': () => REPO,
    'milestones.get': () => ({ ...REPO, number: 1 }),
    'organizations.get': () => ({ org: 'northwind-labs' }),
    'organizations.list': (fake) => ({ username: fake.data.viewer['login'] }),
    'users.get': (fake) => ({ username: fake.data.users[3]!['login'] }),
    'users.list': () => ({ org: 'northwind-labs' }),
    'users.api_search': () => ({ query: 'type:user' }),
    'teams.list': () => ({ org: 'northwind-labs' }),
    'teams.get': () => ({ org: 'northwind-labs', team_slug: 'platform' }),
    'tags.list': () => REPO,
    'tags.get': () => ({ ...REPO, tag: 'v0.2.0' }),
    'stargazers.list': () => REPO,
    'projects.list': () => ({ org: 'northwind-labs' }),
    'projects.get': () => ({ org: 'northwind-labs', project_number: 1 }),
    'project_items.list': () => ({ org: 'northwind-labs', project_number: 1 }),
  },
  values: { sha: 'abc1234' },
  paging: [
    {
      action: 'issues.list',
      params: () => ({ ...REPO, per_page: 3 }),
      expectedIds: (fake) => byCreatedDesc(firstRepoIssues(fake)).map((i) => i.id),
      idOf: (issue: { id: string }) => issue.id,
    },
    {
      action: 'commits.list',
      params: () => ({ ...REPO, per_page: 10 }),
      expectedIds: (fake) => main(fake)['defaultBranchRef']['target']['history'].map((c: { id: string }) => c.id),
      idOf: (commit: { id: string }) => commit.id,
    },
    {
      action: 'stargazers.list',
      params: () => ({ ...REPO, per_page: 4 }),
      expectedIds: (fake) =>
        [...main(fake)['stargazers']].sort((a, b) => (a.starredAt < b.starredAt ? 1 : -1)).map((edge: any) => edge.node.id),
      idOf: (edge: { node: { id: string } }) => edge.node.id,
    },
    {
      action: 'project_items.list',
      params: () => ({ org: 'northwind-labs', project_number: 1, per_page: 5 }),
      expectedIds: (fake) => fake.data.organizations[0]!['projectsV2'][0]['items'].map((i: { id: string }) => i.id),
      idOf: (item: { id: string }) => item.id,
    },
  ],
});

function firstRepoIssues(fake: GitHubFake): any[] {
  return main(fake)['issues'];
}
