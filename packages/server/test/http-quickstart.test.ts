/**
 * The hosted quickstart (test/example/hosted-quickstart.ts), run through pnpm as `pnpm start` runs
 * it, goes to the end: service, application, tokens, connector, first sync, search, and curl
 * commands that name the real port. Stopped with Ctrl-C as a terminal sends it, it exits 0 quietly
 * and leaves no temporary directory behind. One run checks both (each run is a service, a first
 * sync and a search: several CPU seconds).
 *
 * @module-tag connector/messaging
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** pnpm as the running `pnpm test` was started (npm_execpath), else the one on PATH. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env['npm_execpath'];
  return execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
}

describe('hosted quickstart', () => {
  it('pnpm start ends with `exec pnpm example:hosted`, the script this test stops', async () => {
    const scripts = (JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toMatch(/&& exec pnpm example:hosted$/);
    expect(scripts['example:hosted']).toMatch(/^exec /);
    // The quickstart itself (which uses the messaging connector and its fake).
    expect(scripts['example:hosted']).toContain('test/example/hosted-quickstart.ts');
  });

  it("creates a connector, syncs it, finds a misspelt name and prints working curl commands; SIGINT to the whole process group (a terminal's Ctrl-C) while serving: exit 0, no ELIFECYCLE, temp directory removed", async () => {
    const temp = await mkdtemp(join(tmpdir(), 'switchyard-ctrl-c-'));
    try {
      const [command, prefix] = pnpmCommand();
      const child = spawn(command, [...prefix, 'run', 'example:hosted'], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: temp },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group, as a shell job is
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      const deadline = Date.now() + 100_000;
      while (!out.includes('Serving until Ctrl-C')) {
        if (Date.now() > deadline || child.exitCode !== null) {
          child.kill('SIGKILL');
          throw new Error(`the quickstart did not reach "Serving until Ctrl-C"; stdout:\n${out}\nstderr:\n${err}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const port = /on http:\/\/127\.0\.0\.1:(\d+) /.exec(out)?.[1];
      expect(port).toBeDefined();
      expect(out).toMatch(/4\. first sync ready: \d+ channels, 45 users/);
      expect(out).toMatch(/5\. search users for "[^"]+" → [1-9]\d* hit\(s\)/);
      expect(out).toContain(`export SY=http://127.0.0.1:${port}`);
      expect(out).toMatch(/export TOKEN=\S+\.\S+\.\S+/);
      expect(err).not.toMatch(/Error/);
      expect((await readdir(temp)).some((name) => name.startsWith('switchyard-quickstart-'))).toBe(true);
      process.kill(-child.pid!, 'SIGINT');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(`${out}${err}`).not.toContain('ELIFECYCLE');
      expect(err).toBe('');
      expect(out).toMatch(/Stopped: the service is closed and \S+ is removed\.\n$/);
      expect((await readdir(temp)).filter((name) => name.startsWith('switchyard-quickstart-'))).toEqual([]);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }, 150_000);
});
