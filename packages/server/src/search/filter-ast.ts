import type { FieldRef } from './searchable-fields.js';

/** JSON values as they arrive in a request body. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type CompareOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';

/** The validated filter tree. Every field in it has been resolved against the entity's schema. */
export type FilterNode =
  | { readonly kind: 'and'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly child: FilterNode }
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly field: FieldRef; readonly value: JsonValue }
  | { readonly kind: 'in'; readonly field: FieldRef; readonly values: readonly JsonValue[] }
  | { readonly kind: 'like'; readonly field: FieldRef; readonly pattern: string }
  | { readonly kind: 'fuzzy'; readonly field: FieldRef; readonly text: string }
  | { readonly kind: 'keyword'; readonly field: FieldRef; readonly text: string }
  | { readonly kind: 'contains'; readonly field: FieldRef; readonly value: JsonValue }
  | { readonly kind: 'any'; readonly field: FieldRef; readonly where: FilterNode };

export const LEAF_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'like', 'fuzzy', 'keyword', 'contains', 'any'] as const;
export const LOGIC_OPERATORS = ['and', 'or', 'not'] as const;
export const OPERATORS: readonly string[] = [...LEAF_OPERATORS, ...LOGIC_OPERATORS];

export type SortDirection = 'asc' | 'desc';
export interface SortKey {
  readonly field: FieldRef;
  readonly direction: SortDirection;
}
