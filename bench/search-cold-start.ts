/**
 * Cold start with a 1M-record embedded store: a fresh Node process opens the PGlite data
 * directory the search benchmark filled (bench/lib/search-stores.ts; loaded here first when
 * missing), runs migrate(), ensureSearchIndexes() (both no-ops on a current store, as at every
 * service start) and the first search. Measures the store part of a service start: the HTTP
 * shell's own start-up (routes, OpenAPI) is not included.
 */
import { join } from 'node:path';
import { ROOT, runJson, tsxArgs } from './lib/child.js';
import type { Result } from './lib/result.js';
import { prepareStore, pgliteDataDir } from './lib/search-stores.js';
import { ms, progress, summarize } from './lib/stats.js';

const RUNS = 3;

interface ChildReport {
  importMs: number;
  openMs: number;
  migrateMs: number;
  firstSearchMs: number;
  totalMs: number;
  hits: number;
}

export async function run(): Promise<Result> {
  // Load (first run only) and close again: PGlite allows one process per data directory.
  const prepared = await prepareStore('pglite');
  await prepared.engine.close();
  const reports: ChildReport[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [command, args] = tsxArgs(join(ROOT, 'bench', 'lib', 'cold-start-child.ts'), [pgliteDataDir()]);
    reports.push(await runJson<ChildReport>(command, args, { timeoutMs: 300_000 }));
    progress(`cold start ${i + 1}/${RUNS}: ${ms(reports[i]!.totalMs)}`);
  }
  const total = summarize(reports.map((r) => r.totalMs));
  const part = (key: keyof ChildReport) => ms(summarize(reports.map((r) => r[key])).p50);
  return {
    name: 'search-cold-start',
    rows: [
      {
        question: 'Cold start with a 1M-record embedded store: open + migrate + first search',
        figure: `median ${ms(total.p50)} (open ${part('openMs')}, migrate + indexes ${part('migrateMs')}, first search ${part('firstSearchMs')})`,
        baseline: `module load ${part('importMs')}`,
        ratio: null,
        target: '—',
        met: null,
        method:
          `A fresh Node process per run (${RUNS} runs) opens the PGlite data directory holding 1.2M users (fsync on), runs migrate() and ` +
          'ensureSearchIndexes() (no-ops on a current store, as at every start) and one fuzzy search, timed inside the child; module ' +
          "load reported separately; the HTTP shell's own start-up is not included.",
      },
    ],
    notes: reports.map((r, i) => `run ${i + 1}: ${JSON.stringify(r)}`),
    data: { reports },
  };
}
