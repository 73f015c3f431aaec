/**
 * Input checks that run before any request, so a typo costs nothing on the platform and the error
 * names the argument. Each throws the runtime's ValidationError.
 */
import { ValidationError } from '@switchyard/runtime';

export function requireNonEmptyString(operation: string, path: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') fail(operation, path, 'nonEmpty', `must be a non-empty string, got ${show(value)}`);
  return value;
}

/**
 * An id that becomes one URL path segment (connections, sources, destinations, jobs, workspaces).
 * Percent-encoding keeps `/`, `?` and `%` inside the segment, but `.` and `..` survive it and URL
 * resolution removes them (`/connections/..` is `/`), and a blank id addresses the collection: the
 * request would reach another endpoint, so such ids are refused before any request.
 */
export function requirePathSegment(operation: string, path: string, value: unknown): string {
  const rule = 'path-segment';
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text !== 'string' || text.trim() === '') fail(operation, path, rule, `must be a non-blank id, got ${show(value)}`);
  if (text === '.' || text === '..') {
    fail(operation, path, rule, `must not be ${show(text)}: as a URL path segment it would send the request to another path`);
  }
  try {
    encodeURIComponent(text);
  } catch {
    fail(operation, path, rule, 'must be well-formed Unicode text (it contains a lone surrogate)');
  }
  return text;
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
