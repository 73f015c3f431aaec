/**
 * Semantic rules of one action (`entities.<entity>.actions.<name>`), each a small named function
 * over the action's context: its kind, its request and path parameters, where its records are,
 * its pagination and its download rule; the GraphQL rules are in graphql-rules.ts. A hosted search
 * action has no request to judge, and an action of no known kind nothing else.
 */
import type { ActionKind } from '@switchyard/runtime';
import { templateNames } from '@switchyard/runtime/internal';
import { actionKind, defaultLocation } from '../spec/defaults.js';
import type { ParsedGraphql } from '../spec/graphql.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';
import type { SpecAction, SpecParam } from '../spec/spec-types.js';
import { checkGraphqlVariables, GRAPHQL_RULES } from './graphql-rules.js';
import { checkParamSet, PARAM_RULES } from './param-rules.js';
import { RECORD_RULES, recordFieldNames, type SpecRecords } from './record-rules.js';

export const ACTION_RULES = {
  SY101: 'path-param-unknown',
  SY102: 'path-param-unused',
  SY103: 'list-without-pagination',
  SY106: 'cursor-param-missing',
  SY107: 'pagination-meta-mismatch',
  SY112: 'download-rule-mismatch',
  SY114: 'response-missing',
  SY115: 'search-without-searchable',
  SY117: 'action-kind-unknown',
  SY119: 'request-missing',
  SY123: 'fill-not-in-record',
  SY125: 'path-param-optional',
} as const;

/** An action's rules also report the codes of the parameter, record and GraphQL rules they run. */
export type ActionReport = RuleReport<
  keyof typeof ACTION_RULES | keyof typeof PARAM_RULES | keyof typeof RECORD_RULES | keyof typeof GRAPHQL_RULES
>;

/** One action as its entity declares it. */
export interface ActionSite {
  path: SpecPath;
  entityName: string;
  actionName: string;
  action: SpecAction;
  /** The entity's searchable fields and record type. */
  searchable: Record<string, string> | undefined;
  entityRecord: string | undefined;
  records: SpecRecords;
  /** The action's GraphQL as parseSpecGraphql parsed it (an Error when it does not parse). */
  graphql: ReturnType<ParsedGraphql['get']>;
}

/** What every rule of an action with a request reads. */
export interface ActionContext extends ActionSite {
  report: ActionReport;
  /** `<entity>.<action>`, the name messages use. */
  id: string;
  kind: ActionKind;
  request: NonNullable<SpecAction['request']>;
  params: Record<string, SpecParam>;
}

/** The rules an action with a request is judged by, in the order their problems are reported. */
const REQUEST_RULES: readonly ((ctx: ActionContext) => void)[] = [
  (ctx) => checkParamSet(ctx.report, [...ctx.path, 'params'], ctx.params),
  returnsDeclared,
  pathParamsAgree,
  recordsLocated,
  fillNamesRecordFields,
  paginationComplete,
  checkGraphqlVariables,
  downloadRuleMatches,
];

export function checkAction(report: ActionReport, site: ActionSite): void {
  const { path, entityName, actionName, action } = site;
  const id = `${entityName}.${actionName}`;
  const kind = actionKind(actionName, action);
  if (!kind) {
    report(
      path,
      'SY117',
      `${id}: "${actionName}" is not an action kind`,
      `name the action list, get, create, update, delete, search, api_search or download, or set kind:`,
    );
    return;
  }
  if (kind === 'search') {
    searchHasSearchable(report, site, id);
    return;
  }
  if (!action.request) {
    report(path, 'SY119', `${id} has no request`, 'declare request.method and request.path (or request.graphql)');
    return;
  }
  const ctx: ActionContext = { ...site, report, id, kind, request: action.request, params: action.params ?? {} };
  for (const rule of REQUEST_RULES) rule(ctx);
}

/** A hosted search reads the synced copy's index, which holds only the searchable fields. */
function searchHasSearchable(report: ActionReport, { path, entityName, searchable }: ActionSite, id: string): void {
  if (!searchable || Object.keys(searchable).length === 0) {
    report(
      path,
      'SY115',
      `${id} is a search action but ${entityName} declares no searchable fields`,
      'list the fields the hosted index holds under searchable:',
    );
  }
}

function returnsDeclared({ report, path, id, action, records }: ActionContext): void {
  if (action.returns && !(action.returns in records)) {
    report(
      [...path, 'returns'],
      'SY105',
      `${id} returns record type ${action.returns}, which is not declared`,
      `declare ${action.returns} under records`,
    );
  }
}

