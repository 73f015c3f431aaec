/**
 * The entry of the CLI commands (`describe`, `exec`, `connectors`, `search`, `sync`, `login`,
 * `completion`): finds the command in the table, parses its options, runs it, and turns whatever
 * it throws into one line on stderr and the exit code of the error's class (exit-codes.ts). The
 * `switchyard` bin (packages/server/src/cli.ts) dispatches here with its connector packages.
 */
import type { Environment } from '../connectors/env-credentials.js';
import { helpText, parse, type CommandSpec } from './command-spec.js';
import { AGENT_COMMANDS, CLI_COMMANDS } from './commands.js';
import { processStdin, type Stdin } from './json-input.js';
import { Output, type Writable } from './output.js';
import { packageSetOf, type PackagesSource } from './package-set.js';

export interface CliDeps {
  /**
   * Every connector package this switchyard has (the service's catalog): the packages, or a loader
   * per type so that a command imports only the types it names (package-set.ts).
   */
  readonly packages: PackagesSource;
  /** The bin's own commands (serve, worker, …), described for completion; they run elsewhere. */
  readonly hostCommands?: readonly CommandSpec[];
  readonly env?: Environment;
  readonly stdout?: Writable;
  readonly stderr?: Writable;
  readonly stdin?: Stdin & { readonly isTTY?: boolean | undefined };
  readonly fetch?: typeof fetch;
}

export function isCliCommand(name: string | undefined): boolean {
  return CLI_COMMANDS.some((command) => command.name === name);
}

/** Runs `switchyard <argv>` for a CLI command; resolves with the exit code. */
export async function runCliCommand(argv: readonly string[], deps: CliDeps): Promise<number> {
  const command = CLI_COMMANDS.find((c) => c.name === argv[0]);
  if (!command?.run) throw new TypeError(`not a CLI command: ${String(argv[0])}`);
  const args = argv.slice(1);
  // Known before parsing, so a usage error is JSON too when --json is among the arguments.
  const out = new Output(args.includes('--json'), deps.stdout ?? process.stdout, deps.stderr ?? process.stderr);
  try {
    const parsed = parse(command, args);
    if (parsed.values['help'] === true) {
      out.text(helpText(command));
      return 0;
    }
    return await command.run(parsed, {
      packages: await packageSetOf(deps.packages),
      env: deps.env ?? process.env,
      out,
      stdin: deps.stdin ?? { ...processStdin, isTTY: process.stdin.isTTY },
      commands: [...CLI_COMMANDS, ...AGENT_COMMANDS.filter((c) => !CLI_COMMANDS.includes(c)), ...(deps.hostCommands ?? [])],
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  } catch (error) {
    return out.error(error, exitHint(error, command));
  }
}

function exitHint(error: unknown, command: CommandSpec): string | undefined {
  return error instanceof Error && error.name === 'UsageError' ? `run "switchyard ${command.name} --help" for usage` : undefined;
}
