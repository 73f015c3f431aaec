/**
 * A logger may say which levels it writes (`isLevelEnabled`): the runtime then builds and redacts
 * no fields for a level it would drop. The execution service relies on it: its executors send a
 * debug line per vendor request, which at the default `info` level used to be built, redacted and
 * thrown away on every execute.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger, LogLevel } from '@switchyard/runtime';
import { HttpClient, Redactor } from '@switchyard/runtime/internal';
import { FAST_RETRY } from './helpers.js';
import { loopback, type Loopback } from './loopback.js';

const servers: Loopback[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Answers 503 once, then 200: one retry, so a `warn` line is logged besides the debug ones. */
async function flaky(): Promise<Loopback> {
  let calls = 0;
  const server = await loopback((_req, res: ServerResponse) => {
    res.writeHead(calls++ === 0 ? 503 : 200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  servers.push(server);
  return server;
}

function recording(enabled: (level: LogLevel) => boolean | undefined) {
  const lines: [LogLevel, string][] = [];
  const sink = (level: LogLevel) => (message: string) => void lines.push([level, message]);
  const logger: Logger = { debug: sink('debug'), info: sink('info'), warn: sink('warn'), error: sink('error') };
  const withLevels: Logger = { ...logger, isLevelEnabled: (level) => enabled(level) ?? true };
  return { logger: withLevels, lines };
}

/** How often the redactor ran, and on how many debug lines' fields (request: url and headers; response: durationMs). */
async function send(logger: Logger): Promise<{ redactions: number; debugFields: number }> {
  const server = await flaky();
  const redactor = new Redactor();
  const value = vi.spyOn(redactor, 'value');
  const headers = vi.spyOn(redactor, 'headers');
  const http = new HttpClient({ redactor, logger, retry: FAST_RETRY });
  await http.send({
    operation: 'test items.list',
    method: 'GET',
    url: `${server.url}/items`,
    idempotent: true,
    auth: null,
    responseType: 'json',
  });
  const debugFields =
    headers.mock.calls.length +
    value.mock.calls.filter(([fields]) => typeof fields === 'object' && fields !== null && ('url' in fields || 'durationMs' in fields))
      .length;
  return { redactions: value.mock.calls.length + headers.mock.calls.length, debugFields };
}

describe('log levels the logger does not write', () => {
  it('all levels on: request and response debug lines and the retry warning are written', async () => {
    const { logger, lines } = recording(() => true);
    await send(logger);
    expect(lines.filter(([level]) => level === 'debug').map(([, m]) => m)).toEqual([
      '[switchyard] request',
      '[switchyard] response',
      '[switchyard] request',
      '[switchyard] response',
    ]);
    expect(lines.filter(([level]) => level === 'warn').map(([, m]) => m)).toEqual(['[switchyard] retrying']);
  });

  it('debug off: no debug line, and their fields are never built or redacted; the warning still is', async () => {
    const { logger, lines } = recording((level) => level !== 'debug');
    const { redactions, debugFields } = await send(logger);
    expect(lines.map(([level, m]) => `${level} ${m}`)).toEqual(['warn [switchyard] retrying']);
    // Only the warning's fields went through the redactor.
    expect(redactions).toBeGreaterThan(0);
    expect(debugFields).toBe(0);
    // (With debug on, the same call redacts four debug lines' fields: the count above can see them.)
    expect((await send(recording(() => true).logger)).debugFields).toBe(6);
  });

  it('every level off: nothing is written or redacted', async () => {
    const { logger, lines } = recording(() => false);
    expect((await send(logger)).redactions).toBe(0);
    expect(lines).toEqual([]);
  });

  it('a logger without isLevelEnabled writes every level it has a method for (console-like loggers)', async () => {
    const lines: string[] = [];
    await send({ debug: (m) => void lines.push(`debug ${m}`), warn: (m) => void lines.push(`warn ${m}`) });
    expect(lines).toContain('debug [switchyard] request');
    expect(lines).toContain('warn [switchyard] retrying');
  });
});
