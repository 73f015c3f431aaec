/**
 * Connector records: create (on both seed paths), list, get, update credentials or name, delete,
 * and trigger a sync. Every id goes through the repository with the caller's principal, so an id
 * the caller cannot see answers exactly like a missing one (404), and views never hold credentials.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { NewConnectorInput, ValidConnectorInput } from '../../execution/validate-connector.js';
import { ServiceError } from '../../service-error.js';
import type { ConnectorRecord, ConnectorRepository, Principal, SyncService } from '../../service-types.js';
import { principalOf } from '../auth-hook.js';
import { connectorView, found, visibleConnector } from '../connector-view.js';
import type { AjvIssue } from '../problem.js';
import { EXTERNAL_USER_ID_SCHEMA, ID_PARAMS_SCHEMA, PROBLEM_RESPONSES } from '../schemas.js';
import { TEXT_KEYWORD } from '../text-keyword.js';

/** What the connector endpoints need from the execution layer: creation-time validation, the live check, and cache eviction. */
export interface ConnectorChecks {
  /** Throws ValidationError listing every problem (paths `credentials`, `config.*`, `replication_config.*`). */
  validateNewConnector(input: NewConnectorInput): ValidConnectorInput | Promise<ValidConnectorInput>;
  /** One cheap live read with these credentials; throws (ValidationError on `credentials`, or the connector's error). */
  check(connectorType: string, credentials: Record<string, string>, config: Record<string, unknown>): Promise<void>;
  /** Drops the deleted connector's cached executor (and its connection pool). */
  forget(connectorId: string): void;
}

export interface ConnectorRouteDeps {
  readonly connectors: ConnectorRepository;
  readonly sync: SyncService;
  readonly execution: ConnectorChecks;
}

const NAME_SCHEMA = { type: 'string', minLength: 1, maxLength: 200, [TEXT_KEYWORD]: true } as const;
const OBJECT_SCHEMA = { type: 'object', additionalProperties: true } as const;

const CREATE_BODY_SCHEMA = {
  type: 'object',
  // `external_user_id` is required with an application token only; creationOwner() checks it.
  required: ['connector_type', 'credentials'],
  additionalProperties: false,
  properties: {
    external_user_id: {
      ...EXTERNAL_USER_ID_SCHEMA,
      description:
        'Whose connector this is. Required with an application token; with a scoped token optional (the token names its external user; if given it must be that one, else 403)',
    },
    connector_type: {
      type: 'string',
      [TEXT_KEYWORD]: true,
      description: 'The family name: messaging, issue-tracker, recruiting (GET /api/v1/connector-types)',
    },
    name: NAME_SCHEMA,
    credentials: { ...OBJECT_SCHEMA, description: 'The fields of exactly one credential kind of the connector type' },
    config: { ...OBJECT_SCHEMA, description: "Validated against the connector type's config_schema" },
    replication_config: { ...OBJECT_SCHEMA, description: "Validated against the connector type's replication_schema" },
    check: { type: 'boolean', description: 'Verify the credentials with one cheap live read before storing them' },
  },
} as const;

const PATCH_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    credentials: CREATE_BODY_SCHEMA.properties.credentials,
    name: NAME_SCHEMA,
    check: CREATE_BODY_SCHEMA.properties.check,
  },
} as const;

const LIST_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: { external_user_id: EXTERNAL_USER_ID_SCHEMA },
} as const;

type CreateBody = FromSchema<typeof CREATE_BODY_SCHEMA>;
type PatchBody = FromSchema<typeof PATCH_BODY_SCHEMA>;
type ListQuery = FromSchema<typeof LIST_QUERY_SCHEMA>;
type IdParams = FromSchema<typeof ID_PARAMS_SCHEMA>;

const AUTH = { auth: 'principal' } as const;
const SECURITY = [{ bearer: [] }];
const VIEW_RESPONSE = { $ref: 'Connector#' };

/** Registers the connector endpoints, in the order the OpenAPI document lists them. */
export function registerConnectorRoutes(app: FastifyInstance, deps: ConnectorRouteDeps): void {
  registerCreate(app, deps);
  registerReads(app, deps);
  registerUpdate(app, deps);
  registerDelete(app, deps);
  registerSyncNow(app, deps);
}

