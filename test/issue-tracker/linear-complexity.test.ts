/**
 * Linear rejects a single query above 10,000 complexity points. Every document the issue-tracker
 * connector can send must stay under it at the contract's largest page (first: 250), scored by
 * Linear's published rule (implemented in the Linear fake, which enforces it the same way).
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { metadata } from '@switchyard/connector-issue-tracker';
import { complexityOf } from '../fakes/linear/complexity.js';

const LINEAR_MAX_COMPLEXITY = 10_000;

describe('issue-tracker GraphQL documents and Linear query complexity', () => {
  const documents = Object.values(metadata.actions)
    .flatMap((actions) => Object.values(actions))
    .filter((action) => action.request?.graphql)
    .map((action) => [`${action.entity}.${action.action}`, action.request!.graphql!] as const);

  it('covers every GraphQL action', () => {
    expect(documents.length).toBe(14);
  });

  it.each(documents)('%s costs under 10,000 points at first: 250', (_name, graphql) => {
    const cost = complexityOf(parse(graphql.document), graphql.operationName, { first: 250 });
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThan(LINEAR_MAX_COMPLEXITY);
  });
});
