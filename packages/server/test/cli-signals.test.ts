/**
 * One Ctrl-C, however many copies of it arrive: a terminal signals the whole process group, and
 * wrappers (pnpm, tsx) relay it to their child again. The service shuts down gracefully and exits
 * 0; only a signal well after the first one (an impatient operator) exits at once.
 */
// @module-tag long
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, serve } from './support/switchyard-cli.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const HELPER = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'shutdown-signal.js')).href;

/**
 * A process that waits with untilShutdownSignal (copies within `graceMs` are the same request),
 * then takes `shutdownMs` to "shut down".
 */
async function waiter(
  shutdownMs: number,
  graceMs: number,
): Promise<{
  send(signal: NodeJS.Signals): void;
  /** Resolves once the process has printed this line. */
  received(line: string): Promise<void>;
  result: Promise<{ code: number | null; out: string }>;
}> {
  const script = `
    import { untilShutdownSignal } from ${JSON.stringify(HELPER)};
    const signal = untilShutdownSignal({ graceMs: ${graceMs}, onImpatient: (s) => { console.log('impatient ' + s); process.exit(7); } });
    setInterval(() => {}, 1000); // keeps the process alive, as a listening server does
    console.log('ready');
    console.log('first ' + (await signal));
    setTimeout(() => { console.log('shut down'); process.exit(0); }, ${shutdownMs});
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  // 'close', not 'exit': `out` must hold everything the child printed.
  const result = new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
  while (!out.includes('ready\n')) {
    if (child.exitCode !== null) throw new Error(`waiter exited early: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const received = async (line: string) => {
    while (!out.includes(`${line}\n`)) {
      if (child.exitCode !== null) throw new Error(`waiter exited before printing ${line}: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { send: (signal) => child.kill(signal), received, result };
}

describe('untilShutdownSignal', () => {
  it('copies of the first signal within the grace period are the same request: the shutdown finishes and exits 0', async () => {
    // A grace far longer than the three sends take, however loaded the machine.
    const w = await waiter(600, 10_000);
    w.send('SIGINT');
    // Distinct signals pending together are delivered in no set order (POSIX), so the copies go
    // once the first has been taken: a second Ctrl-C, then a supervisor's SIGTERM, during the shutdown.
    await w.received('first SIGINT');
    w.send('SIGINT');
    w.send('SIGTERM');
    const { code, out } = await w.result;
    expect(out).toBe('ready\nfirst SIGINT\nshut down\n');
    expect(code).toBe(0);
  });

  it('a signal after the grace period is an impatient operator', async () => {
    const w = await waiter(5_000, 300);
    w.send('SIGTERM');
    // The grace period runs from when the first was taken: wait for that (a loaded machine can take
    // a while), then let the grace period pass.
    await w.received('first SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    w.send('SIGINT');
    const { code, out } = await w.result;
    expect(out).toBe('ready\nfirst SIGTERM\nimpatient SIGINT\n');
    expect(code).toBe(7);
  });
});

describe('switchyard serve under a process-group Ctrl-C', () => {
  it('SIGINT to the whole group plus a relayed copy: graceful shutdown, exit 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-signals-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    // Its own process group, as a shell job is; the group id is the child's pid.
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    const deadline = Date.now() + 90_000;
    while (!out.includes('listening on')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`serve did not start; stderr:\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(-child.pid!, 'SIGINT'); // the terminal's Ctrl-C
    // A wrapper relaying it a moment later (pending copies of one signal merge into one, so the
    // copy must come after the first was handled to be a second signal).
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(err).toContain('shutting down');
  }, 120_000);

  it('SIGTERM twice in a row (a supervisor repeating itself): graceful shutdown, exit 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-signals-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const served = await serve(['--port', '0', '--data-dir', dataDir], {}, (step) => void cleanup.push(step));
    served.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 150));
    served.child.kill('SIGTERM');
    expect(await served.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('pnpm serve (the root script) under a process-group Ctrl-C', () => {
  it('exits 0 with no ELIFECYCLE: the script execs the service, so no shell dies of the signal', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-signals-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const execPath = process.env['npm_execpath'];
    const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ['pnpm', []];
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
    const child = spawn(command, [...prefix, 'serve', '--', '--port', '0'], {
      cwd: root,
      env: cleanEnv({ SWITCHYARD_DATA_DIR: dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
    });
    const deadline = Date.now() + 90_000;
    while (!out.includes('listening on')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`pnpm serve did not start; stderr:\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    process.kill(-child.pid!, 'SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(`${out}${err}`).not.toContain('ELIFECYCLE');
  }, 120_000);
});
