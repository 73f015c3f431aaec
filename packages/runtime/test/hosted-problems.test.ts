/**
 * Every problem the execution service answers maps back to the error class open-source mode
 * raises for the same cause, with the same fields, so user code does not change between modes.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  MalformedResponseError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  SyncNotReadyError,
  TimeoutError,
  ValidationError,
  VendorError,
} from '@switchyard/runtime';
import { rejection, useServers, type Reply } from './helpers.js';
import { fakeService, hostedMetadata, hostedClient, hostedOptions, problem, requestsTo } from './hosted-service-fake.js';

const serve = useServers();
const EXECUTE = /\/execute$/;

async function failWith(reply: Reply, call: [string, string, Record<string, unknown>] = ['widgets', 'get', { id: 'w1' }]) {
  const { state, handler } = fakeService();
  state.execute = () => reply;
  const server = await serve(handler);
  const client = hostedClient(hostedMetadata(server.url), hostedOptions(server, { connectorId: 'conn-1' }));
  const error = await rejection(client.execute(...call));
  return { error, executes: requestsTo(server, EXECUTE).length };
}

const connectorError = (status: number, fields: Record<string, unknown>, headers: Record<string, string> = {}): Reply => {
  const reply = problem(status, 'connector_error', String(fields['detail'] ?? 'the vendor failed'), fields);
  return { ...reply, headers: { ...reply.headers, ...headers } };
};

describe('problem+json → runtime error classes', () => {
  it('validation_failed → ValidationError with the same issues, named like open-source mode', async () => {
    const issues = [
      { path: 'id', rule: 'minLength', message: 'must be at least 1 character' },
      { path: 'query.filter.eq.nme', rule: 'searchable-field', message: 'nme is not searchable; allowed: name, color' },
    ];
    const { error } = await failWith(problem(422, 'validation_failed', '2 invalid parameters', { errors: issues }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual(issues);
    expect(error.message).toBe(new ValidationError('widgets widgets.get', issues).message);
  });

  it.each([
    ['NotFoundError', NotFoundError, 404],
    ['AuthenticationError', AuthenticationError, 401],
    ['PermissionDeniedError', PermissionDeniedError, 403],
    ['ConflictError', ConflictError, 409],
    ['ServerError', ServerError, 503],
    ['ApiError', ApiError, 400],
  ] as const)(
    'connector_error with error_class %s → that class, with the vendor status, code and request id',
    async (name, ErrorClass, vendorStatus) => {
      const { error, executes } = await failWith(
        connectorError(502, {
          error_class: name,
          vendor_status: vendorStatus,
          vendor_code: 'thing_failed',
          request_id: 'req-77',
          detail: `widgets widgets.get failed with HTTP ${vendorStatus}`,
        }),
      );
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error.name).toBe(name);
      expect(error).toMatchObject({ status: vendorStatus, code: 'thing_failed', requestId: 'req-77' });
      expect(error.message).toBe(`widgets widgets.get failed with HTTP ${vendorStatus}`);
      // The service already retried the vendor with the connector's policy: a read is not sent again.
      expect(executes).toBe(1);
    },
  );

  it('connector_error VendorError → VendorError with the vendor code', async () => {
    const { error } = await failWith(
      connectorError(502, { error_class: 'VendorError', vendor_status: 200, vendor_code: 'channel_not_found' }),
    );
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toMatchObject({ code: 'channel_not_found', status: 200 });
  });

  it('connector_error RateLimitError (HTTP 429) → RateLimitError with retryAfterMs', async () => {
    const { error } = await failWith(
      // Longer than the runtime waits on its own (maxRetryAfterMs), so it is raised at once.
      connectorError(429, { error_class: 'RateLimitError', vendor_status: 429, retry_after_ms: 120_000 }, { 'retry-after': '120' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 120_000 });
  });

  it.each([
    ['TimeoutError', TimeoutError, 504],
    ['ConnectionError', ConnectionError, 502],
    ['MalformedResponseError', MalformedResponseError, 502],
  ] as const)('connector_error with error_class %s → that class, not retried', async (name, ErrorClass, status) => {
    const { error, executes } = await failWith(connectorError(status, { error_class: name, detail: `${name} at the vendor` }));
    expect(error).toBeInstanceOf(ErrorClass);
    // The service words its detail without the call's name (its client knows what it called); the SDK names it.
    expect(error.message).toBe(`widgets widgets.get: ${name} at the vendor`);
    expect(executes).toBe(1);
  });

  it("connector_error carries the vendor's words as vendorMessage; the message names the call once", async () => {
    const { error } = await failWith(
      connectorError(502, {
        error_class: 'NotFoundError',
        vendor_status: 404,
        vendor_message: 'No widget w1',
        detail: 'the vendor has no such record (HTTP 404): No widget w1',
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.vendorMessage).toBe('No widget w1');
    expect(error.message).toBe('widgets widgets.get: the vendor has no such record (HTTP 404): No widget w1');
  });

  it.each([
    [503, ServerError],
    [418, ApiError],
  ] as const)('an error_class this SDK does not know (a newer service) → the class of the vendor status %i', async (status, ErrorClass) => {
    const { error } = await failWith(connectorError(502, { error_class: 'SomeFutureError', vendor_status: status }));
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
  });

  it('a code this SDK does not know (a newer service) → ApiError saying the request was refused', async () => {
    const { error } = await failWith(problem(451, 'some_future_code', 'not here'));
    expect(error.name).toBe('ApiError');
    expect(error).toMatchObject({ status: 451, code: 'some_future_code' });
    expect(error.message).toBe('widgets widgets.get: the execution service refused the request (HTTP 451): not here');
  });

  it('search_not_ready → SyncNotReadyError carrying the progress', async () => {
    const progress = {
      sync_status: 'syncing',
      last_synced_at: null,
      next_sync_at: null,
      entities: [
        { entity: 'widgets', state: 'syncing', records: 1200, records_per_second: 300, last_synced_at: null, mode: 'full', error: null },
      ],
    };
    const { error } = await failWith(problem(409, 'search_not_ready', 'the first sync of widgets has not finished', { progress }), [
      'widgets',
      'search',
      { query: {} },
    ]);
    expect(error).toBeInstanceOf(SyncNotReadyError);
    expect(error.progress).toEqual(progress);
    expect(error.message).toBe('widgets widgets.search: the first sync of widgets has not finished');
  });

  it('a detail that already names the call (the service says which search) is not prefixed twice', async () => {
    const detail = 'widgets widgets.search: the first sync of widgets has not finished yet (syncing, 12 records so far)';
    const { error } = await failWith(problem(409, 'search_not_ready', detail), ['widgets', 'search', { query: {} }]);
    expect(error.message).toBe(detail);
  });

  it('unauthorized (still, after one renewal) → AuthenticationError', async () => {
    const { error, executes } = await failWith(problem(401, 'unauthorized', 'token revoked'));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.status).toBe(401);
    expect(executes).toBe(2); // the first 401 renews the scoped token and replays once
  });

  it.each([
    ['forbidden', 403, PermissionDeniedError],
    ['not_found', 404, NotFoundError],
    ['internal_error', 500, ServerError],
    ['invalid_request', 400, ApiError],
    ['payload_too_large', 413, ApiError],
  ] as const)('%s (HTTP %i) → its class', async (code, status, ErrorClass) => {
    const { error } = await failWith(problem(status, code, `${code} detail`));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.name).toBe(ErrorClass.name);
    expect(error).toMatchObject({ status, code });
    expect(error.message).toContain(`${code} detail`);
  });

  it('rate_limited (the service’s own limit) → RateLimitError with retryAfterMs from Retry-After', async () => {
    const reply = problem(429, 'rate_limited', 'too many requests for this token');
    const { error } = await failWith({ ...reply, headers: { ...reply.headers, 'retry-after': '90' } });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.retryAfterMs).toBe(90_000);
  });

  it('a non-problem answer (a proxy in front of the service) keeps the class of its status', async () => {
    const { error } = await failWith({ status: 503, headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' });
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
  });
});
