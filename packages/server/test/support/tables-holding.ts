/**
 * What a connector's deletion must leave behind: nothing. Its own module, free of connector
 * imports, so a suite using it depends on no connector (test/support/example-connectors.ts).
 */
import type { SqlEngine } from '../../src/index.js';

/**
 * The tables that still hold anything of a connector: its record, synced records and dictionaries,
 * checkpoints, schedule and run leases. A deletion leaves none of them.
 */
export async function tablesHolding(engine: SqlEngine, connectorId: string): Promise<string[]> {
  const tables = ['sy_connectors', 'sy_records', 'sy_field_values', 'sy_sync_checkpoints', 'sy_sync_schedules', 'sy_sync_leases'];
  const held: string[] = [];
  for (const table of tables) {
    const column = table === 'sy_connectors' ? 'id' : 'connector_id';
    if ((await engine.query(`SELECT 1 FROM ${table} WHERE ${column} = $1 LIMIT 1`, [connectorId])).length > 0) held.push(table);
  }
  return held;
}
