/**
 * Intercom REST API 2.11 fake. Point a connector at `url` (Intercom has no base path) and
 * authenticate with `Authorization: Bearer <accessToken>`. Lists page like Intercom's: contacts and
 * conversations by `starting_after` cursor, companies by page number (and without the companies
 * that have no contacts); teams, admins, tags and segments in one response.
 */
import { startServer, type FakeServer } from '../harness.js';
import { createRandom } from '../shared/random.js';
import { buildIntercomData } from './data.js';
import { defaultErrorBody, requestIdFrom } from './errors.js';
import { createIntercomHandler, type RateLimitState } from './handlers.js';
import type { IntercomData } from './types.js';

export interface IntercomFakeOptions {
  /** Access token the fake accepts (default `ic_test_token`). */
  accessToken?: string;
  /** Contacts (default 60). */
  contacts?: number;
  /** Conversations (default 3/4 of the contacts). */
  conversations?: number;
  /** Companies (default 24; a third of them have no contacts and are not listed). */
  companies?: number;
  /** Keep `requests` (default true); benchmarks pass false. */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface IntercomFake extends FakeServer {
  readonly data: IntercomData;
  /**
   * The next `times` authenticated requests answer 429 `rate_limit_exceeded` with
   * `X-RateLimit-Remaining: 0` and `X-RateLimit-Reset` `resetInSeconds` from now (Unix seconds),
   * and no Retry-After, as Intercom does.
   */
  throttleNext(times?: number, resetInSeconds?: number): void;
}

export async function startIntercomFake(opts: IntercomFakeOptions = {}): Promise<IntercomFake> {
  const data = buildIntercomData({ contacts: opts.contacts, conversations: opts.conversations, companies: opts.companies });
  const rng = createRandom('intercom:requests');
  const limits: RateLimitState = { perWindow: 167, remaining: 167, windowEndsS: 0, throttle: 0, throttleResetS: 1 };
  const server = await startServer(createIntercomHandler({ data, accessToken: opts.accessToken ?? 'ic_test_token', rng, limits }), {
    record: opts.record,
    port: opts.port,
    failureBody: (status) => defaultErrorBody(status, requestIdFrom(rng)),
  });
  const reset = server.reset.bind(server);
  return Object.assign(server, {
    data,
    throttleNext(times = 1, resetInSeconds = 1) {
      limits.throttle += times;
      limits.throttleResetS = resetInSeconds;
    },
    reset() {
      reset();
      limits.throttle = 0;
    },
  });
}

export type { IntercomData, Json } from './types.js';
