/**
 * The JSON Schemas more than one route uses, in one module, so no route imports another: the
 * components every document reference points at (`$ref: '<id>#'`, registered by openapi.ts) and
 * the request parts several routes validate alike. Each route derives the TypeScript types of its
 * body, params and querystring from its schemas (json-schema-to-ts's FromSchema; README,
 * "Routes and their types"), so what is validated and what a handler reads have one source.
 */
import { type ProblemCode } from '@switchyard/runtime';
import { PROBLEMS, PROBLEM_CONTENT_TYPE } from '@switchyard/runtime/internal';
import { TEXT_KEYWORD } from './text-keyword.js';

/** The components, registered once (openapi.ts) and referenced by `$ref: '<id>#'`. */
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

/**
 * External user ids are the application's own identifiers: any non-empty string up to 256
 * characters of well-formed Unicode without control characters, compared exactly (tenancy/input-rules.ts).
 */
export const EXTERNAL_USER_ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 256, [TEXT_KEYWORD]: true } as const;

/** A connector id in a path: text that is not well-formed or holds a control character is a 422; any other unknown id a 404. */
export const ID_PARAMS_SCHEMA = { type: 'object', required: ['id'], properties: { id: { type: 'string', [TEXT_KEYWORD]: true } } } as const;
