/**
 * The CLI commands as a user types them, for the CLI suites. `cli(args)` runs the command in this
 * process, through the same function the built `switchyard` bin dispatches to
 * (@switchyard/server's agent-commands.ts: the packages, the bin's commands for completion), with
 * a clean environment (no SWITCHYARD_* of the machine, XDG_CONFIG_HOME in a temporary directory
 * unless given), stdin and stdout/stderr of its own: what a command prints and the exit code it
 * resolves with are the bin's, without a Node process started for each (about 0.4 CPU s each, and a
 * fork of vitest's multi-gigabyte process: CONTRIBUTING.md, "Where the suite's time goes").
 * `cli.bin(args)` spawns the built bin instead, for what only a process shows (the exit code it
 * exits with, output flushed before it exits, the bin's own `--help` and `--version`); each suite
 * runs its commands through both and compares them (`sameThroughTheBin`). Every output is kept,
 * so a suite can check at the end that no credential appeared in any.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { readAll } from '../../../test/support/streams.js';
import { BIN, cleanEnv } from './support.js';

interface CommandIo {
  readonly env: Record<string, string>;
  readonly stdout: { write(text: string | Uint8Array, callback?: (error?: Error | null) => void): boolean; readonly isTTY?: boolean };
  readonly stderr: { write(text: string | Uint8Array, callback?: (error?: Error | null) => void): boolean; readonly isTTY?: boolean };
  readonly stdin: { text(): Promise<string>; readonly isTTY?: boolean };
}
type RunAgentCommand = (argv: readonly string[], io: CommandIo) => Promise<number | undefined>;

/** The built module the bin dispatches its agent and people commands to (`pnpm test` builds first). */
const AGENT_COMMANDS = pathToFileURL(join(dirname(BIN), '..', 'dist', 'agent-commands.js')).href;
let runAgentCommand: Promise<RunAgentCommand> | undefined;

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly env?: Record<string, string>;
  readonly input?: string;
}

export interface CliRunner {
  /** The command run in this process by the bin's own dispatch (the bin is spawned for its own commands). */
  (args: readonly string[], options?: CliOptions): Promise<CliRun>;
  /** The built bin spawned as a user's shell runs it. */
  bin(args: readonly string[], options?: CliOptions): Promise<CliRun>;
  /** Every stdout and stderr so far. */
  readonly outputs: string[];
}

export function cliRunner(baseEnv: () => Record<string, string>): CliRunner {
  const outputs: string[] = [];
  const kept = (run: CliRun): CliRun => {
    outputs.push(run.stdout, run.stderr);
    return run;
  };
  const bin = async (args: readonly string[], options: CliOptions = {}) =>
    kept(await spawnBin(args, cleanEnv({ ...baseEnv(), ...options.env }), options.input));
  const run = async (args: readonly string[], options: CliOptions = {}) => {
    const env = cleanEnv({ ...baseEnv(), ...options.env });
    const ran = await inProcess(args, env, options.input);
    return ran ? kept(ran) : bin(args, options);
  };
  return Object.assign(run, { bin, outputs });
}

/** Runs an agent or people command in this process; undefined for the bin's own commands. */
async function inProcess(args: readonly string[], env: Record<string, string>, input: string | undefined): Promise<CliRun | undefined> {
  runAgentCommand ??= import(AGENT_COMMANDS).then((module: { runAgentCommand: RunAgentCommand }) => module.runAgentCommand);
  const stdout = collector();
  const stderr = collector();
  const code = await (
    await runAgentCommand
  )(args, {
    env,
    stdout: stdout.stream,
    stderr: stderr.stream,
    // A pipe, as the spawned bin has: not a terminal, and at its end once `input` is read.
    stdin: { text: async () => input ?? '', isTTY: false },
  });
  return code === undefined ? undefined : { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A pipe's end that keeps what is written; the bytes are read as UTF-8 once, as a whole. */
function collector() {
  const chunks: Buffer[] = [];
  return {
    stream: {
      write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
        if (callback) queueMicrotask(() => callback(null));
        return true;
      },
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

async function spawnBin(args: readonly string[], env: NodeJS.ProcessEnv, input: string | undefined): Promise<CliRun> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: 'pipe' });
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
    // A command that exits without reading its input closes the pipe first: writing to it then
    // fails with EPIPE, which says nothing about the run (its exit code and output do).
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') reject(error);
    });
  });
  child.stdin.end(input ?? '');
  const [stdout, stderr, code] = await Promise.all([readAll(child.stdout), readAll(child.stderr), closed]);
  return { code, stdout: stdout.toString('utf8'), stderr: stderr.toString('utf8') };
}

/**
 * Runs each command both ways, in this process and through the spawned bin, and expects the same
 * exit code, stdout and stderr from both: the in-process runs the suites make stand for the bin.
 * `normalize` masks what differs between any two runs (ids, times).
 */
export async function sameThroughTheBin(
  cli: CliRunner,
  commands: readonly (readonly string[])[],
  options: CliOptions & { normalize?: (text: string) => string } = {},
): Promise<CliRun[]> {
  const normalize = options.normalize ?? ((text: string) => text);
  const shape = (run: CliRun) => ({ code: run.code, stdout: normalize(run.stdout), stderr: normalize(run.stderr) });
  const runs: CliRun[] = [];
  for (const args of commands) {
    const [here, spawned] = await Promise.all([cli(args, options), cli.bin(args, options)]);
    expect(shape(here), `switchyard ${args.join(' ')}: in this process, then through the bin`).toEqual(shape(spawned));
    runs.push(spawned);
  }
  return runs;
}

/** The one JSON object a failing `--json` command writes to stderr. */
export function jsonError(run: CliRun): { code: string; message: string; retryable: boolean; [member: string]: unknown } {
  const lines = run.stderr.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got: ${run.stderr}`);
  return JSON.parse(lines[0]!) as { code: string; message: string; retryable: boolean };
}
