/**
 * Matrix fixture of the issue-tracker connector (specs/issue-tracker.yaml) on the Linear fake.
 */
import * as pkg from '@switchyard/connector-issue-tracker';
import { startLinearFake, type LinearFake } from '../../fakes/linear.js';
import { allIssues, commentsOf, newestFirst, replyComment, teamAndStates } from '../../issue-tracker/helpers.js';
import { defineFixture } from '../fixture.js';

/** Sent raw in Authorization; `+`, `/` and `=` make its URL-, form- and base64-encoded forms differ. */
const API_KEY = 'lin_api_SwItCh+YaRd/0123456789abcdef=SECRET';

export default defineFixture<LinearFake>({
  pkg,
  create: (options) => new pkg.IssueTrackerConnector(options as pkg.IssueTrackerConnectorOptions),
  // 27 issues (three pages of 10), 5 comments each (two pages of 3): enough to page, quick to build.
  start: () => startLinearFake({ apiKey: API_KEY, issuesPerTeam: 9, commentsPerIssue: 5 }),
  baseUrl: (fake) => fake.url,
  credentials: { api_key: API_KEY },
  authHeader: { name: 'authorization', value: API_KEY },
  examples: {
    'issues.get': () => ({ id: 'ENG-3' }),
    'issues.create': (fake) => ({ teamId: teamAndStates(fake).team.id, title: 'Webhooks retry forever on 410 Gone' }),
    'issues.update': () => ({ id: 'ENG-4', title: 'Renamed: flaky login test' }),
    'projects.get': (fake) => ({ id: fake.data.projects.rows[0]!.id }),
    'teams.get': (fake) => ({ id: teamAndStates(fake).team.id }),
    'users.get': (fake) => ({ id: fake.data.viewerId }),
    'comments.list': () => ({ issueId: 'ENG-1' }),
    'comments.get': (fake) => ({ id: replyComment(fake).id }),
    'comments.create': () => ({ issueId: 'ENG-2', body: 'Repro attached.' }),
    'comments.update': (fake) => ({ id: replyComment(fake).id, body: 'Edited: fixed in #4821.' }),
  },
  values: {},
  paging: [
    {
      action: 'issues.list',
      params: () => ({ first: 10 }),
      expectedIds: (fake) => allIssues(fake).map((i) => i.id),
      idOf: (issue: { id: string }) => issue.id,
    },
    {
      action: 'comments.list',
      params: (fake) => ({ issueId: allIssues(fake)[4]!.id, first: 2 }),
      expectedIds: (fake) => commentsOf(fake, allIssues(fake)[4]!.id).map((c) => c.id),
      idOf: (comment: { id: string }) => comment.id,
    },
    {
      action: 'users.list',
      params: () => ({ first: 4 }),
      expectedIds: (fake) => newestFirst(fake.data.users.rows.filter((u) => u.active)).map((u) => u.id),
      idOf: (user: { id: string }) => user.id,
    },
  ],
});
