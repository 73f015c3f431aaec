import type { ValidationIssue } from '@switchyard/runtime';
import type { ProblemCode } from './service-types.js';

/** Extra problem members a failure carries (the validation issues, a sync progress view, …). */
export interface ServiceErrorExtra {
  readonly errors?: readonly ValidationIssue[];
  readonly [member: string]: unknown;
}

/**
 * A failure the service answers with a stable problem `code`: the parts below the HTTP layer
 * (tenancy, sync, execution) throw it, and the HTTP layer turns it into problem+json with the
 * status that code maps to. Messages reach the caller, so they never carry a secret.
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
