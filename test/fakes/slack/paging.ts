/**
 * Slack cursor paging. Cursors look like Slack's own (base64 of `user:U…`, `team:C…`,
 * `next_ts:1712345678000200`) and name the first item of the next page rather than an offset, so
 * a write between two page requests neither skips nor repeats records. Only cursors this fake
 * issued are accepted; anything else gets `invalid_cursor`, as Slack answers.
 */
import { one } from '../harness.js';

export type PageResult<T> = { items: T[]; nextCursor: string } | { error: 'invalid_cursor' };

export class CursorBook {
  readonly #issued = new Set<string>();

  issue(kind: string, key: string): string {
    const cursor = Buffer.from(`${kind}:${key}`).toString('base64');
    this.#issued.add(cursor);
    return cursor;
  }

  /** The key inside a cursor this book issued for `kind`, or undefined. */
  read(kind: string, cursor: string): string | undefined {
    if (!this.#issued.has(cursor)) return undefined;
    const text = Buffer.from(cursor, 'base64').toString('utf8');
    return text.startsWith(`${kind}:`) ? text.slice(kind.length + 1) : undefined;
  }
}

/** `limit` as Slack reads it: missing or non-positive → the default; capped at 1000. */
export function readLimit(value: unknown, fallback: number): number {
  const n = Number.parseInt(one(value) ?? '', 10);
  if (!Number.isFinite(n) || n <= 0) return fallback;
  return Math.min(n, 1000);
}

/**
 * One page of `items` (already in response order). `keyOf` names an item in a cursor; the cursor
 * of the next page names its first item.
 */
export function pageByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  kind: string,
  cursor: string | undefined,
  limit: number,
  book: CursorBook,
): PageResult<T> {
  let start = 0;
  if (cursor) {
    const key = book.read(kind, cursor);
    if (key === undefined) return { error: 'invalid_cursor' };
    start = items.findIndex((item) => keyOf(item) === key);
    // The named item is gone from this view (e.g. a different `types` filter): not our cursor.
    if (start === -1) return { error: 'invalid_cursor' };
  }
  const page = items.slice(start, start + limit);
  const next = items[start + limit];
  return { items: page, nextCursor: next === undefined ? '' : book.issue(kind, keyOf(next)) };
}
