/**
 * The tools a server offers and how each call runs, whoever serves them (MCP over stdio or HTTP,
 * or `executeToolCall` for a model provider's tool call).
 *
 * - compact (default): list_connectors, describe_connector, execute, and search when the
 *   connectors are hosted (search reads the service's synced copy). A handful of tools whatever
 *   the number of connectors, so a model's context is not flooded.
 * - actions: one tool per entity.action, `<type>_<entity>_<action>` (see tools/names.ts), whose
 *   input is the action's parameter schema (plus `fields`, `skip`, `intent`) and whose output is
 *   `{data, meta}` with an outputSchema from the record schemas.
 * - all: both, compact first.
 *
 * `only` narrows either set to type.entity.action entries; `readOnly` drops every write tool and
 * makes `execute` refuse writes before any I/O. Every result passes the budget (budget.ts).
 */
import { ValidationError, type ActionMetadata } from '@switchyard/runtime';
import { Redactor } from '@switchyard/runtime/internal';
import { actionOf, type AgentConnector } from '../connectors/agent-connector.js';
import type { ConnectorPackage, JsonSchema } from '../connectors/connector-package.js';
import { runnableConnectors, type ConnectorSource } from '../connectors/source.js';
import { actionAnnotations, isRead, type ToolAnnotations } from '../tools/action-kinds.js';
import { actionToolName } from '../tools/names.js';
import {
  actionInputSchema,
  actionOutputSchema,
  describeConnectorInput,
  executeInput,
  listConnectorsInput,
  searchInput,
  SEARCH_DEFAULT_LIMIT,
  type ExtraArgument,
} from '../tools/schemas.js';
import { allowList } from './allow-list.js';
import {
  argumentsObject,
  checkArguments,
  DESCRIBE_ARGUMENTS,
  EXECUTE_ARGUMENTS,
  EXTRA_ARGUMENT_RULES,
  LIST_CONNECTORS_ARGUMENTS,
  checkSearchArguments,
} from './arguments.js';
import { describeAction, describeConnector, describeEntity } from './describe.js';
import { errorResult, ResultTooLargeError } from './errors.js';
import { budgetScrubbed, runAction, type RunSettings } from './run-action.js';
import { secretScrubber } from './scrub.js';
import type { ToolResult } from './tool-result.js';

export const DEFAULT_MAX_RESULT_CHARS = 100_000;

export type ToolsChoice = 'compact' | 'actions' | 'all';

export interface ToolsetOptions {
  /** Which tools: compact (default), one per action, or both. */
  readonly tools?: ToolsChoice | undefined;
  /** `type.entity.action` entries: only these actions, in either toolset. */
  readonly only?: readonly string[] | undefined;
  /** No write tools; `execute` refuses writes before any I/O. */
  readonly readOnly?: boolean | undefined;
  /** Characters of JSON text a result may have (default 100,000). */
  readonly maxResultChars?: number | undefined;
  /** Values never to appear in a result (the process's credentials), in any encoding. */
  readonly secrets?: readonly string[] | undefined;
  /** Packages `only` may name (default: the listed connectors'). */
  readonly packages?: readonly ConnectorPackage[] | undefined;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations: ToolAnnotations;
  /** Per-action tools: the action it runs. */
  readonly action?: { readonly type: string; readonly entity: string; readonly action: string };
}

export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
}

export interface Toolset {
  readonly mode: 'open-source' | 'hosted';
  readonly tools: readonly ToolDefinition[];
  call(name: string, args: unknown, options?: CallOptions): Promise<ToolResult>;
}

interface ActionTool {
  readonly definition: ToolDefinition;
  readonly type: string;
  readonly entity: string;
  readonly action: string;
  readonly extras: ReadonlySet<ExtraArgument>;
}

/** The tools for the source's connectors as they are now (a hosted source is asked once, here). */
export async function buildToolset(source: ConnectorSource, options: ToolsetOptions = {}): Promise<Toolset> {
  return createToolset(source, await runnableConnectors(source), options);
}

