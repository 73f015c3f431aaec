/**
 * A toolset is built for every request the service's /mcp answers, so what depends only on a
 * connector type's actions is made once: every per-action tool's output schema is one frozen object,
 * shared by every toolset that offers the action. Rewriting the record schemas into output schemas
 * was most of the work of building the per-action tools, once per request.
 */
import { describe, expect, it } from 'vitest';
import { buildToolset, staticSource, type AgentConnector, type ToolDefinition } from '@switchyard/mcp';
import { connectors } from '../../../test/matrix/registry.js';

/** A hosted connector of each type, `n`th of its kind (its ref differs, its package does not). */
function hostedConnectors(n: number): AgentConnector[] {
  return connectors.map(({ name, fixture }) => ({
    ref: `conn_${name}_${n}`,
    type: name,
    name: `${name} ${n}`,
    mode: 'hosted',
    package: fixture.pkg,
    metadata: fixture.pkg.metadata,
    execute: () => Promise.reject(new Error('not called')),
  }));
}

function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

const withOutput = (tools: readonly ToolDefinition[]) => new Map(tools.filter((t) => t.outputSchema).map((t) => [t.name, t.outputSchema]));

describe('toolsets share what depends only on the connector types', () => {
  it('each per-action output schema is one frozen object, whichever toolset and connectors offer it', async () => {
    const first = withOutput((await buildToolset(staticSource(hostedConnectors(1)), { tools: 'all' })).tools);
    const second = withOutput((await buildToolset(staticSource(hostedConnectors(2)), { tools: 'actions' })).tools);
    expect(first.size).toBeGreaterThan(connectors.length);
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [name, schema] of first) {
      expect({ name, shared: second.get(name) === schema, frozen: isDeepFrozen(schema) }).toEqual({ name, shared: true, frozen: true });
    }
  });
});
