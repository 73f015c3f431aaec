/**
 * `switchyard` as an operator runs it, for the CLI suites: a child process of the built package's
 * bin (`pnpm test` builds first), with the machine's own SWITCHYARD_* settings removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/switchyard.js', import.meta.url));
const LISTENING = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/;

/** The environment without any SWITCHYARD_* or DATABASE_URL setting of the machine running the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SWITCHYARD_') && k !== 'DATABASE_URL'));
  return { ...env, ...extra };
}

export interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServeOptions {
  /** Start the process under this umask (through `sh`), as a shell with that umask would. */
  readonly umask?: number;
  /** Node's own options, before the bin (`--import` a module hook). */
  readonly nodeArgs?: readonly string[];
}

/**
 * Spawns `switchyard serve <args>` and resolves once it printed its `listening on` line. `track`
 * receives a step that kills the process if it still runs; the suite calls it after its tests.
 */
export async function serve(
  args: string[],
  env: Record<string, string>,
  track: (step: () => Promise<void>) => void,
  options: ServeOptions = {},
): Promise<Served> {
  const command = [process.execPath, ...(options.nodeArgs ?? []), BIN, 'serve', ...args];
  const child =
    options.umask === undefined
      ? spawn(command[0]!, command.slice(1), { env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', `umask ${options.umask.toString(8).padStart(3, '0')} && exec "$@"`, 'sh', ...command], {
          env: cleanEnv(env),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': what the child wrote is read after this, and 'exit' can come before the
    // last of its output has been read from the pipe (a loaded machine lost a whole stderr line so).
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  track(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 90 s; stderr:\n${err}`)), 90_000);
    const check = (): void => {
      const line = out.split('\n')[0];
      const match = out.includes('\n') ? LISTENING.exec(line ?? '') : null;
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening; stderr:\n${err}`));
    });
  });
  return { child, url, stdout: () => out, stderr: () => err, exited };
}
