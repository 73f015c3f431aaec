/**
 * Child-process helpers. Every child is bounded by a timeout and killed by its own pid when it
 * overruns; long-lived children (servers) are stopped by closing their stdin, so they also exit if
 * the benchmark process dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ → ../..). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Forward the child's stderr to ours as it arrives (progress lines). */
  inheritStderr?: boolean;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/** Runs a command to completion and collects its output. Rejects on spawn errors and timeouts. */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', options.inheritStderr ? 'inherit' : 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killChild(child);
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const result: RunResult = {
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: performance.now() - started,
      };
      if (timedOut) reject(new Error(`${command} ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(result.stderr)}`));
      else resolvePromise(result);
    });
  });
}

/** Runs a command and parses the last line of its stdout that is a JSON object. */
export async function runJson<T>(command: string, args: readonly string[], options: RunOptions = {}): Promise<T> {
  const result = await runProcess(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.code ?? result.signal}\n${tail(result.stderr || result.stdout)}`);
  }
  return lastJsonLine<T>(result.stdout);
}

export function lastJsonLine<T>(stdout: string): T {
  const lines = stdout.trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line.startsWith('{')) return JSON.parse(line) as T;
  }
  throw new Error(`no JSON line in the child's output:\n${tail(stdout)}`);
}

/** Arguments that run a TypeScript file with Node plus the tsx loader. */
export function tsxArgs(script: string, args: readonly string[] = []): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', script, ...args]];
}

export interface LongLived {
  /** First JSON line the child printed (e.g. `{"url": …}`). */
  hello: Record<string, unknown>;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a long-lived child that prints one JSON line when ready and exits when its stdin closes
 * (see bench/lib/page-server.ts).
 */
export function startLongLived(command: string, args: readonly string[], readyTimeoutMs = 30_000): Promise<LongLived> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    let buffered = '';
    const timer = setTimeout(() => {
      killChild(child);
      reject(new Error(`${args.join(' ')} did not report ready within ${readyTimeoutMs} ms`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline === -1) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      let hello: Record<string, unknown>;
      try {
        hello = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      } catch (error) {
        killChild(child);
        reject(error as Error);
        return;
      }
      resolvePromise({
        hello,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const force = setTimeout(() => killChild(child), 5_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.stdin?.end();
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before reporting ready`));
    });
  });
}

/** Kills one child we started, by its pid. */
export function killChild(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function tail(text: string, lines = 20): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}
