/**
 * The service's view of a read search: the runtime's tree (core/search/types.ts) over fields
 * resolved against the entity's schema. The operators and their rules are the runtime's
 * (core/search/language.ts); nothing here restates them.
 */
import { SEARCH_OPERATOR_NAMES, type SearchNode, type SearchSortKey } from '@switchyard/runtime/internal';
import type { FieldRef } from './searchable-fields.js';

export type { JsonValue } from '@switchyard/runtime/internal';

/** The validated filter tree. Every field in it has been resolved against the entity's schema. */
export type FilterNode = SearchNode<FieldRef>;

export type SortKey = SearchSortKey<FieldRef>;

/** Every operator of the language, in the order error messages list them. */
export const OPERATORS: readonly string[] = SEARCH_OPERATOR_NAMES;
