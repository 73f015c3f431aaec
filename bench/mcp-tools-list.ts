/**
 * How much of a model's context the tool list takes: the compact toolset (list_connectors,
 * describe_connector, execute) against one tool per entity.action, for every connector (discovered
 * from specs/). Measured on the wire: `tools/list` of `switchyard mcp` spawned over stdio with all
 * connectors, as a client receives it; and the same two toolsets as each provider's definitions.
 * Characters of JSON are exact; tokens are estimated at 4 characters per token.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toolDefinitions, type ConnectorPackage } from '@switchyard/mcp';
import { ROOT } from './lib/child.js';
import { placeholderEnv, spawnMcpClient } from './lib/mcp-stdio.js';
import type { Result, Row } from './lib/result.js';
import { progress } from './lib/stats.js';

const CONNECTORS = readdirSync(join(ROOT, 'specs'))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''))
  .sort();
const CHARS_PER_TOKEN = 4;

const chars = (value: unknown): number => JSON.stringify(value).length;
const tokens = (n: number): string => `≈${Math.round(n / CHARS_PER_TOKEN).toLocaleString('en-US')} tokens`;
const count = (n: number): string => n.toLocaleString('en-US');

export async function run(): Promise<Result> {
  const packages = (await Promise.all(CONNECTORS.map((c) => import(`@switchyard/connector-${c}`)))) as ConnectorPackage[];
  // No call is made: a base URL per type stands in for config the vendor's own URL would need.
  const args = packages.flatMap((p) => ['--connector', p.metadata.name, '--base-url', `${p.metadata.name}=http://127.0.0.1:9`]);
  const env = Object.assign({}, ...packages.map((p) => placeholderEnv(p.metadata))) as Record<string, string>;
  const wire: Record<'compact' | 'actions', { chars: number; tools: number }> = {
    compact: { chars: 0, tools: 0 },
    actions: { chars: 0, tools: 0 },
  };
  for (const choice of ['compact', 'actions'] as const) {
    progress(`tools/list of switchyard mcp --tools ${choice} with ${packages.length} connectors`);
    const client = await spawnMcpClient([...args, '--tools', choice], env);
    try {
      const { tools } = await client.listTools();
      wire[choice] = { chars: chars({ tools }), tools: tools.length };
    } finally {
      await client.close();
    }
  }
  const ratio = wire.compact.chars / wire.actions.chars;
  const rows: Row[] = [
    {
      question: `MCP tools/list, compact vs one tool per action, all ${packages.length} connectors`,
      figure: `compact: ${wire.compact.tools} tools, ${count(wire.compact.chars)} chars (${tokens(wire.compact.chars)})`,
      baseline: `per action: ${wire.actions.tools} tools, ${count(wire.actions.chars)} chars (${tokens(wire.actions.chars)})`,
      ratio,
      target: '—',
      met: null,
      method: `The \`tools\` array of tools/list as the MCP SDK's client receives it from \`switchyard mcp\` spawned over stdio with every connector (--tools compact, then --tools actions), serialized as JSON; tokens estimated at ${CHARS_PER_TOKEN} characters each.`,
    },
  ];
  for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
    const compact = chars(toolDefinitions(packages, { provider, tools: 'compact' }));
    const actions = chars(toolDefinitions(packages, { provider, tools: 'actions' }));
    rows.push({
      question: `${provider} tool definitions, compact vs one tool per action, all ${packages.length} connectors`,
      figure: `compact: ${count(compact)} chars (${tokens(compact)})`,
      baseline: `per action: ${count(actions)} chars (${tokens(actions)})`,
      ratio: compact / actions,
      target: '—',
      met: null,
      method: `\`toolDefinitions(packages, { provider: '${provider}', tools })\` serialized as JSON (what \`switchyard tools\` prints, without indentation).`,
    });
  }
  return {
    name: 'mcp-tools-list',
    rows,
    notes: rows.map((r) => `${r.question}: ${r.figure} vs ${r.baseline} (${(r.ratio ?? 0).toFixed(3)}×)`),
    data: { wire, connectors: packages.length },
  };
}
