/**
 * The status a UI shows for a connector: per entity pending → syncing (records, records/s) → ready,
 * or failed with the typed error, and the records its run could not store (`record_problems`);
 * the connector's state summarises its entities.
 */
import type { EntitySyncStatus, SyncState, SyncStatusView } from '../service-types.js';
import type { EntityRunState } from './sync-state-store.js';

/**
 * `live`: a live worker holds the entity's run right now (sync/worker-registry.ts). Only then is
 * there a rate: a run between turns, or whose worker died, is still open (`syncing`) but not running.
 */
export function entityStatus(entity: string, run: EntityRunState | null, live: boolean): EntitySyncStatus {
  // The copy's size as of the last completed run, and while a run is open the records it has added
  // since (not the records it has fetched: a resumed run or a vendor repeating pages fetches some twice).
  const records = run ? run.copyRecords + (run.runOpen ? run.recordsAdded : 0) : 0;
  const lastSyncedAt = run?.lastSuccessAt?.toISOString() ?? null;
  return {
    entity,
    state: entityState(run),
    records,
    records_per_second: run?.status === 'running' && live ? (run.recordsPerSecond ?? 0) : null,
    last_synced_at: lastSyncedAt,
    mode: run?.runMode ?? null,
    error: run?.status === 'failed' ? { name: run.errorName ?? 'Error', message: run.errorMessage ?? '' } : null,
    record_problems: { count: run?.problems.count ?? 0, examples: run?.problems.examples ?? [] },
  };
}

function entityState(run: EntityRunState | null): EntitySyncStatus['state'] {
  if (!run) return 'pending';
  switch (run.status) {
    case 'running':
      return 'syncing';
    case 'failed':
      return 'failed';
    case 'succeeded':
      return 'ready';
    case 'idle':
      // A run paused by a stop: the copy of its last completed run (if any) is still served.
      return run.lastSuccessAt ? 'ready' : 'pending';
  }
}

/** failed if any entity failed, else syncing while any syncs or some are done and others wait, else ready or pending. */
export function connectorState(entities: readonly EntitySyncStatus[]): SyncState {
  if (entities.some((e) => e.state === 'failed')) return 'failed';
  if (entities.some((e) => e.state === 'syncing')) return 'syncing';
  if (entities.length > 0 && entities.every((e) => e.state === 'ready')) return 'ready';
  if (entities.some((e) => e.state === 'ready')) return 'syncing';
  return 'pending';
}

export function statusView(entities: EntitySyncStatus[], nextSyncAt: Date | null): SyncStatusView {
  const synced = entities.map((e) => e.last_synced_at).filter((t): t is string => t !== null);
  // The connector was last synced when its least recently synced entity was (every entity has a copy from then on).
  const lastSyncedAt = synced.length === entities.length && synced.length > 0 ? synced.sort()[0]! : null;
  return {
    sync_status: connectorState(entities),
    last_synced_at: lastSyncedAt,
    next_sync_at: nextSyncAt?.toISOString() ?? null,
    entities,
  };
}

/** A copy exists once one sync of the entity has finished, even while a later one runs or failed. */
export function hasFinishedFirstSync(status: EntitySyncStatus | undefined): boolean {
  return status !== undefined && (status.last_synced_at !== null || status.state === 'ready');
}
