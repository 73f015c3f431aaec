/**
 * Hosted mode: an external user's connectors on the execution service. The listing comes from
 * `GET /api/v1/connectors/sources` (the service scopes it to the token's user), and each connector
 * runs through the runtime's HostedExecutor with its id, all sharing one authorization, so calls
 * carry one scoped token. Search over the synced copy works here.
 *
 * The caller's `intent` travels as the `x-switchyard-intent` header (percent-encoded UTF-8, at
 * most INTENT_MAX_LENGTH characters before encoding) on the execute request, for the service's
 * audit log.
 */
import { type ConnectorMetadata, type Logger, type RequestOptions } from '@switchyard/runtime';
import { type AuthProvider } from '@switchyard/runtime';
import { HostedExecutor, HttpClient, INTENT_HEADER, Redactor, describeFromPaths } from '@switchyard/runtime/internal';
import type { AgentConnector, CallContext } from './agent-connector.js';
import type { ConnectorPackage } from './connector-package.js';
import type { ConnectorSource, ListedConnector } from './source.js';

// The header carrying a tool call's `intent` to the service, and its bound: the runtime's, which the service checks too.
export { INTENT_HEADER, INTENT_MAX_LENGTH } from '@switchyard/runtime/internal';

export interface HostedSourceOptions {
  /** The execution service's URL. */
  baseUrl: string;
  /**
   * Whose connectors. Required with client credentials (`createHostedAuth`); with a scoped token it
   * may be left out: the token names its user, and the service lists only that user's connectors.
   */
  externalUserId?: string | undefined;
  /** What authorizes calls: `createHostedAuth({...})` with client credentials, or a scoped token's StaticHeaderAuth. */
  auth: AuthProvider;
  /** The connector packages this process has, any order: a connector whose type has none is listed but cannot run. */
  packages: readonly ConnectorPackage[];
  fetch?: typeof fetch;
  timeout?: number;
  logger?: Logger;
}

/** The service's connector view, the members the agent surface reads. */
export interface ConnectorView {
  readonly id: string;
  readonly connector_type: string;
  readonly name?: string;
  readonly sync_status?: string;
  readonly last_synced_at?: string | null;
  readonly entities?: readonly {
    readonly entity: string;
    readonly state: string;
    readonly records?: number;
    readonly last_synced_at?: string | null;
    readonly error?: unknown;
  }[];
}

export function hostedSource(options: HostedSourceOptions): ConnectorSource {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const packages = new Map<string, ConnectorPackage>(options.packages.map((pkg) => [pkg.metadata.name, pkg]));
  const http = new HttpClient({
    redactor: new Redactor(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    describeError: describeFromPaths(['detail', 'title'], ['code']),
    defaultHeaders: { accept: 'application/json' },
    name: 'Switchyard execution service',
  });
  const connectors = new Map<string, AgentConnector>();
  let known: ReadonlyMap<string, AgentConnector> = new Map();

  const connectorFor = (view: ConnectorView): AgentConnector | undefined => {
    const pkg = packages.get(view.connector_type);
    if (!pkg) return undefined;
    const key = `${view.id}\u0000${view.connector_type}`;
    let connector = connectors.get(key);
    if (!connector) {
      connector = hostedConnector(pkg, view, {
        baseUrl,
        // Only named in the executor's messages: it is given the connector id, so it never looks one up by user.
        externalUserId: options.externalUserId ?? 'the scoped token’s user',
        auth: options.auth,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
      });
      connectors.set(key, connector);
    }
    return connector;
  };

  const list = async (signal?: AbortSignal): Promise<ListedConnector[]> => {
    const result = await http.send({
      operation: 'list connectors',
      method: 'GET',
      url: `${baseUrl}/api/v1/connectors/sources${options.externalUserId === undefined ? '' : `?external_user_id=${encodeURIComponent(options.externalUserId)}`}`,
      idempotent: true,
      auth: options.auth,
      responseType: 'json',
      ...(signal ? { options: { signal } } : {}),
    });
    const data = (result.body as { data?: unknown } | null)?.data;
    const views = (Array.isArray(data) ? data : []).filter(
      (v): v is ConnectorView => isObject(v) && typeof v['id'] === 'string' && typeof v['connector_type'] === 'string',
    );
    const listed = views.map((view) => ({
      connector: connectorFor(view),
      view: connectorListing(view, packages.has(view.connector_type)),
    }));
    known = new Map(listed.flatMap((l) => (l.connector ? [[l.connector.ref, l.connector] as const] : [])));
    return listed;
  };

  return {
    mode: 'hosted',
    list,
    async resolve(ref, signal) {
      // A connector created since the last listing is found by listing again; an id that is still
      // not there (missing, or another user's) answers the same way either way.
      return known.get(ref) ?? (await list(signal), known.get(ref));
    },
  };
}

/** One connector record of the service as an AgentConnector (its id is what models pass as `connector`). */
export function hostedConnector(
  pkg: ConnectorPackage,
  view: { id: string; name?: string | undefined },
  options: { baseUrl: string; externalUserId: string; auth: AuthProvider; fetch?: typeof fetch; timeout?: number; logger?: Logger },
): AgentConnector {
  const executor = new HostedExecutor(pkg.metadata, { ...options, connectorId: view.id });
  const metadata: ConnectorMetadata = pkg.metadata;
  return {
    ref: view.id,
    type: metadata.name,
    name: view.name ?? metadata.title,
    mode: 'hosted',
    package: pkg,
    metadata,
    execute: (request, context) => executor.execute(request, requestOptions(context)),
  };
}

function requestOptions(context: CallContext | undefined): RequestOptions | undefined {
  if (!context) return undefined;
  const options: RequestOptions = {};
  if (context.signal) options.signal = context.signal;
  if (context.intent !== undefined && context.intent !== '') options.headers = { [INTENT_HEADER]: encodeURIComponent(context.intent) };
  return options;
}

/**
 * What `list_connectors` shows of a connector record (the service's connector view): identity, and
 * sync status per entity with its last sync time. The service's own /mcp uses it too, so both
 * hosted ways list a connector alike. `runnable`: this process has the type's package.
 */
export function connectorListing(view: ConnectorView, runnable: boolean): Record<string, unknown> {
  return {
    id: view.id,
    connector_type: view.connector_type,
    name: view.name ?? view.connector_type,
    sync_status: view.sync_status ?? null,
    last_synced_at: view.last_synced_at ?? null,
    entities: (view.entities ?? []).map((e) => ({
      entity: e.entity,
      state: e.state,
      records: e.records ?? null,
      last_synced_at: e.last_synced_at ?? null,
      ...(e.error ? { error: e.error } : {}),
    })),
    ...(runnable ? {} : { note: `this switchyard has no package for connector type ${view.connector_type}; its actions cannot run here` }),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
