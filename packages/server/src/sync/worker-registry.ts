/**
 * Live sync workers (`sy_sync_workers`, migration 8). Every started sync service registers one
 * worker and renews its lease every `heartbeatMs`; one that has not renewed within `leaseMs` is
 * dead. At each beat a worker also sweeps: it removes dead workers and hands back the runs they
 * held (their leases, sync/run-leases.ts), which the service queues again to resume from their
 * checkpoints. A process on the same machine is known dead at once when its pid is gone
 * (process-identity.ts); on an embedded store (one process per data directory) every earlier
 * process is.
 */
import { randomUUID } from 'node:crypto';
import { ConfigurationError } from '@switchyard/runtime';
import type { SqlEngine } from '../store/sql-engine.js';
import { hasExited, thisProcess, type ProcessIdentity } from './process-identity.js';

export interface WorkerTimings {
  /** How often a worker renews its lease and sweeps dead workers (default 2 s). */
  readonly heartbeatMs?: number;
  /** How long a worker counts as alive after its last beat (default 10 s; at least two beats). */
  readonly leaseMs?: number;
}

export const DEFAULT_HEARTBEAT_MS = 2_000;
export const DEFAULT_LEASE_MS = 10_000;

export interface WorkerRegistryOptions extends WorkerTimings {
  /** The store holds one process at a time (PGlite): every other process's worker is dead. */
  readonly singleProcessStore: boolean;
  /** Who this process is (tests pass another identity). */
  readonly identity?: ProcessIdentity;
}

/** A run whose worker died: resume it from its checkpoint. */
export interface OrphanedRun {
  readonly tenantId: string;
  readonly connectorId: string;
  readonly entity: string;
  readonly externalUserId: string;
  /** The queue job the dead worker was working (pg-boss), to cancel. */
  readonly jobId: string | null;
}

interface IdentityRow {
  worker_id: string;
  boot_id: string | null;
  pid_ns: string | null;
  pid: number | string;
  incarnation: string;
}

export class WorkerRegistry {
  readonly workerId = randomUUID();
  readonly heartbeatMs: number;
  readonly leaseMs: number;
  readonly #engine: SqlEngine;
  readonly #single: boolean;
  readonly #self: ProcessIdentity;
  #slots = 0;

  constructor(engine: SqlEngine, options: WorkerRegistryOptions) {
    this.#engine = engine;
    this.#single = options.singleProcessStore;
    this.#self = options.identity ?? thisProcess();
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    if (!(this.heartbeatMs > 0)) throw new ConfigurationError(`heartbeatMs must be a positive number of ms, got ${this.heartbeatMs}`);
    if (!(this.leaseMs >= 2 * this.heartbeatMs)) {
      throw new ConfigurationError(
        `leaseMs (${this.leaseMs}) must be at least two heartbeats (${2 * this.heartbeatMs} ms), or a live worker would be taken for dead`,
      );
    }
  }

