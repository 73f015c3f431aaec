/**
 * Tenant A of the fairness benchmark, in a process of its own so that reading its large answers
 * does not delay the timing of tenant B's requests in the benchmark process: `workers` loops, each
 * sending one search at a time (the next as soon as the last answer has been read), the searches
 * rotating over the given params. Prints `{"ready": true}` once started; when its stdin closes it
 * stops and prints what it did: requests, statuses, p50 and p99 of its own latencies.
 *
 *   node --import tsx bench/lib/fairness-load.ts '<json: {url, connectorId, token, workers, searches}>'
 */
import { percentile } from './stats.js';

interface LoadPlan {
  url: string;
  connectorId: string;
  token: string;
  workers: number;
  searches: Record<string, unknown>[];
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const endpoint = `${plan.url}/api/v1/connectors/sources/${plan.connectorId}/execute`;
let stopping = false;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let hits = 0;

async function worker(offset: number): Promise<void> {
  for (let i = offset; !stopping; i += plan.workers) {
    const params = plan.searches[i % plan.searches.length]!;
    const t0 = performance.now();
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${plan.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entity: 'users', action: 'search', params }),
    });
    const text = await response.text();
    latencies.push(performance.now() - t0);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 200) hits += (JSON.parse(text) as { hits: unknown[] }).hits.length;
    else if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const running = Array.from({ length: plan.workers }, (_, i) => worker(i));
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  stopping = true;
  void Promise.all(running).then(() => {
    process.stdout.write(
      `${JSON.stringify({ requests: latencies.length, statuses, hits, p50: percentile(latencies, 50), p99: percentile(latencies, 99) })}\n`,
    );
    process.exit(0);
  });
});
