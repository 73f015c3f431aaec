/**
 * The shape of one CLI command in the command table (commands.ts): its options (which parseArgs
 * reads, the help text lists and the completion scripts offer), its subcommands and what its
 * first positional argument is, so usage, parsing, help and completion come from one place.
 */
import { parseArgs } from 'node:util';
import type { PackageSet } from './package-set.js';
import type { Environment } from '../connectors/env-credentials.js';
import type { Stdin } from './json-input.js';
import { UsageError } from './options.js';
import type { Output } from './output.js';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  /** What the value is, in the help text (`<url>`). */
  readonly value?: string;
  readonly description: string;
  /** Values completion offers: a fixed list, or the connector types. */
  readonly choices?: readonly string[] | 'types';
}

export type Options = Readonly<Record<string, OptionSpec>>;

export interface Parsed {
  readonly values: Readonly<Record<string, string | boolean | string[] | undefined>>;
  readonly positionals: readonly string[];
}

export interface CliContext {
  /** The connector packages, each imported when a command first asks for it. */
  readonly packages: PackageSet;
  readonly env: Environment;
  readonly out: Output;
  readonly stdin: Stdin & { readonly isTTY?: boolean | undefined };
  /** Every command of the `switchyard` bin (completion covers them all). */
  readonly commands: readonly CommandSpec[];
  readonly fetch?: typeof fetch;
}

export interface CommandSpec {
  readonly name: string;
  /** One line, for `switchyard --help` and completion descriptions. */
  readonly summary: string;
  /** Usage lines after `switchyard `. */
  readonly usage: readonly string[];
  /** More help text, after the usage. */
  readonly details?: string;
  readonly options: Options;
  readonly subcommands?: readonly string[];
  /** What completion offers for the first positional argument after the (sub)command. */
  readonly firstArgument?: 'types';
  /** Absent for commands this table only describes (the service's own, `mcp`, `tools`): the bin runs those itself. */
  readonly run?: (parsed: Parsed, context: CliContext) => Promise<number>;
}

/** Options every command of this CLI takes. */
export const COMMON_OPTIONS: Options = {
  json: { type: 'boolean', description: 'machine output: one JSON document on stdout; errors as one JSON object on stderr' },
  help: { type: 'boolean', short: 'h', description: 'this text' },
};

/** Options of the commands that talk to a service. */
export const SERVICE_OPTIONS: Options = {
  service: { type: 'string', value: '<url>', description: 'the Switchyard service (default: the profile’s)' },
  profile: { type: 'string', value: '<name>', description: 'a profile stored by switchyard login (default: "default")' },
};

export function parse(command: CommandSpec, argv: readonly string[]): Parsed {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [
      name,
      { type: spec.type, ...(spec.multiple ? { multiple: true } : {}), ...(spec.short ? { short: spec.short } : {}) },
    ]),
  );
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function helpText(command: CommandSpec): string {
  const rows = Object.entries(command.options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return [flag, `${spec.description}${spec.multiple ? ' (repeatable)' : ''}`] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return [
    'Usage:',
    ...command.usage.map((line) => `  switchyard ${line}`),
    '',
    command.summary,
    ...(command.details ? ['', command.details.trimEnd()] : []),
    '',
    'Options:',
    ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`),
    '',
    'Exit codes: 0 ok, 1 usage, 2 validation, 3 authentication or permission, 4 not found,',
    '5 vendor or service failure, 6 rate limited.',
    '',
  ].join('\n');
}

export function stringValue(parsed: Parsed, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listValue(parsed: Parsed, name: string): string[] | undefined {
  const value = parsed.values[name];
  return Array.isArray(value) ? value : undefined;
}

export function flag(parsed: Parsed, name: string): boolean {
  return parsed.values[name] === true;
}

/** Exactly `count` positionals (between `min` and `count`), else a usage error naming what is missing or extra. */
export function positionals(parsed: Parsed, names: readonly string[], min = names.length): string[] {
  const given = parsed.positionals;
  if (given.length < min)
    throw new UsageError(
      `missing ${names
        .slice(given.length, min)
        .map((n) => `<${n}>`)
        .join(' ')}`,
    );
  if (given.length > names.length) throw new UsageError(`unexpected argument ${JSON.stringify(given[names.length])}`);
  return [...given];
}
