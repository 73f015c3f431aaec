/**
 * `switchyard serve` turns V8's allocation-site pretenuring off before it starts the service
 * (src/process-tuning.ts says why, the server README has the figures). V8 prints each pretenuring
 * decision under `--trace-pretenuring-statistics`, so the checks read what the process printed: a
 * process that made decisions prints `pretenuring:` lines, one that has the feature off prints none.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from './support/switchyard-cli.js';

const TUNING = fileURLToPath(new URL('../dist/process-tuning.js', import.meta.url));
const TRACE = '--trace-pretenuring-statistics';
const DECISION = /pretenuring:/g;

const dir = mkdtempSync(join(tmpdir(), 'switchyard-process-tuning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process whose one literal's objects all stay alive, which V8 pretenures when it may. */
function keepAlive(tuned: boolean): string {
  const tune = tuned ? `(await import(${JSON.stringify(TUNING)})).tuneServiceProcess();` : '';
  const script = `${tune}
    const kept = [];
    const make = (i) => ({ i, tag: 'kept', list: [i] });
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 100000; i++) kept.push(make(i));
      let junk = 0;
      for (let i = 0; i < 200000; i++) junk += [i, i + 1].length;
    }
    console.log('kept', kept.length);`;
  const result = spawnSync(process.execPath, [TRACE, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain('kept 2000000');
  return result.stdout;
}

describe('the service process without allocation-site pretenuring', () => {
  it('tuneServiceProcess() stops every pretenuring decision that a process would otherwise make', () => {
    // The probe itself: left alone, V8 weighs pretenuring the literal whose objects all survive.
    expect(keepAlive(false).match(DECISION)?.length ?? 0).toBeGreaterThan(0);
    expect(keepAlive(true).match(DECISION) ?? []).toEqual([]);
  });

  it('switchyard serve makes no pretenuring decision once it runs, under load', async () => {
    const child = spawn(process.execPath, [TRACE, BIN, 'serve', '--port', '0', '--data-dir', join(dir, 'data')], {
      // The load below comes from one address, faster than the default rate limit lets it.
      env: cleanEnv({ SWITCHYARD_RATE_LIMIT_MAX: '1000000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      const exited = new Promise((resolve) => child.on('close', resolve));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const listening = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
          if (listening) resolve(listening[1]!);
        });
        void exited.then(() => reject(new Error(`serve exited before listening:\n${out}`)));
      });
      const ready = out.indexOf('listening on');
      // Requests refused at the token check still go through Fastify, the rate limit and the
      // problem writer: 4,000 make several young-generation collections, and without the tuning
      // (seen: the call taken out of the CLI) 4 to 82 decision lines came after this point.
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          for (let i = 0; i < 250; i++) {
            const response = await fetch(`${url}/api/v1/connectors/sources/cn_unknown`, {
              headers: { authorization: 'Bearer not-a-token' },
            });
            expect(response.status).toBe(401);
            await response.text();
          }
        }),
      );
      expect(out.slice(ready).match(DECISION) ?? []).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
