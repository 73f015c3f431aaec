/**
 * Checks a value against the connector package contract (connector-package.ts) and names every
 * shortfall, so a service that loads a package from outside (an operator's plug-in) refuses it at
 * start with a reason instead of failing on the first call that reaches the missing part. The
 * checks cover what the service and the runtime read: the exports and their shapes, the metadata's
 * names and actions, and that the schemas and searchable fields agree with the metadata. Values
 * are read as own properties only, and nothing is called, so any value may be checked.
 */
import type { ConnectorPackageIssue } from './connector-package.js';

const FAMILY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const ACTION_KINDS = new Set(['list', 'get', 'create', 'update', 'delete', 'search', 'api_search', 'download']);
const AUTH_KINDS = new Set(['bearer', 'basic', 'header', 'oauth2']);
const PARAM_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'any']);
const SEARCHABLE_TYPES = PARAM_TYPES;
const EXPORTS = ['metadata', 'paramSchemas', 'credentialKinds', 'configSchema', 'replicationSchema', 'searchableFields'] as const;

type Obj = Readonly<Record<string, unknown>>;
/** The actions found in the metadata: entity → action name → kind (undefined when the kind is not one). */
type Actions = Map<string, Map<string, string | undefined>>;

/** Every way `value` falls short of the ConnectorPackage contract; empty when it satisfies it. */
export function checkConnectorPackage(value: unknown): ConnectorPackageIssue[] {
  const issues: ConnectorPackageIssue[] = [];
  if (!isObject(value)) {
    issues.push({ path: '', message: `is ${describe(value)}, not the exports of a connector package` });
    return issues;
  }
  for (const name of EXPORTS) {
    if (own(value, name) === undefined) issues.push({ path: name, message: 'is missing (a connector package exports it)' });
  }
  const metadata = own(value, 'metadata');
  const actions = metadata === undefined ? undefined : checkMetadata(metadata, issues);
  for (const name of ['configSchema', 'replicationSchema'] as const) {
    const schema = own(value, name);
    if (schema !== undefined) expectObjectSchema(schema, name, issues);
  }
  const recordSchemas = own(value, 'recordSchemas');
  if (recordSchemas !== undefined && !isObject(recordSchemas)) issues.push(wrongType('recordSchemas', recordSchemas, 'an object'));
  const paramSchemas = own(value, 'paramSchemas');
  if (paramSchemas !== undefined) checkParamSchemas(paramSchemas, actions, issues);
  const credentialKinds = own(value, 'credentialKinds');
  if (credentialKinds !== undefined) checkCredentialKinds(credentialKinds, isObject(metadata) ? own(metadata, 'auth') : undefined, issues);
  const searchableFields = own(value, 'searchableFields');
  if (searchableFields !== undefined) checkSearchableFields(searchableFields, actions, issues);
  return issues;
}

/** The metadata's own members; returns its actions (entity → action → kind) when they are readable. */
function checkMetadata(metadata: unknown, issues: ConnectorPackageIssue[]): Actions | undefined {
  if (!isObject(metadata)) {
    issues.push(wrongType('metadata', metadata, 'an object'));
    return undefined;
  }
  const name = own(metadata, 'name');
  if (typeof name !== 'string' || !FAMILY_NAME.test(name)) {
    issues.push({
      path: 'metadata.name',
      message: `must be the family name in kebab-case (lowercase letters and digits, words joined by -), got ${describe(name)}`,
    });
  }
  for (const key of ['title', 'vendor', 'baseUrl'] as const) {
    const text = own(metadata, key);
    if (typeof text !== 'string' || text === '') issues.push(wrongType(`metadata.${key}`, text, 'a non-empty string'));
  }
  const config = own(metadata, 'config');
  if (!isObject(config)) issues.push(wrongType('metadata.config', config, 'an object of parameter rules'));
  else checkParamRules(config, 'metadata.config', issues);
  for (const key of ['errorMessage', 'errorCode'] as const) {
    const paths = own(metadata, key);
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
      issues.push(wrongType(`metadata.${key}`, paths, 'an array of dot paths'));
  }
  const bodyErrors = own(metadata, 'bodyErrors');
  if (!Array.isArray(bodyErrors)) issues.push(wrongType('metadata.bodyErrors', bodyErrors, 'an array'));
  checkAuth(own(metadata, 'auth'), issues);
  const actions = checkActions(own(metadata, 'actions'), issues);
  const sync = own(metadata, 'sync');
  if (sync !== undefined) checkSync(sync, actions, issues);
  return actions;
}

