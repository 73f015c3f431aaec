/**
 * `pnpm bench` (= `pnpm build && tsx bench/run.ts`): runs every benchmark, prints a summary and
 * rewrites the README section between `<!-- bench:start -->` and `<!-- bench:end -->`.
 *
 *   pnpm bench                       # the default set, README updated
 *   pnpm bench -- generation         # one or more by name, printed only (add --write to update the README anyway)
 *   pnpm bench -- --no-readme        # the default set, README left alone
 *   pnpm bench -- search search-cold-start search-fairness   # the opt-in store benchmarks; minutes
 *   pnpm bench -- --all              # the default set plus the opt-in ones, README updated
 *
 * The opt-in benchmarks load a 1.2M-record store once (kept between runs, see
 * bench/lib/search-stores.ts) and take minutes, so a plain `pnpm bench` skips them; their last
 * result is kept in bench/results/<name>.json and the README keeps their rows, dated, until they
 * are run again.
 *
 * Each benchmark runs in its own Node process (so one's heap, JIT state and loaded modules do not
 * colour the next, and generation's cold start really is cold) and hands back its Result as JSON.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, platform, arch } from 'node:os';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT, runProcess, tsxArgs } from './lib/child.js';
import { metLabel, renderMarkdown, writeReadmeSection, type RunInfo } from './lib/readme.js';
import type { Result } from './lib/result.js';
import { ratio } from './lib/stats.js';

const DEFAULT_BENCHMARKS = [
  'generation',
  'request-overhead',
  'iteration',
  'cold-import',
  'hosted-execute',
  'first-start',
  'records-many-types',
  'sync-fairness',
  'mcp-tools-list',
  'mcp-call',
] as const;
/** Slow (they load a 1.2M-record store on their first run, or sync one first): only when named or with --all. */
const OPT_IN_BENCHMARKS = ['search', 'search-cold-start', 'search-fairness', 'execute-during-search'] as const;
const BENCHMARKS = [...DEFAULT_BENCHMARKS, ...OPT_IN_BENCHMARKS] as const;
type Name = (typeof BENCHMARKS)[number];
const MARKER = '@@bench-result@@';
/** Per benchmark; the default set is expected to take about 4 minutes. */
const TIMEOUT_MS = 300_000;
/** A first search run loads PGlite and PostgreSQL with 1.2M records each. */
const TIMEOUTS_MS: Partial<Record<Name, number>> = { search: 3_600_000, 'search-cold-start': 1_800_000, 'search-fairness': 3_600_000 };
const SAVED = join(ROOT, 'bench', 'results');

const argv = process.argv.slice(2).filter((a) => a !== '--');

if (argv[0] === '--child') {
  await runChild(argv[1] as Name);
} else {
  await main();
}

async function runChild(name: Name): Promise<void> {
  if (!BENCHMARKS.includes(name)) throw new Error(`unknown benchmark ${name}`);
  const mod = (await import(pathToFileURL(join(ROOT, 'bench', `${name}.ts`)).href)) as { run: () => Promise<Result> };
  const result = await mod.run();
  process.stdout.write(`${MARKER}${JSON.stringify(result)}\n`);
}

async function main(): Promise<void> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const names = argv.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !BENCHMARKS.includes(n as Name));
  if (unknown.length > 0) {
    console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}`);
    process.exit(2);
  }
  const selected: Name[] =
    names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b)) : flags.has('--all') ? [...BENCHMARKS] : [...DEFAULT_BENCHMARKS];
  const partial = DEFAULT_BENCHMARKS.some((b) => !selected.includes(b));

  const startedAt = new Date();
  const started = performance.now();
  const results: Result[] = [];
  const failures: string[] = [];
  for (const name of selected) {
    console.log(`\n▶ ${name}`);
    const t0 = performance.now();
    try {
      const [command, args] = tsxArgs(join('bench', 'run.ts'), ['--child', name]);
      const out = await runProcess(command, args, { timeoutMs: TIMEOUTS_MS[name] ?? TIMEOUT_MS, inheritStderr: true });
      const line = out.stdout.split('\n').find((l) => l.startsWith(MARKER));
      if (out.code !== 0 || !line)
        throw new Error(`exited with ${out.code ?? out.signal}${out.stdout ? `: ${out.stdout.trim().slice(-500)}` : ''}`);
      const result = JSON.parse(line.slice(MARKER.length)) as Result;
      results.push(result);
      if ((OPT_IN_BENCHMARKS as readonly string[]).includes(name)) saveResult(result, startedAt);
      console.log(`  ${name} done in ${Math.round((performance.now() - t0) / 1000)} s`);
      for (const note of result.notes) console.log(`    ${note}`);
    } catch (error) {
      const message = `${name}: ${(error as Error).message}`;
      failures.push(message);
      console.error(`  ✗ ${message}`);
    }
  }
  const info: RunInfo = {
    date: startedAt.toISOString(),
    node: process.version,
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    platform: `${platform()} ${arch()}`,
    totalMs: performance.now() - started,
  };

  printSummary(results, info, failures);
  // Rows of opt-in benchmarks not run this time: their last saved result, dated.
  for (const name of OPT_IN_BENCHMARKS) {
    if (!selected.includes(name)) {
      const saved = loadResult(name);
      if (saved) results.push(saved);
    }
  }

  const write = flags.has('--write') || (!partial && !flags.has('--no-readme'));
  if (write) {
    const changed = await writeReadmeSection(renderMarkdown(results, info, failures));
    console.log(changed ? '\nREADME.md benchmark section rewritten.' : '\nREADME.md benchmark section unchanged.');
  } else {
    console.log(`\nREADME.md not rewritten (${partial ? 'partial run; add --write to update it anyway' : '--no-readme'}).`);
  }
  if (failures.length > 0) process.exitCode = 1;
}

function printSummary(results: Result[], info: RunInfo, failures: string[]): void {
  const rows = results.flatMap((r) => r.rows);
  const table = [
    ['question', 'figure', 'baseline', 'ratio', 'target', 'met?'],
    ...rows.map((r) => [r.question, r.figure, r.baseline, ratio(r.ratio), r.target, metLabel(r.met).replace(/\*/g, '')]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  console.log(`\nSummary — ${info.date}, Node ${info.node}, ${info.cores} cores (${info.cpu}), ${Math.round(info.totalMs / 1000)} s\n`);
  for (const [i, row] of table.entries()) {
    console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const failure of failures) console.log(`FAILED ${failure}`);
}

function saveResult(result: Result, at: Date): void {
  mkdirSync(SAVED, { recursive: true });
  writeFileSync(join(SAVED, `${result.name}.json`), `${JSON.stringify({ ...result, measuredAt: at.toISOString() }, null, 2)}\n`);
}

/** A saved opt-in result, its methods saying when it was measured. */
function loadResult(name: string): Result | null {
  const file = join(SAVED, `${name}.json`);
  if (!existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Result & { measuredAt: string };
  const when = ` (Measured ${saved.measuredAt} by \`pnpm bench ${name}\`, not in this run.)`;
  return { ...saved, rows: saved.rows.map((row) => ({ ...row, method: `${row.method}${when}` })) };
}
