/**
 * Fidelity of the code-hosting connector to GitHub's GraphQL schema (the introspection result in
 * @octokit/graphql-schema, a root devDependency): parameter rules against the operations'
 * variables, record fields against the types of what each document selects with every field
 * chosen. The checks and how the tables are held to them: test/support/fidelity.ts. The suite
 * needs the vendor facts reference (../shared/reference) for its sources, and is skipped with a
 * message without it.
 */
import { buildClientSchema, type GraphQLSchema } from 'graphql';
import { metadata, recordSchemas } from '@switchyard/connector-code-hosting';
import { type ActionMetadata } from '@switchyard/runtime';
import { selectionDocument } from '@switchyard/runtime/internal';
import { githubIntrospection } from '../fakes/github/schema.js';
import { recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { answerShape, variableParam } from '../support/graphql-shapes.js';

/** The document with every selectable field chosen: the most a record can hold. */
function fullDocument(action: ActionMetadata): string {
  const selection = action.request!.graphql!.selection!;
  return selectionDocument(`${action.entity}.${action.action}`, selection, Object.keys(selection.fields));
}

const PAGE = { reference: 'every connection needs `first` (or `last`), 1–100' };

/** GitHub's connection rule, which its schema cannot state (first and last are plain Int there). */
const RULES: SourcedRule[] = [
  { param: 'per_page', rule: 'minimum', source: PAGE },
  { param: 'per_page', rule: 'maximum', source: PAGE },
  { param: 'limit', rule: 'minimum', source: PAGE, note: 'sent as the search connection’s first' },
  { param: 'limit', rule: 'maximum', source: PAGE, note: 'sent as the search connection’s first' },
];

/** Where the types of what GitHub answers and our records differ (none). */
const FIELDS: FieldException[] = [];

describeFidelity<GraphQLSchema>({
  vendor: "GitHub's GraphQL schema",
  document: ['..', 'reference', 'vendor-apis.md'],
  load: () => buildClientSchema(githubIntrospection()),
  metadata,
  recordSchemas,
  vendorParam: (schema, rule) => variableParam(schema, fullDocument(rule.meta!), rule),
  vendorRecord: (schema, action) => recordShapeOf(action, answerShape(schema, fullDocument(action))),
  // Every field is selectable: one the caller leaves out is absent, and optional in the types.
  selection: true,
  rules: RULES,
  fields: FIELDS,
});
