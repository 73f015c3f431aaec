/**
 * The audit log: one row per execute or search the service ran (audit-schema.ts), written off the
 * request's path and read back a page at a time, one application's rows only.
 *
 * Writing: `record()` queues the row and returns at once; a flush writes every queued row in one
 * statement a moment later (FLUSH_DELAY_MS), so a call never waits for the audit insert. Nothing
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
import type { SqlEngine } from '../store/sql-engine.js';
import { sqlArrayLiteral } from '../store/sql-text.js';

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
/** Rows per INSERT (one statement, one array parameter per column). */
const BATCH_ROWS = 1_000;
/** Rows per DELETE of the retention purge, so a large purge never holds one long transaction. */
const PURGE_BATCH_ROWS = 5_000;

interface Row {
  id: string | number;
  occurred_at: string | Date;
  external_user_id: string;
  connector_id: string;
  connector_type: string;
  entity: string;
  action: string;
  intent: string | null;
  outcome: string;
  error_class: string | null;
  duration_ms: number | string;
  channel: 'http' | 'mcp';
  token_kind: 'application' | 'scoped';
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
        await this.#engine.query(INSERT_ROWS_SQL, columnsOf(batch));
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

  /** One page of the application's rows, newest first. */
  async list(applicationId: string, query: AuditQuery): Promise<AuditPage> {
    const binding = JSON.stringify([
      'audit',
      applicationId,
      query.externalUserId ?? null,
      query.connectorId ?? null,
      query.since?.toISOString() ?? null,
      query.until?.toISOString() ?? null,
    ]);
    const params: (string | null)[] = [applicationId];
    const where = ['application_id = $1'];
    const bind = (value: string) => `$${params.push(value)}`;
    if (query.externalUserId !== undefined) where.push(`external_user_id = ${bind(query.externalUserId)}`);
    if (query.connectorId !== undefined) where.push(`connector_id = ${bind(query.connectorId)}`);
    if (query.since !== undefined) where.push(`occurred_at >= ${bind(query.since.toISOString())}::timestamptz`);
    if (query.until !== undefined) where.push(`occurred_at < ${bind(query.until.toISOString())}::timestamptz`);
    if (query.cursor !== undefined) {
      const position = this.#decodeCursor(binding, query.cursor);
      where.push(`(occurred_at, id) < (${bind(position.at)}::timestamptz, ${bind(position.id)}::bigint)`);
    }
    const rows = await this.#engine.query<Row>(
      `SELECT id, occurred_at, external_user_id, connector_id, connector_type, entity, action, intent, outcome,
              error_class, duration_ms, channel, token_kind
       FROM sy_audit WHERE ${where.join(' AND ')}
       ORDER BY occurred_at DESC, id DESC
       LIMIT ${bind(String(query.limit + 1))}::integer`,
      params,
    );
    const more = rows.length > query.limit;
    const data = rows.slice(0, query.limit).map(toView);
    const last = data[data.length - 1];
    return {
      data,
      next_cursor: more && last ? this.#cursors.encode(binding, { keys: [last.occurred_at], id: last.id }) : null,
    };
  }

  /** Deletes rows that started before `before`, in batches; the number deleted. */
  async purge(before: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.#engine.query<{ id: string }>(
        `DELETE FROM sy_audit WHERE id IN (
           SELECT id FROM sy_audit WHERE occurred_at < $1::timestamptz LIMIT ${PURGE_BATCH_ROWS}
         ) RETURNING id`,
        [before.toISOString()],
      );
      deleted += rows.length;
      if (rows.length < PURGE_BATCH_ROWS) return deleted;
    }
  }

  #decodeCursor(binding: string, cursor: string): { at: string; id: string } {
    try {
      const position = this.#cursors.decode(binding, cursor, 1);
      const at = position.keys[0];
      if (typeof at !== 'string' || !/^\d+$/.test(position.id)) throw new InvalidCursorError('is not a cursor issued by this service');
      return { at, id: position.id };
    } catch (error) {
      if (!(error instanceof InvalidCursorError)) throw error;
      throw new ServiceError('validation_failed', `cursor ${error.issues[0]?.message ?? 'is not valid'}`, {
        errors: error.issues.map((issue) => ({ ...issue, message: issue.message.replace('query, connector or tenant', 'set of filters') })),
      });
    }
  }
}

/**
 * One INSERT per batch, each column one array parameter that `unnest` zips back into rows. Cheaper
 * than one JSON array turned into records (`jsonb_to_recordset`, before): the store parses each
 * value once, as its column's type, and the service builds no JSON document. Measured with the
 * audit table's indexes on PGlite: about a sixth less CPU per row (the server README, "The audit
 * row, cheaper to write").
 */
const AUDIT_COLUMNS: readonly { name: string; type: 'text' | 'timestamptz' | 'integer'; of(entry: AuditEntry): string | null }[] = [
  { name: 'occurred_at', type: 'timestamptz', of: (entry) => entry.occurredAt.toISOString() },
  { name: 'application_id', type: 'text', of: (entry) => entry.applicationId },
  { name: 'external_user_id', type: 'text', of: (entry) => entry.externalUserId },
  { name: 'connector_id', type: 'text', of: (entry) => entry.connectorId },
  { name: 'connector_type', type: 'text', of: (entry) => entry.connectorType },
  { name: 'entity', type: 'text', of: (entry) => entry.entity },
  { name: 'action', type: 'text', of: (entry) => entry.action },
  { name: 'intent', type: 'text', of: (entry) => entry.intent },
  { name: 'outcome', type: 'text', of: (entry) => entry.outcome },
  { name: 'error_class', type: 'text', of: (entry) => entry.errorClass },
  { name: 'duration_ms', type: 'integer', of: (entry) => String(Math.max(0, Math.round(entry.durationMs))) },
  { name: 'channel', type: 'text', of: (entry) => entry.channel },
  { name: 'token_kind', type: 'text', of: (entry) => entry.tokenKind },
];

const INSERT_ROWS_SQL = `INSERT INTO sy_audit (${AUDIT_COLUMNS.map((column) => column.name).join(', ')})
  SELECT * FROM unnest(${AUDIT_COLUMNS.map((column, i) => `$${i + 1}::${column.type}[]`).join(', ')})`;

/** The batch as the INSERT's parameters: one array literal per column, in AUDIT_COLUMNS order. */
function columnsOf(batch: readonly AuditEntry[]): string[] {
  return AUDIT_COLUMNS.map((column) => sqlArrayLiteral(batch.map(column.of)));
}

function toView(row: Row): AuditView {
  return {
    id: String(row.id),
    occurred_at: new Date(row.occurred_at).toISOString(),
    external_user_id: row.external_user_id,
    connector_id: row.connector_id,
    connector_type: row.connector_type,
    entity: row.entity,
    action: row.action,
    intent: row.intent,
    outcome: row.outcome,
    error_class: row.error_class,
    duration_ms: Number(row.duration_ms),
    channel: row.channel,
    token_kind: row.token_kind,
  };
}
