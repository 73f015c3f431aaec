/**
 * Reading the audit log: one page of an application's calls, newest first by (occurred_at, id),
 * walked through its segments (audit-segments.ts), with keyset cursors signed like the search
 * cursors (search/query/cursor.ts) and bound to the application and the filters, so a cursor
 * neither leaks into another application's log nor silently changes meaning with other filters.
 */
import { CursorCodec, InvalidCursorError } from '../search/query/cursor.js';
import { ServiceError } from '../service-error.js';
import type { SqlEngine, SqlParam } from '../store/sql-engine.js';
import { LAST_STORABLE_TIME } from '../store/sql-text.js';
import type { AuditPage, AuditQuery } from './audit-log.js';
import { newestFirst, rowId, SEGMENT_SPAN_MS, toView, type ReadRow, type SegmentRow, type StoredRow } from './audit-segments.js';

/**
 * Segments a read fetches in its first statement, doubled in each next one up to the most: a busy
 * service writes a segment of hundreds of rows five times a second, a quiet one a segment per call.
 */
const READ_FIRST_SEGMENTS = 4;
const READ_MOST_SEGMENTS = 64;

/** Where a walk through the segments goes on from: this segment, then the older ones. */
interface SegmentPosition {
  readonly newestAt: string;
  readonly id: string;
}

/** A row a read found, with the segment it came from and that segment's place in the walk. */
interface Found extends ReadRow {
  readonly segment: SegmentPosition;
  readonly walked: number;
}

/** A decoded cursor: the page's last row, and the segment the next page's walk starts from. */
interface AuditCursor {
  readonly at: number;
  readonly id: number;
  readonly resume: SegmentPosition;
}

/**
 * One page of the application's rows, newest first. The walk goes through the application's
 * segments by their newest row, backwards, a few at a time, skipping those the filters rule out
 * by their bounds and distinct ids; a row found is certain of its place once it is newer than
 * the newest row any segment not yet read can hold, and the walk stops when a page and one more
 * row are certain. The cursor names the page's last row and the first segment the page left rows
 * in, so the next page starts there instead of walking the newer segments again.
 */
export async function readAuditPage(engine: SqlEngine, cursors: CursorCodec, applicationId: string, query: AuditQuery): Promise<AuditPage> {
  const binding = JSON.stringify([
    'audit-segments',
    applicationId,
    query.externalUserId ?? null,
    query.connectorId ?? null,
    query.since?.toISOString() ?? null,
    query.until?.toISOString() ?? null,
  ]);
  const after = query.cursor === undefined ? undefined : decodeCursor(cursors, binding, query.cursor);
  const { params, where, wanted } = filtersOf(applicationId, query, after);

  const found: Found[] = [];
  let from: { position: SegmentPosition; inclusive: boolean } | undefined = after && { position: after.resume, inclusive: true };
  let walked = 0;
  for (let batch = READ_FIRST_SEGMENTS; ; batch = Math.min(batch * 2, READ_MOST_SEGMENTS)) {
    // Each statement its own parameters: the filters', then the walk's position.
    const statement = [...params];
    const conditions = [...where];
    if (from) {
      const newestAt = statement.push(from.position.newestAt);
      const id = statement.push(from.position.id);
      conditions.push(`(newest_at, id) ${from.inclusive ? '<=' : '<'} ($${newestAt}::timestamptz, $${id}::bigint)`);
    }
    const segments = await engine.query<SegmentRow>(
      `SELECT id, newest_at, rows FROM sy_audit_segments WHERE ${conditions.join(' AND ')}
       ORDER BY newest_at DESC, id DESC LIMIT ${batch}`,
      statement,
    );
    let position: SegmentPosition | undefined;
    for (const segment of segments) {
      const segmentId = Number(segment.id);
      const here = { newestAt: new Date(segment.newest_at).toISOString(), id: String(segment.id) };
      segment.rows.forEach((row, index) => {
        if (row === null) return;
        const id = rowId(segmentId, index);
        if (wanted(row[0], id, row)) found.push({ at: row[0], id, row, segment: here, walked });
      });
      walked += 1;
      position = here;
    }
    if (segments.length < batch || position === undefined) break;
    // No segment still to read holds a row newer than the last one read's newest.
    const unread = Date.parse(position.newestAt);
    if (found.filter((row) => row.at > unread).length > query.limit) break;
    from = { position, inclusive: false };
  }
  found.sort(newestFirst);
  const page = found.slice(0, query.limit);
  const left = found.slice(query.limit);
  const last = page.at(-1);
  if (left.length === 0 || last === undefined) return { data: page.map(toView), next_cursor: null };
  const resume = left.reduce((first, row) => (row.walked < first.walked ? row : first)).segment;
  return {
    data: page.map(toView),
    next_cursor: cursors.encode(binding, {
      keys: [new Date(last.at).toISOString(), resume.newestAt, resume.id],
      id: String(last.id),
    }),
  };
}

