import { SwitchyardError } from '@switchyard/runtime';
import type { SyncStatusView } from '../service-types.js';

/**
 * A search asked for an entity whose first sync has not finished: there is no copy to search yet.
 * Answered as 409 `search_not_ready` with the sync status, so a client can show progress and retry.
 */
export class SearchNotReadyError extends SwitchyardError {
  override readonly name: string = 'SearchNotReadyError';
  readonly entity: string;
  readonly progress: SyncStatusView;
  constructor(message: string, init: { entity: string; progress: SyncStatusView }) {
    super(message);
    this.entity = init.entity;
    this.progress = init.progress;
  }
}