/** The tools for `connectors`, the source's when the tools are made; calls still resolve through the source. */
export function createToolset(source: ConnectorSource, connectors: readonly AgentConnector[], options: ToolsetOptions = {}): Toolset {
  const choice = options.tools ?? 'compact';
  const hosted = source.mode === 'hosted';
  const packages =
    options.packages ??
    uniqueBy(
      connectors.map((c) => c.package),
      (p) => p.metadata.name,
    );
  const readOnly = options.readOnly === true;
  const allow = allowList(options.only, packages, { hosted, readOnly });
  const budget = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (!Number.isInteger(budget) || budget < 1_000)
    throw new RangeError(`maxResultChars must be an integer of at least 1000 (got ${budget})`);
  // Errors through the runtime's redaction; results through the scrubber (see scrub.ts for why two).
  const secrets = [...(options.secrets ?? []), ...connectors.flatMap((c) => c.secrets ?? [])];
  const redactor = new Redactor();
  redactor.add(...secrets);
  const scrub = secretScrubber(secrets);

  /** Whether the model may call this action of this connector here. */
  const callable = (connector: AgentConnector) => (action: ActionMetadata) =>
    allow(connector.type, action.entity, action.action) &&
    (!readOnly || isRead(action.kind)) &&
    (hosted || !action.hostedOnly) &&
    action.unsupported === undefined;

  // Per-action tools, one per entity.action of each connector type (hosted: shared by that type's connectors).
  const actionTools = new Map<string, ActionTool>();
  if (choice !== 'compact') {
    const byType = new Map<string, AgentConnector[]>();
    for (const connector of connectors) byType.set(connector.type, [...(byType.get(connector.type) ?? []), connector]);
    for (const type of [...byType.keys()].sort()) {
      const ofType = byType.get(type)!;
      const first = ofType[0]!;
      for (const action of Object.values(first.metadata.actions).flatMap((a) => Object.values(a))) {
        if (!callable(first)(action)) continue;
        const tool = actionTool(first, action, hosted);
        const clash = actionTools.get(tool.definition.name);
        if (clash) {
          throw new TypeError(
            `tools ${type}.${action.entity}.${action.action} and ${clash.type}.${clash.entity}.${clash.action} would share the name ${tool.definition.name}`,
          );
        }
        actionTools.set(tool.definition.name, tool);
      }
    }
  }
  const toolNameOf = (connector: AgentConnector) => (action: ActionMetadata) => {
    const name = actionToolName(connector.type, action.entity, action.action);
    return actionTools.get(name)?.type === connector.type ? name : undefined;
  };

  const compactOptions = { refs: connectors.map((c) => c.ref), hosted };
  const searchable =
    hosted && connectors.some((c) => Object.values(c.metadata.actions).some((a) => a['search'] && callable(c)(a['search'])));
  const compact: ToolDefinition[] =
    choice === 'actions'
      ? []
      : [
          {
            name: 'list_connectors',
            title: 'List connectors',
            description: hosted
              ? "Lists your connectors on the Switchyard service: each one's id (what the other tools take as `connector`), type, name, and sync status per entity with its last sync time. Start here."
              : 'Lists the connectors this server runs: their types (what the other tools take as `connector`), names and vendors. Start here.',
            inputSchema: listConnectorsInput(),
            annotations: { title: 'List connectors', readOnlyHint: true, openWorldHint: false },
          },
          {
            name: 'describe_connector',
            title: 'Describe a connector',
            description:
              "Describes a connector: alone, its entities and their actions; with `entity`, that entity's record fields, searchable fields and actions; " +
              "with `entity` and `action`, the action's parameters as JSON Schema. Call it before `execute` to know the parameters.",
            inputSchema: describeConnectorInput(compactOptions),
            annotations: { title: 'Describe a connector', readOnlyHint: true, openWorldHint: false },
          },
          {
            name: 'execute',
            title: 'Run a connector action',
            description:
              "Runs one action of a connector at its vendor: `connector`, `entity`, `action` and the action's `params` (describe_connector gives their schema). " +
              'Answers `{data, meta}`: one page of records for a list (meta holds the cursor of the next page), one record otherwise. ' +
              'Pass `fields` to get only the fields you need. ' +
              (readOnly
                ? 'This server is read-only: writes (create, update, delete) are refused.'
                : 'Writes (create, update, delete) change data at the vendor.'),
            inputSchema: executeInput(compactOptions),
            annotations: readOnly
              ? { title: 'Run a connector action (read-only)', readOnlyHint: true, openWorldHint: true }
              : { title: 'Run a connector action', readOnlyHint: false, destructiveHint: true, openWorldHint: true },
          },
          ...(searchable
            ? [
                {
                  name: 'search',
                  title: 'Search synced records',
                  description:
                    "Searches an entity's records in the Switchyard service's synced copy, with filters and sorting the vendor's own API lacks " +
                    "(describe_connector with the entity lists its searchable fields). The copy can lag the vendor: for today's changes, also list with execute. " +
                    `Answers {data: [{id, score, data}], meta: {next_cursor, took_ms}}; ${SEARCH_DEFAULT_LIMIT} hits per page unless \`limit\` says otherwise.`,
                  inputSchema: searchInput(compactOptions),
                  annotations: { title: 'Search synced records', readOnlyHint: true, openWorldHint: false },
                } satisfies ToolDefinition,
              ]
            : []),
        ];
  const tools: readonly ToolDefinition[] = [...compact, ...[...actionTools.values()].map((t) => t.definition)];
  const compactNames = new Set(compact.map((t) => t.name));

  const settings = (): RunSettings => ({ readOnly, allow, budget, hosted });

  /** The connector a model named, or the ValidationError every unknown (or foreign) ref gets. */
  const resolve = async (ref: string, signal?: AbortSignal): Promise<AgentConnector> => {
    const connector = await source.resolve(ref, signal);
    if (connector) return connector;
    const listing = await source.list(signal);
    const known = listing.flatMap((l) => (l.connector ? [l.connector.ref] : []));
    const unrunnable = listing.find((l) => !l.connector && l.view['id'] === ref);
    if (unrunnable) {
      throw new ValidationError('connector', [
        {
          path: 'connector',
          rule: 'unsupported',
          message: `${JSON.stringify(ref)} is a ${String(unrunnable.view['connector_type'])} connector, a type this server has no package for`,
        },
      ]);
    }
    throw new ValidationError('connector', [
      {
        path: 'connector',
        rule: 'enum',
        message: `no connector ${JSON.stringify(ref)}; ${known.length ? `yours: ${known.join(', ')}` : 'there are none'} (list_connectors)`,
      },
    ]);
  };

  const findAction = (connector: AgentConnector, entity: string, name: string): ActionMetadata => {
    // An action that exists is returned even when it cannot run here: runAction refuses writes in
    // read-only mode and actions outside `only`, and the executor explains search in open-source mode
    // and actions the credential kind lacks, each with its own error.
    const action = actionOf(connector.metadata, entity, name);
    if (action) return action;
    const entities = Object.entries(connector.metadata.actions).filter(([, actions]) => Object.values(actions).some(callable(connector)));
    const ofEntity = entities.find(([e]) => e === entity);
    throw new ValidationError(`${connector.type} execute`, [
      ofEntity
        ? {
            path: 'action',
            rule: 'enum',
            message: `"${name}" is not an action of ${entity} here; it has ${Object.values(ofEntity[1])
              .filter(callable(connector))
              .map((a) => a.action)
              .join(', ')}`,
          }
        : {
            path: 'entity',
            rule: 'enum',
            message: `"${entity}" is not an entity of ${connector.type} here; it has ${entities.map(([e]) => e).join(', ')}`,
          },
    ]);
  };

  const budgeted = (value: Record<string, unknown>, listKey: string | undefined, tooLarge: string): ToolResult => {
    const outcome = budgetScrubbed(scrub, {
      value,
      listKey,
      budget,
      howToGetTheRest: (skip) => `Call again with the same arguments and "skip": ${skip} to read the ones left out.`,
    });
    if (!outcome.ok) {
      throw new ResultTooLargeError(
        `The result is ${outcome.size} characters of JSON, over this server's budget of ${budget}. ${tooLarge}`,
      );
    }
    return { isError: false, text: outcome.text };
  };

  const call = async (name: string, rawArgs: unknown, callOptions: CallOptions = {}): Promise<ToolResult> => {
    const signal = callOptions.signal;
    try {
      const args = argumentsObject(name, rawArgs);
      if (compactNames.has(name)) {
        if (name === 'list_connectors') {
          checkArguments(name, LIST_CONNECTORS_ARGUMENTS, args);
          const listedNow = await source.list(signal);
          return budgeted({ connectors: listedNow.map((l) => l.view) }, 'connectors', '');
        }
        if (name === 'describe_connector') {
          const checked = checkArguments(name, DESCRIBE_ARGUMENTS, args);
          const connector = await resolve(checked['connector'] as string, signal);
          const entity = checked['entity'] as string | undefined;
          const actionName = checked['action'] as string | undefined;
          if (entity === undefined) {
            if (actionName !== undefined) {
              throw new ValidationError(name, [
                { path: 'entity', rule: 'required', message: 'is required with action: give the entity of the action' },
              ]);
            }
            return budgeted(
              describeConnector(connector, callable(connector), toolNameOf(connector)),
              undefined,
              'Describe one entity at a time: pass entity.',
            );
          }
          if (actionName === undefined) {
            const actions = Object.hasOwn(connector.metadata.actions, entity)
              ? Object.values(connector.metadata.actions[entity]!).filter(callable(connector))
              : [];
            if (actions.length === 0) findAction(connector, entity, ''); // throws naming the entities
            return budgeted(describeEntity(connector, entity, actions, toolNameOf(connector)), undefined, 'Pass action too.');
          }
          const action = findAction(connector, entity, actionName);
          return budgeted(describeAction(connector, action, toolNameOf(connector)(action)), undefined, '');
        }
        if (name === 'execute') {
          const checked = checkArguments(name, EXECUTE_ARGUMENTS, args);
          const connector = await resolve(checked['connector'] as string, signal);
          const action = findAction(connector, checked['entity'] as string, checked['action'] as string);
          return await runAction(connector, action, (checked['params'] as Record<string, unknown> | undefined) ?? {}, {
            settings: settings(),
            fields: checked['fields'] as string[] | undefined,
            skip: checked['skip'] as number | undefined,
            intent: checked['intent'] as string | undefined,
            signal,
            paramsPath: 'params',
            structured: false,
            scrub,
          });
        }
        // search
        const { own: checked, search: params } = checkSearchArguments(name, args);
        const connector = await resolve(checked['connector'] as string, signal);
        const entity = checked['entity'] as string;
        const search = actionOf(connector.metadata, entity, 'search');
        if (!search || search.kind !== 'search' || !callable(connector)(search)) {
          const searchableEntities = Object.entries(connector.metadata.actions)
            .filter(([, a]) => a['search'] && callable(connector)(a['search']))
            .map(([e]) => e);
          throw new ValidationError(name, [
            {
              path: 'entity',
              rule: 'enum',
              message: `${connector.type} ${JSON.stringify(entity)} cannot be searched here; searchable: ${searchableEntities.join(', ') || 'none'}`,
            },
          ]);
        }
        return await runAction(connector, search, params, {
          settings: settings(),
          // `fields` is the search's own parameter, in `params`: the service projects the hits.
          fields: undefined,
          skip: checked['skip'] as number | undefined,
          intent: checked['intent'] as string | undefined,
          signal,
          paramsPath: '',
          structured: false,
          scrub,
        });
      }
      const tool = actionTools.get(name);
      if (!tool) {
        throw new ValidationError('tool call', [{ path: 'name', rule: 'enum', message: `no tool ${JSON.stringify(name)} on this server` }]);
      }
      return await callActionTool(tool, args, signal);
    } catch (error) {
      return errorResult(error, redactor, budget);
    }
  };

  const callActionTool = async (tool: ActionTool, args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ToolResult> => {
    const extraRules = Object.fromEntries([...tool.extras].map((name) => [name, EXTRA_ARGUMENT_RULES[name]!]));
    const extraArgs: Record<string, unknown> = {};
    const params: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) {
      if (tool.extras.has(key as ExtraArgument)) extraArgs[key] = value;
      else Object.defineProperty(params, key, { value, enumerable: true, writable: true, configurable: true });
    }
    const checked = checkArguments(tool.definition.name, extraRules, extraArgs);
    const connector = await connectorForTool(tool, checked['connector'] as string | undefined, signal);
    const action = actionOf(connector.metadata, tool.entity, tool.action)!;
    return runAction(connector, action, params, {
      settings: settings(),
      fields: checked['fields'] as string[] | undefined,
      skip: checked['skip'] as number | undefined,
      intent: checked['intent'] as string | undefined,
      signal,
      paramsPath: '',
      structured: true,
      scrub,
    });
  };

  /** Hosted: the connector the call names, or the one connector of the tool's type; open-source: the type's connector. */
  const connectorForTool = async (tool: ActionTool, ref: string | undefined, signal: AbortSignal | undefined): Promise<AgentConnector> => {
    if (ref !== undefined) {
      const connector = await resolve(ref, signal);
      if (connector.type !== tool.type) {
        throw new ValidationError(tool.definition.name, [
          {
            path: 'connector',
            rule: 'type',
            message: `${JSON.stringify(ref)} is a ${connector.type} connector; this tool runs ${tool.type}`,
          },
        ]);
      }
      return connector;
    }
    const ofType = (await runnableConnectors(source, signal)).filter((c) => c.type === tool.type);
    if (ofType.length === 1) return ofType[0]!;
    throw new ValidationError(tool.definition.name, [
      ofType.length === 0
        ? { path: 'connector', rule: 'required', message: `there is no ${tool.type} connector any more (list_connectors)` }
        : {
            path: 'connector',
            rule: 'required',
            message: `you have ${ofType.length} ${tool.type} connectors (${ofType.map((c) => c.ref).join(', ')}): pass connector to choose one`,
          },
    ]);
  };

  return { mode: source.mode, tools, call };
}

function actionTool(connector: AgentConnector, action: ActionMetadata, hosted: boolean): ActionTool {
  const name = actionToolName(connector.type, action.entity, action.action);
  const { schema, extras } = actionInputSchema(connector.package, action, hosted);
  const title = `${connector.metadata.title}: ${action.entity}.${action.action}`;
  const vendorCall = action.kind === 'search' ? "the Switchyard service's synced copy" : connector.metadata.vendor;
  const paging = action.pagination
    ? ` One page per call: pass meta.${action.pagination.metaMember} back as ${action.pagination.cursorParam} for the next.`
    : '';
  return {
    definition: {
      name,
      title,
      description: `${action.description ?? `${action.kind} ${action.entity}`} (${connector.metadata.title} ${action.entity}.${action.action}, on ${vendorCall}).${paging}`,
      inputSchema: schema,
      outputSchema: actionOutputSchema(connector.package, action),
      annotations: actionAnnotations(action, title),
      action: { type: connector.type, entity: action.entity, action: action.action },
    },
    type: connector.type,
    entity: action.entity,
    action: action.action,
    extras,
  };
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