/**
 * The read's filters twice: as conditions on a segment's bounds and distinct ids (SQL, so the walk
 * skips what cannot match) and as a test of each call the walk decodes.
 */
function filtersOf(
  applicationId: string,
  query: AuditQuery,
  after: AuditCursor | undefined,
): { params: SqlParam[]; where: string[]; wanted: (at: number, id: number, row: StoredRow) => boolean } {
  const since = query.since?.getTime();
  const until = query.until?.getTime();
  const params: SqlParam[] = [applicationId];
  const bind = (value: string) => `$${params.push(value)}`;
  const where = ['application_id = $1'];
  if (query.externalUserId !== undefined) where.push(`external_user_ids @> ARRAY[${bind(query.externalUserId)}]::text[]`);
  if (query.connectorId !== undefined) where.push(`connector_ids @> ARRAY[${bind(query.connectorId)}]::text[]`);
  if (query.since !== undefined) where.push(`newest_at >= ${bind(query.since.toISOString())}::timestamptz`);
  if (query.until !== undefined) {
    // A segment's calls span less than SEGMENT_SPAN_MS, so one holding a call before `until` has
    // its newest before `until` plus that: the walk starts there, not at the newest segment.
    where.push(`oldest_at < ${bind(query.until.toISOString())}::timestamptz`);
    // Near the calendar's end the bound would leave it, and then it rules out nothing anyway.
    const newestBefore = query.until.getTime() + SEGMENT_SPAN_MS;
    if (newestBefore <= LAST_STORABLE_TIME) where.push(`newest_at < ${bind(new Date(newestBefore).toISOString())}::timestamptz`);
  }
  if (after !== undefined) where.push(`oldest_at <= ${bind(new Date(after.at).toISOString())}::timestamptz`);
  const wanted = (at: number, id: number, row: StoredRow) =>
    (query.externalUserId === undefined || row[1] === query.externalUserId) &&
    (query.connectorId === undefined || row[2] === query.connectorId) &&
    (since === undefined || at >= since) &&
    (until === undefined || at < until) &&
    (after === undefined || at < after.at || (at === after.at && id < after.id));
  return { params, where, wanted };
}

function decodeCursor(cursors: CursorCodec, binding: string, cursor: string): AuditCursor {
  try {
    const position = cursors.decode(binding, cursor, 3);
    const [at, newestAt, segmentId] = position.keys;
    const time = typeof at === 'string' ? Date.parse(at) : NaN;
    if (
      Number.isNaN(time) ||
      typeof newestAt !== 'string' ||
      Number.isNaN(Date.parse(newestAt)) ||
      typeof segmentId !== 'string' ||
      !/^\d+$/.test(segmentId) ||
      !/^\d+$/.test(position.id)
    ) {
      throw new InvalidCursorError('is not a cursor issued by this service');
    }
    return { at: time, id: Number(position.id), resume: { newestAt, id: segmentId } };
  } catch (error) {
    if (!(error instanceof InvalidCursorError)) throw error;
    throw new ServiceError('validation_failed', `cursor ${error.issues[0]?.message ?? 'is not valid'}`, {
      errors: error.issues.map((issue) => ({ ...issue, message: issue.message.replace('query, connector or tenant', 'set of filters') })),
    });
  }
}
