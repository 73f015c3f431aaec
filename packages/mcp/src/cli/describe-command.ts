/**
 * `switchyard describe [<type> [<entity> [<action>]]]`: what a connector type offers, from its
 * package alone (no credentials, no network): the types; a type's entities and actions; an
 * entity's record fields and searchable fields; an action's parameters. `--json` answers what
 * the MCP tool describe_connector answers, so agents read one shape either way.
 */
import type { ActionMetadata } from '@switchyard/runtime';
import { findAction } from '@switchyard/runtime/internal';
import { actionsOf } from '../connectors/agent-connector.js';
import { definitionsOnlyConnector } from '../connectors/open-source.js';
import { describeAction, describeConnector, describeEntity, typeSummary } from '../engine/describe.js';
import { isRead } from '../tools/action-kinds.js';
import { COMMON_OPTIONS, positionals, type CliContext, type CommandSpec, type Parsed } from './command-spec.js';
import { keyValues, table } from './table.js';

const noTool = () => undefined;
const everyAction = () => true;

export const describeCommand: CommandSpec = {
  name: 'describe',
  summary: "Describes connector types from their packages: entities, actions, record fields, searchable fields, an action's parameters.",
  usage: ['describe [<type> [<entity> [<action>]]] [--json]'],
  details: 'No credentials needed. Without a type: the connector types there are.',
  options: COMMON_OPTIONS,
  firstArgument: 'types',
  run: async (parsed, context) => runDescribe(parsed, context),
};

async function runDescribe(parsed: Parsed, { packages, out }: CliContext): Promise<number> {
  const [type, entity, actionName] = positionals(parsed, ['type', 'entity', 'action'], 0);
  if (type === undefined) {
    const types = (await packages.all()).map((p) => ({
      connector_type: p.metadata.name,
      name: p.metadata.title,
      vendor: p.metadata.vendor,
      entities: Object.keys(p.metadata.actions),
    }));
    if (out.json) out.document({ connectors: types });
    else
      out.text(
        table(
          ['type', 'name', 'vendor', 'entities'],
          types.map((t) => [t.connector_type, t.name, t.vendor, t.entities.length]),
        ),
      );
    return 0;
  }
  const connector = definitionsOnlyConnector((await packages.select([type], 'connector type'))[0]!);
  const metadata = connector.metadata;
  if (entity === undefined) {
    const described = describeConnector(connector, everyAction, noTool);
    if (out.json) {
      out.document({ ...described, mode: undefined, next: `switchyard describe ${type} <entity> [<action>]` });
    } else {
      out.text(`${metadata.title} (${type}), vendor ${metadata.vendor}\n`);
      const rows = actionsOf(metadata).map((a) => [a.entity, a.action, a.kind, notes(a), a.description ?? '']);
      out.text(table(['entity', 'action', 'kind', 'notes', 'description'], rows));
    }
    return 0;
  }
  if (actionName === undefined) {
    const actions = Object.hasOwn(metadata.actions, entity) ? Object.values(metadata.actions[entity]!) : [];
    if (actions.length === 0) findAction(metadata, entity, '', `${metadata.name} describe`); // the ValidationError naming the entities there are
    const described = describeEntity(connector, entity, actions, noTool);
    if (out.json) {
      out.document(described);
    } else {
      const searchable = (described.searchable_fields ?? {}) as Record<string, unknown>;
      const fields = Object.entries(described.record?.fields ?? {});
      out.text(`${type} ${entity}${described.record ? `: ${described.record.type} records` : ''}\n`);
      if (fields.length > 0)
        out.text(
          `${table(
            ['field', 'type', 'searchable'],
            fields.map(([name, t]) => [name, t, Object.hasOwn(searchable, name) ? 'yes' : '']),
          )}\n`,
        );
      out.text(
        table(
          ['action', 'kind', 'notes', 'description'],
          actions.map((a) => [a.action, a.kind, notes(a), a.description ?? '']),
        ),
      );
    }
    return 0;
  }
  const action = findAction(metadata, entity, actionName, `${metadata.name} describe`);
  const described = describeAction(connector, action, undefined);
  if (out.json) {
    out.document({ ...described, hosted_only: action.hostedOnly === true });
    return 0;
  }
  const schema = described.params as { properties?: Record<string, unknown>; required?: string[] };
  out.text(
    keyValues([
      ['action', `${type} ${entity}.${action.action}`],
      ['kind', `${action.kind}${notes(action) ? ` (${notes(action)})` : ''}`],
      ['description', action.description ?? ''],
      [
        'returns',
        action.kind === 'download'
          ? 'the file’s bytes (exec writes them to --output, or to stdout)'
          : `${described.returns.list ? 'a page of ' : ''}${described.returns.record ?? 'a result'}${described.returns.list ? ' records' : ''}`,
      ],
      ...(described.returns.next_page ? ([['next page', described.returns.next_page]] as const) : []),
    ]),
  );
  const params = Object.entries(schema.properties ?? {});
  out.text(
    params.length === 0
      ? '\nno parameters'
      : `\n${table(
          ['param', 'type', 'required', 'description'],
          params.map(([name, property]) => [
            name,
            typeSummary(property),
            (schema.required ?? []).includes(name) ? 'yes' : '',
            (property as { description?: string }).description ?? '',
          ]),
        )}`,
  );
  return 0;
}

/** What a person should know about an action at a glance: it writes, or it runs only through a service. */
function notes(action: ActionMetadata): string {
  return [isRead(action.kind) ? '' : 'write', action.hostedOnly ? 'hosted only (--service)' : ''].filter(Boolean).join(', ');
}
