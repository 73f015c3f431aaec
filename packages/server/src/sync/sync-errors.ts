import { SwitchyardError } from '@switchyard/runtime';

/** The vendor answered a list page the sync engine cannot read as records at all (not a list). Single bad records are record problems instead. */
export class SyncRecordError extends SwitchyardError {
  override readonly name = 'SyncRecordError';
}
