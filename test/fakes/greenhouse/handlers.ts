/**
 * Harvest v1 read endpoints over the in-memory organisation. Lists are ordered by id and paged
 * by page number; filters follow the documentation (`*_after` inclusive, `*_before` exclusive,
 * timestamps in ISO-8601, an unknown application `status` yields an empty list, not an error).
 */
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { one } from '../harness.js';
import { linkHeader, readPaging, type ValidationFailure } from './paging.js';
import type { GreenhouseData, Json } from './types.js';

export interface GreenhouseHandlerOptions {
  data: GreenhouseData;
  apiKey: string;
  /** The fake's own origin, for Link headers (known only once the server listens). */
  baseUrl: () => string;
}

type Query = Record<string, string | string[]>;
/** Returns a predicate, undefined when the filter is absent, or a validation failure. */
type Filter = (q: Query) => ((row: Json) => boolean) | undefined | ValidationFailure;

interface Resource {
  rows: (data: GreenhouseData) => Json[];
  filters: Filter[];
  /** Shapes a record for the list (and, unless `single` is given, for GET by id). */
  view?: (row: Json, q: Query, data: GreenhouseData) => Json;
  single?: (row: Json, q: Query, data: GreenhouseData) => Json;
}

const NOT_FOUND: Reply = { status: 404, body: { message: 'Resource not found' } };

// ---- filter builders -----------------------------------------------------------------------

function time(field: string, param: string, op: 'after' | 'before', read: (row: Json) => unknown = (row) => row[field]): Filter {
  return (q) => {
    const raw = one(q[param]);
    if (raw === undefined) return undefined;
    const limit = Date.parse(raw);
    if (Number.isNaN(limit)) return { message: `${param} must be a valid ISO-8601 timestamp`, field: param };
    return (row) => {
      const value = read(row);
      if (typeof value !== 'string') return false;
      const t = Date.parse(value);
      return op === 'after' ? t >= limit : t < limit;
    };
  };
}

function createdUpdated(createdField = 'created_at'): Filter[] {
  return [
    time(createdField, 'created_after', 'after'),
    time(createdField, 'created_before', 'before'),
    time('updated_at', 'updated_after', 'after'),
    time('updated_at', 'updated_before', 'before'),
  ];
}

function flag(param: string, test: (row: Json, wanted: boolean) => boolean): Filter {
  return (q) => {
    const raw = one(q[param]);
    if (raw !== 'true' && raw !== 'false') return undefined;
    return (row) => test(row, raw === 'true');
  };
}

function equals(param: string, read: (row: Json) => unknown): Filter {
  return (q) => {
    const raw = one(q[param]);
    if (raw === undefined) return undefined;
    return (row) => String(read(row) ?? '') === raw;
  };
}

function idIn(param: string, read: (row: Json) => unknown[]): Filter {
  return (q) => {
    const raw = one(q[param]);
    if (raw === undefined) return undefined;
    const id = Number(raw);
    return (row) => read(row).includes(id);
  };
}

const jobIds = (row: Json) => (row.jobs as Json[]).map((j) => j.id);
const when = (slot: unknown): string | undefined => {
  const s = slot as { date_time?: string; date?: string } | null;
  return s?.date_time ?? s?.date;
};

// ---- resources -----------------------------------------------------------------------------

