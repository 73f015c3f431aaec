/**
 * Gong cursor paging: the server picks the page size; each page carries
 * `records: { totalRecords, currentPageSize, currentPageNumber, cursor? }` and the cursor is absent
 * on the last page. The follow-up call must repeat every other input of the first call unchanged:
 * the cursor binds the page offset to a fingerprint of those inputs, and a cursor used with other
 * inputs (or one the fake never issued) is refused with 400, as Gong refuses it.
 */
import { hashString } from '../shared/random.js';

export interface PageSlice<T> {
  rows: T[];
  records: { totalRecords: number; currentPageSize: number; currentPageNumber: number; cursor?: string };
}

/** Inputs of a request other than the cursor, in a stable form (key order does not matter). */
export function fingerprint(inputs: unknown): string {
  return String(hashString(stable(inputs)));
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function encodeCursor(offset: number, print: string): string {
  // Opaque to clients: base64 of a JSON object, as Gong's cursors look.
  return Buffer.from(JSON.stringify({ o: offset, f: print, v: 2 })).toString('base64');
}

/** The offset a cursor points at, or an error message when it does not belong to these inputs. */
export function decodeCursor(cursor: string | undefined, print: string): number | { error: string } {
  if (cursor === undefined) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { o?: unknown; f?: unknown };
    if (typeof parsed.o !== 'number' || parsed.f !== print) return { error: 'cursor does not match the request filter' };
    return parsed.o;
  } catch {
    return { error: 'Invalid cursor' };
  }
}

export function pageOf<T>(all: T[], offset: number, pageSize: number, print: string): PageSlice<T> {
  const rows = all.slice(offset, offset + pageSize);
  const next = offset + pageSize < all.length ? encodeCursor(offset + pageSize, print) : undefined;
  return {
    rows,
    records: {
      totalRecords: all.length,
      currentPageSize: rows.length,
      currentPageNumber: Math.floor(offset / pageSize),
      ...(next ? { cursor: next } : {}),
    },
  };
}
