/**
 * The CLI commands as a user types them: the built `switchyard` bin spawned with a clean
 * environment (no SWITCHYARD_* of the machine, XDG_CONFIG_HOME in a temporary directory unless
 * given). Spawned asynchronously, since the vendor fakes and the service run in the test process.
 * Every output is kept, so a suite can check at the end that no credential appeared in any.
 */
import { spawn } from 'node:child_process';
import { BIN, cleanEnv } from './support.js';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunner {
  (args: readonly string[], options?: { env?: Record<string, string>; input?: string }): Promise<CliRun>;
  /** Every stdout and stderr so far. */
  readonly outputs: string[];
}

export function cliRunner(baseEnv: () => Record<string, string>): CliRunner {
  const outputs: string[] = [];
  const run = (args: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) =>
    new Promise<CliRun>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv({ ...baseEnv(), ...options.env }), stdio: 'pipe' });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => {
        outputs.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
      // A command that exits without reading its input closes the pipe first: writing to it then
      // fails with EPIPE, which says nothing about the run (its exit code and output do).
      child.stdin.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') reject(error);
      });
      child.stdin.end(options.input ?? '');
    });
  return Object.assign(run, { outputs });
}

/** The one JSON object a failing `--json` command writes to stderr. */
export function jsonError(run: CliRun): { code: string; message: string; retryable: boolean; [member: string]: unknown } {
  const lines = run.stderr.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got: ${run.stderr}`);
  return JSON.parse(lines[0]!) as { code: string; message: string; retryable: boolean };
}
