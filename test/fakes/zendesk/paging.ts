/**
 * Zendesk list paging. Cursor mode (`page[size]`, then `page[after]`) answers
 * `meta: {has_more, after_cursor, before_cursor}` and `links: {prev, next}`; like Zendesk, the
 * last page still carries an after_cursor (has_more is what says it is the last). Cursors are
 * opaque base64 JSON naming the sort and the last record returned, so a record created while a
 * caller pages does not shift later pages. Without `page[size]` the endpoint falls back to offset
 * mode (`page`, `per_page`, `next_page`, `count`), which Zendesk refuses past 10,000 records.
 */
import { one } from '../harness.js';
import type { Json } from './types.js';

export interface ZdFailure {
  status: number;
  body: Json;
}

type Query = Record<string, string | string[]>;

const invalid = (description: string): ZdFailure => ({ status: 400, body: { error: 'InvalidPaginationParameter', description } });

export function encodeCursor(sort: string, lastId: unknown): string {
  return Buffer.from(JSON.stringify({ o: sort, v: lastId })).toString('base64');
}

function decodeCursor(cursor: string, sort: string): unknown | ZdFailure {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { o?: unknown; v?: unknown };
    if (parsed.o !== sort || parsed.v === undefined) return invalid('page[after] does not belong to this sort order');
    return parsed.v;
  } catch {
    return invalid('page[after] is not a valid cursor');
  }
}

/**
 * One page of `rows` (already filtered and sorted by `sort`) under `key` (`tickets`), in cursor
 * mode when `page[size]` is given, else in offset mode.
 */
export function pageOf(
  rows: Json[],
  key: string,
  query: Query,
  self: string,
  sort: string,
  maxSize = 100,
): { status?: number; body: Json } | ZdFailure {
  const rawSize = one(query['page[size]']);
  if (rawSize === undefined) return offsetPage(rows, key, query, self);
  const size = Number(rawSize);
  if (!Number.isInteger(size) || size < 1 || size > maxSize) return invalid(`page[size] must be an integer between 1 and ${maxSize}`);
  let start = 0;
  const after = one(query['page[after]']);
  if (after !== undefined) {
    const lastId = decodeCursor(after, sort);
    if (lastId && typeof lastId === 'object' && 'status' in lastId) return lastId as ZdFailure;
    const index = rows.findIndex((row) => row.id === lastId);
    // The record the cursor points at was deleted: resume after where its id would sort.
    start = index === -1 ? rows.filter((row) => (row.id as number) < (lastId as number)).length : index + 1;
  }
  const page = rows.slice(start, start + size);
  const hasMore = start + size < rows.length;
  const afterCursor = page.length ? encodeCursor(sort, page.at(-1)!.id) : null;
  const beforeCursor = page.length ? encodeCursor(sort, page[0]!.id) : null;
  const link = (cursor: string | null, rel: 'after' | 'before') => {
    if (!cursor) return null;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (k !== 'page[after]' && k !== 'page[before]') for (const x of [v].flat()) params.append(k, x);
    params.append(`page[${rel}]`, cursor);
    return `${self}?${params.toString()}`;
  };
  return {
    body: {
      [key]: page,
      meta: { has_more: hasMore, after_cursor: afterCursor, before_cursor: beforeCursor },
      links: { prev: start > 0 ? link(beforeCursor, 'before') : null, next: hasMore ? link(afterCursor, 'after') : null },
    },
  };
}

function offsetPage(rows: Json[], key: string, query: Query, self: string): { body: Json } | ZdFailure {
  const perPage = Number(one(query.per_page) ?? 100);
  const page = Number(one(query.page) ?? 1);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) return invalid('per_page must be between 1 and 100');
  if (!Number.isInteger(page) || page < 1) return invalid('page must be a positive integer');
  if (page * perPage > 10_000) {
    return invalid('Offset pagination is limited to the first 10,000 records (100 pages); use cursor pagination (page[size]) instead');
  }
  const start = (page - 1) * perPage;
  const next = start + perPage < rows.length ? `${self}?page=${page + 1}&per_page=${perPage}` : null;
  return {
    body: {
      [key]: rows.slice(start, start + perPage),
      next_page: next,
      previous_page: page > 1 ? `${self}?page=${page - 1}&per_page=${perPage}` : null,
      count: rows.length,
    },
  };
}

export function isFailure(value: unknown): value is ZdFailure {
  return typeof value === 'object' && value !== null && 'status' in value && (value as ZdFailure).status >= 400;
}
