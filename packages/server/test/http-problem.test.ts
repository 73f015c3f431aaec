/**
 * `toProblem`: whatever a handler throws becomes one problem with a stable code and status, and an
 * unexpected error never shows its message to the caller.
 */
import { NotFoundError, RateLimitError, TimeoutError, ValidationError } from '@switchyard/runtime';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES, ajvIssue, toProblem } from '../src/http/problem.js';
import { ServiceError } from '../src/service-error.js';
import type { ProblemCode } from '../src/service-types.js';

describe('toProblem', () => {
  it.each(Object.entries(PROBLEM_CODES) as [ProblemCode, { status: number }][])('ServiceError(%s) answers HTTP %o', (code, { status }) => {
    const { problem } = toProblem(new ServiceError(code, 'what happened'));
    expect(problem).toMatchObject({ code, status, detail: 'what happened', type: `https://switchyard.dev/problems/${code}` });
  });

  it('keeps the validation issues of a ServiceError and of a runtime ValidationError unchanged', () => {
    const issues = [{ path: 'params.limit', rule: 'maximum', message: 'must be at most 1000' }];
    expect(toProblem(new ServiceError('validation_failed', 'bad', { errors: issues })).problem.errors).toEqual(issues);
    const fromRuntime = toProblem(new ValidationError('messaging users.list', issues)).problem;
    expect(fromRuntime).toMatchObject({ code: 'validation_failed', status: 422, errors: issues });
  });

  it('maps connector failures to connector_error with the class name, and rate limits to 429 with Retry-After', () => {
    const notFound = toProblem(
      new NotFoundError('no such channel', { status: 404, headers: new Headers(), body: null, code: 'channel_not_found' }),
    );
    expect(notFound.problem).toMatchObject({
      code: 'connector_error',
      status: 502,
      error_class: 'NotFoundError',
      vendor_status: 404,
      vendor_code: 'channel_not_found',
    });
    const limited = toProblem(new RateLimitError('slow down', { status: 429, headers: new Headers(), body: null, retryAfterMs: 2500 }));
    expect(limited.problem).toMatchObject({ status: 429, error_class: 'RateLimitError', retry_after_ms: 2500 });
    expect(limited.headers).toEqual({ 'retry-after': '3' });
    expect(toProblem(new TimeoutError('took too long')).problem.status).toBe(504);
  });

  it('an unexpected error is a 500 internal_error whose detail says nothing of the error', () => {
    const reply = toProblem(new Error('connect ECONNREFUSED postgres://admin:hunter2@db'));
    expect(reply.unexpected).toBe(true);
    expect(reply.problem).toMatchObject({ code: 'internal_error', status: 500 });
    expect(JSON.stringify(reply.problem)).not.toContain('hunter2');
  });

  it('maps Fastify body errors to their codes', () => {
    const fastifyError = (code: string) => Object.assign(new Error(code), { code, statusCode: 400 });
    expect(toProblem(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY')).problem).toMatchObject({ code: 'invalid_request', status: 400 });
    expect(toProblem(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE')).problem).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(toProblem(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE')).problem).toMatchObject({
      code: 'unsupported_media_type',
      status: 415,
    });
  });
});

describe('ajvIssue', () => {
  it('writes JSON Pointers as the runtime writes paths, and names missing and unknown fields', () => {
    expect(ajvIssue({ keyword: 'type', instancePath: '/params/ids/0', params: {}, message: 'must be string' })).toEqual({
      path: 'params.ids[0]',
      rule: 'type',
      message: 'must be string',
    });
    expect(
      ajvIssue({ keyword: 'required', instancePath: '/replication_config', params: { missingProperty: 'start_date' }, message: 'x' }).path,
    ).toBe('replication_config.start_date');
    expect(ajvIssue({ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'surprise' } })).toEqual({
      path: 'surprise',
      rule: 'unknown-field',
      message: 'is not a known field',
    });
    expect(ajvIssue({ keyword: 'type', instancePath: '/external_user_id', params: {} }, 'querystring').path).toBe(
      'querystring.external_user_id',
    );
  });
});
