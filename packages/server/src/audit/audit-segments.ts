/**
 * How the audit log stores its rows: one segment per application (and 10 minutes of start times) per
 * write, holding that write's rows as one JSON array (audit-schema.ts, migration 12). A row is a JSON array in StoredRow's
 * order, or `null` once the retention purge has removed it (so the others keep their ids).
 *
 * Why segments and not a table row per call: every call writes a row and reads are rare. A table
 * row per call paid, per call, PostgreSQL's parse of thirteen array elements, a heap tuple and an
 * entry in each of five indexes (about 16 µs of PGlite's CPU a row, most of the service's own cost
 * at saturation); a segment pays those once per write of up to SEGMENT_ROWS rows, and a row costs
 * its share of one JSON text (the server README, "Audit", has the figures). A read walks the
 * application's segments newest first and filters their rows here.
 */
import type { AuditEntry, AuditView } from './audit-log.js';

/**
 * Rows per segment at most, and the stride of row ids: row `n` (from 0) of segment `s` has id
 * `s × SEGMENT_ROWS + n`, unique and never reused; within a segment they follow the order the rows
 * were recorded. The view `sy_audit` (audit-schema.ts) computes the same ids.
 */
export const SEGMENT_ROWS = 1_000;

/**
 * A segment's calls all started within one span of this length (the span of their start times,
 * counted from 1970): a read with `until` can then start its walk at the segments whose newest call
 * is before `until` plus this, instead of walking every newer one. In a write, a call that started
 * earlier than the rest (one that ran long) goes into a segment of its own span.
 */
export const SEGMENT_SPAN_MS = 10 * 60 * 1000;

/** One stored row: its fields in the order its JSON array holds them (the view `sy_audit` reads the same order). */
export type StoredRow = [
  occurredAtMs: number,
  externalUserId: string,
  connectorId: string,
  connectorType: string,
  entity: string,
  action: string,
  intent: string | null,
  outcome: string,
  errorClass: string | null,
  durationMs: number,
  channel: 'http' | 'mcp',
  tokenKind: 'application' | 'scoped',
];

/** What a segment keeps beside its calls, derived from them (the INSERT and the purge's rewrite both). */
export interface SegmentSummary {
  readonly oldestAt: string;
  readonly newestAt: string;
  /** The distinct users and connectors of its calls, which a filtered read checks before decoding it. */
  readonly externalUserIds: readonly string[];
  readonly connectorIds: readonly string[];
  readonly rowCount: number;
}

/** A segment as the INSERT binds it. */
export interface NewSegment extends SegmentSummary {
  readonly applicationId: string;
  /** The rows as one JSON array. */
  readonly rows: string;
}

/** The summary of a segment's calls (at least one). */
export function summaryOf(rows: readonly StoredRow[]): SegmentSummary {
  let oldest = Infinity;
  let newest = -Infinity;
  const users = new Set<string>();
  const connectors = new Set<string>();
  for (const [at, externalUserId, connectorId] of rows) {
    if (at < oldest) oldest = at;
    if (at > newest) newest = at;
    users.add(externalUserId);
    connectors.add(connectorId);
  }
  return {
    oldestAt: new Date(oldest).toISOString(),
    newestAt: new Date(newest).toISOString(),
    externalUserIds: [...users],
    connectorIds: [...connectors],
    rowCount: rows.length,
  };
}

/**
 * The entries of one write as segments: one per application and SEGMENT_SPAN_MS of start times
 * (at most SEGMENT_ROWS entries; the caller writes no more at once), its rows in the order they
 * were recorded.
 */
export function segmentsOf(entries: readonly AuditEntry[]): NewSegment[] {
  const bySegment = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const key = `${Math.floor(entry.occurredAt.getTime() / SEGMENT_SPAN_MS)} ${entry.applicationId}`;
    const rows = bySegment.get(key);
    if (rows) rows.push(entry);
    else bySegment.set(key, [entry]);
  }
  return [...bySegment.values()].map((entries) => {
    const rows = entries.map(storedRow);
    return { applicationId: entries[0]!.applicationId, ...summaryOf(rows), rows: JSON.stringify(rows) };
  });
}

function storedRow(entry: AuditEntry): StoredRow {
  return [
    entry.occurredAt.getTime(),
    entry.externalUserId,
    entry.connectorId,
    entry.connectorType,
    entry.entity,
    entry.action,
    entry.intent,
    entry.outcome,
    entry.errorClass,
    Math.max(0, Math.round(entry.durationMs)),
    entry.channel,
    entry.tokenKind,
  ];
}

/** A segment as a query returns it (the drivers give `id` as text or a bigint, times as Dates). */
export interface SegmentRow {
  readonly id: string | number | bigint;
  readonly newest_at: Date | string;
  readonly rows: (StoredRow | null)[];
}

/** A row read back, with what a page needs to order it. */
export interface ReadRow {
  readonly at: number;
  readonly id: number;
  readonly row: StoredRow;
}

export function rowId(segmentId: number, index: number): number {
  return segmentId * SEGMENT_ROWS + index;
}

/** Newest first by (occurred_at, id), the order of GET /api/v1/audit. */
export function newestFirst(a: ReadRow, b: ReadRow): number {
  return b.at - a.at || b.id - a.id;
}

export function toView({ id, row }: ReadRow): AuditView {
  const [at, externalUserId, connectorId, connectorType, entity, action, intent, outcome, errorClass, durationMs, channel, tokenKind] = row;
  return {
    id: String(id),
    occurred_at: new Date(at).toISOString(),
    external_user_id: externalUserId,
    connector_id: connectorId,
    connector_type: connectorType,
    entity,
    action,
    intent,
    outcome,
    error_class: errorClass,
    duration_ms: durationMs,
    channel,
    token_kind: tokenKind,
  };
}
