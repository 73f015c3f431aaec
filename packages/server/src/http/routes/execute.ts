/**
 * POST /api/v1/connectors/sources/:id/execute {entity, action, params?}
 *
 * Wiring (http/app.ts): `registerExecuteRoutes(app, { connectors, execution })` with
 * `connectors: ConnectorRepository` and `execution: Execution` (execution/create-execution.ts).
 * It relies on the auth hook (`config: { auth: 'principal' }` sets `request.principal`) and on the
 * app's error handler (`toProblem`) for every failure it throws.
 *
 * Answers: 200 `{data, meta}` exactly as open-source mode returns it; search: 200 `{hits,
 * next_cursor, took_ms}`; download: 200 with the file's bytes, streamed as the client reads them.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { Execution, ExecuteStream } from '../../execution/create-execution.js';
import type { ConnectorRepository } from '../../service-types.js';
import { INTENT_HEADER, intentFromHeader } from '../../audit/intent.js';
import { principalOf } from '../auth-hook.js';
import { connectionSignal } from '../connection-signal.js';
import { visibleConnector } from '../connector-view.js';
import { ID_PARAMS_SCHEMA, PROBLEM_RESPONSES } from '../schemas.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

/** What Fastify sends with the JSON it serializes itself. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ExecuteRouteDeps {
  readonly connectors: ConnectorRepository;
  readonly execution: Pick<Execution, 'execute'>;
}

const EXECUTE_BODY_SCHEMA = {
  type: 'object',
  required: ['entity', 'action'],
  additionalProperties: false,
  properties: {
    entity: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      [TEXT_KEYWORD]: true,
      description: 'Entity name (GET /api/v1/connector-types lists them)',
    },
    action: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      [TEXT_KEYWORD]: true,
      description: 'Action of the entity: list, get, create, update, delete, search, download, …',
    },
    params: { type: 'object', additionalProperties: true, description: "The action's parameters, validated against its published schema" },
  },
} as const;

type ExecuteBody = FromSchema<typeof EXECUTE_BODY_SCHEMA>;
type IdParams = FromSchema<typeof ID_PARAMS_SCHEMA>;

export function registerExecuteRoutes(app: FastifyInstance, deps: ExecuteRouteDeps): void {
  const { connectors, execution } = deps;
  app.post<{ Params: IdParams; Body: ExecuteBody }>(
    '/api/v1/connectors/sources/:id/execute',
    {
      config: { auth: 'principal' },
      schema: {
        tags: ['execute'],
        summary: 'Run an action of a connector',
        description:
          'JSON actions answer `{data, meta}` exactly as open-source mode returns them; `search` answers `{hits, next_cursor, took_ms}` ' +
          "(409 search_not_ready before the entity's first sync finished); `download` answers the file's bytes with its content type, " +
          'length when known, and a Content-Disposition naming the file. ' +
          `Send \`${INTENT_HEADER}\` (one sentence, percent-encoded UTF-8, at most 1000 characters once decoded, no control characters) ` +
          'to say why; it is recorded in the audit log (GET /api/v1/audit), and a malformed one is refused (422) before anything runs.',
        security: [{ bearer: [] }],
        params: ID_PARAMS_SCHEMA,
        body: EXECUTE_BODY_SCHEMA,
        response: {
          200: {
            description: '`{data, meta}`, a search page, or the file bytes of a download',
            type: 'object',
            additionalProperties: true,
          },
          ...PROBLEM_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The caller's reason for the audit log; a malformed one is refused before anything runs.
      const intent = intentFromHeader(request.headers[INTENT_HEADER]);
      // A record read in the last seconds will do here (tenancy/recent-reads.ts): this is the hot path.
      const record = await visibleConnector(connectors, principal, request.params.id, { recent: true });
      const { entity, action, params } = request.body;
      // A client that goes away cancels the vendor call (or the file transfer) it started.
      const outcome = await execution.execute(principal, record, { entity, action, params }, connectionSignal(request.raw.socket), {
        intent,
      });
      if (outcome.kind === 'stream') return sendFile(reply, outcome);
      // The 200 schema is `additionalProperties: true` (any body the action returns), for which
      // Fastify's compiled serializer only calls JSON.stringify value by value with more work
      // around it: JSON.stringify directly writes the same text for less CPU on every call. A
      // reply with its own serializer gets no content type from Fastify, so it is named here.
      return reply.code(200).type(JSON_CONTENT_TYPE).serializer(JSON.stringify).send(outcome.body);
    },
  );
}

function sendFile(reply: FastifyReply, file: ExecuteStream): FastifyReply {
  reply.code(200);
  reply.header('content-type', file.contentType ?? 'application/octet-stream');
  if (file.contentLength !== null && Number.isSafeInteger(file.contentLength) && file.contentLength >= 0) {
    reply.header('content-length', String(file.contentLength));
  }
  reply.header('content-disposition', contentDisposition(file.fileName));
  // The bytes are the vendor's: never let a browser sniff them into something it would run.
  reply.header('x-content-type-options', 'nosniff');
  // Fastify pipes the stream and destroys it if the client disconnects, which cancels the transfer.
  return reply.send(file.stream);
}

/** RFC 6266: an ASCII fallback and the exact name as RFC 8187 `filename*`. */
export function contentDisposition(fileName: string | null): string {
  if (!fileName) return 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

function encodeRfc8187(value: string): string {
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 8187's attr-char does not allow them.
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
