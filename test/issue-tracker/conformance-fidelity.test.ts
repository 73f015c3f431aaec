/**
 * Fidelity of the issue-tracker connector to Linear's GraphQL schema (linear/schema.graphql):
 * parameter rules against the operations' variable definitions and input types, record fields
 * against the types of what each document selects. The checks and how the tables are held to them:
 * test/support/fidelity.ts. Skipped with a message when the vendor specs are absent.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { metadata, recordSchemas } from '@switchyard/connector-issue-tracker';
import { recordShapeOf, type FieldException, type SourcedRule } from '../support/fidelity.js';
import { describeFidelity } from '../support/fidelity-suite.js';
import { answerShape, variableParam } from '../support/graphql-shapes.js';

/** Rules Linear's schema does not state: the contract's, and Linear's own words for priority. */
const RULES: SourcedRule[] = [
  { param: 'first', rule: 'maximum', source: { seed: '| first | max 250 | issue-tracker list actions |' } },
  {
    param: 'title',
    rule: 'required',
    actions: ['issues.create'],
    source: { seed: '| issues.create | teamId string; title string |' },
    note: "Linear's IssueCreateInput leaves title optional; the contract requires it.",
  },
  {
    param: 'issueId',
    rule: 'required',
    actions: ['comments.create'],
    source: { seed: '| comments.create | issueId string; body string (markdown) |' },
    note: "Linear's CommentCreateInput also takes comments on other things; this action comments on an issue.",
  },
  {
    param: 'body',
    rule: 'required',
    actions: ['comments.create'],
    source: { seed: '| comments.create | issueId string; body string (markdown) |' },
  },
  {
    param: 'body',
    rule: 'required',
    actions: ['comments.update'],
    source: { seed: '| comments.update | id string; body string (markdown) |' },
  },
  ...(['minimum', 'maximum'] as const).map((rule) => ({
    param: 'priority',
    rule,
    source: {
      vendor: 'linear/schema.graphql',
      quote: 'The priority of the issue. 0 = No priority, 1 = Urgent, 2 = High, 3 = Medium, 4 = Low.',
    },
  })),
];

/** Where the types of what Linear answers and our records differ (none). */
const FIELDS: FieldException[] = [];

describeFidelity<GraphQLSchema>({
  vendor: "Linear's GraphQL schema",
  document: ['linear', 'schema.graphql'],
  load: (path) => buildSchema(readFileSync(path, 'utf8'), { assumeValidSDL: true }),
  metadata,
  recordSchemas,
  vendorParam: (schema, rule) => variableParam(schema, rule.meta!.request!.graphql!.document, rule),
  vendorRecord: (schema, action) => recordShapeOf(action, answerShape(schema, action.request!.graphql!.document)),
  // Lists select fewer connections than gets (attachments, labels, teams …): absent there, optional here.
  selection: true,
  rules: RULES,
  fields: FIELDS,
});
