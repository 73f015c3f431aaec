/**
 * The audit log: one row per execute or search the service ran, written off the request's path in
 * segments (audit-segments.ts, audit-schema.ts) and read back a page at a time, one application's
 * rows only.
 *
 * Writing: `record()` queues the row and returns at once; a flush writes every queued row in one
 * statement (a segment per application) a moment later (FLUSH_DELAY_MS), so a call never waits for the audit insert. Nothing
 * is dropped: a flush that fails keeps its rows for the next one, a queue that reaches
 * MAX_PENDING makes callers wait for a flush (back-pressure instead of unbounded memory or loss),
 * and `close()` — which the service calls after its HTTP server has finished every request and
 * before it closes the store — writes what is left. Only a crash (or a store that stays down
 * through the shutdown, which is logged with the count) loses the last fraction of a second.
 *
 * Reading: newest first by (occurred_at, id), with keyset cursors signed like the search cursors
 * (search/query/cursor.ts) and bound to the application and the filters, so a cursor neither leaks
 * into another application's log nor silently changes meaning with other filters.
 */
import type { Logger } from '@switchyard/runtime';
import { CursorCodec, InvalidCursorError } from '../search/query/cursor.js';
import { ServiceError } from '../service-error.js';
import type { SqlEngine, SqlParam } from '../store/sql-engine.js';
import { FIRST_STORABLE_TIME, LAST_STORABLE_TIME, sqlArrayLiteral } from '../store/sql-text.js';
import { newestFirst, rowId, SEGMENT_ROWS, SEGMENT_SPAN_MS, segmentsOf, toView, type ReadRow, type StoredRow } from './audit-segments.js';

/** One execute or search, as the audit log keeps it: never the params, never the result. */
export interface AuditEntry {
  /** When the call started. */
  readonly occurredAt: Date;
  readonly applicationId: string;
  readonly externalUserId: string;
  readonly connectorId: string;
  readonly connectorType: string;
  readonly entity: string;
  readonly action: string;
  readonly intent: string | null;
  /** `ok`, or the problem code the call answered with. */
  readonly outcome: string;
  /** For connector_error: the runtime error class. */
  readonly errorClass: string | null;
  readonly durationMs: number;
  readonly channel: 'http' | 'mcp';
  readonly tokenKind: 'application' | 'scoped';
}

/** A row as GET /api/v1/audit answers it. */
export interface AuditView {
  readonly id: string;
  readonly occurred_at: string;
  readonly external_user_id: string;
  readonly connector_id: string;
  readonly connector_type: string;
  readonly entity: string;
  readonly action: string;
  readonly intent: string | null;
  readonly outcome: string;
  readonly error_class: string | null;
  readonly duration_ms: number;
  readonly channel: 'http' | 'mcp';
  readonly token_kind: 'application' | 'scoped';
}

export interface AuditQuery {
  readonly externalUserId?: string | undefined;
  readonly connectorId?: string | undefined;
  /** Inclusive lower bound of occurred_at. */
  readonly since?: Date | undefined;
  /** Exclusive upper bound of occurred_at. */
  readonly until?: Date | undefined;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface AuditPage {
  readonly data: AuditView[];
  readonly next_cursor: string | null;
}

/** What the execution layer writes to. */
export interface AuditSink {
  /** Queues the row; resolves at once unless the queue is full (then once a flush made room). */
  record(entry: AuditEntry): Promise<void>;
}

export interface AuditLogOptions {
  /** Signs the paging cursors (at least 32 bytes). */
  readonly cursorSecret: string | Uint8Array;
  readonly logger?: Logger | undefined;
  /** How long a row may wait in the queue before it is written (default FLUSH_DELAY_MS). */
  readonly flushDelayMs?: number;
  /** Queued rows at which callers wait for a flush (default MAX_PENDING). */
  readonly maxPending?: number;
}

export const FLUSH_DELAY_MS = 200;
export const MAX_PENDING = 10_000;
/** Rows per INSERT: at most one segment's worth, however many applications they span. */
const BATCH_ROWS = SEGMENT_ROWS;
/** Segments per DELETE of the retention purge, so a large purge never holds one long transaction. */
const PURGE_BATCH_SEGMENTS = 100;
/**
 * Segments a read fetches in its first statement, doubled in each next one up to the most: a busy
 * service writes a segment of hundreds of rows five times a second, a quiet one a segment per call.
 */
const READ_FIRST_SEGMENTS = 4;
const READ_MOST_SEGMENTS = 64;

interface SegmentRow {
  id: string | number | bigint;
  newest_at: Date | string;
  rows: (StoredRow | null)[];
}

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

export class AuditLog implements AuditSink {
  readonly #engine: SqlEngine;
  readonly #cursors: CursorCodec;
  readonly #log: Logger | undefined;
  readonly #flushDelayMs: number;
  readonly #maxPending: number;
  #pending: AuditEntry[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #closed = false;

