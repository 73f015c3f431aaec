/**
 * `switchyard serve` and `switchyard worker` started the way an operator starts them: the built
 * package's bin in a child process (`pnpm test` builds first), settings in the environment, JSON
 * log lines on stderr that a suite can read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'switchyard.js');

export interface SwitchyardProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` for serve (once ready); empty for a worker. */
  url: string;
  /** Every JSON log line so far, with the time (ms) it was read. */
  readonly logs: (Record<string, unknown> & { readonly at: number })[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** The environment without the machine's own SWITCHYARD_* or DATABASE_URL settings, plus `env`. */
export function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SWITCHYARD_') && k !== 'DATABASE_URL'));
  return { ...base, ...env };
}

/** Starts `switchyard <command> ...args` and resolves once it is ready (serve: listening; worker: running). */
export async function startSwitchyard(
  command: 'serve' | 'worker',
  args: string[],
  env: Record<string, string>,
  started: SwitchyardProcess[],
): Promise<SwitchyardProcess> {
  const child = spawn(process.execPath, [BIN, command, ...args], { env: processEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let partial = '';
  const logs: SwitchyardProcess['logs'] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    partial += chunk;
    let newline;
    while ((newline = partial.indexOf('\n')) >= 0) {
      const line = partial.slice(0, newline);
      partial = partial.slice(newline + 1);
      try {
        logs.push({ ...(JSON.parse(line) as Record<string, unknown>), at: Date.now() });
      } catch {
        // not a log line (a stack trace): kept in stderr()
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': what the child wrote is read after this, and 'exit' can come before the
    // last of its output has been read from the pipe (a loaded machine lost a whole stderr line so).
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const proc: SwitchyardProcess = { child, url: '', logs, exited, stderr: () => err };
  started.push(proc);
  const ready = command === 'serve' ? /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m : /^worker running$/m;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`switchyard ${command} not ready within 60 s; stderr:\n${err}`)), 60_000);
    const check = (): void => {
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`switchyard ${command} exited (${code ?? signal}) before it was ready; stderr:\n${err}`));
    });
  });
  proc.url = url;
  return proc;
}

/** SIGKILLs whatever is still running. */
export async function killAll(started: SwitchyardProcess[]): Promise<void> {
  for (const proc of started) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGCONT');
      proc.child.kill('SIGKILL');
    }
    await proc.exited;
  }
}
