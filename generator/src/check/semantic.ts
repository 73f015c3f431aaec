/**
 * Rules a JSON Schema cannot express. Each has a stable code, a message naming the offending
 * element and a hint. All rules run; every problem is reported at once.
 */
import { basename } from 'node:path';
import { ValidationError } from '@switchyard/runtime';
import { templateNames, validateParams } from '@switchyard/runtime/internal';
import { SelectionProblem, selectionProblem } from '../spec/field-selection.js';
import type { ParsedGraphql } from '../spec/graphql.js';
import { positionOf, type LoadedSpec } from '../load/yaml.js';
import { checkSubstitutes } from './substitute-rules.js';
import { checkHostnames, HOSTNAME_RULES } from './hostname-rules.js';
import { actionKind, defaultLocation } from '../spec/defaults.js';
import { toParamRule } from '../spec/param-rule.js';
import type { Problem, SpecPath } from '../spec/problems.js';
import type { SpecAction, SpecData, SpecParam } from '../spec/spec-types.js';
import { parseTypeExpr, referencedRecords } from '../spec/type-expr.js';
import { checkTypesAndRules, TYPE_RULES } from './type-rules.js';
import { checkFormatRules, FORMAT_RULES, issueText, regexReason } from './format-rules.js';
import { checkVariants, VARIANT_RULES } from './variant-rules.js';

export const RULES = {
  ...TYPE_RULES,
  ...FORMAT_RULES,
  ...VARIANT_RULES,
  ...HOSTNAME_RULES,
  SY101: 'path-param-unknown',
  SY102: 'path-param-unused',
  SY103: 'list-without-pagination',
  SY104: 'searchable-not-in-record',
  SY105: 'unknown-record',
  SY106: 'cursor-param-missing',
  SY107: 'pagination-meta-mismatch',
  SY108: 'graphql-invalid',
  SY109: 'graphql-variable-mismatch',
  SY110: 'auth-template-unknown-field',
  SY111: 'base-url-unknown-config',
  SY112: 'download-rule-mismatch',
  SY113: 'default-breaks-rule',
  SY114: 'response-missing',
  SY115: 'search-without-searchable',
  SY116: 'pattern-invalid',
  SY117: 'action-kind-unknown',
  SY118: 'auth-kinds-ambiguous',
  SY119: 'request-missing',
  SY120: 'name-file-mismatch',
  SY121: 'search-without-sync',
  SY122: 'sync-rule-mismatch',
  SY123: 'fill-not-in-record',
  SY140: 'select-invalid',
  SY128: 'config-substitutes-mismatch',
} as const;

