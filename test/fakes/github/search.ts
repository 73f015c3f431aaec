/**
 * A small part of GitHub's search syntax, enough for realistic tests: free words match names,
 * titles and bodies (case-insensitive); qualifiers `repo:`, `org:`, `user:`, `is:issue`, `is:pr`,
 * `is:open`, `is:closed`, `is:merged`, `label:`, `type:user`, `type:org`, `language:`. Like
 * GitHub, an ISSUE search returns issues and pull requests together and a USER search also
 * returns organizations; results are best-match first (here: newest first).
 */
import type { GitHubData, Obj } from './data.js';

interface Query {
  words: string[];
  qualifiers: [string, string][];
}

function parseQuery(text: string): Query {
  const words: string[] = [];
  const qualifiers: [string, string][] = [];
  for (const token of String(text).split(/\s+/).filter(Boolean)) {
    const m = /^([a-z]+):(.+)$/.exec(token);
    if (m) qualifiers.push([m[1]!, m[2]!.replace(/^"|"$/g, '').toLowerCase()]);
    else words.push(token.toLowerCase());
  }
  return { words, qualifiers };
}

const has = (value: unknown, word: string) => typeof value === 'string' && value.toLowerCase().includes(word);

export function searchNodes(
  data: GitHubData,
  text: string,
  type: string,
): {
  nodes: Obj[];
  counts: { repositoryCount: number; issueCount: number; userCount: number; discussionCount: number; codeCount: number; wikiCount: number };
} {
  const { words, qualifiers } = parseQuery(text);
  const q = (name: string) => qualifiers.filter(([k]) => k === name).map(([, v]) => v);
  let nodes: Obj[] = [];
  if (type === 'REPOSITORY') {
    nodes = data.repositories.filter(
      (r) =>
        words.every((w) => has(r['name'], w) || has(r['description'], w)) &&
        q('org').every((o) => r['owner']['login'] === o) &&
        q('user').every((u) => r['owner']['login'] === u) &&
        q('language').every((l) => r['primaryLanguage']?.['name']?.toLowerCase() === l) &&
        (!r['isPrivate'] || r['owner']['login'] === data.viewer['login']),
    );
  } else if (type === 'ISSUE') {
    const kinds = q('is');
    nodes = data.repositories
      .flatMap((r) => [...(r['issues'] as Obj[]), ...(r['pullRequests'] as Obj[])].map((item) => ({ item, repo: r })))
      .filter(
        ({ item, repo }) =>
          words.every((w) => has(item['title'], w) || has(item['body'], w)) &&
          q('repo').every((name) => repo['nameWithOwner'].toLowerCase() === name) &&
          q('org').every((o) => repo['owner']['login'] === o) &&
          q('label').every((l) => (item['labels'] as Obj[]).some((x) => x['name'] === l)) &&
          kinds.every((k) =>
            k === 'issue'
              ? item['__typename'] === 'Issue'
              : k === 'pr'
                ? item['__typename'] === 'PullRequest'
                : k === 'open' || k === 'closed' || k === 'merged'
                  ? String(item['state']).toLowerCase() === k || (k === 'closed' && item['state'] === 'MERGED')
                  : true,
          ),
      )
      .map(({ item }) => item)
      .sort((a, b) => (a['createdAt'] < b['createdAt'] ? 1 : -1));
  } else if (type === 'USER') {
    const kinds = q('type');
    nodes = [...data.users, ...data.organizations].filter(
      (u) =>
        words.every((w) => has(u['login'], w) || has(u['name'], w)) &&
        kinds.every((k) => (k === 'org' ? u['__typename'] === 'Organization' : u['__typename'] === 'User')),
    );
  }
  const count = nodes.length;
  return {
    nodes,
    counts: {
      repositoryCount: type === 'REPOSITORY' ? count : 0,
      issueCount: type === 'ISSUE' ? count : 0,
      userCount: type === 'USER' ? count : 0,
      discussionCount: 0,
      codeCount: 0,
      wikiCount: 0,
    },
  };
}
