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
 * line and form cost them most of a second each. A leaking text is shown with every form of every
 * credential masked before it is cut to an excerpt, so the report prints none of them, whole or in
 * part.
 */
export function expectNoSecret(texts: string | readonly string[], secrets: readonly string[]): void {
  // Longest first: the unpadded base64 of a credential is a prefix of the padded one.
  const forms = secretForms(secrets).sort((a, b) => b.length - a.length);
  const leaks: string[] = [];
  for (const [index, text] of (typeof texts === 'string' ? [texts] : texts).entries()) {
    const found = forms.map((form) => text.indexOf(form)).filter((at) => at !== -1);
    if (found.length === 0) continue;
    const masked = forms.reduce((masking, form) => masking.replaceAll(form, MASK), text);
    const first = masked.indexOf(MASK);
    const excerpt = masked.slice(Math.max(0, first - 80), first + MASK.length + 80);
    leaks.push(`text ${index}, character ${Math.min(...found)}: …${excerpt}…`);
  }
  expect(leaks.length, `a credential (or an encoding of it) appears in:\n${leaks.join('\n')}`).toBe(0);
}

const MASK = '<credential>';
