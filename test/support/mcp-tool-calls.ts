/**
 * What the MCP suites read from a tool call (the server in packages/mcp over stdio, the service's
 * own /mcp over HTTP): the one text block, parsed, and checks that no credential leaked into text.
 */
import type { Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';

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
