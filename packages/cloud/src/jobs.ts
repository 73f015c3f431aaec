/**
 * Reading jobs from the public API: one job by id, and job lists paged past the server's 100-row
 * page. Offsets are computed here rather than following the server's `next` link, because `next`
 * is an absolute URL the server builds and can bypass a custom root or a proxy.
 */
import type { Platform } from './internal/platform.js';
import type { JobRow, JobType } from './types.js';

/** The platform's maximum `limit` on `GET /jobs`. */
export const MAX_JOBS_PAGE = 100;

export interface ListJobsQuery {
  connectionId: string;
  limit: number;
  offset: number;
  /** true: newest first (`createdAt|DESC`); false: oldest first. Always sent: the server default is ascending. */
  newestFirst: boolean;
  /** undefined: every job type. */
  jobType: JobType | undefined;
  signal?: AbortSignal | undefined;
}

export async function listJobs(platform: Platform, query: ListJobsQuery): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  let offset = query.offset;
  while (rows.length < query.limit) {
    const pageSize = Math.min(query.limit - rows.length, MAX_JOBS_PAGE);
    const page = await platform.call<{ data?: unknown[]; next?: string }>({
      operation: 'cloud jobs.list',
      api: 'public',
      method: 'GET',
      path: '/jobs',
      query: {
        connectionId: query.connectionId,
        limit: pageSize,
        offset,
        orderBy: `createdAt|${query.newestFirst ? 'DESC' : 'ASC'}`,
        jobType: query.jobType,
      },
      idempotent: true,
      check: jobPageProblem,
      signal: query.signal,
    });
    const data = Array.isArray(page?.data) ? page.data : [];
    for (const raw of data) rows.push(toJobRow(raw));
    offset += data.length;
    // A short or empty page is the last one; `next` missing says the same.
    if (data.length < pageSize || !page?.next) break;
  }
  return rows.slice(0, query.limit);
}

export async function getJob(platform: Platform, jobId: number, signal?: AbortSignal): Promise<JobRow> {
  const raw = await platform.call({
    operation: 'cloud jobs.get',
    api: 'public',
    method: 'GET',
    path: '/jobs',
    id: { name: 'jobId', value: jobId },
    idempotent: true,
    check: jobRowProblem,
    signal,
  });
  return toJobRow(raw);
}

/** For `check` of every call answering one job row: names what the client cannot work with. */
export function jobRowProblem(raw: unknown): string | undefined {
  return readJobId(raw) === undefined ? 'a job without a usable jobId' : undefined;
}

function jobPageProblem(page: unknown): string | undefined {
  const data = (page as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined; // no rows: an empty page
  const index = data.findIndex((row) => jobRowProblem(row) !== undefined);
  return index === -1 ? undefined : `a job without a usable jobId at data[${index}]`;
}

/**
 * A row that passed jobRowProblem, normalised. Accepts unknown keys and missing optional ones;
 * job ids arrive as numbers or digit strings (int64 on the wire).
 */
export function toJobRow(raw: unknown): JobRow {
  const row = raw as Record<string, unknown>;
  return {
    ...row,
    jobId: readJobId(raw)!,
    status: typeof row['status'] === 'string' ? row['status'] : 'unknown',
    jobType: typeof row['jobType'] === 'string' ? row['jobType'] : 'sync',
    startTime: typeof row['startTime'] === 'string' ? row['startTime'] : '',
    connectionId: typeof row['connectionId'] === 'string' ? row['connectionId'] : '',
  } as JobRow;
}

function readJobId(raw: unknown): number | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const value = (raw as Record<string, unknown>)['jobId'];
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}
