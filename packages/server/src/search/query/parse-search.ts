import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import { readSearchParams } from '@switchyard/runtime/internal';
import { canonicalJson } from './canonical-json.js';
import { InvalidCursorError } from './cursor.js';
import { entityFields } from './entity-fields.js';
import type { FilterNode, SortKey } from './filter-ast.js';
import type { EntitySchema, FieldRef } from './searchable-fields.js';
import { toStoredFilter } from './stored-filter.js';

/** A search read and checked once, ready for RecordSearch.search. */
export interface ParsedSearch {
  /** The entity's schema the search was checked against. */
  readonly schema: EntitySchema;
  /** Values in the store's form (store/stored-text.ts), as the SQL compares them. */
  readonly filter: FilterNode;
  readonly sort: readonly SortKey[];
  readonly limit: number;
  readonly cursor: string | undefined;
  readonly fields: readonly FieldRef[] | null;
  /** Canonical text of `query`, which a cursor is bound to. */
  readonly queryText: string;
}

/**
 * Reads search parameters by the runtime's search language (the rules every connector publishes in
 * `paramSchemas[entity].search`), against the entity's searchable fields; all problems in one
 * ValidationError. A cursor that is not one this service issues, the only problem, is an
 * InvalidCursorError, as when its signature or binding does not hold.
 */
export function parseSearchParams(params: unknown, schema: EntitySchema): ParsedSearch {
  const issues: ValidationIssue[] = [];
  const read = readSearchParams(params, entityFields(schema), issues);
  if (read === null) {
    const only = issues.length === 1 ? issues[0]! : undefined;
    if (only?.path === 'cursor' && only.rule === 'cursor') throw new InvalidCursorError(only.message);
    throw new ValidationError(`${schema.entity} search`, issues);
  }
  return {
    schema,
    // Validated on the caller's values; compared in the store's form.
    filter: toStoredFilter(read.filter),
    sort: read.sort,
    limit: read.limit,
    cursor: read.cursor,
    fields: read.fields,
    queryText: canonicalJson(read.query),
  };
}
