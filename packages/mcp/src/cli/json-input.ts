/**
 * JSON objects given on the command line (`--params`, `--query`, `--credentials`, `--config`):
 * inline (`--params '{"limit":5}'`), from a file (`--params @params.json`) or from stdin
 * (`--params @-`), which keeps secrets out of the process list and the shell's history. Text
 * that is not a JSON object is a usage error naming the option, and never echoed (it may hold a
 * credential).
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from './options.js';

export interface Stdin {
  text(): Promise<string>;
}

export const processStdin: Stdin = {
  async text() {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

export async function jsonObjectOption(
  option: string,
  value: string | undefined,
  stdin: Stdin,
): Promise<Record<string, unknown> | undefined> {
  if (value === undefined) return undefined;
  let text = value;
  let where = 'the value';
  if (value === '@-') {
    text = await stdin.text();
    where = 'stdin';
  } else if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new UsageError(
        `${option} ${value}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    where = path;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${option}: ${where} is not valid JSON (give a JSON object, @file or @- for stdin)`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageError(
      `${option}: ${where} must be a JSON object, not ${parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : typeof parsed}`,
    );
  return parsed as Record<string, unknown>;
}

/** `--fields a,b.c` (repeatable) as paths; empty entries are dropped, an empty path segment is a usage error. */
export function fieldsOption(values: readonly string[] | undefined): string[] | undefined {
  if (!values || values.length === 0) return undefined;
  const fields = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const bad = fields.find((f) => f.split('.').some((segment) => segment === ''));
  if (bad !== undefined) throw new UsageError(`--fields: "${bad}" is not a dot path (it has an empty segment)`);
  if (fields.length === 0) throw new UsageError('--fields: name at least one field');
  return fields;
}