/** `graphql` is the spec's GraphQL as parseSpecGraphql parsed it (once, for these rules and the IR alike). */
export function checkSemantics(spec: LoadedSpec, graphql: ParsedGraphql): Problem[] {
  const data = spec.data as SpecData;
  const problems: Problem[] = [];
  const report = (path: SpecPath, code: keyof typeof RULES, message: string, hint: string) => {
    problems.push({ file: spec.file, ...positionOf(spec, path), code, message: `${message} (${RULES[code]})`, hint });
  };
  const records = data.records ?? {};
  // Named types, cross-field rules and nested searchable paths (type-rules.ts).
  checkTypesAndRules(data, report);
  // Rate-limit groups and keys that would have no effect (format-rules.ts).
  checkFormatRules(data, report);
  // Credential-kind variants of actions (variant-rules.ts).
  checkVariants(data, report);

  // The name decides the package (@switchyard/connector-<name>) and its folder; the file must say the same,
  // or two specs could silently generate into one package.
  const expected = basename(spec.file).replace(/\.ya?ml$/, '');
  if (data.name !== expected) {
    report(
      ['name'],
      'SY120',
      `spec name "${data.name}" does not match the file name ${basename(spec.file)}`,
      `rename the file to ${data.name}.yaml or set name: ${expected}`,
    );
  }

  // Records: every referenced type must be declared.
  for (const [recordName, record] of Object.entries(records)) {
    for (const [field, f] of Object.entries(record.fields)) {
      const expr = typeof f === 'string' ? f : f.type;
      for (const ref of referencedRecords(parseTypeExpr(expr).type)) {
        if (!(ref in records) && !(ref in (data.types ?? {}))) {
          report(
            ['records', recordName, 'fields', field],
            'SY105',
            `${recordName}.${field} refers to record type ${ref}, which is not declared`,
            `declare ${ref} under records, or use object/any`,
          );
        }
      }
    }
  }

  // Auth: templates name existing fields; no two kinds accept the same field set.
  const kindSignatures = new Map<string, string>();
  for (const [kindName, kind] of Object.entries(data.auth)) {
    const fields = Object.keys(kind.fields);
    // Each kind has its own template properties; a copy as a plain record lets one loop read them all.
    const properties: Record<string, unknown> = { ...kind };
    for (const key of ['token', 'username', 'password', 'value', 'accessToken', 'refreshToken', 'clientId', 'clientSecret'] as const) {
      const template = properties[key];
      if (typeof template !== 'string') continue;
      for (const name of templateNames(template)) {
        if (!fields.includes(name)) {
          report(
            ['auth', kindName, key],
            'SY110',
            `auth kind "${kindName}" uses {${name}} in ${key}, but has no field ${name}`,
            `add ${name} under auth.${kindName}.fields or fix the template`,
          );
        }
      }
    }
    const required = Object.entries(kind.fields)
      .filter(([, f]) => f.required !== false)
      .map(([n]) => n)
      .sort()
      .join(',');
    const other = kindSignatures.get(required);
    if (other) {
      report(
        ['auth', kindName],
        'SY118',
        `auth kinds "${other}" and "${kindName}" require the same fields (${required})`,
        'a caller is matched to a kind by its fields; make the field sets differ',
      );
    }
    kindSignatures.set(required, kindName);
  }

  // Base URL: placeholders are config variables.
  for (const name of templateNames(data.baseUrl)) {
    if (!(name in (data.config ?? {}))) {
      report(['baseUrl'], 'SY111', `baseUrl uses {${name}}, which is not a config variable`, `declare ${name} under config`);
    }
  }
  checkParamSet(report, ['config'], data.config ?? {});
  checkSubstitutes(data, (path, message, hint) => report(path, 'SY128', message, hint));
  // Config variables that are whole host names, and the patterns that keep them on the vendor's hosts (hostname-rules.ts).
  checkHostnames(data, report);
  checkParamSet(report, ['replication'], data.replication ?? {});

  for (const [entityName, entity] of Object.entries(data.entities)) {
    const entityPath: SpecPath = ['entities', entityName];
    if (entity.record && !(entity.record in records)) {
      report(
        [...entityPath, 'record'],
        'SY105',
        `entity ${entityName} uses record type ${entity.record}, which is not declared`,
        `declare ${entity.record} under records`,
      );
    }
    const recordFields = entity.record && records[entity.record] ? recordFieldNames(records[entity.record]!) : undefined;
    if (entity.searchable && recordFields) {
      for (const field of Object.keys(entity.searchable)) {
        // A dotted path (properties.email) starts at a record field; the rest is SY153's business.
        if (!recordFields.has(field.split('.')[0]!)) {
          report(
            [...entityPath, 'searchable', field],
            'SY104',
            `searchable field ${entityName}.${field} is not a field of record ${entity.record}`,
            `add ${field} to records.${entity.record}.fields (nullable if the vendor may omit it) or derive it`,
          );
        }
      }
    }
    for (const [actionName, action] of Object.entries(entity.actions)) {
      checkAction(
        report,
        [...entityPath, 'actions', actionName],
        entityName,
        actionName,
        action,
        entity.searchable,
        entity.record,
        records,
        graphql.get(`${entityName}.${actionName}`),
      );
      // Run-time field selection; a document that does not parse is already SY108.
      const parsed = graphql.get(`${entityName}.${actionName}`);
      if (action.select && !(parsed instanceof Error)) {
        const problem = parsed
          ? selectionProblem(data, action, action.returns ?? entity.record ?? null, parsed)
          : new SelectionProblem('select needs a GraphQL action', 'fragment', 'declare request.graphql, or remove select');
        if (problem) {
          report(
            [...entityPath, 'actions', actionName, 'select', problem.at],
            'SY140',
            `${entityName}.${actionName}: ${problem.message}`,
            problem.hint,
          );
        }
      }
    }
    checkSync(report, entityPath, entityName, entity, data.entities, recordFields);
  }
  return problems.sort((a, b) => a.line - b.line || a.col - b.col);
}

type Report = (path: SpecPath, code: keyof typeof RULES, message: string, hint: string) => void;

