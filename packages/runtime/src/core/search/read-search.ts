/**
 * Reads search parameters (`query`, `limit`, `cursor`, `fields`) by the rules of language.ts,
 * collecting every problem at once. The one reader both sides run: the SDK checks a search with
 * it before sending (`searchParamsIssues`: field names are taken as written), and the execution
 * service parses every search with it, resolving field names against the entity's searchable
 * fields (packages/server/src/search/query/parse-search.ts). So whatever the SDK lets through, the
 * service reads the same way, and the published JSON Schema (params-schema.ts) states the same rules.
 */
import type { ValidationIssue } from '../errors.js';
import { CURSOR_PATTERN, FIELD_SEGMENT_PATTERN, SEARCH_LIMITS, clip, fieldPathProblem } from './language.js';
import { isPlainObject, readFilter, type SearchFields } from './read-filter.js';
import type { SearchNode, SearchSortKey } from './types.js';

/** A search as read: every rule of the language checked, every field resolved to an `F`. */
export interface ReadSearch<F extends object> {
  readonly filter: SearchNode<F>;
  readonly sort: readonly SearchSortKey<F>[];
  readonly limit: number;
  readonly cursor: string | undefined;
  /** null: no `fields` (the whole hit). */
  readonly fields: readonly F[] | null;
  /** `query` as given, without members given as null (they mean "not given"). */
  readonly query: Readonly<Record<string, unknown>>;
}

export const SEARCH_PARAM_NAMES = ['query', 'limit', 'cursor', 'fields'] as const;
const QUERY_KEYS = ['filter', 'sort'];
const EVERYTHING = { kind: 'and', children: [] } as const;

/** The search, or null with the problems recorded in `issues`. */
export function readSearchParams<F extends object>(
  params: unknown,
  fields: SearchFields<F>,
  issues: ValidationIssue[],
): ReadSearch<F> | null {
  const before = issues.length;
  const p = isPlainObject(params) ? params : {};
  if (!isPlainObject(params)) issues.push({ path: '', rule: 'type', message: 'search parameters must be an object' });
  for (const key of Object.keys(p)) {
    if (!(SEARCH_PARAM_NAMES as readonly string[]).includes(key))
      issues.push({
        path: clip(key),
        rule: 'unknown-parameter',
        message: `unknown parameter; parameters: ${SEARCH_PARAM_NAMES.join(', ')}`,
      });
  }
  const query = p['query'];
  let filter: SearchNode<F> | null = EVERYTHING;
  let sort: SearchSortKey<F>[] = [];
  if (!isPlainObject(query)) {
    issues.push({ path: 'query', rule: 'required', message: 'must be an object with optional filter and sort' });
  } else {
    for (const key of Object.keys(query)) {
      if (!QUERY_KEYS.includes(key))
        issues.push({ path: `query.${clip(key)}`, rule: 'unknown-parameter', message: 'query holds only filter and sort' });
    }
    if (given(query['filter'])) filter = readFilter(query['filter'], fields, 'query.filter', issues);
    sort = readSort(query['sort'], fields, 'query.sort', issues);
  }
  const limit = given(p['limit']) ? p['limit'] : SEARCH_LIMITS.defaultLimit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMITS.maxLimit) {
    issues.push({ path: 'limit', rule: 'limit', message: `must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}` });
  }
  const cursor = p['cursor'];
  if (given(cursor) && !(typeof cursor === 'string' && cursor.length <= SEARCH_LIMITS.maxCursorLength && CURSOR_PATTERN.test(cursor))) {
    issues.push({ path: 'cursor', rule: 'cursor', message: 'must be a next_cursor string from a previous response' });
  }
  const projected = readFields(p['fields'], fields, issues);
  if (issues.length > before || filter === null) return null;
  return {
    filter,
    sort,
    limit: limit as number,
    cursor: typeof cursor === 'string' ? cursor : undefined,
    fields: projected,
    query: Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, value]) => given(value))),
  };
}

/** `[{name: "asc"}, {updated: "desc"}]`: each field once. */
function readSort<F extends object>(raw: unknown, fields: SearchFields<F>, path: string, issues: ValidationIssue[]): SearchSortKey<F>[] {
  if (!given(raw)) return [];
  if (!Array.isArray(raw) || raw.length > SEARCH_LIMITS.maxSortKeys) {
    issues.push({ path, rule: 'sort', message: `must be a list of at most ${SEARCH_LIMITS.maxSortKeys} {field: "asc" | "desc"} objects` });
    return [];
  }
  const keys: SearchSortKey<F>[] = [];
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const at = `${path}[${i}]`;
    const entries = isPlainObject(item) ? Object.entries(item) : [];
    const [name, direction] = entries[0] ?? [];
    if (entries.length !== 1 || (direction !== 'asc' && direction !== 'desc')) {
      issues.push({ path: at, rule: 'sort', message: 'must be one {field: "asc" | "desc"} object' });
      return;
    }
    const field = fieldPathProblem(name) ?? fields.sortField(name!);
    if (typeof field === 'string') {
      issues.push({ path: `${at}.${clip(name!)}`, rule: 'sort-field', message: field });
      return;
    }
    const fieldName = fields.nameOf(field);
    if (seen.has(fieldName)) {
      issues.push({ path: `${at}.${clip(name!)}`, rule: 'sort-field', message: `"${fieldName}" is already a sort key` });
      return;
    }
    seen.add(fieldName);
    keys.push({ field, direction });
  });
  return keys;
}

/** Dot paths (`profile.email`) or path arrays (`["profile", "email"]`, one segment each). */
function readFields<F extends object>(raw: unknown, fields: SearchFields<F>, issues: ValidationIssue[]): F[] | null {
  if (!given(raw)) return null;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > SEARCH_LIMITS.maxFields) {
    issues.push({ path: 'fields', rule: 'fields', message: `must be a list of 1 to ${SEARCH_LIMITS.maxFields} field paths` });
    return null;
  }
  const out: F[] = [];
  raw.forEach((item, i) => {
    const name = Array.isArray(item) ? pathOfSegments(item) : item;
    const field = name === null ? segmentsProblem() : (fieldPathProblem(name) ?? fields.projectedField(name as string));
    if (typeof field === 'string') issues.push({ path: `fields[${i}]`, rule: 'searchable-field', message: field });
    else out.push(field);
  });
  return out;
}

/** `["profile", "email"]` → `profile.email`; null unless every item is one segment. */
function pathOfSegments(segments: readonly unknown[]): string | null {
  if (segments.length === 0 || segments.length > SEARCH_LIMITS.maxPathSegments) return null;
  return segments.every((s) => typeof s === 'string' && FIELD_SEGMENT_PATTERN.test(s)) ? segments.join('.') : null;
}

function segmentsProblem(): string {
  return `a path array holds 1 to ${SEARCH_LIMITS.maxPathSegments} segments (letters, digits, _ and -)`;
}

/** Optional members given as null mean "not given" (a `next_cursor` of null passed back, for one). */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The SDK's reading: every well-formed field name is taken as written; the service says whether it exists. */
const NAMES: SearchFields<{ readonly name: string }> = {
  filterField: (name) => ({ name }),
  sortField: (name) => ({ name }),
  projectedField: (name) => ({ name }),
  nameOf: (field) => field.name,
};

/**
 * Every problem of a search's parameters that can be found without the entity's fields (the
 * service adds unknown fields and values of the wrong type). What the hosted executor checks
 * before a search leaves; empty when the search is well-formed.
 */
export function searchParamsIssues(params: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  readSearchParams(params, NAMES, issues);
  return issues;
}
