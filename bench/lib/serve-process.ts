/**
 * `switchyard serve` in a process of its own, as an operator starts it: the benchmark talks to it
 * over HTTP only, so its figures include everything the service does and nothing the benchmark
 * does. Resolves with the URL once the `listening on` line is printed; `stop()` sends SIGTERM
 * (graceful shutdown) and waits for the exit.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, killChild } from './child.js';

export interface ServeProcess {
  readonly url: string;
  /** CPU time the process has used so far (user + system), in milliseconds; Linux only, else NaN. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** /proc/<pid>/stat fields 14 and 15 (utime, stime), in clock ticks of 10 ms (USER_HZ on Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export function serve(args: readonly string[], env: NodeJS.ProcessEnv, readyTimeoutMs = 600_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'packages', 'server', 'bin', 'switchyard.js'), 'serve', ...args], {
      cwd: ROOT,
      env: { ...process.env, SWITCHYARD_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    const timer = setTimeout(() => {
      killChild(child);
      reject(new Error(`switchyard serve did not listen within ${readyTimeoutMs} ms: ${stderr}`));
    }, readyTimeoutMs);
    const early = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`switchyard serve exited with ${code} before listening: ${stderr}`));
    };
    child.once('exit', early);
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(buffered);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', early);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        url: match[1]!,
        cpuMs: () => cpuMsOf(child.pid),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const force = setTimeout(() => killChild(child), 30_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
