/**
 * The connector families this service runs, with everything a client needs to create one: the
 * credential kinds' schemas, the config and replication schemas, and per entity its actions and
 * searchable fields. Public: it holds only the published schemas.
 */
import type { FastifyInstance } from 'fastify';
import { describeConnectorType, type ConnectorCatalog } from '../../catalog/catalog.js';

export function registerConnectorTypeRoutes(app: FastifyInstance, catalog: ConnectorCatalog): void {
  // The catalog is fixed for the life of the process, so the listing is built once.
  const body = { data: catalog.families().map(describeConnectorType) };
  app.get(
    '/api/v1/connector-types',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['connector types'],
        summary: 'Connector types with their credential, config and replication schemas',
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    connector_type: { type: 'string' },
                    title: { type: 'string' },
                    credential_kinds: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { name: { type: 'string' }, schema: { type: 'object', additionalProperties: true } },
                      },
                    },
                    config_schema: { type: 'object', additionalProperties: true },
                    replication_schema: { type: 'object', additionalProperties: true },
                    entities: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          entity: { type: 'string' },
                          actions: { type: 'array', items: { type: 'string' } },
                          searchable_fields: { type: 'array', items: { type: 'string' } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => body,
  );
}
