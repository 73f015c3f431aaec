/**
 * Intercom's two list paginations, as the fake serves them:
 * - contacts and conversations: `per_page` (1–150) and `starting_after`, an opaque cursor; the
 *   response's `pages.next` is `{page, starting_after}` and is left out on the last page;
 * - companies: page numbers (`page`, `per_page`), `pages.next` always null, the end read from
 *   `pages.page` and `pages.total_pages`.
 * Cursors are base64 of `[offset, id of the last record served, page]`, so a cursor the fake did
 * not issue (or one pointing at a record that has gone) is refused like Intercom refuses it.
 */
import { one } from '../harness.js';

export const MAX_PER_PAGE = 150;

export interface Invalid {
  code: string;
  message: string;
  field: string;
}

export interface CursorPage {
  offset: number;
  page: number;
  perPage: number;
}

export function readPerPage(query: Record<string, string | string[]>, fallback: number): number | Invalid {
  const raw = one(query['per_page']);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE) {
    return { code: 'parameter_invalid', message: `per_page must be between 1 and ${MAX_PER_PAGE}`, field: 'per_page' };
  }
  return n;
}

export function encodeCursor(offset: number, lastId: string, page: number): string {
  return Buffer.from(JSON.stringify([offset, lastId, page])).toString('base64');
}

export function readCursorPage(
  query: Record<string, string | string[]>,
  rows: readonly Record<string, unknown>[],
  perPage: number,
): CursorPage | Invalid {
  const raw = one(query['starting_after']);
  if (raw === undefined) return { offset: 0, page: 1, perPage };
  const invalid: Invalid = { code: 'parameter_invalid', message: 'Invalid starting_after value', field: 'starting_after' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return invalid;
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) return invalid;
  const [offset, lastId, page] = decoded as [unknown, unknown, unknown];
  if (typeof offset !== 'number' || typeof page !== 'number' || rows[offset - 1]?.['id'] !== lastId) return invalid;
  return { offset, page, perPage };
}

/** `pages` of a cursor-paged list; `next` only when more records follow. */
export function cursorPages(at: CursorPage, rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const end = at.offset + at.perPage;
  const pages: Record<string, unknown> = {
    type: 'pages',
    page: at.page,
    per_page: at.perPage,
    total_pages: Math.ceil(rows.length / at.perPage),
  };
  if (end < rows.length)
    pages['next'] = { page: at.page + 1, starting_after: encodeCursor(end, String(rows[end - 1]!['id']), at.page + 1) };
  return pages;
}

export function readPageNumber(query: Record<string, string | string[]>): number | Invalid {
  const raw = one(query['page']);
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) return { code: 'parameter_invalid', message: 'page must be a positive integer', field: 'page' };
  return n;
}

export const isInvalid = (value: unknown): value is Invalid => typeof value === 'object' && value !== null && 'code' in value;
