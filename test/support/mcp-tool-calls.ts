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

/**
 * Fails, naming every leak, when any of `texts` holds a credential in any of its forms. One scan and
 * one assertion for the whole set: the suites check thousands of log lines, and an assertion per
 * line and form cost them most of a second each. A leak is shown masked, with where it was.
 */
export function expectNoSecret(texts: string | readonly string[], secrets: readonly string[]): void {
  const forms = secretForms(secrets);
  const leaks: string[] = [];
  for (const [index, text] of (typeof texts === 'string' ? [texts] : texts).entries()) {
    for (const form of forms) {
      const at = text.indexOf(form);
      if (at === -1) continue;
      const masked = text.slice(Math.max(0, at - 80), at + form.length + 80).replaceAll(form, '<credential>');
      leaks.push(`text ${index}, character ${at}: …${masked}…`);
    }
  }
  expect(leaks.length, `a credential (or an encoding of it) appears in:\n${leaks.join('\n')}`).toBe(0);
}