  async register(slots: number): Promise<void> {
    this.#slots = slots;
    const s = this.#self;
    await this.#engine.query(
      `INSERT INTO sy_sync_workers (worker_id, boot_id, pid_ns, pid, incarnation, slots, expires_at)
       VALUES ($1, $2, $3, $4::integer, $5, $6::integer, now() + $7::double precision * interval '1 millisecond')
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now(), expires_at = EXCLUDED.expires_at`,
      [this.workerId, s.bootId, s.pidNamespace, String(s.pid), s.incarnation, String(slots), String(this.leaseMs)],
    );
  }

  /**
   * Renews the lease. False when this worker had been given up for dead (another process removed
   * it and took its runs over): it registers again, and the caller must stop the runs it still has.
   */
  async beat(): Promise<boolean> {
    const rows = await this.#engine.query(
      `UPDATE sy_sync_workers SET beat_at = now(), expires_at = now() + $2::double precision * interval '1 millisecond'
        WHERE worker_id = $1 RETURNING 1`,
      [this.workerId, String(this.leaseMs)],
    );
    if (rows.length === 1) return true;
    await this.register(this.#slots);
    return false;
  }

  /**
   * Removes dead workers and returns the runs they held, each to exactly one sweeping process
   * (DELETE … RETURNING). Runs are returned whoever removed their worker: a sweeper that died
   * half-way leaves leases without a worker, which the next sweep picks up.
   */
  async sweep(): Promise<OrphanedRun[]> {
    const exited = (await this.#comparable()).filter((row) => this.#certainlyDead(row)).map((row) => row.worker_id);
    if (exited.length > 0) {
      await this.#engine.query('DELETE FROM sy_sync_workers WHERE worker_id IN (SELECT jsonb_array_elements_text($1::jsonb))', [
        JSON.stringify(exited),
      ]);
    }
    await this.#engine.query('DELETE FROM sy_sync_workers WHERE expires_at < now() AND worker_id <> $1', [this.workerId]);
    const rows = await this.#engine.query<{
      tenant_id: string;
      connector_id: string;
      entity: string;
      external_user_id: string;
      job_id: string | null;
    }>(
      `DELETE FROM sy_sync_leases l WHERE NOT EXISTS (SELECT 1 FROM sy_sync_workers w WHERE w.worker_id = l.worker_id)
       RETURNING tenant_id, connector_id, entity, external_user_id, job_id`,
    );
    return rows.map((r) => ({
      tenantId: r.tenant_id,
      connectorId: r.connector_id,
      entity: r.entity,
      externalUserId: r.external_user_id,
      jobId: r.job_id,
    }));
  }

  /** A graceful stop: this worker's runs have ended; its row goes. */
  async deregister(): Promise<void> {
    await this.#engine.query('DELETE FROM sy_sync_leases WHERE worker_id = $1', [this.workerId]);
    await this.#engine.query('DELETE FROM sy_sync_workers WHERE worker_id = $1', [this.workerId]);
  }

  /**
   * Entities of the connector whose run a live worker holds right now: a lease whose worker's
   * lease has not lapsed and whose process is not known to have exited.
   */
  async liveRuns(scope: { tenantId: string; connectorId: string }): Promise<Set<string>> {
    return (await this.liveRunsByConnector(scope.tenantId, [scope.connectorId])).get(scope.connectorId)!;
  }

  /** liveRuns of several connectors of one tenant in one statement, by connector id. */
  async liveRunsByConnector(tenantId: string, connectorIds: readonly string[]): Promise<Map<string, Set<string>>> {
    const byConnector = new Map(connectorIds.map((id) => [id, new Set<string>()]));
    if (connectorIds.length === 0) return byConnector;
    const rows = await this.#engine.query<IdentityRow & { connector_id: string; entity: string }>(
      `SELECT l.connector_id, l.entity, w.worker_id, w.boot_id, w.pid_ns, w.pid, w.incarnation
         FROM sy_sync_leases l JOIN sy_sync_workers w ON w.worker_id = l.worker_id
        WHERE l.tenant_id = $1 AND l.connector_id IN (SELECT jsonb_array_elements_text($2::jsonb)) AND w.expires_at > now()`,
      [tenantId, JSON.stringify(connectorIds)],
    );
    for (const row of rows) if (!this.#certainlyDead(row)) byConnector.get(row.connector_id)?.add(row.entity);
    return byConnector;
  }

  /** Other workers whose death this process can judge without waiting for their lease. */
  #comparable(): Promise<IdentityRow[]> {
    const s = this.#self;
    return this.#engine.query<IdentityRow>(
      `SELECT worker_id, boot_id, pid_ns, pid, incarnation FROM sy_sync_workers
        WHERE worker_id <> $1 AND (($2::boolean AND incarnation <> $3) OR (boot_id = $4 AND pid_ns = $5))`,
      [this.workerId, String(this.#single), s.incarnation, s.bootId, s.pidNamespace],
    );
  }

  #certainlyDead(row: IdentityRow): boolean {
    if (row.worker_id === this.workerId) return false;
    if (this.#single && row.incarnation !== this.#self.incarnation) return true;
    return hasExited({ bootId: row.boot_id, pidNamespace: row.pid_ns, pid: Number(row.pid), incarnation: row.incarnation }, this.#self);
  }
}
