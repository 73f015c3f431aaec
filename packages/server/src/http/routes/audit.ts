/**
 * GET /api/v1/audit — the audit log of the calling application (audit/audit-log.ts): every execute
 * and search the service ran for its connectors, newest first, a page at a time.
 *
 * Application tokens only: the log spans every external user of the application, which a scoped
 * token (one user's, possibly held by an agent) must not read. Rows of other applications are
 * never part of a query (the application id comes from the token, never from the request).
 */
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AuditLog } from '../../audit/audit-log.js';
import { isDate } from '@switchyard/runtime/internal';
import { FIRST_STORABLE_TIME, LAST_STORABLE_TIME } from '../../store/sql-text.js';
import { rejectIssues } from '../../tenancy/input-rules.js';
import { principalOf } from '../auth-hook.js';
import { EXTERNAL_USER_ID_SCHEMA, PROBLEM_RESPONSES } from '../schemas.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

// RFC 3339 date-time with an offset; the calendar (day of month) is checked in parseTime.
const TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d+)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

const TIME_SCHEMA = {
  type: 'string',
  maxLength: 64,
  description: 'RFC 3339 date-time with an offset, e.g. 2025-01-31T09:00:00Z',
} as const;

const AUDIT_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    external_user_id: EXTERNAL_USER_ID_SCHEMA,
    connector_id: { type: 'string', minLength: 1, maxLength: 200, [TEXT_KEYWORD]: true },
    since: TIME_SCHEMA,
    until: TIME_SCHEMA,
    limit: {
      type: 'string',
      pattern: '^[0-9]{1,4}$',
      description: `Rows per page, 1 to ${AUDIT_MAX_LIMIT} (default ${AUDIT_DEFAULT_LIMIT})`,
    },
    cursor: { type: 'string', minLength: 1, maxLength: 4096, description: 'The next_cursor of the previous page' },
  },
} as const;

type AuditQuery = FromSchema<typeof AUDIT_QUERY_SCHEMA>;

const AUDIT_ROW_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'occurred_at',
    'external_user_id',
    'connector_id',
    'connector_type',
    'entity',
    'action',
    'intent',
    'outcome',
    'error_class',
    'duration_ms',
    'channel',
    'token_kind',
  ],
  properties: {
    id: { type: 'string' },
    occurred_at: { type: 'string', format: 'date-time', description: 'When the call started' },
    external_user_id: { type: 'string', description: "The connector's owner: the external user the call acted for" },
    connector_id: { type: 'string' },
    connector_type: { type: 'string' },
    entity: { type: 'string' },
    action: { type: 'string' },
    intent: { type: ['string', 'null'], description: "The caller's stated reason (x-switchyard-intent, or an MCP tool call's intent)" },
    outcome: { type: 'string', description: '`ok`, or the problem code the call answered with (validation_failed, connector_error, …)' },
    error_class: { type: ['string', 'null'], description: 'connector_error: the runtime error class (RateLimitError, NotFoundError, …)' },
    duration_ms: { type: 'integer' },
    channel: {
      type: 'string',
      enum: ['http', 'mcp'],
      description: 'http: the execute endpoint (SDK, CLI, any client); mcp: the /mcp endpoint',
    },
    token_kind: { type: 'string', enum: ['application', 'scoped'] },
  },
} as const;

export function registerAuditRoutes(app: FastifyInstance, audit: AuditLog): void {
  app.get<{ Querystring: AuditQuery }>(
    '/api/v1/audit',
    {
      config: { auth: 'application' },
      schema: {
        tags: ['audit'],
        summary: "Read the application's audit log",
        description:
          'Every execute and search the service ran for this application, newest first: when, for whom, which connector and entity.action, ' +
          "the caller's intent, the outcome and the duration; never the params or the result. Application tokens only (403 for a scoped token). " +
          'Filters combine; `since` is inclusive, `until` exclusive. Pass `next_cursor` back as `cursor` (with the same filters) for the next page. ' +
          'Rows are written a fraction of a second after the call ends, and kept for the operator’s retention (SWITCHYARD_AUDIT_RETENTION_DAYS, default 90 days).',
        security: [{ bearer: [] }],
        querystring: AUDIT_QUERY_SCHEMA,
        response: {
          200: {
            type: 'object',
            required: ['data', 'next_cursor'],
            properties: { data: { type: 'array', items: AUDIT_ROW_SCHEMA }, next_cursor: { type: ['string', 'null'] } },
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const query = request.query;
      const since = parseTime('since', query.since);
      const until = parseTime('until', query.until);
      const limit = query.limit === undefined ? AUDIT_DEFAULT_LIMIT : Number(query.limit);
      rejectIssues('audit query', [
        limit < 1 || limit > AUDIT_MAX_LIMIT ? { path: 'limit', rule: 'range', message: `must be from 1 to ${AUDIT_MAX_LIMIT}` } : null,
        since && until && since.getTime() >= until.getTime()
          ? { path: 'until', rule: 'after-since', message: 'must be later than since' }
          : null,
      ]);
      return audit.list(principal.applicationId, {
        externalUserId: query.external_user_id,
        connectorId: query.connector_id,
        since,
        until,
        limit,
        cursor: query.cursor,
      });
    },
  );
}

/**
 * An RFC 3339 time as a Date, rounded up to the millisecond the log stores (so `since` stays
 * inclusive and `until` exclusive of exactly the rows they name); a day the month does not have
 * is refused rather than rolled over into the next month.
 */
function parseTime(path: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const match = TIME.exec(value);
  const refuse = (message: string) => rejectIssues('audit query', [{ path, rule: 'date-time', message }]);
  if (!match) {
    refuse('must be an RFC 3339 date-time with an offset, e.g. 2025-01-31T09:00:00Z');
    return undefined;
  }
  // The date part against the calendar the parameters' `date` format uses (string-formats.ts).
  if (!isDate(value.slice(0, 10))) refuse(`names a day that does not exist (${match[1]}-${match[2]}-${match[3]})`);
  const fraction = match[7] ?? '';
  const digits = fraction.slice(1).padEnd(3, '0');
  // Integer arithmetic: 0.123 * 1000 is not 123 in floating point.
  const ms = Number(digits.slice(0, 3)) + (/[1-9]/.test(digits.slice(3)) ? 1 : 0);
  const time = Date.parse(value.replace(fraction, '')) + ms;
  // RFC 3339 writes years 0000 to 9999, and an offset can carry a time past either end; PostgreSQL
  // reads no year 0000 (its calendar goes from 1 BC to AD 1), so the log's range is what both read.
  if (!(time >= FIRST_STORABLE_TIME && time <= LAST_STORABLE_TIME))
    refuse(`names a time outside ${new Date(FIRST_STORABLE_TIME).toISOString()} to ${new Date(LAST_STORABLE_TIME).toISOString()}`);
  return new Date(time);
}
