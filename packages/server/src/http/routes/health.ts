/**
 * Liveness and readiness. /healthz answers while the process runs; /readyz only when the store
 * answers and holds every migration this release knows, so a load balancer sends no traffic to a
 * process whose database is unreachable or not yet migrated.
 */
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS } from '../../migrations/migrations.js';
import type { SqlEngine } from '../../store/sql-engine.js';

const STATUS_SCHEMA = {
  type: 'object',
  properties: { status: { type: 'string' }, detail: { type: 'string' }, schema_version: { type: 'integer' } },
} as const;

export function registerHealthRoutes(app: FastifyInstance, engine: SqlEngine): void {
  const config = { auth: 'none', rateLimit: false } as const;
  const expected = Math.max(0, ...MIGRATIONS.map((m) => m.version));

  app.get(
    '/healthz',
    { config, schema: { tags: ['health'], summary: 'The process is up', response: { 200: STATUS_SCHEMA } } },
    async () => ({
      status: 'ok',
    }),
  );

  app.get(
    '/readyz',
    {
      config,
      schema: { tags: ['health'], summary: 'The store is reachable and migrated', response: { 200: STATUS_SCHEMA, 503: STATUS_SCHEMA } },
    },
    async (request, reply) => {
      let version: number;
      try {
        const rows = await engine.query<{ version: number | null }>('SELECT max(version) AS version FROM sy_schema_migrations');
        version = Number(rows[0]?.version ?? 0);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: the store did not answer');
        return reply.code(503).send({ status: 'unavailable', detail: 'the store did not answer' });
      }
      if (version < expected) {
        return reply.code(503).send({
          status: 'unavailable',
          detail: `the store is at schema ${version}, this release needs ${expected}`,
          schema_version: version,
        });
      }
      return { status: 'ready', schema_version: version };
    },
  );
}
