/**
 * Audit retention: rows older than the operator's setting (SWITCHYARD_AUDIT_RETENTION_DAYS,
 * default DEFAULT_AUDIT_RETENTION_DAYS; `forever` keeps every row) are deleted once at start and
 * then every PURGE_INTERVAL_MS by each serving process. Several services on one PostgreSQL purge
 * the same rows harmlessly: a delete of rows already gone deletes nothing.
 */
import type { Logger } from '@switchyard/runtime';
import type { AuditLog } from './audit-log.js';

export const DEFAULT_AUDIT_RETENTION_DAYS = 90;
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRetentionOptions {
  /** Days a row is kept; null keeps rows forever (no purge runs). */
  readonly days: number | null;
  readonly intervalMs?: number;
  readonly logger?: Logger | undefined;
  /** The clock (tests). */
  readonly now?: () => number;
}

export interface AuditRetention {
  /** The purge running now (or the last one), for tests and shutdown. */
  readonly lastRun: Promise<number>;
  /** Stops the schedule and waits for a purge in progress. */
  stop(): Promise<void>;
}

export function startAuditRetention(audit: Pick<AuditLog, 'purge'>, options: AuditRetentionOptions): AuditRetention {
  const days = options.days;
  if (days === null) return { lastRun: Promise.resolve(0), stop: async () => undefined };
  const now = options.now ?? Date.now;
  let lastRun: Promise<number> = Promise.resolve(0);
  const run = () => {
    lastRun = lastRun
      .catch(() => 0)
      .then(() => audit.purge(new Date(now() - days * DAY_MS)))
      .then(
        (deleted) => {
          if (deleted > 0) options.logger?.info?.(`audit log: deleted ${deleted} row(s) older than ${days} day(s)`);
          return deleted;
        },
        (error: unknown) => {
          // The next run tries again; a failed purge only keeps rows a little longer.
          options.logger?.error?.('audit log: the retention purge failed', { err: error });
          return 0;
        },
      );
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PURGE_INTERVAL_MS);
  timer.unref();
  return {
    get lastRun() {
      return lastRun;
    },
    async stop() {
      clearInterval(timer);
      await lastRun;
    },
  };
}
