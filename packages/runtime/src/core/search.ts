/**
 * Hosted search: filter and sort conditions over an entity's searchable fields, answered from the
 * synced copy the execution service keeps (packages/server/README.md describes the query language).
 * Types are generic over the entity's searchable fields so field names are checked at compile time.
 */
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

export interface SearchQuery<F = Record<string, unknown>> {
  filter?: SearchFilter<F>;
  sort?: { [K in keyof F]?: 'asc' | 'desc' }[];
}

export interface SearchParams<F = Record<string, unknown>> {
  query: SearchQuery<F>;
  /** Maximum results (default 1000). */
  limit?: number;
  /** From the previous response's `meta.next_cursor`. */
  cursor?: string;
  /** Field paths to include in results. */
  fields?: string[];
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
