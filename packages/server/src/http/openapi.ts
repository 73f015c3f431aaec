/**
 * The service's OpenAPI document, built by @fastify/swagger from the routes' own JSON Schemas (so
 * the document cannot drift from what the service validates), served at /openapi.json, with a
 * browsable reference at /docs (@fastify/swagger-ui serves its assets from the package: no CDN).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { type ProblemCode } from '@switchyard/runtime';
import { PROBLEMS, PROBLEM_CONTENT_TYPE } from '@switchyard/runtime/internal';

/** Shared schemas, registered once and referenced by `$ref: '<id>#'`. */
export const PROBLEM_SCHEMA = {
  $id: 'Problem',
  type: 'object',
  description: `RFC 9457 problem details (${PROBLEM_CONTENT_TYPE}); branch on \`code\`.`,
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', enum: Object.keys(PROBLEMS) as ProblemCode[] },
    errors: {
      type: 'array',
      description: 'validation_failed: every problem, with its field path',
      items: {
        type: 'object',
        required: ['path', 'rule', 'message'],
        properties: { path: { type: 'string' }, rule: { type: 'string' }, message: { type: 'string' } },
      },
    },
    error_class: { type: 'string', description: 'connector_error: the runtime error class (RateLimitError, NotFoundError, …)' },
    vendor_status: { type: 'integer' },
    vendor_code: { type: 'string' },
    vendor_message: { type: 'string', description: "connector_error: the vendor's own words, when it gave any" },
    retry_after_ms: { type: 'number' },
    reset_at: { type: 'string', format: 'date-time', description: 'connector_error with QuotaExceededError: when the vendor quota renews' },
    request_id: { type: 'string' },
    progress: { type: 'object', additionalProperties: true, description: 'search_not_ready: the sync status' },
  },
  // Problems may carry members beyond these (RFC 9457 §3.2); keep them when serializing.
  additionalProperties: true,
} as const;

const NULLABLE_STRING = { type: ['string', 'null'] } as const;

export const CONNECTOR_VIEW_SCHEMA = {
  $id: 'Connector',
  type: 'object',
  description: 'A connector record and its sync status. Credentials are never returned.',
  required: ['id', 'external_user_id', 'connector_type', 'name', 'created_at', 'updated_at', 'sync_status', 'entities'],
  properties: {
    id: { type: 'string' },
    external_user_id: { type: 'string' },
    connector_type: { type: 'string' },
    name: { type: 'string' },
    config: { type: 'object', additionalProperties: true },
    replication_config: { type: 'object', additionalProperties: true },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    sync_status: { type: 'string', enum: ['pending', 'syncing', 'ready', 'failed'] },
    last_synced_at: NULLABLE_STRING,
    next_sync_at: NULLABLE_STRING,
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          entity: { type: 'string' },
          state: { type: 'string', enum: ['pending', 'syncing', 'ready', 'failed'] },
          records: { type: 'integer' },
          records_per_second: { type: ['number', 'null'] },
          last_synced_at: NULLABLE_STRING,
          mode: { type: ['string', 'null'], enum: ['full', 'incremental', null] },
          error: {
            type: ['object', 'null'],
            properties: { name: { type: 'string' }, message: { type: 'string' } },
          },
          record_problems: {
            type: 'object',
            description: 'Records the current (or last) run could not store and skipped: how many, and the first 10',
            properties: {
              count: { type: 'integer' },
              examples: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    record_id: { type: ['string', 'null'], description: "The vendor's id; null when the record had none" },
                    path: { type: 'string' },
                    problem: { type: 'string', enum: ['not-an-object', 'missing-id', 'record-id', 'refused-by-store'] },
                    message: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const TOKEN_SCHEMA = {
  $id: 'Token',
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', enum: ['bearer'] },
    expires_in: { type: 'integer', description: 'seconds' },
  },
} as const;

/** The error responses every authenticated route can give, for the document. */
export const PROBLEM_RESPONSES = {
  '4xx': { $ref: 'Problem#' },
  '5xx': { $ref: 'Problem#' },
} as const;

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
