import type { ValidationIssue } from '@switchyard/runtime';
import { ServiceError } from '../service-error.js';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A short identifier-like text chosen by a tenant (an external user id, a display name): bounded
 * and free of control characters, because it ends up in logs and in every tenant filter.
 */
export function textIssue(path: string, value: unknown, maxLength: number): ValidationIssue | null {
  if (typeof value !== 'string') return { path, rule: 'type', message: 'must be a string' };
  if (value.trim().length === 0) return { path, rule: 'min-length', message: 'must not be empty' };
  if (value.length > maxLength) return { path, rule: 'max-length', message: `must be at most ${maxLength} characters` };
  if (CONTROL.test(value)) return { path, rule: 'no-control-characters', message: 'must not contain control characters' };
  return null;
}

export const EXTERNAL_USER_ID_MAX = 256;
export const NAME_MAX = 200;

/** Throws validation_failed listing every issue found. */
export function rejectIssues(context: string, issues: readonly (ValidationIssue | null)[]): void {
  const found = issues.filter((issue): issue is ValidationIssue => issue !== null);
  if (found.length > 0) {
    throw new ServiceError('validation_failed', `${context}: ${found.map((i) => `${i.path} ${i.message}`).join('; ')}`, {
      errors: found,
    });
  }
}
