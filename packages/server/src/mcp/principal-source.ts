/**
 * The connectors the service's own /mcp serves to one principal (a scoped token's external user),
 * run in this process: the listing and lookups go through the connector repository with the
 * principal, exactly as the HTTP endpoints do (so another user's connector id is a missing one),
 * and each call through the service's execution layer, which records it in the audit log.
 *
 * Why in process rather than through the service's own HTTP API (as `switchyard mcp --service`
 * does from outside): the /mcp request has already been authenticated and charged to the token's
 * rate budget by the service's hooks; a second hop would verify the token again, charge each tool
 * call two or three more requests (listing, lookup, execute) and serialize every result twice.
 *
 * What a model sees stays the same as over HTTP: results are the execute endpoint's bodies (search
 * answers in the `{data, meta}` shape of the hosted executor), and failures are turned into the
 * problem the endpoint would answer and back into the runtime error the hosted executor raises
 * for it, so a tool error never carries the runtime's internal wording (the operator's vendor URL).
 */
import { Readable } from 'node:stream';
import { ApiError, DownloadStream, type ExecuteRequest, type ExecuteResult } from '@switchyard/runtime';
import { errorFromProblem, findAction } from '@switchyard/runtime/internal';
import { connectorListing, type AgentConnector, type CallContext, type ConnectorSource } from '@switchyard/mcp';
import { checkIntent } from '../audit/intent.js';
import type { ConnectorCatalog } from '../catalog/catalog.js';
import type { Execution } from '../execution/create-execution.js';
import { toProblem } from '../http/problem.js';
import { connectorView, visibleConnector } from '../http/connector-view.js';
import { ServiceError } from '../service-error.js';
import type { ConnectorRecord, ConnectorRepository, Principal, SyncService } from '../service-types.js';

export interface PrincipalSourceDeps {
  readonly connectors: ConnectorRepository;
  readonly sync: Pick<SyncService, 'statuses'>;
  readonly execution: Pick<Execution, 'execute'>;
  readonly catalog: ConnectorCatalog;
  /** Receives failures of the service's own (internal_error): the tool result says only that the service failed. */
  readonly onUnexpected?: (error: unknown) => void;
}

export function principalSource(deps: PrincipalSourceDeps, principal: Principal): ConnectorSource {
  const agentOf = (record: ConnectorRecord): AgentConnector | undefined => {
    const family = deps.catalog.get(record.connectorType);
    if (!family) return undefined;
    return {
      ref: record.id,
      type: family.name,
      name: record.name,
      mode: 'hosted',
      package: family,
      metadata: family.metadata,
      execute: (request, context) => run(deps, principal, record, request, context),
    };
  };
  return {
    mode: 'hosted',
    async list() {
      const records = await deps.connectors.list(principal);
      const statuses = await deps.sync.statuses(records);
      return records.map((record, i) => {
        const connector = agentOf(record);
        return { connector, view: connectorListing(connectorView(record, statuses[i]!), connector !== undefined) };
      });
    },
    // The tools are built from these on every /mcp request: the connectors alone, one statement,
    // where list() reads each one's sync status too (several statements per connector).
    async connectors() {
      return (await deps.connectors.list(principal)).flatMap((record) => agentOf(record) ?? []);
    },
    async resolve(ref) {
      try {
        return agentOf(await visibleConnector(deps.connectors, principal, ref));
      } catch (error) {
        // Missing and another user's alike: the tool answers "no such connector" for both.
        if (error instanceof ServiceError && error.code === 'not_found') return undefined;
        throw error;
      }
    },
  };
}

async function run(
  deps: PrincipalSourceDeps,
  principal: Principal,
  record: ConnectorRecord,
  request: ExecuteRequest,
  context: CallContext | undefined,
): Promise<ExecuteResult> {
  const operation = `${record.connectorType} ${request.entity}.${request.action}`;
  const signal = context?.signal;
  try {
    const metadata = deps.catalog.get(record.connectorType)!.metadata;
    // An unknown entity or action fails as the hosted executor fails it, before anything runs.
    const action = findAction(metadata, request.entity, request.action);
    // The same rules as the x-switchyard-intent header: one sentence, bounded, no control characters.
    const intent = checkIntent(context?.intent);
    const outcome = await deps.execution.execute(principal, record, request, signal, { intent, channel: 'mcp' });
    if (outcome.kind === 'stream') {
      const info = { contentType: outcome.contentType, contentLength: outcome.contentLength, fileName: outcome.fileName };
      return {
        data: new DownloadStream(Readable.toWeb(outcome.stream) as ReadableStream<Uint8Array>, info, operation, signal),
        meta: { content_type: info.contentType, content_length: info.contentLength, file_name: info.fileName },
      };
    }
    const body = outcome.body as Record<string, unknown>;
    if (action.kind === 'search') {
      const next = body['next_cursor'];
      return {
        data: body['hits'],
        meta: { next_cursor: typeof next === 'string' && next !== '' ? next : null, took_ms: Number(body['took_ms'] ?? 0) },
      };
    }
    return body as unknown as ExecuteResult;
  } catch (error) {
    throw asAnswered(error, operation, deps.onUnexpected);
  }
}

/** The error the hosted executor would raise had this failure come back from the execute endpoint. */
function asAnswered(error: unknown, operation: string, onUnexpected: ((error: unknown) => void) | undefined): Error {
  const { problem, headers, unexpected } = toProblem(error);
  if (unexpected) onUnexpected?.(error);
  const answer = new ApiError(`${operation}: ${problem.detail}`, {
    status: problem.status,
    headers: new Headers(headers),
    body: problem,
    code: problem.code,
  });
  return errorFromProblem(answer, operation);
}
