/**
 * Helpers of the MCP suites: `switchyard mcp` spawned as a user's MCP client spawns it (the built
 * bin of @switchyard/server, `pnpm test` builds first), driven by the SDK's own client.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect } from 'vitest';

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

export interface CallResult {
  isError: boolean;
  text: string;
  json: any;
  structuredContent: Record<string, unknown> | undefined;
}

/** A tools/call, its one text block parsed (and checked to be the same JSON as structuredContent when there is one). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text?: string }[];
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
  };
  expect(result.content).toHaveLength(1);
  expect(result.content[0]!.type).toBe('text');
  const text = result.content[0]!.text!;
  const json = JSON.parse(text) as unknown;
  if (result.structuredContent) expect(result.structuredContent).toEqual(json);
  return { isError: result.isError === true, text, json, structuredContent: result.structuredContent };
}

/** Every form in which a credential could leak into text: raw, base64 (padded or not), percent-encoded. */
export function secretForms(secrets: readonly string[]): string[] {
  return secrets
    .filter((s) => s.length >= 4)
    .flatMap((s) => {
      const base64 = Buffer.from(s).toString('base64');
      return [s, base64, base64.replace(/=+$/, ''), encodeURIComponent(s)];
    });
}

export function expectNoSecret(text: string, secrets: readonly string[]): void {
  for (const form of secretForms(secrets))
    expect(text.includes(form), `a credential (or an encoding of it) appears in: ${text.slice(0, 300)}`).toBe(false);
}

/** `SWITCHYARD_<TYPE>_<FIELD>` variables for a connector's credentials and config, as a user sets them. */
export function envFor(type: string, values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      `SWITCHYARD_${`${type}_${field}`.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`,
      String(value),
    ]),
  );
}
