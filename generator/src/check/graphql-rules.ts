/**
 * Semantic rules of an action's GraphQL: the operation parses (named, spreading only declared
 * fragments), parameters and variables agree, and a run-time field selection (`select`) can be
 * compiled (spec/field-selection.ts reports why not).
 */
import { defaultLocation } from '../spec/defaults.js';
import { SelectionProblem, selectionProblem } from '../spec/field-selection.js';
import type { RuleReport } from '../spec/problems.js';
import type { SpecData } from '../spec/spec-types.js';
import type { ActionContext, ActionSite } from './action-rules.js';

export const GRAPHQL_RULES = {
  SY108: 'graphql-invalid',
  SY109: 'graphql-variable-mismatch',
  SY140: 'select-invalid',
} as const;

export type GraphqlReport = RuleReport<keyof typeof GRAPHQL_RULES>;

/** The document parses, each variables parameter fills a declared variable, and each required variable is filled. */
export function checkGraphqlVariables({ report, path, id, action, params, graphql }: ActionContext): void {
  if (graphql instanceof Error) {
    report(
      [...path, 'request', 'graphql'],
      'SY108',
      `${id}: GraphQL document is invalid: ${graphql.message}`,
      'fix the operation; it must parse, be named, and spread only declared fragments',
    );
    return;
  }
  if (!graphql) return;
  const provided = new Set(
    Object.entries(params)
      .filter(([name, p]) => defaultLocation(name, p, action) === 'variables')
      .map(([name, p]) => (p.as ?? name).split('.')[0]!),
  );
  const declared = new Set(graphql.variables.map((v) => v.name));
  for (const [name, p] of Object.entries(params)) {
    const root = (p.as ?? name).split('.')[0]!;
    if (defaultLocation(name, p, action) === 'variables' && !declared.has(root)) {
      report(
        [...path, 'params', name],
        'SY109',
        `${id}: parameter ${name} fills variable $${root}, which the operation does not declare`,
        `declare $${root} in the operation or fix "as"`,
      );
    }
  }
  for (const v of graphql.variables) {
    if (v.required && !provided.has(v.name)) {
      report(
        [...path, 'request', 'graphql'],
        'SY109',
        `${id}: the operation requires $${v.name} but no parameter fills it`,
        `add a parameter with in: variables and as: ${v.name}(.field)`,
      );
    }
  }
}

/** Run-time field selection needs a GraphQL action whose fragments can be selected; a document that does not parse is already SY108. */
export function checkSelect(data: SpecData, report: GraphqlReport, site: ActionSite): void {
  const { path, entityName, actionName, action, entityRecord, graphql } = site;
  if (!action.select || graphql instanceof Error) return;
  const problem = graphql
    ? selectionProblem(data, action, action.returns ?? entityRecord ?? null, graphql)
    : new SelectionProblem('select needs a GraphQL action', 'fragment', 'declare request.graphql, or remove select');
  if (problem) {
    report([...path, 'select', problem.at], 'SY140', `${entityName}.${actionName}: ${problem.message}`, problem.hint);
  }
}
