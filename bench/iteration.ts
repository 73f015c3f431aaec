/**
 * Question 3: how fast and how lean is iterating a large list?
 *
 * 100,000 users over 1,000 pages of 100, from a loopback users.list server in this process that
 * generates users lazily from an index (realistic Slack records, ~1.8 KB each; it never holds the
 * 100,000). The client runs in a fresh `node` child (bench/lib/iteration-child.mjs) so the RSS
 * measured is the client's: `for await (const u of connector.users.list({ limit: 100 }))` against
 * the same harness fetching the same pages with bare fetch + JSON.parse. Runs go fetch, connector, connector, fetch (ABBA)
 * so linear drift touches both sides equally.
 */
import { join } from 'node:path';
import { startServer } from '../test/fakes/harness.js';
import { ROOT, runJson } from './lib/child.js';
import type { Result } from './lib/result.js';
import { int, mb, median, ms, progress } from './lib/stats.js';
import { lazyUsersHandler } from './lib/slack-users.js';

const TOTAL = 100_000;
const LIMIT = 100;
const RUNS_EACH = 2;
const TARGET_RSS_MB = 150;

interface ChildReport {
  mode: 'connector' | 'fetch';
  records: number;
  pages: number;
  elapsedMs: number;
  peakRss: number;
  maxRss: number;
  rssBeforeLoop: number;
}

export async function run(): Promise<Result> {
  const server = await startServer(lazyUsersHandler(TOTAL), { record: false });
  const child = join(ROOT, 'bench', 'lib', 'iteration-child.mjs');
  const reports: ChildReport[] = [];
  try {
    // fetch, connector, connector, fetch (ABBA), repeated if RUNS_EACH grows.
    const order: ChildReport['mode'][] = [];
    for (let i = 0; i < RUNS_EACH; i++)
      order.push(...(i % 2 === 0 ? (['fetch', 'connector'] as const) : (['connector', 'fetch'] as const)));
    for (const mode of order) {
      const report = await runJson<ChildReport>(process.execPath, [child, mode, `${server.url}/api`, String(LIMIT), String(TOTAL)], {
        timeoutMs: 120_000,
      });
      reports.push(report);
      progress(
        `iteration: ${mode.padEnd(9)} ${int(report.records)} records in ${ms(report.elapsedMs)}, peak RSS ${mb(report.peakRss)}, maxRSS ${mb(report.maxRss)}`,
      );
    }
  } finally {
    await server.close();
  }

  const side = (mode: ChildReport['mode']) => {
    const runs = reports.filter((r) => r.mode === mode);
    return {
      recordsPerSec: median(runs.map((r) => (r.records / r.elapsedMs) * 1000)),
      // The worst run: a peak is a peak.
      peakRss: Math.max(...runs.map((r) => Math.max(r.peakRss, r.maxRss))),
      sampledPeak: Math.max(...runs.map((r) => r.peakRss)),
      maxRss: Math.max(...runs.map((r) => r.maxRss)),
      rssBeforeLoop: median(runs.map((r) => r.rssBeforeLoop)),
      elapsedMs: median(runs.map((r) => r.elapsedMs)),
      pages: runs[0]?.pages ?? 0,
    };
  };
  const conn = side('connector');
  const bare = side('fetch');
  const peakMb = conn.peakRss / 1024 / 1024;

  return {
    name: 'iteration',
    rows: [
      {
        question: 'Iteration: 100,000 users over 1,000 pages, throughput',
        figure: `${int(conn.recordsPerSec)} records/s (${ms(conn.elapsedMs)})`,
        baseline: `fetch + JSON.parse ${int(bare.recordsPerSec)} records/s`,
        ratio: conn.recordsPerSec / bare.recordsPerSec,
        target: '—',
        met: null,
        method:
          `\`for await (const u of connector.users.list({limit: 100}))\` in a fresh node child against a loopback server (in the parent) generating realistic ~1.8 KB Slack users lazily; ` +
          `baseline = the same child harness following next_cursor with bare fetch + JSON.parse; median of ${RUNS_EACH} runs each in ABBA order.`,
      },
      {
        question: 'Iteration: client peak RSS',
        figure: mb(conn.peakRss),
        baseline: `fetch + JSON.parse ${mb(bare.peakRss)}`,
        ratio: conn.peakRss / bare.peakRss,
        target: `< ${TARGET_RSS_MB} MB`,
        met: peakMb < TARGET_RSS_MB,
        method:
          "The larger of the child's `process.memoryUsage.rss()` sampled every 50 ms and `resourceUsage().maxRSS`, worst of the runs, server excluded (it runs in the parent).",
      },
    ],
    notes: [
      `connector: ${int(conn.recordsPerSec)} records/s, sampled peak ${mb(conn.sampledPeak)}, maxRSS ${mb(conn.maxRss)}, RSS before the loop ${mb(conn.rssBeforeLoop)}`,
      `fetch:     ${int(bare.recordsPerSec)} records/s, sampled peak ${mb(bare.sampledPeak)}, maxRSS ${mb(bare.maxRss)}, RSS before the loop ${mb(bare.rssBeforeLoop)}, ${bare.pages} pages`,
    ],
    data: { connector: conn, fetch: bare, reports },
  };
}
