/**
 * Harvest v1 page-number paging: `per_page` 1–500 (default 100), `page` from 1, bare JSON arrays,
 * and an RFC 5988 `Link` header with `next` / `prev` / `last` that keeps every other query
 * parameter. No Link header at all when everything fits on the first page; no `last` with
 * `skip_count=true`.
 */
import { one } from '../harness.js';

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface ValidationFailure {
  message: string;
  field: string;
}

export function readPaging(query: Record<string, string | string[]>): PageRequest | ValidationFailure {
  const rawPer = one(query.per_page);
  const rawPage = one(query.page);
  const perPage = rawPer === undefined ? 100 : Number(rawPer);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500)
    return { message: 'per_page must be between 1 and 500', field: 'per_page' };
  const page = rawPage === undefined ? 1 : Number(rawPage);
  if (!Number.isInteger(page) || page < 1) return { message: 'page must be a positive integer', field: 'page' };
  return { page, perPage };
}

export function linkHeader(
  base: string,
  query: Record<string, string | string[]>,
  { page, perPage }: PageRequest,
  total: number,
  skipCount: boolean,
): string | undefined {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last === 1 && page === 1) return undefined;
  const href = (p: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || key === 'per_page') continue;
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    }
    params.append('page', String(p));
    params.append('per_page', String(perPage));
    return `<${base}?${params.toString()}>`;
  };
  const parts: string[] = [];
  if (page < last) parts.push(`${href(page + 1)}; rel="next"`);
  if (page > 1) parts.push(`${href(Math.min(page - 1, last))}; rel="prev"`);
  if (!skipCount) parts.push(`${href(last)}; rel="last"`);
  return parts.length ? parts.join(', ') : undefined;
}