  constructor(engine: SqlEngine, options: AuditLogOptions) {
    this.#engine = engine;
    this.#cursors = new CursorCodec(options.cursorSecret);
    this.#log = options.logger;
    this.#flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
    this.#maxPending = options.maxPending ?? MAX_PENDING;
  }

  /** Rows queued and not yet written. */
  get pending(): number {
    return this.#pending.length;
  }

  async record(entry: AuditEntry): Promise<void> {
    this.#pending.push(entry);
    // After close (a call that outlived the shutdown's wait), nothing else would write it: now.
    if (this.#closed) return this.flush();
    if (this.#pending.length >= this.#maxPending) return this.flush();
    this.#timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.#flushDelayMs);
  }

  /** Writes every queued row; one flush at a time (a caller during one waits for it, then for its own). */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing.catch(() => undefined);
    if (this.#pending.length === 0) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#flushing = this.#write().finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  /** Writes what is queued; later rows are written at once. Call after the HTTP server has closed. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    try {
      await this.flush();
    } catch (error) {
      this.#log?.error?.(`audit log: ${this.#pending.length} row(s) could not be written before shutdown`, { err: error });
      throw error;
    }
  }

  async #write(): Promise<void> {
    // Rows queued while a batch is written go out in the same flush.
    while (this.#pending.length > 0) {
      const batch = this.#pending.splice(0, BATCH_ROWS);
      try {
        const insert = insertSegments(batch);
        await this.#engine.query(insert.sql, insert.params);
      } catch (error) {
        // Kept, in order, for the next flush: a store that is briefly away loses nothing.
        this.#pending.unshift(...batch);
        this.#log?.error?.(`audit log: writing ${batch.length} row(s) failed; they stay queued`, { err: error });
        if (!this.#closed) {
          this.#timer ??= setTimeout(() => void this.flush().catch(() => undefined), Math.max(1_000, this.#flushDelayMs));
        }
        throw error;
      }
    }
  }

