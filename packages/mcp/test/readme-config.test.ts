/**
 * The desktop-client configurations the READMEs show start `switchyard mcp` as written: the same
 * command, arguments and variable names (the repository path and the placeholder values replaced),
 * spawned by the MCP SDK's client, answer tools/list. No call is made, so no vendor is reached.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BIN, cleanEnv } from './support.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

interface ServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

function configs(readme: string): ServerConfig[] {
  const text = readFileSync(join(ROOT, readme), 'utf8');
  return (
    [...text.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((m) => JSON.parse(m[1]!) as { mcpServers?: Record<string, ServerConfig> })
      .flatMap((doc) => Object.values(doc.mcpServers ?? {}))
      // Streamable HTTP entries (`url`, `headers`) point at a running service's /mcp; the service's
      // own suite (packages/server/test/mcp-http.test.ts) connects with them.
      .filter((config) => 'command' in config)
  );
}

describe.each(['README.md', 'packages/mcp/README.md'])('%s', (readme) => {
  it('shows a configuration that starts the server', async () => {
    const found = configs(readme);
    expect(found.length).toBeGreaterThan(0);
    for (const config of found) {
      expect(config.command).toBe('node');
      expect(config.args[0]).toMatch(/packages\/server\/bin\/switchyard\.js$/);
      // Placeholder values ("xoxb-…") stand for the user's own; the names are what is checked.
      const env = Object.fromEntries(
        Object.keys(config.env).map((name) => [name, name.endsWith('SUBDOMAIN') ? 'acme' : `value-for-${name.toLowerCase()}`]),
      );
      const client = new Client({ name: 'readme', version: '1' });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [BIN, ...config.args.slice(1)], env: cleanEnv(env), stderr: 'pipe' }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toContain('execute');
        if (config.args.includes('--read-only')) expect(tools.find((t) => t.name === 'execute')!.annotations?.readOnlyHint).toBe(true);
      } finally {
        await client.close();
      }
    }
  });
});
