/**
 * The IR: a normalized, sorted, frozen model of one spec. Defaults are resolved here (where each
 * parameter travels, whether an action is idempotent, which meta member carries the cursor), so
 * emitters only print and never interpret raw YAML.
 */
import type {
  ActionKind,
  AuthKind,
  ConnectorMetadata,
  DownloadRule,
  EntitySyncRule,
  PaginationRule,
  ParamLocation,
  RequestRule,
  ResponseRule,
} from '@switchyard/runtime';
import { compileSelection, type CompiledSelection } from '../spec/field-selection.js';
import type { GraphqlOperation, ParsedGraphql } from '../spec/graphql.js';
import type { SpecAction, SpecData, SpecParam, SpecSync } from '../spec/spec-types.js';
import { resolveRateLimit } from './rate-limit-ir.js';
import { parseTypeExpr, type FieldType } from '../spec/type-expr.js';
import { typesInDependencyOrder, type NamedParam } from '../spec/named-types.js';
import { resolveVariants } from './variants-ir.js';
import { ACTION_KINDS, actionKind, defaultLocation, pascalCase } from '../spec/defaults.js';
import { SEARCH_PARAMS } from './search-params.js';

export interface ParamIR extends SpecParam {
  in: ParamLocation;
}

export interface MetaIR {
  name: string;
  source: string;
  type: FieldType | { cursor: 'string' | 'integer' } | null;
  description?: string | undefined;
}

export interface ActionIR {
  entity: string;
  name: string;
  kind: ActionKind;
  description: string;
  idempotent: boolean;
  /**
   * `data` is a list of records served as pages (awaitable for one page, iterable over all): list
   * actions and any action with a pagination rule. Emitters and the runtime read this, never the kind.
   */
  returnsList: boolean;
  hostedOnly: boolean;
  params: [string, ParamIR][];
  request?: RequestRule;
  response?: ResponseRule;
  pagination?: PaginationRule;
  meta: MetaIR[];
  download?: DownloadRule | { direct: true };
  /** Record type of data (one record, or the item type of a list). */
  returns: string | null;
  /** rateLimit.groups entry whose spacing this action's calls also wait for. */
  rateGroup?: string;
  /** Credential kind name → how the action differs with it (variants-ir.ts). */
  variants?: Record<string, import('./variants-ir.js').VariantIR>;
  /** Meta members only some credential kinds fill: typed with the action's meta, null otherwise. */
  variantMeta?: MetaIR[];
}

export interface FieldIR {
  name: string;
  type: FieldType;
  description?: string | undefined;
  /** A caller may leave it out of the response (run-time field selection): optional in the types. */
  selectable?: boolean;
}

export interface RecordIR {
  name: string;
  description?: string | undefined;
  fields: FieldIR[];
  derive: Record<string, string>;
  integersAsStrings: string[];
}

export interface SearchableFieldIR {
  name: string;
  /** The spec's word for its type (string, integer, …), as published in searchableFields. */
  kind: string;
  type: FieldType;
}

export interface EntityIR {
  name: string;
  description?: string | undefined;
  record: string | null;
  searchable: SearchableFieldIR[];
  /** How the hosted service fills the synced copy (entities with a search action), defaults resolved. */
  sync?: EntitySyncRule;
  actions: ActionIR[];
}

/** A type of the spec's `types:` section, resolved (its own uses of named types keep `typeName`). */
export interface NamedTypeIR {
  name: string;
  param: NamedParam;
}

export interface ConnectorIR {
  specFile: string;
  name: string;
  title: string;
  className: string;
  packageName: string;
  vendor: string;
  description: string;
  notes: string[];
  baseUrl: string;
  headers: Record<string, string>;
  config: [string, ParamIR][];
  auth: AuthKind[];
  replication: [string, ParamIR][];
  bodyErrors: ConnectorMetadata['bodyErrors'];
  errorMessage: string[];
  errorCode: string[];
  rateLimit?: ConnectorMetadata['rateLimit'];
  /** Dot paths to the vendor's request id in error bodies (errors.requestId). */
  errorRequestId?: string[];
  requestIdHeaders?: string[];
  records: RecordIR[];
  /** Named types in dependency order: each after the types it uses. */
  namedTypes: NamedTypeIR[];
  entities: EntityIR[];
}

function resolveParams(params: Record<string, SpecParam>, action: SpecAction): [string, ParamIR][] {
  return Object.entries(params).map(([name, p]) => [name, { ...p, in: defaultLocation(name, p, action) }]);
}

