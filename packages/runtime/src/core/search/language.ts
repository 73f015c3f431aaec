/**
 * The hosted search language, as data: its operators and the values each takes, sort rules, limits,
 * defaults, and the syntax of field paths and cursors. This is the one definition. The published
 * JSON Schema of search parameters (params-schema.ts, emitted into every connector's
 * `paramSchemas[entity].search`), the SDK's check before a search is sent and the execution
 * service's parser (read-search.ts, with the service adding what only it knows: the entity's
 * searchable fields and their types) are all made from it.
 *
 * The operators are the contract's (eq, neq, gt, gte, lt, lte, in, like, fuzzy, keyword, not, and,
 * or) plus `contains` and `any` for arrays; packages/server/README.md ("Search") says what each matches.
 */

/** What an operator's operand is, and so which values it takes. */
export type SearchOperandKind =
  /** `{field: value}`: any JSON value; null matches a missing field. */
  | 'equality'
  /** `{field: number | string}`. */
  | 'range'
  /** `{field: [value, …]}`. */
  | 'list'
  /** `{field: text}`: `%` is the only wildcard. */
  | 'pattern'
  /** `{field: text}` with at least one letter or digit. */
  | 'words'
  /** `{field: value}`: an element of an array field. */
  | 'element'
  /** `{field: filter}`: a filter over the elements of an array of objects, paths relative to the element. */
  | 'elements'
  /** `[filter, …]`. */
  | 'filters'
  /** `filter`. */
  | 'filter';

export interface SearchOperatorRule {
  readonly operand: SearchOperandKind;
  /** One line for the published schema and error messages. */
  readonly description: string;
}

/** Every operator, in the order error messages list them. */
export const SEARCH_OPERATORS = {
  eq: { operand: 'equality', description: 'Equal (typed: 5 is not "5"); null matches a missing or null field.' },
  neq: { operand: 'equality', description: 'Not equal; matches records that lack the field.' },
  gt: { operand: 'range', description: 'Greater than: numbers numerically, strings by code point.' },
  gte: { operand: 'range', description: 'Greater than or equal.' },
  lt: { operand: 'range', description: 'Less than.' },
  lte: { operand: 'range', description: 'Less than or equal.' },
  in: { operand: 'list', description: 'Equal to one of the values ([] matches nothing).' },
  like: { operand: 'pattern', description: 'Case-insensitive match; % is the only wildcard (_ and \\ are literal).' },
  fuzzy: { operand: 'words', description: 'Similar text (trigram similarity): typos, case and word order do not matter.' },
  keyword: { operand: 'words', description: 'Any of the words is present (full text); on object and array fields, in any string inside.' },
  contains: { operand: 'element', description: 'The array field has this element (objects: an element containing it).' },
  any: { operand: 'elements', description: 'One element of the array field satisfies the filter, with paths relative to the element.' },
  and: { operand: 'filters', description: 'Every filter holds ([] is true).' },
  or: { operand: 'filters', description: 'At least one filter holds ([] is false).' },
  not: { operand: 'filter', description: 'The filter does not hold.' },
} as const satisfies Readonly<Record<string, SearchOperatorRule>>;

export type SearchOperator = keyof typeof SEARCH_OPERATORS;
/** Operators that apply to fields (`{operator: {field: …}}`), as opposed to and/or/not. */
export type FieldOperator = {
  [K in SearchOperator]: (typeof SEARCH_OPERATORS)[K]['operand'] extends 'filters' | 'filter' ? never : K;
}[SearchOperator];
export type CompareOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';

export const SEARCH_OPERATOR_NAMES: readonly SearchOperator[] = Object.keys(SEARCH_OPERATORS) as SearchOperator[];

export function isSearchOperator(name: string): name is SearchOperator {
  return Object.hasOwn(SEARCH_OPERATORS, name);
}

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * Bounds that keep one request from building an enormous statement, and the contract's defaults.
 * JSON Schema can state all of them but three (filter depth, conditions, value depth), which the
 * published schema names in its description and the SDK and the service check alike.
 */
export const SEARCH_LIMITS = {
  /** The contract's default `limit`. */
  defaultLimit: 1000,
  /** Also the maximum: a larger page would only move more bytes per request; page with next_cursor. */
  maxLimit: 1000,
  /** Paths in `fields`. */
  maxFields: 100,
  /** Sort keys in `query.sort`. */
  maxSortKeys: 8,
  /** Filter objects nest at most this many levels below `query.filter` (through and, or, not, any). */
  maxDepth: 32,
  /** Operator keys in the whole filter. */
  maxConditions: 1000,
  /** Values of one `in`. */
  maxListLength: 1000,
  /** Characters (code points) of a like, fuzzy or keyword text. */
  maxTextLength: 1000,
  /** Arrays and objects nest at most this many levels inside one compared value. */
  maxValueDepth: 64,
  /** Segments of a field path (`profile.email` has two). */
  maxPathSegments: 8,
  /** Characters of one field path segment. */
  maxSegmentLength: 64,
  /** Characters of a cursor. */
  maxCursorLength: 16_384,
} as const;

/**
 * One segment of a field path: letters, digits, `_` and `-`, not starting with `-`. Field names
 * reach the service's SQL only as literals built from such segments, so no quote, backslash,
 * space or comment marker can ever get there.
 */
const SEGMENT = `[A-Za-z0-9_][A-Za-z0-9_-]{0,${SEARCH_LIMITS.maxSegmentLength - 1}}`;
export const FIELD_SEGMENT_PATTERN = new RegExp(`^${SEGMENT}$`);
/** A field path: segments joined by dots (`profile.email`). */
export const FIELD_PATH_PATTERN = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT}){0,${SEARCH_LIMITS.maxPathSegments - 1}}$`);
/** A cursor the service issues: base64url payload, a dot, base64url signature (packages/server/src/search/query/cursor.ts). */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** Text that fuzzy and keyword can match: it holds a letter or a digit (words are made of them). */
export const WORDS_PATTERN = /[\p{L}\p{N}]/u;

/** Why `name` is not a field path, or null when it is one. */
export function fieldPathProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'a field name must be a non-empty string';
  if (FIELD_PATH_PATTERN.test(name)) return null;
  if (name.split('.').length > SEARCH_LIMITS.maxPathSegments) return `a field path has at most ${SEARCH_LIMITS.maxPathSegments} segments`;
  return `"${clip(name)}" is not a field path (segments are letters, digits, _ and -, joined by dots)`;
}

/** Characters as the limits count them: code points (an emoji is one; a lone surrogate is one). */
export function textLength(text: string): number {
  if (!/[\uD800-\uDFFF]/.test(text)) return text.length;
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** Caller text echoed in messages is kept short. */
export function clip(text: string): string {
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}
