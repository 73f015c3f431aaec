/**
 * Relay connections over in-memory arrays, with GitHub's rules: every connection whose nodes or
 * edges are read needs `first` or `last`, at most 100 (otherwise an error naming the connection,
 * as GitHub words it); cursors are opaque base64 strings that name a position in the ordered
 * collection. The arguments GitHub uses to filter and order (`states`, `refPrefix`, `orderBy`,
 * `ownerAffiliations`) are applied generically from the nodes' fields.
 */
import { GraphQLError } from 'graphql';
import type { Obj } from './data.js';

export const MAX_PAGE_SIZE = 100;

export interface Connection {
  totalCount: number;
  nodes: Obj[];
  edges: Obj[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

const ORDER_FIELDS: Record<string, string> = {
  CREATED_AT: 'createdAt',
  UPDATED_AT: 'updatedAt',
  NUMBER: 'number',
  ALPHABETICAL: 'name',
  NAME: 'name',
  STARRED_AT: 'starredAt',
  TAG_COMMIT_DATE: 'name',
};

export function githubError(type: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } });
}

export function cursorOf(position: number): string {
  return Buffer.from(`cursor:v2:${position}`).toString('base64');
}

function positionOf(cursor: string, connection: string): number {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^cursor:v2:(\d+)$/.exec(text);
  if (!match) throw githubError('INVALID_CURSOR_ARGUMENTS', `\`${cursor}\` does not appear to be a valid cursor.`);
  void connection;
  return Number(match[1]);
}

/** `owner` is the object the connection hangs off (for ownerAffiliations). */
export function connection(items: readonly Obj[], args: Record<string, any>, name: string, owner?: Obj): Connection {
  let rows = [...items];
  if (Array.isArray(args['states']) && args['states'].length) rows = rows.filter((row) => args['states'].includes(row['state']));
  if (typeof args['refPrefix'] === 'string') rows = rows.filter((row) => row['prefix'] === args['refPrefix']);
  if (Array.isArray(args['ownerAffiliations']) && args['ownerAffiliations'].length === 1 && args['ownerAffiliations'][0] === 'OWNER') {
    rows = rows.filter((row) => row['owner']?.['login'] === owner?.['login']);
  }
  const order = args['orderBy'] as { field?: string; direction?: string } | undefined;
  if (order?.field && ORDER_FIELDS[order.field]) {
    const key = ORDER_FIELDS[order.field]!;
    const sign = order.direction === 'DESC' ? -1 : 1;
    rows.sort((a, b) => {
      const x = a[key] ?? a['node']?.[key];
      const y = b[key] ?? b['node']?.[key];
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  }
  const first = args['first'] as number | null | undefined;
  const last = args['last'] as number | null | undefined;
  for (const [arg, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (value === null || value === undefined) continue;
    if (value < 0) throw githubError('INVALID_PAGINATION', `\`${arg}\` on the \`${name}\` connection cannot be less than zero.`);
    if (value > MAX_PAGE_SIZE) {
      throw githubError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${arg}\` limit of ${MAX_PAGE_SIZE} records.`,
      );
    }
  }
  const start = typeof args['after'] === 'string' ? positionOf(args['after'], name) + 1 : 0;
  const end = typeof args['before'] === 'string' ? positionOf(args['before'], name) : rows.length;
  let from = start;
  let to = Math.max(start, end);
  if (first !== null && first !== undefined) to = Math.min(to, from + first);
  else if (last !== null && last !== undefined) from = Math.max(from, to - last);
  const page = rows.slice(from, to).map((row, i) => ({ row, position: from + i }));
  const edges = page.map(({ row, position }) =>
    row['__edge'] ? { ...row, cursor: cursorOf(position) } : { cursor: cursorOf(position), node: row },
  );
  return {
    totalCount: rows.length,
    nodes: edges.map((edge) => edge['node'] as Obj),
    edges,
    pageInfo: {
      hasNextPage: to < Math.min(rows.length, end),
      hasPreviousPage: from > 0,
      startCursor: edges[0]?.['cursor'] ?? null,
      endCursor: edges.at(-1)?.['cursor'] ?? null,
    },
  };
}

/**
 * GitHub refuses to page a connection whose nodes or edges are read without `first` or `last`;
 * `totalCount` alone is fine. The resolver cannot see the sub-selection cheaply, so the handler
 * checks this statically (see limits.ts); here only the bounds are enforced.
 */
export function missingBoundary(name: string): GraphQLError {
  return githubError(
    'MISSING_PAGINATION_BOUNDARIES',
    `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
  );
}
