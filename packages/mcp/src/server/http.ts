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
   * revoked, malformed). Throwing is a server failure (503), not a refusal.
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
  fetch(request: Request, options?: { parsedBody?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** Where the authenticated source rides from fetch() to the server factory, in AuthInfo.extra. */
const SOURCE_KEY = 'switchyardConnectorSource';

export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const sdk = createMcpHandler(
    async ({ authInfo }) => {
      const source = authInfo?.extra?.[SOURCE_KEY] as ConnectorSource | undefined;
      // Unreachable through `fetch` below, which authenticates first; a guard for direct use of the SDK handler.
      if (!source) throw new Error('MCP request without an authenticated connector source');
      return createMcpServer(await buildToolset(source, options.toolset));
    },
    options.onerror ? { onerror: options.onerror } : {},
  );
  return {
    async fetch(request, requestOptions) {
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
        authInfo: { token, clientId: 'switchyard', scopes: [], extra: { [SOURCE_KEY]: source } },
        ...(requestOptions?.parsedBody !== undefined ? { parsedBody: requestOptions.parsedBody } : {}),
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
  const params = [`realm="switchyard"`, `resource_metadata="${resourceMetadataUrl}"`];
  if (invalidToken) params.push('error="invalid_token"', `error_description="${invalidToken}"`);
  return Response.json(
    invalidToken
      ? { error: 'invalid_token', error_description: invalidToken }
      : { error: 'unauthorized', error_description: 'send Authorization: Bearer <scoped token>' },
    { status: 401, headers: { 'www-authenticate': `Bearer ${params.join(', ')}`, 'cache-control': 'no-store' } },
  );
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
