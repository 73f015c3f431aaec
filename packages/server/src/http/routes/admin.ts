/**
 * The operator's API: creating platform applications. Registered only when SWITCHYARD_ADMIN_TOKEN
 * is set, so a service without one has no admin surface at all (404, like any unknown route).
 */
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Tenancy } from '../../service-types.js';
import { PROBLEM_RESPONSES } from '../schemas.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

const CREATE_APPLICATION_BODY_SCHEMA = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 200, [TEXT_KEYWORD]: true } },
} as const;

type CreateApplicationBody = FromSchema<typeof CREATE_APPLICATION_BODY_SCHEMA>;

export function registerAdminRoutes(app: FastifyInstance, tenancy: Tenancy): void {
  app.post<{ Body: CreateApplicationBody }>(
    '/api/v1/admin/applications',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a platform application (the client secret is shown once)',
        security: [{ bearer: [] }],
        body: CREATE_APPLICATION_BODY_SCHEMA,
        response: {
          201: {
            type: 'object',
            required: ['application_id', 'name', 'client_id', 'client_secret'],
            properties: {
              application_id: { type: 'string' },
              name: { type: 'string' },
              client_id: { type: 'string' },
              client_secret: { type: 'string', description: 'Shown once; only a hash is stored.' },
            },
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const created = await tenancy.createApplication(request.body.name);
      return reply.code(201).send(created);
    },
  );
}
