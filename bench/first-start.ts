/**
 * A service's first start: `switchyard serve` on a data directory that does not exist yet, from
 * spawn to `GET /readyz` answering (the embedded store created from the empty data directory the
 * package ships, migrated, the key file written), against the same service restarted on the
 * directory it just made (the store opened as it is). Alternating, each first start in a new
 * directory; the medians and their ratio. The figure a new user meets at `switchyard serve`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from './lib/result.js';
import { serviceColdStart } from './lib/service-cold-start.js';
import { median, ms, progress } from './lib/stats.js';

const RUNS = 5;

export async function run(): Promise<Result> {
  const first: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const parent = await mkdtemp(join(tmpdir(), 'switchyard-bench-first-start-'));
    try {
      const dataDir = join(parent, 'data');
      first.push((await serviceColdStart(dataDir, 120_000)).readyMs);
      restart.push((await serviceColdStart(dataDir, 120_000)).readyMs);
      progress(`run ${i + 1}/${RUNS}: first ${ms(first.at(-1)!)}, restart ${ms(restart.at(-1)!)}`);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  }
  const firstMs = median(first);
  const restartMs = median(restart);
  return {
    name: 'first-start',
    rows: [
      {
        question: 'First start: `switchyard serve` on a new data directory vs a restart on it, spawn to ready',
        figure: `first start ${ms(firstMs)}`,
        baseline: `restart ${ms(restartMs)}`,
        ratio: firstMs / restartMs,
        target: '—',
        met: null,
        method:
          `${RUNS} pairs, median: a fresh process each time, timed from spawn to GET /readyz answering 200; the first start creates ` +
          'the embedded store from the empty data directory the package ships (no initdb), migrates it and writes the key file.',
      },
    ],
    notes: [`first starts ${first.map((v) => ms(v)).join(', ')}; restarts ${restart.map((v) => ms(v)).join(', ')}`],
    data: { first, restart },
  };
}
