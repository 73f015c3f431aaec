/**
 * Semantic rules of sync declarations (`entities.<entity>.sync`). An entity with a search action
 * declares how its synced copy is filled: a list action of the entity that exists, whose required
 * parameters are all filled (by fixed params or the parent), that has the incremental and
 * start-date parameters it names, over record fields that exist. A sync the service could not run
 * is a generation error, not a failed sync in production.
 */
import { ValidationError } from '@switchyard/runtime';
import { validateParams } from '@switchyard/runtime/internal';
import { actionKind } from '../spec/defaults.js';
import { toParamRule } from '../spec/param-rule.js';
import type { RuleReport, SpecPath } from '../spec/problems.js';
import type { SpecData, SpecParam, SpecSync } from '../spec/spec-types.js';
import { issueText } from './problem-words.js';

export const SYNC_RULES = {
  SY121: 'search-without-sync',
  SY122: 'sync-rule-mismatch',
} as const;

export type SyncReport = RuleReport<keyof typeof SYNC_RULES>;
type SpecEntity = SpecData['entities'][string];

/** A declared sync of an entity whose list action exists: what each rule below reads. */
interface SyncContext {
  entityName: string;
  sync: SpecSync;
  syncPath: SpecPath;
  /** The list action's parameters. */
  params: Record<string, SpecParam>;
  /** Fields of the entity's record, when it has a declared one. */
  recordFields: Set<string> | undefined;
  entities: SpecData['entities'];
  /** Reports SY122, prefixed with `<entity>.sync:`. */
  mismatch: (at: SpecPath, message: string, hint: string) => void;
}

const SYNC_ACTION_RULES: readonly ((ctx: SyncContext) => void)[] = [
  namedParamsExist,
  fixedParamsKeepRules,
  requiredParamsFilled,
  readFieldsExist,
  parentSyncs,
];

export function checkSync(
  report: SyncReport,
  entityPath: SpecPath,
  entityName: string,
  entity: SpecEntity,
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
  const ctx: SyncContext = { entityName, sync, syncPath, params: action.params ?? {}, recordFields, entities, mismatch };
  for (const rule of SYNC_ACTION_RULES) rule(ctx);
}

/** Every parameter the sync names (fixed, incremental, start date, parent) is one of the list action's. */
function namedParamsExist({ entityName, sync, syncPath, params, mismatch }: SyncContext): void {
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
}

/** Fixed params pass the action's own parameter rules, as the runtime will judge them. */
function fixedParamsKeepRules({ entityName, sync, syncPath, params, mismatch }: SyncContext): void {
  const fixed = sync.params;
  if (!fixed) return;
  const rules = Object.fromEntries(
    Object.entries(params)
      .filter(([name]) => name in fixed)
      .map(([name, p]) => [name, toParamRule({ ...p, required: false }, false)]),
  );
  try {
    validateParams(`${entityName}.sync`, rules, fixed);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    mismatch(
      [...syncPath, 'params'],
      `fixed params break the action's rules: ${error.issues.map(issueText).join('; ')}`,
      `make sync.params satisfy ${entityName}.${sync.action}'s parameter rules`,
    );
  }
}

function requiredParamsFilled({ entityName, sync, syncPath, params, mismatch }: SyncContext): void {
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
}

/** The record fields the sync reads must exist, or every synced record would lack its id or clock. */
function readFieldsExist({ entityName, sync, syncPath, recordFields, mismatch }: SyncContext): void {
  if (!recordFields) return;
  const readFields: [SpecPath, string][] = [
    [[...syncPath, 'idField'], sync.idField ?? 'id'],
    ...(sync.incremental ? [[[...syncPath, 'incremental', 'field'], sync.incremental.field] as [SpecPath, string]] : []),
  ];
  for (const [at, field] of readFields) {
    if (!recordFields.has(field.split('.')[0]!)) {
      mismatch(at, `${field} is not a field of the ${entityName} record`, `use one of: ${[...recordFields].join(', ')}`);
    }
  }
}

/** A per-parent list takes its parents from another entity's synced copy. */
function parentSyncs({ entityName, sync, syncPath, entities, mismatch }: SyncContext): void {
  if (!sync.forEach) return;
  const parent = entities[sync.forEach.entity];
  if (!parent || !parent.sync || sync.forEach.entity === entityName) {
    mismatch(
      [...syncPath, 'forEach', 'entity'],
      `parent entity "${sync.forEach.entity}" ${parent && sync.forEach.entity !== entityName ? 'declares no sync' : 'is not another entity of this spec'}`,
      'name another entity that declares sync; its synced copy supplies the parents',
    );
  }
}

function listActionNames(entity: SpecEntity): string[] {
  return Object.entries(entity.actions)
    .filter(([name, action]) => actionKind(name, action) === 'list')
    .map(([name]) => name);
}
