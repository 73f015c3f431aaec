/**
 * The fake's executable schema: GitHub's own published schema (the introspection result shipped
 * by @octokit/graphql-schema, built with buildClientSchema), with resolvers attached to the
 * fields the fake serves. Every other field resolves by property name from the seeded objects,
 * interfaces and unions by their `__typename`, so the fake answers exactly the documents GitHub
 * would accept and nothing GitHub would refuse. Built once per process.
 */
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { connection, githubError } from './connection.js';
import type { GitHubData, Obj } from './data.js';
import { searchNodes } from './search.js';

export interface GitHubContext {
  data: GitHubData;
}

type Resolver = (source: Obj, args: Record<string, any>, context: GitHubContext) => unknown;

let cached: GraphQLSchema | undefined;
let introspection: IntrospectionQuery | undefined;

/**
 * GitHub's schema as published (the introspection result of @octokit/graphql-schema), without
 * resolvers. Read on first use, not at import: the package's entry parses its 5 MB JSON as it is
 * imported (0.6 CPU s), and every process that lists the fakes (`switchyard fake <family>`, the
 * suites' workers) imports this module whether or not it starts GitHub's.
 */
export function githubIntrospection(): IntrospectionQuery {
  if (introspection) return introspection;
  const file = new URL('./schema.json', import.meta.resolve('@octokit/graphql-schema'));
  const json = JSON.parse(readFileSync(file, 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery };
  introspection = 'data' in json ? json.data : json;
  return introspection;
}

const notFound = (what: string) => githubError('NOT_FOUND', what);

function findRepository(data: GitHubData, owner: string, name: string): Obj | undefined {
  const full = `${owner}/${name}`.toLowerCase();
  return data.repositories.find((r) => r['nameWithOwner'].toLowerCase() === full);
}

/** `ref(qualifiedName:)`: an exact refs/… name, else Git's order for a short name (tags before branches). */
function findRef(repo: Obj, qualifiedName: string): Obj | null {
  const refs = repo['refs'] as Obj[];
  const full = (ref: Obj) => `${ref['prefix']}${ref['name']}`;
  if (qualifiedName.startsWith('refs/')) return refs.find((r) => full(r) === qualifiedName) ?? null;
  for (const prefix of ['refs/', 'refs/tags/', 'refs/heads/']) {
    const hit = refs.find((r) => full(r) === `${prefix}${qualifiedName}`);
    if (hit) return hit;
  }
  return null;
}

const RESOLVERS: Record<string, Record<string, Resolver>> = {
  Query: {
    viewer: (_s, _a, { data }) => data.viewer,
    user: (_s, { login }, { data }) => {
      const user = data.users.find((u) => u['login'].toLowerCase() === String(login).toLowerCase());
      if (!user) throw notFound(`Could not resolve to a User with the login of '${login}'.`);
      return user;
    },
    organization: (_s, { login }, { data }) => {
      const org = data.organizations.find((o) => o['login'].toLowerCase() === String(login).toLowerCase());
      if (!org) throw notFound(`Could not resolve to an Organization with the login of '${login}'.`);
      return org;
    },
    repository: (_s, { owner, name }, { data }) => {
      const repo = findRepository(data, owner, name);
      if (!repo) throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return repo;
    },
    node: (_s, { id }, { data }) => {
      const found = data.nodes.get(id);
      if (!found) throw notFound(`Could not resolve to a node with the global id of '${id}'`);
      return found;
    },
    search: (_s, args, { data }) => {
      const { nodes, counts } = searchNodes(data, args['query'], args['type']);
      return {
        ...counts,
        ...connection(nodes, { first: args['first'], last: args['last'], after: args['after'], before: args['before'] }, 'search'),
      };
    },
  },
  Repository: {
    issue: (repo, { number }) => {
      const issue = (repo['issues'] as Obj[]).find((i) => i['number'] === number);
      if (!issue) throw notFound(`Could not resolve to an Issue with the number of ${number}.`);
      return issue;
    },
    pullRequest: (repo, { number }) => {
      const pr = (repo['pullRequests'] as Obj[]).find((p) => p['number'] === number);
      if (!pr) throw notFound(`Could not resolve to a PullRequest with the number of ${number}.`);
      return pr;
    },
    milestone: (repo, { number }) => (repo['milestones'] as Obj[]).find((m) => m['number'] === number) ?? null,
    label: (repo, { name }) => (repo['labels'] as Obj[]).find((l) => l['name'].toLowerCase() === String(name).toLowerCase()) ?? null,
    release: (repo, { tagName }) => (repo['releases'] as Obj[]).find((r) => r['tagName'] === tagName) ?? null,
    ref: (repo, { qualifiedName }) => findRef(repo, qualifiedName),
    object: (repo, { oid, expression }) => {
      const commits = (repo['defaultBranchRef']?.['target']?.['history'] ?? []) as Obj[];
      const wanted = String(oid ?? expression ?? '').toLowerCase();
      if (wanted.length < 4) return null;
      const matches = commits.filter((c) => (oid ? c['oid'] === wanted : c['oid'].startsWith(wanted)));
      return matches.length === 1 ? matches[0] : null;
    },
  },
  Organization: {
    team: (org, { slug }) => (org['teams'] as Obj[]).find((t) => t['slug'] === slug) ?? null,
    projectV2: (org, { number }) => {
      const project = (org['projectsV2'] as Obj[]).find((p) => p['number'] === number);
      if (!project) throw notFound(`Could not resolve to a ProjectV2 with the number ${number}.`);
      return project;
    },
  },
};

export function githubSchema(): GraphQLSchema {
  if (cached) return cached;
  const schema = buildClientSchema(githubIntrospection());
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    if (type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      // Connections over the seeded arrays: paged, filtered and ordered by their arguments.
      if (getNamedType(field.type).name.endsWith('Connection') && field.args.some((a) => a.name === 'first')) {
        const name = field.name;
        field.resolve = ((source: Obj, args: Record<string, any>) => {
          const value = source?.[name];
          return Array.isArray(value) ? connection(value, args, name, source) : (value ?? null);
        }) as GraphQLFieldResolver<unknown, GitHubContext>;
      }
    }
  }
  for (const [typeName, fields] of Object.entries(RESOLVERS)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`GitHub fake: resolvers for unknown type ${typeName}`);
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`GitHub fake: resolver for unknown field ${typeName}.${fieldName}`);
      field.resolve = resolve as unknown as GraphQLFieldResolver<unknown, GitHubContext>;
    }
  }
  cached = schema;
  return schema;
}
