/** Emits src/metadata.ts: the runtime's view of the spec, as a frozen literal. */
import type { Project } from 'ts-morph';
import { VariableDeclarationKind } from 'ts-morph';
import type { ActionIR, ConnectorIR } from '../ir/connector-ir.js';
import { Reference, toLiteral } from './literal.js';
import { toParamRule } from '../spec/param-rule.js';
import type { NamedParam } from '../spec/named-types.js';
import { namedConstants } from './named-types.js';

export function emitMetadata(project: Project, ir: ConnectorIR): void {
  const file = project.createSourceFile('src/metadata.ts', '', { overwrite: true });
  const search = ir.entities.flatMap((e) => e.actions).find((a) => a.kind === 'search');
  // Named types used by parameters: one rule constant each, referenced by every use.
  const named = namedConstants(ir, ruleConstName, (p, nested) => toParamRule(p, false, nested) as unknown as Record<string, unknown>);
  file.addImportDeclaration({
    moduleSpecifier: '@switchyard/runtime',
    namedImports: ['ConnectorMetadata', ...(named.declarations.length ? ['ParamRule'] : []), ...(search ? ['ParamRules'] : [])],
    isTypeOnly: true,
  });
  for (const [name, rule, typeName] of named.declarations) {
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: [`Rules of the named type ${typeName}, shared by every parameter of that type.`],
      declarations: [{ name, type: 'ParamRule', initializer: toLiteral(rule) }],
    });
  }
  const topLevel = (p: NamedParam) =>
    p.typeName !== undefined
      ? named.refer(p, toParamRule(p, true, (q) => named.refer(q)) as unknown as Record<string, unknown>)
      : toParamRule(p, true, (q) => named.refer(q));
  if (search) {
    // Every search action takes the same standard parameters: declared once, referenced by each.
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: ['The standard parameters of every hosted search action: query, limit, cursor and fields.'],
      declarations: [{ name: SEARCH_PARAMS, type: 'ParamRules', initializer: toLiteral(paramRules(search, topLevel)) }],
    });
  }
  const actions = Object.fromEntries(
    ir.entities.map((entity) => [entity.name, Object.fromEntries(entity.actions.map((a) => [a.name, actionMetadata(a, topLevel)]))]),
  );
  // The hosted service's sync engine reads these to fill each searchable entity's synced copy.
  const syncRules = ir.entities.flatMap((e) => (e.sync ? [[e.name, e.sync] as const] : []));
  const metadata = {
    name: ir.name,
    title: ir.title,
    vendor: ir.vendor,
    baseUrl: ir.baseUrl,
    config: Object.fromEntries(ir.config.map(([n, p]) => [n, toParamRule(p, false)])),
    auth: ir.auth,
    ...(Object.keys(ir.headers).length ? { headers: ir.headers } : {}),
    bodyErrors: ir.bodyErrors,
    errorMessage: ir.errorMessage,
    errorCode: ir.errorCode,
    ...(ir.errorRequestId ? { errorRequestId: ir.errorRequestId } : {}),
    rateLimit: ir.rateLimit,
    requestIdHeaders: ir.requestIdHeaders,
    actions,
    ...(syncRules.length ? { sync: Object.fromEntries(syncRules) } : {}),
  };
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Everything the runtime needs to run this connector: requests, parameter rules, pagination, errors.'],
    declarations: [{ name: 'metadata', type: 'ConnectorMetadata', initializer: `deepFreeze<ConnectorMetadata>(${toLiteral(metadata)})` }],
  });
  file.addFunction({
    name: 'deepFreeze',
    typeParameters: ['T'],
    parameters: [{ name: 'value', type: 'T' }],
    returnType: 'T',
    statements: [
      'if (value && typeof value === "object" && !(value instanceof RegExp)) {',
      '  for (const child of Object.values(value)) deepFreeze(child);',
      '  Object.freeze(value);',
      '}',
      'return value;',
    ],
  });
}

const SEARCH_PARAMS = 'searchParams';

/** The spec's name of a named type → its rule constant (Filter → filterRule). */
const ruleConstName = (typeName: string) => `${typeName[0]!.toLowerCase()}${typeName.slice(1)}Rule`;

type TopLevelRule = (param: NamedParam) => unknown;

function paramRules(action: ActionIR, topLevel: TopLevelRule): Record<string, unknown> {
  return Object.fromEntries(action.params.map(([n, p]) => [n, topLevel(p)]));
}

function actionMetadata(action: ActionIR, topLevel: TopLevelRule): Record<string, unknown> {
  return {
    entity: action.entity,
    action: action.name,
    kind: action.kind,
    description: action.description,
    ...(action.hostedOnly ? { hostedOnly: true } : {}),
    idempotent: action.idempotent,
    ...(action.returnsList ? { returnsList: true } : {}),
    params: action.kind === 'search' ? new Reference(SEARCH_PARAMS) : paramRules(action, topLevel),
    request: action.request,
    response: action.response,
    pagination: action.pagination,
    ...(action.meta.length ? { meta: Object.fromEntries(action.meta.map((m) => [m.name, m.source])) } : {}),
    download: action.download,
    ...(action.returns ? { recordType: action.returns } : {}),
    ...(action.rateGroup ? { rateGroup: action.rateGroup } : {}),
    ...(action.variants ? { variants: variantsMetadata(action, topLevel) } : {}),
  };
}

/** Variant parameters only one credential kind accepts become ParamRules like the action's own. */
function variantsMetadata(action: ActionIR, topLevel: TopLevelRule): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(action.variants ?? {}).map(([kind, v]) => [
      kind,
      v.params
        ? {
            ...v,
            params: Object.fromEntries(
              Object.entries(v.params).map(([name, change]) => [name, change && 'type' in change ? topLevel(change) : change]),
            ),
          }
        : v,
    ]),
  );
}
