import { SwitchyardError } from '@switchyard/runtime';

/** The vendor answered a list page the sync engine cannot store (not a list, a record without its id). */
export class SyncRecordError extends SwitchyardError {
  override readonly name = 'SyncRecordError';
}
