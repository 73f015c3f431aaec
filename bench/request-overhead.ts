/**
 * Question 2: what does the connector add to one request, compared with a bare fetch of the same
 * URL on the same server?
 *
 * A users.list server in its own process answers every request with the same ~1 KB page. This
 * process alternates batches of `connector.execute('users', 'list', { limit })` (validation,
 * request building, auth, retry bookkeeping, body checks, record and meta extraction) and
 * `await (await fetch(url, { headers })).json()` with the headers the connector sends, one request
 * at a time, and times every request.
 */
import { MessagingConnector } from '@switchyard/connector-messaging';
import { startLongLived, tsxArgs } from './lib/child.js';
import type { Result } from './lib/result.js';
import { median, ms, progress, summarize } from './lib/stats.js';

const TOKEN = 'xoxb-bench-token';
const WARMUP_EACH = 400;
const BATCHES = 120; // 60 pairs A/B, order alternating
const BATCH_SIZE = 50;
const TARGET_RATIO = 1.1;

export async function run(): Promise<Result> {
  const [command, args] = tsxArgs('bench/lib/page-server.ts', ['small', '1024']);
  const server = await startLongLived(command, args);
  try {
    const count = server.hello['count'] as number;
    const bytes = server.hello['bytes'] as number;
    const base = `${server.hello['url'] as string}/api`;
    const url = `${base}/users.list?limit=${count}`;
    const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
    const connector = new MessagingConnector({ auth: { api_token: TOKEN }, baseUrl: base });

    const viaConnector = async () => {
      const page = await connector.execute('users', 'list', { limit: count });
      return page.data.length;
    };
    const viaFetch = async () => {
      const body = (await (await fetch(url, { headers })).json()) as { members: unknown[] };
      return body.members.length;
    };

    // Both must see the same page.
    const [a, b] = [await viaConnector(), await viaFetch()];
    if (a !== count || b !== count) throw new Error(`expected ${count} records from both, got connector ${a}, fetch ${b}`);

    const timeBatch = async (fn: () => Promise<number>, n: number, into: number[] | null) => {
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await fn();
        into?.push(performance.now() - started);
      }
    };

    for (let i = 0; i < WARMUP_EACH / BATCH_SIZE; i++) {
      await timeBatch(viaFetch, BATCH_SIZE, null);
      await timeBatch(viaConnector, BATCH_SIZE, null);
    }

    const connectorTimes: number[] = [];
    const fetchTimes: number[] = [];
    const pairRatios: number[] = [];
    const started = performance.now();
    for (let batch = 0; batch < BATCHES; batch += 2) {
      const c: number[] = [];
      const f: number[] = [];
      // ABBA across pairs: A first in even pairs, B first in odd ones.
      if ((batch / 2) % 2 === 0) {
        await timeBatch(viaConnector, BATCH_SIZE, c);
        await timeBatch(viaFetch, BATCH_SIZE, f);
      } else {
        await timeBatch(viaFetch, BATCH_SIZE, f);
        await timeBatch(viaConnector, BATCH_SIZE, c);
      }
      connectorTimes.push(...c);
      fetchTimes.push(...f);
      pairRatios.push(median(c) / median(f));
    }
    const wallMs = performance.now() - started;
    progress(`request-overhead: ${connectorTimes.length} + ${fetchTimes.length} requests in ${ms(wallMs)}`);

    const conn = summarize(connectorTimes);
    const bare = summarize(fetchTimes);
    const ratio = conn.p50 / bare.p50;
    const each = connectorTimes.length;
    return {
      name: 'request-overhead',
      rows: [
        {
          question: "Request overhead: execute('users','list') vs bare fetch, p50",
          figure: `p50 ${ms(conn.p50)}, p95 ${ms(conn.p95)}`,
          baseline: `fetch p50 ${ms(bare.p50)}, p95 ${ms(bare.p95)}`,
          ratio,
          target: `p50 ratio ≤ ${TARGET_RATIO.toFixed(2)}`,
          met: ratio <= TARGET_RATIO,
          method:
            `${each.toLocaleString('en-US')} sequential requests each after ${WARMUP_EACH} warm-up, in alternating batches of ${BATCH_SIZE} (ABBA order), ` +
            `against a ${bytes} B users.list page served by a loopback server in another process; baseline = \`await (await fetch(url, {headers})).json()\` on the same URL and headers.`,
        },
      ],
      notes: [
        `page: ${count} users, ${bytes} bytes; ${each} requests per side in ${ms(wallMs)}`,
        `connector: min ${ms(conn.min)}, p50 ${ms(conn.p50)}, p95 ${ms(conn.p95)}, max ${ms(conn.max)}`,
        `fetch:     min ${ms(bare.min)}, p50 ${ms(bare.p50)}, p95 ${ms(bare.p95)}, max ${ms(bare.max)}`,
        `p95 ratio ${(conn.p95 / bare.p95).toFixed(2)}; median of per-pair p50 ratios ${median(pairRatios).toFixed(2)}; ` +
          `p50 difference ${ms(conn.p50 - bare.p50)} per request`,
      ],
      data: { connector: conn, fetch: bare, ratio, pairRatios, bytes, count },
    };
  } finally {
    await server.stop();
  }
}
