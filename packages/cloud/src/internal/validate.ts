/**
 * Input checks that run before any request, so a typo costs nothing on the platform and the error
 * names the argument. Each throws the runtime's ValidationError.
 */
import { ValidationError } from '@switchyard/runtime';

export function requireNonEmptyString(operation: string, path: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') fail(operation, path, 'nonEmpty', `must be a non-empty string, got ${show(value)}`);
  return value;
}

export function requireString(operation: string, path: string, value: unknown): string {
  if (typeof value !== 'string') fail(operation, path, 'type', `must be a string, got ${show(value)}`);
  return value;
}

export function requireBoolean(operation: string, path: string, value: unknown): boolean {
  if (typeof value !== 'boolean') fail(operation, path, 'type', `must be true or false, got ${show(value)}`);
  return value;
}

/** A positive integer (limits). */
export function requirePositiveInteger(operation: string, path: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    fail(operation, path, 'positiveInteger', `must be a positive integer, got ${show(value)}`);
  }
  return value;
}

/** A non-negative integer (offsets, job ids). */
export function requireNonNegativeInteger(operation: string, path: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(operation, path, 'nonNegativeInteger', `must be a non-negative integer, got ${show(value)}`);
  }
  return value;
}

/** A positive finite number (durations). */
export function requirePositiveNumber(operation: string, path: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail(operation, path, 'positiveNumber', `must be a positive number, got ${show(value)}`);
  }
  return value;
}

export function fail(operation: string, path: string, rule: string, message: string): never {
  throw new ValidationError(operation, [{ path, rule, message }]);
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
