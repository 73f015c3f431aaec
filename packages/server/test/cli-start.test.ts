/**
 * The `switchyard` bin's short commands start without what they do not run: the MCP SDK loads only
 * for `switchyard mcp` (the bin imports `@switchyard/mcp/cli`, and the command imports the stdio
 * server when it starts serving), the service's own modules (Fastify, PGlite) only for `serve`,
 * `worker` and `rotate-keys`. Each load is about 0.1 s of a start that is otherwise 0.1 s.
 * A connector package is imported only by a command that needs it: one that names a type imports
 * that package alone (packages/mcp, src/cli/package-set.ts).
 * Every module a child loads is recorded by a module hook (support/record-loads.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { specNames } from '../../../test/support/connectors.js';
import { BIN, cleanEnv } from './support/switchyard-cli.js';

const RECORD_LOADS = fileURLToPath(new URL('./support/record-loads.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'switchyard-cli-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let runs = 0;
/** The module URLs a `node --import record-loads.mjs <args>` process loaded, and its exit status. */
function loadsOf(args: string[]): { status: number | null; urls: string[]; stderr: string } {
  const file = join(dir, `loads-${++runs}.txt`);
  const result = spawnSync(process.execPath, ['--import', RECORD_LOADS, ...args], {
    env: cleanEnv({ SWITCHYARD_RECORD_LOADS: file }),
    encoding: 'utf8',
    timeout: 60_000,
  });
  let urls: string[] = [];
  try {
    urls = readFileSync(file, 'utf8').trim().split('\n');
  } catch {
    // Nothing recorded: the assertions below say so.
  }
  return { status: result.status, urls, stderr: result.stderr };
}

const MCP_SDK = /\/@modelcontextprotocol\//;
const SERVICE_MODULES = /\/(fastify|@electric-sql\/pglite|pg-boss)\//;

describe('what the short commands load', () => {
  // The recorder itself: a process importing the package's main entry loads the SDK, and the service's index loads Fastify.
  it('the recorder sees the MCP SDK behind @switchyard/mcp and Fastify behind @switchyard/server', () => {
    const main = loadsOf(['--input-type=module', '-e', "await import('@switchyard/mcp'); await import('@switchyard/server');"]);
    expect(main.status, main.stderr).toBe(0);
    expect(main.urls.some((url) => MCP_SDK.test(url))).toBe(true);
    expect(main.urls.some((url) => /\/fastify\//.test(url))).toBe(true);
  });

  it.each([
    [['--help']],
    [['describe']],
    [['describe', '--json']],
    [['exec', '--help']],
    [['connectors', '--help']],
    [['completion', 'bash']],
  ])('switchyard %j loads neither the MCP SDK nor the service', (args) => {
    const run = loadsOf([BIN, ...args]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.urls.length).toBeGreaterThan(10);
    expect(run.urls.filter((url) => MCP_SDK.test(url))).toEqual([]);
    expect(run.urls.filter((url) => SERVICE_MODULES.test(url))).toEqual([]);
  });
});

/** The connector types whose package a process imported, sorted. */
function connectorTypesLoaded(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => /\/connector-([a-z0-9-]+)\/dist\//.exec(url)?.[1] ?? []))].sort();
}

describe('which connector packages the commands import', () => {
  const types = specNames();
  // Any one type: the last, so that it is not the first a loop over every type would import.
  const type = types.at(-1)!;

  it('listing every type imports every package (the recorder sees them)', () => {
    const run = loadsOf([BIN, 'describe', '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(connectorTypesLoaded(run.urls)).toEqual(types);
  });

  it.each([[['--help']], [['describe', '--help']], [['exec', '--help']], [['completion', 'bash']], [['tools', '--help']]])(
    'switchyard %j imports no connector package',
    (args) => {
      const run = loadsOf([BIN, ...args]);
      expect(run.status, run.stderr).toBe(0);
      expect(connectorTypesLoaded(run.urls)).toEqual([]);
    },
  );

  it('describe, exec and tools naming one type import that package alone', () => {
    const described = loadsOf([BIN, 'describe', type, '--json']);
    expect(described.status, described.stderr).toBe(0);
    expect(connectorTypesLoaded(described.urls)).toEqual([type]);
    const tools = loadsOf([BIN, 'tools', '--connector', type, '--provider', 'openai']);
    expect(tools.status, tools.stderr).toBe(0);
    expect(connectorTypesLoaded(tools.urls)).toEqual([type]);
    // The package is imported to check the entity and action asked for (before the credentials).
    const exec = loadsOf([BIN, 'exec', type, 'some-entity', 'some-action', '--json']);
    expect(exec.status, exec.stderr).toBe(2);
    expect(exec.stderr).toContain('validation_failed');
    expect(connectorTypesLoaded(exec.urls)).toEqual([type]);
  });
});
