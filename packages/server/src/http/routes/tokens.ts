/**
 * Token issuance. An application exchanges its client id and secret for an application token; an
 * application token asks for a token scoped to one of its external users (what an end user's
 * client holds: it reaches that user's connectors only).
 */
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Tenancy } from '../../service-types.js';
import { principalOf } from '../auth-hook.js';
import { EXTERNAL_USER_ID_SCHEMA, PROBLEM_RESPONSES } from '../schemas.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

const APPLICATION_TOKEN_BODY_SCHEMA = {
  type: 'object',
  required: ['client_id', 'client_secret'],
  additionalProperties: false,
  properties: {
    client_id: { type: 'string', minLength: 1, maxLength: 200, [TEXT_KEYWORD]: true },
    client_secret: { type: 'string', minLength: 1, maxLength: 500, [TEXT_KEYWORD]: true },
  },
} as const;

const SCOPED_TOKEN_BODY_SCHEMA = {
  type: 'object',
  required: ['external_user_id'],
  additionalProperties: false,
  properties: { external_user_id: EXTERNAL_USER_ID_SCHEMA },
} as const;

type ApplicationTokenBody = FromSchema<typeof APPLICATION_TOKEN_BODY_SCHEMA>;
type ScopedTokenBody = FromSchema<typeof SCOPED_TOKEN_BODY_SCHEMA>;

export function registerTokenRoutes(app: FastifyInstance, tenancy: Tenancy): void {
  app.post<{ Body: ApplicationTokenBody }>(
    '/api/v1/account/applications/token',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['tokens'],
        summary: 'Exchange client credentials for an application token',
        body: APPLICATION_TOKEN_BODY_SCHEMA,
        response: { 200: { $ref: 'Token#' }, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => tenancy.issueApplicationToken(request.body.client_id, request.body.client_secret),
  );

  app.post<{ Body: ScopedTokenBody }>(
    '/api/v1/embedded/scoped-token',
    {
      config: { auth: 'application' },
      schema: {
        tags: ['tokens'],
        summary: 'Issue a token scoped to one external user (needs an application token)',
        security: [{ bearer: [] }],
        body: SCOPED_TOKEN_BODY_SCHEMA,
        response: { 200: { $ref: 'Token#' }, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => tenancy.issueScopedToken(principalOf(request), request.body.external_user_id),
  );
}
