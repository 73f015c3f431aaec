/**
 * Question 4: what does a connector cost to load and to install?
 *
 * Cold import: a fresh `node` process per run imports the package by name and times
 * `await import(...)` with performance.now() inside the child (process start-up excluded). The
 * baseline is the same child importing `node:http` + `node:url`. Targets are visited round-robin,
 * rotating the order each round, so drift (page cache, CPU frequency) touches them all.
 *
 * The CLI's start: the `switchyard` bin run to its exit, timed from the parent (Node's own start
 * included), for a command that names one type (it imports that connector package alone) against
 * one that lists every type (every package imported), with `node -e 0` beside them; the same
 * round-robin.
 *
 * Installed size: `npm pack --dry-run --json` of each package gives the unpacked size of what npm
 * would install (dist with .d.ts and source maps, README, package.json).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runJson, runProcess } from './lib/child.js';
import type { Result, Row } from './lib/result.js';
import { kb, ms, progress, ratio, summarize } from './lib/stats.js';

const RUNS = 15;
const TARGET_MS = 100;
/** Every connector: one per spec in specs/ (a new connector is measured without editing this file). */
const CONNECTORS = readdirSync(join(ROOT, 'specs'))
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''))
  .sort();

interface Target {
  label: string;
  imports: string[];
}

const BASELINE: Target = { label: 'node:http + node:url', imports: ['node:http', 'node:url'] };
const TARGETS: Target[] = [
  BASELINE,
  { label: '@switchyard/runtime', imports: ['@switchyard/runtime'] },
  // What the `switchyard` bin's short commands import (describe, exec, connectors, …) against the
  // package's main entry, which adds the MCP SDK's server (packages/mcp/README.md, "The CLI's start").
  { label: '@switchyard/mcp/cli', imports: ['@switchyard/mcp/cli'] },
  { label: '@switchyard/mcp', imports: ['@switchyard/mcp'] },
  ...CONNECTORS.map((c) => ({ label: `@switchyard/connector-${c}`, imports: [`@switchyard/connector-${c}`] })),
];

const BIN = join(ROOT, 'packages', 'server', 'bin', 'switchyard.js');
/** The last type: a command naming it imports one package, wherever it sorts. */
const ONE_TYPE = CONNECTORS.at(-1)!;
const CLI_TARGETS: { label: string; args: string[] }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: `switchyard describe ${ONE_TYPE} --json`, args: [BIN, 'describe', ONE_TYPE, '--json'] },
  { label: 'switchyard describe --json', args: [BIN, 'describe', '--json'] },
];

// Runs inside the child: bare specifiers resolve from the working directory (the repository root).
const CHILD = `
const imports = JSON.parse(process.env.BENCH_IMPORTS);
const bootMs = performance.now();
const started = performance.now();
let exported = 0;
for (const specifier of imports) exported += Object.keys(await import(specifier)).length;
const importMs = performance.now() - started;
process.stdout.write(JSON.stringify({ importMs, bootMs, exported }) + '\\n');
`;

interface ChildReport {
  importMs: number;
  bootMs: number;
  exported: number;
}

