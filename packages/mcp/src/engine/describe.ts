/**
 * What `describe_connector` answers, from the connector's package: its entities and their actions;
 * one entity's record fields and searchable fields; one action's parameter JSON Schema. Only the
 * actions this server lets the model call are shown (not writes in read-only mode, not actions
 * outside `--only`, not search in open-source mode).
 */
import type { ActionMetadata } from '@switchyard/runtime';
import { paramSchemaOf, recordSchemaOf, type ConnectorPackage } from '../connectors/connector-package.js';
import type { AgentConnector } from '../connectors/agent-connector.js';
import { actionAnnotations, isRead, returnsList } from '../tools/action-kinds.js';

export type Callable = (action: ActionMetadata) => boolean;

function actionSummary(action: ActionMetadata, toolName: string | undefined): Record<string, unknown> {
  return {
    action: action.action,
    kind: action.kind,
    ...(action.description ? { description: action.description } : {}),
    read_only: isRead(action.kind),
    ...(toolName ? { tool: toolName } : {}),
  };
}

export function describeConnector(connector: AgentConnector, callable: Callable, toolName: (a: ActionMetadata) => string | undefined) {
  const metadata = connector.metadata;
  const entities = Object.entries(metadata.actions)
    .map(([entity, actions]) => {
      const shown = Object.values(actions).filter(callable);
      return {
        entity,
        actions: shown.map((a) => actionSummary(a, toolName(a))),
        searchable: shown.some((a) => a.kind === 'search'),
      };
    })
    .filter((e) => e.actions.length > 0);
  return {
    connector: connector.ref,
    connector_type: connector.type,
    name: connector.name,
    vendor: metadata.vendor,
    mode: connector.mode,
    entities,
    next: 'describe_connector with an entity gives its record fields and searchable fields; with entity and action, the parameters.',
  };
}

export function describeEntity(
  connector: AgentConnector,
  entity: string,
  actions: readonly ActionMetadata[],
  toolName: (a: ActionMetadata) => string | undefined,
) {
  const pkg = connector.package;
  const primary = actions.find((a) => a.kind === 'list') ?? actions.find((a) => a.kind === 'get') ?? actions.find((a) => a.recordType);
  const recordType = primary?.recordType;
  const searchable = actions.some((a) => a.kind === 'search') ? (pkg.searchableFields[entity] ?? {}) : null;
  return {
    connector: connector.ref,
    entity,
    record: recordType ? { type: recordType, fields: recordFields(pkg, recordType) } : null,
    searchable_fields: searchable,
    actions: actions.map((a) => ({ ...actionSummary(a, toolName(a)), ...(a.recordType ? { returns: a.recordType } : {}) })),
  };
}

export function describeAction(connector: AgentConnector, action: ActionMetadata, toolName: string | undefined) {
  const annotations = actionAnnotations(action);
  return {
    connector: connector.ref,
    entity: action.entity,
    ...actionSummary(action, toolName),
    destructive: annotations.destructiveHint === true,
    params: paramSchemaOf(connector.package, action.entity, action.action) ?? { type: 'object', properties: {} },
    returns: {
      ...(action.recordType ? { record: action.recordType } : {}),
      list: returnsList(action),
      ...(action.pagination
        ? { next_page: `meta.${action.pagination.metaMember}, passed back as the ${action.pagination.cursorParam} parameter` }
        : {}),
    },
  };
}

/** A record type's fields, each with a short type: "string | null", "array<Attachment>", "object". */
function recordFields(pkg: ConnectorPackage, type: string): Record<string, string> {
  const schema = recordSchemaOf(pkg, type) as { properties?: Record<string, unknown> } | undefined;
  const out: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    Object.defineProperty(out, name, { value: typeSummary(property), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function typeSummary(schema: unknown): string {
  if (schema === null || typeof schema !== 'object') return 'any';
  const s = schema as Record<string, unknown>;
  if (typeof s['$ref'] === 'string') return s['$ref'].split('/').pop()!;
  if (Array.isArray(s['anyOf'])) return s['anyOf'].map(typeSummary).join(' | ');
  if (Array.isArray(s['type'])) return s['type'].map((t) => (t === 'array' ? `array<${typeSummary(s['items'])}>` : String(t))).join(' | ');
  if (s['type'] === 'array') return `array<${typeSummary(s['items'])}>`;
  if (typeof s['type'] === 'string') return s['type'];
  if (Array.isArray(s['enum'])) return s['enum'].map((v) => JSON.stringify(v)).join(' | ');
  return 'any';
}
