/**
 * What the fairness policy needs to know with pg-boss, where the queue and the runs are spread over
 * processes: the runs live workers hold (leases) and the tenants whose jobs wait and could start
 * now. pg-boss 10 offers no per-group view or limit, so the waiting tenants are read from its job
 * table — read only, by the columns its own fetch uses (name, state, start_after, data); every
 * change of state still goes through pg-boss's API.
 */
import { ConfigurationError } from '@switchyard/runtime';
import type { SqlEngine } from '../store/sql-engine.js';
import type { RunningLoad, Tenant } from './fair-share.js';
import type { RunLeases } from './run-leases.js';

export interface Contention {
  /** Runs held by live workers other than this process's. */
  readonly othersLoad: RunningLoad;
  /** Tenants with a job that is due and whose entity no live run holds (one entry per tenant). */
  readonly waiting: readonly Tenant[];
}

export type ReadContention = () => Promise<Contention>;

/** Waiting tenants looked at, at most: enough to find one that is behind. */
const WAITING_LIMIT = 1000;

export function pgBossContention(engine: SqlEngine, leases: RunLeases, schema: string, queue: string, workerId: string): ReadContention {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new ConfigurationError(`pg-boss schema must be a plain lowercase identifier, got "${schema}"`);
  const waitingSql = `
    SELECT DISTINCT j.data->>'applicationId' AS application_id, COALESCE(j.data->>'externalUserId', '') AS external_user_id
      FROM ${schema}.job j
     WHERE j.name = $1 AND j.state < 'active' AND j.start_after < now()
       AND NOT EXISTS (SELECT 1 FROM sy_sync_leases l
                        WHERE l.tenant_id = j.data->>'applicationId' AND l.connector_id = j.data->>'connectorId'
                          AND l.entity = j.data->>'entity')
     LIMIT ${WAITING_LIMIT}`;
  return async () => {
    const [othersLoad, rows] = await Promise.all([
      leases.load(workerId),
      engine.query<{ application_id: string | null; external_user_id: string }>(waitingSql, [queue]),
    ]);
    const waiting = rows
      .filter((row): row is { application_id: string; external_user_id: string } => row.application_id !== null)
      .map((row) => ({ applicationId: row.application_id, externalUserId: row.external_user_id }));
    return { othersLoad, waiting };
  };
}
