/**
 * The JSON Schemas tools declare: the arguments every tool shares (`intent`, `fields`, `skip`,
 * `connector`), the compact tools' inputs, and a per-action tool's input (the action's published
 * parameter schema plus those extras) and output (`{data, meta}` built from the record schemas).
 */
import { type ActionMetadata } from '@switchyard/runtime';
import { INTENT_MAX_LENGTH, SEARCH_LIMITS, deepFreeze, searchParamsSchema, setOwn } from '@switchyard/runtime/internal';
import { paramSchemaOf, recordDefinitions, type ConnectorPackage, type JsonSchema } from '../connectors/connector-package.js';
import { returnsList, returnsRecords } from './action-kinds.js';

/**
 * The search tool's default `limit`: small pages suit a model's context (the search language's own
 * default is SEARCH_LIMITS.defaultLimit). Its ceiling is the language's.
 */
export const SEARCH_DEFAULT_LIMIT = 25;
export const SEARCH_MAX_LIMIT = SEARCH_LIMITS.maxLimit;

/**
 * One sentence without control characters: the service records the intent under its text rules
 * (the same as for identifiers), and the tools check it with this pattern before anything is sent.
 */
export const INTENT_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';

/** A dot path: segments of at least one character (the tools' projection refuses an empty one). */
const FIELD_PATH_PATTERN = '^[^.]+(\\.[^.]+)*$';

export const INTENT_PROPERTY = {
  type: 'string',
  maxLength: INTENT_MAX_LENGTH,
  pattern: INTENT_PATTERN,
  description: 'Why you are making this call, in one sentence. The Switchyard service keeps it in its audit log.',
} as const;

export const FIELDS_PROPERTY = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', minLength: 1, pattern: FIELD_PATH_PATTERN },
  description:
    'Return only these fields of each record, as dot paths ("id", "profile.email"; a path through a list applies to each item). ' +
    'Ask for the fields you need: results are capped in size.',
} as const;

export const SKIP_PROPERTY = {
  type: 'integer',
  minimum: 0,
  // The runtime's integers are safe integers (above it a JSON number no longer names one value).
  maximum: Number.MAX_SAFE_INTEGER,
  description:
    'Records at the start of the page to leave out. A result cut to fit the size cap gives `truncated.next_skip`: ' +
    'call again with the same arguments and that skip to read the records it left out.',
} as const;

/** The tool arguments that are not an action's parameters. */
export const EXTRA_ARGUMENTS = ['intent', 'fields', 'skip', 'connector'] as const;
export type ExtraArgument = (typeof EXTRA_ARGUMENTS)[number];

export interface ActionInputSchema {
  readonly schema: JsonSchema;
  /** The extras this tool takes on top of the action's parameters (an action's own parameter of the same name wins). */
  readonly extras: ReadonlySet<ExtraArgument>;
}

/**
 * A per-action tool's input: the action's parameter schema, plus `fields` for record reads
 * (unless the action selects fields itself), `skip` for pages, `intent`, and in hosted mode an
 * optional `connector` id to choose among several connectors of the type.
 */
export function actionInputSchema(pkg: ConnectorPackage, action: ActionMetadata, hosted: boolean): ActionInputSchema {
  const base = paramSchemaOf(pkg, action.entity, action.action) ?? { type: 'object', properties: {}, additionalProperties: false };
  const properties: Record<string, unknown> = { ...((base['properties'] as Record<string, unknown> | undefined) ?? {}) };
  const extras = new Set<ExtraArgument>();
  const add = (name: ExtraArgument, schema: unknown) => {
    if (Object.hasOwn(properties, name)) return;
    properties[name] = schema;
    extras.add(name);
  };
  if (returnsRecords(action.kind)) add('fields', FIELDS_PROPERTY);
  if (returnsList(action)) add('skip', SKIP_PROPERTY);
  if (hosted) {
    add('connector', {
      type: 'string',
      minLength: 1,
      description: `The ${pkg.metadata.title} connector's id (list_connectors); needed only when you have several.`,
    });
  }
  add('intent', INTENT_PROPERTY);
  return { schema: { ...base, type: 'object', properties }, extras };
}

export interface CompactSchemaOptions {
  /** What `connector` may name: connector types (open-source) or the connector ids known when the tools were listed (hosted). */
  readonly refs: readonly string[];
  readonly hosted: boolean;
}

