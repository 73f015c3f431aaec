import type { ProblemCode } from '@switchyard/runtime';
import type { ProblemMembers } from '@switchyard/runtime/internal';

/**
 * Extra problem members a failure carries (the validation issues, a retry delay, …): those of the
 * runtime's problem table. `status` answers with another status than the code's own.
 */
export interface ServiceErrorExtra extends ProblemMembers {
  readonly status?: number;
}

/**
 * A failure the service answers with a stable problem `code`: the parts below the HTTP layer
 * (tenancy, sync, execution) throw it, and the HTTP layer turns it into problem+json with the
 * status and title the runtime's problem table gives the code (PROBLEMS in @switchyard/runtime).
 * Messages reach the caller, so they never carry a secret.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly code: ProblemCode;
  readonly extra: ServiceErrorExtra;
  constructor(code: ProblemCode, message: string, extra: ServiceErrorExtra = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }
}