function checkAuth(auth: unknown, issues: ConnectorPackageIssue[]): void {
  if (!Array.isArray(auth) || auth.length === 0) {
    issues.push(wrongType('metadata.auth', auth, 'a non-empty array of credential kinds'));
    return;
  }
  auth.forEach((kind: unknown, index) => {
    const path = `metadata.auth.${index}`;
    if (!isObject(kind)) return issues.push(wrongType(path, kind, 'an object'));
    if (typeof own(kind, 'name') !== 'string') issues.push(wrongType(`${path}.name`, own(kind, 'name'), 'a string'));
    if (!AUTH_KINDS.has(own(kind, 'kind') as string)) issues.push(oneOf(`${path}.kind`, own(kind, 'kind'), AUTH_KINDS));
    if (!isObject(own(kind, 'fields'))) issues.push(wrongType(`${path}.fields`, own(kind, 'fields'), 'an object of credential fields'));
    return undefined;
  });
}

function checkActions(actions: unknown, issues: ConnectorPackageIssue[]): Actions | undefined {
  if (!isObject(actions) || Object.keys(actions).length === 0) {
    issues.push(wrongType('metadata.actions', actions, 'an object of entities, each an object of actions'));
    return undefined;
  }
  const found: Actions = new Map();
  for (const [entity, entityActions] of Object.entries(actions)) {
    const path = `metadata.actions.${entity}`;
    if (!isObject(entityActions) || Object.keys(entityActions).length === 0) {
      issues.push(wrongType(path, entityActions, 'an object of actions'));
      continue;
    }
    const kinds = new Map<string, string | undefined>();
    found.set(entity, kinds);
    for (const [name, action] of Object.entries(entityActions)) {
      // Kept with an unreadable kind too: the schemas must still cover the action.
      kinds.set(name, checkAction(action, entity, name, `${path}.${name}`, issues));
    }
  }
  return found;
}

/** One action's members; returns its kind when valid. */
function checkAction(action: unknown, entity: string, name: string, path: string, issues: ConnectorPackageIssue[]): string | undefined {
  if (!isObject(action)) {
    issues.push(wrongType(path, action, 'an object'));
    return undefined;
  }
  if (own(action, 'entity') !== entity)
    issues.push({ path: `${path}.entity`, message: `must be ${JSON.stringify(entity)}, got ${describe(own(action, 'entity'))}` });
  if (own(action, 'action') !== name)
    issues.push({ path: `${path}.action`, message: `must be ${JSON.stringify(name)}, got ${describe(own(action, 'action'))}` });
  if (typeof own(action, 'idempotent') !== 'boolean') issues.push(wrongType(`${path}.idempotent`, own(action, 'idempotent'), 'a boolean'));
  const params = own(action, 'params');
  if (!isObject(params)) issues.push(wrongType(`${path}.params`, params, 'an object of parameter rules'));
  else checkParamRules(params, `${path}.params`, issues);
  // Only hosted search runs without a vendor request (the service reads its synced copy).
  if (own(action, 'hostedOnly') !== true && !isObject(own(action, 'request')))
    issues.push(
      wrongType(`${path}.request`, own(action, 'request'), 'the request rule of a vendor call (only a hostedOnly action has none)'),
    );
  const kind = own(action, 'kind');
  if (!ACTION_KINDS.has(kind as string)) {
    issues.push(oneOf(`${path}.kind`, kind, ACTION_KINDS));
    return undefined;
  }
  return kind as string;
}

function checkParamRules(rules: Obj, path: string, issues: ConnectorPackageIssue[]): void {
  for (const [name, rule] of Object.entries(rules)) {
    if (!isObject(rule)) issues.push(wrongType(`${path}.${name}`, rule, 'a parameter rule object'));
    else if (!PARAM_TYPES.has(own(rule, 'type') as string)) issues.push(oneOf(`${path}.${name}.type`, own(rule, 'type'), PARAM_TYPES));
  }
}

function checkSync(sync: unknown, actions: Actions | undefined, issues: ConnectorPackageIssue[]): void {
  if (!isObject(sync)) {
    issues.push(wrongType('metadata.sync', sync, 'an object of sync rules by entity'));
    return;
  }
  for (const [entity, rule] of Object.entries(sync)) {
    const path = `metadata.sync.${entity}`;
    if (!isObject(rule)) {
      issues.push(wrongType(path, rule, 'a sync rule object'));
      continue;
    }
    if (typeof own(rule, 'idField') !== 'string') issues.push(wrongType(`${path}.idField`, own(rule, 'idField'), 'a dot path'));
    const kinds = actions?.get(entity);
    if (actions && !kinds) issues.push({ path, message: `names an entity that metadata.actions does not have` });
    const action = own(rule, 'action');
    if (kinds && kinds.get(action as string) !== 'list')
      issues.push({ path: `${path}.action`, message: `must name a list action of ${entity}, got ${describe(action)}` });
  }
}

