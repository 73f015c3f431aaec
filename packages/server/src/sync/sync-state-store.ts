/**
 * The sync engine's durable state: per-entity runs in `sy_sync_checkpoints` (migration 1's table
 * with migration 3's columns) and per-connector schedules in `sy_sync_schedules`. Every write to a
 * run names its run id, so a superseded or deleted run cannot move a checkpoint.
 */
import type { SqlEngine } from '../store/sql-engine.js';
import type { RecordProblem } from './record-store.js';
import { checkScope, type ConnectorScope, type EntityScope } from '../store/scope.js';
import { fromStoredValue, toStoredJsonText } from '../store/stored-text.js';

export type RunMode = 'full' | 'incremental';

/**
 * Where an open run stands: the next page's vendor cursor; for lists per parent, also the last
 * parent whose pages are all done (`next` then belongs to the parent after it); or every page
 * fetched. null: nothing fetched yet.
 */
export type PagePosition =
  { readonly next: unknown } | { readonly parentAfter: string | null; readonly next?: unknown } | { readonly done: true } | null;

/** One record a run could not store, as the status shows it. */
export interface RecordProblemExample {
  /** The vendor's record id, exactly as sent; null when the record had none. */
  readonly record_id: string | null;
  readonly path?: string;
  readonly problem: string;
  readonly message: string;
}

/** The records the current run (or the last one) could not store: how many, and the first few. */
export interface RunRecordProblems {
  readonly count: number;
  /** Of those, records without an id (a full refresh with any deletes nothing). */
  readonly unidentified: number;
  /** The first RECORD_PROBLEM_EXAMPLES of the run. */
  readonly examples: readonly RecordProblemExample[];
}

/** How many problems a run keeps by name; the count goes on. */
export const RECORD_PROBLEM_EXAMPLES = 10;

export interface EntityRunState {
  readonly entity: string;
  readonly status: 'idle' | 'running' | 'succeeded' | 'failed';
  readonly runId: string | null;
  readonly runOpen: boolean;
  readonly runMode: RunMode | null;
  readonly position: PagePosition;
  readonly runSince: number | null;
  readonly runHighWater: number | null;
  /** High-water mark (epoch ms) of the last completed run. */
  readonly highWater: number | null;
  readonly recordsSeen: number;
  readonly recordsUpserted: number;
  /** Records this run added to the copy (not those it replaced), however often a page was fetched again. */
  readonly recordsAdded: number;
  readonly recordsDeleted: number;
  /** Records in the copy when the last run completed. */
  readonly copyRecords: number;
  readonly errorName: string | null;
  readonly errorMessage: string | null;
  readonly lastSuccessAt: Date | null;
  /** When the last full run completed (a full refresh removes records deleted at the vendor). */
  readonly lastFullSuccessAt: Date | null;
  /** Records per second since the run started or resumed; null unless its row says running (whether a worker is alive is the status view's question). */
  readonly recordsPerSecond: number | null;
  readonly problems: RunRecordProblems;
}

interface Row {
  entity: string;
  status: EntityRunState['status'];
  run_id: string | null;
  run_open: boolean;
  run_mode: RunMode | null;
  page_cursor: string | null;
  run_since: string | null;
  run_high_water: string | null;
  cursor: string | null;
  records_seen: string;
  records_upserted: string;
  records_added: string;
  records_deleted: string;
  copy_records: string;
  error_name: string | null;
  last_error: string | null;
  last_success_at: Date | string | null;
  last_full_success_at: Date | string | null;
  rps: string | null;
  problem_count: string;
  problem_unidentified: string;
  problem_examples: unknown;
}

const COLUMNS = `entity, status, run_id, run_open, run_mode, page_cursor, run_since::text, run_high_water::text, cursor,
  records_seen::text, records_upserted::text, records_added::text, records_deleted::text, copy_records::text, error_name, last_error, last_success_at, last_full_success_at,
  problem_count::text, problem_unidentified::text, problem_examples,
  CASE WHEN status = 'running' AND rate_since IS NOT NULL
       THEN round(((records_seen - rate_base) / GREATEST(extract(epoch FROM now() - rate_since), 0.001))::numeric, 1)::text
  END AS rps`;

const num = (value: string | null): number | null => (value === null ? null : Number(value));
const bigint = (value: number | null): string | null => (value === null ? null : String(Math.floor(value)));

