/**
 * Hosted search: filter and sort conditions over an entity's searchable fields, answered from the
 * synced copy the execution service keeps (language.ts defines the language; packages/server/README.md
 * says what each operator matches). Types are generic over the entity's searchable fields so field
 * names are checked at compile time.
 */
import type { CompareOperator, SearchOperator, SortDirection } from './language.js';

type Comparison<F> = { [K in keyof F]?: F[K] };

export interface SearchFilter<F = Record<string, unknown>> {
  eq?: Comparison<F>;
  neq?: Comparison<F>;
  gt?: Comparison<F>;
  gte?: Comparison<F>;
  lt?: Comparison<F>;
  lte?: Comparison<F>;
  in?: { [K in keyof F]?: F[K][] };
  like?: { [K in keyof F]?: string };
  fuzzy?: { [K in keyof F]?: string };
  keyword?: { [K in keyof F]?: string };
  /** The array field holds this value among its elements. */
  contains?: { [K in keyof F]?: F[K] extends readonly (infer E)[] ? E : unknown };
  /** At least one element of an array of objects satisfies the nested filter. */
  any?: { [K in keyof F]?: SearchFilter<Record<string, unknown>> };
  not?: SearchFilter<F>;
  and?: SearchFilter<F>[];
  or?: SearchFilter<F>[];
}

// The type lists exactly the language's operators: adding one to language.ts fails here until it is typed.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operatorsTyped: Same<keyof SearchFilter, SearchOperator> = true;
void operatorsTyped;

export interface SearchQuery<F = Record<string, unknown>> {
  filter?: SearchFilter<F>;
  sort?: { [K in keyof F]?: SortDirection }[];
}

export interface SearchParams<F = Record<string, unknown>> {
  query: SearchQuery<F>;
  /** Maximum results: 1 to 1000 (default 1000). */
  limit?: number;
  /** From the previous response's `meta.next_cursor` (null: the first page). */
  cursor?: string | null;
  /** Field paths to include in results: `profile.email`, or as segments `["profile", "email"]`. */
  fields?: (string | string[])[];
}

export interface SearchHit<F = Record<string, unknown>> {
  id: string;
  score: number;
  data: Partial<F>;
}

export interface SearchMeta {
  next_cursor: string | null;
  took_ms: number;
}

/** JSON values as they arrive in a request body. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A filter as read by read-search.ts: every operator checked, every field resolved to an `F` (the
 * service resolves names against the entity's searchable fields; the SDK keeps the name).
 */
export type SearchNode<F> =
  | { readonly kind: 'and'; readonly children: readonly SearchNode<F>[] }
  | { readonly kind: 'or'; readonly children: readonly SearchNode<F>[] }
  | { readonly kind: 'not'; readonly child: SearchNode<F> }
  | { readonly kind: 'compare'; readonly op: CompareOperator; readonly field: F; readonly value: JsonValue }
  | { readonly kind: 'in'; readonly field: F; readonly values: readonly JsonValue[] }
  | { readonly kind: 'like'; readonly field: F; readonly pattern: string }
  | { readonly kind: 'fuzzy'; readonly field: F; readonly text: string }
  | { readonly kind: 'keyword'; readonly field: F; readonly text: string }
  | { readonly kind: 'contains'; readonly field: F; readonly value: JsonValue }
  | { readonly kind: 'any'; readonly field: F; readonly where: SearchNode<F> };

export interface SearchSortKey<F> {
  readonly field: F;
  readonly direction: SortDirection;
}
