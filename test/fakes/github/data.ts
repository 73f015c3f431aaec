/**
 * Seeded GitHub data for the fake: one organization with members, teams, repositories (issues,
 * pull requests with reviews and comments, labels, milestones, branches, tags, a default-branch
 * history, releases, stargazers) and two Projects (v2); the viewer owns repositories of its own.
 *
 * Objects are shaped like GitHub's GraphQL objects (field names as in the schema, `__typename` so
 * interfaces and unions resolve), and connection fields hold plain arrays that the schema's
 * connection resolver pages. Everything comes from one seed, so two fakes hold the same data.
 */
import { DAY_MS, SEED_NOW_MS, iso } from '../shared/clock.js';
import { ISSUE_TITLES, SENTENCES, makePeople, paragraph, sentence, slugify } from '../shared/people.js';
import { createRandom, type Random } from '../shared/random.js';

export type Obj = Record<string, any>;

export interface GitHubData {
  viewer: Obj;
  users: Obj[];
  organizations: Obj[];
  repositories: Obj[];
  /** Every object with a node id, for `node(id:)`. */
  nodes: Map<string, Obj>;
}

export interface GitHubDataOptions {
  /** Issues per organization repository (default 12). */
  issuesPerRepo?: number;
  /** Comments on every issue and pull request (default 4). */
  commentsPerThread?: number;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LANGUAGES = ['TypeScript', 'Go', 'HCL', 'Python', 'MDX'];
const LABELS: [string, string, string][] = [
  ['bug', 'd73a4a', "Something isn't working"],
  ['documentation', '0075ca', 'Improvements or additions to documentation'],
  ['duplicate', 'cfd3d7', 'This issue or pull request already exists'],
  ['enhancement', 'a2eeef', 'New feature or request'],
  ['good first issue', '7057ff', 'Good for newcomers'],
  ['help wanted', '008672', 'Extra attention is needed'],
  ['performance', 'fbca04', 'Latency, memory or throughput'],
  ['security', 'b60205', 'Vulnerabilities and hardening'],
  ['wontfix', 'ffffff', 'This will not be worked on'],
];
const BRANCHES = [
  'main',
  'chore/bump-deps',
  'feat/audit-log',
  'feat/webhook-retries',
  'fix/csv-last-row',
  'fix/tz-scheduler',
  'release/0.9',
  'spike/graphql-cache',
];

export function buildGitHubData(options: GitHubDataOptions = {}): GitHubData {
  const rng = createRandom('github-fake');
  const nodes = new Map<string, Obj>();
  const day = (n: number) => iso(SEED_NOW_MS - n * DAY_MS);
  let databaseId = 41_000_000;
  const node = <T extends Obj>(prefix: string, value: T): T => {
    const id = `${prefix}_kwDO${rng.chars(ALNUM, 12)}`;
    const out = { id, databaseId: ++databaseId, ...value };
    nodes.set(id, out);
    return out;
  };

  const people = makePeople(rng, 14);
  const users = people.map((p, i) => {
    const login = p.handle.replace(/\./g, '-');
    return node('U', {
      __typename: 'User',
      login,
      name: p.full,
      company: i % 3 === 0 ? '@northwind-labs' : null,
      bio: i % 2 === 0 ? sentence(rng) : null,
      location: rng.pick(['Berlin', 'Lisbon', 'Toronto', 'Nairobi', 'Osaka', null]),
      email: i % 4 === 0 ? `${p.handle}@northwind.example` : '',
      url: `https://github.com/${login}`,
      websiteUrl: i % 5 === 0 ? `https://${login}.dev` : null,
      avatarUrl: `https://avatars.githubusercontent.com/u/${1_000 + i}?v=4`,
      twitterUsername: i % 6 === 0 ? login.replace(/-/g, '_') : null,
      isHireable: i % 7 === 0,
      createdAt: day(2_000 - i * 37),
      updatedAt: day(3 + i),
      followers: { totalCount: rng.int(0, 400) },
      following: { totalCount: rng.int(0, 80) },
      organizations: [] as Obj[],
      repositories: [] as Obj[],
    });
  });
  const viewer = users[0]!;
  const actor = (user: Obj) => ({ __typename: 'User', login: user.login, user });

  const org = node('O', {
    __typename: 'Organization',
    login: 'northwind-labs',
    name: 'Northwind Labs',
    description: 'Data plumbing for small teams.',
    email: 'opensource@northwind.example',
    location: 'Remote',
    url: 'https://github.com/northwind-labs',
    websiteUrl: 'https://northwind.example',
    avatarUrl: 'https://avatars.githubusercontent.com/u/90001?v=4',
    twitterUsername: 'northwindlabs',
    isVerified: true,
    createdAt: day(2_400),
    updatedAt: day(12),
    membersWithRole: users.slice(0, 11),
    repositories: [] as Obj[],
    teams: [] as Obj[],
    projectsV2: [] as Obj[],
  });
  for (const user of users.slice(0, 11)) user['organizations'].push(org);

  const teamNames = ['Platform', 'Data Pipelines', 'Design Systems', 'Security', 'Developer Experience', 'Support Engineering'];
  teamNames.forEach((name, i) => {
    const slug = slugify(name);
    org['teams'].push(
      node('T', {
        __typename: 'Team',
        name,
        slug,
        combinedSlug: `northwind-labs/${slug}`,
        description: i % 2 === 0 ? `${name} team at Northwind Labs.` : null,
        privacy: i === 3 ? 'SECRET' : 'VISIBLE',
        url: `https://github.com/orgs/northwind-labs/teams/${slug}`,
        createdAt: day(1_500 - i * 60),
        updatedAt: day(20 + i),
        parentTeam: i === 4 ? { slug: 'platform' } : null,
        members: { totalCount: rng.int(2, 9) },
      }),
    );
  });

  const repositories: Obj[] = [];
  const repoSpecs: [Obj, string, string, number][] = [
    [org, 'switchyard', 'Schema-driven connectors for the APIs your product talks to.', options.issuesPerRepo ?? 12],
    [org, 'ledger', 'Double-entry ledger service with an audit log.', 6],
    [org, 'infra-terraform', 'Terraform modules for our AWS accounts.', 3],
    [org, 'design-system', 'React components and tokens.', 4],
    [org, 'docs', 'Public documentation site.', 2],
    [viewer, 'dotfiles', 'My shell, editor and git setup.', 2],
    [viewer, 'advent-of-code', 'Puzzles, one language per year.', 1],
    [viewer, 'blog', 'Static site and drafts.', 1],
  ];
  repoSpecs.forEach(([owner, name, description, issueCount], r) => {
    const repo = makeRepository(rng, node, day, owner, name, description, r, users, actor, issueCount, options.commentsPerThread ?? 4);
    repositories.push(repo);
    owner['repositories'].push(repo);
  });

  // Projects (v2) of the organization: items point at issues and pull requests of `switchyard`, plus drafts.
  const main = repositories[0]!;
  ['Roadmap 2024', 'Bug triage'].forEach((title, p) => {
    const statusField = node('PVTSSF', { __typename: 'ProjectV2SingleSelectField', name: 'Status', dataType: 'SINGLE_SELECT' });
    const priorityField = node('PVTSSF', { __typename: 'ProjectV2SingleSelectField', name: 'Priority', dataType: 'SINGLE_SELECT' });
    const estimateField = node('PVTF', { __typename: 'ProjectV2Field', name: 'Estimate', dataType: 'NUMBER' });
    const dueField = node('PVTF', { __typename: 'ProjectV2Field', name: 'Due', dataType: 'DATE' });
    const notesField = node('PVTF', { __typename: 'ProjectV2Field', name: 'Notes', dataType: 'TEXT' });
    const sprintField = node('PVTIF', { __typename: 'ProjectV2IterationField', name: 'Sprint', dataType: 'ITERATION' });
    const content = [...main['issues'], ...main['pullRequests']];
    const items: Obj[] = [];
    const itemCount = p === 0 ? 23 : 7;
    for (let i = 0; i < itemCount; i++) {
      const target = i % 6 === 5 ? null : content[(i * 3 + p) % content.length]!;
      const draft = target
        ? null
        : { __typename: 'DraftIssue', id: `DI_kwDO${rng.chars(ALNUM, 12)}`, title: rng.pick(ISSUE_TITLES), body: sentence(rng) };
      const values: Obj[] = [
        { __typename: 'ProjectV2ItemFieldSingleSelectValue', name: rng.pick(['Todo', 'In Progress', 'Done']), field: statusField },
        { __typename: 'ProjectV2ItemFieldSingleSelectValue', name: rng.pick(['P0', 'P1', 'P2']), field: priorityField },
        { __typename: 'ProjectV2ItemFieldNumberValue', number: rng.pick([1, 2, 3, 5, 8]), field: estimateField },
        { __typename: 'ProjectV2ItemFieldDateValue', date: day(-rng.int(1, 40)).slice(0, 10), field: dueField },
        { __typename: 'ProjectV2ItemFieldTextValue', text: sentence(rng), field: notesField },
        {
          __typename: 'ProjectV2ItemFieldIterationValue',
          title: `Sprint ${20 + (i % 4)}`,
          startDate: day(14 - (i % 4) * 14).slice(0, 10),
          duration: 14,
          field: sprintField,
        },
      ];
      items.push(
        node('PVTI', {
          __typename: 'ProjectV2Item',
          type: target ? (target['__typename'] === 'Issue' ? 'ISSUE' : 'PULL_REQUEST') : 'DRAFT_ISSUE',
          isArchived: i === itemCount - 1,
          createdAt: day(90 - i * 3),
          updatedAt: day(10 - (i % 10)),
          creator: actor(users[i % 5]!),
          content: target ?? draft,
          fieldValues: values.map((v) => ({ ...v, createdAt: day(5), updatedAt: day(2) })),
        }),
      );
    }
    org['projectsV2'].push(
      node('PVT', {
        __typename: 'ProjectV2',
        number: p + 1,
        title,
        shortDescription: p === 0 ? 'What ships this year, by quarter.' : null,
        readme: p === 0 ? '## How we use this board\n\nOne item per outcome; link the PRs.' : null,
        public: p === 0,
        closed: false,
        closedAt: null,
        url: `https://github.com/orgs/northwind-labs/projects/${p + 1}`,
        createdAt: day(300 - p * 100),
        updatedAt: day(1 + p),
        creator: actor(users[p]!),
        items,
        fields: [statusField, priorityField, estimateField, dueField, notesField, sprintField],
      }),
    );
  });

  return { viewer, users, organizations: [org], repositories, nodes };
}

type NodeMaker = <T extends Obj>(prefix: string, value: T) => T;

function makeRepository(
  rng: Random,
  node: NodeMaker,
  day: (n: number) => string,
  owner: Obj,
  name: string,
  description: string,
  r: number,
  users: Obj[],
  actor: (user: Obj) => Obj,
  issueCount: number,
  commentsPerThread: number,
): Obj {
  const full = `${owner['login']}/${name}`;
  const url = `https://github.com/${full}`;
  const created = 1_800 - r * 150;
  const person = (i: number) => users[(i + r) % users.length]!;

  // Default-branch history, newest first: 35 commits for the main repository.
  const commits: Obj[] = [];
  const commitCount = r === 0 ? 35 : 6;
  for (let i = 0; i < commitCount; i++) {
    const author = person(i);
    const oid = rng.hex(40);
    const when = iso(Date.parse(day(1)) - i * 7_200_000);
    const headline = rng.pick(SENTENCES).replace(/\.$/, '');
    commits.push(
      node('C', {
        __typename: 'Commit',
        oid,
        abbreviatedOid: oid.slice(0, 7),
        messageHeadline: headline,
        message: `${headline}\n\n${sentence(rng)}`,
        committedDate: when,
        authoredDate: when,
        url: `${url}/commit/${oid}`,
        additions: rng.int(1, 400),
        deletions: rng.int(0, 200),
        changedFilesIfAvailable: rng.int(1, 30),
        author: { name: author['name'], email: `${author['login']}@users.noreply.github.com`, date: when, user: author },
        committer: { name: 'GitHub', email: 'noreply@github.com', date: when },
        parents: [] as Obj[],
      }),
    );
  }
  commits.forEach((c, i) => {
    if (commits[i + 1]) c['parents'].push(commits[i + 1]);
  });
  for (const c of commits) c['history'] = commits.slice(commits.indexOf(c));

  const labels = LABELS.map(([label, color, text]) =>
    node('LA', {
      __typename: 'Label',
      name: label,
      color,
      description: text,
      isDefault: !['performance', 'security'].includes(label),
      url: `${url}/labels/${encodeURIComponent(label)}`,
      createdAt: day(created),
      updatedAt: day(created - 10),
    }),
  );

  const milestones: Obj[] = [];
  for (let m = 1; m <= (r === 0 ? 5 : 1); m++) {
    const closed = m <= 2;
    milestones.push(
      node('MI', {
        __typename: 'Milestone',
        number: m,
        title: `v0.${m + 4}`,
        description: m % 2 ? 'Scope agreed in planning.' : null,
        state: closed ? 'CLOSED' : 'OPEN',
        closed,
        dueOn: day(60 - m * 20),
        closedAt: closed ? day(70 - m * 20) : null,
        progressPercentage: closed ? 100 : m * 15.5,
        url: `${url}/milestone/${m}`,
        createdAt: day(200 - m * 20),
        updatedAt: day(5 + m),
      }),
    );
  }

  const comments = (thread: string, n: number, at: number): Obj[] =>
    Array.from({ length: n }, (_, i) =>
      node('IC', {
        __typename: 'IssueComment',
        body: paragraph(rng, 2),
        url: `${thread}#issuecomment-${rng.int(1_000_000, 9_999_999)}`,
        authorAssociation: i % 3 === 0 ? 'MEMBER' : 'CONTRIBUTOR',
        isMinimized: i === 3,
        minimizedReason: i === 3 ? 'outdated' : null,
        createdAt: day(at - i),
        updatedAt: day(at - i),
        lastEditedAt: i === 1 ? day(at - i - 0.5) : null,
        author: actor(person(i + 2)),
      }),
    );

  let number = 0;
  const issues: Obj[] = [];
  const pullRequests: Obj[] = [];
  const threads = issueCount + Math.max(1, Math.round(issueCount * 0.75));
  for (let t = 0; t < threads; t++) {
    number += 1;
    const isPr = t % 4 === 3 || t >= issueCount + Math.round(issueCount / 4);
    const at = created - 100 + t * 9 > 2 ? Math.max(2, 160 - t * 7) : 2;
    const title = rng.pick(ISSUE_TITLES);
    const base = {
      number,
      title,
      body: paragraph(rng, 3),
      url: `${url}/${isPr ? 'pull' : 'issues'}/${number}`,
      createdAt: day(at),
      updatedAt: day(Math.max(1, at - 5)),
      author: t === 5 ? null : actor(person(t)), // a deleted account reads as a null author
      milestone: t % 3 === 0 ? milestones[t % milestones.length]! : null,
      assignees: rng.sample(users.slice(0, 8), t % 3),
      labels: rng.sample(labels, 1 + (t % 3)),
    };
    if (!isPr) {
      const closed = t % 3 === 1;
      const issue: Obj = node('I', {
        __typename: 'Issue',
        ...base,
        state: closed ? 'CLOSED' : 'OPEN',
        stateReason: closed ? (t % 2 ? 'COMPLETED' : 'NOT_PLANNED') : null,
        locked: t === 7,
        closedAt: closed ? day(Math.max(1, at - 3)) : null,
      });
      issue['comments'] = comments(issue['url'], commentsPerThread, at);
      issues.push(issue);
    } else {
      const state = t % 3 === 0 ? 'MERGED' : t % 3 === 1 ? 'CLOSED' : 'OPEN';
      const head = BRANCHES[1 + (t % (BRANCHES.length - 1))]!;
      const pr: Obj = node('PR', {
        __typename: 'PullRequest',
        ...base,
        state,
        isDraft: state === 'OPEN' && t % 2 === 0,
        merged: state === 'MERGED',
        mergedAt: state === 'MERGED' ? day(Math.max(1, at - 2)) : null,
        mergeable: state === 'OPEN' ? (t % 5 === 0 ? 'CONFLICTING' : 'MERGEABLE') : 'UNKNOWN',
        reviewDecision: state === 'OPEN' ? 'REVIEW_REQUIRED' : 'APPROVED',
        baseRefName: 'main',
        headRefName: head,
        additions: rng.int(3, 900),
        deletions: rng.int(0, 300),
        changedFiles: rng.int(1, 40),
        closedAt: state === 'OPEN' ? null : day(Math.max(1, at - 2)),
      });
      pr['comments'] = comments(pr['url'], Math.max(1, commentsPerThread - 1), at);
      pr['reviews'] = ['COMMENTED', 'CHANGES_REQUESTED', 'APPROVED'].map((reviewState, i) =>
        node('PRR', {
          __typename: 'PullRequestReview',
          state: reviewState,
          body: reviewState === 'APPROVED' ? 'LGTM.' : sentence(rng),
          url: `${pr['url']}#pullrequestreview-${rng.int(1_000_000, 9_999_999)}`,
          authorAssociation: 'MEMBER',
          createdAt: day(at - i - 0.2),
          submittedAt: day(at - i - 0.2),
          author: actor(person(t + i + 1)),
          commit: commits[i % commits.length]!,
        }),
      );
      pullRequests.push(pr);
    }
  }

  const branches = BRANCHES.slice(0, r === 0 ? BRANCHES.length : 2).map((branch, i) =>
    node('REF', {
      __typename: 'Ref',
      name: branch,
      prefix: 'refs/heads/',
      target: commits[i % commits.length]!,
      branchProtectionRule: branch === 'main' ? { pattern: 'main', requiresApprovingReviews: true, requiredApprovingReviewCount: 1 } : null,
    }),
  );
  const tags: Obj[] = [];
  for (let v = 1; v <= (r === 0 ? 9 : 1); v++) {
    const commit = commits[Math.min(commits.length - 1, v * 3)]!;
    const annotated = v % 2 === 1;
    const target = annotated
      ? {
          __typename: 'Tag',
          oid: rng.hex(40),
          name: `v0.${v}.0`,
          message: `Release v0.${v}.0`,
          tagger: { name: person(v)['name'], email: `${person(v)['login']}@users.noreply.github.com`, date: commit['committedDate'] },
          target: commit,
        }
      : commit;
    tags.push(node('REF', { __typename: 'Ref', name: `v0.${v}.0`, prefix: 'refs/tags/', target }));
  }
  // Non-branch, non-tag refs GitHub also stores: listed only without a refPrefix.
  const otherRefs = [node('REF', { __typename: 'Ref', name: 'pull/1/head', prefix: 'refs/', target: commits[0]! })];

  const releases = tags.slice(0, r === 0 ? 7 : 1).map((tag, i, all) =>
    node('RE', {
      __typename: 'Release',
      name: i === 2 ? null : `${tag['name']} — ${rng.pick(['Faster syncs', 'Webhooks', 'Audit log', 'Bug fixes'])}`,
      tagName: tag['name'],
      description: `## What's changed\n\n- ${sentence(rng)}\n- ${sentence(rng)}`,
      isDraft: false,
      isPrerelease: i === all.length - 1 && r === 0,
      isLatest: i === all.length - 2 || (r !== 0 && i === 0),
      createdAt: day(200 - i * 25),
      publishedAt: day(200 - i * 25),
      url: `${url}/releases/tag/${tag['name']}`,
      author: actor(person(i)),
      tagCommit: tag['target']['__typename'] === 'Tag' ? tag['target']['target'] : tag['target'],
      releaseAssets: [
        { name: `${name}-${tag['name']}-linux-x64.tar.gz`, size: rng.int(2_000_000, 9_000_000), contentType: 'application/gzip' },
        { name: `${name}-${tag['name']}-darwin-arm64.tar.gz`, size: rng.int(2_000_000, 9_000_000), contentType: 'application/gzip' },
        { name: 'checksums.txt', size: 214, contentType: 'text/plain' },
      ].map((a) => ({ ...a, downloadUrl: `${url}/releases/download/${tag['name']}/${a.name}` })),
    }),
  );

  const stargazers = users.slice(0, r === 0 ? 14 : 3).map((user, i) => ({ __edge: true, starredAt: day(400 - i * 17), node: user }));
  const topics = r === 0 ? ['graphql', 'typescript', 'connectors', 'etl'] : [];

  return node('R', {
    __typename: 'Repository',
    name,
    nameWithOwner: full,
    owner: { __typename: owner['__typename'], login: owner['login'] },
    description,
    url,
    homepageUrl: r === 0 ? 'https://switchyard.northwind.example' : null,
    sshUrl: `git@github.com:${full}.git`,
    isPrivate: r === 2 || r === 5,
    isFork: r === 6,
    isArchived: r === 4,
    isTemplate: false,
    visibility: r === 2 ? 'INTERNAL' : r === 5 ? 'PRIVATE' : 'PUBLIC',
    stargazerCount: stargazers.length,
    forkCount: rng.int(0, 40),
    primaryLanguage: { name: LANGUAGES[r % LANGUAGES.length] },
    defaultBranchRef: branches[0]!,
    licenseInfo: r < 2 ? { spdxId: 'Apache-2.0', name: 'Apache License 2.0' } : null,
    createdAt: day(created),
    updatedAt: day(2 + r),
    pushedAt: day(1 + r),
    repositoryTopics: topics.map((topic) => ({ topic: { name: topic } })),
    issues,
    pullRequests,
    labels,
    milestones,
    refs: [...branches, ...tags, ...otherRefs],
    releases,
    stargazers,
  });
}