function checkParamSchemas(schemas: unknown, actions: Actions | undefined, issues: ConnectorPackageIssue[]): void {
  if (!isObject(schemas)) {
    issues.push(wrongType('paramSchemas', schemas, 'an object of JSON Schemas by entity and action'));
    return;
  }
  for (const [entity, kinds] of actions ?? []) {
    for (const action of kinds.keys()) {
      const schema = isObject(own(schemas, entity)) ? own(own(schemas, entity) as Obj, action) : undefined;
      if (schema === undefined)
        issues.push({ path: `paramSchemas.${entity}.${action}`, message: `is missing (metadata.actions has ${entity}.${action})` });
      else expectObjectSchema(schema, `paramSchemas.${entity}.${action}`, issues);
    }
  }
  for (const [entity, byAction] of Object.entries(schemas)) {
    if (!actions) break;
    if (!isObject(byAction)) {
      issues.push(wrongType(`paramSchemas.${entity}`, byAction, 'an object of JSON Schemas by action'));
      continue;
    }
    for (const action of Object.keys(byAction))
      if (!actions.get(entity)?.has(action))
        issues.push({ path: `paramSchemas.${entity}.${action}`, message: 'names an action that metadata.actions does not have' });
  }
}

function checkCredentialKinds(kinds: unknown, auth: unknown, issues: ConnectorPackageIssue[]): void {
  if (!isObject(kinds)) {
    issues.push(wrongType('credentialKinds', kinds, 'an object of credential kinds by name'));
    return;
  }
  const declared = Array.isArray(auth)
    ? auth
        .filter(isObject)
        .map((kind) => own(kind, 'name'))
        .filter((n) => typeof n === 'string')
    : [];
  for (const name of declared)
    if (own(kinds, name) === undefined)
      issues.push({ path: `credentialKinds.${name}`, message: `is missing (metadata.auth has the kind ${name})` });
  for (const [name, kind] of Object.entries(kinds)) {
    const path = `credentialKinds.${name}`;
    if (Array.isArray(auth) && !declared.includes(name))
      issues.push({ path, message: 'names a credential kind that metadata.auth does not have' });
    if (!isObject(kind)) {
      issues.push(wrongType(path, kind, 'an object {kind, description?, schema}'));
      continue;
    }
    if (typeof own(kind, 'kind') !== 'string') issues.push(wrongType(`${path}.kind`, own(kind, 'kind'), 'a string'));
    expectObjectSchema(own(kind, 'schema'), `${path}.schema`, issues);
  }
}

function checkSearchableFields(fields: unknown, actions: Actions | undefined, issues: ConnectorPackageIssue[]): void {
  if (!isObject(fields)) {
    issues.push(wrongType('searchableFields', fields, 'an object of field types by entity'));
    return;
  }
  for (const [entity, kinds] of actions ?? []) {
    if ([...kinds.values()].includes('search') && own(fields, entity) === undefined)
      issues.push({
        path: `searchableFields.${entity}`,
        message: `is missing (${entity} has a search action, which queries these fields)`,
      });
  }
  for (const [entity, byField] of Object.entries(fields)) {
    const path = `searchableFields.${entity}`;
    if (actions && ![...(actions.get(entity)?.values() ?? [])].includes('search'))
      issues.push({ path, message: `names an entity without a search action in metadata.actions` });
    if (!isObject(byField)) {
      issues.push(wrongType(path, byField, 'an object of field types'));
      continue;
    }
    for (const [field, type] of Object.entries(byField))
      if (!SEARCHABLE_TYPES.has(type as string)) issues.push(oneOf(`${path}.${field}`, type, SEARCHABLE_TYPES));
  }
}

function expectObjectSchema(schema: unknown, path: string, issues: ConnectorPackageIssue[]): void {
  if (!isObject(schema)) issues.push(wrongType(path, schema, 'a JSON Schema object'));
  else if (own(schema, 'type') !== 'object')
    issues.push({ path: `${path}.type`, message: `must be "object", got ${describe(own(schema, 'type'))}` });
}

function wrongType(path: string, value: unknown, expected: string): ConnectorPackageIssue {
  return { path, message: value === undefined ? `is missing (expected ${expected})` : `must be ${expected}, got ${describe(value)}` };
}

function oneOf(path: string, value: unknown, allowed: ReadonlySet<string>): ConnectorPackageIssue {
  return { path, message: `must be one of ${[...allowed].join(', ')}, got ${describe(value)}` };
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: a module namespace or object from outside never answers through its prototype. */
function own(value: Obj, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`;
}
