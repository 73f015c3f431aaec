/**
 * The problem table itself: every class it names is a runtime error class whose `name` is the one
 * the table reports (the service sends `error.name` as `error_class`, the SDK looks the name up),
 * and no class of CONNECTOR_ERRORS is hidden behind a parent listed before it (an error is reported
 * as the first class it is an instance of).
 */
import { describe, expect, it } from 'vitest';
import { RateLimitError, QuotaExceededError, ServerError, SwitchyardError, ValidationError, type ProblemCode } from '@switchyard/runtime';
import {
  CONNECTOR_ERRORS,
  PROBLEMS,
  PROBLEM_TYPE_BASE,
  buildProblem,
  connectorErrorNamed,
  connectorErrorOf,
  isProblemCode,
} from '@switchyard/runtime/internal';

/** An instance of `errorClass`, whatever its constructor's arguments. */
function instanceOf(errorClass: abstract new (...args: never[]) => SwitchyardError): SwitchyardError {
  if (errorClass === ValidationError) return new ValidationError('context', []);
  const init = { status: 500, headers: new Headers(), body: null, code: 'x', limitBytes: 1, connector: 'c', operation: 'o', cursor: 'c' };
  return new (errorClass as unknown as new (message: string, init: unknown) => SwitchyardError)('message', init);
}

describe('the problem table', () => {
  it('every connector error class reports the name the table gives it', () => {
    for (const entry of CONNECTOR_ERRORS) expect(instanceOf(entry.errorClass).name).toBe(entry.name);
    for (const [code, definition] of Object.entries(PROBLEMS)) {
      if (definition.errorClass) expect(instanceOf(definition.errorClass), code).toBeInstanceOf(SwitchyardError);
    }
  });

  it('an error is reported as its own class, never as a parent listed before it', () => {
    for (const entry of CONNECTOR_ERRORS) expect(connectorErrorOf(instanceOf(entry.errorClass))).toBe(entry);
    const names = CONNECTOR_ERRORS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(connectorErrorOf(new QuotaExceededError('q', { status: 429, headers: new Headers(), body: null }))?.status).toBe(429);
    expect(connectorErrorOf(new RateLimitError('r', { status: 429, headers: new Headers(), body: null }))?.name).toBe('RateLimitError');
    // A class the table does not know is left to the caller (the service answers it as a 502).
    expect(connectorErrorOf(new SwitchyardError('other'))).toBeUndefined();
  });

  it('looks classes up by the name the service reports', () => {
    expect(connectorErrorNamed('ServerError')?.errorClass).toBe(ServerError);
    expect(connectorErrorNamed('toString')).toBeUndefined();
    expect(connectorErrorNamed('NoSuchError')).toBeUndefined();
  });

  it('builds each problem with its title, type and status, another status when given', () => {
    for (const code of Object.keys(PROBLEMS) as ProblemCode[]) {
      expect(buildProblem(code, 'what happened')).toEqual({
        type: `${PROBLEM_TYPE_BASE}${code}`,
        title: PROBLEMS[code].title,
        status: PROBLEMS[code].status,
        detail: 'what happened',
        code,
      });
    }
    expect(buildProblem('connector_error', 'slow', { retry_after_ms: 5 }, 429)).toMatchObject({ status: 429, retry_after_ms: 5 });
  });

  it('knows its codes, and only its own (not inherited keys)', () => {
    expect(isProblemCode('not_found')).toBe(true);
    expect(isProblemCode('constructor')).toBe(false);
    expect(isProblemCode('__proto__')).toBe(false);
    expect(isProblemCode(404)).toBe(false);
  });
});
