import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import TimingsReporter from './timings-reporter.js';

const dir = mkdtempSync(join(tmpdir(), 'switchyard-timings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** What the reporter reads of a finished test module. */
function testModule(path: string, collectMs: number, durationMs: number, tests: number): TestModule {
  return {
    moduleId: join('/repo', path),
    diagnostic: () => ({ collectDuration: collectMs, duration: durationMs }),
    children: { allTests: () => Array.from({ length: tests }) },
  } as unknown as TestModule;
}

describe('the timings reporter', () => {
  it('writes each file’s start, end, import and run time, and the run’s wall time and CPU, and prints the slowest', async () => {
    const file = join(dir, 'timings.json');
    vi.stubEnv('SWITCHYARD_TIMINGS_FILE', file);
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => (printed.push(String(text)), true));

    const reporter = new TimingsReporter();
    reporter.onInit({ config: { root: '/repo' } });
    reporter.onTestRunStart();
    const slow = testModule('test/slow.test.ts', 1_500, 2_000, 3);
    const quick = testModule('test/quick.test.ts', 10, 20, 1);
    reporter.onTestModuleStart(slow);
    reporter.onTestModuleStart(quick);
    reporter.onTestModuleEnd(quick);
    // Burn a little CPU so the run's CPU seconds are measurable where /proc exists.
    const before = process.cpuUsage();
    while (process.cpuUsage(before).user < 200_000);
    reporter.onTestModuleEnd(slow);
    reporter.onTestRunEnd();

    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      summary: { wall: number; cpu?: number; filesAtOnce: number };
      files: { file: string; start: number; end: number; collect: number; run: number; tests: number }[];
    };
    expect(written.files.map(({ file, collect, run, tests }) => ({ file, collect, run, tests }))).toEqual([
      { file: 'test/quick.test.ts', collect: 0.01, run: 0.02, tests: 1 },
      { file: 'test/slow.test.ts', collect: 1.5, run: 2, tests: 3 },
    ]);
    const slowFile = written.files[1]!;
    expect(slowFile.end - slowFile.start).toBeGreaterThanOrEqual(0.05);
    expect(written.summary.wall).toBeGreaterThanOrEqual(slowFile.end - 0.001);
    if (process.platform === 'linux') expect(written.summary.cpu).toBeGreaterThan(0);
    // Slowest first in what it prints.
    const text = printed.join('');
    expect(text).toContain('Timings: ');
    expect(text.indexOf('test/slow.test.ts')).toBeLessThan(text.indexOf('test/quick.test.ts'));
  });
});
