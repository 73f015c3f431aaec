/** Parsing what `switchyard mcp` and `switchyard tools` share: connector types, base URLs, toolset flags. */
import type { ToolsChoice } from '../engine/toolset.js';
import { baseUrlProblem } from '@switchyard/runtime/internal';

/** A mistake in the command line: printed with the usage hint, exit code 1 (exit-codes.ts). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const TOOLS_CHOICES: readonly ToolsChoice[] = ['compact', 'actions', 'all'];

export function toolsChoice(value: string | undefined): ToolsChoice {
  if (value === undefined) return 'compact';
  if (!(TOOLS_CHOICES as readonly string[]).includes(value))
    throw new UsageError(`--tools must be one of ${TOOLS_CHOICES.join(', ')} (got ${JSON.stringify(value)})`);
  return value as ToolsChoice;
}

/** `--base-url <type>=<url>` entries, each for a type given with --connector, each a base URL (runtime's baseUrlProblem). */
export function baseUrls(entries: readonly string[], types: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of entries) {
    const at = entry.indexOf('=');
    const type = at > 0 ? entry.slice(0, at) : '';
    const url = at > 0 ? entry.slice(at + 1) : '';
    if (!type || !url)
      throw new UsageError(`--base-url ${JSON.stringify(entry)}: write it as <type>=<url>, e.g. messaging=http://127.0.0.1:8080/api`);
    if (!types.includes(type))
      throw new UsageError(`--base-url ${type}=…: ${type} is not one of the --connector types (${types.join(', ')})`);
    const problem = baseUrlProblem(url);
    if (problem) throw new UsageError(`--base-url ${type}=…: ${problem}`);
    if (out.has(type)) throw new UsageError(`--base-url ${type} is given twice`);
    out.set(type, url);
  }
  return out;
}

/** `--only a.b.c,d.e.f` (repeatable) as entries. */
export function onlyEntries(values: readonly string[] | undefined): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function positiveInteger(name: string, value: string | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < minimum)
    throw new UsageError(`${name} must be an integer of at least ${minimum} (got ${JSON.stringify(value)})`);
  return Number(value);
}