export interface SyncStateStoreOptions {
  /**
   * The worker whose runs write through this store (sync/worker-registry.ts). A page or a completion
   * is recorded only while that worker holds the entity's lease (sync/run-leases.ts): a worker that
   * was taken for dead and whose run another one took over cannot move the checkpoint any more.
   */
  readonly leaseHolder?: string;
}

export class SyncStateStore {
  readonly #engine: SqlEngine;
  readonly #holder: string | null;
  constructor(engine: SqlEngine, options: SyncStateStoreOptions = {}) {
    this.#engine = engine;
    this.#holder = options.leaseHolder ?? null;
  }

  /** The lease condition on a write to the run of $1/$2/$3, with the holder as parameter `$n`. */
  #fenced(n: number): string {
    return this.#holder === null
      ? ''
      : `AND EXISTS (SELECT 1 FROM sy_sync_leases l WHERE l.tenant_id = $1 AND l.connector_id = $2 AND l.entity = $3 AND l.worker_id = $${n})`;
  }

  #holderParam(): (string | null)[] {
    return this.#holder === null ? [] : [this.#holder];
  }

  async get(scope: EntityScope): Promise<EntityRunState | null> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    const rows = await this.#engine.query<Row>(
      `SELECT ${COLUMNS} FROM sy_sync_checkpoints WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3`,
      [scope.tenantId, scope.connectorId, scope.entity],
    );
    return rows[0] ? toState(rows[0]) : null;
  }

  /** The run states of several connectors of one tenant in one statement: by connector id, each in entity order. */
  async listByConnector(tenantId: string, connectorIds: readonly string[]): Promise<Map<string, EntityRunState[]>> {
    for (const connectorId of connectorIds) checkScope({ tenantId, connectorId }, ['tenantId', 'connectorId']);
    const byConnector = new Map(connectorIds.map((id) => [id, [] as EntityRunState[]]));
    if (connectorIds.length === 0) return byConnector;
    const rows = await this.#engine.query<Row & { connector_id: string }>(
      `SELECT connector_id, ${COLUMNS} FROM sy_sync_checkpoints
        WHERE tenant_id = $1 AND connector_id IN (SELECT jsonb_array_elements_text($2::jsonb)) ORDER BY connector_id, entity`,
      [tenantId, JSON.stringify(connectorIds)],
    );
    for (const row of rows) byConnector.get(row.connector_id)?.push(toState(row));
    return byConnector;
  }

  /** Starts a new run; the last success's high-water mark and time are kept, the last run's record problems are not. */
  async open(scope: EntityScope, runId: string, mode: RunMode, since: number | null): Promise<void> {
    checkScope(scope, ['tenantId', 'connectorId', 'entity']);
    await this.#engine.query(
      `INSERT INTO sy_sync_checkpoints AS c (tenant_id, connector_id, entity, status, run_id, started_at, run_open, run_mode,
         run_since, rate_since)
       VALUES ($1, $2, $3, 'running', $4, now(), true, $5, $6::bigint, now())
       ON CONFLICT (tenant_id, connector_id, entity) DO UPDATE SET
         status = 'running', run_id = $4, started_at = now(), finished_at = NULL, last_error = NULL, error_name = NULL,
         records_seen = 0, records_upserted = 0, records_added = 0, records_deleted = 0, run_open = true, run_mode = $5, page_cursor = NULL,
         run_since = $6::bigint, run_high_water = NULL, rate_since = now(), rate_base = 0, updated_at = now(),
         problem_count = 0, problem_unidentified = 0, problem_examples = '[]'::jsonb`,
      [scope.tenantId, scope.connectorId, scope.entity, runId, mode, bigint(since)],
    );
  }

  /** Continues an open run after a stop, a crash or a failure. False when it is no longer open. */
  async resume(scope: EntityScope, runId: string): Promise<boolean> {
    const rows = await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'running', finished_at = NULL, last_error = NULL, error_name = NULL,
         rate_since = now(), rate_base = records_seen, updated_at = now()
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4 AND run_open
       RETURNING 1`,
      [scope.tenantId, scope.connectorId, scope.entity, runId],
    );
    return rows.length === 1;
  }

  /**
   * A page is upserted: remember where the next one starts, and count the records it could not
   * store (naming the run's first RECORD_PROBLEM_EXAMPLES). False when the run was superseded, deleted or taken over.
   */
  async pageDone(
    scope: EntityScope,
    runId: string,
    position: Exclude<PagePosition, null>,
    highWater: number | null,
    counts: { seen: number; upserted: number; added?: number; problems?: readonly RecordProblem[] },
  ): Promise<boolean> {
    const problems = counts.problems ?? [];
    const examples = problems.slice(0, RECORD_PROBLEM_EXAMPLES).map((p): RecordProblemExample => ({
      record_id: p.recordId,
      ...(p.path !== undefined ? { path: p.path } : {}),
      problem: p.problem,
      message: p.message,
    }));
    const rows = await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET page_cursor = $5, updated_at = now(),
         run_high_water = CASE WHEN $6::bigint IS NULL THEN run_high_water ELSE GREATEST(run_high_water, $6::bigint) END,
         records_seen = records_seen + $7::bigint, records_upserted = records_upserted + $8::bigint,
         records_added = records_added + $12::bigint,
         problem_count = problem_count + $9::bigint, problem_unidentified = problem_unidentified + $10::bigint,
         problem_examples = CASE WHEN jsonb_array_length(problem_examples) >= ${RECORD_PROBLEM_EXAMPLES} THEN problem_examples
           ELSE (SELECT COALESCE(jsonb_agg(x.e ORDER BY x.n), '[]'::jsonb)
                   FROM jsonb_array_elements(problem_examples || $11::jsonb) WITH ORDINALITY AS x(e, n)
                  WHERE x.n <= ${RECORD_PROBLEM_EXAMPLES}) END
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4 AND run_open ${this.#fenced(13)}
       RETURNING 1`,
      [
        scope.tenantId,
        scope.connectorId,
        scope.entity,
        runId,
        JSON.stringify(position),
        bigint(highWater),
        String(counts.seen),
        String(counts.upserted),
        String(problems.length),
        String(problems.filter((p) => p.recordId === null).length),
        // Record ids are vendor text: stored escaped like the records (stored-text.ts).
        toStoredJsonText(examples),
        String(counts.added ?? 0),
        ...this.#holderParam(),
      ],
    );
    return rows.length === 1;
  }

  /** The run completed: its high-water mark becomes the entity's, and the run closes. */
  async complete(scope: EntityScope, runId: string, deleted: number): Promise<boolean> {
    const rows = await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'succeeded', run_open = false, page_cursor = NULL, finished_at = now(),
         last_success_at = now(), records_deleted = $5::bigint, updated_at = now(),
         last_full_success_at = CASE WHEN run_mode = 'full' THEN now() ELSE last_full_success_at END,
         copy_records = (SELECT count(*) FROM sy_records r
                          WHERE r.tenant_id = $1 AND r.connector_id = $2 AND r.entity = $3),
         cursor = CASE WHEN run_high_water IS NULL THEN cursor
                       WHEN cursor IS NULL THEN run_high_water::text
                       ELSE GREATEST(cursor::bigint, run_high_water)::text END
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4 AND run_open ${this.#fenced(6)}
       RETURNING 1`,
      [scope.tenantId, scope.connectorId, scope.entity, runId, String(deleted), ...this.#holderParam()],
    );
    return rows.length === 1;
  }

  /** The run failed; it stays open, so the next run resumes where it stopped. */
  async fail(scope: EntityScope, runId: string, errorName: string, message: string): Promise<void> {
    await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'failed', error_name = $5, last_error = $6, finished_at = now(), updated_at = now()
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4`,
      [scope.tenantId, scope.connectorId, scope.entity, runId, errorName, message],
    );
  }

  /** A graceful stop: the run stays open and is resumed on the next start. */
  async pause(scope: EntityScope, runId: string): Promise<void> {
    await this.#engine.query(
      `UPDATE sy_sync_checkpoints SET status = 'idle', updated_at = now()
       WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3 AND run_id = $4 AND run_open`,
      [scope.tenantId, scope.connectorId, scope.entity, runId],
    );
  }

  /**
   * Runs left open by a stop or a crash that no worker holds (not failed ones: those wait for their
   * schedule or a trigger). A run a worker holds is that worker's, or, once it is found dead, the
   * heartbeat's to resume (sync/worker-registry.ts).
   */
  async interruptedRuns(): Promise<EntityScope[]> {
    const rows = await this.#engine.query<{ tenant_id: string; connector_id: string; entity: string }>(
      `SELECT c.tenant_id, c.connector_id, c.entity FROM sy_sync_checkpoints c
        WHERE c.run_open AND c.status IN ('running', 'idle')
          AND NOT EXISTS (SELECT 1 FROM sy_sync_leases l
                           WHERE l.tenant_id = c.tenant_id AND l.connector_id = c.connector_id AND l.entity = c.entity)
        ORDER BY c.tenant_id, c.connector_id, c.entity`,
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, connectorId: r.connector_id, entity: r.entity }));
  }

  // ---- schedules ------------------------------------------------------------------------------

  /** Creates the connector's schedule unless it has one. */
  async ensureSchedule(scope: ConnectorScope, intervalSeconds: number, nextAt: Date): Promise<void> {
    checkScope(scope, ['tenantId', 'connectorId']);
    await this.#engine.query(
      `INSERT INTO sy_sync_schedules (tenant_id, connector_id, interval_seconds, next_sync_at)
       VALUES ($1, $2, $3::integer, $4::timestamptz) ON CONFLICT (tenant_id, connector_id) DO NOTHING`,
      [scope.tenantId, scope.connectorId, String(intervalSeconds), nextAt.toISOString()],
    );
  }

  /** Moves the next scheduled sync to `interval` after `now` (after a manual trigger). */
  async reschedule(scope: ConnectorScope, now: Date): Promise<void> {
    await this.#engine.query(
      `UPDATE sy_sync_schedules SET next_sync_at = $3::timestamptz + make_interval(secs => interval_seconds)
        WHERE tenant_id = $1 AND connector_id = $2`,
      [scope.tenantId, scope.connectorId, now.toISOString()],
    );
  }

  /**
   * Claims connectors whose sync is due and moves each one's next time forward, in one statement:
   * two schedulers never claim the same due row (SKIP LOCKED).
   */
  async claimDue(now: Date, limit: number): Promise<ConnectorScope[]> {
    const rows = await this.#engine.query<{ tenant_id: string; connector_id: string }>(
      `UPDATE sy_sync_schedules s SET next_sync_at = $1::timestamptz + make_interval(secs => s.interval_seconds)
        WHERE (s.tenant_id, s.connector_id) IN (
          SELECT tenant_id, connector_id FROM sy_sync_schedules
           WHERE next_sync_at <= $1::timestamptz ORDER BY next_sync_at LIMIT $2::integer FOR UPDATE SKIP LOCKED)
       RETURNING s.tenant_id, s.connector_id`,
      [now.toISOString(), String(limit)],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, connectorId: r.connector_id }));
  }

  /** When each of several connectors of one tenant syncs next, in one statement (absent: no schedule). */
  async nextSyncAtByConnector(tenantId: string, connectorIds: readonly string[]): Promise<Map<string, Date>> {
    if (connectorIds.length === 0) return new Map();
    const rows = await this.#engine.query<{ connector_id: string; next_sync_at: Date | string }>(
      `SELECT connector_id, next_sync_at FROM sy_sync_schedules
        WHERE tenant_id = $1 AND connector_id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
      [tenantId, JSON.stringify(connectorIds)],
    );
    return new Map(rows.map((row) => [row.connector_id, new Date(row.next_sync_at)]));
  }

  async deleteSchedule(scope: ConnectorScope): Promise<void> {
    await this.#engine.query('DELETE FROM sy_sync_schedules WHERE tenant_id = $1 AND connector_id = $2', [
      scope.tenantId,
      scope.connectorId,
    ]);
  }
}

function toState(row: Row): EntityRunState {
  return {
    entity: row.entity,
    status: row.status,
    runId: row.run_id,
    runOpen: row.run_open,
    runMode: row.run_mode,
    position: row.page_cursor === null ? null : (JSON.parse(row.page_cursor) as PagePosition),
    runSince: num(row.run_since),
    runHighWater: num(row.run_high_water),
    highWater: num(row.cursor),
    recordsSeen: Number(row.records_seen),
    recordsUpserted: Number(row.records_upserted),
    recordsAdded: Number(row.records_added),
    recordsDeleted: Number(row.records_deleted),
    copyRecords: Number(row.copy_records),
    errorName: row.error_name,
    errorMessage: row.last_error,
    lastSuccessAt: row.last_success_at === null ? null : new Date(row.last_success_at),
    lastFullSuccessAt: row.last_full_success_at === null ? null : new Date(row.last_full_success_at),
    recordsPerSecond: num(row.rps),
    problems: {
      count: Number(row.problem_count),
      unidentified: Number(row.problem_unidentified),
      examples: fromStoredValue(parseJson(row.problem_examples)) as RecordProblemExample[],
    },
  };
}

/** jsonb arrives parsed from both drivers; text only if a driver is configured otherwise. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