function connectorProperty({ refs, hosted }: CompactSchemaOptions): JsonSchema {
  if (hosted) {
    return { type: 'string', minLength: 1, description: 'The connector id, from list_connectors.' };
  }
  return { type: 'string', enum: [...refs], description: `The connector type: ${refs.join(', ')}.` };
}

export function listConnectorsInput(): JsonSchema {
  return { type: 'object', properties: { intent: INTENT_PROPERTY }, additionalProperties: false };
}

export function describeConnectorInput(options: CompactSchemaOptions): JsonSchema {
  return {
    type: 'object',
    properties: {
      connector: connectorProperty(options),
      entity: {
        type: 'string',
        minLength: 1,
        description: 'An entity of the connector: describes its record fields, searchable fields and actions.',
      },
      action: { type: 'string', minLength: 1, description: "An action of `entity`: describes its parameters' JSON Schema." },
      intent: INTENT_PROPERTY,
    },
    required: ['connector'],
    additionalProperties: false,
  };
}

export function executeInput(options: CompactSchemaOptions): JsonSchema {
  return {
    type: 'object',
    properties: {
      connector: connectorProperty(options),
      entity: { type: 'string', minLength: 1, description: 'The entity (describe_connector lists them).' },
      action: { type: 'string', minLength: 1, description: 'The action of the entity: list, get, create, update, …' },
      params: {
        type: 'object',
        description: "The action's parameters; describe_connector with entity and action gives their JSON Schema.",
      },
      fields: FIELDS_PROPERTY,
      skip: SKIP_PROPERTY,
      intent: INTENT_PROPERTY,
    },
    required: ['connector', 'entity', 'action'],
    additionalProperties: false,
  };
}

/** The search parameters as every connector publishes them (the runtime's search language). */
const SEARCH_PARAMS = searchParamsSchema as { properties: Record<string, JsonSchema>; definitions: JsonSchema };

/**
 * The compact search tool's input: `connector` and `entity`, then the search parameters exactly as
 * every connector publishes them (query, limit, cursor, fields and the filter's definitions, from
 * the runtime's search language), with a smaller default `limit` and descriptions written for a
 * model; `skip` and `intent` as every tool has them.
 */
export function searchInput(options: CompactSchemaOptions): JsonSchema {
  const { query, limit, cursor, fields } = SEARCH_PARAMS.properties;
  return {
    type: 'object',
    properties: {
      connector: connectorProperty(options),
      entity: { type: 'string', minLength: 1, description: 'A searchable entity (describe_connector says which are).' },
      query: {
        ...query,
        description:
          'Filter and sort over the entity\'s searchable fields: {"filter": {"<operator>": {"<field>": <value>}}, "sort": [{"<field>": "asc" | "desc"}]}. ' +
          'Operators: eq, neq, gt, gte, lt, lte, in (a list), like (% wildcards), fuzzy (typo-tolerant words), keyword (any of the words), ' +
          'contains (an element of a list field), any (a condition on the items of a list of objects), and not, and, or to combine filters ' +
          '({"and": [filter, …]}, {"not": filter}). {} matches everything.',
      },
      limit: {
        ...limit,
        default: SEARCH_DEFAULT_LIMIT,
        description: `Hits per page (default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}).`,
      },
      cursor: { ...cursor, description: "The previous page's meta.next_cursor, to read the next page." },
      fields: {
        ...fields,
        description: `${String(fields!['description'])} Ask for the fields you need: results are capped in size.`,
      },
      skip: SKIP_PROPERTY,
      intent: INTENT_PROPERTY,
    },
    required: ['connector', 'entity', 'query'],
    additionalProperties: false,
    definitions: SEARCH_PARAMS.definitions,
  };
}

const TRUNCATED_SCHEMA = {
  type: 'object',
  description: 'Present when records were left out to keep the result within the size cap.',
  properties: {
    records_returned: { type: 'integer' },
    records_left_out: { type: 'integer' },
    next_skip: { type: 'integer' },
    budget_chars: { type: 'integer' },
    how_to_get_the_rest: { type: 'string' },
  },
  required: ['records_returned', 'records_left_out', 'next_skip', 'budget_chars', 'how_to_get_the_rest'],
} as const;