/** POST on both paths the contract names for creation. */
function registerCreate(app: FastifyInstance, { connectors, sync, execution }: ConnectorRouteDeps): void {
  const create = async (request: FastifyRequest<{ Body: CreateBody }>, reply: FastifyReply) => {
    const principal = principalOf(request);
    const externalUserId = creationOwner(principal, request);
    const body = request.body;
    const valid = await execution.validateNewConnector({
      connectorType: body.connector_type,
      credentials: body.credentials,
      config: body.config,
      replicationConfig: body.replication_config,
    });
    if (body.check === true) await execution.check(body.connector_type, valid.credentials, valid.config);
    const record = await connectors.create({
      applicationId: principal.applicationId,
      externalUserId,
      connectorType: body.connector_type,
      name: body.name ?? valid.family.metadata.title,
      credentials: valid.credentials,
      config: valid.config,
      replicationConfig: valid.replicationConfig,
    });
    await sync.connectorCreated(record);
    return reply.code(201).send(connectorView(record, await sync.status(record)));
  };
  const createSchema = {
    tags: ['connectors'],
    summary: 'Create a connector record',
    security: SECURITY,
    body: CREATE_BODY_SCHEMA,
    response: { 201: VIEW_RESPONSE, ...PROBLEM_RESPONSES },
  };
  // Schema problems reach the handler (attachValidation), so a missing external_user_id, which
  // only the principal can tell, is reported with them: every problem at once.
  app.post('/v1/integrations/connectors', { config: AUTH, schema: createSchema, attachValidation: true }, create);
  app.post(
    '/integrations/connectors',
    { config: AUTH, schema: { ...createSchema, summary: 'Create a connector record (alias)' }, attachValidation: true },
    create,
  );
}

