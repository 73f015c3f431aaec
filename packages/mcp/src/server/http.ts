/**
 * MCP over Streamable HTTP for the execution service's `/mcp`: a web-standard `fetch(request)`
 * handler (on Node, `toNodeHandler(handler)` gives a `(req, res, parsedBody?)` one). Each request
 * carries a bearer token; `authenticate` turns it into the connector source of exactly that
 * principal (the service: the scoped token's external user), and the tools of that request are
 * built from it, so one token never sees another user's connectors.
 *
 * A request without a token, or with one `authenticate` refuses, is answered 401 with a
 * `WWW-Authenticate: Bearer` challenge whose `resource_metadata` points at the protected-resource
 * metadata (RFC 9728), which `protectedResourceMetadata` builds for the service to serve at
 * `/.well-known/oauth-protected-resource`; standard clients discover how to authenticate from it.
 */
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { ConnectorSource } from '../connectors/source.js';
import { buildToolset, type ToolsetOptions } from '../engine/toolset.js';
import { createMcpServer } from './mcp-server.js';

export interface McpHttpHandlerOptions {
  /**
   * The connector source of the token's principal, or null when the token is not valid (expired,
   * revoked, malformed). Throwing is a server failure (503), not a refusal. Not called for a
   * request whose caller passes `source` (it authenticated the request itself).
   */
  authenticate(token: string, request: Request): Promise<ConnectorSource | null>;
  /** Absolute URL of the protected-resource metadata document, for the 401 challenge. */
  resourceMetadataUrl: string;
  /** The tools each request gets (compact by default), its budget, read-only mode, allow-list. */
  toolset?: ToolsetOptions;
  /** Failures worth logging: an `authenticate` that threw, an SDK error. */
  onerror?: (error: Error) => void;
}

export interface McpHttpHandler {
  /**
   * Serves one request. `parsedBody`: the JSON body when a framework has already read it (Fastify,
   * `express.json()`), as `toNodeHandler(handler)(req, res, body)` passes it.
   */
  fetch(request: Request, options?: McpFetchOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface McpFetchOptions {
  /** The JSON body when a framework has already read it. */
  readonly parsedBody?: unknown;
  /**
   * The connector source of a request the caller has authenticated itself (the execution service
   * verifies the token, and charges its rate budget, before the request gets here); without it the
   * handler reads the bearer token and calls `authenticate`.
   */
  readonly source?: ConnectorSource;
  /** This request's toolset options, in place of the handler's (the service reads them from the /mcp URL). */
  readonly toolset?: ToolsetOptions;
}

interface Authenticated {
  readonly source: ConnectorSource;
  readonly toolset: ToolsetOptions | undefined;
}

/** Where the authenticated source rides from fetch() to the server factory, in AuthInfo.extra. */
const SOURCE_KEY = 'switchyardConnectorSource';

export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const sdk = createMcpHandler(
    async ({ authInfo }) => {
      const authenticated = authInfo?.extra?.[SOURCE_KEY] as Authenticated | undefined;
      // Unreachable through `fetch` below, which authenticates first; a guard for direct use of the SDK handler.
      if (!authenticated) throw new Error('MCP request without an authenticated connector source');
      return createMcpServer(await buildToolset(authenticated.source, authenticated.toolset));
    },
    options.onerror ? { onerror: options.onerror } : {},
  );
  return {
    async fetch(request, requestOptions) {
      const toolset = requestOptions?.toolset ?? options.toolset;
      const parsed = requestOptions?.parsedBody !== undefined ? { parsedBody: requestOptions.parsedBody } : {};
      if (requestOptions?.source) {
        const extra = { [SOURCE_KEY]: { source: requestOptions.source, toolset } satisfies Authenticated };
        return sdk.fetch(request, { authInfo: { token: '', clientId: 'switchyard', scopes: [], extra }, ...parsed });
      }
      const token = bearerToken(request.headers.get('authorization'));
      if (token === undefined) return unauthorized(options.resourceMetadataUrl);
      let source: ConnectorSource | null;
      try {
        source = await options.authenticate(token, request);
      } catch (error) {
        options.onerror?.(error instanceof Error ? error : new Error(String(error)));
        return Response.json(
          { error: 'temporarily_unavailable', error_description: 'could not check the token; try again' },
          { status: 503 },
        );
      }
      if (!source) return unauthorized(options.resourceMetadataUrl, 'the bearer token is not valid (expired, revoked or unknown)');
      return sdk.fetch(request, {
        authInfo: { token, clientId: 'switchyard', scopes: [], extra: { [SOURCE_KEY]: { source, toolset } satisfies Authenticated } },
        ...parsed,
      });
    },
    close: () => sdk.close(),
  };
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(header: string | null): string | undefined {
  const match = header === null ? null : /^Bearer +([^\s]+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * 401 with the RFC 6750 challenge and RFC 9728's `resource_metadata`. Without a token the
 * challenge carries no error code (RFC 6750 §3.1); a refused token gets `invalid_token`.
 */
export function unauthorized(resourceMetadataUrl: string, invalidToken?: string): Response {
  return Response.json(
    invalidToken
      ? { error: 'invalid_token', error_description: invalidToken }
      : { error: 'unauthorized', error_description: 'send Authorization: Bearer <scoped token>' },
    {
      status: 401,
      headers: {
        'www-authenticate': bearerChallenge(resourceMetadataUrl, invalidToken && { error: 'invalid_token', description: invalidToken }),
        'cache-control': 'no-store',
      },
    },
  );
}

/**
 * The `WWW-Authenticate: Bearer` challenge (RFC 6750 §3) with RFC 9728's `resource_metadata`.
 * `error`: `invalid_token` for a refused token (401), `insufficient_scope` for a token of the
 * wrong kind (403); none when no token was sent. The description must not hold a double quote.
 */
export function bearerChallenge(
  resourceMetadataUrl: string,
  error?: { readonly error: 'invalid_token' | 'insufficient_scope'; readonly description: string } | '' | undefined,
): string {
  const params = [`realm="switchyard"`, `resource_metadata=${quoted(resourceMetadataUrl)}`];
  if (error) params.push(`error="${error.error}"`, `error_description=${quoted(error.description.replaceAll('"', "'"))}`);
  return `Bearer ${params.join(', ')}`;
}

/**
 * An HTTP quoted-string (RFC 9110 §5.6.4): `"` and `\` escaped, so a value that came from a request
 * (a URL built from its Host header) cannot end the parameter and add others.
 */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

export interface ProtectedResourceOptions {
  /** The MCP endpoint's URL (`https://switchyard.example.com/mcp`). */
  resource: string;
  /** OAuth authorization servers that issue tokens for it, if any. Switchyard's scoped tokens come from its token API. */
  authorizationServers?: readonly string[];
  /** Where a person reads how to get a token. */
  documentation?: string;
}

/** The RFC 9728 protected-resource metadata of the MCP endpoint: tokens go in the Authorization header. */
export function protectedResourceMetadata(options: ProtectedResourceOptions): Record<string, unknown> {
  return {
    resource: options.resource,
    ...(options.authorizationServers?.length ? { authorization_servers: [...options.authorizationServers] } : {}),
    bearer_methods_supported: ['header'],
    resource_name: 'Switchyard MCP',
    ...(options.documentation ? { resource_documentation: options.documentation } : {}),
  };
}

/** A Node `(req, res, parsedBody?)` handler for `node:http`, Express or Fastify (`reply.raw`), from the SDK's adapter. */
export { toNodeHandler };