/** `graphql` is the spec's GraphQL as parseSpecGraphql parsed it; the semantic rules have accepted every operation. */
export function buildIR(specFile: string, data: SpecData, graphql: ParsedGraphql): ConnectorIR {
  const records: RecordIR[] = Object.entries(data.records ?? {})
    .map(([name, r]) => ({
      name,
      description: r.description,
      fields: Object.entries(r.fields).map(([fieldName, f]) => {
        const expr = typeof f === 'string' ? f : f.type;
        return { name: fieldName, type: parseTypeExpr(expr), description: typeof f === 'string' ? undefined : f.description };
      }),
      derive: r.derive ?? {},
      integersAsStrings: r.integersAsStrings ?? [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const recordByName = new Map(records.map((r) => [r.name, r]));

  // Run-time field selection: compiled once per action; the fields it may leave out become optional.
  const selections = new Map<string, CompiledSelection>();
  for (const [entityName, entity] of Object.entries(data.entities)) {
    for (const [actionName, action] of Object.entries(entity.actions)) {
      if (!action.select) continue;
      const parsed = graphql.get(`${entityName}.${actionName}`);
      // The semantic rules have accepted the rule, so the action is GraphQL that parsed.
      if (!parsed || parsed instanceof Error) throw new Error(`${entityName}.${actionName}: select on an action without GraphQL`);
      const compiled = compileSelection(data, action, action.returns ?? entity.record ?? null, parsed);
      selections.set(`${entityName}.${actionName}`, compiled);
      const record = compiled.record ? recordByName.get(compiled.record) : undefined;
      for (const field of record?.fields ?? []) if (Object.hasOwn(compiled.selection.fields, field.name)) field.selectable = true;
    }
  }

  const entities: EntityIR[] = Object.entries(data.entities)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([entityName, entity]) => {
      const actions = Object.entries(entity.actions)
        .map(([actionName, action]) =>
          buildAction(
            entityName,
            entity.record ?? null,
            actionName,
            action,
            graphql.get(`${entityName}.${actionName}`),
            recordByName,
            selections.get(`${entityName}.${actionName}`),
          ),
        )
        .sort((a, b) => ACTION_KINDS.indexOf(a.kind) - ACTION_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
      return {
        name: entityName,
        description: entity.description,
        record: entity.record ?? null,
        searchable: Object.entries(entity.searchable ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([field, kind]) => ({ name: field, kind, type: parseTypeExpr(kind) })),
        ...(entity.sync ? { sync: resolveSync(entity.sync) } : {}),
        actions,
      };
    });

  const auth: AuthKind[] = Object.entries(data.auth).map(([name, kind]) => {
    const fields = Object.fromEntries(
      Object.entries(kind.fields).map(([field, f]) => [
        field,
        { ...(f.description ? { description: f.description } : {}), required: f.required ?? true, secret: f.secret ?? true },
      ]),
    );
    const defaults = kind.kind === 'oauth2' ? { clientAuth: 'body', bodyFormat: 'form' } : {};
    return { ...defaults, ...kind, name, fields } as AuthKind;
  });

  const empty: SpecAction = {};
  return deepFreeze({
    specFile,
    name: data.name,
    title: data.title,
    // From the family name, not the title: a title may hold acronyms ("CRM") and change wording
    // without renaming the exported class (CrmConnector).
    className: `${pascalCase(data.name)}Connector`,
    packageName: `@switchyard/connector-${data.name}`,
    vendor: data.vendor,
    description: data.description?.trim() ?? '',
    notes: (data.notes ?? []).map((n) => n.trim()),
    baseUrl: data.baseUrl,
    headers: data.headers ?? {},
    config: resolveParams(data.config ?? {}, empty),
    auth,
    replication: resolveParams(data.replication ?? {}, empty),
    bodyErrors: data.errors?.inBody ?? [],
    errorMessage: data.errors?.message ?? ['message', 'error', 'error_description', 'errors.0.message'],
    errorCode: data.errors?.code ?? ['code', 'error', 'errors.0.code'],
    ...(data.rateLimit ? { rateLimit: resolveRateLimit(data.rateLimit) } : {}),
    ...(data.errors?.requestId?.length ? { errorRequestId: data.errors.requestId } : {}),
    ...(data.requestIdHeaders ? { requestIdHeaders: data.requestIdHeaders } : {}),
    records,
    namedTypes: typesInDependencyOrder(data.types ?? {}).map((name) => ({ name, param: data.types![name]! })),
    entities,
  });
}

/** The spec's sync declaration with its defaults (id field, parent field) resolved. */
function resolveSync(sync: SpecSync): EntitySyncRule {
  return {
    action: sync.action,
    ...(sync.params && Object.keys(sync.params).length ? { params: sync.params } : {}),
    idField: sync.idField ?? 'id',
    ...(sync.incremental ? { incremental: sync.incremental } : {}),
    ...(sync.startDate ? { startDate: sync.startDate } : {}),
    ...(sync.forEach ? { forEach: { entity: sync.forEach.entity, param: sync.forEach.param, field: sync.forEach.field ?? 'id' } } : {}),
  };
}

function buildAction(
  entity: string,
  entityRecord: string | null,
  name: string,
  action: SpecAction,
  parsedGraphql: GraphqlOperation | Error | undefined,
  records: Map<string, RecordIR>,
  selection?: CompiledSelection,
): ActionIR {
  const kind = actionKind(name, action)!;
  const description = action.description?.trim() ?? `${kind} ${entity}`;
  if (kind === 'search') {
    return {
      entity,
      name,
      kind,
      description,
      idempotent: true,
      returnsList: false,
      hostedOnly: true,
      params: resolveParams(SEARCH_PARAMS, { request: { method: 'POST' } }),
      meta: [
        { name: 'next_cursor', source: 'next_cursor', type: parseTypeExpr('string?') },
        { name: 'took_ms', source: 'took_ms', type: parseTypeExpr('number') },
      ],
      returns: null,
    };
  }
  if (parsedGraphql instanceof Error) throw parsedGraphql; // unreachable: SY108 reports it before the IR is built
  const graphql = parsedGraphql;
  const method = graphql ? 'POST' : (action.request?.method ?? 'GET');
  const request: RequestRule = {
    method,
    path: action.request?.path ?? (graphql ? '/graphql' : '/'),
    ...(action.request?.bodyFormat ? { bodyFormat: action.request.bodyFormat } : {}),
    ...(action.request?.envelope ? { envelope: action.request.envelope } : {}),
    ...(action.request?.headers ? { headers: action.request.headers } : {}),
    ...(graphql
      ? {
          graphql: {
            document: selection?.document ?? graphql.document,
            operationName: graphql.operationName,
            operationType: graphql.operationType,
            ...(selection ? { selection: selection.selection } : {}),
          },
        }
      : {}),
  };
  const idempotent =
    action.idempotent ??
    (graphql
      ? graphql.operationType === 'query'
      : method === 'GET' || kind === 'list' || kind === 'get' || kind === 'download' || kind === 'api_search');
  const params = resolveParams(
    { ...action.params, ...(selection ? { [selection.selection.param]: selection.param } : {}) },
    { ...action, request: { ...action.request, method } },
  );
  const returns = action.returns ?? entityRecord;
  const derive = returns ? records.get(returns)?.derive : undefined;
  const integersAsStrings = returns ? records.get(returns)?.integersAsStrings : undefined;
  const response: ResponseRule | undefined = action.response
    ? {
        records: action.response.records,
        ...(action.response.success ? { success: action.response.success } : {}),
        ...(action.response.emptyOnStatus?.length ? { emptyOnStatus: action.response.emptyOnStatus } : {}),
        ...(derive && Object.keys(derive).length ? { derive } : {}),
        ...(action.response.fill ? { fill: action.response.fill } : {}),
        ...(integersAsStrings?.length ? { integersAsStrings } : {}),
      }
    : undefined;
  const meta: MetaIR[] = Object.entries(action.meta ?? {}).map(([metaName, m]) => {
    const source = typeof m === 'string' ? m : m.from;
    const typeExpr = typeof m === 'string' ? undefined : m.type;
    let type: MetaIR['type'] = typeExpr ? parseTypeExpr(typeExpr) : null;
    if (source === '$next' && !typeExpr) {
      const cursorParam = action.pagination && 'cursorParam' in action.pagination ? action.pagination.cursorParam : undefined;
      const cursorType = cursorParam ? action.params?.[cursorParam]?.type : undefined;
      type = { cursor: cursorType === 'integer' ? 'integer' : 'string' };
    }
    if (source.startsWith('$header:') && !typeExpr) type = parseTypeExpr('string?');
    return { name: metaName, source, type, description: typeof m === 'string' ? undefined : m.description };
  });
  const metaMember = meta.find((m) => m.source === '$next')?.name ?? '';
  let pagination: PaginationRule | undefined;
  const p = action.pagination;
  if (p && p.style !== 'none') {
    if (p.style === 'link-header') {
      const cursorType = action.params?.[p.cursorParam]?.type === 'integer' ? 'integer' : 'string';
      pagination = { ...p, cursorType, metaMember };
    } else if (p.style === 'page-number' && action.params?.[p.cursorParam]?.type === 'string') {
      // A string cursor param carries the page number as text (the contract's opaque cursor).
      pagination = { ...p, cursorType: 'string', metaMember };
    } else {
      pagination = { ...p, metaMember };
    }
  }
  const variants = resolveVariants(action, method, response, meta);
  let download: ActionIR['download'];
  if (action.download === 'direct') download = { direct: true };
  else if (action.download) download = { ...action.download };
  return {
    entity,
    name,
    kind,
    description,
    idempotent,
    returnsList: kind === 'list' || pagination !== undefined,
    hostedOnly: false,
    params,
    request,
    ...(response ? { response } : {}),
    ...(pagination ? { pagination } : {}),
    meta,
    ...(download ? { download } : {}),
    returns: kind === 'download' ? null : returns,
    ...(action.rateGroup ? { rateGroup: action.rateGroup } : {}),
    ...(variants ? { variants: variants.variants, variantMeta: variants.extraMeta } : {}),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
