/**
 * GitHub GraphQL fake. POST `${url}/graphql` with `Authorization: Bearer <token>` and a
 * User-Agent. It serves GitHub's published schema (see schema.ts), so every document is validated
 * and executed by graphql-js exactly as GitHub's schema allows, over seeded data (data.ts).
 */
import { startServer, type FakeServer } from '../harness.js';
import { buildGitHubData, type GitHubData, type GitHubDataOptions } from './data.js';
import { createGitHubHandler, type RateLimitControl } from './handler.js';

export interface GitHubFakeOptions extends GitHubDataOptions {
  /** Accepted token (default `ghp_test`). */
  token?: string;
  /** Points per hour reported in x-ratelimit-limit (default 5,000). */
  rateLimit?: number;
  /** Keep `requests` (default true). */
  record?: boolean;
  /** Port of the API server (default 0: a free one; `switchyard fake --port`). */
  port?: number;
}

export interface GitHubFake extends FakeServer {
  readonly data: GitHubData;
  /** The primary rate limit: make the next requests find the hourly budget spent. */
  readonly rateLimit: RateLimitControl;
}

/** What GitHub says with a secondary limit (with or without Retry-After), for the tests that inject one. */
export const SECONDARY_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID C0DE:1:5F3A1B:6A2F9C:66A1B2C3.';

export async function startGitHubFake(opts: GitHubFakeOptions = {}): Promise<GitHubFake> {
  const data = buildGitHubData(opts);
  const handler = createGitHubHandler({ ctx: { data }, token: opts.token ?? 'ghp_test', rateLimit: opts.rateLimit ?? 5_000 });
  const server = await startServer(handler, {
    record: opts.record,
    port: opts.port,
    // Injected failures look like GitHub's. A 403 without a rate-limit header is a permission
    // refusal (its words decide: one saying "secondary rate limit" is throttling, which a test
    // injects with that body); a 429 is the primary limit's words; 5xx carry a message body.
    failureBody: (status) =>
      status === 403
        ? {
            message: 'Resource not accessible by integration',
            documentation_url: 'https://docs.github.com/rest/overview/permissions-required-for-github-apps',
          }
        : status === 429
          ? {
              message: 'API rate limit exceeded for user ID 1.',
              documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
            }
          : status >= 500
            ? { message: 'Server Error' }
            : { message: 'Not Found', documentation_url: 'https://docs.github.com/graphql' },
  });
  return Object.assign(server, { data, rateLimit: { exhaust: handler.exhaust } });
}

export type { GitHubData } from './data.js';
