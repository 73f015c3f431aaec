/**
 * Zendesk Support API v2 endpoints over the in-memory account, under `/api/v2` (paths with or
 * without `.json`). Reads page by cursor (see paging.ts); ticket writes are in writes.ts; the
 * attachment redirect and storage host in files.ts. Every answer carries Zendesk's rate-limit
 * headers and an `x-request-id`; errors use Zendesk's body `{"error", "description", "details"}`.
 */
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { attachmentRedirect } from './files.js';
import { isFailure, pageOf } from './paging.js';
import { matchesNamed, matchesTicket, parseQuery, SearchSyntaxError } from './search.js';
import type { Json, ZendeskData } from './types.js';
import { createTicket, updateTicket, type WriteContext } from './writes.js';

export interface ZendeskHandlerOptions {
  data: () => ZendeskData;
  write: () => WriteContext;
  /** Accepted Token credentials: Basic `{email}/token:{apiToken}`. */
  email: string;
  apiToken: string;
  /** Accepted OAuth access token (Bearer). */
  accessToken: string;
  origin: () => string;
  storageOrigin: () => string;
  /** Content URLs are on this host and need the account's credentials (else on the attachment host). */
  attachmentsOnApiHost: boolean;
}

type Query = Record<string, string | string[]>;
type Filter = (q: Query) => ((row: Json) => boolean) | undefined;

const NOT_FOUND: Reply = { status: 404, body: { error: 'RecordNotFound', description: 'Not found' } };
const UNAUTHORIZED: Reply = { status: 401, body: { error: "Couldn't authenticate you" } };

interface Collection {
  key: string;
  single: string;
  rows: (d: ZendeskData) => Json[];
  filters?: Filter[];
  /** Sort values accepted in cursor mode, besides the default `id`. */
  sorts?: string[];
}

const flag =
  (param: string, read: (row: Json) => unknown): Filter =>
  (q) => {
    const raw = one(q[param]);
    if (raw !== 'true' && raw !== 'false') return undefined;
    return (row) => Boolean(read(row)) === (raw === 'true');
  };
const equals =
  (param: string, read: (row: Json) => unknown): Filter =>
  (q) => {
    const raw = one(q[param]);
    return raw === undefined ? undefined : (row) => String(read(row) ?? '') === raw;
  };

const COLLECTIONS: Record<string, Collection> = {
  tickets: {
    key: 'tickets',
    single: 'ticket',
    rows: (d) => d.tickets,
    sorts: ['created_at', 'updated_at'],
    filters: [
      equals('external_id', (t) => t.external_id),
      (q) => {
        const raw = one(q.start_time);
        if (raw === undefined) return undefined;
        return (t) => (t.generated_timestamp as number) >= Number(raw);
      },
    ],
  },
  users: {
    key: 'users',
    single: 'user',
    rows: (d) => d.users,
    filters: [
      equals('role', (u) => u.role),
      equals('permission_set', (u) => u.custom_role_id),
      equals('external_id', (u) => u.external_id),
    ],
  },
  organizations: { key: 'organizations', single: 'organization', rows: (d) => d.organizations },
  groups: {
    key: 'groups',
    single: 'group',
    rows: (d) => d.groups,
    filters: [(q) => (one(q.exclude_deleted) === 'true' ? (g) => !g.deleted : undefined)],
  },
  ticket_fields: { key: 'ticket_fields', single: 'ticket_field', rows: (d) => d.ticketFields },
  brands: { key: 'brands', single: 'brand', rows: (d) => d.brands },
  views: {
    key: 'views',
    single: 'view',
    rows: (d) => d.views,
    filters: [
      flag('active', (v) => v.active),
      equals('group_id', (v) => (v.restriction as Json | null)?.id),
      (q) => {
        const raw = one(q.access);
        if (raw === undefined) return undefined;
        return (v) =>
          raw === 'account'
            ? v.restriction === null
            : raw === 'shared'
              ? (v.restriction as Json | null)?.type === 'Group'
              : (v.restriction as Json | null)?.type === 'User';
      },
    ],
  },
  macros: {
    key: 'macros',
    single: 'macro',
    rows: (d) => d.macros,
    filters: [
      flag('active', (m) => m.active),
      equals('group_id', (m) => (m.restriction as Json | null)?.id),
      (q) => {
        const raw = one(q.access);
        if (raw === undefined) return undefined;
        return (m) =>
          raw === 'account'
            ? m.restriction === null
            : raw === 'shared'
              ? (m.restriction as Json | null)?.type === 'Group'
              : (m.restriction as Json | null)?.type === 'User';
      },
    ],
  },
  satisfaction_ratings: { key: 'satisfaction_ratings', single: 'satisfaction_rating', rows: (d) => d.satisfactionRatings },
};

export function createZendeskHandler(options: ZendeskHandlerOptions): Handler {
  const basic = `Basic ${Buffer.from(`${options.email}/token:${options.apiToken}`).toString('base64')}`;
  const bearer = `Bearer ${options.accessToken}`;
  let requests = 0;
  // Zendesk's account-wide limit per minute, reported on every answer.
  let windowStart = Date.now();
  let used = 0;

  return (req: RecordedRequest): Reply => {
    requests += 1;
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    const headers: Record<string, string> = {
      'x-request-id': `8a1f${requests.toString(16).padStart(8, '0')}-ZD`,
      'x-rate-limit': '700',
      'x-rate-limit-remaining': String(Math.max(0, 700 - used)),
      'ratelimit-limit': '700',
      'ratelimit-remaining': String(Math.max(0, 700 - used)),
      'ratelimit-reset': String(Math.max(1, 60 - Math.floor((now - windowStart) / 1000))),
    };
    const auth = req.headers.authorization;
    const authorized = auth === basic || auth === bearer;
    if (options.attachmentsOnApiHost && req.path.startsWith('/attachments/token/')) {
      const reply = attachmentRedirect(options.data(), options.storageOrigin(), req, authorized);
      return { ...reply, headers: { ...headers, ...reply.headers } };
    }
    if (!authorized) return { ...UNAUTHORIZED, headers };
    const reply = route(req, options);
    return { ...reply, headers: { ...headers, ...reply.headers } };
  };
}