  /**
   * One page of the application's rows, newest first. The walk goes through the application's
   * segments by their newest row, backwards, a few at a time, skipping those the filters rule out
   * by their bounds and distinct ids; a row found is certain of its place once it is newer than
   * the newest row any segment not yet read can hold, and the walk stops when a page and one more
   * row are certain. The cursor names the page's last row and the first segment the page left rows
   * in, so the next page starts there instead of walking the newer segments again.
   */
  async list(applicationId: string, query: AuditQuery): Promise<AuditPage> {
    const binding = JSON.stringify([
      'audit-segments',
      applicationId,
      query.externalUserId ?? null,
      query.connectorId ?? null,
      query.since?.toISOString() ?? null,
      query.until?.toISOString() ?? null,
    ]);
    const after = query.cursor === undefined ? undefined : this.#decodeCursor(binding, query.cursor);
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
      const segments = await this.#engine.query<SegmentRow>(
        `SELECT id, newest_at, rows FROM sy_audit_segments WHERE ${conditions.join(' AND ')}
         ORDER BY newest_at DESC, id DESC LIMIT ${batch}`,
        statement,
      );
      for (const segment of segments) {
        const segmentId = Number(segment.id);
        const position = { newestAt: new Date(segment.newest_at).toISOString(), id: String(segment.id) };
        segment.rows.forEach((row, index) => {
          if (row === null) return;
          const id = rowId(segmentId, index);
          if (wanted(row[0], id, row)) found.push({ at: row[0], id, row, segment: position, walked });
        });
        walked += 1;
      }
      const last = segments.at(-1);
      if (segments.length < batch || last === undefined) break;
      // No segment still to read holds a row newer than this one's newest.
      const unread = new Date(last.newest_at).getTime();
      if (found.filter((row) => row.at > unread).length > query.limit) break;
      from = { position: { newestAt: new Date(last.newest_at).toISOString(), id: String(last.id) }, inclusive: false };
    }
    found.sort(newestFirst);
    const page = found.slice(0, query.limit);
    const left = found.slice(query.limit);
    const last = page.at(-1);
    if (left.length === 0 || last === undefined) return { data: page.map(toView), next_cursor: null };
    const resume = left.reduce((first, row) => (row.walked < first.walked ? row : first)).segment;
    return {
      data: page.map(toView),
      next_cursor: this.#cursors.encode(binding, {
        keys: [new Date(last.at).toISOString(), resume.newestAt, resume.id],
        id: String(last.id),
      }),
    };
  }

  /**
   * Removes the rows that started before `before`; the number removed. Segments wholly older go in
   * batches; a segment with rows on both sides keeps its newer rows, under their ids (the older ones
   * become null). Several services on one PostgreSQL may purge at once: a segment rewritten since
   * it was read is left to the next purge.
   */
  async purge(before: Date): Promise<number> {
    // A retention of millions of days reaches before year 1 (or past what a Date holds): no row is
    // that old, and PostgreSQL could not read the cutoff.
    if (!(before.getTime() > FIRST_STORABLE_TIME)) return 0;
    const cutoff = before.toISOString();
    let removed = 0;
    for (;;) {
      const gone = await this.#engine.query<{ row_count: number | string }>(
        `DELETE FROM sy_audit_segments WHERE id IN (
           SELECT id FROM sy_audit_segments WHERE oldest_at < $1::timestamptz AND newest_at < $1::timestamptz LIMIT ${PURGE_BATCH_SEGMENTS}
         ) RETURNING row_count`,
        [cutoff],
      );
      for (const segment of gone) removed += Number(segment.row_count);
      if (gone.length < PURGE_BATCH_SEGMENTS) break;
    }
    const straddling = await this.#engine.query<SegmentRow & { oldest_at: Date | string }>(
      'SELECT id, oldest_at, newest_at, rows FROM sy_audit_segments WHERE oldest_at < $1::timestamptz',
      [cutoff],
    );
    for (const segment of straddling) {
      const rows = segment.rows.map((row) => (row !== null && row[0] < before.getTime() ? null : row));
      const kept = rows.filter((row): row is StoredRow => row !== null);
      const dropped = segment.rows.filter((row) => row !== null).length - kept.length;
      if (kept.length === 0 || dropped === 0) continue;
      const updated = await this.#engine.query(
        `UPDATE sy_audit_segments
         SET rows = $2::json, row_count = $3::integer, oldest_at = $4::timestamptz, external_user_ids = $5::text[], connector_ids = $6::text[]
         WHERE id = $1::bigint AND oldest_at = $7::timestamptz RETURNING id`,
        [
          String(segment.id),
          JSON.stringify(rows),
          String(kept.length),
          new Date(Math.min(...kept.map((row) => row[0]))).toISOString(),
          sqlArrayLiteral([...new Set(kept.map((row) => row[1]))]),
          sqlArrayLiteral([...new Set(kept.map((row) => row[2]))]),
          new Date(segment.oldest_at).toISOString(),
        ],
      );
      if (updated.length > 0) removed += dropped;
    }
    return removed;
  }

  #decodeCursor(binding: string, cursor: string): AuditCursor {
    try {
      const position = this.#cursors.decode(binding, cursor, 3);
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
}

/** One write's rows as one INSERT of a segment per application (audit-segments.ts). */
function insertSegments(batch: readonly AuditEntry[]): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  const bind = (value: string) => `$${params.push(value)}`;
  const values = segmentsOf(batch).map(
    (segment) =>
      `(${bind(segment.applicationId)}, ${bind(segment.oldestAt)}::timestamptz, ${bind(segment.newestAt)}::timestamptz, ` +
      `${bind(sqlArrayLiteral(segment.externalUserIds))}::text[], ${bind(sqlArrayLiteral(segment.connectorIds))}::text[], ` +
      `${bind(String(segment.rowCount))}::integer, ${bind(segment.rows)}::json)`,
  );
  return {
    sql: `INSERT INTO sy_audit_segments (application_id, oldest_at, newest_at, external_user_ids, connector_ids, row_count, rows)
          VALUES ${values.join(', ')}`,
    params,
  };
}
