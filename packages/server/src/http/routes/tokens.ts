/**
 * Token issuance. An application exchanges its client id and secret for an application token; an
 * application token asks for a token scoped to one of its external users (what an end user's
 * client holds: it reaches that user's connectors only).
 */
import type { FastifyInstance } from 'fastify';
import type { Tenancy } from '../../service-types.js';
import { principalOf } from '../auth-hook.js';
import { PROBLEM_RESPONSES } from '../openapi.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

interface ApplicationTokenBody {
  client_id: string;
  client_secret: string;
}

interface ScopedTokenBody {
  external_user_id: string;
}

/**
 * External user ids are the application's own identifiers: any non-empty string up to 256
 * characters of well-formed Unicode without control characters, compared exactly (tenancy/input-rules.ts).
 */
export const EXTERNAL_USER_ID_SCHEMA = { type: 'string', minLength: 1, maxLength: 256, [TEXT_KEYWORD]: true } as const;

export function registerTokenRoutes(app: FastifyInstance, tenancy: Tenancy): void {
  app.post<{ Body: ApplicationTokenBody }>(
    '/api/v1/account/applications/token',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['tokens'],
        summary: 'Exchange client credentials for an application token',
        body: {
          type: 'object',
          required: ['client_id', 'client_secret'],
          additionalProperties: false,
          properties: {
            client_id: { type: 'string', minLength: 1, maxLength: 200, [TEXT_KEYWORD]: true },
            client_secret: { type: 'string', minLength: 1, maxLength: 500, [TEXT_KEYWORD]: true },
          },
        },
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
        body: {
          type: 'object',
          required: ['external_user_id'],
          additionalProperties: false,
          properties: { external_user_id: EXTERNAL_USER_ID_SCHEMA },
        },
        response: { 200: { $ref: 'Token#' }, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => tenancy.issueScopedToken(principalOf(request), request.body.external_user_id),
  );
}