function route(req: RecordedRequest, options: ZendeskHandlerOptions): Reply {
  const data = options.data();
  const path = req.path.replace(/\.json$/, '');
  const m = /^\/api\/v2\/([a-z_]+)(?:\/([^/]+))?(?:\/([a-z_]+))?\/?$/.exec(path);
  if (!m) return NOT_FOUND;
  const [, resource, id, sub] = m;
  const self = `${options.origin()}${req.path}`;

  if (resource === 'search' && id === 'export' && req.method === 'GET') return searchExport(req, data, self);
  if (resource === 'attachments' && id !== undefined && sub === undefined && req.method === 'GET') {
    const attachment = data.attachments.get(Number(id));
    return attachment ? { body: { attachment } } : NOT_FOUND;
  }
  if (resource === 'tickets' && id !== undefined && sub === 'comments' && req.method === 'GET') {
    const comments = data.comments.get(Number(id));
    if (!comments) return NOT_FOUND;
    const rows = one(req.query.include_inline_images) === 'true' ? comments : comments.map(withoutInline);
    return paged(rows, 'comments', req.query, self, 'created_at');
  }
  if (resource === 'tickets' && id === undefined && req.method === 'POST') return createTicket(options.write(), req.body);
  if (resource === 'tickets' && id !== undefined && sub === undefined && req.method === 'PUT') {
    const ticket = data.tickets.find((t) => t.id === Number(id));
    return ticket ? updateTicket(options.write(), ticket, req.body) : NOT_FOUND;
  }

  const collection = resource ? COLLECTIONS[resource] : undefined;
  if (!collection || sub !== undefined || req.method !== 'GET') return NOT_FOUND;
  const rows = collection.rows(data);
  if (id !== undefined) {
    if (!/^\d+$/.test(id)) return NOT_FOUND;
    const row = rows.find((r) => r.id === Number(id));
    return row ? { body: { [collection.single]: row } } : NOT_FOUND;
  }
  const predicates = (collection.filters ?? []).map((make) => make(req.query)).filter((p) => p !== undefined);
  const matching = predicates.length ? rows.filter((row) => predicates.every((p) => p(row))) : rows;
  const sort = one(req.query.sort) ?? 'id';
  const field = sort.replace(/^-/, '');
  if (field !== 'id' && !(collection.sorts ?? []).includes(field)) {
    return { status: 400, body: { error: 'InvalidPaginationParameter', description: `sort is not valid: ${sort}` } };
  }
  return paged(sortRows(matching, field, sort.startsWith('-')), collection.key, req.query, self, sort);
}

function paged(rows: Json[], key: string, query: Query, self: string, sort: string, maxSize = 100): Reply {
  const page = pageOf(rows, key, query, self, sort, maxSize);
  return isFailure(page) ? { status: page.status, body: page.body } : { body: page.body };
}

function sortRows(rows: Json[], field: string, descending: boolean): Json[] {
  const sorted = [...rows].sort((a, b) => {
    const x = field === 'id' ? (a.id as number) : Date.parse(String(a[field]));
    const y = field === 'id' ? (b.id as number) : Date.parse(String(b[field]));
    return x - y || (a.id as number) - (b.id as number);
  });
  return descending ? sorted.reverse() : sorted;
}

function withoutInline(comment: Json): Json {
  const attachments = comment.attachments as Json[];
  return attachments.some((a) => a.inline) ? { ...comment, attachments: attachments.filter((a) => !a.inline) } : comment;
}

/** `GET /search/export`: filter[type] required, no type: in the query, results newest first, cursor paging up to 1000. */
function searchExport(req: RecordedRequest, data: ZendeskData, self: string): Reply {
  const query = one(req.query.query);
  const type = one(req.query['filter[type]']);
  if (!query) return { status: 400, body: { error: 'invalid', description: 'query is required' } };
  if (!type || !['ticket', 'user', 'organization', 'group'].includes(type)) {
    return { status: 400, body: { error: 'invalid', description: 'filter[type] must be one of ticket, user, organization or group' } };
  }
  if (one(req.query['page[size]']) === undefined) {
    return {
      status: 400,
      body: { error: 'invalid', description: 'page[size] is required: the export endpoint only supports cursor pagination' },
    };
  }
  let terms;
  try {
    terms = parseQuery(query);
  } catch (error) {
    if (error instanceof SearchSyntaxError) return { status: 400, body: { error: 'invalid', description: error.message } };
    throw error;
  }
  const source =
    type === 'ticket' ? data.tickets : type === 'user' ? data.users : type === 'organization' ? data.organizations : data.groups;
  const match = type === 'ticket' ? (row: Json) => matchesTicket(row, terms) : (row: Json) => matchesNamed(row, terms);
  const results = sortRows(source.filter(match), 'created_at', true).map((row) => ({ ...row, result_type: type }));
  const page = pageOf(results, 'results', req.query, self, `export:${type}:${query}`, 1000);
  if (isFailure(page)) return { status: page.status, body: page.body };
  return { body: { ...page.body, facets: null } };
}
