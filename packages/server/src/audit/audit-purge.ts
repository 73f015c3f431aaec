/**
 * The retention purge's work on the audit log's segments (retention.ts schedules it; each serving
 * process runs it, and several on one PostgreSQL purge harmlessly).
 */
import type { SqlEngine } from '../store/sql-engine.js';
import { FIRST_STORABLE_TIME, sqlArrayLiteral } from '../store/sql-text.js';
import { summaryOf, type SegmentRow, type StoredRow } from './audit-segments.js';

/** Segments per DELETE, so a large purge never holds one long transaction. */
const PURGE_BATCH_SEGMENTS = 100;

/**
 * Removes the rows that started before `before`; the number removed. Segments wholly older go in
 * batches; a segment with rows on both sides keeps its newer rows, under their ids (the older ones
 * become null). Several services on one PostgreSQL may purge at once: a segment rewritten since
 * it was read is left to the next purge.
 */
export async function purgeAuditSegments(engine: SqlEngine, before: Date): Promise<number> {
  // A retention of millions of days reaches before year 1 (or past what a Date holds): no row is
  // that old, and PostgreSQL could not read the cutoff.
  if (!(before.getTime() > FIRST_STORABLE_TIME)) return 0;
  const cutoff = before.toISOString();
  let removed = 0;
  for (;;) {
    const gone = await engine.query<{ row_count: number | string }>(
      `DELETE FROM sy_audit_segments WHERE id IN (
         SELECT id FROM sy_audit_segments WHERE oldest_at < $1::timestamptz AND newest_at < $1::timestamptz LIMIT ${PURGE_BATCH_SEGMENTS}
       ) RETURNING row_count`,
      [cutoff],
    );
    for (const segment of gone) removed += Number(segment.row_count);
    if (gone.length < PURGE_BATCH_SEGMENTS) break;
  }
  const straddling = await engine.query<SegmentRow & { oldest_at: Date | string }>(
    'SELECT id, oldest_at, newest_at, rows FROM sy_audit_segments WHERE oldest_at < $1::timestamptz',
    [cutoff],
  );
  for (const segment of straddling) {
    const rows = segment.rows.map((row) => (row !== null && row[0] < before.getTime() ? null : row));
    const kept = rows.filter((row): row is StoredRow => row !== null);
    const dropped = segment.rows.filter((row) => row !== null).length - kept.length;
    if (kept.length === 0 || dropped === 0) continue;
    const summary = summaryOf(kept);
    const updated = await engine.query(
      `UPDATE sy_audit_segments
       SET rows = $2::json, row_count = $3::integer, oldest_at = $4::timestamptz, external_user_ids = $5::text[], connector_ids = $6::text[]
       WHERE id = $1::bigint AND oldest_at = $7::timestamptz RETURNING id`,
      [
        String(segment.id),
        JSON.stringify(rows),
        String(summary.rowCount),
        summary.oldestAt,
        sqlArrayLiteral(summary.externalUserIds),
        sqlArrayLiteral(summary.connectorIds),
        new Date(segment.oldest_at).toISOString(),
      ],
    );
    if (updated.length > 0) removed += dropped;
  }
  return removed;
}