interface PackInfo {
  name: string;
  unpackedSize: number;
  size: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

export async function run(): Promise<Result> {
  const samples = new Map<string, number[]>(TARGETS.map((t) => [t.label, []]));
  const boot: number[] = [];
  for (let round = 0; round < RUNS; round++) {
    const rotated = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
    for (const target of rotated) {
      const report = await runJson<ChildReport>(process.execPath, ['--input-type=module', '-e', CHILD], {
        env: { ...process.env, BENCH_IMPORTS: JSON.stringify(target.imports) },
        timeoutMs: 30_000,
      });
      if (report.exported === 0) throw new Error(`${target.label} exported nothing`);
      samples.get(target.label)!.push(report.importMs);
      boot.push(report.bootMs);
    }
  }
  progress(`cold-import: ${RUNS} runs × ${TARGETS.length} targets done`);

  const cliSamples = new Map<string, number[]>(CLI_TARGETS.map((t) => [t.label, []]));
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < CLI_TARGETS.length; i++) {
      const target = CLI_TARGETS[(i + round) % CLI_TARGETS.length]!;
      const result = await runProcess(process.execPath, target.args, { timeoutMs: 30_000 });
      if (result.code !== 0) throw new Error(`${target.label} failed (exit ${result.code}): ${result.stderr.slice(-500)}`);
      cliSamples.get(target.label)!.push(result.wallMs);
    }
  }
  progress(`cold-import: ${RUNS} runs × ${CLI_TARGETS.length} CLI starts done`);

  const stat = (label: string) => summarize(samples.get(label)!);
  const base = stat(BASELINE.label);
  const runtime = stat('@switchyard/runtime');

  const rows: Row[] = CONNECTORS.map((c) => {
    const s = stat(`@switchyard/connector-${c}`);
    return {
      question: `Cold import: @switchyard/connector-${c}`,
      figure: `median ${ms(s.p50)} (p95 ${ms(s.p95)})`,
      baseline: `node:http + node:url ${ms(base.p50)}`,
      ratio: s.p50 / base.p50,
      target: `< ${TARGET_MS} ms`,
      met: s.p50 < TARGET_MS,
      method: `\`await import()\` by package name timed with performance.now() inside a fresh \`node\` process, median of ${RUNS} runs; baseline = the same child importing node:http + node:url, runs interleaved round-robin.`,
    };
  });

  const cliEntry = stat('@switchyard/mcp/cli');
  const mcpMain = stat('@switchyard/mcp');
  rows.push({
    question: "Cold import: the CLI's commands (@switchyard/mcp/cli) vs the package's main entry",
    figure: `median ${ms(cliEntry.p50)} (p95 ${ms(cliEntry.p95)})`,
    baseline: `@switchyard/mcp ${ms(mcpMain.p50)}`,
    ratio: cliEntry.p50 / mcpMain.p50,
    target: '—',
    met: null,
    method: `As above; the main entry adds the MCP SDK's server, which \`switchyard mcp\` alone loads, when it starts serving.`,
  });

  const cliStat = (index: number) => summarize(cliSamples.get(CLI_TARGETS[index]!.label)!);
  const [bare, oneType, everyType] = [cliStat(0), cliStat(1), cliStat(2)];
  rows.push({
    question: "The CLI's start: a command naming one type vs one listing every type",
    figure: `\`describe ${ONE_TYPE}\` median ${ms(oneType.p50)} (p95 ${ms(oneType.p95)})`,
    baseline: `\`describe\` (all ${CONNECTORS.length}) ${ms(everyType.p50)}`,
    ratio: oneType.p50 / everyType.p50,
    target: '—',
    met: null,
    method: `The \`switchyard\` bin run to its exit from a parent process (Node's own start included: \`node -e 0\` ${ms(bare.p50)}), median of ${RUNS} runs each, round-robin; a command imports only the connector packages it names (packages/mcp/README.md, "The CLI's start").`,
  });

  // Installed size.
  const packs = new Map<string, PackInfo>();
  for (const dir of ['runtime', ...CONNECTORS.map((c) => `connector-${c}`)]) {
    const result = await runProcess('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: join(ROOT, 'packages', dir),
      timeoutMs: 60_000,
    });
    if (result.code !== 0) throw new Error(`npm pack in packages/${dir} failed: ${result.stderr.slice(-500)}`);
    const start = result.stdout.indexOf('[');
    const info = (JSON.parse(result.stdout.slice(start)) as PackInfo[])[0]!;
    packs.set(dir, info);
  }
  const rt = packs.get('runtime')!;
  const jsBytes = (p: PackInfo) => p.files.filter((f) => f.path.endsWith('.js')).reduce((t, f) => t + f.size, 0);
  const total = (c: string) => rt.unpackedSize + packs.get(`connector-${c}`)!.unpackedSize;
  const msg = packs.get('connector-messaging')!;
  rows.push({
    question: 'Installed size: runtime + one connector (unpacked)',
    figure: `runtime + messaging ${kb(total('messaging'))} (issue-tracker ${kb(total('issue-tracker'))}, recruiting ${kb(total('recruiting'))})`,
    baseline: `runtime alone ${kb(rt.unpackedSize)}`,
    ratio: total('messaging') / rt.unpackedSize,
    target: '—',
    met: null,
    method:
      '`npm pack --dry-run --json` of each package: unpacked size of the files npm would install (dist JS, .d.ts, source maps, README, package.json), dependencies excluded.',
  });

  const notes = [
    `node start-up before the import (in the child): median ${ms(summarize(boot).p50)}`,
    ...TARGETS.map((t) => {
      const s = stat(t.label);
      return `${t.label.padEnd(38)} median ${ms(s.p50)}, p95 ${ms(s.p95)}, min ${ms(s.min)} (${ratio(s.p50 / base.p50)} baseline)`;
    }),
    `runtime alone: median ${ms(runtime.p50)} of every connector's import`,
    ...CLI_TARGETS.map((t, index) => {
      const s = cliStat(index);
      return `${t.label.padEnd(38)} process median ${ms(s.p50)}, p95 ${ms(s.p95)}, min ${ms(s.min)}`;
    }),
    ...[...packs].map(
      ([dir, p]) => `${dir.padEnd(24)} unpacked ${kb(p.unpackedSize)} (JS ${kb(jsBytes(p))}), tarball ${kb(p.size)}, ${p.entryCount} files`,
    ),
  ];

  return {
    name: 'cold-import',
    rows,
    notes,
    data: {
      imports: Object.fromEntries(TARGETS.map((t) => [t.label, stat(t.label)])),
      sizes: Object.fromEntries([...packs].map(([dir, p]) => [dir, { unpacked: p.unpackedSize, tarball: p.size, js: jsBytes(p) }])),
      messagingUnpacked: msg.unpackedSize,
    },
  };
}
