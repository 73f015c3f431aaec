/**
 * Every GraphQL document the code-hosting connector can send, checked against GitHub's published
 * schema (the introspection result in @octokit/graphql-schema, a root devDependency, built with
 * buildClientSchema) and GitHub's node limits: for every action, the default selection, every
 * field alone, and all fields at once; page sizes at their maximum. The node limit calculator is
 * checked against the worked examples of GitHub's "Rate limits and node limits" documentation.
 */
import { metadata } from '@switchyard/connector-code-hosting';
import { selectionDocument } from '@switchyard/runtime/internal';
import { buildClientSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkNodeLimits, MAX_NODES } from '../fakes/github/limits.js';
import { githubIntrospection } from '../fakes/github/schema.js';

const schema = buildClientSchema(githubIntrospection());

const actions = Object.values(metadata.actions).flatMap((byAction) => Object.values(byAction));

/** Variables at their limits: the largest page size, a value for every other variable. */
function maxVariables(entity: string, action: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(metadata.actions[entity]![action]!.params)) {
    if (rule.in !== 'variables') continue;
    const wire = rule.as ?? name;
    out[wire] = rule.type === 'integer' ? (rule.maximum ?? 1) : rule.type === 'array' ? rule.items?.enum : 'x';
  }
  return out;
}

const cases = actions.flatMap((action) => {
  const selection = action.request!.graphql!.selection!;
  const names = Object.keys(selection.fields);
  return [
    { name: `${action.entity}.${action.action} default fields`, action, fields: undefined as string[] | undefined },
    { name: `${action.entity}.${action.action} all fields`, action, fields: names },
    ...names.map((field) => ({ name: `${action.entity}.${action.action} ${field}`, action, fields: [field] })),
  ];
});

describe('code-hosting documents against GitHub’s schema', () => {
  it('every one of the 40 entity.actions of the contract is a GraphQL query with run-time field selection', () => {
    expect(actions).toHaveLength(40);
    for (const action of actions) {
      expect(action.request?.graphql?.operationType, `${action.entity}.${action.action}`).toBe('query');
      expect(action.request?.graphql?.selection?.param).toBe('fields');
      expect(action.params['fields']?.items?.enum).toEqual(Object.keys(action.request!.graphql!.selection!.fields));
    }
  });

  it.each(cases)('$name: valid, and within GitHub’s node limits at the largest page size', ({ action, fields }) => {
    const document = parse(selectionDocument(`${action.entity}.${action.action}`, action.request!.graphql!.selection!, fields));
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
    const report = checkNodeLimits(schema, document, maxVariables(action.entity, action.action));
    expect(report.problems).toEqual([]);
    expect(report.totalNodes).toBeLessThanOrEqual(MAX_NODES);
    // GitHub's rule holds for every connection, one read only for totalCount too: first or last, 1–100.
    for (const connection of report.connections) {
      expect(connection.pageSize, connection.path).not.toBeNull();
      expect(connection.pageSize!, connection.path).toBeGreaterThanOrEqual(1);
      expect(connection.pageSize!, connection.path).toBeLessThanOrEqual(100);
    }
  });

  it('the most expensive document stays two orders of magnitude below the 500,000-node limit', () => {
    const totals = actions.map((action) => {
      const selection = action.request!.graphql!.selection!;
      const document = parse(selectionDocument('x', selection, Object.keys(selection.fields)));
      return checkNodeLimits(schema, document, maxVariables(action.entity, action.action)).totalNodes;
    });
    // Issue lists at 100 per page with 10 assignees, 20 labels and the comment count (first: 1) each:
    // 100 + 100 × 10 + 100 × 20 + 100 × 1.
    expect(Math.max(...totals)).toBe(3_200);
  });
});

describe('node limit calculator (GitHub’s documented examples)', () => {
  it('50 repositories × 10 issues = 550 nodes', () => {
    const doc = parse(`query { viewer { repositories(first: 50) { edges { repository: node { name issues(first: 10) {
      totalCount edges { node { title bodyHTML } } } } } } } }`);
    expect(checkNodeLimits(schema, doc).totalNodes).toBe(550);
  });

  it('repositories × pull requests × comments, issues × comments, plus followers = 22,060 nodes', () => {
    const doc = parse(`query { viewer { repositories(first: 50) { edges { repository: node { name
      pullRequests(first: 20) { edges { pullRequest: node { title comments(first: 10) { edges { comment: node { bodyHTML } } } } } }
      issues(first: 20) { totalCount edges { issue: node { title bodyHTML comments(first: 10) { edges { comment: node { bodyHTML } } } } } } } } }
      followers(first: 10) { edges { follower: node { login } } } } }`);
    // 50 + 50×20 + 50×20×10 + 50×20 + 50×20×10 + 10
    expect(checkNodeLimits(schema, doc).totalNodes).toBe(22_060);
  });

  it('flags a connection read only for totalCount without first/last, and first 0 (GitHub says 1-100)', () => {
    const doc = parse(
      'query { viewer { followers { totalCount } following(first: 0) { totalCount } starredRepositories(last: 1) { totalCount } } }',
    );
    expect(checkNodeLimits(schema, doc).problems).toEqual([
      {
        type: 'MISSING_PAGINATION_BOUNDARIES',
        message: 'You must provide a `first` or `last` value to properly paginate the `followers` connection.',
      },
      { type: 'INVALID_PAGINATION', message: '`first` on the `following` connection must be within 1-100; 0 was given.' },
    ]);
  });

  it('flags a connection read without first/last, and first above 100, in GitHub’s words', () => {
    const doc = parse('query { viewer { repositories { nodes { name } } followers(first: 101) { nodes { login } } } }');
    expect(checkNodeLimits(schema, doc).problems).toEqual([
      {
        type: 'MISSING_PAGINATION_BOUNDARIES',
        message: 'You must provide a `first` or `last` value to properly paginate the `repositories` connection.',
      },
      {
        type: 'EXCESSIVE_PAGINATION',
        message: 'Requesting 101 records on the `followers` connection exceeds the `first` limit of 100 records.',
      },
    ]);
  });

  it('refuses more than 500,000 nodes', () => {
    const doc = parse(
      `query { viewer { repositories(first: 100) { nodes { issues(first: 100) { nodes { comments(first: 100) { nodes { id } } } } } } } }`,
    );
    const report = checkNodeLimits(schema, doc);
    expect(report.totalNodes).toBe(100 + 10_000 + 1_000_000);
    expect(report.problems.map((p) => p.type)).toEqual(['MAX_NODE_LIMIT_EXCEEDED']);
  });
});
