/**
 * The service's own /mcp builds its tools on every request from the principal's connectors. It
 * takes them from the connector repository alone: a connector's sync status (several statements
 * per connector) is read only for what shows it, `list_connectors`. Before this, every /mcp
 * request read the status of each of the principal's connectors just to make the tools.
 */
import { buildToolset, type ConnectorPackage } from '@switchyard/mcp';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../src/catalog/catalog.js';
import { CONNECTOR_PACKAGES } from '../src/catalog/connector-packages.js';
import { principalSource } from '../src/mcp/principal-source.js';
import type { ConnectorRecord, ConnectorRepository, Principal, SyncStatusView } from '../src/service-types.js';

const catalog = createCatalog(CONNECTOR_PACKAGES as readonly ConnectorPackage[]);
const principal: Principal = { kind: 'scoped', applicationId: 'app_1', externalUserId: 'user-1' };

function record(id: string, connectorType: string): ConnectorRecord {
  const at = '2026-11-27T00:00:00.000Z';
  return {
    id,
    applicationId: 'app_1',
    externalUserId: 'user-1',
    connectorType,
    name: id,
    config: {},
    replicationConfig: {},
    createdAt: at,
    updatedAt: at,
  };
}

function sourceWithCounts(records: readonly ConnectorRecord[]) {
  const counts = { lists: 0, statuses: 0 };
  const connectors = {
    list: async () => {
      counts.lists++;
      return records;
    },
  } as unknown as ConnectorRepository;
  const statuses = async (of: readonly ConnectorRecord[]): Promise<SyncStatusView[]> => {
    counts.statuses += of.length;
    return of.map(() => ({ sync_status: 'ready', last_synced_at: null, next_sync_at: null, entities: [] }) as unknown as SyncStatusView);
  };
  const execution = { execute: async () => Promise.reject(new Error('not called here')) };
  return { counts, source: principalSource({ connectors, sync: { statuses }, execution, catalog }, principal) };
}

describe("the service's /mcp tools", () => {
  // Every family the service runs, two connectors of the first: the tools' connector choices name all of them.
  const [first, ...rest] = catalog.names();
  const records = [record('conn_a', first!), record('conn_b', first!), ...rest.map((type, i) => record(`conn_${i}`, type))];

  it.each(['compact', 'actions', 'all'] as const)(
    'are built (%s) from one listing of the connectors, without any sync status',
    async (tools) => {
      const { counts, source } = sourceWithCounts(records);
      const toolset = await buildToolset(source, { tools });
      expect(toolset.tools.length).toBeGreaterThan(0);
      expect(counts).toEqual({ lists: 1, statuses: 0 });
    },
  );

  it("list_connectors reads each connector's sync status", async () => {
    const { counts, source } = sourceWithCounts(records);
    const toolset = await buildToolset(source);
    const result = await toolset.call('list_connectors', {});
    expect(result.isError, result.text).toBe(false);
    expect(counts.statuses).toBe(records.length);
    for (const { id } of records) expect(result.text).toContain(id);
  });
});