function checkAction(
  report: Report,
  path: SpecPath,
  entityName: string,
  actionName: string,
  action: SpecAction,
  searchable: Record<string, string> | undefined,
  entityRecord: string | undefined,
  records: NonNullable<SpecData['records']>,
  parsedGraphql: ReturnType<ParsedGraphql['get']>,
): void {
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
    if (!searchable || Object.keys(searchable).length === 0) {
      report(
        path,
        'SY115',
        `${id} is a search action but ${entityName} declares no searchable fields`,
        'list the fields the hosted index holds under searchable:',
      );
    }
    return;
  }
  if (!action.request) {
    report(path, 'SY119', `${id} has no request`, 'declare request.method and request.path (or request.graphql)');
    return;
  }
  const params = action.params ?? {};
  checkParamSet(report, [...path, 'params'], params);
  if (action.returns && !(action.returns in records)) {
    report(
      [...path, 'returns'],
      'SY105',
      `${id} returns record type ${action.returns}, which is not declared`,
      `declare ${action.returns} under records`,
    );
  }

  // Path templates and path params agree.
  const pathTemplate = action.request.path ?? '';
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
    if (defaultLocation(name, param, action) === 'path' && !pathTemplate.includes(`{${name}}`)) {
      report(
        [...path, 'params', name],
        'SY102',
        `${id}: parameter ${name} is a path parameter but the path has no {${name}}`,
        `add {${name}} to request.path or change "in"`,
      );
    }
  }

  // Responses.
  if (kind !== 'download' && !action.response) {
    report(path, 'SY114', `${id} does not say where its records are`, "add response.records (a dot path, '' for the whole body)");
  }
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

  // Pagination.
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

  // GraphQL documents parse, their fragments exist, and params and variables agree.
  if (parsedGraphql instanceof Error) {
    report(
      [...path, 'request', 'graphql'],
      'SY108',
      `${id}: GraphQL document is invalid: ${parsedGraphql.message}`,
      'fix the operation; it must parse, be named, and spread only declared fragments',
    );
  } else if (parsedGraphql) {
    const provided = new Set(
      Object.entries(params)
        .filter(([name, p]) => defaultLocation(name, p, action) === 'variables')
        .map(([name, p]) => (p.as ?? name).split('.')[0]!),
    );
    const declared = new Set(parsedGraphql.variables.map((v) => v.name));
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
    for (const v of parsedGraphql.variables) {
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

  // Downloads.
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
  if (action.download && action.download !== 'direct') {
    const selectParams = [
      ...Object.values(action.download.match ?? {}),
      ...(action.download.indexParam ? [action.download.indexParam] : []),
    ];
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
}

/**
 * An entity with a search action declares how its synced copy is filled: a list action of the entity
 * that exists, whose required parameters are all filled (by fixed params or the parent), and that
 * has the incremental and start-date parameters it names. A sync the service could not run is a
 * generation error, not a failed sync in production.
 */
function checkSync(
  report: Report,
  entityPath: SpecPath,
  entityName: string,
  entity: SpecData['entities'][string],
  entities: SpecData['entities'],
  recordFields: Set<string> | undefined,
): void {
  const hasSearch = Object.entries(entity.actions).some(([name, action]) => actionKind(name, action) === 'search');
  const sync = entity.sync;
  if (!sync) {
    if (hasSearch) {
      report(
        entityPath,
        'SY121',
        `${entityName} has a search action but declares no sync`,
        'add sync: { action: list } (plus incremental: { param, field, format } when the vendor filters by update time)',
      );
    }
    return;
  }
  const syncPath: SpecPath = [...entityPath, 'sync'];
  const mismatch = (at: SpecPath, message: string, hint: string) => report(at, 'SY122', `${entityName}.sync: ${message}`, hint);
  if (!hasSearch) {
    mismatch(syncPath, 'the entity has no search action, so nothing reads the synced copy', 'remove sync or add a search action');
  }
  const action = entity.actions[sync.action];
  if (!action || actionKind(sync.action, action) !== 'list') {
    mismatch(
      [...syncPath, 'action'],
      `"${sync.action}" is not a list action of ${entityName}`,
      `name one of: ${listActionNames(entity).join(', ') || '(none: add a list action)'}`,
    );
    return;
  }
  const params = action.params ?? {};
  const named: [SpecPath, string, string][] = [
    ...Object.keys(sync.params ?? {}).map((p): [SpecPath, string, string] => [[...syncPath, 'params', p], p, 'a fixed parameter']),
    ...(sync.incremental
      ? [[[...syncPath, 'incremental', 'param'], sync.incremental.param, 'the incremental parameter'] as [SpecPath, string, string]]
      : []),
    ...(sync.startDate
      ? [[[...syncPath, 'startDate', 'param'], sync.startDate.param, 'the start-date parameter'] as [SpecPath, string, string]]
      : []),
    ...(sync.forEach
      ? [[[...syncPath, 'forEach', 'param'], sync.forEach.param, 'the parent parameter'] as [SpecPath, string, string]]
      : []),
  ];
  for (const [at, param, role] of named) {
    if (!(param in params)) {
      mismatch(
        at,
        `${role} ${param} is not a parameter of ${entityName}.${sync.action}`,
        `use one of: ${Object.keys(params).join(', ') || '(the action has no parameters)'}`,
      );
    }
  }
  if (sync.params) {
    const rules = Object.fromEntries(
      Object.entries(params)
        .filter(([name]) => name in sync.params!)
        .map(([name, p]) => [name, toParamRule({ ...p, required: false }, false)]),
    );
    try {
      validateParams(`${entityName}.sync`, rules, sync.params);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      mismatch(
        [...syncPath, 'params'],
        `fixed params break the action's rules: ${error.issues.map(issueText).join('; ')}`,
        `make sync.params satisfy ${entityName}.${sync.action}'s parameter rules`,
      );
    }
  }
  for (const [name, p] of Object.entries(params)) {
    const filled = name in (sync.params ?? {}) || sync.forEach?.param === name || p.default !== undefined;
    if (p.required && !filled) {
      mismatch(
        syncPath,
        `${entityName}.${sync.action} requires ${name}, which the sync does not fill`,
        `fill it with sync.params.${name}, or sync.forEach: { entity, param: ${name} } for a per-parent list`,
      );
    }
  }
  // The record fields the sync reads must exist, or every synced record would lack its id or clock.
  const readFields: [SpecPath, string][] = [
    [[...syncPath, 'idField'], sync.idField ?? 'id'],
    ...(sync.incremental ? [[[...syncPath, 'incremental', 'field'], sync.incremental.field] as [SpecPath, string]] : []),
  ];
  for (const [at, field] of recordFields ? readFields : []) {
    const top = field.split('.')[0]!;
    if (!recordFields!.has(top)) {
      mismatch(at, `${field} is not a field of the ${entityName} record`, `use one of: ${[...recordFields!].join(', ')}`);
    }
  }
  if (sync.forEach) {
    const parent = entities[sync.forEach.entity];
    if (!parent || !parent.sync || sync.forEach.entity === entityName) {
      mismatch(
        [...syncPath, 'forEach', 'entity'],
        `parent entity "${sync.forEach.entity}" ${parent && sync.forEach.entity !== entityName ? 'declares no sync' : 'is not another entity of this spec'}`,
        'name another entity that declares sync; its synced copy supplies the parents',
      );
    }
  }
}

function listActionNames(entity: SpecData['entities'][string]): string[] {
  return Object.entries(entity.actions)
    .filter(([name, action]) => actionKind(name, action) === 'list')
    .map(([name]) => name);
}

/** Defaults must satisfy their own rules; patterns must compile. */
function checkParamSet(report: Report, path: SpecPath, params: Record<string, SpecParam>): void {
  for (const [name, param] of Object.entries(params)) {
    if (param.pattern !== undefined) {
      try {
        new RegExp(param.pattern);
      } catch (error) {
        report(
          [...path, name, 'pattern'],
          'SY116',
          `${name}: pattern is not a valid regular expression: ${regexReason(error)}`,
          'write an ECMAScript regular expression, anchored with ^…$',
        );
        continue;
      }
    }
    if (param.drop !== undefined) {
      try {
        new RegExp(param.drop, 'g');
      } catch (error) {
        report(
          [...path, name, 'drop'],
          'SY116',
          `${name}: drop is not a valid regular expression: ${regexReason(error)}`,
          'write an ECMAScript regular expression matching the text to remove',
        );
      }
    }
    if (param.default !== undefined) {
      const rule = toParamRule({ ...param, required: false }, false);
      try {
        validateParams('default', { [name]: rule }, { [name]: param.default });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        report(
          [...path, name, 'default'],
          'SY113',
          `${name}: default ${JSON.stringify(param.default)} breaks its own rule: ${error.issues.map(issueText).join('; ')}`,
          'make the default satisfy the parameter rules',
        );
      }
    }
  }
}

function recordFieldNames(record: NonNullable<SpecData['records']>[string]): Set<string> {
  return new Set([...Object.keys(record.fields), ...Object.keys(record.derive ?? {})]);
}
