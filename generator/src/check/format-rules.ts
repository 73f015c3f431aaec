/**
 * Semantic rules of the rate-limit keys, and of keys that would have no effect. A key without
 * effect is rejected rather than ignored: its author meant something by it, and a spec that
 * silently drops it (a `request` on a hosted-only search, a `patternText` with no pattern) misleads
 * every later reader.
 */
import { actionKind, defaultLocation } from '../spec/defaults.js';
import type { SpecAction, SpecData, SpecParam } from '../spec/spec-types.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';

export const FORMAT_RULES = {
  SY160: 'rate-group-unknown',
  SY161: 'rate-group-unused',
  SY162: 'key-without-effect',
} as const;

export type FormatReport = RuleReport<keyof typeof FORMAT_RULES>;

/** What a hosted search action may say: everything else about it is fixed by the service. */
const SEARCH_KEYS = new Set(['kind', 'description']);

type NoEffect = (path: SpecPath, message: string, hint: string) => void;

/** What every per-action rule below reads. */
interface ActionSite {
  report: FormatReport;
  noEffect: NoEffect;
  path: SpecPath;
  id: string;
  action: SpecAction;
  kind: ReturnType<typeof actionKind>;
  groups: Record<string, unknown>;
}

/** The rules of an action that is not a hosted search, in the order their problems are reported. */
const ACTION_FORMAT_RULES: readonly ((site: ActionSite) => void)[] = [
  rateGroupDeclared,
  returnsOnDownload,
  paginationNoneOnList,
  ({ noEffect, path, id, action }) => checkRequestBody(noEffect, path, id, action),
  paramKeysHaveEffect,
];

export function checkFormatRules(data: SpecData, report: FormatReport): void {
  const groups = data.rateLimit?.groups ?? {};
  const noEffect: NoEffect = (path, message, hint) => report(path, 'SY162', message, hint);
  resetFormatHasHeader(data, noEffect);
  for (const [set, params] of [
    ['config', data.config],
    ['replication', data.replication],
    ['types', data.types],
  ] as const) {
    for (const [name, param] of Object.entries(params ?? {})) checkPatternText(noEffect, [set, name], name, param);
  }
  for (const [entityName, entity] of Object.entries(data.entities)) {
    for (const [actionName, action] of Object.entries(entity.actions)) {
      const path: SpecPath = ['entities', entityName, 'actions', actionName];
      const site: ActionSite = {
        report,
        noEffect,
        path,
        id: `${entityName}.${actionName}`,
        action,
        kind: actionKind(actionName, action),
        groups,
      };
      if (site.kind === 'search') searchKeysOnly(site);
      else for (const rule of ACTION_FORMAT_RULES) rule(site);
    }
  }
  rateGroupsUsed(data, report);
}

function resetFormatHasHeader(data: SpecData, noEffect: NoEffect): void {
  if (data.rateLimit?.resetFormat !== undefined && data.rateLimit.resetHeader === undefined) {
    noEffect(
      ['rateLimit', 'resetFormat'],
      'rateLimit.resetFormat has no effect without rateLimit.resetHeader',
      'name the header it reads (resetHeader), or remove resetFormat',
    );
  }
}

/** A hosted search runs on the service's synced copy with the standard parameters: only its description is the spec's. */
function searchKeysOnly({ noEffect, path, id, action }: ActionSite): void {
  for (const key of Object.keys(action).filter((k) => !SEARCH_KEYS.has(k))) {
    noEffect(
      [...path, key],
      `${id}: ${key} has no effect on a search action, which runs on the hosted service's synced copy with the standard search parameters`,
      'remove it; a search action takes only description (what it may filter on is the entity’s searchable list)',
    );
  }
}

function rateGroupDeclared({ report, path, id, action, groups }: ActionSite): void {
  if (action.rateGroup === undefined || Object.hasOwn(groups, action.rateGroup)) return;
  const declared = Object.keys(groups);
  report(
    [...path, 'rateGroup'],
    'SY160',
    `${id}: rate group "${action.rateGroup}" is not declared under rateLimit.groups`,
    declared.length ? `use one of: ${declared.join(', ')}` : `declare rateLimit.groups.${action.rateGroup}: { requestsPerSecond, burst }`,
  );
}

/** A declared group no action (other than a hosted search, whose rateGroup is SY162) names spaces nothing. */
function rateGroupsUsed(data: SpecData, report: FormatReport): void {
  const used = new Set<string>();
  for (const entity of Object.values(data.entities)) {
    for (const [actionName, action] of Object.entries(entity.actions)) {
      if (action.rateGroup !== undefined && actionKind(actionName, action) !== 'search') used.add(action.rateGroup);
    }
  }
  for (const group of Object.keys(data.rateLimit?.groups ?? {})) {
    if (!used.has(group)) {
      report(
        ['rateLimit', 'groups', group],
        'SY161',
        `rate group "${group}" is declared but no action names it, so it spaces nothing`,
        `add rateGroup: ${group} to the actions it should space, or remove the group`,
      );
    }
  }
}