/** GET the principal's connectors, and one by id. */
function registerReads(app: FastifyInstance, { connectors, sync }: ConnectorRouteDeps): void {
  app.get<{ Querystring: ListQuery }>(
    '/api/v1/connectors/sources',
    {
      config: AUTH,
      schema: {
        tags: ['connectors'],
        summary: "List connectors (a scoped token: its own external user's)",
        security: SECURITY,
        querystring: LIST_QUERY_SCHEMA,
        response: { 200: { type: 'object', properties: { data: { type: 'array', items: VIEW_RESPONSE } } }, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const wanted = request.query.external_user_id;
      if (principal.kind === 'scoped' && wanted !== undefined && wanted !== principal.externalUserId) {
        throw new ServiceError('forbidden', "a scoped token lists only its own external user's connectors");
      }
      const records = await connectors.list(principal, wanted);
      const statuses = await sync.statuses(records);
      return { data: records.map((record, i) => connectorView(record, statuses[i]!)) };
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/v1/connectors/sources/:id',
    {
      config: AUTH,
      schema: {
        tags: ['connectors'],
        summary: 'A connector and its sync status',
        security: SECURITY,
        params: ID_PARAMS_SCHEMA,
        response: { 200: VIEW_RESPONSE, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => {
      const record = await visibleConnector(connectors, principalOf(request), request.params.id);
      return connectorView(record, await sync.status(record));
    },
  );
}

/** PATCH: new credentials (checked as at creation) and/or a new name. */
function registerUpdate(app: FastifyInstance, deps: ConnectorRouteDeps): void {
  app.patch<{ Params: IdParams; Body: PatchBody }>(
    '/api/v1/connectors/sources/:id',
    {
      config: AUTH,
      schema: {
        tags: ['connectors'],
        summary: 'Replace the credentials and/or rename',
        security: SECURITY,
        params: ID_PARAMS_SCHEMA,
        body: PATCH_BODY_SCHEMA,
        response: { 200: VIEW_RESPONSE, ...PROBLEM_RESPONSES },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const record = await updateConnector(deps, principal, request.params.id, request.body);
      return connectorView(record, await deps.sync.status(record));
    },
  );
}

async function updateConnector(
  { connectors, execution }: ConnectorRouteDeps,
  principal: Principal,
  id: string,
  body: PatchBody,
): Promise<ConnectorRecord> {
  let record = await visibleConnector(connectors, principal, id);
  if (body.credentials === undefined && body.name === undefined) {
    throw new ServiceError('validation_failed', 'nothing to update: give credentials and/or name', {
      errors: [{ path: '', rule: 'required', message: 'give credentials and/or name' }],
    });
  }
  if (body.credentials !== undefined) {
    // The same checks as at creation, against the record's own type and settings.
    const valid = await execution.validateNewConnector({
      connectorType: record.connectorType,
      credentials: body.credentials,
      config: record.config,
      replicationConfig: record.replicationConfig,
    });
    if (body.check === true) await execution.check(record.connectorType, valid.credentials, valid.config);
    record = found(await connectors.updateCredentials(principal, record.id, valid.credentials));
  }
  if (body.name !== undefined) record = found(await connectors.rename(principal, record.id, body.name));
  return record;
}

/** DELETE: the record, its credentials, its synced copy and checkpoints. */
function registerDelete(app: FastifyInstance, { connectors, sync, execution }: ConnectorRouteDeps): void {
  app.delete<{ Params: IdParams }>(
    '/api/v1/connectors/sources/:id',
    {
      config: AUTH,
      schema: {
        tags: ['connectors'],
        summary: 'Delete a connector, its credentials, synced records and checkpoints',
        security: SECURITY,
        params: ID_PARAMS_SCHEMA,
        response: { 204: { type: 'null', description: 'Deleted' }, ...PROBLEM_RESPONSES },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const record = await visibleConnector(connectors, principal, request.params.id);
      // The record first, then its syncs and synced copy: a trigger or a run that raced this request
      // and wrote after the cleanup finds the record gone once it has written, and deletes what it
      // wrote (sync/sync-service.ts, #forgetIfDeleted). Of concurrent deletions, one deletes it.
      found((await connectors.delete(principal, record.id)) ? record : null);
      await sync.connectorDeleted(record);
      execution.forget(record.id);
      return reply.code(204).send();
    },
  );
}

/** POST …/sync: a sync now (202; the connector's view tells its progress). */
function registerSyncNow(app: FastifyInstance, { connectors, sync }: ConnectorRouteDeps): void {
  app.post<{ Params: IdParams }>(
    '/api/v1/connectors/sources/:id/sync',
    {
      config: AUTH,
      schema: {
        tags: ['connectors'],
        summary: 'Start a sync now (202; poll the connector for progress)',
        security: SECURITY,
        params: ID_PARAMS_SCHEMA,
        response: { 202: VIEW_RESPONSE, ...PROBLEM_RESPONSES },
      },
    },
    async (request, reply) => {
      const record = await visibleConnector(connectors, principalOf(request), request.params.id);
      await sync.requestSync(record);
      return reply.code(202).send(connectorView(record, await sync.status(record)));
    },
  );
}

/**
 * Whose connector a creation makes. A scoped token already names its external user, so the body
 * may leave `external_user_id` out (given, it must be that one: 403 otherwise); an application
 * token acts for all of its users, so the body must name one. Throws the body's schema problems,
 * a missing `external_user_id` among them.
 */
function creationOwner(principal: Principal, request: FastifyRequest<{ Body: CreateBody }>): string {
  const body: unknown = request.body;
  const schemaError = request.validationError as (Error & { validation?: AjvIssue[] }) | undefined;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  const named = isObject ? (body as CreateBody).external_user_id : undefined;
  const missing = principal.kind === 'application' && isObject && named === undefined;
  const missingIssue: AjvIssue = {
    keyword: 'required',
    instancePath: '',
    params: { missingProperty: 'external_user_id' },
    message: 'is required with an application token (a scoped token names its external user itself)',
  };
  if (schemaError) {
    if (missing) schemaError.validation?.push(missingIssue);
    throw schemaError;
  }
  if (missing) throw Object.assign(new Error('invalid body'), { validation: [missingIssue], validationContext: 'body' });
  if (principal.kind === 'application') return named!;
  if (named !== undefined && named !== principal.externalUserId) {
    throw new ServiceError('forbidden', 'a scoped token can create connectors only for its own external user', {
      errors: [
        { path: 'external_user_id', rule: 'scoped-token', message: 'must be the external user the token is scoped to (or left out)' },
      ],
    });
  }
  return principal.externalUserId!;
}
