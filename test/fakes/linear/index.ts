/**
 * Linear GraphQL fake. POST `${url}/graphql` with `Authorization: <apiKey>` (raw, as Linear API
 * keys are sent) or `Authorization: Bearer <accessToken>` (OAuth).
 */
import { startServer, type FakeServer } from '../harness.js';
import { FakeClock } from '../shared/clock.js';
import { buildLinearData } from './data.js';
import { createLinearHandler } from './handler.js';
import type { LinearData } from './types.js';

export interface LinearFakeOptions {
  /** Personal API key, sent raw in `Authorization` (default `lin_api_test`). */
  apiKey?: string;
  /** OAuth access token, sent as `Bearer` (default `lin_oauth_test`). */
  accessToken?: string;
  /** Teams (default 3: ENG, DES, OPS; at most 6). */
  teams?: number;
  /** Users (default 12; the first is the viewer, the last is deactivated). */
  users?: number;
  /** Issues per team (default 40). */
  issuesPerTeam?: number;
  /** Comments on every issue (default 3). */
  commentsPerIssue?: number;
  /** Single-query complexity ceiling (default 10,000 like Linear; Infinity disables). */
  maxComplexity?: number;
  /** Keep `requests` (default true); benchmarks pass false. */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface LinearFake extends FakeServer {
  readonly data: LinearData;
}

export async function startLinearFake(opts: LinearFakeOptions = {}): Promise<LinearFake> {
  const data = buildLinearData({
    teams: opts.teams,
    users: opts.users,
    issuesPerTeam: opts.issuesPerTeam,
    commentsPerIssue: opts.commentsPerIssue,
  });
  const handler = createLinearHandler({
    ctx: { data, clock: new FakeClock() },
    apiKey: opts.apiKey ?? 'lin_api_test',
    accessToken: opts.accessToken ?? 'lin_oauth_test',
    maxComplexity: opts.maxComplexity ?? 10_000,
  });
  const server = await startServer(handler, {
    record: opts.record,
    port: opts.port,
    // An injected 429/5xx without a body still looks like a GraphQL error envelope.
    failureBody: (status) => ({
      errors: [
        status === 429
          ? { message: 'Rate limit exceeded', extensions: { code: 'RATELIMITED', type: 'ratelimited', userError: true } }
          : { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR', type: 'internal error', userError: false } },
      ],
    }),
  });
  return Object.assign(server, { data });
}

export { LINEAR_FAKE_SDL } from './sdl.js';
export type { LinearData } from './types.js';
