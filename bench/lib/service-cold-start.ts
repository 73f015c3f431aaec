/**
 * One cold start of the whole service, as an operator runs it:
 * `switchyard serve --data-dir <dir> --port 0` in a fresh process, timed from spawn to the
 * `listening on` line and to the first `GET /readyz` answering 200 (store open, migrations
 * checked, every entity's search indexes ensured, routes and OpenAPI built). search-cold-start.ts
 * passes the search benchmark's data directory (bench/lib/search-stores.ts: its PGlite store plus
 * the service's key file); first-start.ts a new one.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './child.js';

export interface ServiceColdStart {
  listeningMs: number;
  readyMs: number;
}

export function serviceColdStart(dataDir: string, timeoutMs = 600_000): Promise<ServiceColdStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [join(ROOT, 'packages', 'server', 'bin', 'switchyard.js'), 'serve', '--data-dir', dataDir, '--port', '0'],
      {
        cwd: ROOT,
        env: { ...process.env, SWITCHYARD_LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the service did not become ready within ${timeoutMs} ms`));
    }, timeoutMs);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0 && code !== null) reject(new Error(`switchyard serve exited with ${code}: ${stderr.slice(-2000)}`));
    });
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(buffered);
      if (!match) return;
      child.stdout.removeAllListeners('data');
      const listeningMs = performance.now() - started;
      void (async () => {
        for (;;) {
          const response = await fetch(`${match[1]}/readyz`).catch(() => null);
          if (response?.status === 200) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        const readyMs = performance.now() - started;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.once('exit', () => resolve({ listeningMs, readyMs }));
        child.kill('SIGTERM');
      })().catch(reject);
    });
  });
}
