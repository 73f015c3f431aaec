/**
 * The root README's "Your own service, step by step" block, run as a newcomer pastes it: bash at
 * the root of the clone, `pnpm exec switchyard fake` and `switchyard serve` as real processes,
 * curl for every request. Two changes only, so the test cannot collide with anything else on the
 * machine: the ports (8080, 9001) become free ones, and SWITCHYARD_DATA_DIR points the embedded
 * store at a temporary directory instead of ./.switchyard.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/expect.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MARKER = 'test/example/readme-walkthrough.test.ts runs the next block';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** The first ```sh block after the marker comment. */
async function walkthroughBlock(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(MARKER);
  expect(at, 'the README marks its walkthrough block').toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)\n```/.exec(readme.slice(at));
  expect(block, 'a ```sh block follows the marker').not.toBeNull();
  return block![1]!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A PATH whose `pnpm` is the one running this suite (CI reaches pnpm through npx, not PATH). */
async function pathWithPnpm(): Promise<string> {
  const path = process.env['PATH'] ?? '';
  if (spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).status === 0) return path;
  const execPath = process.env['npm_execpath'];
  if (!execPath) throw new Error('no pnpm on PATH and no npm_execpath: run the suite through pnpm');
  const bin = await mkdtemp(join(tmpdir(), 'switchyard-pnpm-'));
  cleanup.push(() => rm(bin, { recursive: true, force: true }));
  await writeFile(join(bin, 'pnpm'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(execPath)} "$@"\n`);
  await chmod(join(bin, 'pnpm'), 0o755);
  return `${bin}${delimiter}${path}`;
}

describe('the README walkthrough', () => {
  it('runs as written: fake, service, application, tokens, connector, sync, search, live action, clean stop', async () => {
    const block = await walkthroughBlock();
    expect(block).toContain('8080');
    expect(block).toContain('9001');
    const [servicePort, fakePort] = [await freePort(), await freePort()];
    const script = block.replaceAll('8080', String(servicePort)).replaceAll('9001', String(fakePort));
    const dataDir = await mkdtemp(join(tmpdir(), 'switchyard-walkthrough-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const logFile = join(ROOT, 'switchyard.log');
    const logBefore = await readFile(logFile, 'utf8').catch(() => undefined);
    cleanup.push(async () => {
      // The block appends the service's log to ./switchyard.log; leave the clone as it was.
      if (logBefore === undefined) await rm(logFile, { force: true });
      else await writeFile(logFile, logBefore);
    });

    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SWITCHYARD_') && k !== 'DATABASE_URL'));
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: ROOT,
      env: { ...env, PATH: await pathWithPnpm(), SWITCHYARD_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanup.push(async () => {
      // Whatever happened, nothing the block started outlives the test.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    });
    const timeout = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 150_000);
    const code = await exited;
    clearTimeout(timeout);

    expect(code, `stdout:\n${out}\nstderr:\n${err}`).toBe(0);
    // The fake told where it listens and what it accepts.
    expect(out).toContain(`base url:    http://127.0.0.1:${fakePort}/api`);
    expect(out).toContain('credentials: {"api_token":"xoxb-test-token"}');
    // The service's one stdout line, the application with its secret shown once, the connector.
    expect(out).toContain(`listening on http://127.0.0.1:${servicePort}`);
    expect(out).toMatch(/"client_secret":"[^"]+"/);
    expect(out).toMatch(/^connector conn_\S+$/m);
    expect(out).toMatch(/^sync ready$/m);
    // The search page and the live list.
    const search = JSON.parse(/^(\{"hits":.*)$/m.exec(out)![1]!) as { hits: { data: { real_name?: string } }[] };
    expect(search.hits.length).toBe(3);
    expect(search.hits.every((hit) => typeof hit.data.real_name === 'string')).toBe(true);
    const channels = JSON.parse(/^(\{"data":.*)$/m.exec(out)![1]!) as { data: unknown[]; meta: { next_cursor: string } };
    expect(channels.data).toHaveLength(2);
    // The audit log: the call that gave an intent, then the two before it.
    expect(out).toMatch(/^audit users\.list ok who is on the team\?\naudit channels\.list ok -\naudit users\.search ok -$/m);
    // The service and the fake stopped with the block. `wait` waited for the pnpm processes; what
    // they started may take a moment more to close its port on a loaded machine.
    const closed = async (port: number) => !(await listening(port));
    await waitFor(
      'the service and the fake to stop listening',
      async () => ((await closed(servicePort)) && (await closed(fakePort)) ? true : undefined),
      20_000,
    );
    expect(await listening(servicePort)).toBe(false);
    expect(await listening(fakePort)).toBe(false);
    // The embedded store went where SWITCHYARD_DATA_DIR said, not into the clone.
    expect(spawnSync('ls', [join(dataDir, 'master.key')]).status).toBe(0);
  }, 180_000);
});
