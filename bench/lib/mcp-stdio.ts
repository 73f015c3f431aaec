/**
 * `switchyard mcp` spawned over stdio as an MCP client spawns it (the built bin of
 * @switchyard/server), with the SDK's client, for the agent-surface benchmarks.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ConnectorMetadata } from '@switchyard/runtime';
import { envVariable } from '@switchyard/mcp';
import { ROOT } from './child.js';

export const SWITCHYARD_BIN = join(ROOT, 'packages', 'server', 'bin', 'switchyard.js');

export async function spawnMcpClient(args: readonly string[], env: Record<string, string>): Promise<Client> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('SWITCHYARD_')),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SWITCHYARD_BIN, 'mcp', ...args],
    env: { ...base, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'switchyard-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * Placeholder variables that let `switchyard mcp` start with a connector whose calls are never
 * made: the first credential kind's required fields and required config, from the metadata.
 */
export function placeholderEnv(metadata: ConnectorMetadata): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [field, rule] of Object.entries(metadata.auth[0]?.fields ?? {}))
    if (rule.required) env[envVariable(metadata.name, field)] = 'bench-placeholder-value';
  for (const [field, rule] of Object.entries(metadata.config)) {
    if (rule.required) env[envVariable(metadata.name, field)] = String(rule.enum?.[0] ?? 'bench');
  }
  return env;
}
