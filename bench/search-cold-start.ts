/**
 * Cold start with a 1M-record embedded store: a fresh Node process opens the PGlite data
 * directory the search benchmark filled (bench/lib/search-stores.ts; loaded here first when
 * missing), runs migrate(), ensureSearchIndexes() (both no-ops on a current store, as at every
 * service start) and the first search: the store part of a service start. Then the whole
 * service, as an operator starts it (`switchyard serve` on that store, until /readyz answers).
 */
import { join } from 'node:path';
import { ROOT, runJson, tsxArgs } from './lib/child.js';
import type { Result } from './lib/result.js';
import { prepareStore, pgliteDataDir, serviceDataDir } from './lib/search-stores.js';
import { serviceColdStart, type ServiceColdStart } from './lib/service-cold-start.js';
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
  // The service's own tables and every catalog entity's indexes are created on its first start
  // over this store (index builds scan the 1.2M rows once); that start is not measured.
  const dataDir = serviceDataDir();
  progress('service: first start (creates its tables and indexes; not measured)');
  await serviceColdStart(dataDir);
  const starts: ServiceColdStart[] = [];
  for (let i = 0; i < RUNS; i++) {
    starts.push(await serviceColdStart(dataDir));
    progress(`service cold start ${i + 1}/${RUNS}: ready in ${ms(starts[i]!.readyMs)}`);
  }
  const ready = summarize(starts.map((s) => s.readyMs));
  const listening = summarize(starts.map((s) => s.listeningMs));
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
          'load reported separately.',
      },
      {
        question: 'Cold start of the service (`switchyard serve`) with a 1M-record embedded store: spawn → /readyz 200',
        figure: `median ${ms(ready.p50)} (listening after ${ms(listening.p50)})`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        method:
          `\`node packages/server/bin/switchyard.js serve --data-dir <dir> --port 0\` in a fresh process (${RUNS} runs after one unmeasured ` +
          "first start that creates the service tables and every entity's indexes), the data directory's store being the same 1.2M-record " +
          'PGlite store; timed from spawn to the `listening on` line and to the first `GET /readyz` answering 200.',
      },
    ],
    notes: [
      ...reports.map((r, i) => `run ${i + 1}: ${JSON.stringify(r)}`),
      ...starts.map((s, i) => `service start ${i + 1}: ${JSON.stringify(s)}`),
    ],
    data: { reports, starts },
  };
}
