/**
 * The service's OpenAPI document, built by @fastify/swagger from the routes' own JSON Schemas (so
 * the document cannot drift from what the service validates), served at /openapi.json, with a
 * browsable reference at /docs (@fastify/swagger-ui serves its assets from the package: no CDN).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CONNECTOR_VIEW_SCHEMA, PROBLEM_SCHEMA, TOKEN_SCHEMA } from './schemas.js';

/** Registers the shared components (schemas.ts) and serves the document built from every route's schemas. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  for (const schema of [PROBLEM_SCHEMA, CONNECTOR_VIEW_SCHEMA, TOKEN_SCHEMA]) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchyard execution service',
        version,
        description:
          'Hosted connectors: create a connector record with credentials, execute `{entity, action, params}` by connector id, search the synced copy. Errors are RFC 9457 problem+json with a stable `code`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An application token, a scoped token, or (admin API) SWITCHYARD_ADMIN_TOKEN',
          },
        },
      },
    },
    // Components keep their `$id` names (Problem, Connector, Token) instead of def-0, def-1, ….
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none', rateLimit: false } }, async () => app.swagger());
}
