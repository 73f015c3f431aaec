/**
 * MCP over Streamable HTTP at `/mcp`, served by the service itself (the handler of @switchyard/mcp,
 * mounted in this Fastify app), and the RFC 9728 protected-resource metadata that tells a client
 * how to authenticate to it.
 *
 * - Authentication is the service's own: the route declares `auth: 'scoped'`, so the auth hook
 *   verifies the bearer token (and charges refused ones to the address's budget) and the rate
 *   limiter charges each MCP request to the token's principal, like any other endpoint. Only a
 *   scoped token is accepted: the endpoint serves exactly one external user's connectors, which an
 *   application token does not name.
 * - A refusal answers the service's problem+json with a `WWW-Authenticate: Bearer` challenge whose
 *   `resource_metadata` points at `/.well-known/oauth-protected-resource`: 401 without a token
 *   (no error code, RFC 6750 §3.1) or with a bad one (`invalid_token`), 403 for an application
 *   token (`insufficient_scope`).
 * - The connectors run in this process (mcp/principal-source.ts says why), so every tool call is
 *   one request to the service and is audited like the execute endpoint's calls (channel `mcp`).
 * - The URL's query chooses the toolset, as `switchyard mcp`'s options do: `tools`, `read_only`,
 *   `only`, `max_result_chars`; a desktop client configures them once, in the URL.
 *
 * The metadata names the endpoint by the service's public URL: SWITCHYARD_PUBLIC_URL when the
 * operator sets it (behind a proxy, the only correct answer), else the URL the request came to
 * (its Host header), which is right for a client that reaches the service directly.
 *
 * The routes are registered at start, and what serves them (@switchyard/mcp with the MCP SDK under
 * it, and this service's connector source for a principal) is loaded by the first request to one of
 * them: about 170 modules and 0.4 CPU s that a service whose clients never use /mcp (and every
 * `switchyard serve` start) does not pay. CONTRIBUTING.md ("Where the suite's time goes") has the
 * figures.
 */
import type { McpHttpHandler, ToolsetOptions } from '@switchyard/mcp';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConnectorFamily } from '../catalog/catalog.js';
import type { PrincipalSourceDeps } from '../mcp/principal-source.js';
import { ServiceError } from '../service-error.js';
import { principalOf } from './auth-hook.js';
import { PROBLEM_CONTENT_TYPE, toProblem } from './problem.js';

export const MCP_PATH = '/mcp';
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

export interface McpEndpointDeps extends PrincipalSourceDeps {
  /** SWITCHYARD_PUBLIC_URL; absent: each request's own origin. */
  readonly publicUrl?: string | undefined;
}

interface McpQuery {
  tools?: 'compact' | 'actions' | 'all';
  read_only?: 'true' | 'false';
  only?: string;
  max_result_chars?: string;
}

const MCP_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tools: {
      type: 'string',
      enum: ['compact', 'actions', 'all'],
      description: 'compact (default): 4 tools; actions: one per entity.action; all: both',
    },
    read_only: { type: 'string', enum: ['true', 'false'], description: 'true: no write tools; `execute` refuses writes before any I/O' },
    only: { type: 'string', minLength: 1, maxLength: 4096, description: 'Comma-separated type.entity.action entries: only these actions' },
    max_result_chars: {
      type: 'string',
      pattern: '^[0-9]{4,9}$',
      description: 'Characters of JSON text a tool result may have (default 100000, at least 1000)',
    },
  },
} as const;

/** What serves the endpoint, loaded once by its first request (see above). */
interface McpParts {
  readonly mcp: typeof import('@switchyard/mcp');
  readonly principalSource: (typeof import('../mcp/principal-source.js'))['principalSource'];
  readonly handler: McpHttpHandler;
}

