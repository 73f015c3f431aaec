/**
 * HTTP side of the GitHub fake: `POST /graphql` with `{query, variables, operationName}`.
 *
 * Status codes follow GitHub: 401 `Bad credentials` for a wrong token (and "requires you to be
 * authenticated" without one), 403 without a User-Agent, 400 for a body that is not JSON or has
 * no query; everything GraphQL — syntax and validation errors, `NOT_FOUND`, node limits,
 * `EXCESSIVE_PAGINATION`, the primary rate limit (`RATE_LIMITED`) — is HTTP 200 with `errors[]`
 * (and partial `data` when execution started). Every authenticated answer carries GitHub's
 * `x-ratelimit-*` headers (resource `graphql`, reset in epoch seconds) and `x-github-request-id`.
 */
import { execute, type GraphQLError } from 'graphql';
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { documentPreparer } from '../shared/graphql-documents.js';
import { checkNodeLimits } from './limits.js';
import { githubSchema, type GitHubContext } from './schema.js';

export interface GitHubHandlerOptions {
  ctx: GitHubContext;
  token: string;
  /** Points per hour (GitHub: 5,000). */
  rateLimit: number;
}

export interface RateLimitControl {
  /** The next `times` requests find the hourly budget spent: HTTP 200 + RATE_LIMITED, reset in `resetInSeconds`. */
  exhaust(times: number, resetInSeconds: number): void;
}

const DOCS = 'https://docs.github.com/graphql';
const prepare = documentPreparer(githubSchema);

function wireError(error: GraphQLError): Record<string, unknown> {
  const type = error.extensions?.['type'];
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

export function createGitHubHandler(options: GitHubHandlerOptions): Handler & RateLimitControl {
  const schema = githubSchema();
  let windowStart = Date.now();
  let used = 0;
  let requestCount = 0;
  let exhausted: { times: number; resetAt: number } | undefined;

  const rateHeaders = (cost: number): Record<string, string> => {
    const now = Date.now();
    if (now - windowStart >= 3_600_000) {
      windowStart = now;
      used = 0;
    }
    used += cost;
    const spent = exhausted !== undefined;
    return {
      'x-ratelimit-limit': String(options.rateLimit),
      'x-ratelimit-remaining': spent ? '0' : String(Math.max(0, options.rateLimit - used)),
      'x-ratelimit-used': spent ? String(options.rateLimit) : String(used),
      'x-ratelimit-reset': String(spent ? exhausted!.resetAt : Math.ceil((windowStart + 3_600_000) / 1000)),
      'x-ratelimit-resource': 'graphql',
    };
  };

  const handler = async (req: RecordedRequest): Promise<Reply> => {
    requestCount += 1;
    const requestId = `C0DE:${(0x1000 + requestCount).toString(16).toUpperCase()}:5F3A1B:6A2F9C:66A1B2C3`;
    if (req.path !== '/graphql')
      return {
        status: 404,
        headers: { 'x-github-request-id': requestId },
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
      };
    if (!req.headers['user-agent']) {
      return {
        status: 403,
        headers: { 'content-type': 'text/plain', 'x-github-request-id': requestId },
        body: 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.\n',
      };
    }
    const auth = req.headers['authorization']?.trim();
    if (!auth)
      return {
        status: 401,
        headers: { 'x-github-request-id': requestId },
        body: { message: 'This endpoint requires you to be authenticated.', documentation_url: DOCS },
      };
    // GitHub accepts both schemes for every token type.
    if (auth !== `Bearer ${options.token}` && auth !== `token ${options.token}`) {
      return {
        status: 401,
        headers: { 'x-github-request-id': requestId },
        body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql', status: '401' },
      };
    }
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.query !== 'string') {
      return {
        status: 400,
        headers: { 'x-github-request-id': requestId },
        body: { message: 'Problems parsing JSON', documentation_url: DOCS },
      };
    }
    if (exhausted) {
      const headers = { ...rateHeaders(0), 'x-github-request-id': requestId };
      exhausted.times -= 1;
      if (exhausted.times <= 0) exhausted = undefined;
      return {
        headers,
        body: {
          errors: [
            {
              type: 'RATE_LIMITED',
              code: 'graphql_rate_limit',
              message: `API rate limit already exceeded for user ID ${41_000_001}.`,
            },
          ],
        },
      };
    }
    const headers = { ...rateHeaders(1), 'x-github-request-id': requestId };
    const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const prepared = prepare(body.query);
    if (!prepared.document) return { headers, body: { errors: prepared.errors!.map(wireError) } };
    const limits = checkNodeLimits(schema, prepared.document, variables, operationName);
    if (limits.problems.length) return { headers, body: { errors: limits.problems } };
    const result = await execute({
      schema,
      document: prepared.document,
      variableValues: variables,
      operationName,
      contextValue: options.ctx,
    });
    if (!result.errors?.length) return { headers, body: { data: result.data } };
    return { headers, body: { ...(result.data !== undefined ? { data: result.data } : {}), errors: result.errors.map(wireError) } };
  };
  return Object.assign(handler, {
    exhaust(times: number, resetInSeconds: number) {
      exhausted = { times, resetAt: Math.ceil(Date.now() / 1000) + resetInSeconds };
    },
  });
}
