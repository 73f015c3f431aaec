/**
 * Failures, for every connector: a read (an idempotent action: a GET or a GraphQL query) hit by a
 * 5xx, a dropped connection, a body cut mid-way or a non-JSON 2xx is retried and succeeds; a
 * write is sent exactly once and fails with the typed error; a 429 is retried for any request
 * (it was not processed); statuses map to their error classes; retry limits, Retry-After caps,
 * request ids and abort signals behave the same everywhere. Every read and every write the
 * metadata declares is exercised, so a new action is covered without touching this file.
 */
// @module-tag long
import { describe, expect, it } from 'vitest';
import { expectDeepEqual, rejection } from '../support/expect.js';
import { abortOnArrival, type Failure } from '../fakes/harness.js';
import { connectors } from './registry.js';
import {
  MAX_RETRIES,
  connect,
  errorClass,
  exampleParams,
  readActions,
  routeOf,
  run,
  sameRequest,
  useFreshFake,
  writeActions,
  type ActionRef,
} from './setup.js';
import { buildAtPath, getPath } from './wire.js';
import type { ConnectorFixture } from './fixture.js';

/** Failures that may come after the vendor acted: only a read may be sent again. */
const AFTER_SENDING: [string, Failure][] = [
  ['HTTP 503', { kind: 'status', status: 503 }],
  ['a dropped connection', { kind: 'drop' }],
  ['a body cut mid-way', { kind: 'drop-mid-body' }],
  [
    'a 2xx body that is not JSON',
    { kind: 'status', status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html>maintenance</html>' },
  ],
];
const WRITE_ERROR: Record<string, string> = {
  'HTTP 503': 'ServerError',
  'a dropped connection': 'ConnectionError',
  'a body cut mid-way': 'ConnectionError',
  'a 2xx body that is not JSON': 'MalformedResponseError',
};

/** The error code the metadata's `errorCode` paths find in a body, as the error must carry it. */
function declaredCode(fixture: ConnectorFixture, body: unknown): string | undefined {
  for (const path of fixture.pkg.metadata.errorCode) {
    const value = getPath(body, path);
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return undefined;
}

describe.each(connectors)('$name', ({ name, fixture }) => {
  const reads = readActions(fixture);
  const writes = writeActions(fixture);
  const cls = (n: string) => {
    const found = errorClass(fixture, n);
    if (!found) throw new Error(`${n} is exported by neither the ${name} package nor @switchyard/runtime`);
    return found;
  };

  describe('a read is retried and succeeds', () => {
    const ctx = useFreshFake(fixture);
    const cases = reads.flatMap((ref) => AFTER_SENDING.map(([what, failure]) => ({ key: ref.key, ref, what, failure })));

    it.each(cases)('$key after $what: 2 identical requests, the real answer', async ({ ref, failure }) => {
      const c = connect(fixture, ctx.fake);
      const params = exampleParams(fixture, ref, ctx.fake);
      ctx.fake.failNext(routeOf(fixture, ref, ctx.fake, params), failure);
      const retried = await run(c, ref, params);
      expect(ctx.fake.requests).toHaveLength(2);
      expect(sameRequest(ctx.fake.requests[1]!)).toEqual(sameRequest(ctx.fake.requests[0]!));
      // A page of records each time, for every read of every connector: compared fast, reported by toEqual.
      expectDeepEqual(retried, await run(c, ref, params));
    });
  });

  if (writes.length > 0) {
    describe('a write is sent exactly once', () => {
      const ctx = useFreshFake(fixture);
      const cases = writes.flatMap((ref) => AFTER_SENDING.map(([what, failure]) => ({ key: ref.key, ref, what, failure })));

      it.each(cases)('$key after $what: one request, the typed error', async ({ ref, what, failure }) => {
        const c = connect(fixture, ctx.fake);
        const params = exampleParams(fixture, ref, ctx.fake);
        ctx.fake.failNext(routeOf(fixture, ref, ctx.fake, params), failure);
        const error = await rejection(run(c, ref, params));
        const expected = WRITE_ERROR[what]!;
        expect(error).toBeInstanceOf(cls(expected));
        expect(error.name).toBe(expected);
        expect(ctx.fake.requests).toHaveLength(1);
        const operation = `${name} ${ref.key}`;
        if (expected === 'ServerError') {
          expect(error.status).toBe(503);
          expect(error.message).toContain(`${operation} failed with HTTP 503`);
          expect(error.code).toBe(declaredCode(fixture, error.body));
        } else if (expected === 'ConnectionError') {
          expect(error.message).toContain(`${operation} could not complete (${ref.meta.request!.method} `);
        } else {
          expect(error.status).toBe(200);
          expect(error.message).toContain(`${operation}: the vendor answered HTTP 200 with a body that is not JSON`);
        }
      });

      it.each(writes)('$key after HTTP 429 (Retry-After: 0) is retried, a throttled request was not processed', async (ref: ActionRef) => {
        const c = connect(fixture, ctx.fake);
        const params = exampleParams(fixture, ref, ctx.fake);
        ctx.fake.failNext(routeOf(fixture, ref, ctx.fake, params), { kind: 'status', status: 429, headers: { 'retry-after': '0' } });
        await run(c, ref, params);
        expect(ctx.fake.requests).toHaveLength(2);
        expect(sameRequest(ctx.fake.requests[1]!)).toEqual(sameRequest(ctx.fake.requests[0]!));
      });
    });
  }

  describe('limits and error mapping (on a read)', () => {
    const ctx = useFreshFake(fixture);
    const ref = reads[0]!;
    const operation = `${name} ${ref.key}`;
    const setup = () => {
      const params = exampleParams(fixture, ref, ctx.fake);
      return { params, route: routeOf(fixture, ref, ctx.fake, params) };
    };

    it(`a 5xx on every attempt ends in ServerError after 1 + maxRetries (${1 + MAX_RETRIES}) requests`, async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status: 502 }, 1 + MAX_RETRIES);
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params));
      expect(error).toBeInstanceOf(cls('ServerError'));
      expect(error.status).toBe(502);
      expect(ctx.fake.requests).toHaveLength(1 + MAX_RETRIES);
    });

    it('maxRetries: 0, on the connector or on the call, turns retries off', async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status: 503 });
      await expect(run(connect(fixture, ctx.fake, { maxRetries: 0 }), ref, params)).rejects.toBeInstanceOf(cls('ServerError'));
      expect(ctx.fake.requests).toHaveLength(1);
      ctx.fake.failNext(route, { kind: 'drop' });
      await expect(run(connect(fixture, ctx.fake), ref, params, { maxRetries: 0 })).rejects.toBeInstanceOf(cls('ConnectionError'));
      expect(ctx.fake.requests).toHaveLength(2);
    });

    it('HTTP 429 on every attempt ends in RateLimitError with retryAfterMs', async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status: 429, headers: { 'retry-after': '0' } }, 1 + MAX_RETRIES);
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params));
      expect(error).toBeInstanceOf(cls('RateLimitError'));
      expect(error.name).toBe('RateLimitError');
      expect(error.status).toBe(429);
      expect(error.retryAfterMs).toBe(0);
      expect(error.code).toBe(declaredCode(fixture, error.body));
      expect(ctx.fake.requests).toHaveLength(1 + MAX_RETRIES);
    });

    it('HTTP 429 without Retry-After backs off and ends with retryAfterMs undefined', async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status: 429 }, 2);
      const error = await rejection(run(connect(fixture, ctx.fake, { maxRetries: 1 }), ref, params));
      expect(error).toBeInstanceOf(cls('RateLimitError'));
      expect(error.retryAfterMs).toBeUndefined();
      expect(ctx.fake.requests).toHaveLength(2);
    });

    it('HTTP 429 asking for longer than maxRetryAfterMs is raised at once with the asked delay', async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status: 429, headers: { 'retry-after': '120' } });
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params));
      expect(error).toBeInstanceOf(cls('RateLimitError'));
      expect(error.retryAfterMs).toBe(120_000);
      expect(ctx.fake.requests).toHaveLength(1);
    });

    it.each([
      [401, 'AuthenticationError'],
      [403, 'PermissionDeniedError'],
      [404, 'NotFoundError'],
      [409, 'ConflictError'],
    ])('HTTP %i is a %s naming the operation, not retried', async (status, className) => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'status', status });
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params));
      expect(error).toBeInstanceOf(cls(className));
      expect(error).toBeInstanceOf(cls('ApiError'));
      expect(error.name).toBe(className);
      expect(error.status).toBe(status);
      expect(error.message).toContain(`${operation} failed with HTTP ${status}`);
      expect(error.code).toBe(declaredCode(fixture, error.body));
      if (status === 401) expect(error.message).toContain('Check the credentials passed in `auth`');
      expect(ctx.fake.requests).toHaveLength(1);
    });

    it('an HTTP error carries the request id the vendor sent', async () => {
      const { params, route } = setup();
      const header = fixture.pkg.metadata.requestIdHeaders?.[0] ?? 'x-request-id';
      // A vendor whose error bodies carry the id (errors.requestId in the spec) is read there first.
      const bodyPath = fixture.pkg.metadata.errorRequestId?.[0];
      ctx.fake.failNext(
        route,
        bodyPath
          ? { kind: 'status', status: 401, body: buildAtPath({}, bodyPath, 'req-matrix-401') }
          : { kind: 'status', status: 401, headers: { [header]: 'req-matrix-401' } },
      );
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params));
      expect(error.requestId).toBe('req-matrix-401');
      expect(error.message).toContain('[request id req-matrix-401]');
    });

    it('an aborted signal stops the call with AbortError, without retrying', async () => {
      const { params, route } = setup();
      ctx.fake.failNext(route, { kind: 'delay', ms: 2_000 });
      const controller = new AbortController();
      const stopWatching = abortOnArrival(ctx.fake, controller);
      const error = await rejection(run(connect(fixture, ctx.fake), ref, params, { signal: controller.signal }).finally(stopWatching));
      // A retry would come after a backoff: give it the time to show.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(error).toBeInstanceOf(cls('AbortError'));
      expect(error.name).toBe('AbortError');
      expect(ctx.fake.requests).toHaveLength(1);
    });
  });
});