const FILE_SCHEMA = {
  type: 'object',
  description: 'The downloaded file: its text (UTF-8) or bytes (base64) when they fit the size cap, else only what it is.',
  properties: {
    file_name: { type: ['string', 'null'] },
    content_type: { type: ['string', 'null'] },
    size_bytes: { type: 'integer' },
    encoding: { enum: ['utf-8', 'base64', null] },
    content: { type: ['string', 'null'] },
    note: { type: 'string' },
  },
  required: ['file_name', 'content_type', 'size_bytes', 'encoding', 'content'],
} as const;

const SEARCH_HIT_SCHEMA = {
  type: 'object',
  properties: { id: {}, score: { type: 'number' }, data: { type: 'object' } },
  required: ['id', 'data'],
} as const;

/**
 * `{data, meta, truncated?}`: data is the action's records (a list for pages, one record or null
 * otherwise), typed by the package's record schema. A result projected with `fields` may lack any
 * field, so the record schemas are declared without their `required` lists; types stay. They are
 * also written compactly (no descriptions, which describe_connector gives; `"string | null"` as
 * one `type` list), since clients send tools/list, output schemas included, to the model.
 */
export function actionOutputSchema(pkg: ConnectorPackage, action: ActionMetadata): JsonSchema {
  // Made once per action and frozen, since every toolset that offers the action shares it: a toolset
  // is built for every request the service's /mcp answers.
  let byAction = outputSchemas.get(pkg);
  if (!byAction) outputSchemas.set(pkg, (byAction = new WeakMap()));
  let schema = byAction.get(action);
  if (!schema) byAction.set(action, (schema = deepFreeze(outputSchemaOf(pkg, action))));
  return schema;
}

const outputSchemas = new WeakMap<ConnectorPackage, WeakMap<ActionMetadata, JsonSchema>>();

function outputSchemaOf(pkg: ConnectorPackage, action: ActionMetadata): JsonSchema {
  const definitions: Record<string, unknown> = {};
  const record = recordReference(pkg, action.recordType, definitions);
  let data: unknown;
  if (action.kind === 'download') data = FILE_SCHEMA;
  else if (action.kind === 'search') data = { type: 'array', items: SEARCH_HIT_SCHEMA };
  else if (returnsList(action)) data = { type: 'array', items: record };
  else data = record === TRUE_SCHEMA ? record : { anyOf: [record, { type: 'null' }] };
  return {
    type: 'object',
    properties: { data, meta: { type: 'object' }, truncated: TRUNCATED_SCHEMA },
    required: ['data', 'meta'],
    ...(Object.keys(definitions).length > 0 ? { definitions } : {}),
  };
}

const TRUE_SCHEMA = {};

/** `{$ref}` to the record type, copying it and every type it refers to into `definitions` (without `required`). */
function recordReference(pkg: ConnectorPackage, type: string | undefined, definitions: Record<string, unknown>): unknown {
  const all = recordDefinitions(pkg);
  if (type === undefined || !Object.hasOwn(all, type)) return TRUE_SCHEMA;
  const pending = [type];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (Object.hasOwn(definitions, name) || !Object.hasOwn(all, name)) continue;
    setOwn(definitions, name, compactRecordSchema(all[name]));
    for (const ref of references(all[name])) pending.push(ref);
  }
  return { $ref: `#/definitions/${type}` };
}

/** A record schema for an output schema: no `required`, no descriptions, no default `additionalProperties: true`, `anyOf` of bare types as a type list. */
function compactRecordSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactRecordSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const anyOf = (schema as Record<string, unknown>)['anyOf'];
  if (Array.isArray(anyOf) && Object.keys(schema).length === 1 && anyOf.every(isBareType)) {
    return { type: anyOf.map((branch) => (branch as { type: string }).type) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'required' && Array.isArray(value)) || (key === 'description' && typeof value === 'string')) continue;
    if (key === 'additionalProperties' && value === true) continue;
    // `properties` maps names to schemas: a property named "required" or "description" is a schema, kept.
    setOwn(out, key, key === 'properties' ? mapValues(value, compactRecordSchema) : compactRecordSchema(value));
  }
  return out;
}

/** `{type: "string"}` and nothing else. */
function isBareType(branch: unknown): boolean {
  return (
    branch !== null &&
    typeof branch === 'object' &&
    Object.keys(branch).length === 1 &&
    typeof (branch as { type?: unknown }).type === 'string'
  );
}

function mapValues(value: unknown, fn: (v: unknown) => unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fn(v)]));
}

function references(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) references(item, found);
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/'))
        found.push(value.slice('#/definitions/'.length));
      else references(value, found);
    }
  }
  return found;
}