export function registerMcpEndpoint(app: FastifyInstance, deps: McpEndpointDeps): void {
  const origin = (request: FastifyRequest) => deps.publicUrl ?? requestOrigin(request);
  const metadataUrl = (request: FastifyRequest) => `${origin(request)}${PROTECTED_RESOURCE_PATH}`;
  let loading: Promise<McpParts> | undefined;
  const parts = (): Promise<McpParts> => {
    loading ??= (async () => {
      const [mcp, { principalSource }] = await Promise.all([import('@switchyard/mcp'), import('../mcp/principal-source.js')]);
      const handler = mcp.createMcpHttpHandler({
        // Never called: the service authenticates every request before it reaches the handler (`source` below).
        authenticate: async () => null,
        resourceMetadataUrl: '',
        onerror: (error) => app.log.error({ err: error }, 'MCP request failed'),
      });
      return { mcp, principalSource, handler };
    })().catch((error: unknown) => {
      loading = undefined; // a failed load (a module missing from a broken install) is tried again by the next request
      throw error;
    });
    return loading;
  };
  // Only a handler that was made has anything to close.
  app.addHook('onClose', async () => {
    const made = await loading?.catch(() => undefined);
    await made?.handler.close();
  });

  // RFC 9728 §3.1 places the document of `<origin>/mcp` at the path-suffixed well-known URL; the
  // challenge names the root one, which clients also try. Both answer the same document.
  for (const path of [PROTECTED_RESOURCE_PATH, `${PROTECTED_RESOURCE_PATH}${MCP_PATH}`]) {
    app.get(
      path,
      {
        config: { auth: 'none' },
        schema: {
          // One entry in the document; the path-suffixed alias answers the same.
          hide: path !== PROTECTED_RESOURCE_PATH,
          tags: ['mcp'],
          summary: 'Protected-resource metadata of the MCP endpoint (RFC 9728)',
          response: { 200: { type: 'object', additionalProperties: true } },
        },
      },
      async (request) =>
        (await parts()).mcp.protectedResourceMetadata({
          resource: `${origin(request)}${MCP_PATH}`,
          documentation: `${origin(request)}/docs`,
        }),
    );
  }

  app.route<{ Querystring: McpQuery }>({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_PATH,
    config: { auth: 'scoped' },
    schema: {
      tags: ['mcp'],
      summary: "MCP over Streamable HTTP: the scoped token's external user's connectors as tools",
      description:
        'JSON-RPC per the MCP specification (stateless: POST answers each request; GET and DELETE answer 405). ' +
        'Tools: list_connectors, describe_connector, execute, search (compact, the default), or one per entity.action. ' +
        'Every execute and search is recorded in the audit log with the tool call’s `intent`.',
      security: [{ bearer: [] }],
      querystring: MCP_QUERY_SCHEMA,
    },
    errorHandler: async (error, request, reply) =>
      challenge(error, request, reply, metadataUrl(request), async () => (await parts()).mcp.bearerChallenge),
    handler: async (request, reply) => {
      const { principalSource, handler, mcp } = await parts();
      const source = principalSource(
        { ...deps, onUnexpected: (error) => request.log.error({ err: error }, 'MCP tool call failed') },
        principalOf(request),
      );
      const toolset = toolsetOf(request.query, deps.catalog.families(), mcp.allowListProblems);
      // The SDK's adapter writes the answer to the socket itself; headers Fastify has set (the
      // rate limit's, the request id's) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      // What fails inside the SDK's adapter is answered 500 by it, and logged here.
      await mcp.toNodeHandler(
        { fetch: (webRequest, options) => handler.fetch(webRequest, { ...options, source, toolset }) },
        { onerror: (error) => request.log.error({ err: error }, 'MCP request failed') },
      )(request.raw, reply.raw, request.body);
    },
  });
}

/**
 * host[:port] as a Host header may hold it (RFC 9110 §7.2): a name or an IPv4 address, or an IPv6
 * one in brackets. Anything else (quotes, spaces, a path) never reaches a URL the service prints.
 */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** The origin a client reached: its Host header when that is a host, else the address it connected to. */
function requestOrigin(request: FastifyRequest): string {
  if (HOST_HEADER.test(request.host)) return `${request.protocol}://${request.host}`;
  const { localAddress = '127.0.0.1', localPort } = request.socket;
  return `${request.protocol}://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

/**
 * The toolset options of the /mcp URL, checked before the MCP SDK sees the request: a mistake is a
 * 422 naming its parameter. `only` may name any action of the connector types this service runs
 * (a user without a connector of that type gets no tool for it, not an error).
 */
function toolsetOf(
  query: McpQuery,
  packages: readonly ConnectorFamily[],
  problemsOf: McpParts['mcp']['allowListProblems'],
): ToolsetOptions {
  const readOnly = query.read_only === 'true';
  const only = query.only
    ?.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const maxResultChars = query.max_result_chars === undefined ? undefined : Number(query.max_result_chars);
  const errors = [
    ...(only
      ? problemsOf(only, packages, { hosted: true, readOnly }).map((message) => ({
          path: 'only',
          rule: 'enum',
          message,
        }))
      : []),
    ...(maxResultChars !== undefined && maxResultChars < 1_000
      ? [{ path: 'max_result_chars', rule: 'minimum', message: 'must be at least 1000' }]
      : []),
  ];
  if (errors.length > 0)
    throw new ServiceError('validation_failed', errors.map((error) => `${error.path}: ${error.message}`).join('; '), { errors });
  return {
    tools: query.tools ?? 'compact',
    readOnly,
    packages,
    ...(only && only.length > 0 ? { only } : {}),
    ...(maxResultChars !== undefined ? { maxResultChars } : {}),
  };
}

/**
 * 401 and 403 of the MCP endpoint carry the Bearer challenge (RFC 6750 §3) with the metadata's URL
 * (RFC 9728 §5.1), so a client learns where to read how to authenticate. Other failures go to the
 * app's problem handler unchanged.
 */
async function challenge(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  metadataUrl: string,
  loadBearerChallenge: () => Promise<McpParts['mcp']['bearerChallenge']>,
): Promise<FastifyReply> {
  const { problem, headers } = toProblem(error);
  if (problem.status !== 401 && problem.status !== 403) throw error;
  const bearerChallenge = await loadBearerChallenge();
  const sentToken = request.headers.authorization !== undefined;
  const www =
    problem.status === 403
      ? bearerChallenge(metadataUrl, { error: 'insufficient_scope', description: problem.detail })
      : bearerChallenge(metadataUrl, sentToken ? { error: 'invalid_token', description: problem.detail } : undefined);
  return reply
    .code(problem.status)
    .headers({ ...headers, 'www-authenticate': www, 'cache-control': 'no-store' })
    .type(PROBLEM_CONTENT_TYPE)
    .send({ ...problem, instance: MCP_PATH });
}
