/**
 * Helpers of the MCP suites: `switchyard mcp` spawned as a user's MCP client spawns it (the built
 * bin of @switchyard/server, `pnpm test` builds first), driven by the SDK's own client.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'bin', 'switchyard.js');

export interface Spawned {
  readonly client: Client;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** The process environment without the machine's SWITCHYARD_* settings, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('SWITCHYARD_')),
  );
  return { ...env, ...extra };
}

export async function spawnMcp(args: readonly string[], env: Record<string, string>): Promise<Spawned> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    env: cleanEnv(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'switchyard-mcp-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

// Tool calls and secret checks are shared with the service's /mcp suite (packages/server/test).
export { callTool, expectNoSecret, secretForms, type CallResult } from '../../../test/support/mcp-tool-calls.js';

/** `SWITCHYARD_<TYPE>_<FIELD>` variables for a connector's credentials and config, as a user sets them. */
export function envFor(type: string, values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      `SWITCHYARD_${`${type}_${field}`.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`,
      String(value),
    ]),
  );
}
