/**
 * Intercom 2.11 read endpoints over the in-memory workspace. Every request needs
 * `Authorization: Bearer <token>` (else 401 `unauthorized`, without rate-limit headers, as
 * Intercom does for unauthenticated calls); authenticated answers carry `X-RateLimit-*` and
 * `X-Request-Id`. Errors use Intercom's `error.list` envelope.
 */
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import type { Random } from '../shared/random.js';
import { errorReply, requestIdFrom } from './errors.js';
import { cursorPages, isInvalid, readCursorPage, readPageNumber, readPerPage, type Invalid } from './paging.js';
import type { IntercomData, Json } from './types.js';

export interface IntercomHandlerOptions {
  data: IntercomData;
  accessToken: string;
  rng: Random;
  /** Rate-limit state shared with the fake's controls. */
  limits: RateLimitState;
}

export interface RateLimitState {
  /** Requests allowed per 10-second window, as the headers report it (Intercom shows the 10 s share of its per-minute limit). */
  perWindow: number;
  remaining: number;
  windowEndsS: number;
  /** Requests still to throttle (429) before answering normally again. */
  throttle: number;
  /** Seconds from now that a throttled answer's X-RateLimit-Reset names. */
  throttleResetS: number;
}

const nowS = () => Math.floor(Date.now() / 1000);

function rateHeaders(limits: RateLimitState): Record<string, string> {
  const now = nowS();
  if (now >= limits.windowEndsS) {
    limits.windowEndsS = now + 10;
    limits.remaining = limits.perWindow;
  }
  limits.remaining = Math.max(0, limits.remaining - 1);
  return {
    'x-ratelimit-limit': String(limits.perWindow),
    'x-ratelimit-remaining': String(limits.remaining),
    'x-ratelimit-reset': String(limits.windowEndsS),
  };
}

export function createIntercomHandler({ data, accessToken, rng, limits }: IntercomHandlerOptions): Handler {
  const byId = (rows: Json[]) => new Map(rows.map((r) => [String(r['id']), r]));
  const index = {
    contacts: byId(data.contacts),
    conversations: byId(data.conversations),
    companies: byId(data.companies),
    teams: byId(data.teams),
    admins: byId(data.admins),
    tags: byId(data.tags),
    segments: byId(data.segments),
  };

  const invalid = (requestId: string, problem: Invalid): Reply => errorReply(400, requestId, problem.code, problem.message, problem.field);

  return (req: RecordedRequest): Reply => {
    const requestId = requestIdFrom(rng);
    if (req.headers['authorization'] !== `Bearer ${accessToken}`) {
      return errorReply(401, requestId, 'unauthorized', 'Access Token Invalid');
    }
    if (limits.throttle > 0) {
      limits.throttle -= 1;
      const reply = errorReply(429, requestId, 'rate_limit_exceeded', 'You have exceeded the rate limit. Please try again later.');
      return {
        ...reply,
        headers: {
          ...reply.headers,
          'x-ratelimit-limit': String(limits.perWindow),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(nowS() + limits.throttleResetS),
        },
      };
    }
    const reply = route(req, requestId);
    return { ...reply, headers: { 'x-request-id': requestId, ...rateHeaders(limits), ...reply.headers } };
  };

  function route(req: RecordedRequest, requestId: string): Reply {
    const notFound = (message = 'Resource Not Found') => errorReply(404, requestId, 'not_found', message);
    if (req.method !== 'GET') return notFound();
    const [, collection, id, extra] = req.path.split('/');
    if (extra !== undefined || collection === undefined) return notFound();
    if (id !== undefined) {
      const table = (index as Record<string, Map<string, Json> | undefined>)[collection];
      const row = table?.get(decodeURIComponent(id));
      if (!table) return notFound();
      if (!row) return notFound(NOT_FOUND_MESSAGES[collection] ?? 'Resource Not Found');
      if (collection === 'conversations') return { body: withParts(row) };
      return { body: row };
    }
    switch (collection) {
      case 'contacts':
        return cursorList(req, requestId, data.contacts, 50, (rows, pages) => ({
          type: 'list',
          data: rows,
          total_count: data.contacts.length,
          pages,
        }));
      case 'conversations':
        return cursorList(req, requestId, data.conversations, 20, (rows, pages) => ({
          type: 'conversation.list',
          pages,
          total_count: data.conversations.length,
          conversations: rows,
        }));
      case 'companies':
        return companies(req, requestId);
      case 'teams':
        return { body: { type: 'team.list', teams: data.teams } };
      case 'admins':
        return { body: { type: 'admin.list', admins: data.admins } };
      case 'tags':
        return { body: { type: 'list', data: data.tags } };
      case 'segments': {
        const withCount = one(req.query['include_count']) === 'true';
        const segments = withCount
          ? data.segments.map((s) => ({ ...s, count: data.segmentCounts.get(String(s['id'])) ?? 0 }))
          : data.segments;
        return { body: { type: 'segment.list', segments } };
      }
      default:
        return notFound();
    }
  }

  function cursorList(
    req: RecordedRequest,
    requestId: string,
    rows: Json[],
    defaultPerPage: number,
    shape: (rows: Json[], pages: Json) => Json,
  ): Reply {
    const perPage = readPerPage(req.query, defaultPerPage);
    if (isInvalid(perPage)) return invalid(requestId, perPage);
    const at = readCursorPage(req.query, rows, perPage);
    if (isInvalid(at)) return invalid(requestId, at);
    return { body: shape(rows.slice(at.offset, at.offset + at.perPage), cursorPages(at, rows)) };
  }

  /** Page-number paging; companies without contacts are not listed (Intercom's documented behaviour). */
  function companies(req: RecordedRequest, requestId: string): Reply {
    const perPage = readPerPage(req.query, 15);
    if (isInvalid(perPage)) return invalid(requestId, perPage);
    const page = readPageNumber(req.query);
    if (isInvalid(page)) return invalid(requestId, page);
    const listed = data.companies.filter((c) => (c['user_count'] as number) > 0);
    const rows = listed.slice((page - 1) * perPage, page * perPage);
    return {
      body: {
        type: 'list',
        data: rows,
        pages: { type: 'pages', next: null, page, per_page: perPage, total_pages: Math.ceil(listed.length / perPage) },
        total_count: listed.length,
      },
    };
  }

  function withParts(conversation: Json): Json {
    const parts = data.conversationParts.get(String(conversation['id'])) ?? [];
    return {
      ...conversation,
      conversation_parts: { type: 'conversation_part.list', conversation_parts: parts.slice(-500), total_count: parts.length },
    };
  }
}

const NOT_FOUND_MESSAGES: Record<string, string> = {
  contacts: 'User Not Found',
  companies: 'Company Not Found',
  teams: 'Team not found',
  admins: 'Admin not found',
  tags: 'Tag not found',
  segments: 'Segment not found',
};
