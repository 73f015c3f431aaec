/**
 * The audit log: one row per execute or search the service ran, written off the request's path in
 * segments (audit-segments.ts, audit-schema.ts), read back a page at a time, one application's
 * rows only (audit-read.ts), and purged by age (audit-purge.ts).
 *
 * Writing: `record()` queues the row and returns at once; a flush writes every queued row in one
 * statement (a segment per application) a moment later (FLUSH_DELAY_MS), so a call never waits
 * for the audit insert; a read writes the queue first, so it never misses a call answered before
 * it. Nothing is dropped: a flush that fails keeps its rows for the next one, a
 * queue that reaches MAX_PENDING makes callers wait for a flush (back-pressure instead of
 * unbounded memory or loss), and `close()` — which the service calls after its HTTP server has
 * finished every request and before it closes the store — writes what is left. Only a crash (or a
 * store that stays down through the shutdown, which is logged with the count) loses the last
 * fraction of a second.
 */
import type { Logger } from '@switchyard/runtime';
import { CursorCodec } from '../search/query/cursor.js';
import type { SqlEngine, SqlParam } from '../store/sql-engine.js';
import { sqlArrayLiteral } from '../store/sql-text.js';
import { purgeAuditSegments } from './audit-purge.js';
import { readAuditPage } from './audit-read.js';
import { SEGMENT_ROWS, segmentsOf } from './audit-segments.js';

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
   * One page of the application's rows, newest first (audit-read.ts). The queue is written first,
   * so a read sees every call this process answered before it (a caller who reads the log right
   * after a call finds it). A write that fails leaves its rows queued and the read goes on: it
   * shows what the store has. Rows queued by another service process behind the same store
   * appear once that process writes them (FLUSH_DELAY_MS).
   */
  async list(applicationId: string, query: AuditQuery): Promise<AuditPage> {
    await this.flush().catch(() => undefined);
    return readAuditPage(this.#engine, this.#cursors, applicationId, query);
  }

  /** Removes the rows that started before `before`; the number removed (audit-purge.ts). */
  purge(before: Date): Promise<number> {
    return purgeAuditSegments(this.#engine, before);
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
