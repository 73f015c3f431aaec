/**
 * The search parameters as published, made from language.ts: the JSON Schema (draft-07) every
 * connector's `paramSchemas[entity].search` is (the generator emits this object), and the
 * parameter rules of search actions in the connectors' metadata (the generator derives them from
 * SEARCH_PARAM_RULES). test/conformance/search-contract.test.ts holds them to what the service accepts.
 *
 * What JSON Schema cannot state: the nesting of filters and of values and the number of
 * conditions (the description names the bounds), that a sort key names a field once, and what only
 * the service knows, which fields an entity has and their types.
 */
import type { ParamRules } from '../metadata.js';
import {
  CURSOR_PATTERN,
  FIELD_PATH_PATTERN,
  FIELD_SEGMENT_PATTERN,
  SEARCH_LIMITS,
  SEARCH_OPERATORS,
  SEARCH_OPERATOR_NAMES,
  SORT_DIRECTIONS,
  WORDS_PATTERN,
  type SearchOperandKind,
} from './language.js';
import { deepFreeze } from '../deep-freeze.js';

type Schema = Readonly<Record<string, unknown>>;

const L = SEARCH_LIMITS;
const FILTER_REF = '#/definitions/filter';
const FIELD_PATH: Schema = { $ref: '#/definitions/fieldPath' };

const TEXT: Schema = { type: 'string', maxLength: L.maxTextLength };

/** The value under each field of an operand, by operand kind. */
const FIELD_VALUES: Readonly<Record<Exclude<SearchOperandKind, 'filters' | 'filter'>, Schema>> = {
  equality: { description: 'Any JSON value.' },
  // anyOf rather than a type list: ajv's strict mode allows type lists only with null.
  range: { anyOf: [{ type: 'number' }, { type: 'string' }] },
  list: { type: 'array', maxItems: L.maxListLength },
  pattern: TEXT,
  words: { ...TEXT, pattern: WORDS_PATTERN.source },
  element: { description: 'Any JSON value.' },
  elements: { $ref: FILTER_REF },
};

function operandSchema(description: string, kind: SearchOperandKind): Schema {
  if (kind === 'filters') return { description, type: 'array', items: { $ref: FILTER_REF } };
  if (kind === 'filter') return { description, $ref: FILTER_REF };
  return { description, type: 'object', minProperties: 1, propertyNames: FIELD_PATH, additionalProperties: FIELD_VALUES[kind] };
}

const FILTER: Schema = {
  description:
    'operator → field → value; several operators in one object, or several fields under one operator, must all hold. ' +
    `Filters nest at most ${L.maxDepth} levels deep (through and, or, not and any), hold at most ${L.maxConditions} operators in all, ` +
    `and values nest at most ${L.maxValueDepth} levels.`,
  type: 'object',
  properties: Object.fromEntries(
    SEARCH_OPERATOR_NAMES.map((op) => [op, operandSchema(SEARCH_OPERATORS[op].description, SEARCH_OPERATORS[op].operand)]),
  ),
  additionalProperties: false,
};

const SORT_KEY: Schema = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  propertyNames: FIELD_PATH,
  additionalProperties: { enum: [...SORT_DIRECTIONS] },
};

/** JSON Schema (draft-07) of the parameters of every search action. Optional members may be null ("not given"). */
export const searchParamsSchema: Schema = deepFreeze({
  type: 'object',
  properties: {
    query: {
      description: 'Filter and sort conditions over the searchable fields.',
      type: 'object',
      properties: {
        filter: { description: 'Which records match (default: all).', anyOf: [{ $ref: FILTER_REF }, { type: 'null' }] },
        sort: {
          description: `Sort keys, applied in order: at most ${L.maxSortKeys}, each {field: "asc" | "desc"} naming a declared scalar field once. Default: by score, then record id.`,
          type: ['array', 'null'],
          maxItems: L.maxSortKeys,
          items: SORT_KEY,
        },
      },
      additionalProperties: false,
    },
    limit: {
      description: `Maximum results (default ${L.defaultLimit}, at most ${L.maxLimit}; page with next_cursor for more).`,
      type: ['integer', 'null'],
      minimum: 1,
      maximum: L.maxLimit,
      default: L.defaultLimit,
    },
    cursor: {
      description: "From the previous response's next_cursor.",
      type: ['string', 'null'],
      maxLength: L.maxCursorLength,
      pattern: CURSOR_PATTERN.source,
    },
    fields: {
      description: 'Field paths to include in hits: "profile.email", or as segments ["profile", "email"].',
      type: ['array', 'null'],
      minItems: 1,
      maxItems: L.maxFields,
      items: {
        anyOf: [FIELD_PATH, { type: 'array', minItems: 1, maxItems: L.maxPathSegments, items: { $ref: '#/definitions/fieldSegment' } }],
      },
    },
  },
  required: ['query'],
  additionalProperties: false,
  definitions: {
    filter: FILTER,
    fieldPath: {
      description: `A field: segments joined by dots (profile.email), at most ${L.maxPathSegments}. Which fields exist is the entity's (searchableFields).`,
      type: 'string',
      pattern: FIELD_PATH_PATTERN.source,
    },
    fieldSegment: {
      description: 'One segment of a field path: letters, digits, _ and -, not starting with -.',
      type: 'string',
      pattern: FIELD_SEGMENT_PATTERN.source,
    },
  },
});

/**
 * The same parameters as the runtime's parameter rules (metadata of search actions). They state
 * the top level only: the hosted executor checks searches with read-search.ts, which also reads
 * the filter, the sort and each field path.
 */
export const SEARCH_PARAM_RULES: ParamRules = deepFreeze({
  query: {
    type: 'object',
    required: true,
    description:
      'Filter and sort conditions over the searchable fields: {filter?: {operator: {field: value}}, sort?: [{field: "asc" | "desc"}]}.',
    properties: {
      filter: { type: 'object', nullable: true, description: 'Which records match (default: all).' },
      sort: {
        type: 'array',
        nullable: true,
        maxItems: L.maxSortKeys,
        items: { type: 'object' },
        description: `Sort keys, applied in order: at most ${L.maxSortKeys}.`,
      },
    },
  },
  limit: {
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: L.maxLimit,
    default: L.defaultLimit,
    description: `Maximum results (default ${L.defaultLimit}, at most ${L.maxLimit}).`,
  },
  cursor: {
    type: 'string',
    nullable: true,
    maxLength: L.maxCursorLength,
    pattern: CURSOR_PATTERN,
    patternText: 'a next_cursor from a previous response',
    description: "From the previous response's next_cursor.",
  },
  fields: {
    type: 'array',
    nullable: true,
    minItems: 1,
    maxItems: L.maxFields,
    items: { type: 'any' },
    description: 'Field paths to include in hits: "profile.email", or as segments ["profile", "email"].',
  },
});
