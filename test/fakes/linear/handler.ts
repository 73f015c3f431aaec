/**
 * HTTP side of the Linear fake: `POST /graphql` with `{query, variables, operationName}`.
 *
 * Status codes follow Linear: 401 for missing/wrong credentials, 400 for unparsable bodies,
 * syntax and validation errors, bad variables, `first` > 250 and over-complex queries; 200 for
 * everything else, including resolver errors such as `Entity not found` (`data: null` plus
 * `errors[]`). Every authenticated answer carries the rate-limit and complexity headers.
 */
import { execute } from 'graphql';
import type { Handler, RecordedRequest, Reply } from '../harness.js';
import { documentPreparer } from '../shared/graphql-documents.js';
import { complexityOf } from './complexity.js';
import type { LinearContext } from './context.js';
import { requestError, toWire, type WireError } from './errors.js';
import { linearSchema } from './schema.js';

export interface LinearHandlerOptions {
  ctx: LinearContext;
  apiKey: string;
  accessToken: string;
  /** Single-query complexity ceiling (Linear: 10,000 points). */
  maxComplexity: number;
}

const REQUEST_LIMIT = 5_000;
const COMPLEXITY_LIMIT = 250_000;
const HOUR_MS = 3_600_000;

const prepare = documentPreparer(linearSchema);

const AUTH_ERROR: WireError = {
  message: 'Authentication required, not authenticated',
  extensions: {
    code: 'AUTHENTICATION_ERROR',
    type: 'authentication error',
    userError: true,
    userPresentableMessage: 'You need to authenticate to access this operation.',
  },
};

export function createLinearHandler(options: LinearHandlerOptions): Handler {
  const schema = linearSchema();
  // Budgets reset on a rolling hour, in real time, so X-RateLimit-*-Reset is meaningful to clients.
  let windowStart = Date.now();
  let requestsUsed = 0;
  let complexityUsed = 0;

  const rateHeaders = (complexity: number): Record<string, string> => {
    const now = Date.now();
    if (now - windowStart >= HOUR_MS) {
      windowStart = now;
      requestsUsed = 0;
      complexityUsed = 0;
    }
    requestsUsed += 1;
    complexityUsed += complexity;
    const reset = String(windowStart + HOUR_MS);
    return {
      'x-ratelimit-requests-limit': String(REQUEST_LIMIT),
      'x-ratelimit-requests-remaining': String(Math.max(0, REQUEST_LIMIT - requestsUsed)),
      'x-ratelimit-requests-reset': reset,
      'x-ratelimit-complexity-limit': String(COMPLEXITY_LIMIT),
      'x-ratelimit-complexity-remaining': String(Math.max(0, COMPLEXITY_LIMIT - complexityUsed)),
      'x-ratelimit-complexity-reset': reset,
      'x-complexity': String(complexity),
    };
  };

  return async (req: RecordedRequest): Promise<Reply> => {
    if (req.path !== '/graphql') return { status: 404, body: 'Not Found', headers: { 'content-type': 'text/plain' } };
    // API keys go in raw; OAuth tokens need `Bearer`. `Bearer <api key>` fails, as on Linear.
    const auth = req.headers.authorization?.trim();
    if (auth !== options.apiKey && auth !== `Bearer ${options.accessToken}`) return { status: 401, body: { errors: [AUTH_ERROR] } };
    if (req.method !== 'POST') {
      return {
        status: 405,
        headers: { allow: 'POST' },
        body: { errors: [requestError('Only POST requests are supported', 'BAD_REQUEST', 'bad request')] },
      };
    }
    const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.query !== 'string' || body.query.trim() === '') {
      return { status: 400, body: { errors: [requestError('Must provide query string.', 'BAD_REQUEST', 'bad request')] } };
    }
    const variables = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;

    const prepared = prepare(body.query);
    if (!prepared.document) {
      const code = prepared.syntax ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
      return { status: 400, body: { errors: prepared.errors!.map((e) => requestError(e.message, code, 'graphql error', e.locations)) } };
    }
    const complexity = complexityOf(prepared.document, operationName, variables);
    const headers = rateHeaders(complexity);
    if (complexity > options.maxComplexity) {
      const message = `Query too complex - complexity: ${complexity}, maximum: ${options.maxComplexity}`;
      return { status: 400, headers, body: { errors: [requestError(message, 'INVALID_INPUT', 'invalid input')] } };
    }

    const result = await execute({
      schema,
      document: prepared.document,
      variableValues: variables,
      operationName,
      contextValue: options.ctx,
    });
    if (!('data' in result) || result.data === undefined) {
      // Variable coercion / operation selection failed before execution started.
      return {
        status: 400,
        headers,
        body: { errors: (result.errors ?? []).map((e) => requestError(e.message, 'BAD_USER_INPUT', 'graphql error', e.locations)) },
      };
    }
    if (!result.errors?.length) return { headers, body: { data: result.data } };
    let status = 200;
    const errors = result.errors.map((e) => {
      const { wire, status: s } = toWire(e);
      status = Math.max(status, s);
      return wire;
    });
    return { status, headers, body: { data: result.data, errors } };
  };
}
