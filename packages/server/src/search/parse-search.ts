import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import { canonicalJson } from './canonical-json.js';
import type { FilterNode, SortKey } from './filter-ast.js';
import { parseSort } from './order-keys.js';
import { isPlainObject, parseFilter } from './parse-filter.js';
import type { EntitySchema, FieldRef } from './searchable-fields.js';
import { toStoredFilter } from './stored-filter.js';

export const SEARCH_LIMITS = {
  /** The contract's default. */
  defaultLimit: 1000,
  /** Also the maximum: a larger page would only move more bytes per request; page with next_cursor. */
  maxLimit: 1000,
  maxFields: 100,
} as const;

export interface ParsedSearch {
  /** Values in the store's form (store/stored-text.ts), as the SQL compares them. */
  readonly filter: FilterNode;
  readonly sort: readonly SortKey[];
  readonly limit: number;
  readonly cursor: string | undefined;
  readonly fields: readonly FieldRef[] | null;
  /** Canonical text of `query`, which a cursor is bound to. */
  readonly queryText: string;
}

const PARAMS = ['query', 'limit', 'cursor', 'fields'];
const QUERY_KEYS = ['filter', 'sort'];

/** Validates search parameters against the entity's searchable fields; all problems in one ValidationError. */
export function parseSearchParams(params: unknown, schema: EntitySchema): ParsedSearch {
  const issues: ValidationIssue[] = [];
  const p = isPlainObject(params) ? params : {};
  if (!isPlainObject(params)) issues.push({ path: '', rule: 'type', message: 'search parameters must be an object' });
  for (const key of Object.keys(p)) {
    if (!PARAMS.includes(key))
      issues.push({ path: key, rule: 'unknown-parameter', message: `unknown parameter; parameters: ${PARAMS.join(', ')}` });
  }
  const query = p['query'];
  let filter: FilterNode | null = { kind: 'and', children: [] };
  let sort: SortKey[] = [];
  if (!isPlainObject(query)) {
    issues.push({ path: 'query', rule: 'required', message: 'must be an object with optional filter and sort' });
  } else {
    for (const key of Object.keys(query)) {
      if (!QUERY_KEYS.includes(key))
        issues.push({ path: `query.${key}`, rule: 'unknown-parameter', message: 'query holds only filter and sort' });
    }
    if (query['filter'] !== undefined) filter = parseFilter(query['filter'], schema, 'query.filter', issues);
    sort = parseSort(query['sort'], schema, 'query.sort', issues);
  }
  const limit = p['limit'] ?? SEARCH_LIMITS.defaultLimit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMITS.maxLimit) {
    issues.push({ path: 'limit', rule: 'limit', message: `must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}` });
  }
  const cursor = p['cursor'];
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') {
    issues.push({ path: 'cursor', rule: 'cursor', message: 'must be a next_cursor string from a previous response' });
  }
  const fields = parseFields(p['fields'], schema, issues);
  if (issues.length > 0 || filter === null) throw new ValidationError(`${schema.entity} search`, issues);
  return {
    // Validated on the caller's values; compared in the store's form.
    filter: toStoredFilter(filter),
    sort,
    limit: limit as number,
    cursor: typeof cursor === 'string' ? cursor : undefined,
    fields,
    queryText: canonicalJson(query),
  };
}

/** Dot paths (`profile.email`) or path arrays (`["profile", "email"]`). */
function parseFields(raw: unknown, schema: EntitySchema, issues: ValidationIssue[]): FieldRef[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > SEARCH_LIMITS.maxFields) {
    issues.push({ path: 'fields', rule: 'fields', message: `must be a list of 1 to ${SEARCH_LIMITS.maxFields} field paths` });
    return null;
  }
  const fields: FieldRef[] = [];
  raw.forEach((item, i) => {
    const name = Array.isArray(item) && item.every((s) => typeof s === 'string') ? item.join('.') : item;
    const field = schema.resolve(name);
    if (typeof field === 'string') {
      issues.push({
        path: `fields[${i}]`,
        rule: 'searchable-field',
        message: `${field}; searchable fields of ${schema.entity}: ${schema.fieldNames().join(', ')}`,
      });
    } else fields.push(field);
  });
  return fields;
}
