/**
 * Parsing and validating a GraphQL document, remembered by query text, for the GraphQL vendor
 * fakes (benchmarks and suites repeat the same few documents). `syntax` tells a document that
 * did not parse from one that parsed but failed validation: vendors answer them differently.
 */
import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema } from 'graphql';

export interface PreparedDocument {
  readonly document?: DocumentNode;
  readonly errors?: readonly GraphQLError[];
  readonly syntax?: boolean;
}

/** Documents remembered at most; past it the memory starts over. */
const MAX_DOCUMENTS = 2_000;

/** A `prepare(query)` over the schema `schema()` returns (asked for each new document), with its own memory. */
export function documentPreparer(schema: () => GraphQLSchema): (query: string) => PreparedDocument {
  const documents = new Map<string, PreparedDocument>();
  return (query) => {
    let hit = documents.get(query);
    if (hit) return hit;
    try {
      const document = parse(query);
      const errors = validate(schema(), document);
      hit = errors.length ? { errors } : { document };
    } catch (error) {
      hit = { errors: [error as GraphQLError], syntax: true };
    }
    if (documents.size > MAX_DOCUMENTS) documents.clear();
    documents.set(query, hit);
    return hit;
  };
}