function returnsOnDownload({ noEffect, path, id, action, kind }: ActionSite): void {
  if (kind === 'download' && action.returns !== undefined) {
    noEffect(
      [...path, 'returns'],
      `${id}: returns has no effect on a download, which streams a file rather than records`,
      'remove returns',
    );
  }
}

function paginationNoneOnList({ noEffect, path, id, action, kind }: ActionSite): void {
  if (action.pagination?.style === 'none' && kind !== undefined && kind !== 'list') {
    noEffect(
      [...path, 'pagination'],
      `${id}: pagination: none marks a single-page list and has no effect on a ${kind} action`,
      'remove it (declare a real pagination style if this action returns pages)',
    );
  }
}

/** An action's parameters: patternText with a pattern, `style` on a query array, `drop` on a top-level string. */
function paramKeysHaveEffect({ noEffect, path, id, action }: ActionSite): void {
  for (const [name, param] of Object.entries(action.params ?? {})) {
    checkPatternText(noEffect, [...path, 'params', name], name, param);
    checkNestedDrop(noEffect, [...path, 'params', name], name, param);
    if (param.style !== undefined && (param.type !== 'array' || defaultLocation(name, param, action) !== 'query')) {
      noEffect(
        [...path, 'params', name, 'style'],
        `${id}: ${name}.style has no effect: it only says how an array is written in a query string`,
        'remove style, or make the parameter an array sent in the query',
      );
    }
    if (param.drop !== undefined && param.type !== 'string') {
      noEffect(
        [...path, 'params', name, 'drop'],
        `${id}: ${name}.drop has no effect: it only removes text from a string value`,
        'remove drop, or make the parameter a string',
      );
    }
  }
}

/** A body envelope or format on a request that sends no body (GET/DELETE without body parameters, or GraphQL). */
function checkRequestBody(noEffect: NoEffect, path: SpecPath, id: string, action: SpecAction): void {
  const request = action.request;
  if (!request) return;
  const method = request.method ?? 'GET';
  const bodyParams = Object.entries(action.params ?? {}).some(([name, p]) => defaultLocation(name, p, action) === 'body');
  for (const key of ['envelope', 'bodyFormat'] as const) {
    if (request[key] === undefined) continue;
    if (request.graphql !== undefined) {
      noEffect(
        [...path, 'request', key],
        `${id}: request.${key} has no effect on a GraphQL request, whose body is {query, variables, operationName}`,
        `remove request.${key}`,
      );
    } else if (!bodyParams && (method === 'GET' || method === 'DELETE')) {
      noEffect(
        [...path, 'request', key],
        `${id}: request.${key} has no effect: a ${method} request without body parameters sends no body`,
        `remove request.${key}, or send parameters in the body (in: body)`,
      );
    }
  }
}

/** `drop` rewrites top-level string values only; inside an array or object it would do nothing. */
function checkNestedDrop(noEffect: NoEffect, path: SpecPath, name: string, param: SpecParam): void {
  const nested: [SpecPath, string, SpecParam][] = [
    ...(param.items ? [[[...path, 'items'], `${name}[]`, param.items] as [SpecPath, string, SpecParam]] : []),
    ...Object.entries(param.properties ?? {}).map(
      ([child, p]) => [[...path, 'properties', child], `${name}.${child}`, p] as [SpecPath, string, SpecParam],
    ),
  ];
  for (const [at, label, inner] of nested) {
    if (inner.drop !== undefined) {
      noEffect(
        [...at, 'drop'],
        `${label}: drop has no effect inside an array or object: only top-level string parameters are rewritten on the wire`,
        'remove drop, or make the value a top-level string parameter',
      );
    }
    checkNestedDrop(noEffect, at, label, inner);
  }
}

function checkPatternText(noEffect: NoEffect, path: SpecPath, name: string, param: SpecParam): void {
  if (param.patternText !== undefined && param.pattern === undefined) {
    noEffect(
      [...path, 'patternText'],
      `${name}: patternText has no effect without pattern`,
      'add the pattern it describes, or remove patternText',
    );
  }
  if (param.items) checkPatternText(noEffect, [...path, 'items'], `${name}[]`, param.items);
  for (const [child, p] of Object.entries(param.properties ?? {}))
    checkPatternText(noEffect, [...path, 'properties', child], `${name}.${child}`, p);
}
