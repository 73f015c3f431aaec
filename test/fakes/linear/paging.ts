/**
 * Relay connections over in-memory rows. Cursors are the node ids, as in Linear (clients must
 * treat them as opaque). Default order is `createdAt` newest first; `orderBy: updatedAt` sorts by
 * last update. `first` defaults to 50 and, like Linear, more than 250 is rejected (HTTP 400).
 */
import { invalidInput } from './errors.js';
import { Table, sortNewestFirst } from './types.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  orderBy?: 'createdAt' | 'updatedAt' | null;
  includeArchived?: boolean | null;
}

interface Row {
  id: string;
  createdAt: string;
  updatedAt: string;
  archivedAt?: string | null;
}

export interface Connection<T> {
  nodes: T[];
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

export const MAX_PAGE_SIZE = 250;
export const DEFAULT_PAGE_SIZE = 50;

function pageSize(name: 'first' | 'last', value: number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value < 0) throw invalidInput(`${name} must be a positive number`, 400);
  if (value > MAX_PAGE_SIZE) throw invalidInput(`${name} must be less than or equal to ${MAX_PAGE_SIZE}`, 400);
  return value;
}

/**
 * One page of `source`: either a plain list (sorted here) or a `Table`, whose memoised sort keeps
 * root connections cheap on large datasets. Forward paging (the common case) scans only as far
 * as the page needs; `last`/`before` fall back to filtering the whole list.
 */
export function connection<T extends Row>(
  source: readonly T[] | Table<T>,
  args: ConnectionArgs,
  keep?: (row: T) => boolean,
): Connection<T> {
  const first = pageSize('first', args.first);
  const last = pageSize('last', args.last);
  const key = args.orderBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
  const sorted = source instanceof Table ? source.sortedBy(key) : sortNewestFirst(source, key);
  const visible = (row: T) => (args.includeArchived || !row.archivedAt) && (keep === undefined || keep(row));
  // A cursor marks a position in the ordered collection, so it stays usable across filters.
  const position = (cursor: string, name: string): number => {
    const i = sorted.findIndex((row) => row.id === cursor);
    if (i === -1) throw invalidInput(`Cursor provided for \`${name}\` is not valid`);
    return i;
  };

  let nodes: T[];
  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  if (last === undefined && !args.before) {
    const size = first ?? DEFAULT_PAGE_SIZE;
    let i = args.after ? position(args.after, 'after') + 1 : 0;
    nodes = [];
    for (; i < sorted.length && nodes.length <= size; i++) if (visible(sorted[i]!)) nodes.push(sorted[i]!);
    hasNextPage = nodes.length > size;
    if (hasNextPage) nodes.length = size;
    hasPreviousPage = Boolean(args.after);
  } else {
    const from = args.after ? position(args.after, 'after') + 1 : 0;
    const to = args.before ? position(args.before, 'before') : sorted.length;
    let window = sorted.slice(from, Math.max(from, to)).filter(visible);
    const total = window.length;
    if (first !== undefined) window = window.slice(0, first);
    if (last !== undefined) window = window.slice(Math.max(0, window.length - last));
    nodes = window;
    hasNextPage = first !== undefined ? total > first : to < sorted.length;
    hasPreviousPage = last !== undefined ? total > nodes.length : from > 0;
  }
  return {
    nodes,
    edges: nodes.map((node) => ({ cursor: node.id, node })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: nodes[0]?.id ?? null,
      endCursor: nodes[nodes.length - 1]?.id ?? null,
    },
  };
}
