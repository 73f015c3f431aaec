/**
 * Where the MCP server and the tool-call runner find connectors: a fixed set (open-source mode,
 * or the connectors given to `executeToolCall`), or an external user's connectors on the
 * execution service. The service's own `/mcp` endpoint brings a source of its own, scoped to the
 * token's principal; nothing else here changes with the mode.
 */
import type { AgentConnector } from './agent-connector.js';

export interface ListedConnector {
  /** Undefined when the connector's type has no package here (the service runs a plug-in this process lacks). */
  readonly connector: AgentConnector | undefined;
  /** What `list_connectors` shows of it. */
  readonly view: Readonly<Record<string, unknown>>;
}

export interface ConnectorSource {
  readonly mode: 'open-source' | 'hosted';
  /** Every connector, fresh (a hosted source asks the service, so sync status is current). */
  list(signal?: AbortSignal): Promise<readonly ListedConnector[]>;
  /**
   * The connectors that can run, without what `list_connectors` shows of them: the tools are made
   * from these. Optional, for a source whose listing costs more than its connectors (the service's
   * own /mcp reads each connector's sync status for a listing, several statements per connector,
   * and builds the tools on every request); without it, `list()` is used (`runnableConnectors`).
   */
  connectors?(signal?: AbortSignal): Promise<readonly AgentConnector[]>;
  /** The connector a model named; undefined when there is none it may use (missing and foreign alike). */
  resolve(ref: string, signal?: AbortSignal): Promise<AgentConnector | undefined>;
}

/** A fixed set of connectors, named by their refs (connector types in open-source mode); `listed` is what list() answers. */
export function staticSource(connectors: readonly AgentConnector[]): ConnectorSource & { readonly listed: readonly ListedConnector[] } {
  const byRef = new Map<string, AgentConnector>();
  for (const connector of connectors) {
    if (byRef.has(connector.ref)) throw new TypeError(`two connectors share the name ${JSON.stringify(connector.ref)}`);
    byRef.set(connector.ref, connector);
  }
  const listed: ListedConnector[] = connectors.map((connector) => ({
    connector,
    view:
      connector.mode === 'hosted'
        ? { id: connector.ref, connector_type: connector.type, name: connector.name }
        : {
            connector: connector.ref,
            connector_type: connector.type,
            name: connector.name,
            vendor: connector.metadata.vendor,
            entities: Object.keys(connector.metadata.actions).length,
          },
  }));
  const mode = connectors.some((c) => c.mode === 'hosted') ? 'hosted' : 'open-source';
  return {
    mode,
    listed,
    list: async () => listed,
    resolve: async (ref) => byRef.get(ref),
  };
}

/** The source's connectors that can run: `connectors()` when it has one, else those of `list()`. */
export async function runnableConnectors(source: ConnectorSource, signal?: AbortSignal): Promise<readonly AgentConnector[]> {
  if (source.connectors) return source.connectors(signal);
  return (await source.list(signal)).flatMap((l) => (l.connector ? [l.connector] : []));
}
