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

/** A reporter whose run has started, writing its JSON to `file` (none for ''), and what it prints. */
function startedReporter(file: string): { reporter: TimingsReporter; printed: () => string } {
  vi.stubEnv('SWITCHYARD_TIMINGS_FILE', file);
  const printed: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => (printed.push(String(text)), true));
  const reporter = new TimingsReporter();
  reporter.onInit({ config: { root: '/repo' } });
  reporter.onTestRunStart();
  return { reporter, printed: () => printed.join('') };
}

/** Keeps this thread busy for `ms` of user CPU, so the CPU the reporter reads from /proc moves. */
function burnCpu(ms: number): void {
  const before = process.cpuUsage();
  while (process.cpuUsage(before).user < ms * 1000);
}

describe('the timings reporter', () => {
  it('writes each file’s start, end, import and run time, and the run’s wall time and CPU, and prints the slowest', async () => {
    const file = join(dir, 'timings.json');
    const { reporter, printed } = startedReporter(file);
    const slow = testModule('test/slow.test.ts', 1_500, 2_000, 3);
    const quick = testModule('test/quick.test.ts', 10, 20, 1);
    reporter.onTestModuleStart(slow);
    reporter.onTestModuleStart(quick);
    reporter.onTestModuleEnd(quick);
    // Burn a little CPU so the run's CPU seconds are measurable where /proc exists.
    burnCpu(200);
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
    const text = printed();
    expect(text).toContain('Timings: ');
    expect(text.indexOf('test/slow.test.ts')).toBeLessThan(text.indexOf('test/quick.test.ts'));
  });
});

describe('the timings reporter, files one at a time', () => {
  it('gives each file the CPU the run used while it ran, and lists the files that used the most', () => {
    const file = join(dir, 'one-at-a-time.json');
    const { reporter, printed } = startedReporter(file);
    const light = testModule('test/light.test.ts', 1, 1, 1);
    const heavy = testModule('test/heavy.test.ts', 1, 1, 1);
    reporter.onTestModuleStart(light);
    reporter.onTestModuleEnd(light);
    reporter.onTestModuleStart(heavy);
    // A type test reported with no duration while another file runs does not count as overlapping,
    // even when the reporter's clock sees time pass between its start and end (a loaded machine).
    const types = testModule('test/types.test-d.ts', 0, 0, 1);
    reporter.onTestModuleStart(types);
    burnCpu(5);
    reporter.onTestModuleEnd(types);
    burnCpu(300);
    reporter.onTestModuleEnd(heavy);
    reporter.onTestRunEnd();

    const text = printed();
    if (process.platform !== 'linux') return expect(text).not.toContain('used the most CPU');
    const files = (JSON.parse(readFileSync(file, 'utf8')) as { files: { file: string; cpu: number }[] }).files;
    const cpu = Object.fromEntries(files.map((f) => [f.file, f.cpu]));
    expect(cpu['test/heavy.test.ts']).toBeGreaterThanOrEqual(0.2);
    expect(cpu['test/light.test.ts']).toBeLessThan(cpu['test/heavy.test.ts']!);
    const list = text.slice(text.indexOf('Files that used the most CPU'));
    expect(list).not.toBe('');
    expect(list.indexOf('test/heavy.test.ts')).toBeLessThan(list.indexOf('test/light.test.ts'));
  });

  it('lists no per-file CPU when files overlapped (each figure would include the others)', () => {
    const { reporter, printed } = startedReporter('');
    const a = testModule('test/a.test.ts', 1, 1, 1);
    const b = testModule('test/b.test.ts', 1, 1, 1);
    reporter.onTestModuleStart(a);
    reporter.onTestModuleStart(b);
    burnCpu(20);
    reporter.onTestModuleEnd(a);
    reporter.onTestModuleEnd(b);
    reporter.onTestRunEnd();
    expect(printed()).toContain('Timings: ');
    expect(printed()).not.toContain('used the most CPU');
  });
});