/** Path templates and path params agree: each placeholder is a parameter, each path parameter a placeholder. */
function pathParamsAgree({ report, path, id, action, request, params }: ActionContext): void {
  const pathTemplate = request.path ?? '';
  for (const name of templateNames(pathTemplate)) {
    if (!(name in params))
      report(
        [...path, 'request', 'path'],
        'SY101',
        `${id}: path uses {${name}}, which is not a parameter`,
        `declare params.${name} (type, required: true)`,
      );
  }
  for (const [name, param] of Object.entries(params)) {
    if (defaultLocation(name, param, action) !== 'path') continue;
    if (!pathTemplate.includes(`{${name}}`)) {
      report(
        [...path, 'params', name],
        'SY102',
        `${id}: parameter ${name} is a path parameter but the path has no {${name}}`,
        `add {${name}} to request.path or change "in"`,
      );
    } else if (param.required !== true && param.default === undefined) {
      // A URL cannot leave a segment out (OpenAPI 3: a path parameter is always required), so an
      // optional one would only fail at run time, naming an empty segment the caller never gave.
      report(
        [...path, 'params', name],
        'SY125',
        `${id}: path parameter ${name} is optional, but a URL cannot leave its segment out`,
        `add required: true to params.${name}`,
      );
    }
  }
}

function recordsLocated({ report, path, id, kind, action }: ActionContext): void {
  if (kind !== 'download' && !action.response) {
    report(path, 'SY114', `${id} does not say where its records are`, "add response.records (a dot path, '' for the whole body)");
  }
}

function fillNamesRecordFields({ report, path, id, action, entityRecord, records }: ActionContext): void {
  const returned = action.returns ?? entityRecord;
  const returnedFields = returned && records[returned] ? recordFieldNames(records[returned]) : undefined;
  for (const field of Object.keys(action.response?.fill ?? {})) {
    if (returnedFields && !returnedFields.has(field)) {
      report(
        [...path, 'response', 'fill', field],
        'SY123',
        `${id}: response.fill names ${field}, which is not a field of record ${returned}`,
        `add ${field} to records.${returned}.fields, or fill a field the record has`,
      );
    }
  }
}

/** A list pages (or says why not); a paging action has its cursor parameter and exactly one `$next` meta member. */
function paginationComplete({ report, path, id, kind, action, params }: ActionContext): void {
  const nextMeta = Object.entries(action.meta ?? {}).filter(([, m]) => (typeof m === 'string' ? m : m.from) === '$next');
  if (kind === 'list' && !action.pagination) {
    report(
      path,
      'SY103',
      `${id} is a list action without a pagination rule`,
      "declare pagination (cursor, relay, link-header, page-number), or pagination: { style: none, reason: '…' } for single-page lists",
    );
  }
  if (action.pagination && action.pagination.style !== 'none') {
    const cursorParam = action.pagination.cursorParam;
    if (!(cursorParam in params)) {
      report(
        [...path, 'pagination', 'cursorParam'],
        'SY106',
        `${id}: pagination puts the cursor in ${cursorParam}, which is not a parameter`,
        `declare params.${cursorParam}`,
      );
    }
    if (nextMeta.length !== 1) {
      report(
        [...path, 'meta'],
        'SY107',
        `${id} paginates but ${nextMeta.length === 0 ? 'no' : 'more than one'} meta member is $next`,
        'map exactly one meta member to $next (next_cursor: $next) so callers and iterators can find the next page',
      );
    }
  } else if (nextMeta.length > 0) {
    report(
      [...path, 'meta'],
      'SY107',
      `${id} maps a meta member to $next but has no pagination rule`,
      'declare pagination or remove the $next member',
    );
  }
}

/** A download has a download rule and only a download has one; a two-step download picks by `in: select` parameters. */
function downloadRuleMatches({ report, path, id, kind, action, params }: ActionContext): void {
  if (kind === 'download' && !action.download) {
    report(
      path,
      'SY112',
      `${id} is a download without a download rule`,
      'add download: direct, or download: { url: … } for a two-step download',
    );
  }
  if (action.download && kind !== 'download') {
    report(
      [...path, 'download'],
      'SY112',
      `${id} has a download rule but is a ${kind} action`,
      'name the action download or remove the rule',
    );
  }
  if (!action.download || action.download === 'direct') return;
  const selectParams = [...Object.values(action.download.match ?? {}), ...(action.download.indexParam ? [action.download.indexParam] : [])];
  for (const name of selectParams) {
    if (params[name]?.in !== 'select') {
      report(
        [...path, 'download'],
        'SY112',
        `${id}: download picks by ${name}, which is not a parameter with in: select`,
        `declare params.${name} with in: select`,
      );
    }
  }
}