function buildResources(data: GreenhouseData): Record<string, Resource> {
  const candidateJobs = new Map<unknown, Set<unknown>>();
  const jobsOfCandidate = (row: Json): Set<unknown> => {
    let set = candidateJobs.get(row.id);
    if (!set) {
      // Prospects on the job are not included, per the docs.
      set = new Set((row.applications as Json[]).filter((a) => !a.prospect).flatMap(jobIds));
      candidateJobs.set(row.id, set);
    }
    return set;
  };
  return {
    candidates: {
      rows: (d) => d.candidates,
      filters: [
        ...createdUpdated(),
        (q) => {
          const raw = one(q.job_id);
          return raw === undefined ? undefined : (row) => jobsOfCandidate(row).has(Number(raw));
        },
        (q) => {
          const raw = one(q.email)?.toLowerCase();
          return raw === undefined
            ? undefined
            : (row) => (row.email_addresses as Json[]).some((e) => String(e.value).toLowerCase() === raw);
        },
        (q) => {
          // email wins over candidate_ids, and at most 50 ids are honoured.
          const raw = one(q.candidate_ids);
          if (raw === undefined || one(q.email) !== undefined) return undefined;
          const ids = new Set(
            raw
              .split(',')
              .slice(0, 50)
              .map((s) => Number(s.trim())),
          );
          return (row) => ids.has(row.id as number);
        },
      ],
    },
    applications: {
      rows: (d) => d.applications,
      filters: [
        // Applications have no created_at: "created" means applied_at.
        time('applied_at', 'created_after', 'after'),
        time('applied_at', 'created_before', 'before'),
        time('last_activity_at', 'last_activity_after', 'after'),
        idIn('job_id', jobIds),
        equals('status', (row) => row.status),
      ],
    },
    jobs: {
      rows: (d) => d.jobs,
      filters: [
        ...createdUpdated(),
        equals('status', (row) => row.status),
        equals('requisition_id', (row) => row.requisition_id),
        idIn('department_id', (row) => (row.departments as Json[]).map((x) => x.id)),
        idIn('office_id', (row) => (row.offices as Json[]).map((x) => x.id)),
      ],
    },
    offers: {
      rows: (d) => d.offers,
      filters: [
        ...createdUpdated(),
        time('resolved_at', 'resolved_after', 'after'),
        equals('status', (row) => row.status),
        time('starts_at', 'starts_before', 'before'),
        time('starts_at', 'starts_after', 'after'),
      ],
    },
    users: {
      rows: (d) => d.users,
      filters: [
        ...createdUpdated(),
        (q) => {
          const raw = one(q.email)?.toLowerCase();
          return raw === undefined ? undefined : (row) => (row.emails as string[]).some((e) => e.toLowerCase() === raw);
        },
      ],
      view: ({ custom_fields: _cf, keyed_custom_fields: _kcf, ...rest }) => rest,
      single: (row) => row,
    },
    departments: { rows: (d) => d.departments, filters: [equals('external_id', (row) => row.external_id)] },
    offices: { rows: (d) => d.offices, filters: [equals('external_id', (row) => row.external_id)] },
    job_posts: {
      rows: (d) => d.jobPosts,
      filters: [
        ...createdUpdated(),
        flag('live', (row, wanted) => !wanted || row.live === true),
        flag('active', (row, wanted) => row.active === wanted),
        flag('internal', (row, wanted) => row.internal === wanted),
      ],
      view: (row, q, d) => (one(q.full_content) === 'true' ? { ...row, ...d.fullContent.get(row.id as number) } : row),
    },
    sources: { rows: (d) => d.sources, filters: [] },
    scheduled_interviews: {
      rows: (d) => d.scheduledInterviews,
      filters: [
        ...createdUpdated(),
        time('start', 'starts_after', 'after', (row) => when(row.start)),
        time('start', 'starts_before', 'before', (row) => when(row.start)),
        time('end', 'ends_after', 'after', (row) => when(row.end)),
        time('end', 'ends_before', 'before', (row) => when(row.end)),
        equals('external_event_id', (row) => row.external_event_id),
        flag('actionable', (row, wanted) => {
          if (!wanted) return true;
          const app = data.applications.find((a) => a.id === row.application_id);
          return (
            data.harvestCreatedInterviews.has(row.id as number) &&
            (row.status === 'scheduled' || row.status === 'awaiting_feedback') &&
            app?.status === 'active'
          );
        }),
      ],
    },
  };
}

// ---- handler -------------------------------------------------------------------------------

export function createGreenhouseHandler(options: GreenhouseHandlerOptions): Handler {
  const { data } = options;
  const resources = buildResources(data);
  const expected = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  // Harvest allows a number of requests per 10 seconds and reports what is left on every answer.
  let windowStart = Date.now();
  let used = 0;
  const rateHeaders = (): Record<string, string> => {
    const now = Date.now();
    if (now - windowStart >= 10_000) {
      windowStart = now;
      used = 0;
    }
    used += 1;
    return { 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': String(Math.max(0, 50 - used)) };
  };

  return (req: RecordedRequest): Reply => {
    if (!isAuthorized(req.headers.authorization, expected)) return { status: 401, body: { message: 'Invalid Basic Auth credentials' } };
    const headers = rateHeaders();
    const reply = route(req, resources, data, options.baseUrl());
    return { ...reply, headers: { ...headers, ...reply.headers } };
  };
}

/** Basic auth with the key as username and an EMPTY password (`base64("key:")`). */
function isAuthorized(header: string | undefined, expected: string): boolean {
  if (!header) return false;
  const [scheme, token] = header.trim().split(/\s+/, 2);
  if (!scheme || scheme.toLowerCase() !== 'basic' || !token) return false;
  return `Basic ${token}` === expected;
}

function route(req: RecordedRequest, resources: Record<string, Resource>, data: GreenhouseData, baseUrl: string): Reply {
  const match = /^\/v1\/([a-z_]+)(?:\/([^/]+))?\/?$/.exec(req.path);
  const resource = match ? resources[match[1]!] : undefined;
  if (!match || !resource || req.method !== 'GET') return NOT_FOUND;
  // Harvest refuses GET requests that carry a body.
  if (req.rawBody.length > 0) return { status: 403, body: { message: 'GET requests must not include a request body' } };
  const rows = resource.rows(data);
  const id = match[2];
  if (id !== undefined) {
    if (!/^\d+$/.test(id)) return NOT_FOUND;
    const row = rows.find((r) => r.id === Number(id));
    if (!row || match[1] === 'sources') return NOT_FOUND;
    const view = resource.single ?? resource.view;
    return { body: view ? view(row, req.query, data) : row };
  }

  const paging = readPaging(req.query);
  if ('field' in paging) return validation([paging]);
  const predicates: Array<(row: Json) => boolean> = [];
  const failures: ValidationFailure[] = [];
  for (const make of resource.filters) {
    const result = make(req.query);
    if (result === undefined) continue;
    if (typeof result === 'function') predicates.push(result);
    else failures.push(result);
  }
  if (failures.length) return validation(failures);
  const matching = predicates.length ? rows.filter((row) => predicates.every((p) => p(row))) : rows;
  const start = (paging.page - 1) * paging.perPage;
  const page = matching.slice(start, start + paging.perPage);
  const body = resource.view ? page.map((row) => resource.view!(row, req.query, data)) : page;
  const link = linkHeader(`${baseUrl}${req.path}`, req.query, paging, matching.length, one(req.query.skip_count) === 'true');
  return { body, headers: link ? { link } : {} };
}

function validation(errors: ValidationFailure[]): Reply {
  return { status: 422, body: { message: 'Validation error', errors } };
}
