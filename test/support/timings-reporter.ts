/**
 * A vitest reporter that says where a run's time went: per test file, the wall time from the moment
 * a worker picked it up to its end, split into importing it (collect) and running its tests and
 * hooks; and for the run, its wall time, the CPU seconds it used (this process, its worker threads
 * and every child process they started and waited for: the CLI, pnpm, tsc) and how many files ran
 * at once on average. Add it beside another reporter:
 *
 *     pnpm exec vitest run --reporter=default --reporter=./test/support/timings-reporter.ts
 *
 * It prints the slowest files at the end, and writes every file's figures as JSON to
 * SWITCHYARD_TIMINGS_FILE when that is set. CONTRIBUTING.md ("Run the tests") has the figures of a
 * measured run. CPU comes from /proc (Linux); elsewhere it is left out.
 *
 * Each file's CPU seconds are what the run used from its start to its end; vitest starts a file's
 * clock once it has imported it, so importing is not in it. That is the file's own only when files
 * run one at a time (`SWITCHYARD_TEST_WORKERS=1`); the reporter then also prints the files that
 * used the most. With several at once a file's figure includes what the others used meanwhile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTiming {
  file: string;
  /** Seconds after the run started when a worker began and finished the file. */
  start: number;
  end: number;
  /** Importing the file (and what it imports), running its suite callbacks. */
  collect: number;
  /** Its tests and hooks. */
  run: number;
  tests: number;
  /** CPU seconds the run used from the file's start to its end (see above); absent without /proc. */
  cpu?: number;
}

/** utime + stime + cutime + cstime of this process, in seconds: undefined where /proc is absent. */
function cpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) start at state, the 3rd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    // USER_HZ is 100 on every Linux that runs Node.
    return ticks / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds since `start` (a cpuSeconds() reading), to `decimals` places; undefined without /proc. */
function cpuSince(start: number | undefined, decimals: number): number | undefined {
  const now = cpuSeconds();
  if (now === undefined || start === undefined) return undefined;
  const scale = 10 ** decimals;
  return Math.round((now - start) * scale) / scale;
}

const seconds = (ms: number) => Math.round(ms) / 1000;

export default class TimingsReporter implements Reporter {
  private root = process.cwd();
  private runStart = 0;
  private cpuStart: number | undefined;
  private readonly started = new Map<string, { at: number; cpu: number | undefined }>();
  private readonly files: FileTiming[] = [];

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(): void {
    this.runStart = performance.now();
    this.cpuStart = cpuSeconds();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, { at: performance.now(), cpu: cpuSeconds() });
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now();
    const started = this.started.get(module.moduleId);
    const cpu = cpuSince(started?.cpu, 2);
    const diagnostic = module.diagnostic();
    this.files.push({
      file: relative(this.root, module.moduleId),
      start: seconds((started?.at ?? end) - this.runStart),
      end: seconds(end - this.runStart),
      collect: seconds(diagnostic.collectDuration),
      run: seconds(diagnostic.duration),
      tests: [...module.children.allTests()].length,
      ...(cpu !== undefined ? { cpu } : {}),
    });
  }

  onTestRunEnd(): void {
    const wall = seconds(performance.now() - this.runStart);
    const cpu = cpuSince(this.cpuStart, 1);
    const busy = this.files.reduce((sum, f) => sum + (f.end - f.start), 0);
    const [load1] = readLoad();
    const summary = { wall, cpu, fileSeconds: Math.round(busy), filesAtOnce: wall > 0 ? Math.round((busy / wall) * 10) / 10 : 0, load1 };
    const file = process.env['SWITCHYARD_TIMINGS_FILE'];
    if (file) writeFileSync(file, `${JSON.stringify({ summary, files: this.files }, null, 1)}\n`);
    const slowest = [...this.files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 15);
    const lines = slowest.map(
      (f) => `  ${(f.end - f.start).toFixed(1).padStart(6)} s  ${f.file}  (import ${f.collect.toFixed(1)} s, from ${f.start.toFixed(0)} s)`,
    );
    const cpuText = cpu === undefined ? '' : `, ${cpu} CPU s (${(cpu / wall).toFixed(2)} cores)`;
    process.stdout.write(
      `\nTimings: ${wall} s wall${cpuText}, ${summary.filesAtOnce} files at once on average, load ${load1 ?? '?'} at the end. Slowest files:\n${lines.join('\n')}\n`,
    );
    if (oneAtATime(this.files)) {
      const most = [...this.files].sort((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0)).slice(0, 15);
      const cpuLines = most.map((f) => `  ${(f.cpu ?? 0).toFixed(1).padStart(6)} CPU s  ${f.file}  (${(f.end - f.start).toFixed(1)} s)`);
      process.stdout.write(
        `Files that used the most CPU (one file at a time, so each figure is the file's own):\n${cpuLines.join('\n')}\n`,
      );
    }
  }
}

/**
 * Whether no two files overlapped in time, so each file's CPU figure is its own. Files reported with
 * no duration (the type tests, which tsc checks in one go) cannot overlap anything.
 */
function oneAtATime(files: readonly FileTiming[]): boolean {
  if (files.length === 0 || files[0]!.cpu === undefined) return false;
  // A file vitest reports no run time for (a type test: tsc checks those alongside) overlaps
  // nothing, however long the reporter's own clock saw between its start and end (a loaded machine
  // put 2 ms there, and the run was taken for one with files at once).
  const byStart = files.filter((f) => f.run > 0 && f.end - f.start > 0.001).sort((a, b) => a.start - b.start);
  return byStart.every((f, i) => i === 0 || f.start >= byStart[i - 1]!.end - 0.001);
}

function readLoad(): (number | undefined)[] {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  } catch {
    return [undefined];
  }
}
